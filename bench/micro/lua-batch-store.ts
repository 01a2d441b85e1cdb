/**
 * A what-if DedupStore for standalone Redis: the same state machine as RedisDedupStore, but one
 * EVALSHA per 1,000 keys instead of one command per key (claim and commit each loop in Lua on the
 * server). Standalone only: in a cluster every key of one script call must hash to one slot.
 * Used by bench/micro/what-if.ts to size the gain end to end; not a product store.
 */
import { Redis } from 'ioredis';
import type { ClaimResult, DedupStore } from '../../lib/index.ts';

const CLAIM = `local out = {}
for i, k in ipairs(KEYS) do
  local v = redis.call('SET', k, ARGV[1], 'PX', ARGV[2], 'NX', 'GET')
  if not v then out[i] = 0 elseif v == 'D' then out[i] = 1 else out[i] = 2 end
end
return out`;
const COMMIT = `for _, k in ipairs(KEYS) do
  local v = redis.call('GET', k)
  if v == ARGV[1] or not v then redis.call('SET', k, 'D', 'PX', ARGV[2]) end
end
return 0`;
const RELEASE = `for _, k in ipairs(KEYS) do
  if redis.call('GET', k) == ARGV[1] then redis.call('DEL', k) end
end
return 0`;
const CHUNK = 1000;

type Scripted = Redis & {
  claimMany(n: number, ...args: (string | number)[]): Promise<number[]>;
  commitMany(n: number, ...args: (string | number)[]): Promise<number>;
  releaseMany(n: number, ...args: (string | number)[]): Promise<number>;
};

function chunks(keys: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < keys.length; i += CHUNK) out.push(keys.slice(i, i + CHUNK));
  return out;
}

/**
 * @example
 * const store = new LuaBatchStore('redis://127.0.0.1:6379');
 */
export class LuaBatchStore implements DedupStore {
  readonly #redis: Scripted;

  constructor(url: string) {
    this.#redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true }) as Scripted;
    this.#redis.defineCommand('claimMany', { lua: CLAIM });
    this.#redis.defineCommand('commitMany', { lua: COMMIT });
    this.#redis.defineCommand('releaseMany', { lua: RELEASE });
  }

  async claim(keys: readonly string[], owner: string, leaseMs: number): Promise<ClaimResult[]> {
    const value = `P:${owner}`;
    const lease = Math.max(1, Math.ceil(leaseMs));
    const replies = await Promise.all(
      chunks(keys).map((c) => this.#redis.claimMany(c.length, ...c, value, lease)),
    );
    const results: ClaimResult[] = [];
    for (const reply of replies)
      for (const r of reply) results.push(r === 0 ? 'claimed' : r === 1 ? 'done' : 'held');
    return results;
  }

  async commit(keys: readonly string[], owner: string, windowMs: number): Promise<void> {
    const value = `P:${owner}`;
    await Promise.all(
      chunks(keys).map((c) => this.#redis.commitMany(c.length, ...c, value, Math.ceil(windowMs))),
    );
  }

  async release(keys: readonly string[], owner: string): Promise<void> {
    const value = `P:${owner}`;
    await Promise.all(chunks(keys).map((c) => this.#redis.releaseMany(c.length, ...c, value)));
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }
}
