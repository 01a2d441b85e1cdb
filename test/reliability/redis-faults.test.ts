/**
 * A Redis that stops, pauses (SIGSTOP) or slows down under a real consumer: the batch is never
 * eaten by Redis; fail-open runs the records (and counts DedupErrors), fail-closed fails them for a retry.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { EventProducer, EventSourceMapping, KafkaLog } from '../../emulator/index.ts';
import { RedisDedupStore } from '../../lib/index.ts';
import {
  type LocalRedis,
  type OutputCapture,
  startProcessOutputCapture,
  startRedisServer,
  startTcpFaultProxy,
  sumMetric,
  type TcpFaultProxy,
} from '../../testkit/index.ts';
import { uniqueService } from '../support/redis.ts';
import { testConsumer } from './support.ts';

let redis: LocalRedis;
let proxy: TcpFaultProxy;
let capture: OutputCapture;
before(async () => {
  redis = await startRedisServer();
  proxy = await startTcpFaultProxy(redis.url);
  capture = startProcessOutputCapture(() => {});
});
after(async () => {
  capture.stop();
  await proxy.stop();
  await redis.stop();
});

async function deliverOnce(url: string, policy: 'open' | 'closed', fault: () => void, heal: () => void) {
  const store = new RedisDedupStore({ redis: { url }, commandTimeoutMs: 100, connectTimeoutMs: 200 });
  const { fn, runs } = testConsumer({
    service: uniqueService('redis-fault'),
    store,
    onStoreError: policy,
    timeoutMs: 5_000,
  });
  const log = new KafkaLog();
  log.createTopic('t', 2);
  log.createTopic('t-dlq', 1);
  const producer = new EventProducer(log);
  for (let i = 0; i < 6; i++) producer.send({ topic: 't', key: `k${i}`, payload: { i } });
  // Warm the connection, then break Redis before the real batch.
  await store.claim([`${uniqueService('warm')}:k`], 'warm', 1000);
  fault();
  const from = capture.lines().length;
  const esm = new EventSourceMapping(log, fn, {
    topics: ['t'],
    provisionedPollers: {},
    functionResponseTypes: ['ReportBatchItemFailures'],
    maximumRetryAttempts: 0,
    maximumBatchingWindowInSeconds: 0,
    onFailureDestination: 'kafka://t-dlq',
  });
  try {
    await esm.step();
  } finally {
    heal();
  }
  const lines = capture.lines().slice(from);
  await store.close();
  return { runs, lines, esm, log };
}

describe('Redis faults under a real consumer', () => {
  // A connection cut under a pending command reaches the core as ioredis' MaxRetriesPerRequestError.
  for (const [name, fault, heal, reason, todo] of [
    ['stops (connections refused)', () => proxy.set('down'), () => proxy.set('up'), 'connection', undefined],
    ['pauses (SIGSTOP)', () => redis.pause(), () => redis.resume(), 'timeout', undefined],
    [
      'slows down (300 ms per round trip, over the 100 ms command timeout)',
      () => proxy.set({ slowMs: 300 }),
      () => proxy.set('up'),
      'timeout',
      undefined,
    ],
  ] as const) {
    test(`Redis ${name}: fail-open runs the batch and counts DedupErrors{Reason=${reason}}`, {
      todo,
    }, async () => {
      const { runs, lines, esm } = await deliverOnce(proxy.url, 'open', fault, heal);
      assert.equal(runs.length, 6, 'every record ran, unguarded');
      assert.equal(esm.stats.functionErrors, 0, 'Redis did not fail the invocation');
      assert.ok(sumMetric(lines, 'DedupErrors') >= 1);
      assert.ok(
        sumMetric(lines, 'DedupErrors', { Reason: reason }) >= 1,
        `DedupErrors{Reason=${reason}}: ${JSON.stringify(lines.filter((l) => 'DedupErrors' in l))}`,
      );
    });

    test(`Redis ${name}: fail-closed runs nothing and fails the records for a retry`, async () => {
      const { runs, esm } = await deliverOnce(proxy.url, 'closed', fault, heal);
      assert.equal(runs.length, 0);
      assert.equal(esm.stats.functionErrors, 0);
      assert.equal(esm.stats.partialFailures, 1, 'the records were reported failed, to be retried');
    });
  }
});
