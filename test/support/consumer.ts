/** Run a kafkaHandler invocation with what it prints (logs, EMF) captured. */
// Powertools then prints through the global console, which captureConsoleOutput intercepts.
process.env.POWERTOOLS_DEV = 'true';
// Dev mode would otherwise switch metrics off.
process.env.POWERTOOLS_METRICS_DISABLED = 'false';

import { after } from 'node:test';
import type { Context, MSKEvent } from 'aws-lambda';
import {
  type KafkaBatchResponse,
  type KafkaHandler,
  type KafkaHandlerOptions,
  kafkaHandler,
} from '../../lib/index.ts';
import { captureConsoleOutput, lambdaContext } from '../../testkit/index.ts';
import { redisUrl } from './redis.ts';

export async function invoke(handler: KafkaHandler, event: MSKEvent, context: Context = lambdaContext()) {
  const { result, lines } = await captureConsoleOutput(() => handler(event, context));
  return { response: result as KafkaBatchResponse, lines };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The options of a test consumer: kafkaHandler's, with the handler name optional. */
export type TestConsumerOptions<T, K = Buffer> = Omit<KafkaHandlerOptions<T, K>, 'handlerName'> & {
  handlerName?: string;
};

/**
 * Partition order, for the tests whose scenario is a partition held back behind a failed, stopped
 * or unstarted record (key order, the default, holds back only that record's key).
 */
export const PARTITION_ORDER = { ordering: 'partition' } as const;

/**
 * The one consumer builder of the tests: a kafkaHandler with the tests' defaults (handler name
 * `h`, the tests' Redis, no reserve: `reserveMs: undefined` asks for the default one) and the file's own (`defaults`), closed after
 * the tests of the file (or of the describe it is called in). Call once per file, at the top, before
 * the hooks that stop what the consumers use (a proxy, a server): hooks run in the order they are
 * registered, so the consumers close first.
 *
 * `make` builds another release's handler (test/fixtures/releases) for the upgrade tests; it gets
 * the same defaults and is closed the same way.
 *
 * @example
 * const consumer = testConsumers();
 * const handler = consumer({ service: uniqueService('x'), handle() {} });
 * const inPartitionOrder = testConsumers(PARTITION_ORDER);
 */
export function testConsumers(
  defaults: Partial<KafkaHandlerOptions<unknown>> = {},
  make: (options: never) => { close(): Promise<void> } = kafkaHandler,
): <T = unknown, K = Buffer>(options: TestConsumerOptions<T, K>) => KafkaHandler {
  const handlers: { close(): Promise<void> }[] = [];
  after(async () => {
    await Promise.all(handlers.map((h) => h.close()));
  });
  return <T, K>(options: TestConsumerOptions<T, K>) => {
    const handler = make({
      handlerName: 'h',
      reserveMs: 0,
      ...defaults,
      ...(options.store === undefined && options.redis === undefined ? { redis: { url: redisUrl() } } : {}),
      ...options,
    } as never);
    handlers.push(handler);
    return handler as KafkaHandler;
  };
}
