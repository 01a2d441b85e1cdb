/**
 * Group commit: the claims of records that succeeded are committed (DONE) while the batch runs,
 * in groups, so that a crash in the middle of a batch re-runs only what finished since the last
 * group, not the whole batch's finished work.
 *
 * Guarantees:
 * - a succeeded record's key is sent in a group commit `ms` after the first of its group at the
 *   latest, and as soon as `records` have succeeded since the last group, unless the store already
 *   has as many group commits in flight as it takes (`DedupStore.commitGroupsInFlight`; a cluster
 *   store: one): then the group keeps filling and goes when one lands, or at its `ms`. One store
 *   call per group, which no record waits for (the runner goes on to the next record at once);
 * - the invocation's final commit takes what is left, in the same one call as today, and the
 *   answer waits for every group still in flight (their failures are counted before the flush);
 * - a failed group commit leaves its records succeeded: counted (`DedupErrors{Reason}`) and logged by
 *   the claim session's one store path, as a failed final commit is; the keys stay IN_PROGRESS
 *   until their lease ends.
 * Does not: make a commit and an effect atomic. A crash re-runs the records whose group had not
 * landed: at most `records` of them, or those that succeeded within `ms` (plus a group in flight),
 * and the record that was running. A key is no longer renewed once its record is in a group: the
 * group is sent within `ms`, well inside the lease that the last renewal left it.
 */
import type { BatchRecord } from './batch-record.ts';
import type { ResolvedConfig } from './config.ts';

/**
 * The group commit of one invocation's claims: made and used only by its claim session
 * (claim-session.ts), whose one store path `commit` is (timed, counted and logged there; it never
 * throws). It talks to no store itself.
 *
 * @example
 * const group = new GroupCommit(config, (keys) => this.#commit(keys)); // in ClaimSession
 * group.add(record); // a claimed record succeeded
 * await group.settle(more); // the answer
 * @internal
 */
export class GroupCommit<T> {
  readonly #config: ResolvedConfig<T>;
  readonly #commit: (keys: readonly string[]) => Promise<void>;
  #keys: string[] = [];
  #timer: NodeJS.Timeout | undefined;
  readonly #inFlight = new Set<Promise<void>>();
  /** Groups in flight past which a full group waits (the store's `commitGroupsInFlight`). */
  readonly #maxInFlight: number;
  // Bound once: the timer's callback, without a closure per group.
  readonly #flushNow = () => this.flush();

  constructor(config: ResolvedConfig<T>, commit: (keys: readonly string[]) => Promise<void>) {
    this.#config = config;
    this.#commit = commit;
    this.#maxInFlight = config.store.commitGroupsInFlight ?? Number.POSITIVE_INFINITY;
  }

  /** A claimed record succeeded: its claim is committed with the next group. */
  add(record: BatchRecord<T>): void {
    record.committed();
    const keys = this.#keys;
    keys.push(record.key!);
    if (keys.length >= this.#config.commitEvery.records && this.#inFlight.size < this.#maxInFlight)
      this.flush();
    else if (keys.length === 1) {
      this.#timer = setTimeout(this.#flushNow, this.#config.commitEvery.ms);
      // A pending group never keeps a process alive; the invocation's answer takes it anyway.
      this.#timer.unref();
    }
  }

  /** Send what succeeded since the last group, not awaited by any record. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const keys = this.#keys;
    if (keys.length === 0) return;
    this.#keys = [];
    const sent = this.#commit(keys);
    this.#inFlight.add(sent);
    sent.then(() => {
      this.#inFlight.delete(sent);
      // A group that filled while this one was in flight goes now (its timer would send it later).
      if (this.#keys.length >= this.#config.commitEvery.records) this.flush();
    });
  }

  /**
   * The invocation answers: commit `more` (claims settled at the answer) with what is pending, in
   * one call, and wait for the groups in flight. Never throws.
   */
  async settle(more: readonly string[]): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const keys = this.#keys;
    this.#keys = [];
    for (const key of more) keys.push(key);
    const calls = [...this.#inFlight];
    if (keys.length > 0) calls.push(this.#commit(keys));
    await Promise.all(calls);
  }
}
