/**
 * The key format (lib/contract/dedup-key.ts, 0.4.0): `<service>:dedup:<handler>:{<tag>}<EVENT-ID>`, tags
 * per handler, bucket i in the i-th of KEY_BUCKETS equal slot ranges, buckets taken by turns by ids
 * that carry their time and filled evenly over the turns, and the keys of the previous formats
 * (lib/contract/previous-key-formats.ts). Ids are made from fixed seeds: no figure here depends on
 * chance.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import calculateSlot from 'cluster-key-slot';
import { decodeTime, ulid } from 'ulid';
import {
  bucketTags,
  crc16,
  eventTimeOf,
  fnv1a,
  keyBucket,
  prefixOfKey,
  tagOfCrc,
} from '../../lib/contract/dedup-key.ts';
import {
  dedupKey,
  dedupKeyPrefix,
  eventIdOfKey,
  KEY_BUCKETS,
  KEY_FORMAT,
  KEY_TURN_MS,
  KEY_TURNS,
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
import {
  dedupKey as dedupKey030,
  dedupKeyPrefix as dedupKeyPrefix030,
} from '../fixtures/releases/v0.3.0/lib/contract/dedup-key.ts';

const SLOTS = 16_384;
/** Deterministic ULIDs: a fixed time base, `stepMs` apart (one a ms: all within a turn), a seeded random part. */
function seededUlids(count: number, seed: number, stepMs = 1): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => ulid(1_764_547_200_000 + Math.floor(i * stepMs), random));
}
/** Ids made over a day (20,000 of them 4.32 s apart) meet every turn 360 times. */
const DAY_MS = 86_400_000;
const HANDLERS = ['on-review-created', 'on-order-paid', 'on-user-banned'].map((h) =>
  dedupKeyPrefix('notification', h),
);

describe('key format 0.4.0', () => {
  test('KEY_FORMAT names it; a bucket count must divide the 16,384 slots, and says so', () => {
    assert.equal(KEY_FORMAT, '0.4.0', 'previousKeyFormat names a format by the release that introduced it');
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

  test('tags differ per handler: 3 handlers x 20,000 ids of a day land in 1,489 distinct slots (at least 1,000)', () => {
    const ids = seededUlids(20_000, 19, DAY_MS / 20_000);
    const slots = new Set<number>();
    for (const prefix of HANDLERS) for (const id of ids) slots.add(calculateSlot(dedupKey(prefix, id)));
    // With tags shared by every handler (0.2.0) these 60,000 keys took 128 slots.
    assert.ok(slots.size >= 1000, `${slots.size} distinct slots`);
    assert.equal(slots.size, 1489, 'the figure docs/consumer.md states for these handlers');
    // And each handler's own keys fill its KEY_BUCKETS slots.
    for (const prefix of HANDLERS)
      assert.equal(new Set(ids.map((id) => calculateSlot(dedupKey(prefix, id)))).size, KEY_BUCKETS);
  });

  test('ULIDs of a day fill the buckets evenly: 102,400 seeded ids, each bucket within 6 sigma of the mean', () => {
    const count = 200 * KEY_BUCKETS;
    const counts = new Array<number>(KEY_BUCKETS).fill(0);
    for (const id of seededUlids(count, 48, DAY_MS / count)) counts[keyBucket(id)]!++;
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

  test('ids of one turn take its quarter of the buckets: 128 slots a handler, every fourth range (even over shards)', () => {
    // 3,000 ids made within a minute's turn, as a batch's mostly are.
    const turnStart = Math.ceil(1_764_547_200_000 / KEY_TURN_MS) * KEY_TURN_MS;
    const random = seededRandom(7);
    const ids = Array.from({ length: 3000 }, (_, i) => ulid(turnStart + i * 10, random));
    const turn = Math.floor(turnStart / KEY_TURN_MS) % KEY_TURNS;
    for (const prefix of HANDLERS) {
      const buckets = new Set(ids.map((id) => keyBucket(id)));
      assert.equal(buckets.size, KEY_BUCKETS / KEY_TURNS, 'one turn: a quarter of the buckets, each of them');
      for (const b of buckets) assert.equal(b % KEY_TURNS, turn, `bucket ${b} is not of turn ${turn}`);
      const slots = new Set(ids.map((id) => calculateSlot(dedupKey(prefix, id))));
      assert.equal(slots.size, KEY_BUCKETS / KEY_TURNS, `${prefix}: one script a slot, 128 at most`);
      // Three shards split as redis-cli does: each gets 42 or 43 of the turn's slots.
      const perShard = [0, 0, 0];
      for (const slot of slots) perShard[Math.min(2, Math.floor(slot / 5461))]!++;
      for (const n of perShard) assert.ok(n >= 42 && n <= 43, `per shard ${perShard.join(', ')}`);
    }
    // The next minute takes the next turn's buckets.
    const next = ulid(turnStart + KEY_TURN_MS, random);
    assert.equal(keyBucket(next) % KEY_TURNS, (turn + 1) % KEY_TURNS);
  });

  test('the time an id carries: a canonical ULID or UUIDv7; any other id spreads over all buckets', () => {
    assert.equal(eventTimeOf('01ARZ3NDEKTSV4RRFFQ69G5FAV'), decodeTime('01ARZ3NDEKTSV4RRFFQ69G5FAV'));
    assert.equal(eventTimeOf(ulid(1_764_547_200_123)), 1_764_547_200_123);
    assert.equal(
      eventTimeOf('018f3c2e-7b1a-7c3d-9e4f-0a1b2c3d4e5f'),
      0x018f3c2e7b1a,
      'UUIDv7: its first 48 bits',
    );
    for (const other of [
      '01arz3ndektsv4rrffq69g5fav', // not canonical (lower case): no time read
      '8ZZZZZZZZZZZZZZZZZZZZZZZZZ', // past a ULID's 48 bits
      '01ARZ3NDEKTSV4RRFFQ69G5FA!', // a good time, not a ULID: its mark is hashed, its key takes no turn
      '018f3c2e-7b1a-7c3d-9e4f-0a1b2c3d4e5g',
      '018f3c2e-7b1a-7c3d-9e4f+0a1b2c3d4e5f',
      '01ARZ3NDEKTSV4RRFFQ69G5FAV0',
      '9b2e4f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b', // UUIDv4
      '018F3C2E-7B1A-7C3D-9E4F-0A1B2C3D4E5F', // UUIDv7, not canonical (upper case)
      '018f3c2e07b1a-7c3d-9e4f-0a1b2c3d4e5f',
      'order-42',
      '',
    ]) {
      assert.equal(eventTimeOf(other), undefined, other);
      assert.equal(keyBucket(other), fnv1a(other) % KEY_BUCKETS, `${other}: no turn`);
    }
    // Ids without a time, made within one second, still fill every bucket.
    const counts = new Array<number>(KEY_BUCKETS).fill(0);
    for (let i = 0; i < 200 * KEY_BUCKETS; i++) counts[keyBucket(`order-${i}`)]!++;
    assert.ok(Math.min(...counts) > 0, 'every bucket');
  });

  test('the key: prefix, the tag of the id bucket, the id; parsed back by eventIdOfKey and prefixOfKey', () => {
    const id = '01J9ZKQ6W8Y3N2V4B5C6D7E8F9';
    const prefix = dedupKeyPrefix('notification', 'on-review-created');
    const key = dedupKey(prefix, id);
    assert.equal(key, `${prefix}${bucketTags(prefix)[keyBucket(id)]}${id}`);
    // Frozen: a change here is a new key format, with its own rollout (docs/consumer.md, "Key format").
    assert.equal(key, 'notification:dedup:on-review-created:{AF@H@}01J9ZKQ6W8Y3N2V4B5C6D7E8F9');
    assert.equal(eventIdOfKey(key), id);
    assert.equal(prefixOfKey(key), prefix);
    assert.equal(eventIdOfKey('s:dedup:h:no-tag'), undefined);
    // An id with braces of its own keeps them: only the first {...} is the tag.
    const odd = dedupKey('s:dedup:h:', 'a{b}c');
    assert.equal(eventIdOfKey(odd), 'a{b}c');
  });

  test('the previous formats: 0.1.0 without a tag, 0.2.0 with its 128 shared tags, 0.3.0 without turns', () => {
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
      // 0.3.0: ids of a day, so that every turn is met (a quarter of them keep their 0.3.0 key).
      let same = 0;
      const ids = seededUlids(5000, 21, DAY_MS / 5000);
      for (const eventId of ids) {
        const key = dedupKey(current, eventId);
        const old030 = dedupKey030(dedupKeyPrefix030(service!, handler!), eventId);
        if (previousFormatKey('0.3.0', key) !== old030) assert.fail(`0.3.0 key of ${eventId}`);
        if (old030 === key) same++;
      }
      assert.ok(same > ids.length * 0.2 && same < ids.length * 0.3, `${same} of ${ids.length} keys kept`);
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
