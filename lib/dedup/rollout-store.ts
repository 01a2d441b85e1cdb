/**
 * The rollout of a key format: a {@link DedupStore} over any other that claims, commits, releases
 * and renews each event under both its current key and its key in the previous format, in the same
 * call of the inner store (one round trip, as without it).
 *
 * Why both, and why write: while two releases run side by side (an alias shift, a canary), or after
 * a rollback inside the window, the previous release claims and commits only its own key. Reading
 * that key is not enough: the previous release must also find the keys this one claimed and
 * committed, or an event the new release ran runs again in the old one.
 *
 * Guarantees: an event is `claimed` only when both keys were claimed; `done` when either key is
 * DONE; else `held` when either is held by another owner; else the store's error when either key's
 * answer is one. In every case but `claimed`, whichever of the two keys this call claimed is released before
 * the answer, so nothing is left held. Commit and release touch both keys; a renewal is `done` when
 * either key is DONE, `lost` when either is lost.
 * Does not guarantee: that the two keys change together (each is atomic on its own; the consumer's
 * claim on both is what keeps two releases from running an event twice), or anything for a key not
 * made by dedupKey (it is passed on alone).
 */
import { type PreviousKeyFormat, previousFormatKey } from '../contract/previous-key-formats.ts';
import type { ClaimResult, DedupStore, RenewalResult } from './store.ts';

/** The keys of a call: the current ones, then the previous-format key of each that has one. */
interface BothKeys {
  readonly all: string[];
  /** For key `i`, the index of its previous-format key in `all`, or -1. */
  readonly previousAt: Int32Array;
}

/**
 * A store that writes each key in the current and a previous format, for one dedup window during a
 * rollout (docs/consumer.md, "Key format"). `kafkaHandler` makes one when `previousKeyFormat` is set.
 *
 * @example
 * const store = new RolloutDedupStore(new RedisDedupStore({ redis: { url } }), '0.2.0');
 * const [result] = await store.claim([dedupKey(prefix, eventId)], owner, 30_000);
 */
export class RolloutDedupStore implements DedupStore {
  readonly inner: DedupStore;
  readonly previousFormat: PreviousKeyFormat;
  readonly extend?: (keys: readonly string[], owner: string, leaseMs: number) => Promise<RenewalResult[]>;
  readonly connect?: () => Promise<boolean>;
  readonly commitGroupsInFlight?: number;
  readonly commitGroupRecords?: number;
  readonly claimPartRecords?: number;

  constructor(inner: DedupStore, previousFormat: PreviousKeyFormat) {
    this.inner = inner;
    this.previousFormat = previousFormat;
    // A store without renewal stays without it (the consumer then gives long leases instead).
    if (inner.extend) this.extend = (keys, owner, leaseMs) => this.#extend(keys, owner, leaseMs);
    if (inner.connect) this.connect = () => inner.connect!();
    if (inner.commitGroupsInFlight !== undefined) this.commitGroupsInFlight = inner.commitGroupsInFlight;
    if (inner.commitGroupRecords !== undefined) this.commitGroupRecords = inner.commitGroupRecords;
    if (inner.claimPartRecords !== undefined) this.claimPartRecords = inner.claimPartRecords;
  }

  async claim(
    keys: readonly string[],
    owner: string,
    leaseMs: number,
    windowMs?: number,
  ): Promise<ClaimResult[]> {
    const both = this.#both(keys);
    const answers = await this.inner.claim(both.all, owner, leaseMs, windowMs);
    const results: ClaimResult[] = new Array(keys.length);
    const unclaim: string[] = [];
    for (let i = 0; i < keys.length; i++) {
      const at = both.previousAt[i]!;
      const current = answers[i]!;
      if (at < 0) {
        results[i] = current;
        continue;
      }
      const previous = answers[at]!;
      const combined = combineClaims(current, previous);
      results[i] = combined;
      if (combined === 'claimed') continue;
      if (current === 'claimed') unclaim.push(both.all[i]!);
      if (previous === 'claimed') unclaim.push(both.all[at]!);
    }
    // Left claimed, a key would hold off the event's retry (or the other release) until its lease ends.
    if (unclaim.length > 0) await this.inner.release(unclaim, owner).catch(() => {});
    return results;
  }

  commit(keys: readonly string[], owner: string, windowMs: number): ReturnType<DedupStore['commit']> {
    return this.inner.commit(this.#both(keys).all, owner, windowMs);
  }

  release(keys: readonly string[], owner: string): Promise<void> {
    return this.inner.release(this.#both(keys).all, owner);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  async #extend(keys: readonly string[], owner: string, leaseMs: number): Promise<RenewalResult[]> {
    const both = this.#both(keys);
    const answers = await this.inner.extend!(both.all, owner, leaseMs);
    const results: RenewalResult[] = new Array(keys.length);
    for (let i = 0; i < keys.length; i++) {
      const at = both.previousAt[i]!;
      const current = answers[i]!;
      const previous = at < 0 ? current : answers[at]!;
      results[i] =
        current === 'done' || previous === 'done'
          ? 'done'
          : current === 'lost' || previous === 'lost'
            ? 'lost'
            : 'renewed';
    }
    return results;
  }

  #both(keys: readonly string[]): BothKeys {
    const all = keys.slice();
    const previousAt = new Int32Array(keys.length);
    for (let i = 0; i < keys.length; i++) {
      const previous = previousFormatKey(this.previousFormat, keys[i]!);
      // The same key in both formats (a 0.3.0 key whose bucket the turn kept) is asked once.
      if (previous === undefined || previous === keys[i]) previousAt[i] = -1;
      else previousAt[i] = all.push(previous) - 1;
    }
    return { all, previousAt };
  }
}

/**
 * Claimed only if both were. DONE, then held, win over an error: the other key's answer is known,
 * and an error would let a fail-open policy run an event that is done or running elsewhere.
 */
function combineClaims(current: ClaimResult, previous: ClaimResult): ClaimResult {
  if (current === 'done' || previous === 'done') return 'done';
  if (current === 'held' || previous === 'held') return 'held';
  if (current instanceof Error) return current;
  if (previous instanceof Error) return previous;
  return 'claimed';
}
