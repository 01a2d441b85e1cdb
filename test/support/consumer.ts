/** Run a kafkaHandler invocation with what it prints (logs, EMF) captured. */
// Powertools then prints through the global console, which captureConsoleOutput intercepts.
process.env.POWERTOOLS_DEV = 'true';
// Dev mode would otherwise switch metrics off.
process.env.POWERTOOLS_METRICS_DISABLED = 'false';

import type { Context, MSKEvent } from 'aws-lambda';
import type { KafkaBatchResponse, KafkaHandler } from '../../lib/index.ts';
import { captureConsoleOutput, lambdaContext } from '../../testkit/index.ts';

export async function invoke(handler: KafkaHandler, event: MSKEvent, context: Context = lambdaContext()) {
  const { result, lines } = await captureConsoleOutput(() => handler(event, context));
  return { response: result as KafkaBatchResponse, lines };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
