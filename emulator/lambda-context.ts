/**
 * The Lambda `Context` a handler gets, built the one way the emulator's runtime, the test kit and
 * the benchmarks build it: `getRemainingTimeInMillis()` counts down from the function timeout.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

export interface LambdaContextOptions {
  /** @default 'local-function' */
  functionName?: string;
  /** The function timeout the context counts down from. @default 60_000 */
  timeoutMs?: number;
  /** @default 512 */
  memoryLimitMB?: number;
  /** @default 'us-east-1' */
  region?: string;
  /** @default '000000000000' */
  accountId?: string;
  /** @default a random UUID */
  requestId?: string;
  /** When the invocation started (ms since the epoch). @default now */
  startedAt?: number;
}

/**
 * A `Context` whose `getRemainingTimeInMillis()` counts down from `timeoutMs`. The callback-style
 * `done`/`fail`/`succeed` throw: a Kafka handler returns a promise.
 *
 * @example
 * const context = lambdaContext({ functionName: 'orders', timeoutMs: 30_000 });
 * context.getRemainingTimeInMillis(); // ~30000
 * await handler(event, context);
 */
export function lambdaContext(options: LambdaContextOptions = {}): Context {
  const functionName = options.functionName ?? 'local-function';
  const deadline = (options.startedAt ?? Date.now()) + (options.timeoutMs ?? 60_000);
  const unsupported = () => {
    throw new Error('callback-style done/fail/succeed are not supported: return a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: functionArn(functionName, options.region, options.accountId),
    memoryLimitInMB: String(options.memoryLimitMB ?? 512),
    awsRequestId: options.requestId ?? randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `${new Date().toISOString().slice(0, 10).replaceAll('-', '/')}/[$LATEST]${randomUUID().replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

/**
 * `arn:aws:lambda:<region>:<account>:function:<name>`
 *
 * @example
 * functionArn('orders'); // 'arn:aws:lambda:us-east-1:000000000000:function:orders'
 */
export function functionArn(functionName: string, region = 'us-east-1', accountId = '000000000000'): string {
  return `arn:aws:lambda:${region}:${accountId}:function:${functionName}`;
}
