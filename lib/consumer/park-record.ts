/**
 * parkOrFail: the step of a record's failure path that parks poison in the poison sink.
 *
 * Guarantees:
 * - without a `poison` option, or for a failure a retry may cure, the record fails exactly as
 *   before (synchronously, nothing allocated);
 * - a poison record (poison.ts says which) is written to the sink before its partition goes on:
 *   parked, it counts as handled (`MessagesParked`, not in `batchItemFailures`) and its claim is
 *   committed DONE with the next group, so a redelivery of the batch (a crash or a timeout after
 *   the write, a whole-batch retry, a partition resumed from a lower offset) skips it instead of
 *   parking it again;
 * - if the sink does not take it (an error, or no answer within {@link PARK_TIMEOUT_MS} or the
 *   invocation's remaining time less `reserveMs`, enforced by a timer whether or not the sink heeds
 *   its signal), the record fails with its own error, so the mapping retries it and, retries
 *   exhausted, sends it to the on-failure destination; the sink's failure is logged
 *   (`PoisonSinkError`) and counted (`PoisonSinkErrors`);
 * - a write still in flight at its bound keeps the record's claim until it settles: committed DONE
 *   if it landed late (the retry skips the record: run once, parked once), released if it did not.
 * Does not: park a record twice in one invocation, or retry the sink itself (the mapping's retry
 * of the record is the retry). A record without a dedup key (undecodable) has no claim to commit:
 * a redelivery parks it again, under the same position.
 */
import type { Context } from 'aws-lambda';
import { Metric } from '../contract.ts';
import { PoisonSinkError } from '../errors.ts';
import { recordKeys } from '../observability/logger.ts';
import { readThrown } from '../observability/thrown.ts';
import type { Batch } from './batch.ts';
import type { BatchRecord } from './batch-record.ts';
import type { ResolvedConfig } from './config.ts';
import { type PoisonReason, poisonEntry, poisonReason } from './poison.ts';

/** The longest a record waits for the sink: its partition waits with it. */
export const PARK_TIMEOUT_MS = 5000;

/**
 * Whether {@link parkOrFail} will try to park a record failing with `error` (the runner then logs
 * no "retried, then sent to the DLQ" error for it: parkOrFail logs what became of it).
 *
 * @internal
 * @example
 * if (!willPark(config, failure, thrown)) config.logger.error('handler failed', { error });
 */
export function willPark<T>(config: ResolvedConfig<T>, error: Error, thrown?: unknown): boolean {
  const poison = config.poison;
  return poison !== undefined && poisonReason(error, thrown, poison.isPermanent) !== undefined;
}

/**
 * Fail `record` with `error`, or park it when no retry can cure it. `thrown` is what the handler
 * threw, when it did (a `PermanentError`, or what `poison.isPermanent` is asked about).
 *
 * @internal
 * @example
 * await parkOrFail(config, record, batch, context, new HandlerError(raw, 'handler failed: no'), thrown);
 */
export function parkOrFail<T>(
  config: ResolvedConfig<T>,
  record: BatchRecord<T>,
  batch: Batch<T>,
  context: Context,
  error: Error,
  thrown?: unknown,
): void | Promise<void> {
  const poison = config.poison;
  const reason = poison ? poisonReason(error, thrown, poison.isPermanent) : undefined;
  if (!reason) return record.failed(error);
  return park(config, record, batch, context, error, reason);
}

async function park<T>(
  config: ResolvedConfig<T>,
  record: BatchRecord<T>,
  batch: Batch<T>,
  context: Context,
  error: Error,
  reason: PoisonReason,
): Promise<void> {
  const { raw } = record;
  const keys = recordKeys(raw, record.message);
  const entry = poisonEntry(raw, record.message, record.key, reason, error, {
    service: config.service,
    handler: config.handlerName,
  });
  record.poisoned(error);
  const ms = parkBoundMs(config, context);
  // The bound is enforced here, not left to the sink: a sink that ignores its signal must not hold
  // the partition, nor outlive the invocation while its record's claim is released under it.
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const write = Promise.resolve().then(() => config.poison!.sink.park(entry, controller.signal));
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  let result: 'parked' | 'late';
  try {
    result = await Promise.race([write.then(() => 'parked' as const), late]);
  } catch (sinkError) {
    clearTimeout(timer);
    return sinkFailed(config, record, batch, error, entry.eventId, keys, readThrown(sinkError).text);
  }
  clearTimeout(timer);
  if (result === 'late') {
    controller.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError'));
    // The write may still land: the record's claim is settled only once it has (committed if it
    // did, so that the retry skips the record instead of running and parking it again; released
    // if it did not), never released while it is in flight.
    record.parkInFlight = write.then(
      () => true,
      () => false,
    );
    return sinkFailed(config, record, batch, error, entry.eventId, keys, `no answer within ${ms} ms`);
  }
  config.logger.warn('record parked in the poison sink: no retry can cure it', {
    ...keys,
    reason,
    error,
  });
  record.parked();
  // Its key turns DONE with the next group, as a success's would: a redelivery skips it.
  if (record.claim === 'claimed') batch.commits?.add(record);
}

/**
 * How long a record waits for the sink: {@link PARK_TIMEOUT_MS}, or less when the invocation has
 * less time left than that beyond its `reserveMs` (at least 1 ms).
 *
 * @internal
 */
export function parkBoundMs<T>(config: ResolvedConfig<T>, context: Context): number {
  const remaining = context?.getRemainingTimeInMillis?.();
  const left = typeof remaining === 'number' ? remaining - config.reserveMs : PARK_TIMEOUT_MS;
  return Math.max(1, Math.min(PARK_TIMEOUT_MS, left));
}

function sinkFailed<T>(
  config: ResolvedConfig<T>,
  record: BatchRecord<T>,
  batch: Batch<T>,
  error: Error,
  eventId: string | undefined,
  keys: Record<string, unknown>,
  why: string,
): void {
  batch.metrics.count(Metric.poisonSinkErrors);
  config.logger.error('poison sink did not take the record: it fails and is retried, then sent to the DLQ', {
    ...keys,
    error: new PoisonSinkError(record.raw, `poison sink failed (${why}): ${error.message}`, {
      cause: error,
      eventId,
    }),
  });
  record.failed(error);
}
