/**
 * runPartitions: the base handler. Runs the business function over the batch and answers the
 * event source mapping with the first failed offset of each partition.
 *
 * Guarantees: records of a partition run one at a time in offset order; partitions run
 * concurrently; the first failure stops its partition and the rest of it is not run (released by
 * dedupClaims, redelivered by the mapping from the reported offset); no record is started with
 * less than `reserveMs` of the invocation left.
 * Does not: retry anything itself (retries come from the event source mapping).
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context, MSKEvent } from 'aws-lambda';
import {
  ClaimHeldError,
  HandlerError,
  isRetryLater,
  OutOfTimeError,
  PartitionStoppedError,
  StoreUnavailableError,
} from '../errors.ts';
import { decodePayload } from '../kafka/decode.ts';
import type { KafkaBatchItemFailure, KafkaBatchResponse, KafkaMessage } from '../kafka/message.ts';
import { recordKeys } from '../observability/logger.ts';
import { countRegistryError } from '../observability/schema-registry-metrics.ts';
import { type Batch, type BatchRecord, batchOf, settle } from './batch.ts';
import type { ResolvedConfig } from './config.ts';
import type { HandleContext, RecordMetrics } from './options.ts';

/** The second argument of a business function; its logger is made only when asked for. */
class RecordContext implements HandleContext {
  readonly lambdaContext: Context;
  readonly metrics: RecordMetrics;
  readonly #base: Logger;
  readonly #record: BatchRecord<unknown>;
  #logger: Logger | undefined;

  constructor(lambdaContext: Context, base: Logger, record: BatchRecord<unknown>, metrics: RecordMetrics) {
    this.lambdaContext = lambdaContext;
    this.metrics = metrics;
    this.#base = base;
    this.#record = record;
  }

  get logger(): Logger {
    if (!this.#logger) {
      this.#logger = this.#base.createChild({
        persistentKeys: recordKeys(this.#record.raw, this.#record.message),
      });
    }
    return this.#logger;
  }
}

function remainingMs(context: Context): number {
  const remaining = context?.getRemainingTimeInMillis?.();
  return typeof remaining === 'number' ? remaining : Number.POSITIVE_INFINITY;
}

async function runRecord<T>(
  config: ResolvedConfig<T>,
  batch: Batch<T>,
  record: BatchRecord<T>,
  context: Context,
): Promise<void> {
  const { raw } = record;
  if (record.error) return settle(batch, record, 'failed', record.error);
  switch (record.claim) {
    case 'duplicate':
      return settle(batch, record, 'deduplicated');
    case 'held':
      config.logger.warn(
        'claim held by another invocation: failing the record so it is retried later',
        recordKeys(raw, record.message),
      );
      return settle(
        batch,
        record,
        'failed',
        new ClaimHeldError(raw, 'another invocation holds the claim', { eventId: record.message?.eventId }),
      );
    case 'refused':
      return settle(
        batch,
        record,
        'failed',
        new StoreUnavailableError(raw, 'dedup store unavailable and onStoreError is closed'),
      );
    case 'copy': {
      const original = record.original!;
      await original.settled!.promise;
      if (original.outcome === 'succeeded' || original.outcome === 'deduplicated')
        return settle(batch, record, 'deduplicated');
      return settle(
        batch,
        record,
        'failed',
        new ClaimHeldError(
          raw,
          `an earlier copy of this event in the batch (${original.partitionId}@${original.raw.offset}) did not succeed`,
        ),
      );
    }
  }
  // The invocation already answered (middy's early timeout) while this partition was busy: its claim
  // is released, so starting the record now could run it alongside its retry.
  if (batch.claimsSettled) {
    return settle(batch, record, 'failed', new OutOfTimeError(raw, 'the invocation already answered'));
  }
  // claimed or unguarded: parse the value, then run it, if there is time.
  if (record.valuePending) {
    try {
      // Awaited only when a decoder has to wait (a format loading, a registry lookup): JSON stays sync.
      const pending = decodePayload(raw, config.decode, record.message!);
      if (pending) await pending;
      record.valuePending = false;
    } catch (error) {
      countRegistryError(batch.metrics, error);
      config.logger.error('invalid record: it fails and is retried, then sent to the DLQ', {
        ...recordKeys(raw, record.message),
        error,
      });
      return settle(batch, record, 'failed', error as Error);
    }
  }
  const left = remainingMs(context);
  if (left < config.reserveMs) {
    config.logger.warn('too little time left to start the record: released for a retry', {
      ...recordKeys(raw, record.message),
      remainingMs: left,
    });
    return settle(
      batch,
      record,
      'failed',
      new OutOfTimeError(raw, `${left} ms left, below reserveMs ${config.reserveMs}`),
    );
  }
  record.running = true;
  try {
    await config.handle(
      record.message as KafkaMessage<T>,
      new RecordContext(context, config.logger, record as BatchRecord<unknown>, batch.metrics),
    );
    settle(batch, record, 'succeeded');
  } catch (error) {
    const failure = new HandlerError(raw, `handler failed: ${(error as Error)?.message ?? String(error)}`, {
      cause: error,
      eventId: record.message?.eventId,
    });
    if (isRetryLater(error)) {
      config.logger.warn('handler asked for a retry later', { ...recordKeys(raw, record.message), error });
    } else {
      config.logger.error('handler failed: the record is retried, then sent to the DLQ', {
        ...recordKeys(raw, record.message),
        error,
      });
    }
    settle(batch, record, 'failed', failure);
  } finally {
    record.running = false;
  }
}

async function runPartition<T>(
  config: ResolvedConfig<T>,
  batch: Batch<T>,
  records: BatchRecord<T>[],
  context: Context,
) {
  let failed: BatchRecord<T> | undefined;
  for (const record of records) {
    if (failed) {
      settle(
        batch,
        record,
        'failed',
        new PartitionStoppedError(
          record.raw,
          `not run: offset ${failed.raw.offset} of this partition failed first`,
        ),
      );
      continue;
    }
    await runRecord(config, batch, record, context);
    if (record.outcome === 'failed') failed = record;
    // Done with it: its payload need not outlive its turn (a copy only reads the outcome).
    record.message = undefined;
  }
  return failed;
}

/**
 * @example
 * middy().use(decodeRecords(config)).use(dedupClaims(config)).handler(runPartitions(config));
 */
export function runPartitions<T>(config: ResolvedConfig<T>) {
  return async (event: MSKEvent, context: Context): Promise<KafkaBatchResponse> => {
    const batch = batchOf<T>(event);
    const firstFailures = await Promise.all(
      batch.partitions.map((records) => runPartition(config, batch, records, context)),
    );
    const batchItemFailures: KafkaBatchItemFailure[] = [];
    for (const failed of firstFailures) {
      if (failed)
        batchItemFailures.push({
          itemIdentifier: { partition: failed.partitionId, offset: failed.raw.offset },
        });
    }
    return { batchItemFailures };
  };
}
