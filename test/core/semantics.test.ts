/**
 * The consumer's promises (issue 2, "Semantics that must hold"), each against a real Redis.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix, MARK_SLICES } from '../../lib/contract.ts';
import { type KafkaMessage, RedisDedupStore } from '../../lib/index.ts';
import { failedOffsets, lambdaContext, mskEvent, mskRecord, sumMetric } from '../../testkit/index.ts';
import { invoke, PARTITION_ORDER, sleep, testConsumers } from '../support/consumer.ts';
import { doneTtl, keyState } from '../support/marks.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

const admin = adminClient();
const build = testConsumers(PARTITION_ORDER);
after(async () => {
  await admin.quit();
});

function consumer(
  name: string,
  handle: (m: KafkaMessage<unknown>) => Promise<void> | void,
  extra: object = {},
) {
  const service = uniqueService(name);
  const handler = build({ service, handle, ...extra });
  return { service, handler, key: (id: string) => dedupKey(dedupKeyPrefix(service, 'h'), id) };
}

describe('kafkaHandler against Redis', () => {
  test('1. the same Event-Id, in one batch and in a later invocation, runs handle once', async () => {
    const seen: string[] = [];
    const { handler } = consumer('same-id', (m) => {
      seen.push(`${m.partition}@${m.offset}`);
    });
    const id = ulid();
    const event = mskEvent([
      mskRecord({ offset: 1, eventId: id }),
      mskRecord({ offset: 2, eventId: id }),
      mskRecord({ partition: 1, offset: 7, eventId: id }),
    ]);
    const first = await invoke(handler, event);
    assert.deepEqual(first.response.batchItemFailures, []);
    const again = await invoke(
      handler,
      mskEvent([mskRecord({ partition: 2, offset: 9, eventId: id.toLowerCase() })]),
    );
    assert.deepEqual(again.response.batchItemFailures, []);
    assert.equal(seen.length, 1);
    assert.equal(
      sumMetric(first.lines, 'MessagesDeduplicated') + sumMetric(again.lines, 'MessagesDeduplicated'),
      3,
    );
    assert.equal(sumMetric(first.lines, 'MessagesSucceeded'), 1);
  });

  test('2. a failed handle is reported, its claim released, and the redelivery runs it again', async () => {
    let calls = 0;
    const { handler, key } = consumer('fail-release', () => {
      calls++;
      if (calls === 1) throw new Error('downstream 503');
    });
    const id = ulid();
    const event = mskEvent([mskRecord({ offset: 40, eventId: id })]);
    const first = await invoke(handler, event);
    assert.deepEqual(failedOffsets(first.response), ['orders-0@40']);
    assert.equal(await admin.exists(key(id)), 0, 'claim released');
    const retry = await invoke(handler, event);
    assert.deepEqual(retry.response.batchItemFailures, []);
    assert.equal(calls, 2);
    assert.equal(await keyState(admin, key(id)), 'D');
  });

  test('3. offset order within a partition; a failure stops its partition only', async () => {
    const order: string[] = [];
    const ids = Array.from({ length: 6 }, () => ulid());
    const { handler, key } = consumer('order', async (m) => {
      order.push(`${m.partition}@${m.offset}`);
      await sleep(1);
      if (m.partition === 0 && m.offset === 11) throw new Error('boom');
    });
    // Records of partition 0 arrive out of order on purpose: they must still run 10, 11.
    const event = mskEvent([
      mskRecord({ offset: 11, eventId: ids[1] }),
      mskRecord({ offset: 10, eventId: ids[0] }),
      mskRecord({ offset: 12, eventId: ids[2] }),
      mskRecord({ partition: 1, offset: 20, eventId: ids[3] }),
      mskRecord({ partition: 1, offset: 21, eventId: ids[4] }),
      mskRecord({ partition: 1, offset: 22, eventId: ids[5] }),
    ]);
    const { response, lines } = await invoke(handler, event);
    assert.deepEqual(
      failedOffsets(response),
      ['orders-0@11', 'orders-0@12'],
      'the failed record and the one behind it that did not run',
    );
    assert.deepEqual(
      order.filter((o) => o.startsWith('0@')),
      ['0@10', '0@11'],
    );
    assert.deepEqual(
      order.filter((o) => o.startsWith('1@')),
      ['1@20', '1@21', '1@22'],
    );
    assert.equal(await admin.exists(key(ids[2]!)), 0, 'the record after the failure is released');
    assert.equal(await keyState(admin, key(ids[0]!)), 'D');
    assert.equal(sumMetric(lines, 'MessagesFailed'), 2);
    assert.equal(sumMetric(lines, 'MessagesProcessed'), 6);
  });

  test('4. two invocations holding the same record at once never run handle twice concurrently', async () => {
    let running = 0;
    let maxRunning = 0;
    let calls = 0;
    // Held records fail at once here (heldClaimWaitMs 0); waiting for them: held-claim-wait.test.ts.
    const { handler } = consumer(
      'overlap',
      async () => {
        calls++;
        running++;
        maxRunning = Math.max(maxRunning, running);
        await sleep(100);
        running--;
      },
      { heldClaimWaitMs: 0 },
    );
    const event = mskEvent([mskRecord({ offset: 5 }), mskRecord({ offset: 6 })]);
    const [a, b] = await Promise.all([invoke(handler, event), invoke(handler, event)]);
    assert.equal(maxRunning, 1);
    assert.equal(calls, 2, 'each record ran once, in one of the two invocations');
    const failures = [...failedOffsets(a.response), ...failedOffsets(b.response)];
    assert.deepEqual(
      failures,
      ['orders-0@5', 'orders-0@6'],
      'the loser reports the held record as failed, and the one behind it that it did not run',
    );
  });

  test('5. a crashed invocation holds its claims only until the lease ends; the redelivery then runs', async () => {
    let calls = 0;
    const { handler, key } = consumer(
      'crash',
      () => {
        calls++;
      },
      { heldClaimWaitMs: 0 },
    );
    const id = ulid();
    // A process that died mid-batch runs no cleanup: its claim stays until the lease ends.
    const crashed = new RedisDedupStore({ redis: { url: redisUrl() } });
    assert.deepEqual(await crashed.claim([key(id)], 'crashed-owner', 800), ['claimed']);
    await crashed.close();
    const event = mskEvent([mskRecord({ offset: 3, eventId: id })]);
    const early = await invoke(handler, event);
    assert.deepEqual(failedOffsets(early.response), ['orders-0@3'], 'held while the lease lasts');
    assert.equal(await admin.get(key(id)), 'P:crashed-owner', "the other owner's claim is left alone");
    assert.equal(calls, 0);
    await sleep(900);
    const late = await invoke(handler, event);
    assert.deepEqual(late.response.batchItemFailures, []);
    assert.equal(calls, 1);
  });

  test('5b. a Lambda timeout while handle runs: the claim stays with the running handler, then settles', async () => {
    let calls = 0;
    let finish: () => void = () => {};
    const { handler, key } = consumer(
      'timeout',
      async () => {
        calls++;
        if (calls === 1) await new Promise<void>((r) => (finish = r)); // outlives its invocation
      },
      { heldClaimWaitMs: 0 },
    );
    const id = ulid();
    const event = mskEvent([mskRecord({ offset: 3, eventId: id })]);
    const dying = invoke(handler, event, lambdaContext({ timeoutMs: 1500 })).catch((error: Error) => error);
    await sleep(100);
    const ttl = await admin.pttl(key(id));
    assert.ok(ttl > 0 && ttl <= 1500, `the lease follows the remaining time, got ${ttl}`);
    // middy answers just before the deadline; releasing now would let a retry run alongside.
    assert.equal(((await dying) as Error).name, 'TimeoutError');
    assert.match((await admin.get(key(id))) ?? '', /^P:/, 'still claimed by the running handler');
    const meanwhile = await invoke(handler, event);
    assert.deepEqual(failedOffsets(meanwhile.response), ['orders-0@3'], 'a retry meanwhile is held off');
    finish();
    await sleep(50);
    assert.equal(await keyState(admin, key(id)), 'D', 'committed when the late handler succeeded');
    const retry = await invoke(handler, event);
    assert.deepEqual(retry.response.batchItemFailures, []);
    assert.equal(calls, 1);
  });

  test('6. different Event-Ids sharing a Correlation-Id all run', async () => {
    let calls = 0;
    const { handler } = consumer('correlation', () => {
      calls++;
    });
    const event = mskEvent([1, 2, 3].map((offset) => mskRecord({ offset, correlationId: 'req-42' })));
    const { response } = await invoke(handler, event);
    assert.deepEqual(response.batchItemFailures, []);
    assert.equal(calls, 3);
  });

  test('7. bad input fails only its record, with an error naming it; a tombstone reaches handle', async () => {
    const payloads: unknown[] = [];
    const { handler } = consumer('bad-input', (m) => {
      payloads.push(m.payload);
    });
    const event = mskEvent([
      mskRecord({ topic: 't', partition: 0, offset: 1, eventId: null }),
      mskRecord({ topic: 't', partition: 1, offset: 2, eventId: 'not-a-ulid' }),
      mskRecord({ topic: 't', partition: 2, offset: 3, rawValue: 'no$base64!' }),
      mskRecord({ topic: 't', partition: 3, offset: 4, rawValue: Buffer.from('{oops').toString('base64') }),
      mskRecord({ topic: 't', partition: 4, offset: 5, rawValue: null }),
      mskRecord({ topic: 't', partition: 5, offset: 6, value: { ok: true } }),
    ]);
    const { response, lines } = await invoke(handler, event);
    assert.deepEqual(failedOffsets(response), ['t-0@1', 't-1@2', 't-2@3', 't-3@4']);
    assert.deepEqual(payloads, [null, { ok: true }]);
    const errors = lines.filter((l) => l.level === 'ERROR');
    const texts = errors.map((l) => JSON.stringify(l));
    for (const [where, why] of [
      ['t-0@1', 'no Event-Id header'],
      ['t-1@2', 'is not a ULID'],
      ['t-2@3', 'not valid base64'],
      ['t-3@4', 'rejected by parse'],
    ]) {
      assert.ok(
        texts.some((t) => t.includes(`record ${where}`) && t.includes(why!)),
        `a structured error names ${where}: ${why}`,
      );
    }
    const partitioned = errors.find((l) => JSON.stringify(l).includes('t-3@4'))!;
    assert.equal(partitioned.topic, 't');
    assert.equal(partitioned.partition, 3);
    assert.equal(partitioned.offset, 4);
  });

  test('9. records are not started with too little time left; they fail and are released', async () => {
    const ids = [ulid(), ulid(), ulid()];
    const ran: number[] = [];
    const service = uniqueService('time');
    const handler = build({
      service,
      reserveMs: 1000,
      async handle(m) {
        ran.push(m.offset);
        await sleep(900);
      },
    });
    const event = mskEvent(ids.map((eventId, i) => mskRecord({ offset: i, eventId })));
    const { response } = await invoke(handler, event, lambdaContext({ timeoutMs: 2600 }));
    assert.deepEqual(ran, [0, 1]);
    assert.deepEqual(failedOffsets(response), ['orders-0@2']);
    assert.equal(await admin.exists(dedupKey(dedupKeyPrefix(service, 'h'), ids[2]!)), 0);
    assert.equal(await keyState(admin, dedupKey(dedupKeyPrefix(service, 'h'), ids[1]!)), 'D');
  });

  test('10. key is <service>:dedup:<handler>:<EVENT-ID>; lease while running, window when done', async () => {
    const id = ulid().toLowerCase();
    let leaseTtl = -1;
    const service = uniqueService('key');
    const handler = build({
      service,
      handlerName: 'on-review-created',
      // The default reserve, as a deployed function has it: the lease follows the time left.
      reserveMs: undefined,
      window: 'critical',
      async handle() {
        leaseTtl = await admin.pttl(dedupKey(dedupKeyPrefix(service, 'on-review-created'), id.toUpperCase()));
      },
    });
    await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1, eventId: id })]),
      lambdaContext({ timeoutMs: 30_000 }),
    );
    assert.ok(leaseTtl > 25_000 && leaseTtl <= 30_000, `lease ~ remaining time, got ${leaseTtl}`);
    const week = 7 * 86_400_000;
    const ttl = await doneTtl(
      admin,
      dedupKey(dedupKeyPrefix(service, 'on-review-created'), id.toUpperCase()),
      week,
    );
    // The mark's hash: the window and a slice (window / MARK_SLICES) at least, two at most (set by
    // the slice's first commit into the hash).
    assert.ok(
      ttl > week + week / MARK_SLICES - 60_000 && ttl <= week + (2 * week) / MARK_SLICES,
      `critical window is 7 d, got ${ttl}`,
    );
  });
});

test('an error marked retryLater fails the record but is logged as a warning, not a handler failure', async () => {
  const handler = build({
    service: uniqueService('retry-later'),
    handle() {
      throw Object.assign(new Error('another call is running this effect now'), { retryLater: true });
    },
  });
  const { response, lines } = await invoke(handler, mskEvent([mskRecord({ offset: 8 })]));
  assert.deepEqual(failedOffsets(response), ['orders-0@8']);
  assert.ok(lines.some((l) => l.level === 'WARN' && l.message === 'handler asked for a retry later'));
  assert.ok(!lines.some((l) => l.level === 'ERROR'));
});

test('values are parsed when their record runs: duplicates and records behind a failure are never parsed', async () => {
  let parsed = 0;
  const id = ulid();
  const handler = build({
    service: uniqueService('lazy-parse'),
    parse: (value) => {
      parsed++;
      return JSON.parse(value.toString('utf8'));
    },
    handle(m) {
      if ((m.payload as { fail?: boolean }).fail) throw new Error('no');
    },
  });
  const { response } = await invoke(
    handler,
    mskEvent([
      mskRecord({ offset: 1, eventId: id }),
      mskRecord({ offset: 2, eventId: id }),
      mskRecord({ partition: 1, offset: 5, value: { fail: true } }),
      mskRecord({ partition: 1, offset: 6 }),
    ]),
  );
  assert.deepEqual(failedOffsets(response), ['orders-1@5', 'orders-1@6']);
  assert.equal(parsed, 2, 'offset 1 and offset 5 only');
});

test('after the invocation has answered, the rest of a busy partition is not started', async () => {
  const ran: number[] = [];
  let finish: () => void = () => {};
  const handler = build({
    service: uniqueService('after-answer'),
    async handle(m) {
      ran.push(m.offset);
      if (m.offset === 1) await new Promise<void>((r) => (finish = r));
    },
  });
  const dying = invoke(
    handler,
    mskEvent([mskRecord({ offset: 1 }), mskRecord({ offset: 2 })]),
    lambdaContext({ timeoutMs: 1200 }),
  );
  assert.equal(((await dying.catch((e: Error) => e)) as Error).name, 'TimeoutError');
  finish();
  await sleep(50);
  assert.deepEqual(ran, [1], 'offset 2 was released with the answer and must not run afterwards');
});

test('a malformed event fails the whole invocation with a clear error (nothing is skipped)', async () => {
  const handler = build({
    service: uniqueService('malformed'),
    handle() {},
  });
  const event = { ...mskEvent([mskRecord({ offset: 1 })]), records: { 'orders-0': 'oops' } } as never;
  await assert.rejects(invoke(handler, event), /records\['orders-0'\] is not an array/);
  await assert.rejects(invoke(handler, {} as never), /not an MSK event/);
});
