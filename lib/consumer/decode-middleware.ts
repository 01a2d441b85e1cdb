/**
 * decodeRecords: turns the MSK event into the batch the other middlewares work on.
 *
 * Guarantees: every record of the event is in the batch, in offset order per partition; a record
 * that cannot be decoded is kept with an InvalidRecordError (logged with its position) so that it
 * fails and is retried or reaches the DLQ, and the rest of the batch goes on.
 * Does not: claim, run or count anything.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { Context, MSKEvent, MSKRecord } from 'aws-lambda';
import { InvalidRecordError } from '../errors.ts';
import { decodeEnvelope, decodeRecord } from '../kafka/decode.ts';
import type { KafkaBatchResponse } from '../kafka/message.ts';
import { recordKeys } from '../observability/logger.ts';
import { SkippedRecords } from '../observability/skipped-records.ts';
import { attachBatch, type Batch, type BatchInternal, type BatchRecord } from './batch.ts';
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
): MiddlewareObj<MSKEvent, KafkaBatchResponse, Error, Context, BatchInternal<T>> {
  return {
    name: 'decodeRecords',
    before: (request) => {
      const { event, context } = request;
      const partitions: BatchRecord<T>[][] = [];
      const byPartition = event?.records;
      if (byPartition === null || typeof byPartition !== 'object') {
        throw new TypeError(
          'not an MSK event: no records object (is the function behind a Kafka event source mapping?)',
        );
      }
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
          const record: BatchRecord<T> = {
            raw,
            partitionId,
            message: undefined,
            valuePending: false,
            key: undefined,
            claim: 'none',
            outcome: undefined,
            running: false,
            error: undefined,
            original: undefined,
            settled: undefined,
          };
          try {
            // A custom key function may read the payload, so it gets a parsed one; otherwise the
            // value waits until the record runs (duplicates are never parsed).
            const message = config.dedupKey
              ? decodeRecord(raw, config.decode)
              : decodeEnvelope(raw, config.decode);
            record.message = message;
            record.valuePending = !config.dedupKey && Boolean(raw.value);
            record.key = config.keyPrefix + (config.dedupKey ? config.dedupKey(message) : message.eventId);
          } catch (error) {
            record.error =
              error instanceof InvalidRecordError
                ? error
                : new InvalidRecordError(raw, `dedup key function failed: ${(error as Error).message}`, {
                    cause: error,
                  });
            config.logger.error('invalid record: it fails and is retried, then sent to the DLQ', {
              ...recordKeys(raw, record.message),
              error: record.error,
            });
          }
          list[i] = record;
        }
        partitions.push(list);
      }
      const batch: Batch<T> = {
        owner: `${context?.awsRequestId ?? 'local'}/${randomUUID().slice(0, 8)}`,
        partitions,
        metrics: config.metrics.begin(),
        skipped: new SkippedRecords(),
        claimsSettled: false,
        renewal: undefined,
      };
      attachBatch(request, batch);
    },
  };
}
