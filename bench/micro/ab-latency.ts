/**
 * kafkaHandler alone in latency mode (0.25 ms each way, 3,000 records, 0% duplicates), for an A/B
 * of two trees of the project run alternately, on REDIS_URL (default 127.0.0.1:6379) or on a
 * local 3-master cluster it starts:
 *
 *   node --expose-gc bench/micro/ab-latency.ts [reps=21] [--cluster]
 */
import { startRedisCluster } from '../../testkit/redis-server.ts';
import { projectContender } from '../contenders/project.ts';
import { latencyMode } from '../latency.ts';
import type { RedisTarget } from '../target.ts';

const reps = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 21);
const cluster = process.argv.includes('--cluster') ? await startRedisCluster({ masters: 3 }) : undefined;
const target: RedisTarget = cluster
  ? { mode: 'cluster', nodes: cluster.nodes }
  : { mode: 'standalone', url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
const runId = `ab${process.pid}`;
const runs = await latencyMode(
  target,
  async (target) => [
    await projectContender(target, {
      service: runId,
      handlerName: 'noop',
      windowSeconds: 600,
      handle: () => {},
    }),
  ],
  3000,
  [{ delayMs: 0.25, duplicates: [0], plan: () => ({ warmups: 2, repetitions: reps }) }],
);
const c = runs[0]!.cases[0]! as { samplesMs: number[]; medianMs: number };
const sorted = [...c.samplesMs].sort((a, b) => a - b);
console.log(
  JSON.stringify({
    mode: target.mode,
    median: c.medianMs.toFixed(1),
    min: sorted[0]!.toFixed(1),
    p25: sorted[Math.floor(sorted.length / 4)]!.toFixed(1),
  }),
);
await cluster?.stop();
process.exit(0);
