/**
 * The emulator's Lambda runtime: one {@link LambdaFunction} owns the execution environments (one
 * invocation per environment at a time, a cold start for each new one), the function timeout and
 * the Kafka limit on it, kills, and how an invocation ends. What an environment IS comes from its
 * {@link EnvironmentMode}, the one thing that differs between:
 *
 * - `inProcess(factory)` (in-process-environment.ts): the handler is built in this process by a
 *   factory per environment; fast, and a handler may be a closure. A killed or timed-out invocation
 *   cannot be stopped in Node: its promise runs on in the background. The environment is marked
 *   dead (`alive === false`, `signal` aborted) so that code written for the emulator can refuse to
 *   act after the "kill", and the next invocation starts a fresh environment, as in Lambda.
 * - `workerThread({ module, env })` (worker-environment.ts): each environment is a worker thread
 *   that imports the handler module and configures it from its own environment variables, as a
 *   deployed function does; a kill or a timeout terminates the thread, so nothing of a dead
 *   invocation runs on.
 *
 * Between an invocation's answer and the next invocation of the same environment Lambda freezes
 * the environment: "Lambda freezes the execution environment when the runtime and each extension
 * have completed and there are no pending events" (lambda-runtime-environment.html). A worker
 * thread really stops there (pending timers and promises do not advance until it is thawed); an
 * in-process environment cannot stop this process's event loop, so it is only marked `frozen`
 * (docs/emulator.md).
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { CrashError, FunctionConfigurationError } from './errors.ts';
import { functionArn, lambdaContext } from './lambda-context.ts';

/** A Lambda handler for Kafka events (what `kafkaHandler(...)` returns). */
export type LambdaHandler<E = unknown, R = unknown> = (event: E, context: Context) => Promise<R>;

/** One execution environment ("sandbox", "container"), as code running in it may see it. */
export interface ExecutionEnvironment {
  readonly id: number;
  /** False once the environment was killed, timed out or failed. */
  readonly alive: boolean;
  /** Aborted when the environment dies. */
  readonly signal: AbortSignal;
  /** True from an invocation's answer until the next invocation of this environment (Lambda freezes it). */
  readonly frozen: boolean;
  /** Resolves when the environment is next thawed (at once when it is not frozen). */
  thawed(): Promise<void>;
}

/** How an invocation ended, as the event source mapping sees it. */
export type InvocationResult =
  | { ok: true; response: unknown; requestId: string }
  | { ok: false; requestId: string; errorType: string; errorMessage: string; environmentDied: boolean };

/** What the handler of one invocation answered: its response, or the error it threw. */
export type HandlerAnswer =
  | { ok: true; response: unknown }
  | { ok: false; errorType: string; errorMessage: string };

/**
 * How execution environments are made: the part of the runtime that differs between running the
 * handler in this process and in a worker thread.
 */
export interface EnvironmentMode<E> {
  /** 'in-process', 'worker-thread': for messages. */
  readonly name: string;
  /** Start an environment (a cold start). Its init may still be running: `run` waits for it. */
  start(environment: ExecutionEnvironment): Sandbox<E>;
}

/** A started execution environment, as its mode runs it. */
export interface Sandbox<E> {
  /**
   * Run one invocation to the handler's answer (a thrown error is an answer too). Rejects when the
   * environment itself fails (its init, its thread): the runtime then ends it.
   */
  run(event: E, context: Context): Promise<HandlerAnswer>;
  /** Stop what still runs in the environment, as far as the mode can (a thread is terminated). */
  stop(): Promise<void>;
}

export interface LambdaFunctionOptions {
  /** @default 'local-function' */
  functionName?: string;
  /** The function timeout: 1 ms .. 14 minutes (the Kafka event source mapping maximum, with-msk.html). @default 60_000 */
  timeoutMs?: number;
  /** @default 512 */
  memoryLimitMB?: number;
  /** @default 'us-east-1' */
  region?: string;
  /** @default '000000000000' */
  accountId?: string;
  /** The version the mapping invokes (its `executedVersion`). @default '$LATEST' */
  version?: string;
}

/** What an event source mapping invokes. */
export interface LambdaInvoker<E = unknown> {
  readonly functionName: string;
  /** The unqualified function ARN. */
  readonly arn: string;
  /** The version invoked (`$LATEST` unless published); the qualified ARN is `${arn}:${version}`. */
  readonly version?: string;
  invoke(event: E): Promise<InvocationResult>;
}

/** Kafka event source mappings support function timeouts up to 14 minutes. */
export const MAX_KAFKA_FUNCTION_TIMEOUT_MS = 14 * 60 * 1000;

/** `reason` as the CrashError an in-flight invocation of a killed environment fails with. */
function asCrash(reason: Error): CrashError {
  return reason instanceof CrashError
    ? reason
    : Object.assign(new CrashError(reason.message), { cause: reason });
}

interface Environment<E> {
  readonly env: ExecutionEnvironment & { alive: boolean; frozen: boolean };
  /** Resolves `thawed()` of the current freeze. */
  thaw?: () => void;
  readonly controller: AbortController;
  readonly sandbox: Sandbox<E>;
  /** Fails the invocation in flight, while there is one. */
  fail?: (error: Error) => void;
}

/**
 * A Lambda function: invocations, environments, timeout and kills, whatever the environment mode.
 *
 * @example
 * const fn = new LambdaFunction(inProcess(() => handler), { functionName: 'orders', timeoutMs: 10_000 });
 * const result = await fn.invoke(event); // { ok: true, response } or { ok: false, errorType, ... }
 * fn.kill(new CrashError('crash after 10 records')); // the in-flight invocation fails now
 * await fn.close();
 */
export class LambdaFunction<E = unknown> implements LambdaInvoker<E> {
  readonly functionName: string;
  readonly timeoutMs: number;
  readonly arn: string;
  readonly version: string;
  readonly mode: string;
  readonly #options: LambdaFunctionOptions;
  readonly #mode: EnvironmentMode<E>;
  /** Warm environments waiting for an invocation (Lambda runs one invocation per environment at a time). */
  readonly #idle: Environment<E>[] = [];
  readonly #all = new Set<Environment<E>>();
  #envCount = 0;
  /** Invocations so far, and environments started (cold starts). */
  invocations = 0;
  coldStarts = 0;

  constructor(mode: EnvironmentMode<E>, options: LambdaFunctionOptions = {}) {
    this.#mode = mode;
    this.#options = options;
    this.mode = mode.name;
    this.functionName = options.functionName ?? 'local-function';
    this.timeoutMs = options.timeoutMs ?? 60_000;
    if (!Number.isInteger(this.timeoutMs) || this.timeoutMs < 1) {
      throw new FunctionConfigurationError(
        `timeoutMs must be a positive whole number, got ${this.timeoutMs}`,
      );
    }
    if (this.timeoutMs > MAX_KAFKA_FUNCTION_TIMEOUT_MS) {
      throw new FunctionConfigurationError(
        `timeoutMs ${this.timeoutMs}: Kafka event source mappings support function timeouts up to 14 minutes`,
      );
    }
    this.arn = functionArn(this.functionName, options.region, options.accountId);
    this.version = options.version ?? '$LATEST';
  }

  /** `arn:aws:lambda:<region>:<account>:function:<name>:<version>`. */
  get qualifiedArn(): string {
    return `${this.arn}:${this.version}`;
  }

  /**
   * Run one invocation to its end: a response, a thrown error, the timeout or a kill. It takes a
   * warm environment or starts one (a cold start, whose init counts against the timeout);
   * concurrent invocations get different environments.
   */
  async invoke(event: E): Promise<InvocationResult> {
    this.invocations++;
    const requestId = randomUUID();
    const current = this.#idle.pop() ?? this.#start();
    this.#thaw(current);
    const context = lambdaContext({ ...this.#options, functionName: this.functionName, requestId });
    let timer: NodeJS.Timeout | undefined;
    const ended = new Promise<never>((_, reject) => {
      current.fail = reject;
      timer = setTimeout(() => reject(timedOut(this.timeoutMs)), this.timeoutMs);
    });
    let result: InvocationResult;
    try {
      const answer = await Promise.race([current.sandbox.run(event, context), ended]);
      result = answer.ok
        ? { ok: true, response: answer.response, requestId }
        : {
            ok: false,
            requestId,
            errorType: answer.errorType,
            errorMessage: answer.errorMessage,
            environmentDied: false,
          };
    } catch (error) {
      // A timeout, a kill or a failed environment: Lambda resets the environment, the next
      // invocation is a cold start.
      const err = error instanceof Error ? error : new Error(String(error));
      this.#end(current);
      result = {
        ok: false,
        requestId,
        errorType: err.name || 'Error',
        errorMessage: err.message,
        environmentDied: true,
      };
    } finally {
      clearTimeout(timer);
      current.fail = undefined;
    }
    return this.#answer(current, result);
  }

  /**
   * Kill an environment now (default: all of them): its in-flight invocation fails with `reason`;
   * the next invocation starts cold.
   */
  kill(reason: Error = new CrashError(), env?: Pick<ExecutionEnvironment, 'id'>): void {
    const crash = asCrash(reason);
    for (const target of [...this.#all]) {
      if (env !== undefined && target.env.id !== env.id) continue;
      target.fail?.(crash);
      this.#end(target);
    }
  }

  /** End every environment (the end of a run): worker threads are terminated. */
  async close(): Promise<void> {
    const sandboxes = [...this.#all].map((e) => e.sandbox);
    for (const target of [...this.#all]) this.#end(target);
    await Promise.all(sandboxes.map((s) => s.stop()));
  }

  /**
   * The one place an invocation's answer leaves the function: the environment is frozen and goes
   * back to the warm pool. (A worker thread froze itself as it answered; see worker-environment.ts.)
   */
  #answer(current: Environment<E>, result: InvocationResult): InvocationResult {
    if (current.env.alive) {
      current.env.frozen = true;
      this.#idle.push(current);
    }
    return result;
  }

  #thaw(current: Environment<E>): void {
    current.env.frozen = false;
    const thaw = current.thaw;
    current.thaw = undefined;
    thaw?.();
  }

  #start(): Environment<E> {
    const controller = new AbortController();
    let environment: Environment<E>;
    const env: Environment<E>['env'] = {
      id: ++this.#envCount,
      alive: true,
      frozen: false,
      signal: controller.signal,
      thawed: () =>
        env.frozen
          ? new Promise<void>((resolve) => {
              const before = environment.thaw;
              environment.thaw = () => {
                before?.();
                resolve();
              };
            })
          : Promise.resolve(),
    };
    this.coldStarts++;
    environment = { env, controller, sandbox: this.#mode.start(env) };
    this.#all.add(environment);
    return environment;
  }

  #end(target: Environment<E>): void {
    if (!target.env.alive) return;
    target.env.alive = false;
    // Whoever waits for a thaw learns that the environment is gone instead.
    this.#thaw(target);
    target.controller.abort(new CrashError('execution environment ended'));
    this.#all.delete(target);
    const at = this.#idle.indexOf(target);
    if (at >= 0) this.#idle.splice(at, 1);
    void target.sandbox.stop();
  }
}

function timedOut(timeoutMs: number): Error {
  return Object.assign(new Error(`Task timed out after ${(timeoutMs / 1000).toFixed(2)} seconds`), {
    name: 'Sandbox.Timedout',
  });
}
