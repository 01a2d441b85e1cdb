/**
 * waitForHeldClaim: a record whose claim another invocation holds waits for it, boundedly, instead
 * of failing at once.
 *
 * Guarantees:
 * - the claim is asked for again (the store's own claim: standalone and cluster alike), with a
 *   backoff from 25 ms doubling up to a tenth of the lease (at most 1 s), until the key is DONE
 *   (the record turns duplicate), or freed, released by its owner or its lease ended (the record
 *   is claimed here, its lease renewed with the batch's, and it runs);
 * - the wait ends by `heldClaimWaitMs` (default: one lease, within which a crashed owner's claim
 *   ends) and by the invocation's remaining time less `reserveMs`, whichever is first; then the
 *   record stays held and fails as it did before (retried by the mapping);
 * - a record waiting holds no slot and no partition other than its own lane: the other lanes run;
 * - a claim won after the invocation answered is released at once (the answer reported the record);
 * - each wait is counted by how it ended (`Metric.heldClaimWaits`, `Reason` claimed, done or
 *   still-held), and logged.
 * Does not: wait on a store error (counted as one, the record fails as held), or make the wait
 * shorter than the next backoff step by watching the key (the store has no such call).
 */
import type { Context } from 'aws-lambda';
import type { HeldClaimWaitOutcome } from '../contract.ts';
import { errorReason } from '../dedup/store-error-reason.ts';
import { recordKeys } from '../observability/logger.ts';
import type { Batch } from './batch.ts';
import type { BatchRecord } from './batch-record.ts';
import type { ResolvedConfig } from './config.ts';
import { heldClaimWaitBoundFor } from './time-budget.ts';

const FIRST_BACKOFF_MS = 25;
const MAX_BACKOFF_MS = 1000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Wait for the held claim of `record` (claim 'held', not started). Returns when the record is
 * claimed, a duplicate, or still held at the bound; never throws.
 *
 * @example
 * if (record.claim === 'held') await waitForHeldClaim(config, batch, record, context);
 * @internal
 */
export async function waitForHeldClaim<T>(
  config: ResolvedConfig<T>,
  batch: Batch<T>,
  record: BatchRecord<T>,
  context: Context | undefined,
): Promise<void> {
  const lease = batch.lease;
  const bound = heldClaimWaitBoundFor(config, context);
  if (!(bound > 0) || !lease) return;
  const started = performance.now();
  const deadline = started + bound;
  const key = record.key!;
  let backoff = FIRST_BACKOFF_MS;
  const maxBackoff = Math.max(FIRST_BACKOFF_MS, Math.min(MAX_BACKOFF_MS, lease.ms / 10));
  let outcome: HeldClaimWaitOutcome = 'still-held';
  for (;;) {
    const left = deadline - performance.now();
    if (left <= 0) break;
    await sleep(Math.min(backoff, left));
    backoff = Math.min(backoff * 2, maxBackoff);
    if (batch.answered) break;
    const sentAt = performance.now();
    let result: unknown;
    try {
      [result] = await config.store.claim([key], batch.owner, lease.ms);
    } catch (error) {
      result = error;
    }
    if (result instanceof Error || (result !== 'claimed' && result !== 'done' && result !== 'held')) {
      batch.metrics.storeError(errorReason(result));
      config.logger.warn('could not ask again for a held claim: the record fails as held', {
        ...recordKeys(record.raw, record.message),
        error: result,
      });
      break;
    }
    if (result === 'held') continue;
    if (result === 'claimed' && batch.answered) {
      // Too late to run it: the answer already reported it. Let the retry have the key.
      await config.store.release([key], batch.owner).catch(() => undefined);
      break;
    }
    record.heldEnded(result, sentAt);
    outcome = result;
    break;
  }
  batch.metrics.heldClaimWait(outcome);
  config.logger.info('waited for a claim another invocation held', {
    ...recordKeys(record.raw, record.message),
    outcome,
    waitedMs: Math.round(performance.now() - started),
  });
}
