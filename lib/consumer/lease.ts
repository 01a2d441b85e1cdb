/**
 * ClaimLease: the lease of one invocation's claims, and the one owner of everything about it: how
 * long it is, the timer that renews it, what each renewal confirms or finds lost, the records that
 * may not start on a stale claim, the loss counting, and the stop. dedupClaims makes it once the
 * claim call answered and puts it on the batch (`batch.lease`, which rides on the request's
 * context: batch.ts); the runner and dedupClaims call it through `Lease` (batch.ts), and nothing
 * else writes its state.
 * When each record's claim was last confirmed is the record's own (`BatchRecord.confirmedAt`,
 * moved only by the claim and by this lease's renewals).
 *
 * Guarantees:
 * - held claims are renewed every third of their lease while the invocation lives (and after the
 *   answer, those whose handler still runs), until none is held, or the invocation answers with
 *   no handler still running ({@link ClaimLease.stop});
 * - each renewal says per key whether it is still held: a record whose claim is found lost before
 *   it starts is not started (deduplicated if the key is DONE now, failed and retried otherwise);
 *   one found lost while it runs cannot be stopped; both are counted (`DedupErrors{Reason=claim-lost}`)
 *   and logged with their event ids;
 * - a confirmation covers exactly the keys it renewed (each record keeps its own), and no record
 *   starts on a claim confirmed more than a lease ago (the event loop was blocked, or renewals
 *   failed): every claim the batch holds is renewed first, one round trip shared by the partitions
 *   that ask meanwhile, in that case only;
 * - a record that ends more than a lease after the last confirmation (a handler that blocked the
 *   event loop: no timer fires, so nothing renews) is counted (`lease-overrun`) and logged;
 * - each record's loss is counted once, whichever of claim-lost and lease-overrun finds it first.
 * Does not: stop a running handler, or renew through a blocked event loop (nothing can). A record
 * started on a claim confirmed less than a lease ago may still find, at the next renewal, that the
 * claim was lost meanwhile: the per-record round trip that would close this gap is not made (its
 * cost and the reasoning: docs/consumer.md, "Lost claims"). A store without `extend` renews
 * nothing: its claims get the invocation's remaining time instead, and no loss can be told.
 */
import type { Context } from 'aws-lambda';
import type { RenewalResult } from '../dedup/store.ts';
import { errorReason } from '../dedup/store-error-reason.ts';
import { StoreUnavailableError } from '../errors.ts';
import { recordKeys } from '../observability/logger.ts';
import type { Batch, Lease } from './batch.ts';
import type { BatchRecord } from './batch-record.ts';
import { MIN_LEASE_MS, type ResolvedConfig } from './config.ts';

/** Event ids listed in one log line at most (the count is always whole). */
const MAX_IDS_LOGGED = 100;

// Without a remaining time (tests, local runs) a lease as long as the longest Kafka invocation.
const FALLBACK_LEASE_MS = 15 * 60 * 1000;

/**
 * A claim's lease. Where the store can renew (extend), a short one renewed while the invocation
 * lives (`leaseMs`, 30 s), so a crashed invocation holds its claims that long at most; else the
 * invocation's remaining time. Never longer than the remaining time, never below MIN_LEASE_MS.
 */
function leaseFor<T>(config: ResolvedConfig<T>, context: Context | undefined): number {
  const remaining = context?.getRemainingTimeInMillis?.();
  const left = typeof remaining === 'number' && remaining > 0 ? remaining : FALLBACK_LEASE_MS;
  const lease = config.store.extend ? Math.min(config.leaseMs, left) : left;
  return Math.max(lease, MIN_LEASE_MS);
}

function keysOf<T>(records: readonly BatchRecord<T>[]): string[] {
  const keys = new Array<string>(records.length);
  for (let i = 0; i < records.length; i++) keys[i] = records[i]!.key!;
  return keys;
}

/**
 * The lease of one invocation's claims (see the module's guarantees).
 *
 * @example
 * const lease = new ClaimLease(config, batch, request.context);
 * await config.store.claim(keys, batch.owner, lease.ms);
 * batch.lease = lease;
 * lease.renew();
 * @internal
 */
export class ClaimLease<T> implements Lease<T> {
  /** Each claim's lease in ms, as claimed and as renewed. */
  readonly ms: number;
  readonly #config: ResolvedConfig<T>;
  readonly #batch: Batch<T>;
  // The store's renewal, bound once; undefined: the store renews nothing, and no loss can be told.
  readonly #extend: ResolvedConfig<T>['store']['extend'];
  #timer: NodeJS.Timeout | undefined;
  // The renewal of stale claims in flight, which records that find theirs stale meanwhile await.
  #confirming: Promise<void> | undefined;
  // Records whose loss was counted (claim-lost or lease-overrun): each is counted once.
  #lossCounted: Set<BatchRecord<T>> | undefined;

  /** The lease for `batch`'s claims, as long as `context`'s remaining time allows; nothing runs yet. */
  constructor(config: ResolvedConfig<T>, batch: Batch<T>, context: Context | undefined) {
    this.ms = leaseFor(config, context);
    this.#config = config;
    this.#batch = batch;
    this.#extend = config.store.extend?.bind(config.store);
  }

  /**
   * The claims were taken: renew them every third of their lease, those not yet committed or
   * released (`claimed`), and after the answer those whose handler still runs (`outliving`). Stops
   * by itself when none is left.
   */
  renew(): void {
    const extend = this.#extend;
    if (!extend) return;
    const config = this.#config;
    const batch = this.#batch;
    const leaseMs = this.ms;
    const timer = setInterval(() => {
      const records = this.#held();
      if (records.length === 0) {
        // A record waiting for another invocation's claim may yet win it: keep the timer for it.
        if (!this.#anyWaitingForHeld()) clearInterval(timer);
        return;
      }
      const keys = keysOf(records);
      const sentAt = performance.now();
      extend(keys, batch.owner, leaseMs).then(
        (results) => this.#applyRenewal(records, results, sentAt),
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
    this.#timer = timer;
  }

  /** No more renewals: the invocation answered and no handler outlives it. */
  stop(): void {
    clearInterval(this.#timer);
  }

  /**
   * Before a record starts: if it is claimed and its claim was last confirmed more than a lease
   * ago (it may have expired: the event loop was blocked, or renewals failed), renew every claim
   * the batch holds, in one round trip shared by the partitions that ask meanwhile, and confirm
   * each key by its own answer. Undefined (no wait) when the claim is fresh, or nothing can tell.
   * Else a promise of the error to fail the record with when its claim could still not be
   * confirmed (the store failed or did not answer for it) and the policy is closed; under 'open'
   * the record runs, as records run unguarded when the store is down (counted, logged).
   * Afterwards the record's claim says whether it may start (lost or now DONE: not).
   */
  confirmIfStale(record: BatchRecord<T>): Promise<StoreUnavailableError | undefined> | undefined {
    if (record.claim !== 'claimed' || !this.#isStale(record, performance.now())) return undefined;
    return this.#confirm(record);
  }

  /**
   * A claimed record ended (its handler returned or threw): if more than a lease after the last
   * confirmation, its claim may have expired while it ran and another invocation may have run it
   * too. Counted (`lease-overrun`) and logged.
   */
  ended(record: BatchRecord<T>): void {
    if (!this.#extend) return;
    const ms = this.ms;
    const since = performance.now() - record.confirmedAt;
    if (since <= ms || !this.#firstLoss(record)) return;
    this.#batch.metrics.storeError('lease-overrun');
    this.#config.logger.error(
      'the claim’s lease may have ended while the record ran (a blocked event loop renews nothing): another invocation may have run it too; choose a longer leaseMs for CPU-heavy handlers',
      {
        ...recordKeys(record.raw, record.message),
        leaseMs: ms,
        msSinceConfirmed: Math.round(since),
      },
    );
  }

  /**
   * The one staleness test: the record's claim was last confirmed more than a lease before `now`.
   * Only a store that renews can tell.
   */
  #isStale(record: BatchRecord<T>, now: number): boolean {
    return this.#extend !== undefined && now - record.confirmedAt > this.ms;
  }

  async #confirm(record: BatchRecord<T>): Promise<StoreUnavailableError | undefined> {
    // Partitions that find their claims stale at once (after one block) share one round trip.
    this.#confirming ??= this.#renewHeld().finally(() => {
      this.#confirming = undefined;
    });
    await this.#confirming;
    if (record.claim !== 'claimed' || !this.#isStale(record, performance.now())) return undefined;
    const config = this.#config;
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

  async #renewHeld(): Promise<void> {
    const records = this.#held();
    if (records.length === 0) return;
    const config = this.#config;
    const sentAt = performance.now();
    try {
      const results = await this.#extend!(keysOf(records), this.#batch.owner, this.ms);
      this.#applyRenewal(records, results, sentAt);
    } catch (error) {
      this.#batch.metrics.storeError(errorReason(error));
      config.logger.warn('could not confirm stale claims before starting their records', {
        keys: records.length,
        error,
      });
    }
  }

  /** The records whose claims a renewal renews: not yet committed or released, or outliving the answer. */
  #held(): BatchRecord<T>[] {
    const records: BatchRecord<T>[] = [];
    for (const partition of this.#batch.partitions) {
      for (const record of partition) {
        const claim = record.claim;
        if (claim === 'claimed' || claim === 'outliving') records.push(record);
      }
    }
    return records;
  }

  /** Some record still waits for a claim another invocation holds (held-claim-wait.ts). */
  #anyWaitingForHeld(): boolean {
    if (this.#batch.answered) return false;
    for (const partition of this.#batch.partitions) {
      for (const record of partition) if (record.claim === 'held' && record.run === 'waiting') return true;
    }
    return false;
  }

  /** Apply what a renewal sent at `sentAt` answered for `records` (in the same order). */
  #applyRenewal(
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
      else if (!this.#firstLoss(record)) continue;
      count++;
      lost ??= [];
      if (lost.length < MAX_IDS_LOGGED) lost.push(record.message?.eventId ?? record.key!);
    }
    if (count === 0) return;
    this.#batch.metrics.storeError('claim-lost', count);
    this.#config.logger.error(
      'claims lost under a running batch (Redis lost them, or their lease ended): records not yet started are not run; running ones may run twice',
      { claimsLost: count, eventIds: lost },
    );
  }

  /** True the first time a record's loss is counted after it started; false ever after. */
  #firstLoss(record: BatchRecord<T>): boolean {
    if (this.#lossCounted?.has(record)) return false;
    this.#lossCounted ??= new Set();
    this.#lossCounted.add(record);
    return true;
  }
}
