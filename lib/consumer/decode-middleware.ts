/**
 * decodeRecords: turns the MSK event into the batch the other middlewares work on.
 *
 * Guarantees: every record of the event is in the batch, in offset order per partition; a record
 * that cannot be decoded is kept with an InvalidRecordError (logged with its position) so that it
 * fails and is retried or reaches the DLQ, and the rest of the batch goes on. The batch rides on
 * a per-invocation context derived from the caller's (see batch.ts); the caller's is not written.
 * Does not: claim, run or count anything.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { MSKEvent, MSKRecord } from 'aws-lambda';
import { dedupKey } from '../contract/dedup-key.ts';
import { InvalidRecordError } from '../errors.ts';
import { decodeEnvelope, decodeRecord, hasValue, offsetOf, type PendingMessage } from '../kafka/decode.ts';
import type { KafkaBatchResponse } from '../kafka/message.ts';
import { recordKeys } from '../observability/logger.ts';
import { SkippedRecords } from '../observability/skipped-records.ts';
import { readThrown } from '../observability/thrown.ts';
import { type Batch, type StackContext, withBatch } from './batch.ts';
import { BatchRecord } from './batch-record.ts';
import type { ResolvedConfig } from './config.ts';
import { willPark } from './park-record.ts';

/**
 * What a custom dedupKey answered, checked: anything but a non-empty string (undefined for a field
 * the producer forgot, a Promise, a number) would make many records one key, and all but the first
 * of them would be skipped as duplicates for the whole window. Such a record fails instead.
 */
function customKey(raw: MSKRecord, key: unknown): string {
  if (typeof key === 'string' && key !== '') return key;
  const what =
    key === ''
      ? 'an empty string'
      : key === null || key === undefined
        ? String(key)
        : typeof (key as PromiseLike<unknown>).then === 'function'
          ? 'a Promise (dedupKey must be synchronous)'
          : `a ${typeof key}`;
  throw new InvalidRecordError(raw, `dedupKey returned ${what}, not a non-empty string`);
}

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

/**
 * @example
 * middy().use(decodeRecords(config)).use(dedupClaims(config)).handler(runPartitions(config));
 */
export function decodeRecords<T>(
  config: ResolvedConfig<T>,
): MiddlewareObj<MSKEvent, KafkaBatchResponse, Error, StackContext<T>> {
  return {
    name: 'decodeRecords',
    before: (request) => {
      const { event, context } = request;
      const byPartition = event?.records;
      if (byPartition === null || typeof byPartition !== 'object') {
        throw new TypeError(
          'not an MSK event: no records object (is the function behind a Kafka event source mapping?)',
        );
      }
      // Made first: its records tally their outcomes into it.
      const batch: Batch<T> = {
        owner: `${context?.awsRequestId ?? 'local'}/${randomUUID().slice(0, 8)}`,
        partitions: [],
        metrics: config.metrics.begin(),
        skipped: new SkippedRecords(),
        lease: undefined,
        commits: undefined,
      };
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
          let record: BatchRecord<T>;
          try {
            // A custom key function may read the payload, so it gets a parsed one; otherwise the
            // value waits until the record runs (duplicates are never parsed).
            message = config.dedupKey ? decodeRecord(raw, config.decode) : decodeEnvelope(raw, config.decode);
            const key = dedupKey(
              config.keyPrefix,
              config.dedupKey ? customKey(raw, config.dedupKey(message)) : message.eventId,
            );
            // A key format also decodes when the record runs, even for a record with no value.
            const pending = !config.dedupKey && (hasValue(raw.value) || config.decode.key !== undefined);
            record = new BatchRecord(raw, partitionId, batch, message, key, pending);
          } catch (error) {
            const invalid =
              error instanceof InvalidRecordError
                ? error
                : new InvalidRecordError(raw, `dedup key function failed: ${readThrown(error).text}`, {
                    cause: readThrown(error).error,
                  });
            // With a poison sink the runner parks it, and logs that instead.
            if (!willPark(config, invalid))
              config.logger.error('invalid record: it fails and is retried, then sent to the DLQ', {
                ...recordKeys(raw, message),
                error: invalid,
              });
            record = new BatchRecord(raw, partitionId, batch, message, undefined, false, invalid);
          }
          list[i] = record;
        }
        batch.partitions.push(list);
      }
      // The one way the batch reaches dedupClaims, the runner and flushMetrics (see batch.ts).
      request.context = withBatch(context, batch);
    },
  };
}
