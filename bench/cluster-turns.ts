/**
 * kafkaHandler alone on a standalone Redis and on a cluster, taking turns call by call
 * (runInterleaved): the cluster / standalone throughput with the machine's drift cancelled. Used
 * by `npm run bench` with both modes (its cluster / standalone verdict; each mode's own cases run
 * minutes apart) and by bench/micro/cluster-ratio.ts (an A/B of two trees).
 */

import { projectContender } from './contenders/project.ts';
import { BENCH_BATCH } from './event.ts';
import { runInterleaved } from './harness.ts';
import type { ClusterTurns } from './report.ts';
import type { RedisTarget } from './target.ts';

export interface ClusterTurnsOptions {
  /** Key prefix of the two contenders' keys (each adds its own letter). */
  service: string;
  records: number;
  duplicates: readonly number[];
  warmups: number;
  repetitions: number;
  /** The cluster consumer's `commitEvery.records`. Default: the consumer's (the store's 1,000 there). */
  clusterGroup?: number;
}

/**
 * @example
 * const [at0] = await measureClusterTurns(standalone, cluster, { service: 'bench-1', records: 10_000, duplicates: [0], warmups: 2, repetitions: 9 });
 * console.log(at0.standalone.medianMs / at0.cluster.medianMs);
 */
export async function measureClusterTurns(
  standalone: RedisTarget,
  onCluster: RedisTarget,
  options: ClusterTurnsOptions,
): Promise<ClusterTurns[]> {
  const made = (target: RedisTarget, id: 'standalone' | 'cluster') =>
    projectContender(target, {
      service: `${options.service}t${id[0]}`,
      id,
      handlerName: 'noop',
      windowSeconds: 600,
      handle: () => {},
      ...(id === 'cluster' && options.clusterGroup !== undefined
        ? { commitEvery: { records: options.clusterGroup } }
        : {}),
    });
  const pair = [await made(standalone, 'standalone'), await made(onCluster, 'cluster')];
  const out: ClusterTurns[] = [];
  try {
    for (const duplicates of options.duplicates) {
      const [s, c] = await runInterleaved(pair, () => ({
        records: options.records,
        duplicates,
        warmups: options.warmups,
        repetitions: options.repetitions,
        ...BENCH_BATCH,
      }));
      out.push({ duplicates, standalone: s!, cluster: c! });
    }
  } finally {
    for (const c of pair) await c.close();
  }
  return out;
}
