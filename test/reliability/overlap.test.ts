/** A rebalance overlap: the old and the new owner of a partition run the same batch at the same time. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { MSKEvent } from 'aws-lambda';
import { EventProducer, EventSourceMapping, KafkaLog, toMskEvent } from '../../emulator/index.ts';
import { RedisDedupStore } from '../../lib/index.ts';
import {
  type OutputCapture,
  overlappingInvocations,
  startProcessOutputCapture,
  sumMetric,
} from '../../testkit/index.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';
import { testConsumer } from './support.ts';

let capture: OutputCapture;
before(() => {
  capture = startProcessOutputCapture(() => {});
});
after(() => capture.stop());

for (const waits of [false, true]) {
  test(`two consumers with the same batch at once: each event runs once; ${waits ? 'the loser waits for the held claims and finds them DONE' : 'the loser reports it failed, its retry is a duplicate'}`, async () => {
    const service = uniqueService('overlap');
    const store = new RedisDedupStore({ redis: { url: redisUrl() } });
    const effects = new Map<string, number>();
    const work = async (message: { eventId: string }) => {
      await new Promise((r) => setTimeout(r, 5)); // both invocations are in flight together
      effects.set(message.eventId, (effects.get(message.eventId) ?? 0) + 1);
    };
    // Without waiting (heldClaimWaitMs 0), held records fail at once, as in earlier releases.
    const wait = waits ? {} : { heldClaimWaitMs: 0 };
    const oldOwner = testConsumer({ service, store, work, ...wait });
    const newOwner = testConsumer({ service, store, work, ...wait });
    const log = new KafkaLog();
    log.createTopic('t', 2);
    const producer = new EventProducer(log);
    for (let i = 0; i < 20; i++) producer.send({ topic: 't', key: `k${i}`, payload: { i } });
    const [a, b] = await overlappingInvocations(
      [oldOwner.fn, newOwner.fn],
      toMskEvent(log.all('t')) as MSKEvent,
    );
    const failed = (r: typeof a) =>
      r!.ok ? ((r!.response as { batchItemFailures: unknown[] }).batchItemFailures?.length ?? 0) : Number.NaN;
    if (waits) {
      assert.equal(failed(a) + failed(b), 0, 'the loser waited for the winner’s commits: nothing to retry');
      assert.ok(
        sumMetric(capture.lines(), 'HeldClaimWaits', { Reason: 'done' }) >= 1,
        'the waits are counted',
      );
    } else {
      assert.ok(
        failed(a) + failed(b) >= 1,
        'at least one of them found claims held by the other and reported them failed',
      );
    }
    // The new owner's mapping redelivers the uncommitted partitions.
    const esm = new EventSourceMapping(log, newOwner.fn, {
      topics: ['t'],
      provisionedPollers: {},
      functionResponseTypes: ['ReportBatchItemFailures'],
    });
    await esm.drain();
    await store.close();
    assert.equal(effects.size, 20);
    assert.ok(
      [...effects.values()].every((n) => n === 1),
      `every event ran once: ${JSON.stringify([...effects.values()])}`,
    );
    assert.ok(sumMetric(capture.lines(), 'MessagesDeduplicated') >= 20, 'the redelivery found them DONE');
  });
}
