/**
 * Group commit: the claims of records that succeeded are committed (DONE) while the batch runs,
 * in groups, so that a crash in the middle of a batch re-runs only what finished since the last
 * group, not the whole batch's finished work.
 *
 * Guarantees:
 * - a succeeded record's key is sent in a group commit once `records` have succeeded since the
 *   last group, or `ms` after the first of them, whichever comes first: one store call per group,
 *   which no record waits for (the runner goes on to the next record at once);
 * - the invocation's final commit takes what is left, in the same one call as today, and the
 *   answer waits for every group still in flight (their failures are counted before the flush);
 * - a failed group commit leaves its records succeeded: counted (`DedupErrors{Reason}`) and logged,
 *   as a failed final commit is; the keys stay IN_PROGRESS until their lease ends.
 * Does not: make a commit and an effect atomic. A crash re-runs the records whose group had not
 * landed: at most `records` of them, or those that succeeded within `ms` (plus a group in flight),
 * and the record that was running. A key is no longer renewed once its record is in a group: the
 * group is sent within `ms`, well inside the lease that the last renewal left it.
 */
import { errorReason } from '../dedup/store-error-reason.ts';
import type { Batch, Commits } from './batch.ts';
import type { BatchRecord } from './batch-record.ts';
import type { ResolvedConfig } from './config.ts';
import { countExposed } from './ordering.ts';

/** @internal */
export class GroupCommit<T> implements Commits<T> {
  readonly #config: ResolvedConfig<T>;
  readonly #batch: Batch<T>;
  #keys: string[] = [];
  #timer: NodeJS.Timeout | undefined;
  readonly #inFlight = new Set<Promise<void>>();
  // Keys whose commit failed: what key order may have left exposed (ordering.ts, exposedAhead).
  readonly #uncommitted = new Set<string>();
  // Bound once: the timer's callback, without a closure per group.
  readonly #flushNow = () => this.flush();

  constructor(config: ResolvedConfig<T>, batch: Batch<T>) {
    this.#config = config;
    this.#batch = batch;
  }

  /** A claimed record succeeded: its claim is committed with the next group. */
  add(record: BatchRecord<T>): void {
    record.committed();
    const keys = this.#keys;
    keys.push(record.key!);
    if (keys.length >= this.#config.commitEvery.records) this.flush();
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
    sent.then(() => this.#inFlight.delete(sent));
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
    countExposed(this.#config, this.#batch, this.#uncommitted);
  }

  async #commit(keys: string[]): Promise<void> {
    const config = this.#config;
    const batch = this.#batch;
    const start = performance.now();
    try {
      await config.store.commit(keys, batch.owner, config.windowMs);
    } catch (error) {
      batch.metrics.storeError(errorReason(error));
      for (const key of keys) this.#uncommitted.add(key);
      config.logger.error(
        'could not mark DONE after success: the records stand, their keys expire with the lease',
        { keys: keys.length, error },
      );
    } finally {
      batch.metrics.roundTrip(performance.now() - start);
    }
  }
}
