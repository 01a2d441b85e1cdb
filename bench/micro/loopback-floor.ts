/**
 * Every contender of the latency case on loopback, with no latency proxy: each call's floor on this
 * machine, and the most the 0.25 ms ratios can be here for a network that costs neither end any
 * CPU. On a fresh standalone Redis (or REDIS_URL), or a fresh local 3-master cluster; 0%
 * duplicates; the contenders take turns, a new batch each call.
 *
 *   node --expose-gc bench/micro/loopback-floor.ts [reps=7] [records=3000] [delayMs=0.25] [--cluster]
 *
 * The bound: a baseline sends its commands one at a time (the latency proxy's chunk counts say so:
 * 2 chunks a command), so over such a network its call is at least its loopback call plus
 * `records x commands a record x 2 x delayMs`; kafkaHandler's call is at least its loopback call.
 * Their quotient is what the ratio can be at most, whatever a network adds to kafkaHandler.
 * `kafkaHandler, in memory` is the same handler on a `MemoryDedupStore`: the call without Redis.
 */
import { Cluster } from 'ioredis';
import { MemoryDedupStore } from '../../lib/index.ts';
import { startRedisCluster, startRedisServer } from '../../testkit/redis-server.ts';
import { benchContenders } from '../contenders/index.ts';
import { projectContender } from '../contenders/project.ts';
import { BENCH_BATCH, makeEvent } from '../event.ts';
import { ioredisClient, type RedisTarget } from '../target.ts';

const numbers = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const reps = Number(numbers[0] ?? 7);
const records = Number(numbers[1] ?? 3000);
const delayMs = Number(numbers[2] ?? 0.25);
const onCluster = process.argv.includes('--cluster');
// REDIS_URL: a Redis started by hand (say, pinned to a core of its own with taskset).
const server = onCluster || process.env.REDIS_URL ? undefined : await startRedisServer();
const cluster = onCluster ? await startRedisCluster({ masters: 3 }) : undefined;
const target: RedisTarget = cluster
  ? { mode: 'cluster', nodes: cluster.nodes }
  : { mode: 'standalone', url: process.env.REDIS_URL ?? server!.url };
const admin = await ioredisClient(target);
const masters = () => (admin instanceof Cluster ? admin.nodes('master') : [admin]);

/** Commands the servers processed so far, all masters together. */
async function commandsSoFar(): Promise<number> {
  let sum = 0;
  for (const node of masters()) {
    const info = await node.info('stats');
    sum += Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? Number.NaN);
  }
  return sum;
}

const runId = `floor${process.pid}`;
const contenders = [
  ...(await benchContenders(target, { runId, windowSeconds: 600 })),
  // The same kafkaHandler with no Redis at all: what the client's own steps cost.
  await projectContender(target, {
    id: 'kafkaHandler, in memory',
    service: runId,
    handlerName: 'noop',
    windowSeconds: 600,
    handle: () => {},
    store: new MemoryDedupStore({ quiet: true }),
  }),
];
const samples = new Map<string, { ms: number[]; commands: number[] }>();
let firstOffset = 1_000_000;
try {
  for (let round = 0; round < reps + 1; round++) {
    for (const contender of contenders) {
      firstOffset += records;
      const { event } = makeEvent({ records, ...BENCH_BATCH, firstOffset });
      globalThis.gc?.();
      const before = await commandsSoFar();
      const start = performance.now();
      await contender.invoke(event);
      const ms = performance.now() - start;
      // Less the INFO command of the `before` reading, one a master.
      const commands = (await commandsSoFar()) - before - masters().length;
      // The first round warms up.
      if (round === 0) continue;
      const seen = samples.get(contender.id) ?? { ms: [], commands: [] };
      seen.ms.push(ms);
      seen.commands.push(commands);
      samples.set(contender.id, seen);
    }
  }
} finally {
  for (const contender of contenders) await contender.close();
  admin.disconnect();
  await server?.stop();
  await cluster?.stop();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const floor = median(samples.get('kafkaHandler')!.ms);
const rows = [...samples].map(([id, { ms, commands }]) => {
  const call = median(ms);
  const perRecord = median(commands) / records;
  const overNetwork = call + records * perRecord * 2 * delayMs;
  const baseline = !id.startsWith('kafkaHandler');
  return {
    contender: id,
    loopbackMs: Number(call.toFixed(1)),
    commandsPerRecord: Number(perRecord.toFixed(2)),
    // A baseline's call over a network that costs no CPU; kafkaHandler's own floor is its loopback call.
    overNetworkMs: baseline ? Number(overNetwork.toFixed(0)) : undefined,
    ratioAtMost: baseline ? Number((overNetwork / floor).toFixed(1)) : undefined,
  };
});
console.log(JSON.stringify({ mode: target.mode, records, delayMs, reps, rows }, null, 1));
process.exit(0);
