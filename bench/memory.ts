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

export interface MemoryResult {
  records: number;
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
  /** max(peak RSS, peak heap+external) above the baseline before the event existed, / the event's JSON size. */
  ratioToEvent: number;
  /** The same, but above the level with the event parsed (what the handler itself adds), / the event's JSON size. */
  handlerRatioToEvent: number;
}

/**
 * @example
 * const memory = measureMemory(target, 10_000, 'bench-123');
 */
export function measureMemory(target: RedisTarget, records: number, service: string): MemoryResult {
  const dir = mkdtempSync(join(tmpdir(), 'msk-once-memory-'));
  try {
    const file = join(dir, 'event.json');
    writeFileSync(file, JSON.stringify(makeEvent({ records, ...BENCH_BATCH }).event));
    const child = spawnSync(
      process.execPath,
      [
        '--expose-gc',
        new URL('./memory-child.ts', import.meta.url).pathname,
        JSON.stringify(target),
        file,
        service,
      ],
      { encoding: 'utf8', timeout: 120_000, env: process.env },
    );
    if (child.status !== 0) throw new Error(`memory child failed (${child.status}): ${child.stderr}`);
    const result = JSON.parse(child.stdout.trim().split('\n').pop()!) as Omit<
      MemoryResult,
      'records' | 'ratioToEvent' | 'handlerRatioToEvent'
    >;
    const above = Math.max(result.peakRssAboveBaselineMb, result.peakHeapAboveBaselineMb) * 2 ** 20;
    const handler = Math.max(result.handlerPeakRssMb, result.handlerPeakHeapMb) * 2 ** 20;
    return {
      records,
      ...result,
      ratioToEvent: above / result.eventBytes,
      handlerRatioToEvent: handler / result.eventBytes,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
