/**
 * Where an event's DONE mark lives (mark format 0.4.0): a 16-byte field of a hash per key bucket,
 * mark bucket and time slice, beside the event's lease key in the same hash slot.
 *
 *   lease (IN_PROGRESS, as in 0.3.0):  <service>:dedup:<handler>:{<tag>}<EVENT-ID>      = P:<owner>
 *   DONE mark:                         <service>:dedup:<handler>:{<tag>}:d<bucket>:<slice>  field <16 bytes>
 *
 * Why: a string key per DONE mark costs ~198 bytes an event on Redis 7.0 (key, value, dict and
 * expiry entries), a field of a small hash (listpack) ~20. The hash of a slice expires as a whole.
 *
 * Guarantees:
 * - The mark hash has the lease key's `{<tag>}`: one hash slot, so one script per slot still claims
 *   a batch, and a reshard or a migrating slot moves leases and marks together.
 * - Time is cut in slices of a window / {@link MARK_SLICES}; a mark is written into the slice of
 *   the commit's time, whose hash expires at the slice's end + the window (never shortened): a mark
 *   lives at least the window and at most the window + one slice.
 * - A claim reads every slice that a mark written within the window can be in (newest first), and
 *   the next one (a writer whose clock is ahead by less than a slice), then the 0.3.0 string mark.
 * - The field: a canonical ULID (upper case) or UUID (lower case) packed to its 16 bytes; any other
 *   id the first 16 bytes of its SHA-256. Two ids share a field only when they are the same 128
 *   bits written as a ULID and as a UUID (the same value), or when SHA-256 prefixes collide: at
 *   most n^2 / 2^129 over the n marks of one hash (10^-35 for n = 128).
 * - Buckets per tag follow the declared rate ({@link markBuckets}) so that a slice's hash holds
 *   about {@link MARK_FIELDS_PER_HASH} fields at that rate: under Redis's default
 *   `hash-max-listpack-entries` (128), the compact encoding.
 * Does not guarantee: that marks written under another window or rate setting are read. The window
 * and `eventsPerSecond` place the marks (slice length and buckets): changing either is a change of
 * mark layout, made like a key format rollout (docs/consumer.md, "Key format").
 */
import { fnv1a, KEY_BUCKETS } from './dedup-key.ts';
import { sha256Bytes } from './sha256.ts';

/** The format of DONE marks this module names (package version that introduced it). */
export const MARK_FORMAT = '0.4.0';

/**
 * Slices per window: a new event reads MARK_SLICES + 2 hashes; a mark outlives its window by at most
 * a slice. 4, not 8: each hash a claim reads costs the server about as much as the whole claim of
 * 0.3.0 (bench/micro/mark-claim.ts), and 6 reads instead of 10 are worth a mark living 12.5% of
 * the window longer on average instead of 6.25% (docs/performance.md).
 */
export const MARK_SLICES = 4;

/** Fields a slice's hash holds at the declared rate: under 128 with room for the spread of a hash's share. */
export const MARK_FIELDS_PER_HASH = 80;

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
}

/**
 * The layout of the marks of a handler with this window and declared peak rate of new events.
 *
 * @example
 * markLayout(86_400_000, 1000); // { windowMs: 86400000, sliceMs: 21600000, buckets: 528 }
 */
export function markLayout(
  windowMs: number,
  eventsPerSecond: number = DEFAULT_EVENTS_PER_SECOND,
): MarkLayout {
  const sliceMs = Math.ceil(windowMs / MARK_SLICES);
  return { windowMs, sliceMs, buckets: markBuckets(eventsPerSecond, sliceMs) };
}

/** Buckets per tag so that a slice's hash holds about {@link MARK_FIELDS_PER_HASH} fields at `eventsPerSecond`. */
export function markBuckets(eventsPerSecond: number, sliceMs: number): number {
  const perTag = (eventsPerSecond * sliceMs) / 1000 / KEY_BUCKETS;
  return Math.max(1, Math.ceil(perTag / MARK_FIELDS_PER_HASH));
}

/** The slice of a time (ms since the epoch). */
export function markSlice(layout: MarkLayout, nowMs: number): number {
  return Math.floor(nowMs / layout.sliceMs);
}

/** When the hash of a slice expires (ms since the epoch): the slice's end + the window. */
export function markExpiresAt(layout: MarkLayout, slice: number): number {
  return (slice + 1) * layout.sliceMs + layout.windowMs;
}

/**
 * The slices a claim at `nowMs` reads, in order: the current one, back to the one holding
 * `nowMs - window`, then the next one (a writer whose clock runs ahead).
 */
export function markSlicesToRead(layout: MarkLayout, nowMs: number): number[] {
  const newest = markSlice(layout, nowMs);
  const oldest = markSlice(layout, nowMs - layout.windowMs);
  const slices: number[] = [];
  for (let s = newest; s >= oldest; s--) slices.push(s);
  slices.push(newest + 1);
  return slices;
}

/** The mark bucket of an event id: bits of its FNV-1a apart from the key bucket's, mixed. */
export function markBucket(eventId: string, buckets: number): number {
  let h = fnv1a(eventId);
  // murmur3's finalizer: the key bucket took h mod 512; every bit of h reaches the mark bucket.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = (h ^ (h >>> 16)) >>> 0;
  return h % buckets;
}

/** A 0.3.0 tag: five characters of `@A-O` in braces. Keys of previous formats have none. */
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
 * The hash of a lease key's mark in `slice`, or `undefined` for a key not in the current format
 * (no 0.3.0 tag: a previous format's key, whose DONE stays a string mark).
 *
 * @example
 * markHashKey('s:dedup:h:{@KBNA}01J9...', layout, 19_000); // 's:dedup:h:{@KBNA}:d17:19000'
 */
export function markHashKey(leaseKey: string, layout: MarkLayout, slice: number): string | undefined {
  const end = tagEnd(leaseKey);
  if (end < 0) return undefined;
  return `${leaseKey.slice(0, end)}:d${markBucket(leaseKey.slice(end), layout.buckets)}:${slice}`;
}

/** The prefix and tag of a lease key, and its mark bucket: what every slice's hash name starts with. */
export function markHashStem(leaseKey: string, layout: MarkLayout): string | undefined {
  const end = tagEnd(leaseKey);
  if (end < 0) return undefined;
  return `${leaseKey.slice(0, end)}:d${markBucket(leaseKey.slice(end), layout.buckets)}:`;
}

const CROCKFORD = new Int8Array(128).fill(-1);
'0123456789ABCDEFGHJKMNPQRSTVWXYZ'.split('').forEach((c, i) => {
  CROCKFORD[c.charCodeAt(0)] = i;
});
const HEX = new Int8Array(128).fill(-1);
'0123456789abcdef'.split('').forEach((c, i) => {
  HEX[c.charCodeAt(0)] = i;
});

/** A canonical ULID's 16 bytes, or undefined. */
function packUlid(id: string): Uint8Array | undefined {
  if (id.length !== 26) return undefined;
  const first = id.charCodeAt(0);
  if (first < 0x30 || first > 0x37) return undefined; // 130 bits: the top two are zero
  const out = new Uint8Array(16);
  let acc = 0;
  let bits = 0;
  let at = 0;
  for (let i = 0; i < 26; i++) {
    const c = id.charCodeAt(i);
    const v = c < 128 ? CROCKFORD[c]! : -1;
    if (v < 0) return undefined;
    acc = ((acc << 5) | v) & 0x1fff;
    bits += 5;
    if (i === 0) bits -= 2; // drop the two zero bits of the first character
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

/** A canonical (lower-case, hyphenated) UUID's 16 bytes, or undefined. */
function packUuid(id: string): Uint8Array | undefined {
  if (id.length !== 36) return undefined;
  const out = new Uint8Array(16);
  let at = 0;
  for (let i = 0; i < 36; i += 2) {
    if (i === 8 || i === 13 || i === 18 || i === 23) i++;
    const hi = id.charCodeAt(i);
    const lo = id.charCodeAt(i + 1);
    const a = hi < 128 ? HEX[hi]! : -1;
    const b = lo < 128 ? HEX[lo]! : -1;
    if (a < 0 || b < 0) return undefined;
    out[at++] = (a << 4) | b;
  }
  for (const i of [8, 13, 18, 23]) if (id.charCodeAt(i) !== 0x2d) return undefined;
  return out;
}

/**
 * The 16-byte field of an event id's DONE mark (the id as the key holds it, after its tag).
 *
 * @example
 * markField('01ARZ3NDEKTSV4RRFFQ69G5FAV'); // the ULID's 16 bytes
 * markField('invoice-42');                 // the first 16 bytes of SHA-256('invoice-42')
 */
export function markField(eventId: string): Uint8Array {
  return packUlid(eventId) ?? packUuid(eventId) ?? sha256Bytes(eventId).subarray(0, 16);
}
