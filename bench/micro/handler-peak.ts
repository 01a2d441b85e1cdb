/**
 * The handler's own peak memory (bench/memory.ts, the bench's memory case) run after run, each in
 * a child process of its own, for an A/B of two trees run one after the other: the median of three
 * that the bench judges hides how far apart single runs fall (when V8's scavenges come).
 *
 *   node bench/micro/handler-peak.ts [runs=8] [kafkaHandler|naive]   (REDIS_URL, default 127.0.0.1:6379)
 *
 * Prints one line a run: the peak over the 17.2 MB event, the RSS and heap the call added, and V8's
 * young generation.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_BATCH, makeEvent } from '../event.ts';
import { type MemoryContender, measureMemory } from '../memory.ts';

const runs = Number(process.argv[2] ?? 8);
const contender = (process.argv[3] ?? 'kafkaHandler') as MemoryContender;
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dir = mkdtempSync(join(tmpdir(), 'msk-once-handler-peak-'));
try {
  const file = join(dir, 'event.json');
  writeFileSync(file, JSON.stringify(makeEvent({ records: 10_000, ...BENCH_BATCH }).event));
  for (let i = 0; i < runs; i++) {
    const m = measureMemory({ mode: 'standalone', url }, 10_000, `peak${process.pid}-${i}`, contender, file);
    console.log(
      `${contender} ${m.handlerRatioToEvent.toFixed(2)}x: RSS +${m.handlerPeakRssMb.toFixed(1)} MB, heap +${m.handlerPeakHeapMb.toFixed(1)} MB, new space +${m.handlerNewSpaceMb.toFixed(1)} MB`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
