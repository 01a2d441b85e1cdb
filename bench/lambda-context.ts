/** The Lambda context of benchmark invocations: the test kit's, with the Kafka maximum of 14 minutes to run. */
import type { Context } from 'aws-lambda';
import { lambdaContext } from '../emulator/lambda-context.ts';
import { MAX_KAFKA_FUNCTION_TIMEOUT_MS } from '../emulator/lambda-runtime.ts';

/**
 * A fresh context per invocation.
 *
 * @example
 * await handler(event, benchContext());
 */
export function benchContext(): Context {
  return lambdaContext({ functionName: 'msk-once-bench', timeoutMs: MAX_KAFKA_FUNCTION_TIMEOUT_MS });
}
