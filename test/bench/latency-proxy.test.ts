/**
 * The latency proxy of the benchmark (bench/latency-proxy.ts) really adds its delay: an echo server
 * behind it, a round trip through it takes at least twice the delay (once each way), in its own
 * child process; it counts what went through it; a client that did not go through it is caught.
 */
import assert from 'node:assert/strict';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { checkProxied } from '../../bench/latency.ts';
import { type ListenerTraffic, startLatencyProxy } from '../../bench/latency-proxy.ts';

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
