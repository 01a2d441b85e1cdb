/**
 * The dedup key of an event (format 0.4.0): `<service>:dedup:<handler>:{<tag>}<EVENT-ID>`.
 *
 * Why the `{<tag>}`: a Redis cluster runs a script only on keys of one hash slot, and a key's slot
 * is that of its first `{...}` (its hash tag). Keys of one bucket share a slot, so the store claims
 * a whole bucket of a batch with one script instead of one command per key (the cluster path:
 * ElastiCache Serverless speaks the cluster protocol).
 *
 * Guarantees:
 * - {@link KEY_BUCKETS} buckets per handler; bucket `i`'s tag hashes into the `i`-th of
 *   {@link KEY_BUCKETS} equal slot ranges, so a cluster whose shards own contiguous equal ranges
 *   (how ElastiCache and `redis-cli --cluster create` split them) gets the same number of buckets of
 *   each handler on each shard.
 * - Within its range, the slot of bucket `i` is drawn from a hash of the key prefix
 *   (`<service>:dedup:<handler>:`): handlers land in different slots of the range, so the keys of
 *   many handlers spread over many slots instead of all sharing the same few (what a reshard
 *   moves, what a hot shard is made of).
 * - Buckets are taken by turns: an event id that carries its time (a ULID, a UUIDv7) goes to one
 *   of the buckets of its minute's turn ({@link KEY_TURNS} turns of {@link KEY_TURN_MS}, the
 *   buckets `i` with `i mod KEY_TURNS` = the turn, every fourth range: still even over the
 *   shards). A batch's events were mostly made within a minute, so its keys fall in a quarter of
 *   the buckets: a quarter of the scripts a cluster needs, while over the turns every bucket and
 *   slot gets its share. Other ids (a UUIDv4, any other id) spread over all buckets.
 * - The bucket is a pure function of the event id (FNV-1a, and the time the id carries) and the tag
 *   a pure function of the prefix and the bucket: every tool that names a key (consumer,
 *   `msk-once dedup-key`, runbook, tests) gets the same key from {@link dedupKey}.
 * - A tag is five characters of `@A-O` (no brace, so the tag is the key's first `{...}`).
 *
 * Does not guarantee: that two handlers never share a slot (each bucket's slot is one of
 * `16384 / KEY_BUCKETS` in its range; two prefixes pick the same one by chance); that a producer
 * whose ids all carry one time (a clock stuck, a fixed seed) spreads over more than a quarter of
 * the buckets.
 *
 * Key format history: 0.1.0 had no tag (`<service>:dedup:<handler>:<EVENT-ID>`); 0.2.0 had 128
 * tags shared by every handler; 0.3.0 the same 512 tags per handler, the bucket FNV-1a of the id
 * alone (no turns). previous-key-formats.ts names those keys for a rollout (docs/consumer.md,
 * "Key format").
 */

/**
 * How many buckets the keys of one handler are spread over (chosen by measurement:
 * docs/performance.md, "Bucket count of the key format"). Part of the key format: never change it
 * in place.
 */
export const KEY_BUCKETS = 512;

/** Slots of a Redis cluster. */
const SLOTS = 16_384;

/** The format this module names keys in (package version that introduced it). */
export const KEY_FORMAT = '0.4.0';

/**
 * Turns the buckets are taken in by ids that carry their time: a batch's keys fall in
 * `KEY_BUCKETS / KEY_TURNS` buckets (128 scripts a step at most on a cluster, where up to 512 made
 * a 3,000-record call at 0.25 ms ~20% slower: docs/performance.md, "Buckets by turns").
 */
export const KEY_TURNS = 4;

/** How long one turn lasts, ms: a batch made within it falls in one turn's buckets. */
export const KEY_TURN_MS = 60_000;

/**
 * Crockford base32 digit values by char code ('0'-'9', 'A'-'Z' but I L O U), -1 otherwise: a
 * canonical ULID's digits (upper case). Shared with the mark's packing (dedup-mark.ts).
 * @internal
 */
export const CROCKFORD = new Int8Array(128).fill(-1);
for (let i = 0; i < 32; i++) CROCKFORD['0123456789ABCDEFGHJKMNPQRSTVWXYZ'.charCodeAt(i)] = i;
/** Hex digit values by char code ('0'-'9', 'a'-'f': canonical UUIDs are lower case), -1 otherwise. @internal */
export const HEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX['0123456789abcdef'.charCodeAt(i)] = i;

/**
 * The time an event id carries, ms since the epoch: the first 48 bits of a canonical ULID (26
 * characters of Crockford base32, upper case, the first at most 7) or of a canonical UUIDv7 (36
 * characters, lower case, hyphenated, version digit 7): the ids whose mark field is the id packed
 * (dedup-mark.ts). `undefined` for any other id. No allocation: it runs once per record.
 *
 * @example
 * eventTimeOf('01ARZ3NDEKTSV4RRFFQ69G5FAV'); // 1469922850259
 * eventTimeOf('order-42'); // undefined
 * @internal
 */
export function eventTimeOf(eventId: string): number | undefined {
  let time = 0;
  if (eventId.length === 26) {
    for (let i = 0; i < 26; i++) {
      const code = eventId.charCodeAt(i);
      const digit = code < 128 ? CROCKFORD[code]! : -1;
      if (digit < 0) return undefined;
      if (i < 10) time = time * 32 + digit;
    }
    // Ten base32 digits are 50 bits; a ULID's time is 48 (its first digit is at most 7).
    return time < 2 ** 48 ? time : undefined;
  }
  if (eventId.length === 36 && eventId.charCodeAt(14) === 0x37 /* 7 */) {
    for (let i = 0; i < 36; i++) {
      const code = eventId.charCodeAt(i);
      if (i === 8 || i === 13 || i === 18 || i === 23) {
        if (code !== 0x2d /* - */) return undefined;
        continue;
      }
      const digit = code < 128 ? HEX[code]! : -1;
      if (digit < 0) return undefined;
      if (i < 13) time = time * 16 + digit;
    }
    return time;
  }
  return undefined;
}

/**
 * The bucket of an event id: FNV-1a (32 bit) of its UTF-16 code units, modulo `buckets`, with its
 * last two bits replaced by the turn of the time the id carries (if it carries one: see the module
 * doc). A loop over the string, no allocation: it runs once per record.
 *
 * @example
 * keyBucket('01J9ZKQ6W8Y3N2V4B5C6D7E8F9'); // a number in [0, 512), its minute's turn mod 4
 */
export function keyBucket(eventId: string, buckets: number = KEY_BUCKETS): number {
  const bucket = fnv1a(eventId) % buckets;
  const time = buckets % KEY_TURNS === 0 ? eventTimeOf(eventId) : undefined;
  if (time === undefined) return bucket;
  return bucket - (bucket % KEY_TURNS) + (Math.floor(time / KEY_TURN_MS) % KEY_TURNS);
}

/** @internal FNV-1a (32 bit, unsigned) of the UTF-16 code units of `text` (from `from` on). */
export function fnv1a(text: string, from = 0): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * `<service>:dedup:<handler>:`, the part every key of a handler starts with (and the ACL pattern's
 * and `SCAN MATCH`'s prefix).
 *
 * @example
 * dedupKeyPrefix('orders', 'on-order-placed'); // 'orders:dedup:on-order-placed:'
 */
export function dedupKeyPrefix(service: string, handlerName: string): string {
  return `${service}:dedup:${handlerName}:`;
}

// Tags are made, not searched: CRC16 (XMODEM, what Redis Cluster hashes with) of a fixed-length
// string is linear over XOR, and the 20 low-nibble bits of a 5-character tag span all 16 bits of
// its CRC (4 characters span only 15). TAG_SOLVE[j] holds nibble bits that flip CRC bit j alone; a
// tag for any CRC is the XOR of the ones of its set bits. Computed once at module load (20 tiny CRCs).
const TAG_LENGTH = 5;
const TAG_BASE = 0x40; // '@': the tag's characters are '@' + nibble, '@'..'O'
const TAG_SOLVE: Uint32Array = solveTagBits();
const BASE_CRC = crc16(new Array<number>(TAG_LENGTH).fill(TAG_BASE));

/** @internal CRC16-XMODEM of bytes, as Redis Cluster computes a slot (before `& 16383`). */
export function crc16(bytes: ArrayLike<number>): number {
  let crc = 0;
  for (let i = 0; i < bytes.length; i++) {
    crc ^= bytes[i]! << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** For each CRC bit j, nibble bits (nibble k at bits 4k..4k+3) whose tag XORs exactly bit j into the CRC. */
function solveTagBits(): Uint32Array {
  // Image of each nibble bit: the CRC of bytes that are zero but for that one bit (linearity, init 0).
  const images: number[] = [];
  const sources: number[] = [];
  for (let k = 0; k < 4 * TAG_LENGTH; k++) {
    const bytes = new Array<number>(TAG_LENGTH).fill(0);
    bytes[k >> 2] = 1 << (k & 3);
    images.push(crc16(bytes));
    sources.push(1 << k);
  }
  // Gauss-Jordan over GF(2): pivot rows end with one-bit images, the nibble bits carried along.
  let used = 0;
  for (let bit = 15; bit >= 0; bit--) {
    let pivot = -1;
    for (let r = used; r < images.length && pivot < 0; r++) if ((images[r]! >> bit) & 1) pivot = r;
    if (pivot < 0) throw new Error('key format: the tag nibbles do not span CRC16'); // never: a test makes every CRC
    [images[used], images[pivot]] = [images[pivot]!, images[used]!];
    [sources[used], sources[pivot]] = [sources[pivot]!, sources[used]!];
    for (let r = 0; r < images.length; r++) {
      if (r !== used && (images[r]! >> bit) & 1) {
        images[r]! ^= images[used]!;
        sources[r]! ^= sources[used]!;
      }
    }
    used++;
  }
  const solve = new Uint32Array(16);
  for (let r = 0; r < 16; r++) solve[31 - Math.clz32(images[r]!)] = sources[r]!;
  return solve;
}

/**
 * The 5-character tag (without braces) of `@A-O` characters whose CRC16 is `crc`.
 *
 * @internal
 */
export function tagOfCrc(crc: number): string {
  const target = (crc ^ BASE_CRC) & 0xffff;
  let nibbles = 0;
  for (let j = 0; j < 16; j++) if ((target >> j) & 1) nibbles ^= TAG_SOLVE[j]!;
  let tag = '';
  for (let k = 0; k < TAG_LENGTH; k++) tag += String.fromCharCode(TAG_BASE | ((nibbles >>> (4 * k)) & 15));
  return tag;
}

/**
 * The slot bucket `bucket` of a prefix lands in: the bucket's range of `SLOTS / buckets` slots,
 * at an offset drawn from the prefix's hash mixed with the bucket (so no two handlers keep the same
 * offset in every range).
 *
 * @internal
 */
export function bucketSlot(prefixHash: number, bucket: number, buckets: number = KEY_BUCKETS): number {
  const width = SLOTS / buckets;
  // murmur3's finalizer: every bit of prefix hash and bucket reaches the offset.
  let h = (prefixHash ^ Math.imul(bucket + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = (h ^ (h >>> 16)) >>> 0;
  return bucket * width + (h % width);
}

/**
 * The tag of each bucket of a prefix, braces included: `{<5 chars>}`, tag `i` in the `i`-th slot
 * range. Made on the first key of a prefix (a few hundred microseconds) and kept.
 *
 * @internal
 * @example
 * bucketTags('orders:dedup:on-order-placed:')[0]; // '{@KBNA}' or the like
 */
export function bucketTags(prefix: string, buckets: number = KEY_BUCKETS): readonly string[] {
  if (!(Number.isInteger(buckets) && buckets > 0 && SLOTS % buckets === 0))
    throw new RangeError(`key format: ${buckets} buckets do not divide ${SLOTS} slots`);
  const prefixHash = fnv1a(prefix);
  const tags: string[] = new Array(buckets);
  for (let i = 0; i < buckets; i++) tags[i] = `{${tagOfCrc(bucketSlot(prefixHash, i, buckets))}}`;
  return tags;
}

// The tag tables of the prefixes seen, a memo of the pure bucketTags (the same answer for every
// request; no state of a request lives here). A consumer has one prefix; tools and tests a few.
// Bounded so a caller looping over made-up prefixes cannot grow it without end.
const MEMO_LIMIT = 64;
const memo = new Map<string, readonly string[]>();
let lastPrefix = '';
let lastTags: readonly string[] = [];

function tagsOf(prefix: string): readonly string[] {
  if (prefix === lastPrefix) return lastTags;
  let tags = memo.get(prefix);
  if (!tags) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    tags = bucketTags(prefix);
    memo.set(prefix, tags);
  }
  lastPrefix = prefix;
  lastTags = tags;
  return tags;
}

/**
 * The key of one event under a handler's prefix: the prefix, the tag of the event's bucket, the
 * event id. The only function that names a key in the current format. Per call it makes the key
 * string and nothing else (the prefix's tag table is made once).
 *
 * @example
 * dedupKey(dedupKeyPrefix('orders', 'on-order-placed'), '01J9ZKQ6W8Y3N2V4B5C6D7E8F9');
 * // 'orders:dedup:on-order-placed:{<tag>}01J9ZKQ6W8Y3N2V4B5C6D7E8F9'
 */
export function dedupKey(prefix: string, eventId: string): string {
  return prefix + tagsOf(prefix)[keyBucket(eventId)] + eventId;
}

/**
 * The key of an event in a given bucket of its prefix (0.3.0's keys: the same tags, the bucket of
 * the id alone; previous-key-formats.ts).
 *
 * @internal
 */
export function keyInBucket(prefix: string, bucket: number, eventId: string): string {
  return prefix + tagsOf(prefix)[bucket] + eventId;
}

/**
 * The event id a key names (what follows its tag), or `undefined` for a key without one.
 * Service and handler names hold no brace (refused at cold start), so the first `{...}` is the tag.
 *
 * @example
 * eventIdOfKey('s:dedup:h:{@KBNA}01J9...'); // '01J9...'
 */
export function eventIdOfKey(key: string): string | undefined {
  const open = key.indexOf('{');
  const close = open < 0 ? -1 : key.indexOf('}', open + 1);
  return close < 0 ? undefined : key.slice(close + 1);
}

/**
 * The prefix of a key (up to its tag), or `undefined` for a key without a tag.
 *
 * @example
 * prefixOfKey('s:dedup:h:{@KBNA}01J9...'); // 's:dedup:h:'
 */
export function prefixOfKey(key: string): string | undefined {
  const open = key.indexOf('{');
  return open < 0 || key.indexOf('}', open + 1) < 0 ? undefined : key.slice(0, open);
}
