/**
 * The dedup key of an event: `<service>:dedup:<handler>:{<bucket>}<EVENT-ID>`.
 *
 * Why the `{<bucket>}`: a Redis cluster runs a script only on keys of one hash slot, and a key's
 * slot is that of its first `{...}` (its hash tag). Keys of one bucket share a slot, so the store
 * claims a whole bucket of a batch with one script instead of one command per key (the cluster
 * path: ElastiCache Serverless speaks the cluster protocol). {@link KEY_BUCKETS} buckets, each
 * tag chosen so that bucket `i` hashes into the `i`-th of 128 equal slot ranges: a cluster whose
 * shards own contiguous equal ranges (how ElastiCache and `redis-cli --cluster create` split
 * them) gets the same number of buckets on each shard, for up to 128 shards.
 *
 * The bucket is a pure function of the event id (FNV-1a), so every tool that names a key
 * (consumer, `msk-once dedup-key`, runbook, tests) gets the same key from this one function.
 *
 * Key format history: before 0.2.0 keys had no bucket (`<service>:dedup:<handler>:<EVENT-ID>`);
 * {@link previousFormatKey} names that key, read during a rollout (docs/consumer.md, "Key format").
 */

/** How many buckets the keys of one handler are spread over. Part of the key format: never change it in place. */
export const KEY_BUCKETS = 128;

/**
 * The hash tag of each bucket. Tag `i` hashes (CRC16, as Redis Cluster does) into slots
 * `[128 i, 128 (i + 1))`; test/core/key-format.test.ts checks every one. Part of the key format.
 *
 * @internal
 */
export const BUCKET_TAGS: readonly string[] = [
  '14 10 6u 18 6l 6h 07 03 4n 29 25 21 3 7 4w 4s',
  '0j 0n 0b 0f 1a 1e 0s 0w f b n j w s 3z 2d',
  '15 11 6t 19 6m 6i 06 02 4o 28 24 20 2 6 4v 4r',
  '0k 0o 0c 0g 0z 1d 0r 0v g c o k v r 2a z',
  '16 12 6w 6s 6n 09 05 01 4l 4h 27 23 1 5 9 38',
  '0h 0l 1z 0d 0y 1g 0q 0u d 3e l h u q 2b y',
  '17 13 6v 6r 6o 08 04 00 4m 4i 26 22 0 4 8 39',
  '0i 0m 0a 0e 0x 1f 0p 0t e a m i t p 2c x',
]
  .join(' ')
  .split(' ')
  .map((tag) => `{${tag}}`);

/**
 * The bucket of an event id: FNV-1a (32 bit) of its UTF-16 code units, modulo {@link KEY_BUCKETS}.
 * A loop over the string, no allocation: it runs once per record.
 *
 * @example
 * keyBucket('01J9ZKQ6W8Y3N2V4B5C6D7E8F9'); // a number in [0, 128)
 */
export function keyBucket(eventId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < eventId.length; i++) {
    hash ^= eventId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % KEY_BUCKETS;
}

/**
 * `<service>:dedup:<handler>:`, the part every key of a handler starts with (and the ACL pattern's
 * and `SCAN MATCH`'s prefix).
 *
 * @example
 * dedupKeyPrefix('notification', 'on-review-created'); // 'notification:dedup:on-review-created:'
 */
export function dedupKeyPrefix(service: string, handlerName: string): string {
  return `${service}:dedup:${handlerName}:`;
}

/**
 * The key of one event under a handler's prefix.
 *
 * @example
 * dedupKey(dedupKeyPrefix('notification', 'on-review-created'), '01J9ZKQ6W8Y3N2V4B5C6D7E8F9');
 * // 'notification:dedup:on-review-created:{<tag>}01J9ZKQ6W8Y3N2V4B5C6D7E8F9'
 */
export function dedupKey(prefix: string, eventId: string): string {
  return prefix + BUCKET_TAGS[keyBucket(eventId)] + eventId;
}

/**
 * The key the same event had before 0.2.0 (no bucket), or `undefined` for a key not in the
 * current format. Read only while `readPreviousKeys` is on, during a rollout.
 *
 * @example
 * previousFormatKey('s:dedup:h:{0j}01J9...'); // 's:dedup:h:01J9...'
 */
export function previousFormatKey(key: string): string | undefined {
  const eventId = eventIdOfKey(key);
  return eventId === undefined ? undefined : key.slice(0, key.indexOf('{')) + eventId;
}

/**
 * The event id a key names (what follows the bucket's tag), or `undefined` for a key without one.
 * Service and handler names hold no brace (refused at cold start), so the first `{...}` is the tag.
 *
 * @example
 * eventIdOfKey('s:dedup:h:{0j}01J9...'); // '01J9...'
 */
export function eventIdOfKey(key: string): string | undefined {
  const open = key.indexOf('{');
  const close = open < 0 ? -1 : key.indexOf('}', open + 1);
  return close < 0 ? undefined : key.slice(close + 1);
}
