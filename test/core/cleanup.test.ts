/**
 * Behaviours a mutation audit found unpinned (issue 12, "Test strength"): cleanup after a timeout
 * or a late reply, the in-batch copy rule under fail-open with the store down, the default
 * onStoreError, and renewal while a handler outlives the answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import { type KafkaMessage, RedisDedupStore } from '../../lib/index.ts';
import {
  emfDocuments,
  failedOffsets,
  lambdaContext,
  mskEvent,
  mskRecord,
  startTcpFaultProxy,
  sumMetric,
  type TcpFaultProxy,
} from '../../testkit/index.ts';
import { freePort } from '../../testkit/internal/index.ts';
import { invoke, PARTITION_ORDER, sleep, testConsumers } from '../support/consumer.ts';
import { eventually } from '../support/eventually.ts';
import { keyState } from '../support/marks.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

const admin = adminClient();
let proxy: TcpFaultProxy;
const build = testConsumers(PARTITION_ORDER);
before(async () => {
  proxy = await startTcpFaultProxy(redisUrl());
});
after(async () => {
  await proxy.stop();
  await admin.quit();
});

function consumer(
  name: string,
  handle: (m: KafkaMessage<unknown>) => unknown,
  extra: Record<string, unknown> = {},
) {
  const service = uniqueService(name);
  const handler = build({
    service,
    handle: async (m) => {
      await handle(m);
    },
    ...extra,
  });
  return { handler, key: (id: string) => dedupKey(dedupKeyPrefix(service, 'h'), id) };
}

describe('cleanup after a timeout or a late reply', () => {
  // A client you pass in is never dropped after a timeout (it is yours), so the late replies land on
  // it; the store's own connection is replaced, the old one kept open for late replies
  // (lateReplyGraceMs): either way the claims that land late are released.
  for (const own of [false, true]) {
    test(`claims that land after the command timeout are released (${own ? "the store's own connection" : 'a client passed in'})`, async () => {
      const service = uniqueService('late-claim');
      const client = own
        ? undefined
        : new Redis(proxy.url, { maxRetriesPerRequest: 0, enableOfflineQueue: false });
      const store = new RedisDedupStore({ redis: client ?? { url: proxy.url }, commandTimeoutMs: 100 });
      const keys = [`${service}:a`, `${service}:b`];
      const present = async () => Promise.all(keys.map((k) => admin.exists(k)));
      // Far over the command timeout (100 ms) and, both ways, well within the grace the store's own
      // replaced connection stays open for late replies (lateReplyGraceMs, 5 s).
      const slowMs = 1500;
      try {
        await store.claim([`${service}:warm-up`], 'me', 1000); // connected while the proxy is quick
        proxy.set({ slowMs });
        // A lease far longer than the wait below: only a release can make the claims go.
        await assert.rejects(store.claim(keys, 'me', 600_000), /timeout/);
        // Waited for, not slept: a loaded machine makes this slower, not red.
        assert.ok(await eventually(async () => (await present()).includes(1)), 'the late claim landed');
        proxy.set('up');
        assert.ok(
          await eventually(async () => (await present()).every((n) => n === 0)),
          'late claims released',
        );
      } finally {
        proxy.set('up');
        await store.close();
      }
    });
  }

  test('records never started when middy answers early are released, not marked DONE', async () => {
    let finish: () => void = () => {};
    const [first, second] = [ulid(), ulid()];
    const { handler, key } = consumer('early-answer', async (m) => {
      if (m.eventId === first) await new Promise<void>((r) => (finish = r));
    });
    const answer = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1, eventId: first }), mskRecord({ offset: 2, eventId: second })]),
      lambdaContext({ timeoutMs: 1200 }),
    ).catch((e: Error) => e);
    assert.equal((answer as Error).name, 'TimeoutError');
    await sleep(100);
    assert.equal(await admin.exists(key(second)), 0, 'the record that never started is released');
    assert.match((await admin.get(key(first))) ?? '', /^P:/, 'the running one keeps its claim');
    finish();
    await sleep(100);
    assert.equal(await keyState(admin, key(first)), 'D', 'and commits it when it succeeds');
    assert.equal(await admin.exists(key(second)), 0, 'never DONE');
  });

  test('renewal goes on while a handler outlives the answer, and stops once it settles', async () => {
    let finish: () => void = () => {};
    const id = ulid();
    const { handler, key } = consumer(
      'outlive-renew',
      async () => {
        await new Promise<void>((r) => (finish = r));
      },
      { leaseMs: 1000 },
    );
    const answer = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1, eventId: id })]),
      lambdaContext({ timeoutMs: 1100 }),
    ).catch((e: Error) => e);
    assert.equal((answer as Error).name, 'TimeoutError');
    await sleep(2000); // two leases after the answer: only renewals keep the claim
    const ttl = await admin.pttl(key(id));
    assert.ok(ttl > 0 && ttl <= 1000, `still claimed, on a renewed lease: PTTL ${ttl}`);
    finish();
    await sleep(100);
    assert.equal(await keyState(admin, key(id)), 'D');
  });
});

describe('the store down', () => {
  test('the default onStoreError is open: records run unguarded and the error is counted', async () => {
    let calls = 0;
    const { handler } = consumer(
      'default-policy',
      () => {
        calls++;
      },
      {
        redis: { url: `redis://127.0.0.1:${await freePort()}`, connectTimeoutMs: 200, commandTimeoutMs: 100 },
      },
    );
    const { response, lines } = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1 }), mskRecord({ offset: 2 })]),
    );
    assert.deepEqual(response.batchItemFailures, []);
    assert.equal(calls, 2);
    assert.deepEqual(
      emfDocuments(lines)
        .filter((d) => 'DedupErrors' in d)
        .map((d) => d.Reason),
      ['misconfigured'], // nothing ever listened: not an outage
    );
  });

  test('fail-open, store down: a copy in the batch follows its original (once if it succeeds, failed if not)', async () => {
    const down = {
      redis: { url: `redis://127.0.0.1:${await freePort()}`, connectTimeoutMs: 200, commandTimeoutMs: 100 },
    };
    const [ok, bad] = [ulid(), ulid()];
    const ran: string[] = [];
    const { handler } = consumer(
      'copy-open',
      (m) => {
        ran.push(`${m.eventId}@${m.partition}`);
        if (m.eventId === bad) throw new Error('downstream 503');
      },
      { ...down, onStoreError: 'open' },
    );
    const { response, lines } = await invoke(
      handler,
      mskEvent([
        mskRecord({ partition: 0, offset: 1, eventId: ok }),
        mskRecord({ partition: 1, offset: 1, eventId: ok }),
        mskRecord({ partition: 2, offset: 1, eventId: bad }),
        mskRecord({ partition: 3, offset: 1, eventId: bad }),
      ]),
    );
    assert.deepEqual(ran, [`${ok}@0`, `${bad}@2`], 'each event ran once, from its first record');
    assert.deepEqual(failedOffsets(response).sort(), ['orders-2@1', 'orders-3@1']);
    assert.equal(sumMetric(lines, 'MessagesDeduplicated'), 1);
  });
});
