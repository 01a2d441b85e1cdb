/**
 * The inside of a worker-thread execution environment (see worker-function.ts): loads a Lambda
 * handler module once (the cold start), then runs one invocation per message with a Context
 * rebuilt from the parent's (the deadline is wall-clock, shared by both threads).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Context } from 'aws-lambda';

interface Data {
  module: string;
  exportName: string;
}

interface Invoke {
  id: number;
  event: unknown;
  context: Omit<Context, 'getRemainingTimeInMillis' | 'done' | 'fail' | 'succeed'> & { deadline: number };
}

const port = parentPort!;
const data = workerData as Data;

try {
  const mod = (await import(data.module)) as Record<string, unknown>;
  const handler = mod[data.exportName];
  if (typeof handler !== 'function')
    throw new Error(`${data.module} does not export a function named ${data.exportName}`);
  port.on('message', async (message: Invoke) => {
    const { deadline, ...fields } = message.context;
    const context = {
      ...fields,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    } as Context;
    try {
      const response = await (handler as (e: unknown, c: Context) => Promise<unknown>)(
        message.event,
        context,
      );
      port.postMessage({ id: message.id, ok: true, response: response ?? null });
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ id: message.id, ok: false, errorType: err.name, errorMessage: err.message });
    }
  });
  port.postMessage({ ready: true });
} catch (error) {
  const err = error instanceof Error ? error : new Error(String(error));
  port.postMessage({
    initError: true,
    errorType: 'Runtime.ImportModuleError',
    errorMessage: err.stack ?? err.message,
  });
}
