/**
 * KeySlots: the cluster hash slot of a key, worked out once per hash tag.
 *
 * `cluster-key-slot` turns every string into an array of its UTF-8 bytes before its CRC16 (about
 * 1 KB of garbage for a 68-byte key): a claim of 10,000 keys made ~13 MB more garbage on a cluster
 * than standalone, one more scavenge a batch and ~6 MB more promoted (docs/performance.md, "The
 * slot of a key, once per tag"). A handler's keys share a few hundred tags (the key's bucket), so
 * the slot is looked up by the tag and computed once per tag.
 *
 * Guarantees: the slot Redis gives the key (the hash tag rule: the part between the first `{` and
 * the next `}` when it is not empty, else the whole key). The table holds at most
 * {@link MAX_TAGS} tags; past that a key's slot is computed, not kept.
 * @internal
 */
import calculateSlot from 'cluster-key-slot';

/** Tags kept per store: a handler's 512 buckets, its previous formats' and room for more. */
export const MAX_TAGS = 8192;

/** @internal */
export class KeySlots {
  readonly #slotOfTag = new Map<string, number>();

  /**
   * @example
   * new KeySlots().slotOf('orders:dedup:h:{@KBNA}01J9...'); // the slot of '@KBNA'
   */
  slotOf(key: string): number {
    const open = key.indexOf('{');
    if (open < 0) return calculateSlot(key);
    const close = key.indexOf('}', open + 1);
    // No closing brace, or an empty tag: Redis hashes the whole key.
    if (close < 0 || close === open + 1) return calculateSlot(key);
    const tag = key.slice(open + 1, close);
    let slot = this.#slotOfTag.get(tag);
    if (slot === undefined) {
      slot = calculateSlot(tag);
      if (this.#slotOfTag.size < MAX_TAGS) this.#slotOfTag.set(tag, slot);
    }
    return slot;
  }
}
