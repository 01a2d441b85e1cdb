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

/**
 * Partition order, for the tests whose scenario is a partition held back behind a failed, stopped
 * or unstarted record (key order, the default, holds back only that record's key).
 */
export const PARTITION_ORDER = { ordering: 'partition' } as const;

/**
 * The one consumer builder of the tests: a kafkaHandler with the tests' defaults (handler name
 * `h`, the tests' Redis, no reserve) and the file's own (`defaults`), closed after the file's
 * tests. Call once per file, at the top.
 *
 * @example
 * const consumer = testConsumers();
 * const handler = consumer({ service: uniqueService('x'), handle() {} });
 * const inPartitionOrder = testConsumers(PARTITION_ORDER);
 */
export function testConsumers(
  defaults: Partial<KafkaHandlerOptions<unknown>> = {},
): <T = unknown>(
  options: Omit<KafkaHandlerOptions<T>, 'handlerName'> & { handlerName?: string },
) => KafkaHandler {
  const handlers: KafkaHandler[] = [];
  after(async () => {
    await Promise.all(handlers.map((h) => h.close()));
  });
  return <T>(options: Omit<KafkaHandlerOptions<T>, 'handlerName'> & { handlerName?: string }) => {
    const handler = kafkaHandler<T>({
      handlerName: 'h',
      reserveMs: 0,
      ...defaults,
      ...(options.store === undefined && options.redis === undefined ? { redis: { url: redisUrl() } } : {}),
      ...options,
    } as KafkaHandlerOptions<T>);
    handlers.push(handler);
    return handler;
  };
}
