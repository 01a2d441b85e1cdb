/**
 * The inside of a worker-thread execution environment (see worker-environment.ts): loads a Lambda
 * handler module once (the cold start), then runs one invocation per message with a Context
 * rebuilt from the parent's (the deadline is wall-clock, shared by both threads).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Context } from 'aws-lambda';
import type { WorkerInvocation, WorkerMessage } from './worker-environment.ts';

const port = parentPort!;
const data = workerData as { module: string; exportName: string };
const answer = (message: WorkerMessage) => port.postMessage(message);

try {
  const mod = (await import(data.module)) as Record<string, unknown>;
  const handler = mod[data.exportName];
  if (typeof handler !== 'function')
    throw new Error(`${data.module} does not export a function named ${data.exportName}`);
  port.on('message', async (message: WorkerInvocation) => {
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
      answer({ id: message.id, ok: true, response: response ?? null });
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      answer({ id: message.id, ok: false, errorType: err.name || 'Error', errorMessage: err.message });
    }
  });
  answer({ ready: true });
} catch (error) {
  const err = error instanceof Error ? error : new Error(String(error));
  answer({ initError: true, errorType: 'Runtime.ImportModuleError', errorMessage: err.stack ?? err.message });
}
