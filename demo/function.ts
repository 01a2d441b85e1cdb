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
import {
  CrashError,
  type ExecutionEnvironment,
  LambdaFunction,
  type LambdaInvoker,
} from '../emulator/lambda-runtime.ts';
import { WorkerFunction } from '../emulator/worker-function.ts';
import { createNotificationHandler } from '../functions/notification/create-handler.ts';
import { createEffectsDynamoDBClient } from '../lib/effects/index.ts';
import type { DedupStore } from '../lib/index.ts';
import { type DynamoDBTap, startDynamoDBTap } from '../testkit/dynamodb-tap.ts';
import { CrashingStore, type CrashPlan, storeOfEnvironment } from '../testkit/faults.ts';

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
  /** Every line the workers print. */
  onOutput: (line: string) => void;
}

export interface DemoFunction {
  fn: LambdaInvoker<MSKEvent>;
  tap: DynamoDBTap;
  timeoutMs: number;
  /** Wait for the function's last output lines (worker threads print through a stream). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * @example
 * const demo = await demoFunction({ runtime: 'worker', service, policy: 'open', tableName, pushUrl,
 *   dynamoEndpoint, redisUrl, crashAfter: 300, onCrash: console.log, onOutput: () => {} });
 * await new EventSourceMapping(log, demo.fn, { topics: ['review-created'] }).drain();
 * await demo.close();
 */
export async function demoFunction(o: DemoFunctionOptions): Promise<DemoFunction> {
  const timeoutMs = TIMEOUT_MS[o.runtime];
  let fn: LambdaInvoker<MSKEvent> & { kill(error: Error, env?: ExecutionEnvironment): void };
  const tap = await startDynamoDBTap(o.dynamoEndpoint, {
    crashAfter: o.runtime === 'worker' ? o.crashAfter : 0,
    onCrash: (envId, completed) => {
      fn.kill(new CrashError(`killed after ${completed} pushes were marked done, before the dedup commit`), {
        id: envId,
      } as ExecutionEnvironment);
      o.onCrash('after its pushes were marked done, before the dedup commit');
    },
  });
  if (o.runtime === 'worker') {
    if (!o.redisUrl) throw new Error('the worker runtime needs a Redis that every environment shares');
    const worker = new WorkerFunction<MSKEvent>({
      module: new URL('../functions/notification/handler.ts', import.meta.url),
      functionName: 'notification',
      timeoutMs,
      env: (environment) => ({
        POWERTOOLS_SERVICE_NAME: o.service,
        POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'ERROR',
        DEDUP_REDIS_URL: o.redisUrl!,
        DEDUP_STORE_POLICY: o.policy,
        IDEMPOTENCY_TABLE_NAME: o.tableName,
        PUSH_PROVIDER_URL: o.pushUrl,
        PUSH_TIMEOUT_MS: '1000',
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        AWS_ENDPOINT_URL_DYNAMODB: tap.endpointFor(environment.id),
      }),
      onOutput: (line) => o.onOutput(line),
    });
    fn = worker;
    return {
      fn,
      tap,
      timeoutMs,
      settle: () => worker.settleOutput(),
      close: async () => {
        await worker.close();
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
    (env) =>
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
      }),
    { functionName: 'notification', timeoutMs },
  );
  return {
    fn,
    tap,
    timeoutMs,
    settle: async () => {},
    close: async () => {
      client.destroy();
      await tap.stop();
    },
  };
}
