/**
 * The cost of the bucket count B of the key format (lib/contract/dedup-key.ts) on the cluster path: claim +
 * commit time of a batch of N records through RedisDedupStore on a 3-node Redis Cluster, for B in
 * {128, 256, 512, 1024} and N in {100, 1,000, 10,000}, with the distinct slots (= scripts per step)
 * each batch touches. More buckets spread a handler over more slots (smaller reshard units, no
 * slot shared by every handler) but cut a batch into more, smaller scripts; this says how much that
 * costs. Rounds interleave the B values so that a noisy neighbour slows all of them alike; each
 * figure is the median (and the minimum) of the rounds. Not part of `npm run bench`; starts its own cluster.
 *
 * `--groups=G` commits as the consumer does with its group commit (`commitEvery.records`, 100 by
 * default): the batch's keys in groups of G, all sent at once, each group one store call, so each
 * group is cut into a script per distinct slot of its own; the slots column then counts the
 * scripts of the claim plus those of every group.
 *
 * Run: node bench/micro/bucket-count.ts [rounds=9] [--buckets=128,256,512,1024] [--groups=G]
 */
import calculateSlot from 'cluster-key-slot';
import { Cluster } from 'ioredis';
import { monotonicFactory } from 'ulid';
import { bucketTags, keyBucket } from '../../lib/contract/dedup-key.ts';
import { RedisDedupStore } from '../../lib/dedup/redis-store.ts';
import { startRedisCluster } from '../../testkit/redis-server.ts';
import { seededRandom } from '../../testkit/seeded-random.ts';
import { median } from '../stats.ts';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const rounds = Number(positional[0] ?? 9);
const BUCKETS = (option('buckets') ?? '128,256,512,1024').split(',').map(Number);
const groups = option('groups') === undefined ? undefined : Number(option('groups'));
const SIZES = [100, 1000, 10_000];

const cluster = await startRedisCluster(3);
const client = new Cluster(cluster.nodes, { scaleReads: 'master' });
const store = new RedisDedupStore({ redis: client, commandTimeoutMs: 10_000 });
const ulid = monotonicFactory(seededRandom(20261201));

try {
  // Warm-up: connections, slot map, scripts loaded on every node.
  for (const b of BUCKETS) await step(b, 1000, 'warm');
  const times = new Map<string, number[]>();
  const slots = new Map<string, number>();
  for (let round = 0; round < rounds; round++) {
    for (const n of SIZES) {
      for (const b of BUCKETS) {
        const { ms, distinct } = await step(b, n, `r${round}`);
        const name = `${b}:${n}`;
        times.set(name, [...(times.get(name) ?? []), ms]);
        slots.set(name, distinct);
      }
    }
    await Promise.all(client.nodes('master').map((node) => node.flushall()));
  }
  console.log(
    `claim + commit${groups ? ` in groups of ${groups}` : ''} of one batch on a 3-node cluster, median (min) of`,
    rounds,
    'rounds, ms',
  );
  console.log(['records', ...BUCKETS.map((b) => `B=${b}`)].join('\t'));
  for (const n of SIZES) {
    const row = BUCKETS.map((b) => {
      const name = `${b}:${n}`;
      const samples = times.get(name)!;
      return `${median(samples).toFixed(1)} (${Math.min(...samples).toFixed(1)}) ${slots.get(name)} slots`;
    });
    console.log([n, ...row].join('\t'));
  }
  console.log(JSON.stringify({ rounds, times: Object.fromEntries(times), slots: Object.fromEntries(slots) }));
} finally {
  await store.close();
  await cluster.stop();
}

/** One batch of `n` fresh ids under a handler with `b` buckets: claim, then commit, timed together. */
async function step(b: number, n: number, tag: string): Promise<{ ms: number; distinct: number }> {
  const prefix = `bench-b:dedup:${tag}-${b}-${n}:`;
  const tags = bucketTags(prefix, b);
  const keys = Array.from({ length: n }, () => {
    const id = ulid();
    return prefix + tags[keyBucket(id, b)] + id;
  });
  const slotsOf = (some: string[]) => new Set(some.map((k) => calculateSlot(k))).size;
  let distinct = slotsOf(keys);
  const start = performance.now();
  const claimed = await store.claim(keys, 'bench-owner', 30_000);
  if (groups) {
    const sent: Promise<unknown>[] = [];
    for (let at = 0; at < keys.length; at += groups) {
      const group = keys.slice(at, at + groups);
      distinct += slotsOf(group);
      sent.push(store.commit(group, 'bench-owner', 60_000));
    }
    await Promise.all(sent);
  } else {
    await store.commit(keys, 'bench-owner', 60_000);
  }
  const ms = performance.now() - start;
  if (claimed.some((r) => r !== 'claimed')) throw new Error(`B=${b} N=${n}: not every key claimed`);
  return { ms, distinct };
}
