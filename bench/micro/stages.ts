/**
 * Where kafkaHandler's time goes: the same middy stack as kafkaHandler (flushMetrics, decodeRecords,
 * dedupClaims, runPartitions), with middy's plugin hooks timing each stage. Not part of `npm run bench`.
 *
 * Run: node --expose-gc bench/micro/stages.ts [records=10000] [duplicates=0.3] [--cluster]
 */
import { Logger } from '@aws-lambda-powertools/logger';
import middy from '@middy/core';
import {
  decodeRecords,
  dedupClaims,
  flushMetrics,
  resolveConfig,
  runPartitions,
} from '../../lib/middlewares.ts';
import { startRedisCluster } from '../../testkit/redis-server.ts';
import { makeEvent, pickDuplicates, subEvent } from '../event.ts';
import { benchContext } from '../lambda-context.ts';
import { CountingSink, silence, toSink } from '../sink.ts';
import { median } from '../stats.ts';

const records = Number(process.argv[2] ?? 10_000);
const share = Number(process.argv[3] ?? 0.3);
const cluster = process.argv.includes('--cluster') ? await startRedisCluster(3) : undefined;
const url = cluster
  ? `redis://127.0.0.1:${cluster.nodes[0]!.port}`
  : (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const sink = new CountingSink();
const logger = new Logger({ serviceName: 'stages' });
silence(logger, sink);
const config = resolveConfig({
  service: `stages${process.pid}`,
  handlerName: 'noop',
  redis: { url, cluster: cluster !== undefined },
  window: 600,
  logger,
  handle() {},
});

const times = new Map<string, number[]>();
let recording = false;
const add = (stage: string, ms: number) => {
  if (!recording) return;
  const list = times.get(stage) ?? [];
  list.push(ms);
  times.set(stage, list);
};
type Mw = { before?: (r: never) => unknown; after?: (r: never) => unknown; onError?: (r: never) => unknown };
const timed = <M extends Mw>(name: string, mw: M): M => {
  const wrap = (phase: 'before' | 'after', fn?: (r: never) => unknown) =>
    fn &&
    (async (r: never) => {
      const t = performance.now();
      await fn(r);
      add(`${name}.${phase}`, performance.now() - t);
    });
  return { ...mw, before: wrap('before', mw.before), after: wrap('after', mw.after) };
};
const run = runPartitions(config);
const handler = middy()
  .use(timed('flushMetrics', flushMetrics()))
  .use(timed('decodeRecords', decodeRecords(config)))
  .use(timed('dedupClaims', dedupClaims(config)))
  .handler(async (event, context) => {
    const t = performance.now();
    const response = await run(event, context);
    add('runPartitions', performance.now() - t);
    return response;
  });

for (let i = 0; i < 9; i++) {
  const batch = makeEvent({ records, partitions: 4, valueBytes: 1024, topic: 'review-created' });
  const dups = pickDuplicates(records, share, i);
  recording = false;
  if (dups.length) await toSink(sink, () => handler(subEvent(batch, dups), benchContext()));
  globalThis.gc?.();
  recording = i >= 2;
  const start = performance.now();
  await toSink(sink, () => handler(batch.event, benchContext()));
  add('TOTAL', performance.now() - start);
}
console.log(`${records} records, ${share * 100}% duplicates, median of the last 7 (ms):`);
for (const [stage, samples] of times) console.log(`${median(samples).toFixed(1).padStart(8)}  ${stage}`);
await config.store.close();
await cluster?.stop();
process.exit(0);
