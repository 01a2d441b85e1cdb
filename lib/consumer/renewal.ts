/**
 * Renewing the batch's claims, and telling when one was lost.
 *
 * Guarantees:
 * - held claims are renewed every third of their lease while the invocation lives (and after the
 *   answer, those whose handler still runs);
 * - each renewal says per key whether it is still held: a record whose claim is found lost before
 *   it starts is not started (deduplicated if the key is DONE now, failed and retried otherwise);
 *   one found lost while it runs cannot be stopped; both are counted (`DedupErrors{Reason=claim-lost}`)
 *   and logged with their event ids;
 * - a confirmation covers exactly the keys it renewed (each record keeps its own), and no record
 *   starts on a claim confirmed more than a lease ago (the event loop was blocked, or renewals
 *   failed): every claim the batch holds is renewed first, one round trip shared by the partitions
 *   that ask meanwhile, in that case only;
 * - a record that ends more than a lease after the last confirmation (a handler that blocked the
 *   event loop: no timer fires, so nothing renews) is counted (`lease-overrun`) and logged.
 * Does not: stop a running handler, or renew through a blocked event loop (nothing can). A record
 * started on a claim confirmed less than a lease ago may still find, at the next renewal, that the
 * claim was lost meanwhile: the per-record round trip that would close this gap is not made (its
 * cost and the reasoning: docs/consumer.md, "Lost claims").
 */

import type { RenewalResult } from '../dedup/store.ts';
import { errorReason } from '../dedup/store-error-reason.ts';
import { StoreUnavailableError } from '../errors.ts';
import { recordKeys } from '../observability/logger.ts';
import type { Batch } from './batch.ts';
import type { BatchRecord } from './batch-record.ts';
import type { ResolvedConfig } from './config.ts';

/** Event ids listed in one log line at most (the count is always whole). */
const MAX_IDS_LOGGED = 100;

/** Apply what a renewal sent at `sentAt` answered for `records` (in the same order). */
function applyRenewal<T>(
  config: ResolvedConfig<T>,
  batch: Batch<T>,
  records: readonly BatchRecord<T>[],
  results: readonly RenewalResult[] | undefined,
  sentAt: number,
): void {
  // A store whose extend answers nothing (a custom one) says nothing per key: all taken as renewed.
  const perKey = Array.isArray(results);
  let lost: string[] | undefined;
  let count = 0;
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    const claim = record.claim;
    // Settled since the renewal was sent (committed or released): nothing to learn any more.
    if (claim !== 'claimed' && claim !== 'outliving') continue;
    const result = perKey ? results[i] : 'renewed';
    // A confirmation covers exactly the keys it renewed; a key it did not answer for is not confirmed.
    if (result === 'renewed') {
      record.confirmed(sentAt);
      continue;
    }
    if (result !== 'done' && result !== 'lost') continue;
    if (record.run === 'waiting') record.lost(result === 'done');
    else {
      if (batch.lossCounted?.has(record)) continue;
      batch.lossCounted ??= new Set();
      batch.lossCounted.add(record);
    }
    count++;
    lost ??= [];
    if (lost.length < MAX_IDS_LOGGED) lost.push(record.message?.eventId ?? record.key!);
  }
  if (count === 0) return;
  batch.metrics.storeError('claim-lost', count);
  config.logger.error(
    'claims lost under a running batch (Redis lost them, or their lease ended): records not yet started are not run; running ones may run twice',
    { claimsLost: count, eventIds: lost },
  );
}

/** The records whose claims a renewal renews: not yet committed or released, or outliving the answer. */
function heldRecords<T>(batch: Batch<T>): BatchRecord<T>[] {
  const records: BatchRecord<T>[] = [];
  for (const partition of batch.partitions) {
    for (const record of partition) {
      const claim = record.claim;
      if (claim === 'claimed' || claim === 'outliving') records.push(record);
    }
  }
  return records;
}

function keysOf<T>(records: readonly BatchRecord<T>[]): string[] {
  const keys = new Array<string>(records.length);
  for (let i = 0; i < records.length; i++) keys[i] = records[i]!.key!;
  return keys;
}

/**
 * Renew the batch's claims every third of their lease: those not yet committed or released
 * (`claimed`), and after the answer those whose handler still runs (`outliving`). Stops by itself
 * when none is left.
 */
export function renewClaims<T>(config: ResolvedConfig<T>, batch: Batch<T>, leaseMs: number): void {
  const extend = config.store.extend?.bind(config.store);
  if (!extend) return;
  const timer = setInterval(() => {
    const records = heldRecords(batch);
    if (records.length === 0) {
      clearInterval(timer);
      return;
    }
    const keys = keysOf(records);
    const sentAt = performance.now();
    extend(keys, batch.owner, leaseMs).then(
      (results) => applyRenewal(config, batch, records, results, sentAt),
      (error) => {
        config.logger.warn('could not renew claims: they end with their lease', {
          keys: keys.length,
          error,
        });
      },
    );
  }, leaseMs / 3);
  // A renewal never keeps a process alive (in Lambda a frozen sandbox renews nothing anyway).
  timer.unref();
  batch.renewal = timer;
}

/**
 * The one staleness test: the record's claim was last confirmed more than a lease before `now`,
 * so it may have expired (the event loop was blocked: no renewal could fire; or renewals failed).
 * Only a store that renews (`batch.leaseMs` > 0) can tell.
 */
export function claimIsStale<T>(batch: Batch<T>, record: BatchRecord<T>, now: number): boolean {
  return batch.leaseMs !== 0 && now - record.confirmedAt > batch.leaseMs;
}

async function renewHeld<T>(config: ResolvedConfig<T>, batch: Batch<T>): Promise<void> {
  const records = heldRecords(batch);
  if (records.length === 0) return;
  const sentAt = performance.now();
  try {
    const results = await config.store.extend!(keysOf(records), batch.owner, batch.leaseMs);
    applyRenewal(config, batch, records, results, sentAt);
  } catch (error) {
    batch.metrics.storeError(errorReason(error));
    config.logger.warn('could not confirm stale claims before starting their records', {
      keys: records.length,
      error,
    });
  }
}

/**
 * Before a claimed record starts on a stale claim ({@link claimIsStale}): renew every claim the
 * batch holds, in one round trip shared by the partitions that ask meanwhile, and confirm each
 * key by its own answer. Afterwards the record's claim says whether it may start (lost or now
 * DONE: not). Answers the error to fail the record with when its claim could still not be
 * confirmed (the store failed or did not answer for it) and the policy is closed; under 'open'
 * the record runs, as records run unguarded when the store is down (counted, logged).
 */
export async function confirmClaims<T>(
  config: ResolvedConfig<T>,
  batch: Batch<T>,
  record: BatchRecord<T>,
): Promise<StoreUnavailableError | undefined> {
  // Partitions that find their claims stale at once (after one block) share one round trip.
  batch.confirming ??= renewHeld(config, batch).finally(() => {
    batch.confirming = undefined;
  });
  await batch.confirming;
  if (record.claim !== 'claimed' || !claimIsStale(batch, record, performance.now())) return undefined;
  if (config.onStoreError === 'open') return undefined;
  config.logger.warn(
    'a stale claim could not be confirmed and onStoreError is closed: the record fails and is retried',
    recordKeys(record.raw, record.message),
  );
  return new StoreUnavailableError(
    record.raw,
    'its claim could not be confirmed before it started (stale after a blocked event loop) and onStoreError is closed',
  );
}

/**
 * After a claimed record ran: if it ended more than a lease after the last confirmation, its
 * claim may have expired while it ran and another invocation may have run it too. Count and log.
 */
export function checkLease<T>(
  config: ResolvedConfig<T>,
  batch: Batch<T>,
  record: BatchRecord<T>,
  endedAt: number,
) {
  if (batch.leaseMs === 0) return;
  const since = endedAt - record.confirmedAt;
  if (since <= batch.leaseMs || batch.lossCounted?.has(record)) return;
  batch.lossCounted ??= new Set();
  batch.lossCounted.add(record);
  batch.metrics.storeError('lease-overrun');
  config.logger.error(
    'the claim’s lease may have ended while the record ran (a blocked event loop renews nothing): another invocation may have run it too; choose a longer leaseMs for CPU-heavy handlers',
    {
      ...recordKeys(record.raw, record.message),
      leaseMs: batch.leaseMs,
      msSinceConfirmed: Math.round(since),
    },
  );
}
