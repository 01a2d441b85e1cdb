/**
 * Where a DONE mark lives (lib/contract/dedup-mark.ts): its 16-byte field, its hash beside the
 * lease key (same slot), when a claim finds it fresh (its slice, mod 8192), and the buckets a
 * declared rate asks for.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import calculateSlot from 'cluster-key-slot';
import fc from 'fast-check';
import { decodeTime, ulid } from 'ulid';
import {
  dedupKey,
  dedupKeyPrefix,
  eventIdOfKey,
  KEY_BUCKETS,
  KEY_TURN_MS,
  KEY_TURNS,
  keyBucket,
} from '../../lib/contract/dedup-key.ts';
import {
  COMPACT_HASH_FIELDS,
  MARK_FIELDS_PER_HASH,
  MARK_PRUNE_EVERY_SLICES,
  MARK_PRUNE_FIELDS,
  MARK_SLICE_MODULUS,
  MARK_SLICES,
  markBucket,
  markField,
  markFreshUntil,
  markHashKey,
  markIsFresh,
  markLayout,
  markOfKey,
  markSlice,
  markValue,
} from '../../lib/contract/dedup-mark.ts';
import { MARKS_NOT_COMPACT_MESSAGE } from '../../lib/contract/log-lines.ts';
import { marksOf } from '../../lib/dedup/redis-store.ts';
import { type DedupStore, kafkaHandler, MemoryDedupStore } from '../../lib/index.ts';
import { mskEvent, mskRecord } from '../../testkit/index.ts';
import { seededRandom } from '../../testkit/internal/index.ts';
import { invoke } from '../support/consumer.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

test('a canonical ULID is its 16 bytes: 48 bits of time, then 80 of randomness', () => {
  const id = ulid();
  const field = markField(id);
  assert.equal(field.length, 16);
  assert.equal(Number.parseInt(hex(field).slice(0, 12), 16), decodeTime(id));
  assert.equal(hex(markField('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')), 'f'.repeat(32));
  assert.equal(hex(markField('00000000000000000000000001')), `${'0'.repeat(31)}1`);
});

test('a canonical UUID is its 16 bytes', () => {
  assert.equal(hex(markField('3f2504e0-4f89-11d3-9a0c-0305e82c3301')), '3f2504e04f8911d39a0c0305e82c3301');
});

test('any other id, a ULID or UUID in another case among them, is the first 16 bytes of its SHA-256', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);
  for (const id of [
    'invoice-42',
    ulid().toLowerCase(),
    '3F2504E0-4F89-11D3-9A0C-0305E82C3301',
    '3f2504e0x4f89-11d3-9a0c-0305e82c3301',
    '8ZZZZZZZZZZZZZZZZZZZZZZZZZ',
  ])
    assert.equal(hex(markField(id)), sha(id), id);
});

test('two different ids never share a field within one form (property)', () => {
  fc.assert(fc.property(fc.uuid(), fc.uuid(), (a, b) => a === b || hex(markField(a)) !== hex(markField(b))));
});

test('a key’s mark in one pass is its hash and its field, written where the store packs it', () => {
  const layout = markLayout(600_000, 1000);
  const prefix = dedupKeyPrefix('orders', 'h');
  const ids = [
    ulid(),
    '7ZZZZZZZZZZZZZZZZZZZZZZZZZ',
    '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    '3f2504e0x4f89-11d3-9a0c-0305e82c3301', // a UUID's length, not its form
    '8ZZZZZZZZZZZZZZZZZZZZZZZZZ', // a ULID's length, over 128 bits
    ulid().toLowerCase(),
    'invoice-42',
  ];
  const out = Buffer.alloc(16 * (ids.length + 1), 0xee);
  ids.forEach((id, i) => {
    const key = dedupKey(prefix, id);
    const at = 16 * i + 7; // anywhere in a shared buffer, not only at a multiple of 16
    assert.equal(markOfKey(key, layout, out, at), markHashKey(key, layout), id);
    assert.equal(hex(out.subarray(at, at + 16)), hex(markField(eventIdOfKey(key)!)), id);
  });
  const before = hex(out);
  assert.equal(markOfKey('orders:dedup:h:01J9ZKQ6W8Y3N2V4B5C6D7E8F9', layout, out, 0), undefined, '0.1.0');
  assert.equal(hex(out), before, 'a previous format’s key writes nothing');
});

test('the mark hash is in the lease key’s slot, and only a current-format key has one', () => {
  const layout = markLayout(86_400_000, 10_000);
  const prefix = dedupKeyPrefix('orders', 'h');
  for (let i = 0; i < 200; i++) {
    const key = dedupKey(prefix, ulid());
    const hash = markHashKey(key, layout)!;
    assert.match(hash, /^orders:dedup:h:\{[@A-O]{5}\}:d\d+$/);
    assert.equal(calculateSlot(hash), calculateSlot(key));
  }
  assert.equal(markHashKey('orders:dedup:h:01J9ZKQ6W8Y3N2V4B5C6D7E8F9', layout), undefined, '0.1.0');
  assert.equal(markHashKey('orders:dedup:h:{0j}01J9ZKQ6W8Y3N2V4B5C6D7E8F9', layout), undefined, '0.2.0');
});

test('a mark counts for the window, at most a slice more, and for a writer up to a slice ahead, across the wrap mod 8192', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 600, max: 30 * 86_400 }),
      fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }),
      fc.integer({ min: 0, max: 1_000_000_000 }),
      (windowSeconds, writtenAt, later) => {
        const layout = markLayout(windowSeconds * 1000);
        const value = markValue(markSlice(layout, writtenAt));
        const counts = markFreshUntil(layout, writtenAt) - writtenAt;
        assert.ok(counts >= layout.windowMs && counts <= layout.windowMs + layout.sliceMs);
        assert.ok(layout.ttlMs >= counts, 'the hash, a window + a slice after the commit, outlives it');
        const fresh = (at: number) => markIsFresh(value, markValue(markSlice(layout, at)));
        assert.ok(fresh(writtenAt + (later % (layout.windowMs + 1))), 'a claim within the window finds it');
        assert.ok(!fresh(writtenAt + counts), 'not past its slices');
        assert.ok(fresh(writtenAt - layout.sliceMs), 'a reader whose clock is up to a slice behind finds it');
        // Past the window and the slice: stale until its slice comes round mod 8192.
        const ageSlices = MARK_SLICES + 1 + (later % (MARK_SLICE_MODULUS - MARK_SLICES - 2));
        assert.ok(!fresh(writtenAt + ageSlices * layout.sliceMs), `${ageSlices} slices later`);
      },
    ),
  );
  assert.equal(markValue(-1), MARK_SLICE_MODULUS - 1);
  assert.ok(markIsFresh(8190, 2) && markIsFresh(3, 2) && !markIsFresh(8189, 2) && !markIsFresh(4, 2));
});

test('buckets follow the declared rate: about 80 marks a hash over a window + one slice, at any window', () => {
  for (const rate of [1, 100, 1000, 10_000, 100_000]) {
    for (const window of [600_000, 3_600_000, 86_400_000, 604_800_000]) {
      const layout = markLayout(window, rate);
      // Keys take their tags by turns: over the span a tag gets its share plus at most one turn's.
      const perHash = (rate * (layout.ttlMs + KEY_TURNS * KEY_TURN_MS)) / 1000 / KEY_BUCKETS / layout.buckets;
      assert.ok(perHash <= MARK_FIELDS_PER_HASH, `${rate}/s, ${window} ms: ${perHash}`);
      if (layout.buckets > 1)
        assert.ok(perHash > MARK_FIELDS_PER_HASH / 2, `${rate}/s, ${window} ms: ${perHash}`);
    }
  }
  assert.deepEqual(markLayout(86_400_000, 1000), {
    windowMs: 86_400_000,
    sliceMs: 21_600_000,
    buckets: 2643,
    ttlMs: 108_000_000,
  });
  // At the declared rate, ids made as time goes (ULIDs, so by turns): 100/s over a 10 min window's
  // span (12.5 min, a few turns), every hash's marks counted. None leaves the compact encoding.
  const layout = markLayout(600_000, 100);
  const start = 1_764_547_200_000;
  const perHash = new Map<string, number>();
  const random = seededRandom(5);
  for (let at = 0; at < layout.ttlMs; at += 10) {
    const id = ulid(start + at, random);
    const hash = `${keyBucket(id)}:${markBucket(id, layout.buckets)}`;
    perHash.set(hash, (perHash.get(hash) ?? 0) + 1);
  }
  const counts = [...perHash.values()];
  const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
  assert.ok(mean <= MARK_FIELDS_PER_HASH, `mean ${mean.toFixed(1)} marks a hash`);
  assert.ok(Math.max(...counts) < COMPACT_HASH_FIELDS, `at most ${Math.max(...counts)} marks a hash`);
  assert.ok(MARK_PRUNE_FIELDS < MARK_FIELDS_PER_HASH && MARK_FIELDS_PER_HASH < COMPACT_HASH_FIELDS);
  assert.equal(
    MARK_PRUNE_FIELDS,
    (MARK_FIELDS_PER_HASH * MARK_SLICES) / (MARK_SLICES + 1),
    'four fifths of a hash at the declared rate',
  );
  assert.ok(MARK_PRUNE_EVERY_SLICES + 2 * (MARK_SLICES + 1) < MARK_SLICE_MODULUS);
});

test('a commit whose marks went past the compact encoding is said at WARN, with how many (the commit reports them)', async () => {
  // A store whose every commit reports two overfull marks, as RedisDedupStore does from its scripts.
  const inner = new MemoryDedupStore();
  const store: DedupStore = {
    claim: (keys, owner, leaseMs) => inner.claim(keys, owner, leaseMs),
    commit: async (keys, owner, windowMs) => {
      await inner.commit(keys, owner, windowMs);
      return { overfullMarks: 2 };
    },
    release: (keys, owner) => inner.release(keys, owner),
    close: () => inner.close(),
  };
  const handler = kafkaHandler({ service: 's', handlerName: 'h', store, handle() {} });
  try {
    const { lines } = await invoke(handler, mskEvent([mskRecord({ offset: 0, eventId: ulid() })]));
    const said = lines.filter((l) => l.message === MARKS_NOT_COMPACT_MESSAGE);
    assert.equal(said.length, 1);
    assert.equal(said[0]!.overfullMarks, 2);
    assert.equal(said[0]!.level, 'WARN');
  } finally {
    await handler.close();
  }
});

test("a call's marks own their buffer: no slice of the shared pool keeps a 64 KB slab alive while a commit waits", () => {
  const layout = markLayout(600_000, 1000);
  const prefix = dedupKeyPrefix('orders', 'h');
  const keys = Array.from({ length: 100 }, () => dedupKey(prefix, ulid()));
  assert.ok(keys.every((key) => markHashKey(key, layout) !== undefined));
  // Something else takes from the pool first, as a record's decoded value does between two commits.
  const pooled = Buffer.from('x'.repeat(100));
  const marks = marksOf(keys, layout);
  assert.equal(marks.fields.byteLength, 1600);
  assert.equal(marks.fields.buffer.byteLength, 1600, 'the fields are 1,600 bytes of their own');
  assert.notEqual(marks.fields.buffer, pooled.buffer);
  for (let i = 0; i < keys.length; i++) {
    const out = Buffer.alloc(16);
    assert.equal(marks.hashes[i], markOfKey(keys[i]!, layout, out, 0));
    assert.deepEqual(marks.fields.subarray(i * 16, i * 16 + 16), out);
  }
});
