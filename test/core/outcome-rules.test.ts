/**
 * Three rules of a record's outcome (issue 20, items 17-19): a lost claim is counted once however
 * often the batch re-checks it; a copy of a record that was itself a duplicate is a duplicate too;
 * a record whose claim was released after the answer is not started and still gets an outcome, so
 * that a copy of it does not wait forever.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { ulid } from 'ulid';
import type { BatchRecord } from '../../lib/consumer/batch-record.ts';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import { lambdaContext, mskEvent, mskRecord, sumMetric } from '../../testkit/index.ts';
import { invoke, PARTITION_ORDER, sleep, testConsumers } from '../support/consumer.ts';
import { adminClient, uniqueService } from '../support/redis.ts';

const admin = adminClient();
const build = testConsumers(PARTITION_ORDER);
after(() => admin.quit());

const LEASE = 1200;

function consumer(name: string, handle: (eventId: string) => Promise<void> | void) {
  const service = uniqueService(name);
  const ran: string[] = [];
  const handler = build({
    service,
    leaseMs: LEASE,
    handle: async (m) => {
      ran.push(m.eventId);
      await handle(m.eventId);
    },
  });
  return { handler, ran, key: (id: string) => dedupKey(dedupKeyPrefix(service, 'h'), id) };
}

function reasonCount(lines: unknown[], reason: string): number {
  let n = 0;
  for (const line of lines as Record<string, unknown>[]) {
    if (line.Reason === reason && typeof line.DedupErrors === 'number') n += line.DedupErrors;
  }
  return n;
}

describe('a lost claim is counted once', () => {
  test('a running record whose claim is gone, renewed five times while it runs: claim-lost is 1', async () => {
    const id = ulid();
    const { handler, key } = consumer('lost-once', async () => {
      await admin.del(key(id)); // Redis lost it
      await sleep(LEASE * 2); // about five renewals, each answering lost for it
    });
    const { response, lines } = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1, eventId: id })]),
      lambdaContext({ timeoutMs: 60_000 }),
    );
    assert.deepEqual(response.batchItemFailures, [], 'a running record cannot be stopped: it stands');
    assert.equal(reasonCount(lines, 'claim-lost'), 1);
    const logged = lines.filter((l) => JSON.stringify(l).includes('claims lost under a running batch'));
    assert.equal(logged.length, 1, 'and logged once');
  });
});

describe('a copy of a duplicate is a duplicate', () => {
  test('the same Event-Id twice, DONE before the batch: both deduplicated, none failed', async () => {
    const id = ulid();
    const { handler, ran, key } = consumer('copy-of-done', () => {});
    await admin.set(key(id), 'D', 'PX', 60_000);
    const { response, lines } = await invoke(
      handler,
      mskEvent([
        mskRecord({ partition: 0, offset: 1, eventId: id }),
        mskRecord({ partition: 1, offset: 1, eventId: id }),
      ]),
    );
    assert.deepEqual(response.batchItemFailures, []);
    assert.deepEqual(ran, []);
    assert.equal(sumMetric(lines, 'MessagesDeduplicated'), 2);
  });

  test('the original found DONE by a renewal before it started: its copy is deduplicated too', async () => {
    const [slow, id] = [ulid(), ulid()];
    const { handler, ran, key } = consumer('copy-of-lost-done', async (eventId) => {
      if (eventId !== slow) return;
      // Another invocation finishes the event while this one is busy: a renewal finds the key DONE.
      await admin.set(key(id), 'D', 'PX', 60_000);
      await sleep(LEASE);
    });
    const { response, lines } = await invoke(
      handler,
      mskEvent([
        mskRecord({ partition: 0, offset: 1, eventId: slow }),
        mskRecord({ partition: 0, offset: 2, eventId: id }),
        mskRecord({ partition: 1, offset: 1, eventId: id }),
      ]),
      lambdaContext({ timeoutMs: 60_000 }),
    );
    assert.deepEqual(ran, [slow]);
    assert.deepEqual(response.batchItemFailures, [], 'neither the original nor its copy failed');
    assert.equal(sumMetric(lines, 'MessagesDeduplicated'), 2);
  });
});

describe('a record released after the answer', () => {
  test('is not started, gets an outcome, and its copy does not wait forever', async () => {
    const [slow, id] = [ulid(), ulid()];
    let finish: () => void = () => {};
    const { handler, ran, key } = consumer('released-after-answer', async (eventId) => {
      if (eventId === slow) await new Promise<void>((r) => (finish = r));
    });
    let records: BatchRecord<unknown>[] = [];
    handler.hook({
      afterStage: (stage, invocation) => {
        if (stage === 'claim') records = invocation.partitions.flat() as BatchRecord<unknown>[];
      },
    });
    const answer = await invoke(
      handler,
      mskEvent([
        mskRecord({ partition: 0, offset: 1, eventId: slow }),
        mskRecord({ partition: 0, offset: 2, eventId: id }),
        mskRecord({ partition: 1, offset: 1, eventId: id }),
      ]),
      lambdaContext({ timeoutMs: 1200 }),
    ).catch((e: Error) => e);
    assert.equal((answer as Error).name, 'TimeoutError', 'the invocation answered early');
    const [running, original, copy] = records;
    assert.equal(original!.claim, 'released', 'the record that had not started was released at the answer');
    finish();
    const settled = Promise.all([running!, original!, copy!].map((r) => r.whenSettled()));
    const outcome = await Promise.race([
      settled.then(() => 'settled'),
      sleep(5000).then(() => 'still waiting'),
    ]);
    assert.equal(outcome, 'settled', 'every record got an outcome');
    assert.deepEqual(ran, [slow], 'the released record was not started');
    assert.equal(original!.outcome, 'failed');
    assert.equal(original!.error?.name, 'OutOfTimeError');
    assert.equal(copy!.outcome, 'failed', 'its copy follows it: failed, so the retry runs it');
    assert.equal(await admin.exists(key(id)), 0, 'nothing holds or marks its key');
  });
});
