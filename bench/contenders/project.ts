/**
 * This project's `kafkaHandler`, end to end: decode, batch claim, handle, commit/release, metrics.
 * EMF is serialised every invocation as in Lambda; stdout.write lands in a counting sink while the
 * handler runs. The logger (default level) writes into the same sink. Its Redis comes from
 * bench/target.ts (`kafkaHandlerRedis`): the core's own connection, or a cluster client that maps
 * node addresses to the latency proxy.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { DedupStore, KafkaMessage } from '../../lib/index.ts';
import { kafkaHandler } from '../../lib/index.ts';
import { benchContext } from '../lambda-context.ts';
import { CountingSink, silence, toSink } from '../sink.ts';
import { kafkaHandlerRedis, type RedisTarget } from '../target.ts';
import type { Contender, InvocationCount } from './contender.ts';
import { recordsOf } from './decode.ts';

/**
 * @example
 * const ours = await projectContender(target, { service: 'bench-1', handlerName: 'noop', windowSeconds: 600, handle: () => {} });
 */
export async function projectContender(
  target: RedisTarget,
  options: {
    service: string;
    handlerName: string;
    windowSeconds: number;
    handle: (message: KafkaMessage) => Promise<void> | void;
    /** The contender's id in tables. Default: 'kafkaHandler'. */
    id?: string;
    /**
     * Key order and its concurrency. Default: partition order, as every earlier figure of the
     * throughput, latency and stage tables (key order's own case is the I/O-bound one).
     */
    order?: { ordering: 'key'; concurrency: number };
    /** Group commits. Default: the consumer's (100; the store's 1,000 on a cluster). */
    commitEvery?: { records?: number; ms?: number };
    /** A store in place of `target`'s Redis (an in-memory one: the call without Redis). */
    store?: DedupStore;
  },
): Promise<Contender & { sink: CountingSink }> {
  const sink = new CountingSink();
  const logger = new Logger({ serviceName: options.service });
  silence(logger, sink);
  let handled = 0;
  const handler = kafkaHandler({
    service: options.service,
    handlerName: options.handlerName,
    ...(options.store ? { store: options.store } : { redis: kafkaHandlerRedis(target) }),
    window: options.windowSeconds,
    logger,
    ...(options.order ?? { ordering: 'partition' }),
    ...(options.commitEvery ? { commitEvery: options.commitEvery } : {}),
    async handle(message) {
      await options.handle(message);
      handled++;
    },
  });
  return {
    id: options.id ?? 'kafkaHandler',
    sink,
    async invoke(event) {
      const before = handled;
      const response = await toSink(sink, () => handler(event, benchContext()));
      let records = 0;
      for (const _ of recordsOf(event)) records++;
      const failed = response.batchItemFailures.length;
      const count: InvocationCount = { handled: handled - before, duplicates: 0, failed };
      count.duplicates = records - count.handled - failed;
      return count;
    },
    async close() {
      await handler.close();
    },
  };
}
