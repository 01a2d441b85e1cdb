/**
 * Issue 19, late claims: Redis stalls for 400 ms (the TCP fault proxy pauses: requests reach it
 * when the stall ends, answers come late), longer than the 250 ms command timeout. The claim round
 * trip times out, but Redis takes the claims when it resumes. The client that sent them is kept
 * open for its late replies, and the claims they show are released through the new client: the
 * event source mapping, retrying at once with 3 retries, runs every record once, none reaches the
 * DLQ. (Were the timed-out client dropped at once, those claims would stay held for their lease and
 * every retry would answer "held".)
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { EventProducer, EventSourceMapping, KafkaLog } from '../../emulator/index.ts';
import { RedisDedupStore } from '../../lib/index.ts';
import {
  type OutputCapture,
  startProcessOutputCapture,
  startTcpFaultProxy,
  type TcpFaultProxy,
} from '../../testkit/index.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';
import { testConsumer } from './support.ts';

let proxy: TcpFaultProxy;
let capture: OutputCapture; // the consumer's logs and metrics, kept off the test output
before(async () => {
  proxy = await startTcpFaultProxy(redisUrl());
  capture = startProcessOutputCapture(() => {});
});
after(async () => {
  capture.stop();
  await proxy.stop();
});

describe('a 400 ms stall of Redis under a consumer retried at once', () => {
  for (const policy of ['open', 'closed'] as const) {
    test(`onStoreError '${policy}': every record runs once, none reaches the DLQ`, async () => {
      proxy.set('up');
      const store = new RedisDedupStore({ redis: { url: proxy.url }, commandTimeoutMs: 250 });
      const { fn, runs } = testConsumer({
        service: uniqueService(`late-${policy}`),
        store,
        onStoreError: policy,
      });
      const log = new KafkaLog();
      log.createTopic('t', 2);
      log.createTopic('t-dlq', 1);
      const producer = new EventProducer(log);
      for (let i = 0; i < 8; i++) producer.send({ topic: 't', key: `k${i}`, payload: { i } });
      const esm = new EventSourceMapping(log, fn, {
        topics: ['t'],
        provisionedPollers: {},
        functionResponseTypes: ['ReportBatchItemFailures'],
        maximumRetryAttempts: 3,
        maximumBatchingWindowInSeconds: 0,
        onFailureDestination: 'kafka://t-dlq',
      });
      try {
        await store.claim([`${uniqueService('warm')}:k`], 'warm', 1000); // connected before the stall
        proxy.set('paused');
        const resumed = new Promise<void>((resolve) =>
          setTimeout(() => {
            proxy.set('up');
            resolve();
          }, 400),
        );
        await esm.drain({ maxInvocations: 50 });
        await resumed;
        const perEvent = new Map<string, number>();
        for (const run of runs) perEvent.set(run.eventId, (perEvent.get(run.eventId) ?? 0) + 1);
        assert.equal(perEvent.size, 8, `every record ran: ${perEvent.size} of 8`);
        assert.deepEqual([...new Set(perEvent.values())], [1], 'each once');
        assert.deepEqual(esm.stats.sentToDestination, [], 'nothing for the DLQ');
        assert.equal(log.all('t-dlq').length, 0, 'nothing in the DLQ');
      } finally {
        proxy.set('up');
        await store.close();
      }
    });
  }
});
