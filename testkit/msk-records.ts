/**
 * Hand-built MSK records and events for a handler's tests: the shape Lambda hands a function
 * (base64 key and value, headers as one-entry objects of byte arrays, records keyed
 * `<topic>-<partition>`), with the envelope's headers by default and room for malformed input.
 */
import type { MSKEvent, MSKRecord } from 'aws-lambda';
import { ulid } from 'ulid';
import { LOCAL_CLUSTER, parsePartitionId } from '../emulator/index.ts';
import {
  CORRELATION_ID_HEADER,
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  formatPosition,
  type KafkaBatchResponse,
  partitionId,
} from '../lib/index.ts';

/** One record to build. Only `offset` is required. */
export interface RecordSpec {
  /** @default 'orders' */
  topic?: string;
  /** @default 0 */
  partition?: number;
  offset: number;
  /** The Event-Id header; `null` leaves it out. @default a new ULID */
  eventId?: string | null;
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

/**
 * One MSK record.
 *
 * @example
 * mskRecord({ topic: 'review-created', partition: 1, offset: 7, value: { stars: 5 } });
 * mskRecord({ offset: 8, eventId: null });          // no Event-Id header
 * mskRecord({ offset: 9, rawValue: '%%not-base64' }); // a malformed value
 */
export function mskRecord(spec: RecordSpec): MSKRecord {
  const headers: Record<string, number[]>[] = [];
  if (spec.eventId !== null) headers.push({ [EVENT_ID_HEADER]: bytes(spec.eventId ?? ulid()) });
  if (spec.correlationId) headers.push({ [CORRELATION_ID_HEADER]: bytes(spec.correlationId) });
  if (spec.eventType) headers.push({ [EVENT_TYPE_HEADER]: bytes(spec.eventType) });
  for (const h of spec.headers ?? []) {
    for (const [name, value] of Object.entries(h))
      headers.push({ [name]: typeof value === 'string' ? bytes(value) : value });
  }
  const value =
    spec.rawValue !== undefined
      ? spec.rawValue
      : Buffer.from(JSON.stringify(spec.value ?? { n: spec.offset }), 'utf8').toString('base64');
  return {
    topic: spec.topic ?? 'orders',
    partition: spec.partition ?? 0,
    offset: spec.offset,
    timestamp: 1_700_000_000_000 + spec.offset,
    timestampType: 'CREATE_TIME',
    key: Buffer.from(spec.key ?? `k${spec.offset}`).toString('base64'),
    value: value as string,
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
