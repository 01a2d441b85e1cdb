/**
 * The decode the baselines share: MSK record -> KafkaMessage, as the project's contract describes
 * it (base64 key/value, byte-array headers, Event-Id ULID upper-cased, JSON payload). The
 * baselines differ from kafkaHandler in the dedup step only, not in how much decoding they do.
 */
import type { MSKEvent, MSKRecord } from 'aws-lambda';
import type { KafkaMessage } from '../../lib/kafka/message.ts';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

function headerValue(bytes: unknown): string {
  return Buffer.from(bytes as number[]).toString('utf8');
}

/**
 * Decode one record.
 *
 * @example
 * const message = decodeRecord(event.records['review-created-0'][0]);
 */
export function decodeRecord<T>(record: MSKRecord): KafkaMessage<T> {
  const headers: Record<string, string | string[]> = {};
  for (const entry of record.headers as unknown as Record<string, number[]>[]) {
    for (const name in entry) {
      const value = headerValue(entry[name]);
      const seen = headers[name];
      headers[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    }
  }
  const rawId = headers['Event-Id'];
  const eventId = typeof rawId === 'string' ? rawId.toUpperCase() : '';
  if (!ULID.test(eventId)) {
    throw new Error(
      `record ${record.topic}-${record.partition}@${record.offset}: Event-Id header is not a ULID`,
    );
  }
  const correlationId = headers['Correlation-Id'];
  const eventType = headers['Event-Type'];
  return {
    eventId,
    correlationId: typeof correlationId === 'string' ? correlationId : undefined,
    eventType: typeof eventType === 'string' ? eventType : undefined,
    topic: record.topic,
    partition: record.partition,
    offset: Number(record.offset),
    timestamp: record.timestamp,
    key: record.key ? Buffer.from(record.key, 'base64') : undefined,
    headers,
    payload: record.value ? (JSON.parse(Buffer.from(record.value, 'base64').toString('utf8')) as T) : null,
  };
}

/** Every record of the event, partition by partition, in offset order. */
export function* recordsOf(event: MSKEvent): Generator<MSKRecord> {
  for (const key in event.records) yield* event.records[key]!;
}
