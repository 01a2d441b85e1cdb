/**
 * Child process of memory.ts (run with --expose-gc): peak memory of one kafkaHandler invocation
 * on a batch read from a file, as the Lambda runtime reads the invoke body and parses it.
 *
 * Peaks: RSS high-water mark from /proc/self/status (VmHWM), reset between phases through
 * /proc/self/clear_refs (Linux); heap+external sampled every millisecond and at phase ends.
 *
 * argv: <target JSON> <event file> <service> [contender: kafkaHandler (default) | naive]; prints
 * one JSON line. The naive contender (per record SET NX, then the handler) is the baseline: what a
 * batch of this size costs on these heap flags with the least a deduplicator can keep.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import { naiveContender } from './contenders/naive.ts';
import { projectContender } from './contenders/project.ts';
import { BENCH_BATCH, makeEvent } from './event.ts';
import type { RedisTarget } from './target.ts';

const gc = globalThis.gc;
if (!gc) throw new Error('memory-child.ts needs node --expose-gc');
const [targetJson, eventFile, service, which = 'kafkaHandler'] = process.argv.slice(2);
if (!targetJson || !eventFile || !service)
  throw new Error('usage: memory-child.ts <target JSON> <event file> <service>');
const target = JSON.parse(targetJson) as RedisTarget;

const MB = 2 ** 20;
/** The young generation's physical pages (V8's new space): it grows in a call and stays grown. */
const newSpaceBytes = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.physical_space_size ?? 0;
const heapOf = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;

/** Peak RSS since the last reset, bytes (VmHWM; resource maxRSS where /proc is missing). */
function rssHighWater(): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {}
  return process.resourceUsage().maxRSS * 1024;
}
let hwmResettable = true;
function resetHighWater(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    hwmResettable = false;
  }
}

// A business function reads its payload: a lazily parsed payload must not look free.
const handle = (message: { payload: unknown }) => {
  if (message.payload === undefined) throw new Error('no payload');
};
const contender =
  which === 'naive'
    ? await naiveContender(target, { prefix: `${service}:naive:`, ttlMs: 600_000, handle })
    : await projectContender(target, { service, handlerName: 'memory', windowSeconds: 600, handle });
// Warm-up: connect, compile the hot paths, create the metrics and logger state.
for (let i = 0; i < 3; i++) {
  await contender.invoke(makeEvent({ records: 100, ...BENCH_BATCH }).event);
}

let peakHeap = 0;
const sample = () => {
  const heap = heapOf(process.memoryUsage());
  if (heap > peakHeap) peakHeap = heap;
};

gc();
gc();
const baseline = process.memoryUsage();
resetHighWater();
peakHeap = heapOf(baseline);

// What the runtime does: the invoke body arrives as bytes, is parsed, and the bytes are dropped.
let body: Buffer | undefined = readFileSync(eventFile);
const eventBytes = body.length;
const event = JSON.parse(body.toString('utf8'));
body = undefined;
sample();
const parsePeakRss = rssHighWater();
const parsePeakHeap = peakHeap;
gc();
const afterParse = process.memoryUsage();
const newSpaceAfterParse = newSpaceBytes();

resetHighWater();
peakHeap = heapOf(afterParse);
const timer = setInterval(sample, 1);
const count = await contender.invoke(event);
sample();
clearInterval(timer);
const invokePeakRss = Math.max(rssHighWater(), process.memoryUsage().rss);
const newSpaceAfterCall = newSpaceBytes();
await contender.close();
if (event.records === undefined) throw new Error('event was collected before the invocation ended');

console.log(
  JSON.stringify({
    eventBytes,
    handled: count.handled,
    hwmResettable,
    baselineRssMb: baseline.rss / MB,
    baselineHeapMb: heapOf(baseline) / MB,
    /** The runtime's share: body bytes, its string and the parsed objects at once. */
    parsePeakRssAboveBaselineMb: (parsePeakRss - baseline.rss) / MB,
    parsePeakHeapAboveBaselineMb: (parsePeakHeap - heapOf(baseline)) / MB,
    parsedEventHeapMb: (heapOf(afterParse) - heapOf(baseline)) / MB,
    parsedEventRssMb: (afterParse.rss - baseline.rss) / MB,
    /** During the invocation, the parsed event included. */
    peakRssAboveBaselineMb: (invokePeakRss - baseline.rss) / MB,
    peakHeapAboveBaselineMb: (peakHeap - heapOf(baseline)) / MB,
    /** What the handler adds on top of the event as the runtime delivers it (already parsed). */
    handlerPeakRssMb: (invokePeakRss - afterParse.rss) / MB,
    handlerPeakHeapMb: (peakHeap - heapOf(afterParse)) / MB,
    /** V8's young generation at the call's end, and what the call added to it (part of the RSS above). */
    newSpaceMb: newSpaceAfterCall / MB,
    handlerNewSpaceMb: (newSpaceAfterCall - newSpaceAfterParse) / MB,
  }),
);
process.exit(0);
