/**
 * Drive one contender over one case: fresh Event-Ids per repetition; the duplicate share is
 * delivered once beforehand (untimed, by the same contender) so that those keys are DONE, as
 * after an earlier delivery that succeeded; then the whole batch is timed.
 */
import { performance } from 'node:perf_hooks';
import type { Contender } from './contenders/contender.ts';
import { makeEvent, pickDuplicates, subEvent } from './event.ts';
import { median } from './stats.ts';

export interface CaseSpec {
  records: number;
  /** Share of records whose Event-Id was already processed (DONE) before the timed delivery. */
  duplicates: number;
  warmups: number;
  repetitions: number;
  partitions: number;
  valueBytes: number;
  topic: string;
}

export interface CaseResult {
  contender: string;
  records: number;
  duplicates: number;
  warmups: number;
  repetitions: number;
  /** Each timed repetition, milliseconds per batch. */
  samplesMs: number[];
  medianMs: number;
  recordsPerSecond: number;
  /** Size of the event JSON, bytes. */
  eventBytes: number;
}

let offset = 1_000_000;

/**
 * Called just before and just after each timed call of a contender, outside its timing (warm-ups
 * and the untimed earlier delivery of a duplicate share are not watched): what the latency mode
 * reads the proxy's usage with.
 */
export interface TimedCallWatch {
  before(contender: string): Promise<void>;
  after(contender: string): Promise<void>;
}

/** One timed repetition (after an untimed earlier delivery of the duplicate share); checks the counts. */
async function repetition(
  contender: Contender,
  spec: CaseSpec,
  i: number,
  watch?: TimedCallWatch,
): Promise<{ ms: number; eventBytes: number }> {
  offset += spec.records;
  const batch = makeEvent({ ...spec, firstOffset: offset });
  const dups = pickDuplicates(spec.records, spec.duplicates, 42 + i);
  if (dups.length > 0) {
    const earlier = await contender.invoke(subEvent(batch, dups));
    if (earlier.handled !== dups.length) {
      throw new Error(`${contender.id}: earlier delivery handled ${earlier.handled} of ${dups.length}`);
    }
  }
  await watch?.before(contender.id);
  globalThis.gc?.();
  const start = performance.now();
  const count = await contender.invoke(batch.event);
  const ms = performance.now() - start;
  await watch?.after(contender.id);
  const want = spec.records - dups.length;
  if (count.handled !== want || count.duplicates !== dups.length || count.failed !== 0) {
    throw new Error(
      `${contender.id} at ${spec.records} records: handled ${count.handled} (want ${want}), ` +
        `duplicates ${count.duplicates} (want ${dups.length}), failed ${count.failed} (want 0)`,
    );
  }
  return { ms, eventBytes: batch.jsonBytes };
}

function result(contender: Contender, spec: CaseSpec, samples: number[], eventBytes: number): CaseResult {
  const medianMs = median(samples);
  return {
    contender: contender.id,
    records: spec.records,
    duplicates: spec.duplicates,
    warmups: spec.warmups,
    repetitions: spec.repetitions,
    samplesMs: samples,
    medianMs,
    recordsPerSecond: (spec.records / medianMs) * 1000,
    eventBytes,
  };
}

/**
 * Run `spec` against `contender`; throws when a batch does not give the expected handled/duplicate counts.
 *
 * @example
 * const result = await runCase(naive, { records: 1000, duplicates: 0.3, warmups: 1, repetitions: 5, ... });
 */
export async function runCase(contender: Contender, spec: CaseSpec): Promise<CaseResult> {
  const samples: number[] = [];
  let eventBytes = 0;
  for (let i = 0; i < spec.warmups + spec.repetitions; i++) {
    const rep = await repetition(contender, spec, i);
    eventBytes = rep.eventBytes;
    if (i >= spec.warmups) samples.push(rep.ms);
  }
  return result(contender, spec, samples, eventBytes);
}

/**
 * Run several contenders on the same case with their repetitions interleaved (round robin), so
 * that a slow spell of a shared machine hits all of them rather than one.
 *
 * @example
 * const results = await runInterleaved(contenders, (id) => ({ records: 10_000, ... }));
 */
export async function runInterleaved(
  contenders: readonly Contender[],
  specOf: (id: string) => CaseSpec,
  watch?: TimedCallWatch,
): Promise<CaseResult[]> {
  const specs = contenders.map((c) => specOf(c.id));
  const samples: number[][] = contenders.map(() => []);
  const bytes: number[] = contenders.map(() => 0);
  const rounds = Math.max(...specs.map((s) => s.warmups + s.repetitions));
  for (let i = 0; i < rounds; i++) {
    for (let c = 0; c < contenders.length; c++) {
      const spec = specs[c]!;
      if (i >= spec.warmups + spec.repetitions) continue;
      const rep = await repetition(contenders[c]!, spec, i, i >= spec.warmups ? watch : undefined);
      bytes[c] = rep.eventBytes;
      if (i >= spec.warmups) samples[c]!.push(rep.ms);
    }
  }
  return contenders.map((c, n) => result(c, specs[n]!, samples[n]!, bytes[n]!));
}
