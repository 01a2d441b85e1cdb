/**
 * Execution environments as worker threads: each imports the handler module itself (the cold
 * start), from its own environment variables, exactly as the deployed function does
 * (a deployable function's `handler.ts`); stopping an environment terminates its thread, so nothing of a
 * killed or timed-out invocation runs on, as in Lambda. lambda-worker.ts is the inside of the thread.
 *
 * Freezing: as it posts an answer the thread blocks itself (`Atomics.wait` on a SharedArrayBuffer
 * shared with this side), so its pending timers and promises (a lease renewal, work that outlived
 * the answer) do not advance until the next invocation of this environment thaws it, as Lambda
 * freezes a sandbox between invocations. A frozen thread can still be terminated.
 */
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import type { Context } from 'aws-lambda';
import { CrashError } from './errors.ts';
import type { EnvironmentMode, ExecutionEnvironment, HandlerAnswer } from './lambda-runtime.ts';

/**
 * The inside of the thread: lambda-worker.ts when this file runs as TypeScript (the repository),
 * lambda-worker.js when it runs from the built package.
 */
const WORKER_SCRIPT = new URL(
  import.meta.url.endsWith('.ts') ? './lambda-worker.ts' : './lambda-worker.js',
  import.meta.url,
);

export interface WorkerThreadOptions {
  /** The handler module: a path (from the working directory) or a file URL. */
  module: string | URL;
  /** @default 'handler' */
  exportName?: string;
  /** Environment variables of an execution environment, added to this process's. @default none */
  env?: (environment: ExecutionEnvironment) => Record<string, string>;
  /**
   * Every line the function prints (stdout and stderr): logs, EMF documents. The lines are a stream
   * of their own and can come after the invocation's answer. @default dropped
   */
  onOutput?: (line: string, environment: ExecutionEnvironment) => void;
  /**
   * Freeze the thread between its answer and its next invocation, as Lambda does. Turn it off only
   * to show what a handler would do if nothing stopped it. @default true
   */
  freezeBetweenInvocations?: boolean;
}

/** The freeze gate's states (an Int32 in a SharedArrayBuffer). @internal */
export const GATE_RUNNING = 0;
/** @internal */
export const GATE_FROZEN = 1;

/** What the parent sends for one invocation: the context's fields and its wall-clock deadline. @internal */
export interface WorkerInvocation {
  id: number;
  event: unknown;
  context: Omit<Context, 'getRemainingTimeInMillis' | 'done' | 'fail' | 'succeed'> & { deadline: number };
}

/** What the thread answers: ready, an init error, or one invocation's answer. @internal */
export type WorkerMessage =
  | { ready: true }
  | { initError: true; errorType: string; errorMessage: string }
  | ({ id: number } & HandlerAnswer);

/**
 * Environments that are worker threads loading `module`.
 *
 * @example
 * const fn = new LambdaFunction(
 *   workerThread({ module: './handler.ts',
 *     env: () => ({ [contract.EnvVar.redisUrl]: 'redis://127.0.0.1:6379', [contract.EnvVar.idempotencyTable]: 't' }) }),
 *   { functionName: 'orders', timeoutMs: 7_000 },
 * );
 * const result = await fn.invoke(mskEvent);
 * await fn.close();
 */
export function workerThread<E>(options: WorkerThreadOptions): EnvironmentMode<E> {
  const moduleUrl =
    options.module instanceof URL
      ? options.module.href
      : new URL(options.module, `file://${process.cwd()}/`).href;
  return {
    name: 'worker-thread',
    start(environment) {
      const gate =
        options.freezeBetweenInvocations === false ? undefined : new Int32Array(new SharedArrayBuffer(4));
      const worker = new Worker(WORKER_SCRIPT, {
        workerData: { module: moduleUrl, exportName: options.exportName ?? 'handler', gate: gate?.buffer },
        env: { ...process.env, ...options.env?.(environment) },
        stdout: true,
        stderr: true,
      });
      for (const stream of [worker.stdout, worker.stderr]) {
        createInterface({ input: stream }).on('line', (line) => options.onOutput?.(line, environment));
      }
      const pending = new Map<number, { resolve: (a: HandlerAnswer) => void; reject: (e: Error) => void }>();
      let failure: Error | undefined;
      const fail = (error: Error) => {
        failure ??= error;
        for (const waiter of pending.values()) waiter.reject(failure);
        pending.clear();
      };
      const ready = new Promise<void>((resolve, reject) => {
        worker.on('message', (message: WorkerMessage) => {
          if ('ready' in message) resolve();
          else if ('initError' in message)
            reject(Object.assign(new Error(message.errorMessage), { name: message.errorType }));
          else {
            const { id, ...answer } = message;
            pending.get(id)?.resolve(answer as HandlerAnswer);
            pending.delete(id);
          }
        });
        worker.on('error', (error) => {
          reject(error);
          fail(
            Object.assign(new CrashError(`the execution environment failed: ${error.message}`), {
              cause: error,
            }),
          );
        });
        worker.on('exit', (code) => {
          const exited = new CrashError(`the execution environment exited (code ${code})`);
          reject(exited);
          fail(exited);
        });
      });
      ready.catch(() => {});
      let nextId = 0;
      return {
        async run(event, context) {
          await ready;
          if (failure) throw failure;
          const id = ++nextId;
          const answer = new Promise<HandlerAnswer>((resolve, reject) =>
            pending.set(id, { resolve, reject }),
          );
          const { getRemainingTimeInMillis, done: _d, fail: _f, succeed: _s, ...fields } = context;
          const invocation: WorkerInvocation = {
            id,
            event,
            context: { ...fields, deadline: Date.now() + getRemainingTimeInMillis() },
          };
          // Thaw before the invocation arrives (the thread froze itself as it answered the last one).
          if (gate) {
            Atomics.store(gate, 0, GATE_RUNNING);
            Atomics.notify(gate, 0);
          }
          worker.postMessage(invocation);
          return answer;
        },
        stop: () => worker.terminate().then(() => {}),
      };
    },
  };
}
