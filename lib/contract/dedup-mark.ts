/**
 * Where an event's DONE mark lives (mark format 0.4.0): a 16-byte field of one hash per key bucket
 * and mark bucket, beside the event's lease key in the same hash slot; the field's value is the
 * slice of the mark's commit, mod {@link MARK_SLICE_MODULUS}.
 *
 *   lease (IN_PROGRESS, as in 0.3.0):  <service>:dedup:<handler>:{<tag>}<EVENT-ID>  = P:<owner>
 *   (the key format 0.4.0 of dedup-key.ts: 0.3.0's tags, taken by turns)
 *   DONE mark:                         <service>:dedup:<handler>:{<tag>}:d<bucket>  field <16 bytes> = <slice>
 *
 * Why: a string key per DONE mark costs ~198 bytes an event on Redis 7.0 (key, value, dict and
 * expiry entries), a field of a small hash (listpack) ~20-26. One hash for the whole window, not
 * one per time slice, so that a claim reads one field (HGET), whatever the slice count.
 *
 * Guarantees:
 * - The mark hash has the lease key's `{<tag>}`: one hash slot, so one script per slot still claims
 *   a batch, and a reshard or a migrating slot moves leases and marks together.
 * - Time is cut in slices of a window / {@link MARK_SLICES}; a mark holds the slice of its commit.
 *   A claim in slice `c` finds a mark of slice `s` fresh when `c - s` (mod 8192) is 0 to
 *   {@link MARK_SLICES}, or -1 (a writer whose clock is ahead by less than a slice): a mark counts
 *   at least the window and at most the window + one slice ({@link markIsFresh}).
 * - The hash lives at least a window + one slice ({@link MarkLayout.ttlMs}) after its last commit
 *   (the store sets its TTL to a window + two slices at the first commit of each slice), and the
 *   first commit of each slice deletes the marks no claim finds fresh any more (the store's script;
 *   deferred past a per-script budget of {@link MARK_PRUNE_FIELDS} fields, at most
 *   {@link MARK_PRUNE_EVERY_SLICES} slices), so that no mark stays long enough for its slice to
 *   come round again mod 8192.
 * - The field: a canonical ULID (upper case) or UUID (lower case) packed to its 16 bytes; any other
 *   id the first 16 bytes of its SHA-256. Two ids share a field only when they are the same 128
 *   bits written as a ULID and as a UUID (the same value), or when SHA-256 prefixes collide: at
 *   most n^2 / 2^129 over the n marks of one hash (10^-35 for n = 128).
 * - Buckets per tag follow the declared rate ({@link markBuckets}) so that a hash holds about
 *   {@link MARK_FIELDS_PER_HASH} fresh marks at that rate: under Redis's default
 *   `hash-max-listpack-entries` (128), the compact encoding, with room for the marks of a slice
 *   gone stale until the slice's first commit deletes them.
 * Does not guarantee: that marks written under another window or rate setting are read. The window
 * and `eventsPerSecond` place the marks (slice length and buckets): changing either is a change of
 * mark layout, made like a key format rollout (docs/consumer.md, "Key format").
 */
import { CROCKFORD, fnv1a, HEX, KEY_BUCKETS, KEY_TURN_MS, KEY_TURNS } from './dedup-key.ts';
import { sha256Bytes } from './sha256.ts';

/** The format of DONE marks this module names (package version that introduced it). */
export const MARK_FORMAT = '0.4.0';

/**
 * Slices per window: a mark counts for the window + at most one slice (12.5% of the window longer
 * on average). The claim's cost does not depend on it (one HGET); a commit's deletion of stale
 * marks reads a hash once per slice at most when the hash is full.
 */
export const MARK_SLICES = 4;

/** A mark's value is its slice mod this: 0 to 8191, a 2 to 3 byte integer in a listpack. */
export const MARK_SLICE_MODULUS = 8192;

/** Fresh marks a hash holds at the declared rate (the window + one slice of commits). */
export const MARK_FIELDS_PER_HASH = 80;

/**
 * The cleaning budget's unit: a commit script reads at most (1 + its keys /
 * {@link MARK_PRUNE_SHARE}) x this many fields deleting stale marks (the first commit of a slice
 * into each hash), so that the commit that meets every hash due when a slice begins does not block
 * Redis long; a hash left due waits for a later commit. Four fifths of {@link MARK_FIELDS_PER_HASH}.
 */
export const MARK_PRUNE_FIELDS = 64;

/**
 * Slices after which a commit deletes a hash's stale marks whatever the budget: a hash whose
 * cleaning keeps being deferred never holds a mark long enough (this + a window + two slices <
 * 8192 slices) for its slice to read as fresh again mod {@link MARK_SLICE_MODULUS}.
 */
export const MARK_PRUNE_EVERY_SLICES = 1024;

/**
 * A commit script's cleanings read at most (1 + its keys / this) x {@link MARK_PRUNE_FIELDS}
 * fields (others wait for a later commit into them): when a slice begins, every hash is due at once.
 */
export const MARK_PRUNE_SHARE = 4;

/** Fields of a hash above which Redis (default `hash-max-listpack-entries`) leaves the compact encoding. */
export const COMPACT_HASH_FIELDS = 128;

/** The rate of new events per handler the layout is made for when none is declared. */
export const DEFAULT_EVENTS_PER_SECOND = 1000;

/** Where the marks of a window and a rate live. */
export interface MarkLayout {
  readonly windowMs: number;
  /** Length of a slice, ms: the window / {@link MARK_SLICES}, rounded up. */
  readonly sliceMs: number;
  /** Mark buckets per key bucket (tag). */
  readonly buckets: number;
  /**
   * How long a mark hash lives at least after a commit, ms: {@link MARK_SLICES} + 1 slices (the
   * window + one slice: the marks a claim may find fresh). The store sets a slice more at the
   * slice's first commit, which the commits after it in that slice rely on.
   */
  readonly ttlMs: number;
}

/**
 * The layout of the marks of a handler with this window and declared peak rate of new events.
 *
 * @example
 * markLayout(86_400_000, 1000); // { windowMs: 86400000, sliceMs: 21600000, buckets: 2643, ttlMs: 108000000 }
 */
export function markLayout(
  windowMs: number,
  eventsPerSecond: number = DEFAULT_EVENTS_PER_SECOND,
): MarkLayout {
  const sliceMs = Math.ceil(windowMs / MARK_SLICES);
  const ttlMs = (MARK_SLICES + 1) * sliceMs;
  return { windowMs, sliceMs, buckets: markBuckets(eventsPerSecond, ttlMs), ttlMs };
}

/**
 * Buckets per tag so that a hash holds about {@link MARK_FIELDS_PER_HASH} marks of `spanMs` (the
 * window + one slice: the marks a claim may find fresh) at `eventsPerSecond`. Keys take the tags
 * by turns (dedup-key.ts): a tag gets a quarter of the events for one turn in four, so over a span
 * its share is the span's plus at most one turn's (a short window's span covers few turns).
 */
export function markBuckets(eventsPerSecond: number, spanMs: number): number {
  const perTag = (eventsPerSecond * (spanMs + KEY_TURNS * KEY_TURN_MS)) / 1000 / KEY_BUCKETS;
  return Math.max(1, Math.ceil(perTag / MARK_FIELDS_PER_HASH));
}

/** The slice of a time (ms since the epoch), not reduced mod {@link MARK_SLICE_MODULUS}. */
export function markSlice(layout: MarkLayout, nowMs: number): number {
  return Math.floor(nowMs / layout.sliceMs);
}

/** The value a mark of `slice` holds: the slice mod {@link MARK_SLICE_MODULUS}. */
export function markValue(slice: number): number {
  return ((slice % MARK_SLICE_MODULUS) + MARK_SLICE_MODULUS) % MARK_SLICE_MODULUS;
}

/**
 * Whether a mark holding `value` is fresh for a claim in `slice` (the store's scripts decide the
 * same): `slice - value` mod 8192 is 0 to {@link MARK_SLICES} (written this slice or the
 * {@link MARK_SLICES} before: within the window, or at most one slice more), or 8191 (a writer
 * whose clock runs up to a slice ahead).
 */
export function markIsFresh(value: number, slice: number): boolean {
  const age = markValue(slice - value);
  return age <= MARK_SLICES || age === MARK_SLICE_MODULUS - 1;
}

/** When a mark written at `nowMs` stops counting (ms since the epoch): its slice's end + the window's slices. */
export function markFreshUntil(layout: MarkLayout, nowMs: number): number {
  return (markSlice(layout, nowMs) + MARK_SLICES + 1) * layout.sliceMs;
}

/** The mark bucket of an event id: bits of its FNV-1a apart from the key bucket's, mixed. */
export function markBucket(eventId: string, buckets: number): number {
  return markBucketAt(eventId, 0, buckets);
}

/** {@link markBucket} of the id `text[from..]`. */
function markBucketAt(text: string, from: number, buckets: number): number {
  let h = fnv1a(text, from);
  // murmur3's finalizer: the key bucket took h mod 512; every bit of h reaches the mark bucket.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = (h ^ (h >>> 16)) >>> 0;
  return h % buckets;
}

/**
 * A tag of the current format: five characters of `@A-O` in braces (0.3.0's keys have the same
 * tags; those of 0.1.0 and 0.2.0 none).
 */
function tagEnd(key: string): number {
  const open = key.indexOf('{');
  if (open < 0 || key.charCodeAt(open + 6) !== 0x7d /* } */) return -1;
  for (let i = open + 1; i < open + 6; i++) {
    const c = key.charCodeAt(i);
    if (c < 0x40 || c > 0x4f) return -1;
  }
  return open + 7;
}

/**
 * The hash of a lease key's mark, or `undefined` for a key without the current format's tag (a
 * 0.1.0 or 0.2.0 key, whose DONE stays a string mark). A 0.3.0 key has one: a rollout from 0.3.0
 * writes its mark too, beside the string mark that release reads.
 *
 * @example
 * markHashKey('s:dedup:h:{@KBNA}01J9...', layout); // 's:dedup:h:{@KBNA}:d17'
 */
export function markHashKey(leaseKey: string, layout: MarkLayout): string | undefined {
  const end = tagEnd(leaseKey);
  return end < 0 ? undefined : hashOf(leaseKey, end, layout);
}

/** The mark hash of a current-format lease key whose tag ends at `end`: the tag, then its bucket. */
function hashOf(leaseKey: string, end: number, layout: MarkLayout): string {
  return `${leaseKey.slice(0, end)}:d${markBucketAt(leaseKey, end, layout.buckets)}`;
}

/**
 * A lease key's mark in one pass: answers its hash ({@link markHashKey}) and writes its field
 * ({@link markField} of the key's event id) into `out[at..at + 16)`; `undefined` (nothing written)
 * for a key not in the current format.
 * @internal
 */
export function markOfKey(
  leaseKey: string,
  layout: MarkLayout,
  out: Uint8Array,
  at: number,
): string | undefined {
  const end = tagEnd(leaseKey);
  if (end < 0) return undefined;
  markFieldInto(leaseKey, out, at, end);
  return hashOf(leaseKey, end, layout);
}

/**
 * Pack the canonical ULID `text[from..]` into `out[at..at + 16)`: false when it is not one (`out`
 * may then be partly written).
 */
function packUlidInto(text: string, from: number, out: Uint8Array, at: number): boolean {
  if (text.length - from !== 26) return false;
  const first = text.charCodeAt(from);
  if (first < 0x30 || first > 0x37) return false; // 130 bits: the top two are zero
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < 26; i++) {
    const c = text.charCodeAt(from + i);
    const v = c < 128 ? CROCKFORD[c]! : -1;
    if (v < 0) return false;
    acc = ((acc << 5) | v) & 0x1fff;
    bits += 5;
    if (i === 0) bits -= 2; // drop the two zero bits of the first character
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (acc >> bits) & 0xff;
    }
  }
  return true;
}

/**
 * Pack the canonical (lower-case, hyphenated) UUID `text[from..]` into `out[at..at + 16)`: false
 * when it is not one (`out` may then be partly written).
 */
function packUuidInto(text: string, from: number, out: Uint8Array, at: number): boolean {
  if (text.length - from !== 36) return false;
  for (let i = 0; i < 36; i += 2) {
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (text.charCodeAt(from + i) !== 0x2d) return false;
      i++;
    }
    const hi = text.charCodeAt(from + i);
    const lo = text.charCodeAt(from + i + 1);
    const a = hi < 128 ? HEX[hi]! : -1;
    const b = lo < 128 ? HEX[lo]! : -1;
    if (a < 0 || b < 0) return false;
    out[at++] = (a << 4) | b;
  }
  return true;
}

/**
 * Write the 16-byte field of the event id `text[from..]` into `out[at..at + 16)`: what
 * {@link markField} answers, without a buffer of its own (the store packs a batch's fields into
 * one).
 * @internal
 */
export function markFieldInto(text: string, out: Uint8Array, at: number, from = 0): void {
  if (packUlidInto(text, from, out, at) || packUuidInto(text, from, out, at)) return;
  out.set(sha256Bytes(from === 0 ? text : text.slice(from)).subarray(0, 16), at);
}

/**
 * The 16-byte field of an event id's DONE mark (the id as the key holds it, after its tag).
 *
 * @example
 * markField('01ARZ3NDEKTSV4RRFFQ69G5FAV'); // the ULID's 16 bytes
 * markField('invoice-42');                 // the first 16 bytes of SHA-256('invoice-42')
 */
export function markField(eventId: string): Uint8Array {
  const field = new Uint8Array(16);
  markFieldInto(eventId, field, 0);
  return field;
}
