/**
 * The dedup store: one key per (service, handler, event id) (dedup-key.ts), with a small state
 * machine. RedisDedupStore keeps DONE apart from the key, as a mark in a hash beside it
 * (dedup-mark.ts); the states are the same.
 *
 *   absent --claim--> IN_PROGRESS(owner), lease = about the invocation's remaining time
 *   IN_PROGRESS(mine) --commit--> DONE for at least the dedup window   (the handler succeeded)
 *   IN_PROGRESS(mine) --release--> absent                         (failed, or never ran)
 *   IN_PROGRESS(mine) --extend--> IN_PROGRESS(mine), lease renewed    (while the invocation lives)
 *   IN_PROGRESS(crashed owner) --lease expires--> absent
 *
 * Every call takes a whole batch of keys so that a store can answer in a few round trips.
 */

/** What a claim found: `claimed` (run it), `done` (a duplicate, skip), `held` (another owner is on it). */
export type ClaimOutcome = 'claimed' | 'done' | 'held';

/**
 * The answer to one key of a batch claim: an outcome, or the error of the round trip that
 * carried it (a cluster node may fail while the others answer).
 */
export type ClaimResult = ClaimOutcome | Error;

/**
 * What a renewal found for one key: `renewed` (still this owner's, lease renewed), `done` (DONE
 * now: another invocation finished the event; RedisDedupStore tells it only of a 0.3.0 string
 * mark), `lost` (gone, or another owner's: Redis lost the write in a restart or failover, the
 * lease ended, or another invocation finished the event and let its lease go).
 */
export type RenewalResult = 'renewed' | 'done' | 'lost';

/** What one commit call reports beside its writes. */
export interface CommitReport {
  /**
   * DONE marks this commit wrote into a hash past the compact encoding (more fields than Redis
   * keeps in a listpack: dedup-mark.ts): the handler runs above its declared `eventsPerSecond`.
   * Counted as `DedupMarksNotCompact`. Each mark is still written.
   */
  readonly overfullMarks: number;
}

/** A dedup store. Implementations: {@link RedisDedupStore}, {@link MemoryDedupStore} for local runs only, and {@link RolloutDedupStore} over either during a key format rollout. */
export interface DedupStore {
  /**
   * Claim each key for `owner` for `leaseMs`, atomically per key (SET NX), `done` when it was
   * marked DONE within `windowMs` (the window commit is given; a store whose marks carry their own
   * expiry may ignore it).
   * Resolves to one result per key, in order; rejects only when no key could be asked at all.
   */
  claim(keys: readonly string[], owner: string, leaseMs: number, windowMs?: number): Promise<ClaimResult[]>;
  /**
   * IN_PROGRESS(owner) -> DONE for `windowMs`. Keys held by another owner are left alone.
   * Resolves to what the commit wants said ({@link CommitReport}), or nothing.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a store with nothing to report resolves Promise<void>
  commit(keys: readonly string[], owner: string, windowMs: number): Promise<CommitReport | undefined | void>;
  /**
   * Renew the lease of keys `owner` still holds, and say per key, in order, whether it still held
   * it. Optional: a store without it gets leases as long as the invocation's remaining time
   * instead of short renewed ones (and no claim loss is detected).
   */
  extend?(keys: readonly string[], owner: string, leaseMs: number): Promise<RenewalResult[]>;
  /**
   * Open the connection if it is not open (a cold start, or after a dropped one), so that its cost
   * (TLS, an IAM token, AUTH) is timed apart from the calls (`DedupConnectDuration`). Resolves true
   * when it had to open one, false when one was open; rejects as a call would. Optional: a store
   * without it connects inside its calls.
   */
  connect?(): Promise<boolean>;
  /**
   * How many group commits the store takes at once. While that many are in flight, the next group
   * keeps filling past `commitEvery.records` and goes when one lands (its `commitEvery.ms` still
   * sends it in time). A store whose commit costs a call per part of the keys says how many:
   * RedisDedupStore on a cluster says 1, since its commit is a script per hash slot among the keys
   * (100 keys: ~91 scripts), and a few large groups share slots where many small ones do not.
   * @default unbounded: every group goes when it is full, overlapping the batch's work
   */
  readonly commitGroupsInFlight?: number;
  /**
   * The `commitEvery.records` this store is made for, used where the team gave none. A store whose
   * commit costs a call per part of the keys says how many records make a group worth its calls:
   * RedisDedupStore on a cluster says 1,000 (100 keys over a handler's 512 slots are ~91 scripts of
   * one key each; 1,000 are ~440 scripts of two or three).
   * @default 100 (the setting's own default)
   */
  readonly commitGroupRecords?: number;
  /**
   * How many keys a claim call of this store takes best when the batch's first records could run
   * while it answers the rest. Given, the consumer sends a batch's claim in parts at once (the
   * first an eighth of this, then doubling up to it) and starts each record once its part
   * answered. RedisDedupStore on a standalone Redis says 1,000 (a script's keys): Redis runs the
   * parts in turn while the first records run. None on a cluster, where a claim costs a script per
   * hash slot among its keys, so parts would multiply the scripts.
   * @default none: the batch's claim is one call, answered before any record runs
   */
  readonly claimPartRecords?: number;
  /** IN_PROGRESS(owner) -> absent, so that a retry runs the handler again. */
  release(keys: readonly string[], owner: string): Promise<void>;
  /** Close connections (tests, local runs; Lambda keeps them for the next invocation). */
  close(): Promise<void>;
}
