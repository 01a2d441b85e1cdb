/**
 * A CPU profile of kafkaHandler's calls alone (the events are made before profiling starts), on
 * loopback (REDIS_URL, default 127.0.0.1:6379) or on a local 3-master cluster it starts; 0%
 * duplicates. Prints the functions by self time, and writes the profile for a viewer.
 *
 *   node --expose-gc bench/micro/cpu-profile.ts [records=3000] [calls=30] [--cluster] [--each] [--out=file.cpuprofile]
 *
 * --each: as the bench times a call: each event made, then a full GC, then the profiler on for
 * that call alone (the profiles merged); without it the calls run back to back under one profile,
 * their events made before it (so it also counts the GC of the events still young).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { startRedisCluster } from '../../testkit/redis-server.ts';
import { projectContender } from '../contenders/project.ts';
import { BENCH_BATCH, makeEvent } from '../event.ts';
import type { RedisTarget } from '../target.ts';

const numbers = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const [records = 3000, calls = 30] = numbers.map(Number);
const out = process.argv.find((a) => a.startsWith('--out='))?.slice('--out='.length);
const cluster = process.argv.includes('--cluster') ? await startRedisCluster({ masters: 3 }) : undefined;
const target: RedisTarget = cluster
  ? { mode: 'cluster', nodes: cluster.nodes }
  : { mode: 'standalone', url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
const contender = await projectContender(target, {
  service: `prof${process.pid}`,
  handlerName: 'noop',
  windowSeconds: 600,
  handle: () => {},
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

try {
  for (let i = 0; i < 3; i++) await contender.invoke(makeEvent({ records, ...BENCH_BATCH }).event);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  let profile: Profile;
  let wall = 0;
  if (process.argv.includes('--each')) {
    profile = { nodes: [], samples: [], timeDeltas: [] };
    // Node ids of each call's profile come after those of the calls before it.
    let base = 0;
    for (let c = 0; c < calls; c++) {
      const event = makeEvent({ records, ...BENCH_BATCH }).event;
      globalThis.gc?.();
      await session.post('Profiler.start');
      const start = performance.now();
      await contender.invoke(event);
      wall += performance.now() - start;
      const one = ((await session.post('Profiler.stop')) as { profile: Profile }).profile;
      let last = 0;
      for (const n of one.nodes) {
        profile.nodes.push({ ...n, id: n.id + base, children: n.children?.map((id) => id + base) });
        if (n.id > last) last = n.id;
      }
      for (let i = 0; i < one.samples.length; i++) {
        profile.samples.push(one.samples[i]! + base);
        profile.timeDeltas.push(i === 0 ? 0 : one.timeDeltas[i]!);
      }
      base += last + 1;
    }
  } else {
    const events = Array.from({ length: calls }, () => makeEvent({ records, ...BENCH_BATCH }).event);
    globalThis.gc?.();
    await session.post('Profiler.start');
    const start = performance.now();
    for (const event of events) await contender.invoke(event);
    wall = performance.now() - start;
    profile = ((await session.post('Profiler.stop')) as { profile: Profile }).profile;
  }
  if (out) writeFileSync(out, JSON.stringify(profile));
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!)!;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    total += ms;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/.*\/(node_modules|work\/[^/]+)\//, '');
    const name = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + ms);
  }
  console.log(
    `${calls} calls of ${records} records: ${(wall / calls).toFixed(1)} ms a call; profile ${total.toFixed(0)} ms`,
  );
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(
      `${(((ms / calls) * 1000) / records).toFixed(2).padStart(6)} µs/record ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`,
    );
} finally {
  await contender.close();
  await cluster?.stop();
}
process.exit(0);
