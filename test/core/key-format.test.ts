/**
 * The key format (lib/contract/dedup-key.ts, 0.3.0): `<service>:dedup:<handler>:{<tag>}<EVENT-ID>`, tags
 * per handler, bucket i in the i-th of KEY_BUCKETS equal slot ranges, buckets filled evenly, and the
 * keys of the previous formats (lib/contract/previous-key-formats.ts). Ids are made from fixed seeds:
 * no figure here depends on chance.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import calculateSlot from 'cluster-key-slot';
import { ulid } from 'ulid';
import { bucketTags, crc16, keyBucket, prefixOfKey, tagOfCrc } from '../../lib/contract/dedup-key.ts';
import {
  dedupKey,
  dedupKeyPrefix,
  eventIdOfKey,
  KEY_BUCKETS,
  KEY_FORMAT,
  previousFormatKey,
  previousKeyOf,
} from '../../lib/contract.ts';
import { ConfigurationError, kafkaHandler } from '../../lib/index.ts';
import { seededRandom } from '../../testkit/internal/index.ts';
import { dedupKeyPrefix as dedupKeyPrefix010 } from '../fixtures/releases/v0.1.0/lib/dedup/store.ts';
import {
  dedupKey as dedupKey020,
  dedupKeyPrefix as dedupKeyPrefix020,
} from '../fixtures/releases/v0.2.0/lib/dedup/key.ts';

const SLOTS = 16_384;
/** Deterministic ULIDs: a fixed time base and a seeded random part. */
function seededUlids(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => ulid(1_764_547_200_000 + i, random));
}
const HANDLERS = ['on-review-created', 'on-order-paid', 'on-user-banned'].map((h) =>
  dedupKeyPrefix('notification', h),
);

describe('key format 0.3.0', () => {
  test('KEY_FORMAT names it; a bucket count must divide the 16,384 slots, and says so', () => {
    assert.equal(KEY_FORMAT, '0.3.0', 'previousKeyFormat names a format by the release that introduced it');
    for (const buckets of [3, 0, -4, 0.5, Number.NaN]) {
      assert.throws(
        () => bucketTags('orders:dedup:h:', buckets),
        (error: unknown) =>
          error instanceof RangeError &&
          error.message === `key format: ${buckets} buckets do not divide 16384 slots`,
        `${buckets} buckets refused`,
      );
    }
    assert.equal(bucketTags('orders:dedup:h:', 4).length, 4);
  });

  test('eventIdOfKey: what follows the first {...}; no tag, no event id', () => {
    assert.equal(eventIdOfKey('{@KBNA}01J9'), '01J9', 'a tag at the very start');
    assert.equal(eventIdOfKey('s:dedup:h:01J9'), undefined);
    assert.equal(eventIdOfKey('s:dedup:h}:01J9'), undefined, 'a closing brace alone is no tag');
    assert.equal(eventIdOfKey('s}{@KBNA}01J9'), '01J9', 'a closing brace before the tag is not its end');
  });

  test('prefixOfKey: up to the first {...}; no tag, no prefix', () => {
    assert.equal(prefixOfKey('{@KBNA}01J9'), '', 'a tag at the very start');
    assert.equal(prefixOfKey('s:dedup:h:01J9'), undefined);
    assert.equal(prefixOfKey('s:dedup:h}:01J9'), undefined, 'a closing brace alone is no tag');
    assert.equal(prefixOfKey('s:dedup:h:{@KBNA'), undefined, 'an opening brace never closed is no tag');
    assert.equal(prefixOfKey('s}{@KBNA'), undefined, 'nor closed by a brace before it');
  });

  test('every CRC16 has a tag of five @A-O characters (the tag solver spans all 65,536)', () => {
    for (let crc = 0; crc < 65_536; crc++) {
      const tag = tagOfCrc(crc);
      assert.match(tag, /^[@A-O]{5}$/);
      const codes = [...tag].map((c) => c.charCodeAt(0));
      if (crc16(codes) !== crc) assert.fail(`tag ${tag} has CRC ${crc16(codes)}, not ${crc}`);
    }
  });

  test('bucket i of each handler hashes into the i-th of KEY_BUCKETS equal slot ranges, no brace inside', () => {
    const width = SLOTS / KEY_BUCKETS;
    for (const prefix of HANDLERS) {
      const tags = bucketTags(prefix);
      assert.equal(tags.length, KEY_BUCKETS);
      assert.equal(new Set(tags).size, KEY_BUCKETS);
      tags.forEach((tag, i) => {
        assert.match(tag, /^\{[^{}]+\}$/);
        const slot = calculateSlot(`${prefix}${tag}01J9ZKQ6W8Y3N2V4B5C6D7E8F9`);
        assert.ok(
          slot >= i * width && slot < (i + 1) * width,
          `${prefix}${tag}: slot ${slot} outside range ${i}`,
        );
      });
    }
    // So a cluster of 3 shards split as redis-cli does gets 171 or 170 buckets of each handler per shard.
  });

  test('tags differ per handler: 3 handlers x 20,000 ids land in 1,489 distinct slots (at least 1,000)', () => {
    const ids = seededUlids(20_000, 19);
    const slots = new Set<number>();
    for (const prefix of HANDLERS) for (const id of ids) slots.add(calculateSlot(dedupKey(prefix, id)));
    // With tags shared by every handler (0.2.0) these 60,000 keys took 128 slots.
    assert.ok(slots.size >= 1000, `${slots.size} distinct slots`);
    assert.equal(slots.size, 1489, 'the figure docs/consumer.md states for these handlers');
    // And each handler's own keys fill its KEY_BUCKETS slots.
    for (const prefix of HANDLERS)
      assert.equal(new Set(ids.map((id) => calculateSlot(dedupKey(prefix, id)))).size, KEY_BUCKETS);
  });

  test('ULIDs fill the buckets evenly: 102,400 seeded ids, each bucket within 6 sigma of the mean', () => {
    const count = 200 * KEY_BUCKETS;
    const counts = new Array<number>(KEY_BUCKETS).fill(0);
    for (const id of seededUlids(count, 48)) counts[keyBucket(id)]!++;
    const mean = count / KEY_BUCKETS;
    // A uniform hash leaves 6 sigma (binomial, sigma ~ sqrt(mean)) with odds ~2e-9 per bucket, and
    // its chi-square exceeds df + 6 sqrt(2 df) about never: bounds for a fair hash, not for this seed.
    const bound = 6 * Math.sqrt(mean);
    let chiSquare = 0;
    for (const [bucket, n] of counts.entries()) {
      assert.ok(Math.abs(n - mean) < bound, `bucket ${bucket} got ${n}, mean ${mean}`);
      chiSquare += (n - mean) ** 2 / mean;
    }
    const df = KEY_BUCKETS - 1;
    assert.ok(chiSquare < df + 6 * Math.sqrt(2 * df), `chi-square ${chiSquare.toFixed(1)}, df ${df}`);
  });

  test('the key: prefix, the tag of the id bucket, the id; parsed back by eventIdOfKey and prefixOfKey', () => {
    const id = '01J9ZKQ6W8Y3N2V4B5C6D7E8F9';
    const prefix = dedupKeyPrefix('notification', 'on-review-created');
    const key = dedupKey(prefix, id);
    assert.equal(key, `${prefix}${bucketTags(prefix)[keyBucket(id)]}${id}`);
    // Frozen: a change here is a new key format, with its own rollout (docs/consumer.md, "Key format").
    assert.equal(key, 'notification:dedup:on-review-created:{OFLA@}01J9ZKQ6W8Y3N2V4B5C6D7E8F9');
    assert.equal(eventIdOfKey(key), id);
    assert.equal(prefixOfKey(key), prefix);
    assert.equal(eventIdOfKey('s:dedup:h:no-tag'), undefined);
    // An id with braces of its own keeps them: only the first {...} is the tag.
    const odd = dedupKey('s:dedup:h:', 'a{b}c');
    assert.equal(eventIdOfKey(odd), 'a{b}c');
  });

  test('the previous formats: 0.1.0 without a tag, 0.2.0 with its 128 shared tags', () => {
    const prefix = dedupKeyPrefix('notification', 'on-review-created');
    const id = '01J9ZKQ6W8Y3N2V4B5C6D7E8F9';
    const key = dedupKey(prefix, id);
    assert.equal(previousFormatKey('0.1.0', key), `${prefix}${id}`);
    const old = previousFormatKey('0.2.0', key)!;
    assert.equal(old, previousKeyOf('0.2.0', prefix, id));
    // What 0.2.0's own dedupKey gives (key-rollout.test.ts checks many against its code).
    assert.equal(old, 'notification:dedup:on-review-created:{j}01J9ZKQ6W8Y3N2V4B5C6D7E8F9');
    // 0.2.0's bucket i was in the i-th of 128 slot ranges, whatever the handler.
    const other = previousKeyOf('0.2.0', dedupKeyPrefix('billing', 'on-order-paid'), id);
    assert.equal(calculateSlot(other), calculateSlot(old));
    assert.equal(previousFormatKey('0.1.0', 's:dedup:h:no-tag'), undefined);
    // The very keys those releases' own code names (from git history, test/fixtures/releases).
    for (const [service, handler] of [
      ['notification', 'on-review-created'],
      ['billing', 'on-order-paid'],
    ]) {
      const current = dedupKeyPrefix(service!, handler!);
      for (const eventId of seededUlids(5000, 20)) {
        const key = dedupKey(current, eventId);
        if (previousFormatKey('0.2.0', key) !== dedupKey020(dedupKeyPrefix020(service!, handler!), eventId))
          assert.fail(`0.2.0 key of ${eventId}`);
        if (previousFormatKey('0.1.0', key) !== dedupKeyPrefix010(service!, handler!) + eventId)
          assert.fail(`0.1.0 key of ${eventId}`);
      }
    }
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
