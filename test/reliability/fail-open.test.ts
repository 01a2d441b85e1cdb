/**
 * Exactly where at-most-once breaks at the dedup layer, and that the effect layer catches it
 * (docs/emulator.md "Where at-most-once breaks").
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dumpTopic, parseDlqText } from '../../cli/dlq-reader.ts';
import { EventProducer, EventSourceMapping, KafkaLog } from '../../emulator/index.ts';
import { createEffect } from '../../lib/effects/effect.ts';
import { MemoryDedupStore, RedisDedupStore } from '../../lib/index.ts';
import { sumMetric } from '../../testkit/index.ts';
import { uniqueService } from '../support/redis.ts';
import { faultRig, testConsumer } from './support.ts';

const rig = faultRig();

async function scenario(policy: 'open' | 'closed') {
  rig.proxy.set('up');
  const service = uniqueService(`fail-${policy}`);
  const table = await rig.dynamo.createTable('failopen');
  const effect = createEffect({
    tableName: table,
    namespace: service,
    handlerName: 'reliability',
    client: rig.dynamo.client(),
  });
  const store = new RedisDedupStore({
    redis: { url: rig.proxy.url },
    commandTimeoutMs: 150,
    connectTimeoutMs: 150,
  });
  const effects = new Map<string, number>();
  const { fn, runs } = testConsumer({
    service,
    store,
    onStoreError: policy,
    work: (message) =>
      effect(message, 'count', () => {
        effects.set(message.eventId, (effects.get(message.eventId) ?? 0) + 1);
      }),
  });
  const log = new KafkaLog();
  log.createTopic('t', 1);
  log.createTopic('t-dlq', 1);
  const producer = new EventProducer(log);
  const event = producer.create({ topic: 't', key: 'k', payload: { n: 1 } });
  producer.publish(event);
  const esm = new EventSourceMapping(log, fn, {
    topics: ['t'],
    provisionedPollers: {},
    functionResponseTypes: ['ReportBatchItemFailures'],
    maximumRetryAttempts: 5,
    maximumBatchingWindowInSeconds: 0,
    onFailureDestination: 'kafka://t-dlq',
    retryBackoffMs: () => 100,
    onInvocation: (report) => {
      // Redis comes back after the first failed attempt.
      if (rig.proxy.mode() === 'down' && report.outcome !== 'success') rig.proxy.set('up');
    },
  });
  await esm.drain();
  const from = rig.capture.lines().length;
  // Redis stops; the same event is delivered again (a producer retry: same Event-Id, new offset).
  rig.proxy.set('down');
  producer.publish(event);
  await esm.drain();
  rig.proxy.set('up');
  await store.close();
  const lines = rig.capture.lines().slice(from);
  return { event, runs, effects, esm, lines, log };
}

describe('where at-most-once breaks', () => {
  test('fail-open + Redis down during a redelivery: the handler runs again, the effect layer stops the second effect', async () => {
    const { event, runs, effects, lines } = await scenario('open');
    assert.equal(
      runs.filter((r) => r.eventId === event.eventId).length,
      2,
      'the dedup layer let the repeat through',
    );
    assert.equal(effects.get(event.eventId), 1, 'the effect happened once');
    assert.ok(sumMetric(lines, 'DedupErrors') >= 1, 'DedupErrors counts the outage');
  });

  test('fail-closed + Redis down: the repeat fails and is retried; once Redis is back it is a duplicate', async () => {
    const { event, runs, effects, esm, lines, log } = await scenario('closed');
    assert.equal(runs.filter((r) => r.eventId === event.eventId).length, 1, 'the handler ran once');
    assert.equal(effects.get(event.eventId), 1);
    assert.ok(esm.stats.partialFailures >= 1, 'the repeat was reported failed while Redis was down');
    assert.equal(sumMetric(lines, 'MessagesDeduplicated'), 1, 'then suppressed as a duplicate');
    assert.equal(parseDlqText(dumpTopic(log, 't-dlq')).rows.length, 0);
  });

  test('a handler still running when middy answers its early timeout keeps its claim: no second run alongside', async () => {
    // The store's clock stands still, so the claim cannot expire: only a release could free it.
    const store = new MemoryDedupStore({ quiet: true, now: () => 0 });
    let slow = true;
    const { fn, runs } = testConsumer({
      service: uniqueService('overrun'),
      store,
      timeoutMs: 300,
      work: async () => {
        if (slow) {
          slow = false;
          await new Promise((r) => setTimeout(r, 500)); // still running when the invocation ends
        }
      },
    });
    const log = new KafkaLog();
    log.createTopic('t', 1);
    new EventProducer(log).send({ topic: 't', payload: { n: 1 } });
    const esm = new EventSourceMapping(log, fn, {
      topics: ['t'],
      provisionedPollers: {},
      functionResponseTypes: ['ReportBatchItemFailures'],
      retryBackoffMs: () => 50,
    });
    await esm.drain();
    assert.ok(esm.stats.invocations >= 2, 'the first invocation ended before its handler');
    assert.equal(runs.length, 1, `the handler ran ${runs.length} times for one event`);
  });
});
