/** A Lambda context for benchmark invocations: 14 minutes to run (the Kafka ESM maximum). */
import type { Context } from 'aws-lambda';

let invocation = 0;

/**
 * A fresh context per invocation.
 *
 * @example
 * await handler(event, lambdaContext());
 */
export function lambdaContext(timeoutMs = 14 * 60_000): Context {
  const deadline = Date.now() + timeoutMs;
  invocation++;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'msk-once-bench',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:msk-once-bench',
    memoryLimitInMB: '1024',
    awsRequestId: `bench-${process.pid}-${invocation}`,
    logGroupName: '/aws/lambda/msk-once-bench',
    logStreamName: 'bench',
    getRemainingTimeInMillis: () => deadline - Date.now(),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}
