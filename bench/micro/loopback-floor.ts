/**
 * Every contender of the latency case on loopback, with no latency proxy: each call's floor on this
 * machine, and the most the 0.25 ms ratios can be here for a network that costs neither end any
 * CPU (bench/report.ts, `ceilingOf`; `npm run bench` records the same ceilings). On a fresh
 * standalone Redis (or REDIS_URL), or a fresh local 3-master cluster; 0% duplicates; the
 * contenders take turns, a new batch each call. `kafkaHandler, in memory` is the same handler on a
 * `MemoryDedupStore`: the call without Redis.
 *
 *   node --expose-gc bench/micro/loopback-floor.ts [reps=7] [records=3000] [delayMs=0.25] [--cluster]
 */
import { MemoryDedupStore } from '../../lib/index.ts';
import { startRedisCluster, startRedisServer } from '../../testkit/redis-server.ts';
import { benchContenders } from '../contenders/index.ts';
import { projectContender } from '../contenders/project.ts';
import { loopbackCalls } from '../latency.ts';
import { ceilingOf } from '../report.ts';
import type { RedisTarget } from '../target.ts';

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
const runId = `floor${process.pid}`;
try {
  const calls = await loopbackCalls(
    target,
    async (t) => [
      ...(await benchContenders(t, { runId, windowSeconds: 600 })),
      await projectContender(t, {
        id: 'kafkaHandler, in memory',
        service: runId,
        handlerName: 'noop',
        windowSeconds: 600,
        handle: () => {},
        store: new MemoryDedupStore({ quiet: true }),
      }),
    ],
    records,
    () => ({ warmups: 1, repetitions: reps }),
  );
  const rows = calls.map((c) => ({
    contender: c.contender,
    loopbackMs: Number(c.medianMs.toFixed(1)),
    commandsPerRecord: Number(c.commandsPerRecord.toFixed(2)),
  }));
  console.log(
    JSON.stringify({ mode: target.mode, records, delayMs, reps, rows, ceiling: ceilingOf(calls, delayMs) }),
  );
} finally {
  await server?.stop();
  await cluster?.stop();
}
process.exit(0);
