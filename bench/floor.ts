/**
 * The floors: what the Redis server itself takes, measured with `redis-benchmark` (pipelined SET)
 * on the same server. Two of them:
 * - the server floor: 50 connections, 100 commands per pipeline (`-c 50 -P 100`), as much as the
 *   server can take from a C client;
 * - the one-connection floor: one connection, 1,000 commands per pipeline (`-c 1 -P 1000`), as much
 *   as one connection can carry (a Lambda container has one connection, one per master on a cluster).
 * A record needs two commands (claim, commit), so a floor in records per second is half its SET rate.
 * On a cluster (`--cluster`) the keys each master got are counted after the runs, so the JSON says
 * how many masters a run drove (with `-c 1`, redis-benchmark 7 drives one).
 */
import { spawnSync } from 'node:child_process';
import { Cluster } from 'ioredis';
import { median } from './stats.ts';
import type { RedisTarget } from './target.ts';
import { firstNode, ioredisClient, removeKeys } from './target.ts';

export interface FloorResult {
  command: string;
  /** redis-benchmark connections (`-c`). */
  clients: number;
  /** Commands per pipeline (`-P`). */
  pipeline: number;
  /** Each run's SET requests per second. */
  samples: number[];
  setsPerSecond: number;
  /** `setsPerSecond / 2`: two commands per record. */
  recordsPerSecond: number;
  /** Cluster only: masters that got keys from these runs, of how many. */
  mastersWritten?: { written: number; of: number };
  /** What the figure means where it is not plain (cluster with one connection). */
  note?: string;
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

/** redis-benchmark writes `key:__rand_int__` (cluster: `key:{tag}:__rand_int__`). */
const BENCHMARK_KEYS = 'key:*__rand_int__';

/**
 * Run redis-benchmark `runs` times and take the median. Defaults: the server floor (`-c 50 -P 100`).
 *
 * @example
 * const floor = await measureFloor({ mode: 'standalone', url: 'redis://127.0.0.1:6379' });
 * const oneConnection = await measureFloor(target, { clients: 1, pipeline: 1000, requests: 1_000_000 });
 */
export async function measureFloor(
  target: RedisTarget,
  options: { requests?: number; pipeline?: number; clients?: number; runs?: number } = {},
): Promise<FloorResult> {
  const { host, port } = firstNode(target);
  const clients = options.clients ?? 50;
  const pipeline = options.pipeline ?? 100;
  const args = [
    '-h',
    host,
    '-p',
    String(port),
    '-c',
    String(clients),
    '-P',
    String(pipeline),
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
  const mastersWritten = target.mode === 'cluster' ? await mastersWithKeys(target) : undefined;
  await removeKeys(target, BENCHMARK_KEYS);
  const setsPerSecond = median(samples);
  return {
    command: `redis-benchmark ${args.join(' ')}`,
    clients,
    pipeline,
    samples,
    setsPerSecond,
    recordsPerSecond: setsPerSecond / 2,
    ...(mastersWritten ? { mastersWritten } : {}),
    ...(mastersWritten && clients < mastersWritten.of
      ? {
          note:
            `redis-benchmark --cluster with ${clients} connection(s) drove ${mastersWritten.written} of ` +
            `${mastersWritten.of} masters (keys counted per master after the runs): this is what one ` +
            'connection to one master carries; kafkaHandler keeps one connection per master',
        }
      : {}),
  };
}

/** How many masters hold a redis-benchmark key now. */
async function mastersWithKeys(target: RedisTarget): Promise<{ written: number; of: number }> {
  const client = await ioredisClient(target);
  try {
    const masters = client instanceof Cluster ? client.nodes('master') : [client];
    let written = 0;
    for (const node of masters) {
      let cursor = '0';
      do {
        const [next, keys] = await node.scan(cursor, 'MATCH', BENCHMARK_KEYS, 'COUNT', 1000);
        cursor = keys.length > 0 ? '0' : next;
        if (keys.length > 0) written++;
      } while (cursor !== '0');
    }
    return { written, of: masters.length };
  } finally {
    client.disconnect();
  }
}
