/**
 * LoopTurns: the event loop gets a turn every few records of a batch, whatever the handler does.
 *
 * A lane awaits each record, but a handler that returns without waiting on I/O resolves in
 * microtasks only: a CPU-bound batch of 10,000 records would otherwise not return to the event loop
 * before its end. Until then the replies of the group commits sent during the batch stay unread
 * (each commit's state with them), renewal and deadline timers cannot fire, and V8's scavenge task
 * (posted when the young generation is 80% full) cannot run: every scavenge waits until the young
 * generation is full, so the batch's peak memory is its whole young generation, both halves, plus
 * what it promoted. On Lambda's heap flags for 512 MB that was 64 MB of new space against 54 MB with
 * turns (docs/performance.md, "The handler's memory: a pool slab per commit, a key per record, a
 * loop that never turned").
 *
 * Guarantees: at most {@link RECORDS_PER_TURN} records start between two turns, however many lanes
 * run: once a turn is due, every lane waits for the same one before its next record. A lane's own
 * order is untouched (it still runs one record at a time).
 * Does not: wait on time (no timer); a turn is one `setImmediate`, which runs after the loop's poll
 * phase (socket replies, V8's tasks).
 */

/**
 * Records that start between two turns of the event loop. 64 x ~9 KB allocated a record (a 1 KB
 * JSON payload through the whole stack) is ~0.6 MB: far inside the fifth of a 25 MB semi-space that
 * V8's scavenge task leaves between its trigger and a full young generation.
 * @internal
 */
export const RECORDS_PER_TURN = 64;

/** @internal */
export class LoopTurns {
  #since = 0;
  #turn: Promise<void> | undefined;

  /**
   * Ask before a record starts: `undefined` to go on, or the turn to wait for first.
   *
   * @example
   * const turn = turns.next();
   * if (turn) await turn;
   */
  next(): Promise<void> | undefined {
    if (this.#turn) return this.#turn;
    if (++this.#since < RECORDS_PER_TURN) return undefined;
    this.#since = 0;
    this.#turn = new Promise((resolve) =>
      setImmediate(() => {
        this.#turn = undefined;
        resolve();
      }),
    );
    return this.#turn;
  }
}
