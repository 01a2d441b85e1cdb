/**
 * kafkaHandler: a plain business function of one message, made into a Lambda handler for an
 * MSK event source mapping that runs each event's effect once.
 */
import middy from '@middy/core';
import type { Context, MSKEvent } from 'aws-lambda';
import type { KafkaBatchResponse } from '../contract/message.ts';
import { invocationSpans } from '../observability/tracing.ts';
import type { StackContext } from './batch.ts';
import { resolveConfig } from './config.ts';
import { decodeRecords } from './decode-middleware.ts';
import { dedupClaims } from './dedup-middleware.ts';
import { flushMetrics } from './metrics-middleware.ts';
import type { KafkaHandlerOptions } from './options.ts';
import { runPartitions } from './run-partitions.ts';

/**
 * A middy middleware, as `handler.use()` takes it (@middy/core's `MiddlewareObj`). Written here
 * so that the root entry's types do not load @middy/core's, which need an optional package of
 * middy's under `skipLibCheck: false`.
 */
export interface KafkaHandlerMiddleware {
  // biome-ignore lint/suspicious/noExplicitAny: middy's request, as each middleware types it
  before?: (request: any) => unknown;
  // biome-ignore lint/suspicious/noExplicitAny: middy's request, as each middleware types it
  after?: (request: any) => unknown;
  // biome-ignore lint/suspicious/noExplicitAny: middy's request, as each middleware types it
  onError?: (request: any) => unknown;
  name?: string;
}

/** The Lambda handler kafkaHandler builds: a middy handler (`.use()` adds middlewares inside its stack). */
export interface KafkaHandler {
  (event: MSKEvent, context: Context): Promise<KafkaBatchResponse>;
  /** Add middlewares; they run inside the stack (their `before` after the claims are made). */
  use(middlewares: KafkaHandlerMiddleware | KafkaHandlerMiddleware[]): KafkaHandler;
  /** Close the store's connections: for tests and local runs (in Lambda the connection is kept). */
  close(): Promise<void>;
}

/**
 * Build the Lambda handler. Options are checked here, at cold start.
 *
 * The stack, outermost first: flushMetrics, decodeRecords, dedupClaims, then the partition runner.
 * Middlewares you add with `.use()` run inside it (their `before` after the claims are made).
 *
 * @example
 * export const handler = kafkaHandler<OrderPlaced>({
 *   service: 'orders',
 *   handlerName: 'on-order-placed',
 *   redis: { url: 'rediss://my-cache.example.com:6379', cluster: true },
 *   async handle(message) {
 *     await notify(message.payload!.userId, message.eventId);
 *   },
 * });
 */
export function kafkaHandler<T = unknown, K = Buffer>(options: KafkaHandlerOptions<T, K>): KafkaHandler {
  const config = resolveConfig(options);
  const handler = middy<MSKEvent, KafkaBatchResponse, Error, StackContext<T>>(invocationSpans(config))
    .use(flushMetrics<T>(config.logger))
    .use(decodeRecords(config))
    .use(dedupClaims(config))
    .handler(runPartitions(config));
  return Object.assign(handler, { close: () => config.store.close() }) as unknown as KafkaHandler;
}
