/**
 * Claim + commit of a 10,000-key batch against one Redis, four ways, to size what the store's
 * wire format costs. Not part of `npm run bench`.
 *
 * A. RedisDedupStore as shipped: pipeline of SET NX PX GET, then pipeline of EVALSHA (Lua compare-and-set).
 * B. Same claim, commit as pipeline of plain `SET key D PX window XX` (no owner check).
 * C. Lua over many keys per call: one EVALSHA per 1,000 keys for claim, one per 1,000 for commit
 *    (standalone only: a cluster needs all keys of a call in one slot).
 * D. Claim only, shipped; E. commit only, shipped (to split the two).
 *
 * Run: node --expose-gc bench/micro/store-variants.ts [keys=10000]
 */
import { Redis } from 'ioredis';
import { RedisDedupStore } from '../../lib/index.ts';
import { startRedisServer } from '../../testkit/redis-server.ts';
import { median } from '../stats.ts';

const count = Number(process.argv[2] ?? 10_000);
const server = await startRedisServer();
const store = new RedisDedupStore({ redis: { url: server.url, commandTimeoutMs: 10_000 } });
const redis = new Redis(server.url);

const CLAIM_MANY = `local out = {}
for i, k in ipairs(KEYS) do
  local v = redis.call('SET', k, ARGV[1], 'PX', ARGV[2], 'NX', 'GET')
  if not v then out[i] = 0 elseif v == 'D' then out[i] = 1 else out[i] = 2 end
end
return out`;
const COMMIT_MANY = `local n = 0
for _, k in ipairs(KEYS) do
  local v = redis.call('GET', k)
  if v == ARGV[1] or not v then redis.call('SET', k, 'D', 'PX', ARGV[2]) n = n + 1 end
end
return n`;
redis.defineCommand('claimMany', { lua: CLAIM_MANY });
redis.defineCommand('commitMany', { lua: COMMIT_MANY });
type Many = Redis & {
  claimMany(n: number, ...args: (string | number)[]): Promise<number[]>;
  commitMany(n: number, ...args: (string | number)[]): Promise<number>;
};
const many = redis as Many;

let round = 0;
const keysOf = () => {
  round++;
  return Array.from({ length: count }, (_, i) => `sv:dedup:noop:${round}:${String(i).padStart(26, '0')}`);
};
const owner = 'req-1/abcd1234';

async function variant(
  name: string,
  fn: (keys: string[]) => Promise<unknown>,
  setup?: (keys: string[]) => Promise<void>,
) {
  const samples: number[] = [];
  for (let i = 0; i < 9; i++) {
    const keys = keysOf();
    await setup?.(keys);
    globalThis.gc?.();
    const t = performance.now();
    await fn(keys);
    if (i >= 2) samples.push(performance.now() - t);
  }
  console.log(`${median(samples).toFixed(1).padStart(8)} ms  ${name}`);
}

await variant('A shipped: claim (SET NX PX GET) + commit (EVALSHA per key)', async (keys) => {
  await store.claim(keys, owner, 60_000);
  await store.commit(keys, owner, 600_000);
});
await variant('B claim (SET NX PX GET) + commit (SET D PX XX per key)', async (keys) => {
  await store.claim(keys, owner, 60_000);
  const p = redis.pipeline();
  for (const k of keys) p.set(k, 'D', 'PX', 600_000, 'XX');
  await p.exec();
});
await variant('C Lua per 1,000 keys: claimMany + commitMany', async (keys) => {
  const calls: Promise<unknown>[] = [];
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    calls.push(many.claimMany(chunk.length, ...chunk, `P:${owner}`, 60_000));
  }
  await Promise.all(calls);
  const commits: Promise<unknown>[] = [];
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    commits.push(many.commitMany(chunk.length, ...chunk, `P:${owner}`, 600_000));
  }
  await Promise.all(commits);
});
await variant('D shipped claim only', async (keys) => {
  await store.claim(keys, owner, 60_000);
});
await variant(
  'E shipped commit only (EVALSHA per key; claimed untimed)',
  (keys) => store.commit(keys, owner, 600_000),
  async (keys) => void (await store.claim(keys, owner, 60_000)),
);

await store.close();
redis.disconnect();
await server.stop();
