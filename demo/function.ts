/**
 * The notification Lambda of a local run, with its crash, in one of two runtimes:
 *
 * - `worker`: each execution environment is a worker thread that imports
 *   functions/notification/handler.ts and configures it from its environment, as deployed; a
 *   DynamoDB tap kills the thread once `crashAfter` pushes are marked done and none is half-way.
 * - `in-process`: the same handler built by createNotificationHandler(); a CrashingStore kills the
 *   environment at the commit that would make the `crashAfter`-th record DONE.
 *
 * Either way the tap counts the repeats the effect layer answered from its marks.
 */
import type { MSKEvent } from 'aws-lambda';
import { CrashError, inProcess, LambdaFunction, workerThread } from '../emulator/index.ts';
import { createNotificationHandler } from '../functions/notification/create-handler.ts';
import { EnvVar } from '../lib/contract.ts';
import { createEffectsDynamoDBClient } from '../lib/effects/index.ts';
import type { DedupStore } from '../lib/index.ts';
import {
  CrashingStore,
  type CrashPlan,
  collectOutputLines,
  type JsonLine,
  storeOfEnvironment,
} from '../testkit/index.ts';
import { type DynamoDBTap, startDynamoDBTap } from '../testkit/internal/index.ts';

export type Runtime = 'worker' | 'in-process';

/**
 * A push is only started when the time left covers it and saving its mark (the effect layer's
 * rule): the worker (handler.ts, the default client: 6.5 s per store call, plus a 1.5 s push)
 * needs 8 s at the push, after the default reserveMs of 5 s; the in-process function, with a
 * client of short timeouts (1.5 s per store call, plus a 1 s push), 2.5 s.
 */
export const TIMEOUT_MS: Record<Runtime, number> = { worker: 14_000, 'in-process': 4_000 };

/** The in-process function's DynamoDB client: local, so short timeouts; its worst call is 2 x 0.7 s. */
const LOCAL_CLIENT = {
  maxAttempts: 2,
  requestHandler: { connectionTimeout: 200, requestTimeout: 500, throwOnRequestTimeout: true },
} as const;
const LOCAL_CLIENT_WORST_CALL_MS = 1_500;

export interface DemoFunctionOptions {
  runtime: Runtime;
  service: string;
  policy: 'open' | 'closed';
  tableName: string;
  pushUrl: string;
  dynamoEndpoint: string;
  /** The Redis URL the workers use (through the fault proxy). Required for `worker`. */
  redisUrl?: string;
  /** The store the in-process environments share. Required for `in-process`. */
  store?: DedupStore;
  /** Kill after this many records (0: never). */
  crashAfter: number;
  /** Told where the kill landed. */
  onCrash: (where: string) => void;
  /** The poison sink's queue, when the run has one. */
  poisonQueueUrl?: string;
}

export interface DemoFunction {
  fn: LambdaFunction<MSKEvent>;
  tap: DynamoDBTap;
  timeoutMs: number;
  /**
   * The JSON lines the worker threads printed, once their stream has gone quiet (it can come after
   * the answers); none in process, where the caller captures this process's output.
   */
  settledOutput(): Promise<JsonLine[]>;
  close(): Promise<void>;
}

/**
 * @example
 * const demo = await demoFunction({ runtime: 'worker', service, policy: 'open', tableName, pushUrl,
 *   dynamoEndpoint, redisUrl, crashAfter: 300, onCrash: console.log });
 * await new EventSourceMapping(log, demo.fn, { topics: ['review-created'], provisionedPollers: {},
 *   functionResponseTypes: ['ReportBatchItemFailures'] }).drain();
 * await demo.close();
 */
export async function demoFunction(o: DemoFunctionOptions): Promise<DemoFunction> {
  const timeoutMs = TIMEOUT_MS[o.runtime];
  let fn: LambdaFunction<MSKEvent>;
  const tap = await startDynamoDBTap(o.dynamoEndpoint, {
    crashAfter: o.runtime === 'worker' ? o.crashAfter : 0,
    onCrash: (envId, completed) => {
      fn.kill(new CrashError(`killed after ${completed} pushes were marked done, before the dedup commit`), {
        id: envId,
      });
      o.onCrash('after its pushes were marked done, before the dedup commit');
    },
  });
  if (o.runtime === 'worker') {
    if (!o.redisUrl) throw new Error('the worker runtime needs a Redis that every environment shares');
    const output = collectOutputLines();
    const worker = workerThread<MSKEvent>({
      module: new URL('../functions/notification/handler.ts', import.meta.url),
      env: (environment) => ({
        [EnvVar.serviceName]: o.service,
        [EnvVar.logLevel]: process.env[EnvVar.logLevel] ?? 'ERROR',
        [EnvVar.redisUrl]: o.redisUrl!,
        [EnvVar.storePolicy]: o.policy,
        [EnvVar.idempotencyTable]: o.tableName,
        PUSH_PROVIDER_URL: o.pushUrl,
        PUSH_TIMEOUT_MS: '1000',
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        AWS_ENDPOINT_URL_DYNAMODB: tap.endpointFor(environment.id),
        ...(o.poisonQueueUrl ? { [EnvVar.poisonQueueUrl]: o.poisonQueueUrl } : {}),
      }),
      onOutput: output.line,
    });
    fn = new LambdaFunction(worker, { functionName: 'notification', timeoutMs });
    return {
      fn,
      tap,
      timeoutMs,
      settledOutput: async () => {
        await output.settled();
        return output.lines();
      },
      close: async () => {
        await fn.close();
        await tap.stop();
      },
    };
  }
  if (!o.store) throw new Error('the in-process runtime needs the store its environments share');
  const plan: CrashPlan = {
    remaining: o.crashAfter === 0 ? Number.POSITIVE_INFINITY : o.crashAfter,
    fired: o.crashAfter === 0,
    kill: (error, env) => {
      fn.kill(error, env);
      o.onCrash('between their pushes and the dedup commit');
    },
  };
  const client = createEffectsDynamoDBClient({
    ...LOCAL_CLIENT,
    endpoint: tap.endpointFor(0),
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const shared = o.store;
  fn = new LambdaFunction<MSKEvent>(
    inProcess((env) =>
      createNotificationHandler({
        service: o.service,
        store: storeOfEnvironment(new CrashingStore(shared, plan, env), env),
        onStoreError: o.policy,
        reserveMs: 500,
        tableName: o.tableName,
        pushUrl: o.pushUrl,
        pushTimeoutMs: 500,
        dynamodb: client,
        maxStoreCallMs: LOCAL_CLIENT_WORST_CALL_MS,
        ...(o.poisonQueueUrl ? { poison: { queueUrl: o.poisonQueueUrl } } : {}),
      }),
    ),
    { functionName: 'notification', timeoutMs },
  );
  return {
    fn,
    tap,
    timeoutMs,
    settledOutput: async () => [],
    close: async () => {
      await fn.close();
      client.destroy();
      await tap.stop();
    },
  };
}
