/**
 * What a business handler sees: one decoded Kafka record with its envelope.
 */

/** Header values decoded as UTF-8; a name that appears more than once keeps every value, in order. */
export type KafkaHeaders = Readonly<Record<string, string | string[]>>;

/**
 * One decoded record, as handed to a business function. `K` is the key's type: the record's bytes,
 * unless a key format decodes it.
 */
export interface KafkaMessage<T = unknown, K = Buffer> {
  /**
   * The event id, in canonical form, from the handler's source (default: the Event-Id header, a ULID
   * stamped once by the producer, upper-cased). The tail of the dedup key.
   */
  readonly eventId: string;
  /** The Correlation-Id header: shared by every event of one logical chain; never a dedup key. */
  readonly correlationId?: string;
  /** The Event-Type header. */
  readonly eventType?: string;
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  /** Record timestamp, milliseconds since the epoch. */
  readonly timestamp: number;
  /** The record key, when the record has one: its bytes, or what the `key` format decoded. */
  readonly key?: K;
  readonly headers: KafkaHeaders;
  /** The parsed value; `null` for a tombstone (a record with no value). */
  readonly payload: T | null;
}

/** The Lambda answer for a Kafka event source mapping with `ReportBatchItemFailures`. */
export interface KafkaBatchItemFailure {
  itemIdentifier: { partition: string; offset: number };
}

export interface KafkaBatchResponse {
  batchItemFailures: KafkaBatchItemFailure[];
}
