/**
 * What group commit bounds and what it costs (docs/performance.md, "Group commit"). Two kafkaHandlers
 * on the same Redis, the same batches, taking turns repetition by repetition: `grouped` commits
 * succeeded records every `commitEvery` (the default, 100 records or 500 ms), `at the end` only in
 * the invocation's final commit (what the consumer did before group commit).
 *
 * - cost: wall clock of one batch (4 partitions, 1 KB values, no-op handler), median µs per record;
 * - bound: one partition, so that the records before a point all finished; at sample points spread
 *   over the batch the no-op handler pauses and counts, in one transaction, how many of the
 *   records that finished before it have no fresh DONE mark in Redis yet: a crash at that moment
 *   would run them again at the retry, plus the record that was running. A group whose commit is in
 *   flight counts as not DONE only if it has not landed by the time the transaction is served.
 * Used by `npm run bench` (standalone) and by bench/micro/group-commit.ts (alone, any size).
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Redis } from 'ioredis';
import { dedupKey, dedupKeyPrefix, markIsFresh, settingOf } from '../lib/contract.ts';
import { kafkaHandler } from '../lib/index.ts';
import { markPlace } from '../test/support/marks.ts';
import { BENCH_BATCH, makeEvent } from './event.ts';
import { benchContext } from './lambda-context.ts';
import { CountingSink, silence, toSink } from './sink.ts';
import { median } from './stats.ts';

export interface GroupCommitResult {
  records: number;
  repetitions: number;
  commitEvery: { records: number; ms: number };
  /** Median µs per record, default group commit and final commit only. */
  usPerRecord: { grouped: number; atEnd: number };
  /** grouped minus at the end, µs per record (negative: no measurable cost). */
  costUsPerRecord: number;
  ratio: number;
  /** Records a crash at the sample points would re-run (finished but not DONE, plus the running one). */
  reRunsIfCrashed: { points: number[]; grouped: number[]; atEnd: number[]; groupedMax: number };
}

/** The handlers' dedup window, seconds. */
const WINDOW_SECONDS = 600;

/**
 * Groups that never fill within a batch: the largest the settings allow (10,000 records, the
 * largest batch; the longest wait, which the consumer cuts to a third of the lease, longer than a
 * batch here). Read from the declarations, so that a tighter bound there is not a refused bench.
 */
const AT_END = { records: largest('commitEvery.records'), ms: largest('commitEvery.ms') };

function largest(id: string): number {
  const setting = settingOf(id);
  if (setting?.type !== 'count' && setting?.type !== 'ms') throw new Error(`${id} is not a number setting`);
  return setting.max;
}

/**
 * @example
 * const result = await measureGroupCommit({ url: 'redis://127.0.0.1:6379', records: 3000 });
 */
export async function measureGroupCommit(options: {
  url: string;
  records: number;
  warmups?: number;
  repetitions?: number;
  service?: string;
}): Promise<GroupCommitResult> {
  const { records } = options;
  const warmups = options.warmups ?? 3;
  const repetitions = options.repetitions ?? 11;
  const service = options.service ?? `groupcommit${process.pid}`;
  const sink = new CountingSink();
  const logger = new Logger({ serviceName: service });
  silence(logger, sink);
  const grouped = { records: 100, ms: 500 };

  // Sample points of the bound: ten, spread over the batch, each at another distance (1 to 99)
  // past a multiple of the group size, so that the figures span the bound.
  const points = Array.from({ length: 10 }, (_, i) => {
    const base = Math.floor((i * records) / 10 / grouped.records) * grouped.records;
    return Math.min(records - 1, base + 1 + Math.round((98 * i) / 9));
  });
  const make = (
    name: string,
    commitEvery: { records: number; ms: number },
    sample?: (offset: number) => Promise<void>,
  ) =>
    kafkaHandler({
      service,
      handlerName: name,
      redis: { url: options.url, commandTimeoutMs: 10_000 },
      window: WINDOW_SECONDS,
      reserveMs: 0,
      logger,
      commitEvery,
      handle: sample ? (m) => sample(m.offset) : () => {},
    });

  const cost = { grouped: [] as number[], atEnd: [] as number[] };
  // Made before any connection opens: a setting refused here leaves nothing open behind it.
  const handlers = { grouped: make('cost-grouped', grouped), atEnd: make('cost-at-end', AT_END) };
  const reRuns = { grouped: [] as number[], atEnd: [] as number[] };
  const admin = new Redis(options.url);
  try {
    for (let i = 0; i < warmups + repetitions; i++) {
      const order = i % 2 === 0 ? (['grouped', 'atEnd'] as const) : (['atEnd', 'grouped'] as const);
      for (const which of order) {
        const batch = makeEvent({ records, ...BENCH_BATCH });
        globalThis.gc?.();
        const start = performance.now();
        const response = await toSink(sink, () => handlers[which](batch.event, benchContext()));
        const ms = performance.now() - start;
        if (response.batchItemFailures.length > 0) throw new Error(`group commit: ${which}: records failed`);
        if (i >= warmups) cost[which].push((ms * 1000) / records);
      }
    }
    for (const which of ['grouped', 'atEnd'] as const) {
      const name = `bound-${which}`;
      const batch = makeEvent({ records, ...BENCH_BATCH, partitions: 1 });
      const keys = batch.eventIds.map((id) => dedupKey(dedupKeyPrefix(service, name), id));
      const first = Number(batch.records[0]!.offset);
      const handler = make(name, which === 'grouped' ? grouped : AT_END, async (offset) => {
        const index = offset - first;
        if (!points.includes(index) || index === 0) return;
        // One transaction, so that a commit lands wholly before or after the count (as one MGET
        // did while DONE was a string key). DONE is a fresh field of the key's mark hash.
        const read = admin.multi();
        const places = keys.slice(0, index).map((key) => markPlace(key, WINDOW_SECONDS * 1000));
        for (const { hash, field } of places) read.hget(hash, field);
        const replies = (await read.exec()) ?? [];
        let notDone = 0;
        for (let r = 0; r < places.length; r++) {
          const [error, value] = replies[r] ?? [new Error('no reply')];
          if (error) throw error;
          if (value === null || !markIsFresh(Number(value), places[r]!.slice)) notDone++;
        }
        reRuns[which].push(notDone + 1);
      });
      try {
        await toSink(sink, () => handler(batch.event, benchContext()));
      } finally {
        await handler.close();
      }
    }
  } finally {
    await Promise.all([handlers.grouped.close(), handlers.atEnd.close()]);
    await admin.quit();
  }
  const usPerRecord = { grouped: median(cost.grouped), atEnd: median(cost.atEnd) };
  return {
    records,
    repetitions,
    commitEvery: grouped,
    usPerRecord,
    costUsPerRecord: usPerRecord.grouped - usPerRecord.atEnd,
    ratio: usPerRecord.grouped / usPerRecord.atEnd,
    reRunsIfCrashed: { points, ...reRuns, groupedMax: Math.max(...reRuns.grouped) },
  };
}

/** The figures as lines for the console. */
export function formatGroupCommit(r: GroupCommitResult): string {
  return [
    `Group commit (every ${r.commitEvery.records} records or ${r.commitEvery.ms} ms), ${r.records.toLocaleString('en-US')} records, median of ${r.repetitions}:`,
    `  per record: grouped ${r.usPerRecord.grouped.toFixed(1)} µs, final commit only ${r.usPerRecord.atEnd.toFixed(1)} µs (cost ${r.costUsPerRecord.toFixed(2)} µs/record, x${r.ratio.toFixed(3)})`,
    `  a crash at records ${r.reRunsIfCrashed.points.join(', ')} would re-run:`,
    `    grouped            ${r.reRunsIfCrashed.grouped.join(', ')} (max ${r.reRunsIfCrashed.groupedMax})`,
    `    final commit only  ${r.reRunsIfCrashed.atEnd.join(', ')}`,
  ].join('\n');
}
