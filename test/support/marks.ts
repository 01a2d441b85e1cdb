/**
 * What a test reads of a DONE mark (lib/contract/dedup-mark.ts): whether an event's key is DONE,
 * as a hash field in a slice of the window or as a 0.3.0 string mark, and when its mark ends.
 */
import type { Cluster, Redis } from 'ioredis';
import { eventIdOfKey } from '../../lib/contract/dedup-key.ts';
import { markField, markHashKey, markLayout, markSlicesToRead } from '../../lib/contract/dedup-mark.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The hashes (existing or not) a claim now would read for `key`'s mark, and its field. */
export function markPlaces(key: string, windowMs = DAY_MS, eventsPerSecond?: number) {
  const layout = markLayout(windowMs, eventsPerSecond);
  const hashes = markSlicesToRead(layout, Date.now()).map((slice) => markHashKey(key, layout, slice)!);
  return { hashes, field: Buffer.from(markField(eventIdOfKey(key)!)) };
}

/** The key is DONE: its mark is in a hash a claim reads now, or the key holds a 0.3.0 string mark. */
export async function isDone(redis: Redis | Cluster, key: string, windowMs = DAY_MS): Promise<boolean> {
  if ((await redis.get(key)) === 'D') return true;
  const { hashes, field } = markPlaces(key, windowMs);
  for (const hash of hashes) if ((await redis.hexists(hash, field)) === 1) return true;
  return false;
}

/** ms until the key's DONE mark ends (its hash's PTTL, or the string mark's), or -2 when it is not DONE. */
export async function doneTtl(redis: Redis | Cluster, key: string, windowMs = DAY_MS): Promise<number> {
  if ((await redis.get(key)) === 'D') return redis.pttl(key);
  const { hashes, field } = markPlaces(key, windowMs);
  for (const hash of hashes) if ((await redis.hexists(hash, field)) === 1) return redis.pttl(hash);
  return -2;
}

/** A key as the tests of 0.3.0 read it: 'D' when DONE (either mark), else what the key holds (a lease, or null). */
export async function keyState(
  redis: Redis | Cluster,
  key: string,
  windowMs = DAY_MS,
): Promise<string | null> {
  return (await isDone(redis, key, windowMs)) ? 'D' : redis.get(key);
}
