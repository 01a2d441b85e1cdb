/**
 * The producer side of the envelope: every event gets a ULID `Event-Id` header ONCE (or its id where
 * the consumer's id source reads it), when it is created; publishing it again (an outbox forwarder retrying, a producer retry after a lost ack)
 * keeps that id, so the consumer can tell the repeat from a new event although its offset is new.
 */
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import {
  CORRELATION_ID_HEADER,
  type DeclarativeEventIdSource,
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
} from '../lib/contract.ts';
import type { KafkaLog, LogHeader, LogRecord } from './kafka-log.ts';

/** An event as its producer knows it, before and after publishing. */
export interface OutgoingEvent<T = unknown> {
  readonly eventId: string;
  readonly topic: string;
  readonly key?: string;
  readonly eventType?: string;
  readonly correlationId?: string;
  readonly payload: T;
  /** Extra headers (bytes) besides the envelope. */
  readonly headers?: readonly LogHeader[];
}

export interface NewEvent<T> {
  topic: string;
  payload: T;
  key?: string;
  eventType?: string;
  /** Default: a new ULID (the first event of a chain starts its own correlation). */
  correlationId?: string;
  headers?: readonly LogHeader[];
}

/** How an {@link EventProducer} writes a payload's bytes and where it puts the event's id. */
export interface EventProducerOptions {
  /**
   * The value of a payload (Avro, Protobuf, a registry's framing: the test kit's
   * `encodeWithSchema`). Not called for a tombstone (payload null). @default JSON text
   */
  encode?: (payload: unknown, topic: string) => Buffer;
  /**
   * Where the consumer reads the id (its `eventId`): the id goes into that header, the `ce_id`
   * header (CloudEvents binary mode), or the record key. A UUID with format `uuid`, else a ULID.
   * A position has no producer id: refused (RangeError). @default the Event-Id header
   */
  idSource?: DeclarativeEventIdSource;
  /**
   * With a `cloudevents` id source, the binding's content mode: `binary` (the id in `ce_id`, the
   * attributes in `ce_` headers, the value the payload) or `structured` (the value a JSON
   * CloudEvent, `content-type: application/cloudevents+json`: a payload that is a CloudEvent itself,
   * one with `specversion`, is sent with its attributes and the event's id; any other becomes the
   * `data` of a generated event). Structured values are JSON: refused with `encode`. @default 'binary'
   */
  cloudEventsMode?: 'binary' | 'structured';
}

/**
 * Publishes events with the envelope headers; values are JSON unless `encode` says otherwise.
 *
 * @example
 * const producer = new EventProducer(log);
 * const event = producer.create({ topic: 'order-placed', key: 'review-1', payload: { stars: 5 } });
 * producer.publish(event);   // offset n
 * producer.publish(event);   // offset n+1, same Event-Id: a duplicate the consumer must suppress
 */
export class EventProducer {
  readonly #log: KafkaLog;
  readonly #encode: (payload: unknown, topic: string) => Buffer;
  readonly #source: DeclarativeEventIdSource;
  /** Whether values are JSON text (the CloudEvents `content-type` says so only then). */
  readonly #json: boolean;
  readonly #structured: boolean;
  constructor(log: KafkaLog, options: EventProducerOptions = {}) {
    this.#log = log;
    this.#encode = options.encode ?? ((payload) => Buffer.from(JSON.stringify(payload)));
    this.#source = options.idSource ?? { from: 'header' };
    this.#json = options.encode === undefined;
    if (this.#source.from === 'position')
      throw new RangeError('a position is not made by a producer: give the id source the consumer reads');
    this.#structured = options.cloudEventsMode === 'structured';
    if (this.#structured && this.#source.from !== 'cloudevents')
      throw new RangeError("cloudEventsMode 'structured' needs the id source { from: 'cloudevents' }");
    if (this.#structured && !this.#json)
      throw new RangeError("cloudEventsMode 'structured' writes JSON CloudEvents: it takes no encode");
  }

  /** Give a new event its identity (a ULID, or a UUID for a `uuid` source), without publishing it. */
  create<T>(event: NewEvent<T>): OutgoingEvent<T> {
    const uuid = 'format' in this.#source && this.#source.format === 'uuid';
    return { ...event, eventId: uuid ? randomUUID() : ulid(), correlationId: event.correlationId ?? ulid() };
  }

  /** Append the event to its topic; the same event object always carries the same id. */
  publish<T>(event: OutgoingEvent<T>): LogRecord {
    const source = this.#source;
    const id = Buffer.from(event.eventId);
    const headers: LogHeader[] = [];
    if (source.from === 'header') headers.push({ name: source.header ?? EVENT_ID_HEADER, value: id });
    else if (source.from === 'cloudevents' && this.#structured) {
      headers.push({
        name: 'content-type',
        value: Buffer.from('application/cloudevents+json; charset=UTF-8'),
      });
    } else if (source.from === 'cloudevents') {
      headers.push({ name: 'ce_id', value: id }, { name: 'ce_specversion', value: Buffer.from('1.0') });
      headers.push({ name: 'ce_source', value: Buffer.from('/msk-once/emulator') });
      headers.push({ name: 'ce_type', value: Buffer.from(event.eventType ?? 'emulator.event') });
      if (this.#json) headers.push({ name: 'content-type', value: Buffer.from('application/json') });
    }
    if (event.correlationId)
      headers.push({ name: CORRELATION_ID_HEADER, value: Buffer.from(event.correlationId) });
    if (event.eventType) headers.push({ name: EVENT_TYPE_HEADER, value: Buffer.from(event.eventType) });
    headers.push(...(event.headers ?? []));
    return this.#log.append(event.topic, {
      key: source.from === 'key' ? event.eventId : (event.key ?? null),
      // payload null is a tombstone (no value), as the consumer reads it: never the JSON text `null`.
      value:
        event.payload === null || event.payload === undefined
          ? null
          : this.#structured
            ? Buffer.from(JSON.stringify(structuredEvent(event)))
            : this.#encode(event.payload, event.topic),
      headers,
    });
  }

  /** create + publish. */
  send<T>(event: NewEvent<T>): { event: OutgoingEvent<T>; record: LogRecord } {
    const created = this.create(event);
    return { event: created, record: this.publish(created) };
  }
}

/** The JSON CloudEvent of a structured-mode record: the payload's own event, or one around it. */
function structuredEvent(event: OutgoingEvent): Record<string, unknown> {
  const payload = event.payload;
  if (typeof payload === 'object' && payload !== null && !Array.isArray(payload) && 'specversion' in payload)
    return { ...(payload as Record<string, unknown>), id: event.eventId };
  return {
    specversion: '1.0',
    id: event.eventId,
    source: '/msk-once/emulator',
    type: event.eventType ?? 'emulator.event',
    datacontenttype: 'application/json',
    data: payload,
  };
}
