/**
 * Where kafkaHandler's time goes, stage by stage (bench/stages.ts: the same middy stack as
 * kafkaHandler with each stage timed). `npm run bench` runs it at 10,000 records, 30% duplicates on
 * standalone Redis; this runs it alone, at any size, standalone or on a local cluster.
 *
 * Run: node --expose-gc bench/micro/stages.ts [records=10000] [duplicates=0.3] [--cluster]
 */
import { startRedisCluster } from '../../testkit/redis-server.ts';
import { measureStages } from '../stages.ts';

const records = Number(process.argv[2] ?? 10_000);
const share = Number(process.argv[3] ?? 0.3);
const cluster = process.argv.includes('--cluster') ? await startRedisCluster(3) : undefined;
const url = cluster
  ? `redis://127.0.0.1:${cluster.nodes[0]!.port}`
  : (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
try {
  const result = await measureStages({
    redis: { url, cluster: cluster !== undefined },
    records,
    duplicates: share,
  });
  console.log(`${records} records, ${share * 100}% duplicates, median of the last ${result.repetitions}:`);
  for (const s of result.stages)
    console.log(
      `${s.medianMs.toFixed(1).padStart(8)} ms ${s.usPerRecord.toFixed(2).padStart(7)} µs/record  ${s.stage} (${s.hook})`,
    );
  console.log(
    `${''.padStart(11)} ${result.sumUsPerRecord.toFixed(2).padStart(7)} µs/record  sum of the stages`,
  );
  console.log(`${result.claimPlusCommitMs.toFixed(1).padStart(8)} ms              claim + commit`);
  console.log(`${result.totalMs.toFixed(1).padStart(8)} ms              the whole call`);
} finally {
  await cluster?.stop();
}
process.exit(0);
