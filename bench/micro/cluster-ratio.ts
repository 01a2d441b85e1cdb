/**
 * kafkaHandler alone on a fresh standalone Redis and a fresh local 3-master cluster, taking turns
 * in one process (bench/harness.ts runInterleaved): the cluster / standalone throughput of
 * `npm run bench` without the other contenders, for an A/B of two trees run one after the other.
 *
 * Run: node --expose-gc bench/micro/cluster-ratio.ts [repetitions=7] [duplicates=0] [records=10000] [clusterGroup]
 * (`clusterGroup`: the cluster consumer's `commitEvery.records`; default the consumer's, 1,000 there).
 */
import { startRedisCluster, startRedisServer } from '../../testkit/redis-server.ts';
import { measureClusterTurns } from '../cluster-turns.ts';

const repetitions = Number(process.argv[2] ?? 7);
const duplicates = Number(process.argv[3] ?? 0);
const records = Number(process.argv[4] ?? 10_000);
const clusterGroup = process.argv[5] === undefined ? undefined : Number(process.argv[5]);
const server = await startRedisServer();
const cluster = await startRedisCluster({ masters: 3 });
try {
  const [turns] = await measureClusterTurns(
    { mode: 'standalone', url: server.url },
    { mode: 'cluster', nodes: cluster.nodes },
    {
      service: `ratio${process.pid}`,
      records,
      duplicates: [duplicates],
      warmups: 2,
      repetitions,
      ...(clusterGroup === undefined ? {} : { clusterGroup }),
    },
  );
  const { standalone, cluster: onCluster } = turns!;
  console.log(
    JSON.stringify({
      records,
      duplicates,
      standaloneMs: Number(standalone.medianMs.toFixed(1)),
      clusterMs: Number(onCluster.medianMs.toFixed(1)),
      clusterOverStandalone: Number((standalone.medianMs / onCluster.medianMs).toFixed(2)),
    }),
  );
} finally {
  await server.stop();
  await cluster.stop();
}
