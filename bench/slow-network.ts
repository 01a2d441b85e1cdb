/**
 * The same contenders with a network in between: a TCP proxy (testkit/tcp-fault-proxy.ts) that
 * holds every chunk for one timer tick, about 1 ms each way. Loopback (~0.05 ms) flatters the
 * per-record baselines; this shows how the ratios move when each round trip costs what a network
 * charges. Its round trip is longer than ElastiCache in the same AZ (a few tenths of a millisecond).
 */
import { Redis } from 'ioredis';
import { startTcpFaultProxy } from '../testkit/tcp-fault-proxy.ts';
import type { Contender } from './contenders/contender.ts';
import { type CaseResult, runCase } from './harness.ts';
import { median } from './stats.ts';
import type { RedisTarget } from './target.ts';

export interface SlowNetworkResult {
  /** Median PING round trip through the proxy, ms. */
  rttMs: number;
  /** Median PING round trip straight to Redis, ms. */
  directRttMs: number;
  cases: CaseResult[];
}

async function pingRtt(url: string): Promise<number> {
  const redis = new Redis(url);
  try {
    await redis.ping();
    const samples: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await redis.ping();
      samples.push(performance.now() - t);
    }
    return median(samples);
  } finally {
    redis.disconnect();
  }
}

/**
 * @example
 * const slow = await slowNetwork({ mode: 'standalone', url }, (t) => contenders(t), 1000);
 */
export async function slowNetwork(
  target: RedisTarget & { mode: 'standalone' },
  make: (target: RedisTarget) => Promise<Contender[]>,
  records: number,
  plan: { warmups: number; repetitions: number },
): Promise<SlowNetworkResult> {
  const proxy = await startTcpFaultProxy(target.url);
  proxy.set({ slowMs: 0 });
  const proxied: RedisTarget = { mode: 'standalone', url: proxy.url };
  const all = await make(proxied);
  try {
    const rttMs = await pingRtt(proxy.url);
    const directRttMs = await pingRtt(target.url);
    const cases: CaseResult[] = [];
    for (const contender of all) {
      const spec = {
        records,
        duplicates: 0,
        ...plan,
        partitions: 4,
        valueBytes: 1024,
        topic: 'review-created',
      };
      cases.push(await runCase(contender, spec));
      console.error(
        `[bench] slow network ${records} ${contender.id}: ${cases.at(-1)!.medianMs.toFixed(1)} ms`,
      );
    }
    return { rttMs, directRttMs, cases };
  } finally {
    for (const c of all) await c.close();
    await proxy.stop();
  }
}
