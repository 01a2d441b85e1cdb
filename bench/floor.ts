/**
 * The floor: what the Redis server itself takes, measured with `redis-benchmark` (pipelined SET,
 * 50 clients) on the same server. A record needs two commands (claim, commit), so the floor in
 * records per second is half the SET rate.
 */
import { spawnSync } from 'node:child_process';
import { median } from './stats.ts';
import type { RedisTarget } from './target.ts';
import { firstNode, removeKeys } from './target.ts';

export interface FloorResult {
  command: string;
  /** Each run's SET requests per second. */
  samples: number[];
  setsPerSecond: number;
  /** `setsPerSecond / 2`: two commands per record. */
  recordsPerSecond: number;
}

/**
 * Parse the SET line of `redis-benchmark --csv`.
 *
 * @example
 * parseCsvRps('"test","rps"\n"SET","2092050.25"'); // 2092050.25
 */
export function parseCsvRps(output: string): number {
  const line = output.split('\n').find((l) => l.startsWith('"SET"'));
  const rps = line ? Number(JSON.parse(`[${line}]`)[1]) : Number.NaN;
  if (!Number.isFinite(rps)) throw new Error(`redis-benchmark gave no SET rate:\n${output}`);
  return rps;
}

/**
 * Run redis-benchmark `runs` times and take the median.
 *
 * @example
 * const floor = await measureFloor({ mode: 'standalone', url: 'redis://127.0.0.1:6379' });
 */
export async function measureFloor(
  target: RedisTarget,
  options: { requests?: number; pipeline?: number; runs?: number } = {},
): Promise<FloorResult> {
  const { host, port } = firstNode(target);
  const args = [
    '-h',
    host,
    '-p',
    String(port),
    '-P',
    String(options.pipeline ?? 100),
    '-n',
    String(options.requests ?? 2_000_000),
    '-t',
    'set',
    '-q',
    '--csv',
  ];
  if (target.mode === 'cluster') args.push('--cluster');
  const samples: number[] = [];
  for (let i = 0; i < (options.runs ?? 3); i++) {
    const run = spawnSync('redis-benchmark', args, { encoding: 'utf8', timeout: 120_000 });
    if (run.status !== 0)
      throw new Error(`redis-benchmark failed (${run.status}): ${run.stderr || run.stdout}`);
    samples.push(parseCsvRps(run.stdout));
  }
  await removeBenchmarkKeys(target);
  const setsPerSecond = median(samples);
  return {
    command: `redis-benchmark ${args.join(' ')}`,
    samples,
    setsPerSecond,
    recordsPerSecond: setsPerSecond / 2,
  };
}

/** redis-benchmark writes `key:__rand_int__` (cluster: `key:{tag}:__rand_int__`); remove exactly those. */
async function removeBenchmarkKeys(target: RedisTarget): Promise<void> {
  await removeKeys(target, 'key:*__rand_int__');
}
