/**
 * decodeEvent: turns the MSK event into the invocation's records, per partition.
 *
 * Guarantees: every record of the event is in the batch, in offset order per partition, with its
 * event id read by the handler's one source (event-id-source.ts); a record that cannot be decoded,
 * or whose source gives no valid id, is kept with an InvalidRecordError (an EventIdError for the
 * id; logged with its position) so that it fails and is retried or reaches the DLQ, and the rest
 * of the batch goes on. Only when the source reads the payload is the value decoded here, before
 * the claim (waiting for a registry if the format must); otherwise it waits until the record runs. The event is
 * not written.
 * Does not: claim or run anything (it counts only schema registry errors).
 */
import type { MSKEvent, MSKRecord } from 'aws-lambda';
import { dedupKey } from '../contract/dedup-key.ts';
import { InvalidRecordError } from '../errors.ts';
import { decodeEnvelope, decodePayload, hasValue, offsetOf, type PendingMessage } from '../kafka/decode.ts';
import { recordKeys } from '../observability/logger.ts';
import { countRegistryError } from '../observability/schema-registry-metrics.ts';
import { readThrown } from '../observability/thrown.ts';
import { BatchRecord, type Tally } from './batch-record.ts';
import type { ResolvedConfig } from './config.ts';
import { willPark } from './park-record.ts';

/**
 * The partition's records in offset order. The check and the sort read offsets the same way
 * (offsetOf: numbers, or decimal strings in a hand-made event), so a record can never be judged
 * in order by one and moved by the other. Records with no readable offset (NaN) go first: they
 * fail anyway, naming their offset.
 */
function inOffsetOrder(partitionId: string, records: MSKRecord[]): MSKRecord[] {
  for (let i = 0; i < records.length; i++) {
    const raw = records[i];
    if (raw === null || typeof raw !== 'object') {
      // Without a record there is no position to report: the invocation fails, so the mapping
      // retries the batch (bisecting it) and the record reaches the DLQ rather than vanishing.
      throw new TypeError(
        `not an MSK event: records['${partitionId}'][${i}] is ${raw === null ? 'null' : typeof raw}, not a record`,
      );
    }
  }
  for (let i = 1; i < records.length; i++) {
    if (!(offsetOf(records[i]!) >= offsetOf(records[i - 1]!))) {
      const at = (r: MSKRecord) => {
        const o = offsetOf(r);
        return Number.isNaN(o) ? -1 : o;
      };
      return [...records].sort((a, b) => at(a) - at(b));
    }
  }
  return records;
}

/** A record whose payload is decoded: its id is read from it, then its key named. */
function withPayloadId<T>(
  config: ResolvedConfig<T>,
  raw: MSKRecord,
  partitionId: string,
  batch: Tally,
  message: PendingMessage<T>,
): BatchRecord<T> {
  try {
    message.eventId = config.decode.eventId!.read(raw, message);
    return new BatchRecord(
      raw,
      partitionId,
      batch,
      message,
      dedupKey(config.keyPrefix, message.eventId),
      false,
    );
  } catch (error) {
    return invalidRecord(config, raw, partitionId, batch, message, error);
  }
}

/** A record that cannot be claimed: it keeps its error, fails, and is retried, then reaches the DLQ. */
function invalidRecord<T>(
  config: ResolvedConfig<T>,
  raw: MSKRecord,
  partitionId: string,
  batch: Tally,
  message: PendingMessage<T> | undefined,
  error: unknown,
): BatchRecord<T> {
  const invalid =
    error instanceof InvalidRecordError
      ? error
      : new InvalidRecordError(raw, `could not be decoded: ${readThrown(error).text}`, {
          cause: readThrown(error).error,
        });
  countRegistryError(batch.metrics, invalid);
  // With a poison sink the runner parks it, and logs that instead.
  if (!willPark(config, invalid))
    config.logger.error('invalid record: it fails and is retried, then sent to the DLQ', {
      ...recordKeys(raw, message?.eventId ? message : undefined),
      error: invalid,
    });
  return new BatchRecord(raw, partitionId, batch, message, undefined, false, invalid);
}

/**
 * The records of `event`, per partition, each partition in offset order; a promise of them only
 * when a payload the event id is read from had to wait (a registry lookup).
 *
 * @throws {TypeError} when `event` is not an MSK event (the invocation fails: the batch is retried).
 * @example
 * const partitions = await decodeEvent(config, event, tally);
 * @internal
 */
export function decodeEvent<T>(
  config: ResolvedConfig<T>,
  event: MSKEvent,
  batch: Tally,
): BatchRecord<T>[][] | Promise<BatchRecord<T>[][]> {
  const byPartition = event?.records;
  if (byPartition === null || typeof byPartition !== 'object') {
    throw new TypeError(
      'not an MSK event: no records object (is the function behind a Kafka event source mapping?)',
    );
  }
  const partitions: BatchRecord<T>[][] = [];
  let waits: Promise<void>[] | undefined;
  for (const partitionId in byPartition) {
    const records = byPartition[partitionId];
    if (!Array.isArray(records)) {
      // Not skipped: failing the invocation makes the mapping retry the batch (then the DLQ).
      throw new TypeError(`not an MSK event: records['${partitionId}'] is not an array of records`);
    }
    const list: BatchRecord<T>[] = new Array(records.length);
    const ordered = inOffsetOrder(partitionId, records);
    for (let i = 0; i < ordered.length; i++) {
      const raw = ordered[i]!;
      let message: PendingMessage<T> | undefined;
      try {
        message = decodeEnvelope(raw, config.decode);
        if (message.eventId !== '') {
          // The id came from the envelope: the value and the key wait until the record runs
          // (duplicates are never parsed). A key format also decodes then.
          const pending = hasValue(raw.value) || hasValue(raw.key) || config.decode.key !== undefined;
          list[i] = new BatchRecord(
            raw,
            partitionId,
            batch,
            message,
            dedupKey(config.keyPrefix, message.eventId),
            pending,
          );
          continue;
        }
        // The id is in the payload: decode it before the claim (the cost: docs/consumer.md, "Event id").
        const decoding = decodePayload(raw, config.decode, message);
        if (decoding === undefined) list[i] = withPayloadId(config, raw, partitionId, batch, message);
        else {
          const at = i;
          const decoded = message;
          waits ??= [];
          waits.push(
            decoding.then(
              () => {
                list[at] = withPayloadId(config, raw, partitionId, batch, decoded);
              },
              (error) => {
                list[at] = invalidRecord(config, raw, partitionId, batch, decoded, error);
              },
            ),
          );
        }
      } catch (error) {
        list[i] = invalidRecord(config, raw, partitionId, batch, message, error);
      }
    }
    partitions.push(list);
  }
  if (waits === undefined) return partitions;
  // A format had to wait (a registry lookup) for a payload the id is read from.
  return Promise.all(waits).then(() => partitions);
}
