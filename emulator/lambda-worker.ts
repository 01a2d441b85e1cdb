/**
 * The inside of a worker-thread execution environment (see worker-environment.ts): loads a Lambda
 * handler module once (the cold start), then runs one invocation per message with a Context
 * rebuilt from the parent's (the deadline is wall-clock, shared by both threads). After each
 * answer the thread freezes until the parent thaws it for the next invocation.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Context } from 'aws-lambda';
import { GATE_FROZEN, type WorkerInvocation, type WorkerMessage } from './worker-environment.ts';

const port = parentPort!;
const data = workerData as { module: string; exportName: string; gate?: SharedArrayBuffer };
const gate = data.gate ? new Int32Array(data.gate) : undefined;
const answer = (message: WorkerMessage) => port.postMessage(message);

/**
 * Answer an invocation, then freeze: nothing else in this thread (timers, promises, sockets) runs
 * until the parent thaws it. The gate is closed before the answer leaves, so a thaw that follows the
 * answer at once cannot be lost.
 */
const answerAndFreeze = (message: WorkerMessage) => {
  if (gate) Atomics.store(gate, 0, GATE_FROZEN);
  answer(message);
  if (gate) Atomics.wait(gate, 0, GATE_FROZEN);
};

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
    // Thawed: let the event loop turn once, so that the timers that came due while frozen fire, as
    // they do in Lambda while the runtime fetches the next event.
    if (gate) await new Promise((resolve) => setTimeout(resolve, 0));
    try {
      const response = await (handler as (e: unknown, c: Context) => Promise<unknown>)(
        message.event,
        context,
      );
      answerAndFreeze({ id: message.id, ok: true, response: response ?? null });
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      answerAndFreeze({
        id: message.id,
        ok: false,
        errorType: err.name || 'Error',
        errorMessage: err.message,
      });
    }
  });
  answer({ ready: true });
} catch (error) {
  const err = error instanceof Error ? error : new Error(String(error));
  answer({ initError: true, errorType: 'Runtime.ImportModuleError', errorMessage: err.stack ?? err.message });
}
