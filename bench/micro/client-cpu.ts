/**
 * kafkaHandler's CPU per invocation, its own process's and the Redis server's, on loopback (REDIS_URL,
 * default 127.0.0.1:6379): what an A/B of two trees compares when wall time swings with the
 * machine (on the 2-core machine here one tree's median call moved from 78 to 134 ms between runs;
 * its CPU time moved by a few percent). The client's is `process.cpuUsage()` around the call (all
 * its threads: the GC's helpers included); the server's `used_cpu_user + used_cpu_sys` of `INFO
 * cpu` (the server's whole process: run it on a Redis nothing else uses).
 *
 *   node --expose-gc bench/micro/client-cpu.ts [records=3000] [reps=25]
 *
 * Fresh event ids every call (0% duplicates).
 *
 * Prints the medians, ms: client CPU, server CPU, wall.
 */
import { Redis } from 'ioredis';
import { projectContender } from '../contenders/project.ts';
import { BENCH_BATCH, makeEvent } from '../event.ts';
import { median } from '../stats.ts';

const [records = 3000, reps = 25] = process.argv.slice(2).map(Number);
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const contender = await projectContender(
  { mode: 'standalone', url },
  { service: `cpu${process.pid}`, handlerName: 'noop', windowSeconds: 600, handle: () => {} },
);
const info = new Redis(url);
const serverCpuMs = async () => {
  const text = await info.info('cpu');
  const user = Number(/used_cpu_user:([\d.]+)/.exec(text)?.[1]);
  const sys = Number(/used_cpu_sys:([\d.]+)/.exec(text)?.[1]);
  return (user + sys) * 1000;
};
try {
  for (let i = 0; i < 3; i++) await contender.invoke(makeEvent({ records, ...BENCH_BATCH }).event);
  const client: number[] = [];
  const server: number[] = [];
  const wall: number[] = [];
  for (let r = 0; r < reps; r++) {
    const { event } = makeEvent({ records, ...BENCH_BATCH });
    globalThis.gc?.();
    const serverBefore = await serverCpuMs();
    const before = process.cpuUsage();
    const start = performance.now();
    await contender.invoke(event);
    wall.push(performance.now() - start);
    const used = process.cpuUsage(before);
    server.push((await serverCpuMs()) - serverBefore);
    client.push((used.user + used.system) / 1000);
  }
  console.log(
    JSON.stringify({
      records,
      clientCpuMs: Number(median(client).toFixed(1)),
      serverCpuMs: Number(median(server).toFixed(1)),
      wallMs: Number(median(wall).toFixed(1)),
    }),
  );
} finally {
  await contender.close();
  info.disconnect();
}
process.exit(0);
