/**
 * End to end, the shipped kafkaHandler against the same handler given a store that claims and
 * commits 1,000 keys per Lua call (bench/micro/lua-batch-store.ts): what the store's wire format
 * costs a 10,000-record batch. Not part of `npm run bench`.
 *
 * Run: node --expose-gc bench/micro/what-if.ts
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { MSKEvent } from 'aws-lambda';
import { kafkaHandler } from '../../lib/index.ts';
import { startRedisServer } from '../../lib/local/redis-server.ts';
import { makeEvent, pickDuplicates, subEvent } from '../event.ts';
import { lambdaContext } from '../lambda-context.ts';
import { CountingSink, silence, toSink } from '../sink.ts';
import { median } from '../stats.ts';
import { LuaBatchStore } from './lua-batch-store.ts';

const server = await startRedisServer();
const sink = new CountingSink();
const logger = new Logger({ serviceName: 'what-if' });
silence(logger, sink);
let handled = 0;
const common = {
  service: 'whatif',
  window: 600,
  logger,
  handle() {
    handled++;
  },
};
const lua = new LuaBatchStore(server.url);
const handlers = {
  shipped: kafkaHandler({ ...common, handlerName: 'shipped', redis: { url: server.url } }),
  'lua-batch': kafkaHandler({ ...common, handlerName: 'lua', store: lua }),
};

for (const share of [0, 0.3]) {
  const samples: Record<string, number[]> = { shipped: [], 'lua-batch': [] };
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
      if (handled - before !== 10_000 - dups.length)
        throw new Error(`${name}: handled ${handled - before}, want ${10_000 - dups.length}`);
      if (i >= 2) samples[name]!.push(elapsed);
    }
  }
  for (const [name, list] of Object.entries(samples)) {
    console.log(
      `${(share * 100).toFixed(0)}% duplicates  ${name.padEnd(10)} ${median(list).toFixed(1).padStart(7)} ms per 10,000`,
    );
  }
}
await lua.close();
await server.stop();
process.exit(0);
