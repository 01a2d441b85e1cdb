/**
 * What a test reads of a DONE mark (lib/contract/dedup-mark.ts): whether an event's key is DONE,
 * as a fresh field of its mark hash or as a 0.3.0 string mark, and when its mark ends.
 */
import type { Cluster, Redis } from 'ioredis';
import { eventIdOfKey } from '../../lib/contract/dedup-key.ts';
import {
  markField,
  markHashKey,
  markIsFresh,
  markLayout,
  markSlice,
  markValue,
} from '../../lib/contract/dedup-mark.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The hash (existing or not) a claim reads for `key`'s mark, its field, and the slice of now (mod 8192). */
export function markPlace(key: string, windowMs = DAY_MS, eventsPerSecond?: number) {
  const layout = markLayout(windowMs, eventsPerSecond);
  return {
    hash: markHashKey(key, layout)!,
    field: Buffer.from(markField(eventIdOfKey(key)!)),
    slice: markValue(markSlice(layout, Date.now())),
  };
}

/** The key is DONE: its mark is fresh in its hash, or the key holds a 0.3.0 string mark. */
export async function isDone(redis: Redis | Cluster, key: string, windowMs = DAY_MS): Promise<boolean> {
  if ((await redis.get(key)) === 'D') return true;
  const { hash, field, slice } = markPlace(key, windowMs);
  const value = await redis.hget(hash, field);
  return value !== null && markIsFresh(Number(value), slice);
}

/** ms until the key's DONE mark ends (its hash's PTTL, or the string mark's), or -2 when it is not DONE. */
export async function doneTtl(redis: Redis | Cluster, key: string, windowMs = DAY_MS): Promise<number> {
  if ((await redis.get(key)) === 'D') return redis.pttl(key);
  if (!(await isDone(redis, key, windowMs))) return -2;
  return redis.pttl(markPlace(key, windowMs).hash);
}

/** A key as the tests of 0.3.0 read it: 'D' when DONE (either mark), else what the key holds (a lease, or null). */
export async function keyState(
  redis: Redis | Cluster,
  key: string,
  windowMs = DAY_MS,
): Promise<string | null> {
  return (await isDone(redis, key, windowMs)) ? 'D' : redis.get(key);
}
