/**
 * runPartitions: the base handler. Runs the business function over the batch and answers the
 * event source mapping with every record that did not succeed.
 *
 * Guarantees: the records of a lane run one at a time in offset order, lanes run concurrently; a
 * lane is a partition under `ordering: 'partition'` (the default), the records of one Kafka key in
 * a partition under `ordering: 'key'` (and its keyless records, one lane per partition; ordering.ts),
 * where at most `concurrency` records run at once (slots.ts). The first failure stops its lane and
 * the rest of it is not run (released by dedupClaims); the answer names every record that did not
 * succeed, the failed one and every later one of its lane, so that a mapping that retries only the
 * reported records cannot commit a record that never ran, and one that resumes from the lowest
 * reported offset meets the later records that succeeded as duplicates (docs/consumer.md, "What a
 * stopped partition reports", "Ordering"); a record whose claim another invocation holds waits for
 * it, boundedly, before it fails (held-claim-wait.ts); no record is started with less than
 * `reserveMs` of the invocation left.
 * Does not: retry anything itself (retries come from the event source mapping).
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context, MSKEvent, MSKRecord } from 'aws-lambda';
import type { KafkaBatchItemFailure, KafkaBatchResponse } from '../contract/message.ts';
import {
  ClaimHeldError,
  ClaimLostError,
  HandlerError,
  OutOfTimeError,
  PartitionStoppedError,
  StoreUnavailableError,
} from '../errors.ts';
import { offsetOf } from '../kafka/decode.ts';
import { recordKeys } from '../observability/logger.ts';
import { countRegistryError } from '../observability/schema-registry-metrics.ts';
import { readThrown } from '../observability/thrown.ts';
import { type Batch, batchIn, type StackContext } from './batch.ts';
import type { BatchRecord } from './batch-record.ts';
import type { ResolvedConfig } from './config.ts';
import { waitForHeldClaim } from './held-claim-wait.ts';
import type { HandleContext, RecordMetrics } from './options.ts';
import { lanesOf } from './ordering.ts';
import { parkOrFail, willPark } from './park-record.ts';
import { Slots } from './slots.ts';
import { reserveFor } from './time-budget.ts';

/** The second argument of a business function; its logger is made only when asked for. */
class RecordContext<T> implements HandleContext {
  readonly lambdaContext: Context;
  readonly metrics: RecordMetrics;
  readonly #base: Logger;
  readonly #record: BatchRecord<T>;
  #logger: Logger | undefined;

  constructor(lambdaContext: Context, base: Logger, record: BatchRecord<T>, metrics: RecordMetrics) {
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

function reportedOffset(raw: MSKRecord): number {
  const offset = offsetOf(raw);
  return Number.isNaN(offset) ? raw.offset : offset;
}

function remainingMs(context: Context): number {
  const remaining = context?.getRemainingTimeInMillis?.();
  return typeof remaining === 'number' ? remaining : Number.POSITIVE_INFINITY;
}

/** Run one record, or decide that it does not run; it always ends with an outcome. */
async function runRecord<T>(
  config: ResolvedConfig<T>,
  record: BatchRecord<T>,
  context: Context,
  batch: Batch<T>,
  slots: Slots | undefined,
): Promise<void> {
  if (record.invalid) return parkOrFail(config, record, batch, context, record.invalid);
  // Held by another invocation: wait for it (holding no slot) before deciding.
  if (record.claim === 'held' && config.heldClaimWaitMs > 0)
    await waitForHeldClaim(config, batch, record, context);
  const claim = record.claim;
  // Under key order a record that may start takes a slot first; the rest (duplicates, held, a copy
  // waiting on its original) take none. Its claim is confirmed after the slot, not before it.
  if (slots && (claim === 'claimed' || claim === 'unguarded')) {
    const wait = slots.take();
    if (wait) await wait;
    try {
      return await decideAndRun(config, record, context, batch);
    } finally {
      slots.give();
    }
  }
  return decideAndRun(config, record, context, batch);
}

/** Run one record whose turn came, or decide that it does not run; it always ends with an outcome. */
async function decideAndRun<T>(
  config: ResolvedConfig<T>,
  record: BatchRecord<T>,
  context: Context,
  batch: Batch<T>,
): Promise<void> {
  const { raw } = record;
  const lease = batch.lease;
  // A claim confirmed longer than a lease ago may have ended: the batch's claims are renewed, each
  // confirmed by its own answer, before this record starts.
  const confirming = lease?.confirmIfStale(record);
  if (confirming) {
    const refused = await confirming;
    if (refused) return record.failed(refused);
  }
  switch (record.claim) {
    case 'duplicate':
      return record.deduplicated();
    case 'held':
      config.logger.warn(
        'claim held by another invocation: failing the record so it is retried later',
        recordKeys(raw, record.message),
      );
      return record.failed(
        new ClaimHeldError(raw, 'another invocation holds the claim', { eventId: record.message?.eventId }),
      );
    case 'refused': {
      // The store's error says why (host:port and the cause, never a secret: lib/dedup/connect-failure.ts).
      const cause = record.error;
      return record.failed(
        new StoreUnavailableError(
          raw,
          `dedup store unavailable and onStoreError is closed${cause ? `: ${cause.message}` : ''}`,
          cause ? { cause } : undefined,
        ),
      );
    }
    case 'copy':
      return record.follow();
    case 'lost':
      return record.failed(
        new ClaimLostError(
          raw,
          'this invocation lost its claim before the record started (counted as claim-lost)',
          {
            eventId: record.message?.eventId,
          },
        ),
      );
    case 'released':
      // The invocation already answered (middy's early timeout) while this partition was busy: its
      // claim is released, so starting the record now could run it alongside its retry.
      return record.failed(new OutOfTimeError(raw, 'the invocation already answered'));
  }
  // claimed or unguarded: parse the value, then run it, if there is time.
  let invalid = record.parsePayload(config.decode);
  if (invalid instanceof Promise) invalid = await invalid;
  if (invalid) {
    countRegistryError(batch.metrics, invalid);
    if (!willPark(config, invalid))
      config.logger.error('invalid record: it fails and is retried, then sent to the DLQ', {
        ...recordKeys(raw, record.message),
        error: invalid,
      });
    return parkOrFail(config, record, batch, context, invalid);
  }
  const left = remainingMs(context);
  if (left < reserveFor(config, context)) {
    config.logger.warn('too little time left to start the record: released for a retry', {
      ...recordKeys(raw, record.message),
      remainingMs: left,
    });
    return record.failed(
      new OutOfTimeError(raw, `${left} ms left, below reserveMs ${reserveFor(config, context)}`),
    );
  }
  const message = record.start();
  const guarded = record.claim === 'claimed';
  try {
    await config.handle(message, new RecordContext(context, config.logger, record, batch.metrics));
    if (guarded) lease?.ended(record);
    record.succeeded();
    // Committed with the next group, while the batch goes on: a crash re-runs only what came since.
    if (record.claim === 'claimed') batch.commits?.add(record);
  } catch (error) {
    if (guarded) lease?.ended(record);
    // Whatever was thrown is read through readThrown: an odd value must not fail the invocation.
    const thrown = readThrown(error);
    const failure = new HandlerError(raw, `handler failed: ${thrown.text}`, {
      cause: thrown.error,
      eventId: message.eventId,
    });
    if (thrown.retryLater) {
      config.logger.warn('handler asked for a retry later', {
        ...recordKeys(raw, message),
        error: thrown.error,
      });
    } else if (!willPark(config, failure, error)) {
      // What was thrown, as it may be logged (its own name kept; odd values as a plain copy).
      config.logger.error('handler failed: the record is retried, then sent to the DLQ', {
        ...recordKeys(raw, message),
        error: thrown.error,
      });
    }
    return parkOrFail(config, record, batch, context, failure, error);
  }
}

/** One lane (a partition, or one key of a partition): in offset order, stopped by its first failure. */
async function runLane<T>(
  config: ResolvedConfig<T>,
  records: BatchRecord<T>[],
  context: Context,
  batch: Batch<T>,
  slots: Slots | undefined,
) {
  let failed: BatchRecord<T> | undefined;
  for (const record of records) {
    if (failed) {
      record.failed(
        new PartitionStoppedError(
          record.raw,
          `not run: offset ${failed.raw.offset} of this ${slots ? 'key' : 'partition'} failed first`,
        ),
      );
      continue;
    }
    await runRecord(config, record, context, batch, slots);
    if (record.outcome === 'failed') failed = record;
  }
}

/**
 * @example
 * middy().use(decodeRecords(config)).use(dedupClaims(config)).handler(runPartitions(config));
 */
export function runPartitions<T>(config: ResolvedConfig<T>) {
  return async (_event: MSKEvent, context: StackContext<T>): Promise<KafkaBatchResponse> => {
    // The batch decodeRecords made from this event (it rides on the context: see batch.ts).
    const batch = batchIn(context);
    const slots = config.ordering === 'key' ? new Slots(config.concurrency) : undefined;
    const lanes = lanesOf(batch.partitions, config.ordering);
    await Promise.all(lanes.map((records) => runLane(config, records, context, batch, slots)));
    // Not the first failure alone: AWS's Kafka page says a partial response lets Lambda "retry
    // only the failed records", and under that reading an unnamed record behind it would be
    // committed without having run.
    const batchItemFailures: KafkaBatchItemFailure[] = [];
    for (const records of batch.partitions) {
      for (const record of records) {
        if (record.outcome === 'failed')
          batchItemFailures.push({
            // A number, as the event source mapping expects, even when a hand-made event sent a string.
            itemIdentifier: { partition: record.partitionId, offset: reportedOffset(record.raw) },
          });
      }
    }
    return { batchItemFailures };
  };
}
