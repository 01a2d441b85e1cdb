/**
 * Peak memory of a 10,000 x 1 KB invocation (separate process, as bench/memory.ts measures it) with
 * the shipped Redis store and with the Lua-per-1,000-keys what-if store. Not part of `npm run bench`.
 *
 * Run: node bench/micro/what-if-memory.ts
 */
import { startRedisServer } from '../../lib/local/redis-server.ts';
import { measureMemory } from '../memory.ts';

const server = await startRedisServer();
const target = { mode: 'standalone', url: server.url } as const;
try {
  for (let i = 0; i < 3; i++) {
    for (const store of [undefined, 'lua', 'all'] as const) {
      const m = measureMemory(target, 10_000, `whatif-mem-${i}`, store);
      console.log(
        `${(store ?? 'shipped').padEnd(8)} handler's own peak: RSS ${m.handlerPeakRssMb.toFixed(1)} MB, heap+external ${m.handlerPeakHeapMb.toFixed(1)} MB; with the event: RSS ${m.peakRssAboveBaselineMb.toFixed(1)} MB`,
      );
    }
  }
} finally {
  await server.stop();
}
