/**
 * Hand-built MSK records and events for a handler's tests: the shape Lambda hands a function
 * (base64 key and value, headers as one-entry objects of byte arrays, records keyed
 * `<topic>-<partition>`), with the envelope's headers by default and room for malformed input.
 */

import { randomUUID } from 'node:crypto';
import type { MSKEvent, MSKRecord } from 'aws-lambda';
import { ulid } from 'ulid';
import { LOCAL_CLUSTER, parsePartitionId } from '../emulator/index.ts';
import {
  CORRELATION_ID_HEADER,
  type DeclarativeEventIdSource,
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  formatPosition,
  partitionId,
} from '../lib/contract.ts';
import type { KafkaBatchResponse } from '../lib/index.ts';

/** One record to build. Only `offset` is required. */
export interface RecordSpec {
  /** @default 'orders' */
  topic?: string;
  /** @default 0 */
  partition?: number;
  offset: number;
  /**
   * The event id, put where `idSource` reads it (by default the Event-Id header); `null` leaves it
   * out. @default a new ULID (a new UUID with format `uuid`)
   */
  eventId?: string | null;
  /**
   * Where the handler reads the id (its `eventId` option, or `EnvVar.eventIdSource`): the id goes
   * into that header, the `ce_id` header (`cloudevents`), the JSON event's `id` (`cloudevents` with
   * `cloudEventsMode: 'structured'`), or the record key (`key`); nothing for `position`. With a
   * source other than the default, no Event-Id header is sent. @default the Event-Id header
   */
  idSource?: DeclarativeEventIdSource;
  /**
   * With `idSource: { from: 'cloudevents' }`: the binding's content mode. In `structured` mode a
   * `value` that is a CloudEvent (it has `specversion`) is the record's value as it is, its `id` the
   * event id (`eventId` fills in a missing one); any other `value` becomes the `data` of a
   * generated event. @default 'binary'
   */
  cloudEventsMode?: 'binary' | 'structured';
  /** The Correlation-Id header. @default none */
  correlationId?: string;
  /** The Event-Type header. @default none */
  eventType?: string;
  /** The value, serialized as JSON. @default `{ n: offset }` */
  value?: unknown;
  /** A raw base64 value used as is (for malformed input); `null` is a tombstone-like missing value. */
  rawValue?: string | null;
  /** @default `k<offset>` */
  key?: string;
  /** More headers, after the envelope's: text (UTF-8) or raw bytes. */
  headers?: Record<string, string | number[]>[];
}

const bytes = (text: string) => [...Buffer.from(text, 'utf8')];

/** A structured-mode CloudEvent: a JSON object with `specversion` (the binding's required attribute). */
function isCloudEvent(
  value: unknown,
): value is { specversion: unknown; id?: unknown } & Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'specversion' in value;
}

/**
 * One MSK record.
 *
 * @example
 * mskRecord({ topic: 'order-placed', partition: 1, offset: 7, value: { stars: 5 } });
 * mskRecord({ offset: 8, eventId: null });          // no Event-Id header
 * mskRecord({ offset: 9, rawValue: '%%not-base64' }); // a malformed value
 * mskRecord({ offset: 10, idSource: { from: 'cloudevents', format: 'uuid' } }); // ce_id: a new UUID
 * // A team's structured CloudEvent, sent as it is (its id is the event id):
 * mskRecord({
 *   offset: 11,
 *   idSource: { from: 'cloudevents' },
 *   cloudEventsMode: 'structured',
 *   value: { specversion: '1.0', id: 'pay-7', source: '/payments', type: 'payment.charged', data: { accountId: 'a-1' } },
 * });
 */
export function mskRecord(spec: RecordSpec): MSKRecord {
  const headers: Record<string, number[]>[] = [];
  const source = spec.idSource ?? { from: 'header' };
  const id =
    spec.eventId === null
      ? undefined
      : (spec.eventId ?? ('format' in source && source.format === 'uuid' ? randomUUID() : ulid()));
  let key = spec.key ?? `k${spec.offset}`;
  let value: unknown = spec.value ?? { n: spec.offset };
  if (source.from === 'header') {
    if (id !== undefined) headers.push({ [source.header ?? EVENT_ID_HEADER]: bytes(id) });
  } else if (source.from === 'key') {
    if (id !== undefined) key = id;
  } else if (source.from === 'cloudevents') {
    const attributes = { specversion: '1.0', source: '/testkit', type: spec.eventType ?? 'testkit.event' };
    if (spec.cloudEventsMode === 'structured') {
      headers.push({ 'content-type': bytes('application/cloudevents+json; charset=UTF-8') });
      if (isCloudEvent(value)) {
        // The team's own event, as it is: its `id` is the event id (`eventId` fills in a missing
        // one; `null` takes it out, for malformed input).
        const { id: own, ...rest } = value;
        const eventId = spec.eventId === null ? undefined : (own ?? id);
        value = eventId === undefined ? rest : { ...rest, id: eventId };
      } else {
        value = {
          ...attributes,
          ...(id === undefined ? {} : { id }),
          datacontenttype: 'application/json',
          data: value,
        };
      }
    } else {
      if (id !== undefined) headers.push({ ce_id: bytes(id) });
      for (const [name, text] of Object.entries(attributes)) headers.push({ [`ce_${name}`]: bytes(text) });
      headers.push({ 'content-type': bytes('application/json') });
    }
  }
  if (spec.correlationId) headers.push({ [CORRELATION_ID_HEADER]: bytes(spec.correlationId) });
  if (spec.eventType) headers.push({ [EVENT_TYPE_HEADER]: bytes(spec.eventType) });
  for (const h of spec.headers ?? []) {
    for (const [name, value] of Object.entries(h))
      headers.push({ [name]: typeof value === 'string' ? bytes(value) : value });
  }
  const encoded =
    spec.rawValue !== undefined
      ? spec.rawValue
      : Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
  return {
    topic: spec.topic ?? 'orders',
    partition: spec.partition ?? 0,
    offset: spec.offset,
    timestamp: 1_700_000_000_000 + spec.offset,
    timestampType: 'CREATE_TIME',
    key: Buffer.from(key).toString('base64'),
    value: encoded as string,
    headers,
  };
}

/**
 * An `aws:kafka` event of the records, grouped by `<topic>-<partition>` in the order given.
 *
 * @example
 * const event = mskEvent([mskRecord({ offset: 1 }), mskRecord({ offset: 2, partition: 1 })]);
 * const response = await handler(event, lambdaContext());
 */
export function mskEvent(records: MSKRecord[]): MSKEvent {
  const grouped: Record<string, MSKRecord[]> = {};
  for (const r of records) {
    const id = partitionId(r.topic, r.partition);
    grouped[id] ??= [];
    grouped[id].push(r);
  }
  return {
    eventSource: 'aws:kafka',
    eventSourceArn: LOCAL_CLUSTER.eventSourceArn,
    bootstrapServers: LOCAL_CLUSTER.bootstrapServers,
    records: grouped,
  };
}

/**
 * The records a batch response reports as failed, as sorted `<topic>-<partition>@<offset>` texts.
 *
 * @example
 * assert.deepEqual(failedOffsets(await handler(event, lambdaContext())), ['orders-0@2']);
 */
export function failedOffsets(response: Pick<KafkaBatchResponse, 'batchItemFailures'>): string[] {
  return response.batchItemFailures
    .map(({ itemIdentifier: { partition, offset } }) =>
      formatPosition({ ...parsePartitionId(partition), offset: Number(offset) }),
    )
    .sort();
}
