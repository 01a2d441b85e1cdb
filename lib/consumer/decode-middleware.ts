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
import { InvalidRecordError } from '../errors.ts';
import { decodeEnvelope, decodeRecord, type PendingMessage } from '../kafka/decode.ts';
import type { KafkaBatchResponse } from '../kafka/message.ts';
import { recordKeys } from '../observability/logger.ts';
import { SkippedRecords } from '../observability/skipped-records.ts';
import { type Batch, type StackContext, withBatch } from './batch.ts';
import { BatchRecord } from './batch-record.ts';
import type { ResolvedConfig } from './config.ts';

function inOffsetOrder(records: MSKRecord[]): MSKRecord[] {
  for (let i = 1; i < records.length; i++) {
    if (records[i]!.offset < records[i - 1]!.offset) return [...records].sort((a, b) => a.offset - b.offset);
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
        renewal: undefined,
      };
      for (const partitionId in byPartition) {
        const records = byPartition[partitionId];
        if (!Array.isArray(records)) {
          // Not skipped: failing the invocation makes the mapping retry the batch (then the DLQ).
          throw new TypeError(`not an MSK event: records['${partitionId}'] is not an array of records`);
        }
        const list: BatchRecord<T>[] = new Array(records.length);
        const ordered = inOffsetOrder(records);
        for (let i = 0; i < ordered.length; i++) {
          const raw = ordered[i]!;
          let message: PendingMessage<T> | undefined;
          let record: BatchRecord<T>;
          try {
            // A custom key function may read the payload, so it gets a parsed one; otherwise the
            // value waits until the record runs (duplicates are never parsed).
            message = config.dedupKey ? decodeRecord(raw, config.decode) : decodeEnvelope(raw, config.decode);
            const key = config.keyPrefix + (config.dedupKey ? config.dedupKey(message) : message.eventId);
            // A key format also decodes when the record runs, even for a record with no value.
            const pending = !config.dedupKey && (Boolean(raw.value) || config.decode.key !== undefined);
            record = new BatchRecord(raw, partitionId, batch, message, key, pending);
          } catch (error) {
            const invalid =
              error instanceof InvalidRecordError
                ? error
                : new InvalidRecordError(raw, `dedup key function failed: ${(error as Error).message}`, {
                    cause: error,
                  });
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
