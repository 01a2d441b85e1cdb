/**
 * kafkaHandler: a plain business function of one message, made into a Lambda handler for an
 * MSK event source mapping that runs each event's effect once.
 */
import middy from '@middy/core';
import type { Context, MSKEvent } from 'aws-lambda';
import type { KafkaBatchResponse } from '../contract/message.ts';
import { invocationSpans } from '../observability/tracing.ts';
import { resolveConfig } from './config.ts';
import { ConsumerCore, type InvocationHooks } from './invocation.ts';
import type { KafkaHandlerOptions } from './options.ts';

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

/** The Lambda handler kafkaHandler builds: a middy handler whose base handler is the invocation. */
export interface KafkaHandler {
  (event: MSKEvent, context: Context): Promise<KafkaBatchResponse>;
  /**
   * Add middlewares. They run around the whole invocation: `before` before the records are
   * decoded and claimed; `after` once the claims are settled (committed or released) and the
   * metrics flushed, with the answer in `request.response`; `onError` after a failed invocation
   * settled its claims. To act between the claims and the run, or between the run and the commit,
   * use {@link KafkaHandler.hook}.
   */
  use(middlewares: KafkaHandlerMiddleware | KafkaHandlerMiddleware[]): KafkaHandler;
  /**
   * Add hooks inside the invocation (msk-once/middlewares, `InvocationHooks`): after each stage
   * (decode, claim, run, settle, flush), with its records and time.
   */
  hook(hooks: InvocationHooks): KafkaHandler;
  /** Close the store's connections: for tests and local runs (in Lambda the connection is kept). */
  close(): Promise<void>;
}

/**
 * Build the Lambda handler. Options are checked here, at cold start.
 *
 * A middy handler whose base handler runs each invocation top-down (invocation.ts: decode, claim,
 * run the lanes, settle, flush, answer). Middlewares you add with `.use()` run around it: their
 * `before` before any claim is made, their `after` once the claims are settled. middy's own early
 * timeout is off: the invocation keeps the Lambda timeout itself (5 ms early, as middy did) and
 * settles its claims before it fails.
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
  const core = new ConsumerCore(config);
  // X-Ray spans of claim, run and commit when tracing is on (nothing is added when it is off).
  const tracing = invocationSpans(config);
  if (tracing.hooks) core.hook(tracing.hooks);
  const handler = middy<MSKEvent, KafkaBatchResponse>({
    timeoutEarlyInMillis: 0,
    ...tracing.plugin,
  }).handler((event, context) => core.invoke(event, context));
  return Object.assign(handler, {
    hook(hooks: InvocationHooks<T>) {
      core.hook(hooks);
      return handler;
    },
    close: () => core.close(),
  }) as unknown as KafkaHandler;
}
