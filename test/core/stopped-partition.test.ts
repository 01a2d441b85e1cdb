/**
 * What a stopped partition reports (docs/consumer.md, "What a stopped partition reports"): the
 * failed record and every later record of its partition that did not run, so that no reading of
 * "retry only the failed records" can commit a record that never ran. Then what that does to the
 * retries and the DLQ under each reading, with the real consumer behind the emulated mapping.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MSKEvent } from 'aws-lambda';
import {
  EventProducer,
  EventSourceMapping,
  type InvocationReport,
  inProcess,
  KafkaLog,
  LambdaFunction,
  type PartialResponseReading,
} from '../../emulator/index.ts';
import { type KafkaMessage, MemoryDedupStore } from '../../lib/index.ts';
import { failedOffsets, mskEvent, mskRecord, storeOfEnvironment } from '../../testkit/index.ts';
import { invoke, PARTITION_ORDER, testConsumers } from '../support/consumer.ts';

const build = testConsumers(PARTITION_ORDER);

describe('a stopped partition', () => {
  test('reports the failed record and every later record it did not run; other partitions go on', async () => {
    const ran: string[] = [];
    const handler = build({
      service: 'stopped',
      store: new MemoryDedupStore({ quiet: true }),
      handle: (m: KafkaMessage<unknown>) => {
        ran.push(`${m.partition}@${m.offset}`);
        if (m.partition === 0 && m.offset === 11) throw new Error('boom');
      },
    });
    const event = mskEvent([
      mskRecord({ offset: 10 }),
      mskRecord({ offset: 11 }),
      mskRecord({ offset: 12 }),
      mskRecord({ offset: 13 }),
      mskRecord({ partition: 1, offset: 20 }),
      mskRecord({ partition: 1, offset: 21 }),
    ]);
    const { response } = await invoke(handler, event);
    assert.deepEqual(failedOffsets(response), ['orders-0@11', 'orders-0@12', 'orders-0@13']);
    assert.deepEqual(ran.sort(), ['0@10', '0@11', '1@20', '1@21']);
  });

  // One partition of 5 events; the second is poison. Retries: 2, then the DLQ topic.
  async function run(reading: PartialResponseReading) {
    const log = new KafkaLog();
    log.createTopic('t', 1);
    log.createTopic('t-dlq', 1);
    const producer = new EventProducer(log);
    const ids = Array.from(
      { length: 5 },
      (_, i) => producer.send({ topic: 't', key: `k${i}`, payload: { i, poison: i === 1 } }).event.eventId,
    );
    const effects = new Map<string, number>();
    const store = new MemoryDedupStore({ quiet: true });
    const fn = new LambdaFunction<MSKEvent>(
      inProcess((env) =>
        build<{ i: number; poison: boolean }>({
          service: `stopped-${reading}`,
          store: storeOfEnvironment(store, env),
          handle: (m) => {
            if (m.payload?.poison) throw new Error(`poison ${m.eventId}`);
            effects.set(m.eventId, (effects.get(m.eventId) ?? 0) + 1);
          },
        }),
      ),
      { functionName: 'stopped', timeoutMs: 5_000 },
    );
    const reports: InvocationReport[] = [];
    const esm = new EventSourceMapping(log, fn, {
      topics: ['t'],
      provisionedPollers: {},
      functionResponseTypes: ['ReportBatchItemFailures'],
      partialResponseReading: reading,
      maximumRetryAttempts: 2,
      maximumBatchingWindowInSeconds: 0,
      onFailureDestination: 'kafka://t-dlq',
      onInvocation: (r) => reports.push(r),
    });
    await esm.drain();
    await fn.close();
    const dlq = esm.stats.sentToDestination.map((f) => f.offset);
    return { ids, effects, dlq, reports, lag: esm.offsetLag };
  }

  for (const [reading, expected] of [
    // The records behind the poison one were reported with it: they share its retries and reach
    // the DLQ with it, never run (their DLQ rows say so), instead of being committed unrun.
    ['retry-reported-only', { dlq: [1, 2, 3, 4], effects: [0], invocations: 3 }],
    // The partition resumes at the poison record: it alone reaches the DLQ, the rest run after it.
    ['resume-from-lowest', { dlq: [1], effects: [0, 2, 3, 4], invocations: 4 }],
  ] as const) {
    test(`under ${reading}: nothing lost, nothing twice; the DLQ holds ${expected.dlq.join(', ')}`, async () => {
      const r = await run(reading);
      assert.equal(r.lag, 0);
      assert.deepEqual(r.dlq, expected.dlq);
      assert.deepEqual(
        r.ids.flatMap((id, i) => (r.effects.get(id) === 1 ? [i] : [])),
        expected.effects,
      );
      for (const [i, id] of r.ids.entries()) {
        const n = r.effects.get(id) ?? 0;
        assert.ok(n <= 1, `event ${i} had its effect ${n} times`);
        assert.ok(n === 1 || r.dlq.includes(i), `event ${i} had its effect or is in the DLQ`);
      }
      assert.equal(r.reports.length, expected.invocations, 'the first attempt, 2 retries (and the tail)');
      assert.deepEqual(
        r.reports[0]!.failed!.map((f) => f.offset),
        [1, 2, 3, 4],
        'the first answer names the poison record and the three it did not run',
      );
    });
  }
});
