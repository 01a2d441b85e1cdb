/**
 * Where kafkaHandler's time goes: the consumer core kafkaHandler runs (ConsumerCore from
 * lib/middlewares.ts, under the same middy handler), each stage timed by its public seam, the
 * `afterStage` hook. Used by `npm run bench` (10,000 records, 30% duplicates, standalone, loopback)
 * and by bench/micro/stages.ts (any size, standalone or cluster).
 *
 * The stages, named as the issue names them: decode (the event read into records), claim (the
 * batched claim), run of a no-op (the lanes, with a no-op business function), commit (the claims
 * settled: the final commit and the groups in flight), metrics (the EMF flush and the
 * skipped-records line). The duplicate share is delivered once beforehand, untimed, as in the
 * harness. Stage times include the garbage collection that falls into them.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import middy from '@middy/core';
import type { MSKEvent } from 'aws-lambda';
import type { KafkaBatchResponse, RedisConnectionOptions } from '../lib/index.ts';
import { ConsumerCore, type InvocationStage, resolveConfig } from '../lib/middlewares.ts';
import { BENCH_BATCH, makeEvent, pickDuplicates, subEvent } from './event.ts';
import { benchContext } from './lambda-context.ts';
import { CountingSink, silence, toSink } from './sink.ts';
import { median } from './stats.ts';

/** The stages and the hook each is timed by. */
export const STAGES = [
  { stage: 'decode', hook: 'afterStage(decode)' },
  { stage: 'claim', hook: 'afterStage(claim)' },
  { stage: 'run of a no-op', hook: 'afterStage(run)' },
  { stage: 'commit', hook: 'afterStage(settle)' },
  { stage: 'metrics', hook: 'afterStage(flush)' },
] as const;

export interface StageTiming {
  stage: string;
  hook: string;
  /** Median over the timed repetitions, ms per batch. */
  medianMs: number;
  /** The same per record, µs. */
  usPerRecord: number;
  samplesMs: number[];
}

export interface StagesResult {
  records: number;
  duplicates: number;
  warmups: number;
  repetitions: number;
  stages: StageTiming[];
  /** Sum of the stages' medians, µs per record. */
  sumUsPerRecord: number;
  /**
   * claim + commit medians, ms per batch. Standalone the claim stage ends at the claim's first part
   * (claim-session.ts): the later parts' time falls in the run.
   */
  claimPlusCommitMs: number;
  /** The whole middy call (stages plus middy's own work), median ms per batch. */
  totalMs: number;
}

/**
 * Time each stage of kafkaHandler's stack on `records`-record batches.
 *
 * @example
 * const stages = await measureStages({ redis: { url: 'redis://127.0.0.1:6379' }, records: 10_000, duplicates: 0.3 });
 */
export async function measureStages(options: {
  redis: RedisConnectionOptions;
  records: number;
  duplicates: number;
  warmups?: number;
  repetitions?: number;
  service?: string;
}): Promise<StagesResult> {
  const { records, duplicates } = options;
  const warmups = options.warmups ?? 2;
  const repetitions = options.repetitions ?? 7;
  const sink = new CountingSink();
  const logger = new Logger({ serviceName: 'stages' });
  silence(logger, sink);
  const config = resolveConfig({
    service: options.service ?? `stages${process.pid}`,
    handlerName: 'noop',
    redis: options.redis,
    window: 600,
    // Partition order, as every earlier stage figure (the consumer's default is key order since 0.3.0).
    ordering: 'partition',
    logger,
    handle() {},
  });

  const times = new Map<string, number[]>();
  let recording = false;
  const add = (hook: string, ms: number) => {
    if (!recording) return;
    const list = times.get(hook) ?? [];
    list.push(ms);
    times.set(hook, list);
  };
  const core = new ConsumerCore(config).hook({
    afterStage: (stage: InvocationStage, _invocation, ms) => add(`afterStage(${stage})`, ms),
  });
  // As kafkaHandler runs it (lib/consumer/kafka-handler.ts).
  const handler = middy<MSKEvent, KafkaBatchResponse>({ timeoutEarlyInMillis: 0 }).handler((event, context) =>
    core.invoke(event, context),
  );

  try {
    for (let i = 0; i < warmups + repetitions; i++) {
      const batch = makeEvent({ records, ...BENCH_BATCH });
      const dups = pickDuplicates(records, duplicates, i);
      recording = false;
      if (dups.length) await toSink(sink, () => handler(subEvent(batch, dups), benchContext()));
      globalThis.gc?.();
      recording = i >= warmups;
      const start = performance.now();
      const response = await toSink(sink, () => handler(batch.event, benchContext()));
      add('TOTAL', performance.now() - start);
      if (response.batchItemFailures.length > 0)
        throw new Error(`stages: ${response.batchItemFailures.length} records failed`);
    }
  } finally {
    await config.store.close();
  }
  const stages = STAGES.map(({ stage, hook }) => {
    const samplesMs = times.get(hook) ?? [];
    const medianMs = median(samplesMs);
    return { stage, hook, medianMs, usPerRecord: (medianMs * 1000) / records, samplesMs };
  });
  const ms = (stage: string) => stages.find((s) => s.stage === stage)!.medianMs;
  return {
    records,
    duplicates,
    warmups,
    repetitions,
    stages,
    sumUsPerRecord: stages.reduce((sum, s) => sum + s.usPerRecord, 0),
    claimPlusCommitMs: ms('claim') + ms('commit'),
    totalMs: median(times.get('TOTAL') ?? []),
  };
}
