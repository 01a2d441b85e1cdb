/**
 * Where kafkaHandler's time goes: the same middy stack as kafkaHandler (flushMetrics, decodeRecords,
 * dedupClaims, runPartitions from lib/middlewares.ts), with each middleware's hooks and the base
 * handler timed. Used by `npm run bench` (10,000 records, 30% duplicates, standalone, loopback)
 * and by bench/micro/stages.ts (any size, standalone or cluster).
 *
 * The stages, named as the issue names them: decode (decodeRecords.before), claim
 * (dedupClaims.before), run of a no-op (runPartitions, the base handler with a no-op business
 * function), commit (dedupClaims.after), metrics (flushMetrics.after: the EMF flush and the
 * skipped-records line). The duplicate share is delivered once beforehand, untimed, as in the
 * harness. Stage times include the garbage collection that falls into them.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import middy from '@middy/core';
import type { RedisConnectionOptions } from '../lib/index.ts';
import {
  decodeRecords,
  dedupClaims,
  flushMetrics,
  resolveConfig,
  runPartitions,
} from '../lib/middlewares.ts';
import { BENCH_BATCH, makeEvent, pickDuplicates, subEvent } from './event.ts';
import { benchContext } from './lambda-context.ts';
import { CountingSink, silence, toSink } from './sink.ts';
import { median } from './stats.ts';

/** The stages and the hook each is timed by. */
export const STAGES = [
  { stage: 'decode', hook: 'decodeRecords.before' },
  { stage: 'claim', hook: 'dedupClaims.before' },
  { stage: 'run of a no-op', hook: 'runPartitions' },
  { stage: 'commit', hook: 'dedupClaims.after' },
  { stage: 'metrics', hook: 'flushMetrics.after' },
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
  /** claim + commit medians, ms per batch. */
  claimPlusCommitMs: number;
  /** The whole middy call (stages plus middy's own work), median ms per batch. */
  totalMs: number;
}

type Mw = { before?: (r: never) => unknown; after?: (r: never) => unknown; onError?: (r: never) => unknown };

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
  const timed = <M extends Mw>(name: string, mw: M): M => {
    const wrap = (phase: 'before' | 'after', fn?: (r: never) => unknown) =>
      fn &&
      (async (r: never) => {
        const t = performance.now();
        await fn(r);
        add(`${name}.${phase}`, performance.now() - t);
      });
    return { ...mw, before: wrap('before', mw.before), after: wrap('after', mw.after) };
  };
  const run = runPartitions(config);
  // As kafkaHandler composes them (lib/consumer/kafka-handler.ts).
  const handler = middy()
    .use(timed('flushMetrics', flushMetrics(config.logger)))
    .use(timed('decodeRecords', decodeRecords(config)))
    .use(timed('dedupClaims', dedupClaims(config)))
    .handler(async (event, context) => {
      const t = performance.now();
      const response = await run(event, context);
      add('runPartitions', performance.now() - t);
      return response;
    });

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
