/**
 * A map that keeps at most `max` entries, dropping the oldest: schema ids are immutable in both
 * registries, so good answers never go stale (failed ones are kept apart, with their time), but a long-lived container reading many schema versions
 * must not grow without bound. Oldest-first rather than least-recently-used: a hit is then a plain
 * Map lookup on the per-record path, and a schema evicted while still in use costs one lookup.
 */

/** @internal */
export class BoundedCache<K, V> {
  readonly #max: number;
  readonly #entries = new Map<K, V>();

  constructor(max: number) {
    this.#max = max;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  set(key: K, value: V): void {
    // Map keeps insertion order, so the first key is the oldest.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value as K;
      this.#entries.delete(oldest);
    }
  }
}
