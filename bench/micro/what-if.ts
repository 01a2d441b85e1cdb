/**
 * End to end on 10,000 x 1 KB records: the shipped kafkaHandler; the same handler given a store that
 * claims and commits 1,000 keys per Lua call (bench/micro/lua-batch-store.ts); and that store plus
 * the decode fixes (bench/micro/fast-decode.ts) on the core's own dedupClaims, runPartitions and
 * flushMetrics. The business function reads `payload`, so a lazy parse is not free here.
 * Not part of `npm run bench`.
 *
 * Run: node --expose-gc bench/micro/what-if.ts
 */
import { Logger } from '@aws-lambda-powertools/logger';
import middy from '@middy/core';
import type { MSKEvent } from 'aws-lambda';
import {
  dedupClaims,
  flushMetrics,
  type KafkaMessage,
  kafkaHandler,
  resolveConfig,
  runPartitions,
} from '../../lib/index.ts';
import { startRedisServer } from '../../lib/local/redis-server.ts';
import { makeEvent, pickDuplicates, subEvent } from '../event.ts';
import { lambdaContext } from '../lambda-context.ts';
import { CountingSink, silence, toSink } from '../sink.ts';
import { median } from '../stats.ts';
import { decodeRecordsFast } from './fast-decode.ts';
import { LuaBatchStore } from './lua-batch-store.ts';

const server = await startRedisServer();
const sink = new CountingSink();
const logger = new Logger({ serviceName: 'what-if' });
silence(logger, sink);
let handled = 0;
let ratings = 0;
const common = {
  service: 'whatif',
  window: 600,
  logger,
  handle(message: KafkaMessage<unknown>) {
    ratings += (message.payload as { rating: number }).rating;
    handled++;
  },
};
const lua = new LuaBatchStore(server.url);
const luaAll = new LuaBatchStore(server.url);
const config = resolveConfig({ ...common, handlerName: 'all', store: luaAll });
type Handler = (
  event: MSKEvent,
  context: ReturnType<typeof lambdaContext>,
) => Promise<{ batchItemFailures: unknown[] }>;
const handlers: Record<string, Handler> = {
  shipped: kafkaHandler({ ...common, handlerName: 'shipped', redis: { url: server.url } }),
  'lua-batch store': kafkaHandler({ ...common, handlerName: 'lua', store: lua }),
  'lua + decode fixes': middy()
    .use(flushMetrics())
    .use(decodeRecordsFast(config))
    .use(dedupClaims(config))
    .handler(runPartitions(config)) as unknown as Handler,
};

for (const share of [0, 0.3]) {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(handlers).map((k) => [k, []]));
  for (let i = 0; i < 9; i++) {
    for (const [name, handler] of Object.entries(handlers)) {
      const batch = makeEvent({ records: 10_000, partitions: 4, valueBytes: 1024, topic: 'review-created' });
      const dups = pickDuplicates(10_000, share, i);
      const call = (event: MSKEvent) => toSink(sink, () => handler(event, lambdaContext()));
      if (dups.length) await call(subEvent(batch, dups));
      globalThis.gc?.();
      const before = handled;
      const t = performance.now();
      const response = await call(batch.event);
      const elapsed = performance.now() - t;
      if (response.batchItemFailures.length) throw new Error(`${name}: failures`);
      if (handled - before !== 10_000 - dups.length) {
        throw new Error(`${name}: handled ${handled - before}, want ${10_000 - dups.length}`);
      }
      if (i >= 2) samples[name]!.push(elapsed);
    }
  }
  for (const [name, list] of Object.entries(samples)) {
    console.log(
      `${(share * 100).toFixed(0)}% duplicates  ${name.padEnd(20)} ${median(list).toFixed(1).padStart(7)} ms per 10,000`,
    );
  }
}
if (ratings === 0) throw new Error('payloads were never read');
await lua.close();
await luaAll.close();
await server.stop();
process.exit(0);
