/**
 * The decode the baselines share with kafkaHandler: the project's own `decodeRecord` with its
 * defaults (JSON payload, 16 KiB header limit), so that the baselines differ in the dedup step only.
 */
import type { MSKEvent, MSKRecord } from 'aws-lambda';
import type { KafkaMessage } from '../../lib/index.ts';
import { decodeRecord, parseJson } from '../../lib/kafka/decode.ts';

const options = { parse: parseJson, maxHeaderBytes: 16 * 1024 };

/**
 * Decode one record as kafkaHandler does.
 *
 * @example
 * const message = decodeAsProject(event.records['review-created-0'][0]);
 */
export function decodeAsProject(record: MSKRecord): KafkaMessage {
  return decodeRecord(record, options);
}

/**
 * Every record of the event, partition by partition, in offset order.
 *
 * @example
 * for (const record of recordsOf(event)) count++;
 */
export function* recordsOf(event: MSKEvent): Generator<MSKRecord> {
  for (const key in event.records) yield* event.records[key]!;
}
