/**
 * Server time of a duplicate's claim (#33's "CPU per duplicate at most 2x 0.3.0's"), compact
 * marks against 0.3.0's string marks on one server in one run, the two taking turns: 100,000
 * events written by each store (claim + commit, the compact one on a clock driven at 1,000/s as
 * in bench/bytes-per-event.ts), then 30,000 of them claimed again by each, three times.
 *
 * bench/bytes-per-event.ts measures each case on its own flushed server one after the other, so a
 * shared machine's load falls on them unevenly; here it falls on both alike. Prints the script's
 * usec per event (EVALSHA: its inner calls included) and the inner command's (HEXISTS, SET).
 *
 * Run: node bench/micro/duplicate-claim.ts [port=7101]
 */
import { Redis } from 'ioredis';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract/dedup-key.ts';
import { RedisDedupStore } from '../../lib/dedup/redis-store.ts';
import { RedisDedupStore as RedisDedupStore030 } from '../../test/fixtures/releases/v0.3.0/lib/dedup/redis-store.ts';
import { startRedisServer } from '../../testkit/redis-server.ts';

const port = Number(process.argv[2] ?? 7101);
const EVENTS = 100_000;
const DUPLICATES = 30_000;
const DAY_MS = 86_400_000;
const server = await startRedisServer({ port });
const redis = new Redis(server.url);
const t0 = Date.now();
let clock = t0;
const compact = new RedisDedupStore({
  redis: { url: server.url, commandTimeoutMs: 30_000 },
  eventsPerSecond: 1000,
  now: () => clock,
});
const old = new RedisDedupStore030({ redis: { url: server.url, commandTimeoutMs: 30_000 } });
const stores = [
  { name: 'compact', prefix: dedupKeyPrefix('dup-compact', 'h'), store: compact },
  { name: '0.3.0', prefix: dedupKeyPrefix('dup-030', 'h'), store: old as unknown as RedisDedupStore },
];

/** usec per command since the last RESETSTAT. */
async function stats(): Promise<Map<string, number>> {
  const text = await redis.info('commandstats');
  return new Map(
    [...text.matchAll(/cmdstat_([a-z]+):calls=\d+,usec=(\d+)/g)].map((m) => [m[1]!, Number(m[2])]),
  );
}

try {
  const ids = Array.from({ length: EVENTS }, () => ulid());
  for (let at = 0; at < EVENTS; at += 1000) {
    clock = t0 + at; // 1,000 events a second
    for (const { prefix, store } of stores) {
      const keys = ids.slice(at, at + 1000).map((id) => dedupKey(prefix, id));
      await store.claim(keys, 'owner', 30_000, DAY_MS);
      await store.commit(keys, 'owner', DAY_MS);
    }
  }
  const rows: string[] = [];
  for (let round = 1; round <= 3; round++) {
    for (const { name, prefix, store } of stores) {
      await redis.config('RESETSTAT');
      for (let at = 0; at < DUPLICATES; at += 1000) {
        const keys = ids.slice(at, at + 1000).map((id) => dedupKey(prefix, id));
        const results = await store.claim(keys, 'again', 30_000, DAY_MS);
        if (results.some((r) => r !== 'done')) throw new Error(`${name}: a duplicate was not found`);
      }
      const usec = await stats();
      const per = (command: string) => ((usec.get(command) ?? 0) / DUPLICATES).toFixed(2);
      rows.push(
        `| ${round} | ${name} | ${per('evalsha')} | ${name === 'compact' ? per('hexists') : per('set')} |`,
      );
    }
  }
  console.log(`Duplicate claims, server µs per event (${DUPLICATES.toLocaleString('en-US')} a round):`);
  console.log('| round | store | script (EVALSHA) | its inner call (HEXISTS / SET) |');
  console.log('| ---: | --- | ---: | ---: |');
  for (const row of rows) console.log(row);
} finally {
  await compact.close();
  await old.close();
  redis.disconnect();
  await server.stop();
}
