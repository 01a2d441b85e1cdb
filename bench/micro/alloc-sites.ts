/**
 * Where one kafkaHandler invocation allocates: V8's sampling heap profiler around one call of
 * 10,000 x 1 KB records (0% duplicates), counting collected objects too, summed by function and
 * file. Standalone on REDIS_URL (default 127.0.0.1:6379) or on a local 3-master cluster it starts:
 *
 *   node --expose-gc bench/micro/alloc-sites.ts [--cluster] [--callers=<function>] [top=30]
 *
 * Prints the total sampled and the top sites (self bytes, share). A sample stands for ~8 KB of
 * allocation (the interval), so the figures are estimates: compare sites and trees, not bytes.
 */
import { Session } from 'node:inspector/promises';
import { startRedisCluster } from '../../testkit/redis-server.ts';
import { projectContender } from '../contenders/project.ts';
import { BENCH_BATCH, makeEvent } from '../event.ts';
import type { RedisTarget } from '../target.ts';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const top = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 30);
const cluster = process.argv.includes('--cluster') ? await startRedisCluster({ masters: 3 }) : undefined;
const target: RedisTarget = cluster
  ? { mode: 'cluster', nodes: cluster.nodes }
  : { mode: 'standalone', url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
const contender = await projectContender(target, {
  service: `alloc${process.pid}`,
  handlerName: 'alloc',
  windowSeconds: 600,
  handle: (message) => {
    if (message.payload === undefined) throw new Error('no payload');
  },
});
for (let i = 0; i < 3; i++) await contender.invoke(makeEvent({ records: 1000, ...BENCH_BATCH }).event);
const { event } = makeEvent({ records: 10_000, ...BENCH_BATCH });
globalThis.gc?.();

const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 8192,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
await contender.invoke(event);
const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: ProfileNode } };
session.disconnect();

const sites = new Map<string, number>();
let total = 0;
// --callers=<name>: the call paths (three frames up) into the sites of that function name.
const callersOf = process.argv.find((a) => a.startsWith('--callers='))?.slice('--callers='.length);
const paths = new Map<string, number>();
const frameOf = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'}:${n.callFrame.url.replace(/^.*\//, '')}:${n.callFrame.lineNumber + 1}`;
const walk = (node: ProfileNode, up: ProfileNode[] = []) => {
  if (callersOf && node.selfSize > 0 && node.callFrame.functionName === callersOf) {
    const path = up.slice(-3).map(frameOf).join(' < ');
    paths.set(path, (paths.get(path) ?? 0) + node.selfSize);
  }
  if (node.selfSize > 0) {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*\/(node_modules\/|lib\/|bench\/|testkit\/)/, '$1');
    const site = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    sites.set(site, (sites.get(site) ?? 0) + node.selfSize);
    total += node.selfSize;
  }
  for (const child of node.children) walk(child, [...up, node]);
};
walk(profile.head);
console.log(`${target.mode}: ${(total / 2 ** 20).toFixed(1)} MB sampled in one call`);
for (const [site, bytes] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(
    `${(bytes / 2 ** 20).toFixed(2).padStart(7)} MB ${((100 * bytes) / total).toFixed(1).padStart(5)}%  ${site}`,
  );
}
for (const [path, bytes] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
  console.log(
    `${(bytes / 2 ** 20).toFixed(2).padStart(7)} MB  ${callersOf} < ${path.split(' < ').reverse().join(' < ')}`,
  );
}
await contender.close();
await cluster?.stop();
process.exit(0);
