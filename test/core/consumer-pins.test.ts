/**
 * Behaviours of the consumer that no test pinned (issue 31's unseen-mutant audit), through
 * kafkaHandler with real Redis, so that they hold whatever the middlewares become:
 * - key order's lanes are per partition: one key in two partitions, a failure in one does not
 *   stop the other;
 * - unguarded records (store down, fail-open) take a concurrency slot like claimed ones;
 * - the wait for a held claim keeps the reserve: it gives up before the invocation's end, so the
 *   invocation answers itself instead of being ended by its timeout;
 * - a held claim won after the invocation answered is released at once.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import {
  type DedupStore,
  type KafkaMessage,
  kafkaHandler,
  MemoryDedupStore,
  RedisDedupStore,
} from '../../lib/index.ts';
import { failedOffsets, lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, sleep, testConsumers } from '../support/consumer.ts';
import { eventually } from '../support/eventually.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

const admin = adminClient();
const consumer = testConsumers();
after(async () => {
  admin.disconnect();
});

const ID = (n: number) => `01J9ZKQ6W8Y3N2V4B5C6D7E8${String(n).padStart(2, '0')}`;

describe('key order', () => {
  test('lanes are per partition: a failure of key k in one partition does not stop key k in another', async () => {
    const ran: string[] = [];
    const handler = consumer({
      service: 'svc',
      store: new MemoryDedupStore({ quiet: true }),
      ordering: 'key',
      handle: (m: KafkaMessage<{ fail?: boolean }>) => {
        ran.push(`${m.partition}@${m.offset}`);
        if (m.payload?.fail) throw new Error('push provider answered 503');
      },
    });
    const { response } = await invoke(
      handler,
      mskEvent([
        mskRecord({ partition: 0, offset: 1, key: 'k', value: { fail: true } }),
        mskRecord({ partition: 0, offset: 2, key: 'k' }),
        mskRecord({ partition: 1, offset: 1, key: 'k' }),
        mskRecord({ partition: 1, offset: 2, key: 'k' }),
      ]),
    );
    assert.deepEqual(failedOffsets(response), ['orders-0@1', 'orders-0@2']);
    assert.deepEqual(ran.sort(), ['0@1', '1@1', '1@2']);
  });

  test('unguarded records (store down, fail-open) take a concurrency slot', async () => {
    // A store that never answers a claim: every record runs unguarded.
    const down: DedupStore = {
      claim: async () => {
        throw new Error('store down');
      },
      commit: async () => {},
      release: async () => {},
      close: async () => {},
    };
    let inFlight = 0;
    let maxInFlight = 0;
    let runs = 0;
    const handler = consumer({
      service: 'svc',
      store: down,
      onStoreError: 'open',
      ordering: 'key',
      concurrency: 2,
      handle: async () => {
        runs++;
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await sleep(10);
        inFlight--;
      },
    });
    const records = Array.from({ length: 12 }, (_, i) =>
      mskRecord({ partition: i % 3, offset: i, key: `k${i}` }),
    );
    const { response } = await invoke(handler, mskEvent(records));
    assert.deepEqual(failedOffsets(response), []);
    assert.equal(runs, 12);
    assert.ok(maxInFlight <= 2, `at most 2 at once, saw ${maxInFlight}`);
  });
});

describe('the concurrency bound of key order', () => {
  test('1 and 1000 are taken; 0 and 1001 refused, naming the range', () => {
    const make = (concurrency: number) =>
      kafkaHandler({
        service: 'svc',
        handlerName: 'h',
        store: new MemoryDedupStore({ quiet: true }),
        ordering: 'key',
        concurrency,
        handle: () => {},
      });
    for (const ok of [1, 1000]) assert.doesNotThrow(() => make(ok), `${ok} is taken`);
    for (const bad of [0, 1001])
      assert.throws(
        () => make(bad),
        (e: Error) =>
          new RegExp(`concurrency: ${bad} is not a whole number of records 1\\.\\.1000`).test(e.message),
      );
  });
});

describe('waiting for a held claim', () => {
  test('the wait keeps the reserve: it ends before the invocation does, which answers itself', async () => {
    const service = uniqueService('held-reserve');
    const key = dedupKey(dedupKeyPrefix(service, 'h'), ID(1));
    await admin.set(key, 'P:another-invocation', 'PX', 120_000);
    let runs = 0;
    const handler = consumer({
      service,
      reserveMs: 1500,
      heldClaimWaitMs: 60_000,
      handle: () => {
        runs++;
      },
    });
    const r = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1, eventId: ID(1) })]),
      lambdaContext({ timeoutMs: 4000 }),
    ).catch((error: Error) => ({ error }));
    assert.ok(
      !('error' in r),
      `answered by the consumer, not ended by the timeout: ${String((r as { error?: Error }).error)}`,
    );
    assert.deepEqual(failedOffsets(r.response), ['orders-0@1'], 'still held at the bound: retried');
    assert.equal(runs, 0);
  });

  test('a held claim won after the invocation answered is released at once', async () => {
    const service = uniqueService('held-late');
    const key = dedupKey(dedupKeyPrefix(service, 'h'), ID(1));
    await admin.set(key, 'P:another-invocation', 'PX', 120_000);
    let answered!: () => void;
    const answer = new Promise<void>((resolve) => {
      answered = resolve;
    });
    const redis = new RedisDedupStore({ redis: { url: redisUrl() } });
    let claims = 0;
    let lateClaim: unknown;
    const released: string[] = [];
    // The store as is, but the wait's claim is held back until the invocation has answered (its
    // timeout ended it), and the other owner lets go meanwhile: that claim is won too late.
    const store: DedupStore = {
      claim: async (keys, owner, leaseMs) => {
        if (++claims === 2) {
          await answer;
          await admin.del(key);
        }
        const got = await redis.claim(keys, owner, leaseMs);
        if (claims === 2) lateClaim = got[0];
        return got;
      },
      commit: (keys, owner, windowMs) => redis.commit(keys, owner, windowMs),
      extend: (keys, owner, leaseMs) => redis.extend(keys, owner, leaseMs),
      release: (keys, owner) => {
        released.push(...keys);
        return redis.release(keys, owner);
      },
      close: () => redis.close(),
    };
    let runs = 0;
    const handler = consumer({
      service,
      store,
      leaseMs: 120_000,
      heldClaimWaitMs: 60_000,
      handle: () => {
        runs++;
      },
    });
    await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1, eventId: ID(1) })]),
      lambdaContext({ timeoutMs: 1500 }),
    )
      .catch(() => undefined)
      .finally(answered);
    assert.ok(
      // Released by a call of its own (its lease, bounded by the invocation's time, would end it
      // later anyway: the call is what is asserted).
      await eventually(async () => lateClaim === 'claimed' && released.includes(key)),
      `the late claim was released at once, not left to its lease (released: ${released.join(', ')})`,
    );
    assert.equal(await admin.get(key), null);
    assert.equal(runs, 0, 'not run after the answer');
  });
});
