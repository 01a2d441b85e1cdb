/**
 * Slots: the bound on records running at once in one invocation under key order.
 *
 * Guarantees: at most `size` holders at a time; waiters are served first come, first served (the
 * lanes that asked first go first). A record takes a slot only to run: one that waits (for a held
 * claim, or for an earlier copy of its event) holds none, so waiting never starves the others.
 * Does not: time out (a record holds its slot while its handler runs; reserveMs bounds the start).
 * @internal
 */
export class Slots {
  #free: number;
  // The resolvers of the waiters, in order; a head index instead of shift() keeps it O(1).
  readonly #waiting: (() => void)[] = [];
  #head = 0;

  constructor(size: number) {
    this.#free = size;
  }

  /** Undefined when a slot was free and is now taken; else a promise that resolves once one is. */
  take(): Promise<void> | undefined {
    if (this.#free > 0) {
      this.#free--;
      return undefined;
    }
    return new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  /** Give a slot back: to the first waiter, or to the free ones. */
  give(): void {
    if (this.#head < this.#waiting.length) {
      const next = this.#waiting[this.#head]!;
      this.#waiting[this.#head++] = undefined as unknown as () => void;
      if (this.#head === this.#waiting.length) {
        this.#waiting.length = 0;
        this.#head = 0;
      }
      next();
      return;
    }
    this.#free++;
  }
}
