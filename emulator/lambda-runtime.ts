/**
 * A Lambda function run in this process: a realistic `Context`, the configured timeout, cold starts,
 * and an execution environment that can die (a crash, an out-of-memory kill, a timeout).
 *
 * Difference from AWS, on purpose and documented in docs/emulator.md: Lambda freezes and then
 * discards a timed-out or crashed environment, so its code stops. Here the handler's promise cannot
 * be stopped: it keeps running in the background. The environment is marked dead (`alive === false`,
 * `signal` aborted) so that effects written for the emulator can refuse to happen after the "kill",
 * and the next invocation gets a fresh environment from the factory (a cold start), as in Lambda.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/** A Lambda handler for Kafka events (what `kafkaHandler(...)` returns). */
export type LambdaHandler<E = unknown, R = unknown> = (event: E, context: Context) => Promise<R>;

/** One execution environment ("container"): lives until killed or timed out. */
export interface ExecutionEnvironment {
  readonly id: number;
  readonly alive: boolean;
  /** Aborted when the environment dies. */
  readonly signal: AbortSignal;
}

/** How an invocation ended, as the event source mapping sees it. */
export type InvocationResult =
  | { ok: true; response: unknown; requestId: string }
  | { ok: false; requestId: string; errorType: string; errorMessage: string; environmentDied: boolean };

export interface LambdaFunctionOptions {
  functionName?: string;
  /** The function timeout. Kafka event source mappings allow at most 14 minutes (with-msk.html). */
  timeoutMs?: number;
  memoryLimitMB?: number;
  region?: string;
  accountId?: string;
}

/** What an event source mapping invokes: an in-process {@link LambdaFunction} or a worker-thread one. */
export interface LambdaInvoker<E = unknown> {
  readonly functionName: string;
  readonly arn: string;
  invoke(event: E): Promise<InvocationResult>;
}

/** The process died under an invocation (the emulator's stand-in for os.Exit / an OOM kill). */
export class CrashError extends Error {
  constructor(message = 'the execution environment was killed') {
    super(message);
    this.name = 'CrashError';
  }
}

/** `reason` as the CrashError an in-flight invocation of a killed environment fails with. */
export function asCrash(reason: Error): CrashError {
  return reason instanceof CrashError
    ? reason
    : Object.assign(new CrashError(reason.message), { cause: reason });
}

const MAX_KAFKA_TIMEOUT_MS = 14 * 60 * 1000;

/**
 * A `Context` whose `getRemainingTimeInMillis()` counts down from the function timeout.
 *
 * @example
 * const context = createLambdaContext({ functionName: 'notification', timeoutMs: 30_000 });
 * context.getRemainingTimeInMillis(); // ~30000
 */
export function createLambdaContext(
  options: LambdaFunctionOptions & { requestId?: string; startedAt?: number } = {},
): Context {
  const functionName = options.functionName ?? 'local-function';
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = (options.startedAt ?? Date.now()) + timeoutMs;
  const region = options.region ?? 'us-east-1';
  const accountId = options.accountId ?? '000000000000';
  const requestId = options.requestId ?? randomUUID();
  const unsupported = () => {
    throw new Error('callback-style done/fail/succeed are not supported: return a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: functionArn(functionName, region, accountId),
    memoryLimitInMB: String(options.memoryLimitMB ?? 512),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `${new Date().toISOString().slice(0, 10).replaceAll('-', '/')}/[$LATEST]${randomUUID().replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

/** `arn:aws:lambda:<region>:<account>:function:<name>` */
export function functionArn(functionName: string, region = 'us-east-1', accountId = '000000000000'): string {
  return `arn:aws:lambda:${region}:${accountId}:function:${functionName}`;
}

/**
 * A function whose handler is made per execution environment by `factory`.
 *
 * @example
 * const fn = new LambdaFunction(() => handler, { functionName: 'notification', timeoutMs: 10_000 });
 * const result = await fn.invoke(event); // { ok: true, response } or { ok: false, errorType, ... }
 * fn.kill(new CrashError('crash after 10 records')); // the in-flight invocation fails now
 */
export class LambdaFunction<E = unknown> {
  readonly functionName: string;
  readonly timeoutMs: number;
  readonly arn: string;
  readonly #options: LambdaFunctionOptions;
  readonly #factory: (env: ExecutionEnvironment) => LambdaHandler<E> | Promise<LambdaHandler<E>>;
  /** Warm environments waiting for an invocation (Lambda runs one invocation per environment at a time). */
  readonly #idle: Environment<E>[] = [];
  /** Environments running an invocation, with the way to fail it. */
  readonly #busy = new Map<Environment<E>, (error: Error) => void>();
  #envCount = 0;
  /** Invocations so far, and environments started (cold starts). */
  invocations = 0;
  coldStarts = 0;

  constructor(
    factory: (env: ExecutionEnvironment) => LambdaHandler<E> | Promise<LambdaHandler<E>>,
    options: LambdaFunctionOptions = {},
  ) {
    this.#factory = factory;
    this.#options = options;
    this.functionName = options.functionName ?? 'local-function';
    this.timeoutMs = options.timeoutMs ?? 60_000;
    if (this.timeoutMs > MAX_KAFKA_TIMEOUT_MS) {
      throw new Error(
        `timeoutMs ${this.timeoutMs}: Kafka event source mappings support function timeouts up to 14 minutes`,
      );
    }
    this.arn = functionArn(this.functionName, options.region, options.accountId);
  }

  /**
   * Run one invocation to its end: a response, a thrown error, the timeout or a kill. It takes a
   * warm environment or starts one (a cold start); concurrent invocations get different ones.
   */
  async invoke(event: E): Promise<InvocationResult> {
    this.invocations++;
    const requestId = randomUUID();
    const current = this.#idle.pop() ?? this.#startEnvironment();
    const context = createLambdaContext({
      ...this.#options,
      functionName: this.functionName,
      timeoutMs: this.timeoutMs,
      requestId,
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
    const killed = new Promise<never>((_, reject) => {
      this.#busy.set(current, reject);
    });
    try {
      const run = current.handler.then((handler) => handler(event, context));
      const response = await Promise.race([run, timeout, killed]);
      return { ok: true, response, requestId };
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      const environmentDied = err.name === 'Sandbox.Timedout' || err instanceof CrashError;
      // Lambda resets the environment after a timeout or a crash: the next invocation is a cold start.
      if (environmentDied) this.#endEnvironment(current);
      return {
        ok: false,
        requestId,
        errorType: err.name || 'Error',
        errorMessage: err.message,
        environmentDied,
      };
    } finally {
      clearTimeout(timer);
      this.#busy.delete(current);
      if (current.env.alive) this.#idle.push(current);
    }
  }

  /**
   * Kill an environment now (default: all of them): its in-flight invocation fails with `reason`;
   * the next invocation starts cold.
   */
  kill(reason: Error = new CrashError(), env?: ExecutionEnvironment): void {
    const crash = asCrash(reason);
    const targets = [...this.#busy.keys(), ...this.#idle].filter((e) => env === undefined || e.env === env);
    for (const target of targets) {
      this.#busy.get(target)?.(crash);
      this.#endEnvironment(target);
    }
  }

  #startEnvironment(): Environment<E> {
    const controller = new AbortController();
    const env = { id: ++this.#envCount, alive: true, signal: controller.signal };
    this.coldStarts++;
    const handler = Promise.resolve().then(() => this.#factory(env));
    handler.catch(() => {});
    return { env, controller, handler };
  }

  #endEnvironment(target: Environment<E>): void {
    target.env.alive = false;
    target.controller.abort(new CrashError('execution environment ended'));
    const at = this.#idle.indexOf(target);
    if (at >= 0) this.#idle.splice(at, 1);
  }
}

interface Environment<E> {
  env: ExecutionEnvironment & { alive: boolean };
  controller: AbortController;
  handler: Promise<LambdaHandler<E>>;
}
