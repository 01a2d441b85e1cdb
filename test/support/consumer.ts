/** Run a kafkaHandler invocation with its stdout (logs, EMF) captured. */
// Powertools then prints through the global console, which captureStdout can intercept.
process.env.POWERTOOLS_DEV = 'true';
// Dev mode would otherwise switch metrics off.
process.env.POWERTOOLS_METRICS_DISABLED = 'false';

import type { Context, MSKEvent } from 'aws-lambda';
import type { KafkaHandler } from '../../lib/index.ts';
import { lambdaContext } from './msk.ts';
import { captureStdout } from './stdout.ts';

export async function invoke(handler: KafkaHandler, event: MSKEvent, context: Context = lambdaContext()) {
  const { result, lines } = await captureStdout(() => handler(event, context));
  return {
    response: result as { batchItemFailures: { itemIdentifier: { partition: string; offset: number } }[] },
    lines,
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
