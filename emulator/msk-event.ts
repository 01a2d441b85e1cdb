/**
 * The event JSON that Lambda hands to a function for Amazon MSK, built from log records.
 *
 * Shape, from https://docs.aws.amazon.com/lambda/latest/dg/with-msk.html ("Example event"):
 *   { eventSource: 'aws:kafka', eventSourceArn, bootstrapServers: 'b-1...:9092,b-2...:9092',
 *     records: { '<topic>-<partition>': [ { topic, partition, offset, timestamp,
 *       timestampType: 'CREATE_TIME', key: <base64>, value: <base64>, headers: [ { name: [bytes] } ] } ] } }
 * A record without a key has no `key` field; a tombstone has no `value` field.
 */
import type { MSKEvent, MSKRecord } from 'aws-lambda';
import { partitionId } from '../lib/contract.ts';
import type { LogRecord } from './kafka-log.ts';

/** Where the emulated cluster says it lives (only echoed back in events and DLQ messages). */
export interface ClusterIdentity {
  eventSourceArn: string;
  bootstrapServers: string;
}

export const LOCAL_CLUSTER: ClusterIdentity = {
  eventSourceArn:
    'arn:aws:kafka:us-east-1:000000000000:cluster/msk-once-local/00000000-0000-0000-0000-000000000000-1',
  bootstrapServers: 'b-1.msk-once-local.kafka.us-east-1.amazonaws.com:9098',
};

/**
 * One log record as an MSK event record.
 *
 * @example
 * toMskRecord(log.get('orders', 0, 15)!) // { topic: 'orders', partition: 0, offset: 15, key: 'b3JkZXIt...', ... }
 */
export function toMskRecord(record: LogRecord): MSKRecord {
  const out: Record<string, unknown> = {
    topic: record.topic,
    partition: record.partition,
    offset: record.offset,
    timestamp: record.timestamp,
    timestampType: 'CREATE_TIME',
  };
  if (record.key !== null) out.key = record.key.toString('base64');
  if (record.value !== null) out.value = record.value.toString('base64');
  out.headers = record.headers.map((h) => ({ [h.name]: [...h.value] }));
  // Added by a mapping with a schema registry (schema-registry-mapping.ts).
  const withSchema = record as LogRecord & { keySchemaMetadata?: unknown; valueSchemaMetadata?: unknown };
  if (withSchema.keySchemaMetadata) out.keySchemaMetadata = withSchema.keySchemaMetadata;
  if (withSchema.valueSchemaMetadata) out.valueSchemaMetadata = withSchema.valueSchemaMetadata;
  return out as unknown as MSKRecord;
}

/**
 * An MSK event of the given records (already grouped in offset order by the caller).
 *
 * @example
 * const event = toMskEvent(records, LOCAL_CLUSTER);
 * await handler(event, context);
 */
export function toMskEvent(
  records: readonly LogRecord[],
  cluster: ClusterIdentity = LOCAL_CLUSTER,
): MSKEvent {
  const grouped: Record<string, MSKRecord[]> = {};
  for (const record of records) {
    const key = partitionId(record.topic, record.partition);
    grouped[key] ??= [];
    grouped[key].push(toMskRecord(record));
  }
  return {
    eventSource: 'aws:kafka',
    eventSourceArn: cluster.eventSourceArn,
    bootstrapServers: cluster.bootstrapServers,
    records: grouped,
  };
}

/**
 * Bytes the record adds to an event's JSON (its serialized form plus a separator).
 *
 * @example
 * if (mskRecordSize(record) > MAX_PAYLOAD_BYTES) { ... } // can never be delivered
 */
export function mskRecordSize(record: LogRecord): number {
  return Buffer.byteLength(JSON.stringify(toMskRecord(record))) + 1;
}

/**
 * Bytes of an event's JSON: what counts against Lambda's 6 MB synchronous payload limit.
 *
 * @example
 * mskEventSize(toMskEvent(records)); // <= 6 MB for a batch Lambda accepts
 */
export function mskEventSize(event: MSKEvent): number {
  return Buffer.byteLength(JSON.stringify(event));
}
