/**
 * What reaches the DLQ (docs/consumer.md, "What reaches the DLQ"): the emulator's scenarios of
 * passing and permanent trouble, run with the real consumer and real Redis behind the emulated
 * mapping (retries 3, bisect on function error, the infra's settings), under either reading of a
 * partial batch response. Each run publishes 8 events of distinct keys to one partition; the
 * trouble is at event 2. It counts the good records (every one but a poison one) that end in the
 * DLQ, and whether any event was lost (no effect, not in the DLQ, not parked) or run twice.
 *
 * `consumer` is passed through to kafkaHandler, so the same scenarios run under other consumer
 * options (e.g. an ordering by key and its concurrency, once the consumer has them).
 */
import type { MSKEvent } from 'aws-lambda';
import {
  CrashError,
  EventProducer,
  EventSourceMapping,
  type ExecutionEnvironment,
  inProcess,
  KafkaLog,
  LambdaFunction,
  type PartialResponseReading,
} from '../../emulator/index.ts';
import { MemoryPoisonSink } from '../../lib/consumer/poison.ts';
import {
  type DedupStore,
  DedupStoreError,
  type KafkaHandlerOptions,
  kafkaHandler,
  PermanentError,
  RedisDedupStore,
} from '../../lib/index.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';

export const SCENARIOS = [
  'poison',
  'crash-mid-batch',
  'function-timeout',
  'store-stall',
  'held-after-crash',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface ScenarioOptions {
  scenario: Scenario;
  reading: PartialResponseReading;
  /** Park poison in a poison sink (a MemoryPoisonSink). @default false */
  poisonSink?: boolean;
  /** More options of kafkaHandler, passed through (e.g. `{ ordering: 'key', concurrency: 16 }`). */
  consumer?: Partial<KafkaHandlerOptions<unknown>>;
}

export interface ScenarioResult {
  /** Offsets in the DLQ. */
  dlq: number[];
  /** Good records (not the poison one) in the DLQ. */
  goodInDlq: number;
  /**
   * Of those, records that failed for another key's failure, not their own: reported behind it
   * (`PartitionStoppedError` on their last attempt). Their own trouble (a held claim, a refused
   * claim, too little time) is not counted here.
   */
  goodOfOtherKeysInDlq: number;
  /** Why each good record in the DLQ failed on its last attempt: the consumer's error name, counted. */
  why: Record<string, number>;
  /** Good records in the DLQ whose effect had happened (a crashed owner's work that was not committed). */
  inDlqWithEffect: number;
  /** Records parked in the poison sink. */
  parked: number;
  /** Events with no effect that are neither in the DLQ nor parked (and not poison). */
  lost: number[];
  /** Events whose handler ran to its effect more than once. */
  doubled: number[];
  /** The last error of each DLQ record, for the reasons. */
  reasons: string[];
  invocations: number;
}

const EVENTS = 8;
const TROUBLE = 2;
const LEASE_MS = 1500;

/**
 * A store that dies with its environment (a killed or timed-out invocation's code runs on in this
 * process, but may not touch Redis) and waits while it is frozen, renewals included.
 */
function storeOf(inner: DedupStore, env: ExecutionEnvironment, stall: { claims: number }): DedupStore {
  const gated = <T>(call: () => Promise<T>): Promise<T> => {
    if (!env.alive) return new Promise<T>(() => {});
    if (!env.frozen) return call();
    return env.thawed().then(() => gated(call));
  };
  return {
    claim: (keys, owner, leaseMs, windowMs) =>
      gated(() => {
        // The store stall: the claim's round trip times out (as a stalled Redis behind the proxy would).
        if (stall.claims > 0) {
          stall.claims--;
          return Promise.reject(new DedupStoreError('timeout', 'command timed out after 250 ms'));
        }
        return inner.claim(keys, owner, leaseMs, windowMs);
      }),
    commit: (keys, owner, windowMs) => gated(() => inner.commit(keys, owner, windowMs)),
    release: (keys, owner) => gated(() => inner.release(keys, owner)),
    extend: (keys, owner, leaseMs) => gated(() => inner.extend!(keys, owner, leaseMs)),
    close: () => inner.close(),
  };
}

/**
 * @example
 * const r = await runScenario({ scenario: 'poison', reading: 'retry-reported-only' });
 * r.goodInDlq; // 5: the records behind the poison one shared its retries
 */
export async function runScenario(o: ScenarioOptions): Promise<ScenarioResult> {
  const log = new KafkaLog();
  log.createTopic('t', 1);
  log.createTopic('t-dlq', 1);
  const producer = new EventProducer(log);
  const ids = Array.from(
    { length: EVENTS },
    (_, i) => producer.send({ topic: 't', key: `k${i}`, payload: { i } }).event.eventId,
  );
  const effects = new Map<number, number>();
  const inner = new RedisDedupStore({ redis: { url: redisUrl() } });
  const sink = new MemoryPoisonSink();
  // The store stall covers the first attempt and every retry (4 claims), under the 'closed' policy.
  const stall = { claims: o.scenario === 'store-stall' ? 4 : 0 };
  let troubled = false;
  const timeoutMs = o.scenario === 'function-timeout' ? 1500 : 10_000;
  // crash-mid-batch: the retry comes once the crashed claims' lease has ended (what a bounded wait
  // for held claims gives from the inside); held-after-crash: at once, as AWS documents no backoff.
  const retryBackoffMs = o.scenario === 'crash-mid-batch' ? () => LEASE_MS + 300 : undefined;
  // One service for every environment: a new environment after a crash claims the same keys.
  const service = uniqueService(`dlq-${o.scenario}`);
  // The consumer's error of each record's last attempt: why it was reported.
  const lastError = new Map<number, string>();
  let fn: LambdaFunction<MSKEvent> | undefined;
  fn = new LambdaFunction<MSKEvent>(
    inProcess((env) => {
      const handler = kafkaHandler<{ i: number }>({
        service,
        handlerName: 'h',
        store: storeOf(inner, env, stall),
        reserveMs: 0,
        leaseMs: LEASE_MS,
        onStoreError: o.scenario === 'store-stall' ? 'closed' : 'open',
        ...(o.poisonSink ? { poison: { sink } } : {}),
        ...(o.consumer as object),
        handle: async (m) => {
          const i = m.payload!.i;
          if (!env.alive) throw new CrashError('this environment is dead');
          if (o.scenario === 'poison' && i === TROUBLE) throw new PermanentError(`event ${i} is rejected`);
          if (i === TROUBLE && !troubled && o.scenario === 'function-timeout') {
            troubled = true;
            // Past the function timeout: the environment is ended under it; the effect never happens.
            await new Promise((r) => setTimeout(r, timeoutMs + 500));
            throw new CrashError('timed out');
          }
          effects.set(i, (effects.get(i) ?? 0) + 1);
          if (
            i === TROUBLE &&
            !troubled &&
            (o.scenario === 'crash-mid-batch' || o.scenario === 'held-after-crash')
          ) {
            troubled = true;
            // After the effect, before its commit: the crash of a sandbox mid-batch.
            fn!.kill(new CrashError('killed after the effect of event 2'), env);
            throw new CrashError('killed');
          }
        },
      });
      // Inside the invocation: after its lanes ran, before the claims are settled.
      return handler.hook({
        afterStage: (stage, invocation) => {
          if (stage !== 'run' || !env.alive) return;
          for (const partition of invocation.partitions)
            for (const record of partition)
              if (record.outcome === 'failed')
                lastError.set(Number(record.raw.offset), record.error?.name ?? 'Error');
        },
      });
    }),
    { functionName: 'dlq', timeoutMs },
  );
  let invocations = 0;
  const esm = new EventSourceMapping(log, fn, {
    topics: ['t'],
    provisionedPollers: {},
    functionResponseTypes: ['ReportBatchItemFailures'],
    partialResponseReading: o.reading,
    maximumRetryAttempts: 3,
    bisectBatchOnFunctionError: true,
    maximumBatchingWindowInSeconds: 0,
    onFailureDestination: 'kafka://t-dlq',
    ...(retryBackoffMs ? { retryBackoffMs } : {}),
    onInvocation: () => invocations++,
  });
  await esm.drain();
  await fn.close();
  await inner.close();
  const sent = esm.stats.sentToDestination;
  const dlq = sent.map((f) => f.offset).sort((a, b) => a - b);
  const poisonIndex = o.scenario === 'poison' ? TROUBLE : -1;
  const good = dlq.filter((i) => i !== poisonIndex);
  const why: Record<string, number> = {};
  for (const i of good) {
    const name = lastError.get(i) ?? 'the invocation failed (no answer)';
    why[name] = (why[name] ?? 0) + 1;
  }
  const parkedAt = new Set(sink.entries.map((e) => e.offset));
  const lost = ids.flatMap((_, i) =>
    i === poisonIndex || effects.has(i) || dlq.includes(i) || parkedAt.has(i) ? [] : [i],
  );
  return {
    dlq,
    goodInDlq: good.length,
    goodOfOtherKeysInDlq: good.filter((i) => lastError.get(i) === 'PartitionStoppedError').length,
    why,
    inDlqWithEffect: good.filter((i) => effects.has(i)).length,
    parked: sink.entries.length,
    lost,
    doubled: [...effects].flatMap(([i, n]) => (n > 1 ? [i] : [])),
    reasons: sent.map((f) => `${f.offset}: ${f.lastError}`),
    invocations,
  };
}
