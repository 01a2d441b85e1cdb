/**
 * Peak memory of one kafkaHandler invocation on a big batch, measured in a separate Node process
 * (--expose-gc) so that the benchmark's own allocations do not count.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_BATCH, makeEvent } from './event.ts';
import type { RedisTarget } from './target.ts';

/**
 * The V8 heap flags the Lambda Node.js runtime's bootstrap gives a function of `memoryMb` (a tenth
 * of the memory for the young generation, half of that per semi-space, the rest for the old one).
 * The memory child runs with those of the construct's default 512 MB (infra/cdk/kafka-consumer.ts),
 * so its young generation may grow as far as in Lambda, no further: on a big machine V8's own
 * default lets it grow to 16 MB per semi-space.
 *
 * @example
 * lambdaHeapFlags(512); // ['--max-semi-space-size=25', '--max-old-space-size=461']
 */
export function lambdaHeapFlags(memoryMb = 512): string[] {
  const young = Math.floor(memoryMb / 10);
  return [`--max-semi-space-size=${Math.floor(young / 2)}`, `--max-old-space-size=${memoryMb - young}`];
}

/** Whose invocation the memory child measures: the project's, or the naive baseline's. */
export type MemoryContender = 'kafkaHandler' | 'naive';

export interface MemoryResult {
  /** Whose invocation this is (absent in results written before the baseline was measured). */
  contender?: MemoryContender;
  /** Runs taken (the median's, by the handler's own ratio; absent before: one run). */
  runs?: number;
  /** Every run's handler's own ratio to the event, in the order taken. */
  handlerRatios?: number[];
  records: number;
  /** The heap flags the child ran with: Lambda's for 512 MB ({@link lambdaHeapFlags}). */
  heapFlags: string[];
  eventBytes: number;
  handled: number;
  /** False where /proc/self/clear_refs could not reset the RSS high-water mark (peaks then overstate). */
  hwmResettable: boolean;
  parsePeakRssAboveBaselineMb: number;
  parsePeakHeapAboveBaselineMb: number;
  baselineRssMb: number;
  baselineHeapMb: number;
  peakRssAboveBaselineMb: number;
  peakHeapAboveBaselineMb: number;
  parsedEventHeapMb: number;
  parsedEventRssMb: number;
  handlerPeakHeapMb: number;
  handlerPeakRssMb: number;
  /** V8's young generation (new space) physical pages at the call's end. */
  newSpaceMb: number;
  /** What the call added to them: part of `handlerPeakRssMb`, set by V8's heap flags more than by the handler. */
  handlerNewSpaceMb: number;
  /** max(peak RSS, peak heap+external) above the baseline before the event existed, / the event's JSON size. */
  ratioToEvent: number;
  /** The same, but above the level with the event parsed (what the handler itself adds), / the event's JSON size. */
  handlerRatioToEvent: number;
}

/**
 * kafkaHandler and the naive baseline, `runs` child processes each, taking turns; each the run
 * with the median handler's own ratio. One run's RSS peak moves by a quarter between runs (when
 * the young generation's scavenges fall), so a single run judged nothing.
 *
 * @example
 * const { kafkaHandler, naive } = measureMemoryRuns(target, 10_000, 'bench-123', 3);
 */
export function measureMemoryRuns(
  target: RedisTarget,
  records: number,
  service: string,
  runs: number,
): Record<MemoryContender, MemoryResult> {
  const dir = mkdtempSync(join(tmpdir(), 'msk-once-memory-'));
  try {
    const file = join(dir, 'event.json');
    writeFileSync(file, JSON.stringify(makeEvent({ records, ...BENCH_BATCH }).event));
    const taken: Record<MemoryContender, MemoryResult[]> = { kafkaHandler: [], naive: [] };
    for (let i = 0; i < runs; i++) {
      for (const contender of ['kafkaHandler', 'naive'] as const)
        taken[contender].push(measureMemory(target, records, `${service}-${i}`, contender, file));
    }
    const medianOf = (results: MemoryResult[]): MemoryResult => {
      const sorted = [...results].sort((a, b) => a.handlerRatioToEvent - b.handlerRatioToEvent);
      return {
        ...sorted[Math.floor((sorted.length - 1) / 2)]!,
        runs: results.length,
        handlerRatios: results.map((r) => r.handlerRatioToEvent),
      };
    };
    return { kafkaHandler: medianOf(taken.kafkaHandler), naive: medianOf(taken.naive) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One child process, one invocation of `contender` on an event of `records` (written to a file,
 * or the one given).
 *
 * @example
 * const memory = measureMemory(target, 10_000, 'bench-123');
 */
export function measureMemory(
  target: RedisTarget,
  records: number,
  service: string,
  contender: MemoryContender = 'kafkaHandler',
  eventFile?: string,
): MemoryResult {
  const dir = mkdtempSync(join(tmpdir(), 'msk-once-memory-'));
  try {
    const file = eventFile ?? join(dir, 'event.json');
    if (!eventFile) writeFileSync(file, JSON.stringify(makeEvent({ records, ...BENCH_BATCH }).event));
    const heapFlags = lambdaHeapFlags();
    const child = spawnSync(
      process.execPath,
      [
        ...heapFlags,
        '--expose-gc',
        new URL('./memory-child.ts', import.meta.url).pathname,
        JSON.stringify(target),
        file,
        service,
        contender,
      ],
      { encoding: 'utf8', timeout: 120_000, env: process.env },
    );
    if (child.status !== 0) throw new Error(`memory child failed (${child.status}): ${child.stderr}`);
    const result = JSON.parse(child.stdout.trim().split('\n').pop()!) as Omit<
      MemoryResult,
      'records' | 'heapFlags' | 'ratioToEvent' | 'handlerRatioToEvent'
    >;
    const above = Math.max(result.peakRssAboveBaselineMb, result.peakHeapAboveBaselineMb) * 2 ** 20;
    const handler = Math.max(result.handlerPeakRssMb, result.handlerPeakHeapMb) * 2 ** 20;
    return {
      contender,
      records,
      heapFlags,
      ...result,
      ratioToEvent: above / result.eventBytes,
      handlerRatioToEvent: handler / result.eventBytes,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
