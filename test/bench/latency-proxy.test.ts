/**
 * The latency proxy of the benchmark (bench/latency-proxy.ts) really adds its delay: an echo server
 * behind it, a round trip through it takes at least twice the delay (once each way), in its own
 * child process; it counts what went through it; a client that did not go through it is caught.
 * What it did in each contender's timed calls (chunks, lateness, CPU) is read around those calls
 * alone and kept per contender.
 */
import assert from 'node:assert/strict';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Contender } from '../../bench/contenders/contender.ts';
import { BENCH_BATCH } from '../../bench/event.ts';
import { runInterleaved } from '../../bench/harness.ts';
import { checkProxied, proxyWatch } from '../../bench/latency.ts';
import { type ListenerTraffic, type ProxyUsage, startLatencyProxy } from '../../bench/latency-proxy.ts';

let echo: Server;
let echoPort = 0;

before(async () => {
  echo = createServer((s) => s.pipe(s));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', () => resolve()));
  echoPort = (echo.address() as { port: number }).port;
});
after(async () => {
  await new Promise((resolve) => echo.close(resolve));
});

/** Round trips of one byte each, ms. */
async function roundTrips(port: number, count: number): Promise<number[]> {
  const socket: Socket = createConnection({ host: '127.0.0.1', port, noDelay: true });
  await new Promise((resolve) => socket.once('connect', resolve));
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const t = performance.now();
      const back = new Promise((resolve) => socket.once('data', resolve));
      socket.write('x');
      await back;
      times.push(performance.now() - t);
    }
  } finally {
    socket.destroy();
  }
  return times;
}

describe('the latency proxy', () => {
  for (const delayMs of [0.25, 1]) {
    test(`at ${delayMs} ms each way, every round trip takes at least ${2 * delayMs} ms`, async () => {
      const proxy = await startLatencyProxy([{ host: '127.0.0.1', port: echoPort }], delayMs);
      try {
        const [listener] = proxy.listeners;
        assert.equal(listener?.upstream.port, echoPort);
        const times = await roundTrips(listener!.listener.port, 20);
        const fastest = Math.min(...times);
        assert.ok(fastest >= 2 * delayMs, `fastest round trip ${fastest.toFixed(3)} ms < ${2 * delayMs} ms`);
        const [traffic] = await proxy.traffic();
        assert.equal(traffic?.connections, 1);
        assert.equal(traffic?.bytesUp, 20);
        assert.equal(traffic?.bytesDown, 20);
      } finally {
        await proxy.stop();
      }
    });
  }

  test('counts each chunk it writes on, how late they were in all (not below zero), and its own CPU', async () => {
    const proxy = await startLatencyProxy([{ host: '127.0.0.1', port: echoPort }], 0.25);
    try {
      const before = await proxy.usage();
      // One byte each way per round trip, one round trip at a time: one chunk each way.
      await roundTrips(proxy.listeners[0]!.listener.port, 20);
      const after = await proxy.usage();
      assert.equal(after.chunks - before.chunks, 40);
      assert.ok(after.lateMs - before.lateMs >= 0, `lateness ${after.lateMs - before.lateMs} ms < 0`);
      assert.ok(after.cpuMs > before.cpuMs, 'the proxy spent no CPU forwarding 40 chunks');
    } finally {
      await proxy.stop();
    }
  });

  test('keeps the order of the chunks of each direction', async () => {
    const proxy = await startLatencyProxy([{ host: '127.0.0.1', port: echoPort }], 0.25);
    try {
      const socket = createConnection({
        host: '127.0.0.1',
        port: proxy.listeners[0]!.listener.port,
        noDelay: true,
      });
      await new Promise((resolve) => socket.once('connect', resolve));
      let got = '';
      const sent: string[] = [];
      const all = new Promise<void>((resolve) =>
        socket.on('data', (chunk) => {
          got += chunk.toString('latin1');
          if (got.length === sent.join('').length) resolve();
        }),
      );
      for (let i = 0; i < 200; i++) {
        sent.push(`${i};`);
        socket.write(`${i};`);
        if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      await all;
      socket.destroy();
      assert.equal(got, sent.join(''));
    } finally {
      await proxy.stop();
    }
  });
});

describe('the bypass check', () => {
  const listener = (port: number, bytesUp: number): ListenerTraffic => ({
    upstream: { host: '127.0.0.1', port: port + 1 },
    listener: { host: '127.0.0.1', port },
    connections: 1,
    bytesUp,
    bytesDown: bytesUp,
  });

  test('passes a batch that went through every listener', () => {
    checkProxied('naive', 200, [listener(1, 4000), listener(2, 4000), listener(3, 4000)]);
  });

  test('fails a contender whose traffic skipped a node', () => {
    assert.throws(
      () => checkProxied('powertools', 200, [listener(1, 9000), listener(2, 0), listener(3, 9000)]),
      /powertools bypassed the latency proxy.*2 -> 3/,
    );
  });

  test('fails a contender that sent less than an Event-Id per record through it', () => {
    assert.throws(() => checkProxied('kafkaHandler', 200, [listener(1, 120)]), /kafkaHandler bypassed/);
  });
});

describe("the proxy's share of each contender's timed calls", () => {
  test('sums chunks, lateness and CPU of the timed calls alone (no warm-up), per contender', async () => {
    // A proxy whose counters each contender's call moves by its own amount.
    const usage: ProxyUsage = { chunks: 0, lateMs: 0, cpuMs: 0 };
    const perCall: Record<string, ProxyUsage> = {
      a: { chunks: 10, lateMs: 0.5, cpuMs: 2 },
      b: { chunks: 4, lateMs: 0.02, cpuMs: 1 },
    };
    const watch = proxyWatch({ usage: async () => ({ ...usage }) });
    const contender = (id: string): Contender => ({
      id,
      async invoke(event) {
        usage.chunks += perCall[id]!.chunks;
        usage.lateMs += perCall[id]!.lateMs;
        usage.cpuMs += perCall[id]!.cpuMs;
        return { handled: Object.values(event.records).flat().length, duplicates: 0, failed: 0 };
      },
      async close() {},
    });
    await runInterleaved(
      [contender('a'), contender('b')],
      () => ({ records: 8, duplicates: 0, warmups: 2, repetitions: 3, ...BENCH_BATCH }),
      watch,
    );
    assert.deepEqual(
      watch.shares(0).map((s) => ({ ...s, meanLateUs: Math.round(s.meanLateUs) })),
      [
        { contender: 'a', duplicates: 0, calls: 3, chunksPerCall: 10, meanLateUs: 50, cpuMsPerCall: 2 },
        { contender: 'b', duplicates: 0, calls: 3, chunksPerCall: 4, meanLateUs: 5, cpuMsPerCall: 1 },
      ],
    );
  });
});
