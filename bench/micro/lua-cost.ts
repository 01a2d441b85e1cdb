/**
 * What Redis itself spends per key on the store's steps: server time (`INFO commandstats`, usec)
 * of one script over 1,000 keys, per kind of call inside it, against the same keys sent as plain
 * pipelined commands. Explains why claim + commit cannot reach twice the one-connection floor with
 * scripts: each `redis.call` costs the server more than the command it makes (docs/performance.md).
 * Not part of `npm run bench`; starts its own redis-server so that no other client's calls count.
 *
 * Run: node bench/micro/lua-cost.ts [keys=1000] [rounds=7]
 */
import { Redis } from 'ioredis';
import { startRedisServer } from '../../testkit/redis-server.ts';
import { median } from '../stats.ts';

const count = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 7);
const OWNER = 'P:8f14e45f-ceea-467f-a0e6-1c0b0f4a7f11';

// Each loop makes one kind of call per key; `noop` only walks KEYS (the script's own overhead).
const SCRIPTS: Record<string, string> = {
  'noop (walk KEYS)': 'local n = 0 for _, k in ipairs(KEYS) do n = n + #k end return n',
  'PING per key': "for _ in ipairs(KEYS) do redis.call('PING') end return 1",
  'GET per key': "for _, k in ipairs(KEYS) do redis.call('GET', k) end return 1",
  'claim: SET NX PX GET per key':
    "for _, k in ipairs(KEYS) do redis.call('SET', k, ARGV[1], 'PX', ARGV[2], 'NX', 'GET') end return 1",
  'commit: GET + SET PX per key (the CAS)': `for _, k in ipairs(KEYS) do
  local v = redis.call('GET', k)
  if v == ARGV[1] or not v then redis.call('SET', k, 'D', 'PX', ARGV[2]) end
end return 1`,
};

const server = await startRedisServer();
const redis = new Redis(server.url);
async function usec(command: string): Promise<number> {
  const stats = await redis.info('commandstats');
  const match = stats.match(new RegExp(`cmdstat_${command}:calls=\\d+,usec=(\\d+)`));
  return match ? Number(match[1]) : 0;
}

try {
  const samples = new Map<string, number[]>();
  const add = (name: string, value: number) => samples.set(name, [...(samples.get(name) ?? []), value]);
  for (let round = 0; round < rounds; round++) {
    for (const [name, lua] of Object.entries(SCRIPTS)) {
      const keys = Array.from(
        { length: count },
        (_, i) => `lua-cost:${round}:${i}:01ARZ3NDEKTSV4RRFFQ69G5FAV`,
      );
      // The commit finds its keys claimed, as in the consumer.
      if (name.startsWith('commit')) {
        const claim = redis.pipeline();
        for (const k of keys) claim.set(k, OWNER, 'PX', 30_000);
        await claim.exec();
      }
      await redis.config('RESETSTAT');
      await redis.eval(lua, keys.length, ...keys, OWNER, 30_000);
      add(name, (await usec('eval')) / count);
      await redis.flushall();
    }
    const keys = Array.from({ length: count }, (_, i) => `lua-cost:plain:${round}:${i}`);
    await redis.config('RESETSTAT');
    const plain = redis.pipeline();
    for (const k of keys) plain.set(k, OWNER, 'PX', 30_000, 'NX', 'GET');
    await plain.exec();
    add('plain pipelined SET NX PX GET (no script)', (await usec('set')) / count);
    await redis.flushall();
  }
  console.log(`server time per key, ${count} keys per script, median of ${rounds} (us):`);
  for (const [name, values] of samples) console.log(`${median(values).toFixed(2).padStart(7)}  ${name}`);
} finally {
  redis.disconnect();
  await server.stop();
}
