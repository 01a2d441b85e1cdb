/**
 * An in-process dedup store with the same state machine as Redis. FOR LOCAL RUNS AND TESTS ONLY:
 * Lambda containers and replicas do not share it, so in production it would let every duplicate
 * that lands on another container through (docs/background.md, "Anti-patterns").
 */
import type { ClaimResult, DedupStore, RenewalResult } from './store.ts';

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * @example
 * const handler = kafkaHandler({ handlerName: 'demo', store: new MemoryDedupStore(), handle });
 */
export class MemoryDedupStore implements DedupStore {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;

  constructor(options: { now?: () => number; quiet?: boolean } = {}) {
    this.#now = options.now ?? Date.now;
    if (!options.quiet) {
      process.emitWarning(
        'MemoryDedupStore keeps claims in this process only: for local runs and tests, never production',
        { code: 'MSK_ONCE_MEMORY_STORE' },
      );
    }
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async claim(keys: readonly string[], owner: string, leaseMs: number): Promise<ClaimResult[]> {
    const mine = `P:${owner}`;
    return keys.map((key) => {
      const entry = this.#live(key);
      if (entry) return entry.value === 'D' ? 'done' : 'held';
      this.#entries.set(key, { value: mine, expiresAt: this.#now() + leaseMs });
      return 'claimed';
    });
  }

  async commit(keys: readonly string[], owner: string, windowMs: number): Promise<void> {
    const mine = `P:${owner}`;
    for (const key of keys) {
      const entry = this.#live(key);
      if (!entry || entry.value === mine)
        this.#entries.set(key, { value: 'D', expiresAt: this.#now() + windowMs });
    }
  }

  async extend(keys: readonly string[], owner: string, leaseMs: number): Promise<RenewalResult[]> {
    const mine = `P:${owner}`;
    return keys.map((key) => {
      const entry = this.#live(key);
      if (entry?.value === mine) {
        entry.expiresAt = this.#now() + leaseMs;
        return 'renewed';
      }
      return entry?.value === 'D' ? 'done' : 'lost';
    });
  }

  async release(keys: readonly string[], owner: string): Promise<void> {
    const mine = `P:${owner}`;
    for (const key of keys) {
      if (this.#live(key)?.value === mine) this.#entries.delete(key);
    }
  }

  /** Remaining time to live of a key in ms, or -2 when absent (as PTTL). */
  pttl(key: string): number {
    const entry = this.#live(key);
    return entry ? entry.expiresAt - this.#now() : -2;
  }

  async close(): Promise<void> {}
}
