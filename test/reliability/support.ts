/** A real msk-once consumer for the reliability tests, run in process by the emulator's LambdaFunction. */
import { after, before } from 'node:test';
import type { MSKEvent } from 'aws-lambda';
import { type ExecutionEnvironment, inProcess, LambdaFunction } from '../../emulator/index.ts';
import { eventIdOfKey } from '../../lib/contract/dedup-key.ts';
import {
  type BusinessHandler,
  type DedupStore,
  type KafkaHandlerOptions,
  type KafkaMessage,
  kafkaHandler,
} from '../../lib/index.ts';
import {
  type OutputCapture,
  startProcessOutputCapture,
  startTcpFaultProxy,
  storeOfEnvironment,
  type TcpFaultProxy,
} from '../../testkit/index.ts';
import { type LocalDynamo, startDynalite } from '../effects/support/dynamodb.ts';
import { redisUrl } from '../support/redis.ts';

/** One run of the business function: which event, and whether it was the first for that event. */
export interface Run {
  eventId: string;
  offset: number;
  partition: number;
  env: number;
}

export interface TestConsumerOptions {
  service: string;
  /** The shared store (Redis or memory); each environment gets a view of it that dies with it. */
  store: DedupStore;
  onStoreError?: 'open' | 'closed';
  timeoutMs?: number;
  /** The consumer's ordering ('partition' by default) and, with 'key', its concurrency. */
  ordering?: 'partition' | 'key';
  concurrency?: number;
  /** The longest wait for a held claim (default: the consumer's, one lease). */
  heldClaimWaitMs?: number;
  /** The business work after the run is recorded; throw to fail the record. */
  work?: (
    message: KafkaMessage<unknown>,
    env: ExecutionEnvironment,
    requestId: string,
  ) => Promise<void> | void;
  /** Wrap the store of an environment (e.g. a CrashingStore). */
  wrapStore?: (env: ExecutionEnvironment, store: DedupStore) => DedupStore;
  /** More kafkaHandler options (a drawn configuration: configurations.ts), over the ones above. */
  extra?: Partial<KafkaHandlerOptions<unknown>>;
  /** Wrap the business function (e.g. crashAfterHandled). */
  wrap?: (env: ExecutionEnvironment, handle: BusinessHandler<unknown>) => BusinessHandler<unknown>;
}

/**
 * @example
 * const { fn, runs } = testConsumer({ service, store });
 * await new EventSourceMapping(log, fn, { topics: ['t'], provisionedPollers: {},
 *   functionResponseTypes: ['ReportBatchItemFailures'] }).drain();
 */
export function testConsumer(options: TestConsumerOptions) {
  const runs: Run[] = [];
  const fn: LambdaFunction<MSKEvent> = new LambdaFunction<MSKEvent>(
    inProcess((env) => {
      const handle: BusinessHandler<unknown> = async (message, context) => {
        // A dead environment does nothing more (in Lambda its process is gone).
        if (!env.alive) return new Promise<void>(() => {});
        runs.push({
          eventId: message.eventId,
          offset: message.offset,
          partition: message.partition,
          env: env.id,
        });
        await options.work?.(message, env, context.lambdaContext.awsRequestId);
      };
      return kafkaHandler<unknown>({
        service: options.service,
        handlerName: 'reliability',
        store: storeOfEnvironment(
          options.wrapStore ? options.wrapStore(env, options.store) : options.store,
          env,
        ),
        onStoreError: options.onStoreError ?? 'open',
        reserveMs: 50,
        // Partition order unless the run asks for key order (the consumer's default).
        ordering: options.ordering ?? 'partition',
        ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
        ...(options.heldClaimWaitMs === undefined ? {} : { heldClaimWaitMs: options.heldClaimWaitMs }),
        ...(options.extra as object),
        handle: options.wrap ? options.wrap(env, handle) : handle,
      });
    }),
    { functionName: 'reliability', timeoutMs: options.timeoutMs ?? 3_000 },
  );
  return { fn, runs };
}

/** A cluster redirection the store did not follow (MOVED, ASK, TRYAGAIN): never a store outage. */
function isRedirection(error: unknown): boolean {
  const text = `${(error as Error)?.message} ${((error as Error)?.cause as Error | undefined)?.message ?? ''}`;
  return /\b(MOVED|ASK|TRYAGAIN)\b|Too many Cluster redirections/.test(text);
}

/**
 * A store that remembers, per event id (the last part of the key), whether a claim or a commit of
 * it ever failed: the cases in which the dedup layer is documented not to hold. A claim that failed
 * for a redirection is kept apart: a master served the slot, so it is no documented cause.
 */
export class TracingStore implements DedupStore {
  readonly claimFailed = new Set<string>();
  readonly claimRedirected = new Set<string>();
  readonly commitFailed = new Set<string>();
  readonly #inner: DedupStore;
  /** The inner store's: short leases renewed, a cluster's group commits merged, as in Lambda. */
  readonly extend?: NonNullable<DedupStore['extend']>;
  readonly commitGroupsInFlight?: number;
  readonly commitGroupRecords?: number;
  readonly claimPartRecords?: number;

  // No `connect`: a failed connect has no keys to trace, and the consumer then sends no claim, so
  // its records would run (fail-open) with no claim failure on record. Without it the store
  // connects inside the claim, whose failure is traced per key (only the connect's own timing,
  // DedupConnectDuration, is not measured apart here).
  /** `claimPartRecords`: the store's claim in parts made smaller than the inner store's (schedule.ts). */
  constructor(inner: DedupStore, options?: { claimPartRecords?: number }) {
    this.#inner = inner;
    const { extend } = inner;
    if (extend) this.extend = (keys, owner, leaseMs) => extend.call(inner, keys, owner, leaseMs);
    if (inner.commitGroupsInFlight !== undefined) this.commitGroupsInFlight = inner.commitGroupsInFlight;
    if (inner.commitGroupRecords !== undefined) this.commitGroupRecords = inner.commitGroupRecords;
    if (inner.claimPartRecords !== undefined) this.claimPartRecords = inner.claimPartRecords;
    if (options?.claimPartRecords !== undefined) this.claimPartRecords = options.claimPartRecords;
  }

  async claim(keys: readonly string[], owner: string, leaseMs: number, windowMs?: number) {
    try {
      const results = await this.#inner.claim(keys, owner, leaseMs, windowMs);
      results.forEach((r, i) => {
        if (r instanceof Error)
          (isRedirection(r) ? this.claimRedirected : this.claimFailed).add(eventIdOf(keys[i]!));
      });
      return results;
    } catch (error) {
      const failed = isRedirection(error) ? this.claimRedirected : this.claimFailed;
      for (const key of keys) failed.add(eventIdOf(key));
      throw error;
    }
  }

  async commit(keys: readonly string[], owner: string, windowMs: number) {
    try {
      await this.#inner.commit(keys, owner, windowMs);
    } catch (error) {
      for (const key of keys) this.commitFailed.add(eventIdOf(key));
      throw error;
    }
  }

  release(keys: readonly string[], owner: string) {
    return this.#inner.release(keys, owner);
  }

  close() {
    return this.#inner.close();
  }
}

function eventIdOf(key: string): string {
  const id = eventIdOfKey(key);
  if (id === undefined) throw new Error(`not a dedup key: ${key}`);
  return id;
}

/** What a fault test file runs against: dynalite, the real Redis behind a fault proxy, captured stdout. */
export interface FaultRig {
  dynamo: LocalDynamo;
  proxy: TcpFaultProxy;
  capture: OutputCapture;
}

/**
 * Start the rig before the file's tests and stop it after them (call at the top level of a test file).
 *
 * @example
 * const rig = faultRig();
 * test('...', async () => { rig.proxy.set('down'); });
 */
export function faultRig(): FaultRig {
  const rig = {} as FaultRig;
  before(async () => {
    Object.assign(rig, await startFaultRig());
  });
  after(() => stopFaultRig(rig));
  return rig;
}

/**
 * The same rig outside a test file (the soak script): start it, and stop it when done.
 *
 * @example
 * const rig = await startFaultRig(); try { ... } finally { await stopFaultRig(rig); }
 */
export async function startFaultRig(passThrough: (text: string) => void = () => {}): Promise<FaultRig> {
  const dynamo = await startDynalite();
  const proxy = await startTcpFaultProxy(redisUrl());
  const capture = startProcessOutputCapture(passThrough);
  return { dynamo, proxy, capture };
}

export async function stopFaultRig(rig: FaultRig): Promise<void> {
  rig.capture.stop();
  await rig.proxy.stop();
  await rig.dynamo.stop();
}
