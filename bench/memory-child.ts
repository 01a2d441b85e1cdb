/**
 * Child process of memory.ts (run with --expose-gc): peak memory of one kafkaHandler invocation
 * on a batch read from a file, as the Lambda runtime reads the invoke body and parses it.
 *
 * argv: <target JSON> <event file> ; prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { projectContender } from './contenders/project.ts';
import { makeEvent } from './event.ts';
import type { RedisTarget } from './target.ts';

const gc = globalThis.gc;
if (!gc) throw new Error('memory-child.ts needs node --expose-gc');
const [targetJson, eventFile, service] = process.argv.slice(2);
if (!targetJson || !eventFile || !service)
  throw new Error('usage: memory-child.ts <target JSON> <event file> <service>');
const target = JSON.parse(targetJson) as RedisTarget;

const MB = 2 ** 20;
const heapOf = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;

const contender = await projectContender(target, {
  service,
  handlerName: 'memory',
  windowSeconds: 600,
  handle: () => {},
});
// Warm-up: connect, compile the hot paths, create the metrics and logger state.
for (let i = 0; i < 3; i++)
  await contender.invoke(
    makeEvent({ records: 100, partitions: 4, valueBytes: 1024, topic: 'review-created' }).event,
  );

gc();
gc();
const baseline = process.memoryUsage();
const baselineMaxRss = process.resourceUsage().maxRSS * 1024;

let peakRss = baseline.rss;
let peakHeap = heapOf(baseline);
const sample = () => {
  const m = process.memoryUsage();
  if (m.rss > peakRss) peakRss = m.rss;
  if (heapOf(m) > peakHeap) peakHeap = heapOf(m);
};
const timer = setInterval(sample, 1);

// What the runtime does: the invoke body arrives as bytes, is parsed, and the bytes are dropped.
let body: Buffer | undefined = readFileSync(eventFile);
const eventBytes = body.length;
const event = JSON.parse(body.toString('utf8'));
body = undefined;
sample();
const afterParse = process.memoryUsage();

const count = await contender.invoke(event);
sample();
clearInterval(timer);
const maxRss = process.resourceUsage().maxRSS * 1024;
await contender.close();

console.log(
  JSON.stringify({
    eventBytes,
    handled: count.handled,
    baselineRssMb: baseline.rss / MB,
    baselineHeapMb: heapOf(baseline) / MB,
    // The kernel's RSS high-water mark catches peaks between samples; if warm-up set it higher, this overstates.
    peakRssAboveBaselineMb: (Math.max(maxRss, peakRss) - baseline.rss) / MB,
    peakHeapAboveBaselineMb: (peakHeap - heapOf(baseline)) / MB,
    parsedEventHeapMb: (heapOf(afterParse) - heapOf(baseline)) / MB,
    parsedEventRssMb: (afterParse.rss - baseline.rss) / MB,
    // What the handler adds on top of the event as the runtime delivers it (already parsed).
    handlerPeakHeapMb: (peakHeap - heapOf(afterParse)) / MB,
    handlerPeakRssMb: (Math.max(maxRss, peakRss) - afterParse.rss) / MB,
    baselineMaxRssMb: baselineMaxRss / MB,
  }),
);
process.exit(0);
