/**
 * The contenders the bench's throughput and latency cases run, in their order: this project's
 * kafkaHandler first (run.ts reads its EMF sink), then the two baselines. One definition, so the
 * latency child (bench/latency-child.ts) runs what the throughput cases run.
 */
import type { RedisTarget } from '../target.ts';
import type { Contender } from './contender.ts';
import { naiveContender } from './naive.ts';
import { powertoolsContender } from './powertools.ts';

/** What names the run's keys and how long they live. */
export interface BenchRun {
  /** Prefix of every key the run writes (removed after each case). */
  runId: string;
  /** The dedup window, seconds: keys left behind expire after it. */
  windowSeconds: number;
  /** Without the consumer core: the baselines only. */
  baselinesOnly?: boolean;
}

const noop = () => {};

/**
 * @example
 * const all = await benchContenders(target, { runId: 'bench-1', windowSeconds: 600 });
 */
export async function benchContenders(target: RedisTarget, run: BenchRun): Promise<Contender[]> {
  const { runId, windowSeconds } = run;
  const baselines = [
    await naiveContender(target, {
      prefix: `${runId}:dedup:naive:`,
      ttlMs: windowSeconds * 1000,
      handle: noop,
    }),
    await powertoolsContender(target, {
      keyPrefix: `${runId}:powertools`,
      ttlSeconds: windowSeconds,
      handle: noop,
    }),
  ];
  if (run.baselinesOnly) return baselines;
  // Loaded only with the core, so that --baselines-only runs while the core is being written.
  const { projectContender } = await import('./project.ts');
  return [
    await projectContender(target, { service: runId, handlerName: 'noop', windowSeconds, handle: noop }),
    ...baselines,
  ];
}
