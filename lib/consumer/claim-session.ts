/**
 * ClaimSession: the claims of one invocation, and the only code that talks to the dedup store.
 *
 * It claims every record's key in one batched call (or, where the store says so, in parts sent at
 * once, each record decided when its own part answered), waits (boundedly) for a key another invocation
 * holds, renews the claims it holds (the lease), confirms a stale claim before its record starts,
 * commits the claims of succeeded records in groups while the batch runs (group-commit.ts) and
 * what is left at the answer, and releases the others. Every store call goes through one private
 * path ({@link ClaimSession.#send}, then {@link ClaimSession.#failed} when it failed) that:
 * - times it (`DedupCheckDuration`), and times apart a connection the store had to open first (a
 *   cold start's TLS handshake, IAM token and AUTH: `DedupConnectDuration`), so the p99 alarm on
 *   DedupCheckDuration means the store;
 * - counts a failure (`DedupErrors{Reason}`: a failed claim, renewal, stale-claim confirmation,
 *   held-claim ask, commit or release alike), classified by `errorReason`;
 * - logs it the same way: one line naming the call (`storeCall`), the number of keys, the reason,
 *   the cause and address where known, and what follows from it.
 * When each record's claim was last confirmed is the record's own (`BatchRecord.confirmedAt`, moved
 * only by the claim and by this session's renewals); what the store did since the cold start
 * ({@link StoreHealth}) is shared by the sessions of one handler.
 *
 * Guarantees:
 * - a record whose key is DONE is not run (counted as deduplicated); the same key twice in one
 *   batch is asked once: the later copy follows the first one's outcome;
 * - a record whose key another invocation holds waits for it, boundedly: the claim is asked for
 *   again with a backoff from 25 ms doubling up to a tenth of the lease (at most 1 s), until the key
 *   is DONE (a duplicate) or freed (claimed here, renewed with the others, and run), within
 *   `heldClaimWaitMs` and the invocation's remaining time less `reserveMs`; then it stays held and
 *   fails (retried by the mapping). A claim won after the answer is released at once. Each wait is
 *   counted by how it ended (`HeldClaimWaits{Reason}`) and logged;
 * - held claims are renewed every third of their lease while the invocation lives (and after the
 *   answer, those whose handler still runs), until none is held or the invocation answered with no
 *   handler running; each renewal says per key whether it is still held: a record whose claim is
 *   found lost before it starts is not started (deduplicated if the key is DONE now, failed
 *   otherwise); one found lost while it runs cannot be stopped; both are counted
 *   (`DedupErrors{Reason=claim-lost}`, once per record) and logged with their event ids;
 * - no record starts on a claim confirmed more than a lease ago: every claim held is renewed
 *   first, in one round trip shared by the lanes that ask meanwhile; under 'closed' a claim that
 *   still cannot be confirmed fails its record;
 * - a record that ends more than a lease after its last confirmation (a handler that blocked the
 *   event loop) is counted (`lease-overrun`) and logged;
 * - store errors follow the policy: 'open' runs the records unguarded (the WARN line lists them:
 *   count, then positions and event ids, bounded), 'closed' fails them; a store that has not worked
 *   once since the cold start (reason `misconfigured`) is logged at ERROR once per cold start, and
 *   the first claim that works after it is logged too;
 * - at the answer: the claims of succeeded (and parked) records are committed, with the groups
 *   still in flight awaited; those of records that failed or never ran are released; a record still
 *   running keeps its claim, settled when its handler ends (or by its lease if the sandbox dies).
 *   {@link ClaimSession.settle} never throws; a second call finds nothing left;
 * - DONE marks a commit wrote into hashes past the compact encoding (the store counts them: the
 *   handler runs above its declared `eventsPerSecond`) are said at WARN and counted
 *   (`DedupMarksNotCompact`, not `DedupErrors`: a capacity warning, not a failure), each once.
 * Does not:
 * - give once-only effects while the store is down under 'open', or after the window: the effect
 *   layer's job;
 * - retry a failed commit: the effect has happened, the record does not fail, the key stays
 *   IN_PROGRESS until its lease ends (counted and logged);
 * - stop a running handler, or renew through a blocked event loop (nothing can). A record started
 *   on a claim confirmed less than a lease ago may still find at the next renewal that it was lost
 *   meanwhile (docs/consumer.md, "Lost claims"). A store without `extend` renews nothing: its
 *   claims get the invocation's remaining time instead, and no loss can be told.
 */
import type { Context } from 'aws-lambda';
import { MARKS_NOT_COMPACT_MESSAGE, MAX_LISTED_SKIPPED } from '../contract/log-lines.ts';
import { formatPosition } from '../contract/position.ts';
import type { HeldClaimWaitOutcome } from '../contract.ts';
import type { ClaimResult, DedupStore, RenewalResult } from '../dedup/store.ts';
import { errorReason } from '../dedup/store-error-reason.ts';
import { RedisConnectionError, StoreUnavailableError } from '../errors.ts';
import { recordKeys } from '../observability/logger.ts';
import type { Batch, Commits } from './batch.ts';
import type { BatchRecord } from './batch-record.ts';
import { MIN_LEASE_MS, type ResolvedConfig } from './config.ts';
import { GroupCommit } from './group-commit.ts';
import { countExposed } from './ordering.ts';
import type { TimeBudget } from './time-budget.ts';

/** Event ids listed in one claim-lost line at most (the count is always whole). */
const MAX_IDS_LOGGED = 100;

// Without a remaining time (tests, local runs) a lease as long as the longest Kafka invocation.
const FALLBACK_LEASE_MS = 15 * 60 * 1000;

const FIRST_BACKOFF_MS = 25;
const MAX_BACKOFF_MS = 1000;

/** The store calls, as the log line's `storeCall` names them. */
type StoreCall = 'claim' | 'extend' | 'commit' | 'release';

/** What one store call came back with: its answer, or what it threw. */
type Sent<R> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly error: unknown };

const NO_CONNECT: Sent<boolean> = { ok: true, value: false };
const OPENED: Sent<boolean> = { ok: true, value: true };

/**
 * Errors that refused claims alike: the same error, or (the parts of one claim each failing on
 * their own) the same reason and text, so that an outage is said once per invocation, not once a part.
 */
function sameFailure(error: unknown): unknown {
  return error instanceof Error ? `${errorReason(error)}\u0000${error.message}` : error;
}

/**
 * The parts a claim of `asked` (in the batch's order) is sent in: one, or where the store claims
 * in parts of `partRecords` keys, a first part of an eighth of that (the lanes start once it
 * answers), then parts doubling up to `partRecords`. Records go into the parts a rank at a time
 * over the partitions (every partition's first record, then every second...), so that every lane
 * has its first records in the first part. Parts hold no record twice and every asked record once.
 */
export function claimParts<T>(
  partitions: readonly (readonly BatchRecord<T>[])[],
  asked: readonly BatchRecord<T>[],
  isAsked: (record: BatchRecord<T>) => boolean,
  partRecords: number | undefined,
): BatchRecord<T>[][] {
  if (!(partRecords !== undefined && partRecords > 0) || asked.length <= partRecords / 8)
    return [asked as BatchRecord<T>[]];
  const ordered: BatchRecord<T>[] = [];
  let longest = 0;
  for (const partition of partitions) longest = Math.max(longest, partition.length);
  for (let rank = 0; rank < longest; rank++) {
    for (const partition of partitions) {
      const record = partition[rank];
      if (record !== undefined && isAsked(record)) ordered.push(record);
    }
  }
  const parts: BatchRecord<T>[][] = [];
  let size = Math.max(1, Math.ceil(partRecords / 8));
  for (let at = 0; at < ordered.length; at += size, size = Math.min(partRecords, size * 2))
    parts.push(ordered.slice(at, at + size));
  return parts;
}

/** What the policy does while the store has never worked: said once, loudly, per cold start. */
const NEVER_WORKED = {
  open: 'dedup store has not worked since this cold start (misconfigured?): records run WITHOUT dedup (fail-open) for as long as it does not answer, so repeats run again; the error says what to check',
  closed:
    'dedup store has not worked since this cold start (misconfigured?): every record fails (fail-closed) and is retried, then reaches the DLQ, for as long as it does not answer; the error says what to check',
} as const;

/** What the store did since this cold start: shared by the claim sessions of one handler. @internal */
export class StoreHealth {
  /** What was told of a store that has not worked since the cold start. */
  neverWorked: 'not seen' | 'told' | 'recovered' = 'not seen';
}

/** Fields of a store error a log query can group by: the reason, the cause and the address, where known. */
function storeErrorFields(error: unknown): Record<string, unknown> {
  const reason = errorReason(error);
  return error instanceof RedisConnectionError
    ? { reason, error, problem: error.problem, address: error.address }
    : { reason, error };
}

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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The claims of one invocation (see the module's guarantees). Made by the invocation before its
 * records are decoded; it reads them from the batch when it claims.
 *
 * @example
 * const session = new ClaimSession(config, health, budget, batch, context);
 * await session.claim();
 * // ... run the lanes: waitIfHeld, confirmIfStale, ended, add ...
 * await session.settle();
 * @internal
 */
export class ClaimSession<T> implements Commits<T> {
  /** Each claim's lease in ms, as claimed and as renewed. */
  readonly leaseMs: number;
  readonly #config: ResolvedConfig<T>;
  readonly #health: StoreHealth;
  readonly #budget: TimeBudget;
  readonly #batch: Batch<T>;
  readonly #context: Context | undefined;
  readonly #store: DedupStore;
  readonly #group: GroupCommit<T>;
  // Keys whose commit failed.
  readonly #uncommitted = new Set<string>();
  // The claim call answered: from then on there are claims to renew, confirm and wait beside.
  #claimed = false;
  // The invocation answered: no record starts any more, a claim won later is let go at once.
  #answered = false;
  #timer: NodeJS.Timeout | undefined;
  // One renewal shared by the lanes that find their claims stale at once (after one block).
  #confirming: Promise<void> | undefined;
  // Records whose loss after they started was counted already (made on the first such loss).
  #lossCounted: Set<BatchRecord<T>> | undefined;
  // Every part of the claim answered (and what answered after the invocation released).
  #claimsAnswered: Promise<void> | undefined;
  // Records whose claim failed, by error, over the parts of the claim: said once every part answered.
  #claimFailures: Map<unknown, { error: unknown; records: BatchRecord<T>[] }> | undefined;

  constructor(
    config: ResolvedConfig<T>,
    health: StoreHealth,
    budget: TimeBudget,
    batch: Batch<T>,
    context: Context | undefined,
  ) {
    this.#config = config;
    this.#health = health;
    this.#budget = budget;
    this.#batch = batch;
    this.#context = context;
    this.#store = config.store;
    this.leaseMs = leaseFor(config, context);
    this.#group = new GroupCommit(config, (keys) => this.#commit(keys));
  }

  // --- the one path to the store ---

  /**
   * Send one store call: connect first if the store must (timed apart, `DedupConnectDuration`),
   * then the call itself, timed (`DedupCheckDuration`). Never throws: a failure comes back as
   * `{ ok: false }` for {@link #failed} to count and log.
   */
  async #send<R>(send: (store: DedupStore) => Promise<R>): Promise<Sent<R>> {
    const connected = await this.#connect();
    return connected.ok ? this.#call(send) : connected;
  }

  /** The connect of {@link #send}: timed apart (`DedupConnectDuration`) when it opened one. Never throws. */
  async #connect(): Promise<Sent<boolean>> {
    const store = this.#store;
    if (!store.connect) return NO_CONNECT;
    const start = performance.now();
    let opened = true;
    try {
      opened = await store.connect();
      return opened ? OPENED : NO_CONNECT;
    } catch (error) {
      return { ok: false, error };
    } finally {
      if (opened) this.#batch.metrics.connectTime(performance.now() - start);
    }
  }

  /** The call of {@link #send}, timed (`DedupCheckDuration`). Never throws. */
  async #call<R>(send: (store: DedupStore) => Promise<R>): Promise<Sent<R>> {
    const start = performance.now();
    try {
      return { ok: true, value: await send(this.#store) };
    } catch (error) {
      return { ok: false, error };
    } finally {
      this.#batch.metrics.roundTrip(performance.now() - start);
    }
  }

  /** A store call failed: counted (`DedupErrors{Reason}`) and logged, the one way for every call. */
  #failed(
    call: StoreCall,
    error: unknown,
    keys: number,
    level: 'warn' | 'error',
    message: string,
    fields?: Record<string, unknown>,
  ): void {
    this.#batch.metrics.storeError(errorReason(error));
    this.#config.logger[level](message, { storeCall: call, keys, ...fields, ...storeErrorFields(error) });
  }

  // --- claim ---

  /**
   * Claim every record's key and move each record by the answer; a later record with a key asked
   * already follows the first (or shares its state). One batched call, or where the store claims in
   * parts (`claimPartRecords`) parts sent at once and answered in turn: returns once the first part
   * answered, and a record of a later part waits for its own ({@link BatchRecord.claimAnswer}), so
   * that the first records run while the store answers the rest. Never throws.
   */
  async claim(): Promise<void> {
    const firsts = new Map<string, BatchRecord<T>>();
    const asked: BatchRecord<T>[] = [];
    // Later records with a key asked already, and theirs: they learn their state once it is known.
    const copies: BatchRecord<T>[] = [];
    const originals: BatchRecord<T>[] = [];
    for (const partition of this.#batch.partitions) {
      for (const record of partition) {
        if (record.key === undefined) continue;
        const first = firsts.get(record.key);
        if (first) {
          copies.push(record);
          originals.push(first);
          continue;
        }
        firsts.set(record.key, record);
        asked.push(record);
      }
    }
    if (asked.length === 0) return;
    const parts = claimParts(
      this.#batch.partitions,
      asked,
      (record) => record.key !== undefined && firsts.get(record.key) === record,
      this.#store.claimPartRecords,
    );
    // Each copy learns its state with its original's part (by the part's index).
    const partCopies: BatchRecord<T>[][] = [copies];
    const partOriginals: BatchRecord<T>[][] = [originals];
    if (parts.length > 1) {
      const partOf = new Map<BatchRecord<T>, number>();
      if (copies.length > 0)
        for (let p = 0; p < parts.length; p++) for (const record of parts[p]!) partOf.set(record, p);
      for (let p = 0; p < parts.length; p++) {
        partCopies[p] = [];
        partOriginals[p] = [];
      }
      for (let i = 0; i < copies.length; i++) {
        const p = partOf.get(originals[i]!)!;
        partCopies[p]!.push(copies[i]!);
        partOriginals[p]!.push(originals[i]!);
      }
    }
    // Connect once (timed apart), then every part at once.
    const connected = await this.#connect();
    const answers = parts.map((part, p) => {
      const answered = this.#claimPart(part, partCopies[p]!, partOriginals[p]!, connected);
      if (p > 0) {
        for (const record of part) record.claimAnswer = answered;
        for (const copy of partCopies[p]!) copy.claimAnswer = answered;
      }
      return answered;
    });
    this.#claimsAnswered = Promise.all(answers).then(() => this.#claimsEnded());
    // One part: its failure line is said before any record runs, as a claim in one call always was.
    await (parts.length === 1 ? this.#claimsAnswered : answers[0]);
  }

  /** Resolves once every part of the claim answered (and the claims of a late one were let go). */
  get answered(): Promise<void> {
    return this.#claimsAnswered ?? Promise.resolve();
  }

  /** Claim the keys of one part, then move its records and their copies by the answer. */
  async #claimPart(
    part: readonly BatchRecord<T>[],
    copies: readonly BatchRecord<T>[],
    originals: readonly BatchRecord<T>[],
    connected: Sent<boolean>,
  ): Promise<void> {
    const config = this.#config;
    const sentAt = performance.now();
    const sent = connected.ok
      ? await this.#call((store) =>
          store.claim(keysOf(part), this.#batch.owner, this.leaseMs, config.windowMs),
        )
      : connected;
    let results: readonly ClaimResult[];
    if (sent.ok) {
      results = sent.value;
      if (!this.#claimed) {
        this.#claimed = true;
        // A first answer after the invocation answered renews nothing: its claims are let go below.
        if (!this.#answered) this.#renew();
      }
    } else results = new Array(part.length).fill(sent.error);
    const policy = config.onStoreError;
    for (let i = 0; i < part.length; i++) {
      const record = part[i]!;
      record.claimAnswer = undefined;
      const result = results[i]!;
      if (result === 'claimed') record.claimed(sentAt);
      else if (result === 'done') record.duplicate();
      else if (result === 'held') record.held();
      else {
        if (policy === 'open') record.unguarded();
        else record.refused(result instanceof Error ? result : undefined);
        // Records by the error that refused them (one call, or one cluster node), over the parts.
        this.#claimFailures ??= new Map();
        const error = result as unknown;
        const same = this.#claimFailures.get(sameFailure(error));
        if (same) same.records.push(record);
        else this.#claimFailures.set(sameFailure(error), { error, records: [record] });
      }
    }
    // A copy of a record that will not run shares its state now; a copy of one that runs waits for it.
    // A copy of a held original follows it too when held claims are waited for (it may yet run).
    const followHeld = config.heldClaimWaitMs > 0;
    for (let i = 0; i < copies.length; i++) {
      copies[i]!.claimAnswer = undefined;
      copies[i]!.copyOf(originals[i]!, followHeld);
    }
    // Answered after the invocation did (a part slower than the batch): nothing of it may start.
    if (this.#answered) await this.#letGoAfterAnswer(part);
  }

  /** Every part answered: the policy's line per error, or the line that the store works again. */
  #claimsEnded(): void {
    const failures = this.#claimFailures;
    this.#claimFailures = undefined;
    if (failures) for (const { error, records } of failures.values()) this.#claimFailed(error, records);
    else if (this.#claimed && this.#health.neverWorked === 'told') {
      this.#health.neverWorked = 'recovered';
      this.#config.logger.info(
        'dedup store answered for the first time since this cold start: records are deduplicated again',
      );
    }
  }

  /** Claims of a part answered after the invocation answered: released at once, as settle would have. */
  async #letGoAfterAnswer(part: readonly BatchRecord<T>[]): Promise<void> {
    const release: string[] = [];
    for (const record of part) {
      const claim = record.claim;
      if (claim === 'unguarded') record.released();
      else if (claim === 'claimed') {
        record.released();
        release.push(record.key!);
      }
    }
    if (release.length > 0)
      await this.#release(release, 'could not release claims: retries wait for the lease to end');
  }

  /** A claim failed for `records`: the policy's line, listing them (a count, then the first few). */
  #claimFailed(error: unknown, records: readonly BatchRecord<T>[]): void {
    const open = this.#config.onStoreError === 'open';
    const listed = records.slice(0, MAX_LISTED_SKIPPED).map((r) => ({
      eventId: r.message?.eventId,
      position: formatPosition(r.raw),
    }));
    const fields = open
      ? {
          unguarded: records.length,
          unguardedRecords: listed,
          unguardedOmitted: records.length - listed.length,
        }
      : { refused: records.length, refusedRecords: listed, refusedOmitted: records.length - listed.length };
    if (errorReason(error) === 'misconfigured' && this.#health.neverWorked === 'not seen') {
      this.#health.neverWorked = 'told';
      this.#failed('claim', error, records.length, 'error', NEVER_WORKED[this.#config.onStoreError], fields);
      return;
    }
    this.#failed(
      'claim',
      error,
      records.length,
      'warn',
      open
        ? 'dedup store failed: running records without dedup (fail-open)'
        : 'dedup store failed: records fail and are retried (fail-closed)',
      fields,
    );
  }

  // --- a held claim ---

  /**
   * Before a held record's turn: wait for the claim another invocation holds (claim 'held', not
   * started), when `heldClaimWaitMs` allows. Returns once the record is claimed, a duplicate, or
   * still held at the bound; never throws.
   */
  async waitIfHeld(record: BatchRecord<T>): Promise<void> {
    const config = this.#config;
    if (record.claim !== 'held' || !(config.heldClaimWaitMs > 0) || !this.#claimed) return;
    const bound = this.#budget.heldClaimWaitBoundFor(this.#context);
    if (!(bound > 0)) return;
    const started = performance.now();
    const deadline = started + bound;
    const key = record.key!;
    const owner = this.#batch.owner;
    let backoff = FIRST_BACKOFF_MS;
    const maxBackoff = Math.max(FIRST_BACKOFF_MS, Math.min(MAX_BACKOFF_MS, this.leaseMs / 10));
    let outcome: HeldClaimWaitOutcome = 'still-held';
    for (;;) {
      const left = deadline - performance.now();
      if (left <= 0) break;
      await sleep(Math.min(backoff, left));
      backoff = Math.min(backoff * 2, maxBackoff);
      if (this.#answered) break;
      const sentAt = performance.now();
      const sent = await this.#send((store) => store.claim([key], owner, this.leaseMs, config.windowMs));
      const result: unknown = sent.ok ? sent.value[0] : sent.error;
      if (result !== 'claimed' && result !== 'done' && result !== 'held') {
        this.#failed(
          'claim',
          result,
          1,
          'warn',
          'could not ask again for a held claim: the record fails as held',
          recordKeys(record.raw, record.message),
        );
        break;
      }
      if (result === 'held') continue;
      if (result === 'claimed' && this.#answered) {
        // Too late to run it: the answer already reported it. Let the retry have the key.
        const released = await this.#send((store) => store.release([key], owner));
        if (!released.ok)
          this.#failed(
            'release',
            released.error,
            1,
            'warn',
            'could not release a claim won after the answer: its lease ends it',
          );
        break;
      }
      record.heldEnded(result, sentAt);
      outcome = result;
      break;
    }
    this.#batch.metrics.heldClaimWait(outcome);
    config.logger.info('waited for a claim another invocation held', {
      ...recordKeys(record.raw, record.message),
      outcome,
      waitedMs: Math.round(performance.now() - started),
    });
  }

  // --- the lease ---

  /**
   * The claims were taken: renew them every third of their lease, those not yet committed or
   * released (`claimed`), and after the answer those whose handler still runs (`outliving`). Stops
   * by itself when none is left.
   */
  #renew(): void {
    if (!this.#store.extend) return;
    const timer = setInterval(() => {
      const records = this.#held();
      if (records.length === 0) {
        // A record waiting for another invocation's claim may yet win it: keep the timer for it.
        if (!this.#anyWaitingForHeld()) clearInterval(timer);
        return;
      }
      void this.#extend(records, 'could not renew claims: they end with their lease');
    }, this.leaseMs / 3);
    // A renewal never keeps a process alive (in Lambda a frozen sandbox renews nothing anyway).
    timer.unref();
    this.#timer = timer;
  }

  /** Renew the claims of `records` and apply the answer; a failure is counted and logged as `consequence`. */
  async #extend(records: readonly BatchRecord<T>[], consequence: string): Promise<void> {
    const keys = keysOf(records);
    const sentAt = performance.now();
    const sent = await this.#send((store) => store.extend!(keys, this.#batch.owner, this.leaseMs));
    if (sent.ok) this.#applyRenewal(records, sent.value, sentAt);
    else this.#failed('extend', sent.error, keys.length, 'warn', consequence);
  }

  /**
   * Before a record starts: if it is claimed and its claim was last confirmed more than a lease
   * ago (it may have expired: the event loop was blocked, or renewals failed), renew every claim
   * held, in one round trip shared by the lanes that ask meanwhile, and confirm each key by its own
   * answer. Undefined (no wait) when the claim is fresh, or nothing can tell. Else a promise of the
   * error to fail the record with when its claim could still not be confirmed and the policy is
   * closed; under 'open' the record runs, as records run unguarded when the store is down.
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
    if (!this.#store.extend) return;
    const ms = this.leaseMs;
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

  /** The one staleness test: confirmed more than a lease before `now`. Only a store that renews can tell. */
  #isStale(record: BatchRecord<T>, now: number): boolean {
    return this.#store.extend !== undefined && now - record.confirmedAt > this.leaseMs;
  }

  async #confirm(record: BatchRecord<T>): Promise<StoreUnavailableError | undefined> {
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
    await this.#extend(records, 'could not confirm stale claims before starting their records');
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

  /** Some record still waits for a claim another invocation holds. */
  #anyWaitingForHeld(): boolean {
    if (this.#answered) return false;
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

  // --- commit and release ---

  /** A claimed record succeeded (or was parked): its claim is committed with the next group. */
  add(record: BatchRecord<T>): void {
    this.#group.add(record);
  }

  /** One commit call (a group, or what is left at the answer); never throws. */
  async #commit(keys: readonly string[]): Promise<void> {
    const config = this.#config;
    const sent = await this.#send((store) => store.commit(keys, this.#batch.owner, config.windowMs));
    if (sent.ok) return this.#overfull(sent.value);
    // What key order may have left exposed (ordering.ts, exposedAhead): counted at the answer.
    for (const key of keys) this.#uncommitted.add(key);
    this.#failed(
      'commit',
      sent.error,
      keys.length,
      'error',
      'could not mark DONE after success: the records stand, their keys expire with the lease',
    );
  }

  /**
   * Marks this commit put into hashes past the compact encoding (its report; a store without
   * compact marks gives none): said at WARN and counted (`DedupMarksNotCompact`), a capacity
   * warning, not a store error. A commit after the invocation's flush (a record that outlived it)
   * is said at WARN only.
   */
  #overfull(report: Awaited<ReturnType<DedupStore['commit']>>): void {
    const overfullMarks = report?.overfullMarks ?? 0;
    if (overfullMarks <= 0) return;
    this.#batch.metrics.marksNotCompact(overfullMarks);
    this.#config.logger.warn(MARKS_NOT_COMPACT_MESSAGE, { overfullMarks });
  }

  /**
   * The invocation answers: commit the claims of succeeded records, release the rest, and let no
   * record start any more (unguarded ones included). Never throws; a second call finds nothing left.
   */
  async settle(): Promise<void> {
    // A record still waiting for a held claim must not win it now.
    this.#answered = true;
    let running = false;
    const commit: string[] = [];
    const release: string[] = [];
    for (const partition of this.#batch.partitions) {
      for (const record of partition) {
        const claim = record.claim;
        if (claim === 'unguarded') record.released();
        else if (claim === 'outliving') running = true;
        else if (claim !== 'claimed') continue;
        else if (record.run === 'running' || record.run === 'poisoned' || record.parkInFlight) {
          // Running, being parked, or a write to the poison sink past its bound still in flight.
          running = true;
          this.#settleWhenDone(record);
        } else if (record.outcome === 'succeeded' || record.outcome === 'parked') {
          record.committed();
          commit.push(record.key!);
        } else {
          record.released();
          release.push(record.key!);
        }
      }
    }
    if (!running) clearInterval(this.#timer);
    // With what waits for its group commit (and the groups in flight), in one call; and the parts
    // of the claim still to answer (released as they do).
    const calls: Promise<void>[] = [this.#group.settle(commit)];
    if (this.#claimsAnswered) calls.push(this.#claimsAnswered);
    if (release.length > 0)
      calls.push(this.#release(release, 'could not release claims: retries wait for the lease to end'));
    await Promise.all(calls);
    if (this.#uncommitted.size > 0) countExposed(this.#config, this.#batch, this.#uncommitted);
  }

  async #release(keys: readonly string[], consequence: string): Promise<void> {
    const sent = await this.#send((store) => store.release(keys, this.#batch.owner));
    if (!sent.ok) this.#failed('release', sent.error, keys.length, 'warn', consequence);
  }

  /**
   * The invocation is ending (its time is up, or a bug) while `handle` still runs on this record
   * (or it is being parked, or its write to the poison sink is still in flight):
   * releasing now would let a retry run it a second time alongside. The claim stays and is settled
   * when `handle` ends; if the sandbox is frozen or killed first, the lease ends it.
   */
  #settleWhenDone(record: BatchRecord<T>): void {
    record.outlived();
    const consequence =
      'could not settle the claim of a record that outlived its invocation; its lease ends it';
    // A write to the poison sink past its bound settles after the outcome: wait for it (park-record.ts).
    record.whenSettled().then(async () => {
      const lateParked = (await record.parkInFlight) === true;
      try {
        if (record.outcome === 'succeeded' || record.outcome === 'parked' || lateParked) {
          record.committed();
          return this.#commitOne(record, consequence);
        }
        record.released();
        return this.#release([record.key!], consequence);
      } catch (error) {
        // A move its state no longer allows (a bug): said, never an unhandled rejection.
        this.#config.logger.warn(consequence, { ...recordKeys(record.raw, record.message), error });
      }
    });
  }

  async #commitOne(record: BatchRecord<T>, consequence: string): Promise<void> {
    const key = [record.key!];
    const sent = await this.#send((store) => store.commit(key, this.#batch.owner, this.#config.windowMs));
    if (sent.ok) this.#overfull(sent.value);
    else this.#failed('commit', sent.error, 1, 'warn', consequence, recordKeys(record.raw, record.message));
  }
}
