/**
 * The producer side of the envelope: every event gets a ULID `Event-Id` header ONCE, when it is
 * created; publishing it again (an outbox forwarder retrying, a producer retry after a lost ack)
 * keeps that id, so the consumer can tell the repeat from a new event although its offset is new.
 */
import { ulid } from 'ulid';
import { CORRELATION_ID_HEADER, EVENT_ID_HEADER, EVENT_TYPE_HEADER } from '../lib/index.ts';
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

/**
 * Publishes JSON events with the envelope headers.
 *
 * @example
 * const producer = new EventProducer(log);
 * const event = producer.create({ topic: 'review-created', key: 'review-1', payload: { stars: 5 } });
 * producer.publish(event);   // offset n
 * producer.publish(event);   // offset n+1, same Event-Id: a duplicate the consumer must suppress
 */
export class EventProducer {
  readonly #log: KafkaLog;
  constructor(log: KafkaLog) {
    this.#log = log;
  }

  /** Give a new event its identity (a ULID), without publishing it. */
  create<T>(event: NewEvent<T>): OutgoingEvent<T> {
    return { ...event, eventId: ulid(), correlationId: event.correlationId ?? ulid() };
  }

  /** Append the event to its topic; the same event object always carries the same Event-Id. */
  publish<T>(event: OutgoingEvent<T>): LogRecord {
    const headers: LogHeader[] = [{ name: EVENT_ID_HEADER, value: Buffer.from(event.eventId) }];
    if (event.correlationId)
      headers.push({ name: CORRELATION_ID_HEADER, value: Buffer.from(event.correlationId) });
    if (event.eventType) headers.push({ name: EVENT_TYPE_HEADER, value: Buffer.from(event.eventType) });
    headers.push(...(event.headers ?? []));
    return this.#log.append(event.topic, {
      key: event.key ?? null,
      // payload null is a tombstone (no value), as the consumer reads it: never the JSON text `null`.
      value:
        event.payload === null || event.payload === undefined
          ? null
          : Buffer.from(JSON.stringify(event.payload)),
      headers,
    });
  }

  /** create + publish. */
  send<T>(event: NewEvent<T>): { event: OutgoingEvent<T>; record: LogRecord } {
    const created = this.create(event);
    return { event: created, record: this.publish(created) };
  }
}
