/**
 * The key format (lib/dedup/key.ts): `<service>:dedup:<handler>:{<bucket>}<EVENT-ID>`, buckets
 * spread evenly over the slots, and the rollout read of the previous format on a real Redis.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import calculateSlot from 'cluster-key-slot';
import { ulid } from 'ulid';
import { BUCKET_TAGS, eventIdOfKey, keyBucket, previousFormatKey } from '../../lib/dedup/key.ts';
import {
  ConfigurationError,
  DedupStoreError,
  dedupKey,
  dedupKeyPrefix,
  KEY_BUCKETS,
  kafkaHandler,
  RedisDedupStore,
} from '../../lib/index.ts';
import { startTcpFaultProxy } from '../../testkit/index.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

describe('key format', () => {
  test('bucket i hashes into the i-th of 128 equal slot ranges, each tag once', () => {
    assert.equal(BUCKET_TAGS.length, KEY_BUCKETS);
    assert.equal(new Set(BUCKET_TAGS).size, KEY_BUCKETS);
    const width = 16_384 / KEY_BUCKETS;
    BUCKET_TAGS.forEach((tag, i) => {
      const slot = calculateSlot(`x${tag}y`);
      assert.ok(slot >= i * width && slot < (i + 1) * width, `${tag}: slot ${slot} outside bucket ${i}`);
    });
  });

  test('ULIDs fill the buckets evenly (each within 20% of the mean over 64,000 ids)', () => {
    const counts = new Array<number>(KEY_BUCKETS).fill(0);
    for (let i = 0; i < 64_000; i++) counts[keyBucket(ulid())]!++;
    const mean = 64_000 / KEY_BUCKETS;
    for (const [bucket, n] of counts.entries())
      assert.ok(Math.abs(n - mean) < mean * 0.2, `bucket ${bucket} got ${n}, mean ${mean}`);
  });

  test('the key: prefix, the bucket tag of the id, the id; the previous format drops the tag', () => {
    const id = '01J9ZKQ6W8Y3N2V4B5C6D7E8F9';
    const key = dedupKey(dedupKeyPrefix('notification', 'on-review-created'), id);
    assert.equal(key, `notification:dedup:on-review-created:${BUCKET_TAGS[keyBucket(id)]}${id}`);
    assert.match(key, /^notification:dedup:on-review-created:\{[0-9a-z]{1,2}\}01J9ZKQ6W8Y3N2V4B5C6D7E8F9$/);
    assert.equal(previousFormatKey(key), `notification:dedup:on-review-created:${id}`);
    assert.equal(eventIdOfKey(key), id);
    assert.equal(eventIdOfKey('s:dedup:h:no-tag'), undefined);
    assert.equal(previousFormatKey('s:dedup:h:no-tag'), undefined);
    // An id that has braces of its own keeps them: only the bucket's tag is dropped.
    const odd = dedupKey('s:dedup:h:', 'a{b}c');
    assert.equal(previousFormatKey(odd), 's:dedup:h:a{b}c');
    assert.equal(calculateSlot(odd), calculateSlot(`${BUCKET_TAGS[keyBucket('a{b}c')]}`));
  });

  test('a brace in service or handlerName is refused: it would become every key hash tag', () => {
    for (const [option, options] of [
      ['service', { service: 'a{b}', handlerName: 'h' }],
      ['handlerName', { service: 's', handlerName: 'on-{x}' }],
    ] as const) {
      assert.throws(
        () => kafkaHandler({ ...options, redis: { url: 'redis://127.0.0.1:6379' }, handle() {} }),
        (error: unknown) => error instanceof ConfigurationError && error.option === option,
      );
    }
  });
});

describe('rollout read of the previous key format (readPreviousKeys)', () => {
  const admin = adminClient();
  const stores: RedisDedupStore[] = [];
  after(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await admin.quit();
  });
  const store = (readPreviousKeys: boolean, url = redisUrl()) => {
    const made = new RedisDedupStore({ redis: { url }, readPreviousKeys });
    stores.push(made);
    return made;
  };

  test('DONE in the old format: a duplicate; IN_PROGRESS there: held; absent: claimed; new claims undone', async () => {
    const prefix = dedupKeyPrefix(uniqueService('rollout'), 'h');
    const [done, held, fresh] = [ulid(), ulid(), ulid()];
    await admin.set(prefix + done, 'D', 'PX', 60_000);
    await admin.set(prefix + held, 'P:previous-version', 'PX', 60_000);
    const keys = [done, held, fresh].map((id) => dedupKey(prefix, id));
    assert.deepEqual(await store(true).claim(keys, 'me', 10_000), ['done', 'held', 'claimed']);
    // The claims on the new keys of the done and held events were released: nothing left behind.
    assert.equal(await admin.exists(keys[0]!), 0);
    assert.equal(await admin.exists(keys[1]!), 0);
    assert.equal(await admin.get(keys[2]!), 'P:me');
  });

  test('without it the old key is not read: the change of format is breaking, as announced', async () => {
    const prefix = dedupKeyPrefix(uniqueService('no-rollout'), 'h');
    const id = ulid();
    await admin.set(prefix + id, 'D', 'PX', 60_000);
    assert.deepEqual(await store(false).claim([dedupKey(prefix, id)], 'me', 10_000), ['claimed']);
  });

  test('an old key that cannot be read fails that claim: the consumer policy decides', async () => {
    const proxy = await startTcpFaultProxy(redisUrl());
    try {
      const prefix = dedupKeyPrefix(uniqueService('rollout-down'), 'h');
      const key = dedupKey(prefix, ulid());
      const reading = new RedisDedupStore({
        redis: { url: proxy.url, commandTimeoutMs: 200 },
        readPreviousKeys: true,
      });
      stores.push(reading);
      // Claims go through; the read of the previous key hangs: requests only, and only from the second round trip.
      const original = reading.client.pipeline.bind(reading.client);
      let round = 0;
      reading.client.pipeline = (() => {
        if (++round === 2) proxy.set('paused');
        return original();
      }) as typeof reading.client.pipeline;
      const [result] = await reading.claim([key], 'me', 10_000);
      proxy.set('up');
      assert.ok(result instanceof DedupStoreError && result.reason === 'timeout', String(result));
      // Its release could not get through either: the claim ends with its lease, as after any timeout.
      const ttl = await admin.pttl(key);
      assert.ok(ttl === -2 || (ttl > 0 && ttl <= 10_000), `claim left for at most its lease, pttl ${ttl}`);
    } finally {
      await proxy.stop();
    }
  });
});
