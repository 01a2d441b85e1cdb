/**
 * kafkaHandler alone in latency mode (0.25 ms each way, 3,000 records, 0% duplicates), for an A/B
 * of two trees of the project run alternately: node --expose-gc bench/micro/ab-latency.ts [reps]
 */
import { projectContender } from '../contenders/project.ts';
import { latencyMode } from '../latency.ts';

const reps = Number(process.argv[2] ?? 21);
const runId = `ab${process.pid}`;
const runs = await latencyMode(
  { mode: 'standalone', url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
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
    median: c.medianMs.toFixed(1),
    min: sorted[0]!.toFixed(1),
    p25: sorted[Math.floor(sorted.length / 4)]!.toFixed(1),
  }),
);
process.exit(0);
