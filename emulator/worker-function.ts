/**
 * A Lambda function whose execution environments are worker threads: each loads the handler
 * module itself, from its own environment variables, exactly as the deployed function does
 * (a deployable function's `handler.ts`), and a kill or a timeout terminates the thread, so nothing of a
 * dead invocation runs on, as in Lambda (lambda-runtime.ts runs in process and cannot do that).
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import type { Context } from 'aws-lambda';
import {
  asCrash,
  CrashError,
  createLambdaContext,
  type ExecutionEnvironment,
  functionArn,
  type InvocationResult,
  type LambdaFunctionOptions,
} from './lambda-runtime.ts';

export interface WorkerFunctionOptions extends LambdaFunctionOptions {
  /** The handler module: a path or file URL of a file that exports the handler. */
  module: string | URL;
  /** Default: 'handler'. */
  exportName?: string;
  /** Environment variables of an execution environment (added to this process's). */
  env: (environment: ExecutionEnvironment) => Record<string, string>;
  /** Every line the function prints (stdout and stderr): logs, EMF documents. */
  onOutput?: (line: string, environment: ExecutionEnvironment) => void;
}

interface Environment {
  env: ExecutionEnvironment & { alive: boolean };
  controller: AbortController;
  worker: Worker;
  ready: Promise<void>;
  pending: Map<
    number,
    (message: { ok: boolean; response?: unknown; errorType?: string; errorMessage?: string }) => void
  >;
}

/**
 * @example
 * const fn = new WorkerFunction({ module: new URL('./my-handler.ts', import.meta.url), timeoutMs: 7_000,
 *   env: () => ({ [contract.EnvVar.redisUrl]: 'redis://127.0.0.1:6379', [contract.EnvVar.serviceName]: 'orders' }) });
 * const result = await fn.invoke(mskEvent);
 * await fn.close();
 */
export class WorkerFunction<E = unknown> {
  readonly functionName: string;
  readonly timeoutMs: number;
  readonly arn: string;
  readonly #o: WorkerFunctionOptions;
  readonly #idle: Environment[] = [];
  readonly #busy = new Map<Environment, (error: Error) => void>();
  readonly #all = new Set<Environment>();
  #envCount = 0;
  #nextId = 0;
  #lastOutputAt = 0;
  invocations = 0;
  coldStarts = 0;

  constructor(options: WorkerFunctionOptions) {
    this.#o = options;
    this.functionName = options.functionName ?? 'local-function';
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.arn = functionArn(this.functionName, options.region, options.accountId);
  }

  async invoke(event: E): Promise<InvocationResult> {
    this.invocations++;
    const requestId = randomUUID();
    const current = this.#idle.pop() ?? this.#start();
    const startedAt = Date.now();
    const context = createLambdaContext({
      ...this.#o,
      functionName: this.functionName,
      timeoutMs: this.timeoutMs,
      requestId,
      startedAt,
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            Object.assign(new Error(`Task timed out after ${(this.timeoutMs / 1000).toFixed(2)} seconds`), {
              name: 'Sandbox.Timedout',
            }),
          ),
        this.timeoutMs,
      );
    });
    const killed = new Promise<never>((_, reject) => this.#busy.set(current, reject));
    try {
      const answer = (async () => {
        await current.ready;
        const id = ++this.#nextId;
        const reply = new Promise<{
          ok: boolean;
          response?: unknown;
          errorType?: string;
          errorMessage?: string;
        }>((resolve) => current.pending.set(id, resolve));
        current.worker.postMessage({ id, event, context: serializable(context, startedAt + this.timeoutMs) });
        return reply;
      })();
      const reply = await Promise.race([answer, timeout, killed]);
      if (reply.ok) return { ok: true, response: reply.response, requestId };
      return {
        ok: false,
        requestId,
        errorType: reply.errorType ?? 'Error',
        errorMessage: reply.errorMessage ?? '',
        environmentDied: false,
      };
    } catch (error) {
      const err = error as Error;
      // A timeout or a crash ends the environment: the thread is terminated, nothing runs on.
      this.#end(current);
      return {
        ok: false,
        requestId,
        errorType: err.name || 'Error',
        errorMessage: err.message,
        environmentDied: true,
      };
    } finally {
      clearTimeout(timer);
      this.#busy.delete(current);
      if (current.env.alive) this.#idle.push(current);
    }
  }

  /** Terminate an environment's thread (default: all): its in-flight invocation fails with `reason`. */
  kill(reason: Error = new CrashError(), env?: ExecutionEnvironment): void {
    const crash = asCrash(reason);
    for (const target of [...this.#all]) {
      if (env !== undefined && target.env.id !== env.id) continue;
      this.#busy.get(target)?.(crash);
      this.#end(target);
    }
  }

  /**
   * Wait until the threads have printed nothing for `quietMs` (at most `maxMs`): their output is a
   * stream of its own and can come after their answers (the last EMF document of a run, say).
   */
  async settleOutput(quietMs = 200, maxMs = 2_000): Promise<void> {
    const until = Date.now() + maxMs;
    while (Date.now() < until && Date.now() - this.#lastOutputAt < quietMs) {
      await new Promise((r) => setTimeout(r, quietMs / 4));
    }
  }

  /** Terminate every environment (end of a run). */
  async close(): Promise<void> {
    const workers = [...this.#all].map((e) => e.worker);
    for (const target of [...this.#all]) this.#end(target);
    await Promise.all(workers.map((w) => w.terminate()));
  }

  #start(): Environment {
    this.coldStarts++;
    const controller = new AbortController();
    const env = { id: ++this.#envCount, alive: true, signal: controller.signal };
    const moduleUrl =
      this.#o.module instanceof URL
        ? this.#o.module.href
        : new URL(this.#o.module, `file://${process.cwd()}/`).href;
    const worker = new Worker(new URL('./lambda-worker.ts', import.meta.url), {
      workerData: { module: moduleUrl, exportName: this.#o.exportName ?? 'handler' },
      env: { ...process.env, ...this.#o.env(env) },
      stdout: true,
      stderr: true,
    });
    const pending: Environment['pending'] = new Map();
    for (const stream of [worker.stdout, worker.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        this.#lastOutputAt = Date.now();
        this.#o.onOutput?.(line, env);
      });
    }
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message) => {
        if (message.ready) resolve();
        else if (message.initError)
          reject(Object.assign(new Error(message.errorMessage), { name: message.errorType }));
        else pending.get(message.id)?.(message);
        if (message.id !== undefined) pending.delete(message.id);
      });
      worker.on('error', reject);
      worker.on('exit', () => reject(new CrashError('the execution environment exited')));
    });
    ready.catch(() => {});
    const environment: Environment = { env, controller, worker, ready, pending };
    this.#all.add(environment);
    return environment;
  }

  #end(target: Environment): void {
    if (!target.env.alive) return;
    target.env.alive = false;
    target.controller.abort(new CrashError('execution environment ended'));
    this.#all.delete(target);
    const at = this.#idle.indexOf(target);
    if (at >= 0) this.#idle.splice(at, 1);
    void target.worker.terminate();
  }
}

function serializable(context: Context, deadline: number) {
  const { getRemainingTimeInMillis: _r, done: _d, fail: _f, succeed: _s, ...fields } = context;
  return { ...fields, deadline };
}
