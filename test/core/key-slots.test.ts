/**
 * KeySlots: a key's cluster hash slot by its tag, computed once per tag, is the slot Redis gives it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import calculateSlot from 'cluster-key-slot';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import { KeySlots, MAX_TAGS } from '../../lib/dedup/key-slots.ts';

test("the slots Redis's documentation gives (CLUSTER KEYSLOT, the hash tag rule)", () => {
  const slots = new KeySlots();
  assert.equal(slots.slotOf('somekey'), 11058);
  assert.equal(slots.slotOf('foo{hash_tag}'), 2515);
  // The tag alone is hashed: keys with the same tag share a slot, whatever else they hold.
  assert.equal(slots.slotOf('{user1000}.following'), slots.slotOf('{user1000}.followers'));
  assert.equal(slots.slotOf('{user1000}.following'), calculateSlot('user1000'));
});

test('keys without a usable tag are hashed whole, as Redis does', () => {
  const slots = new KeySlots();
  for (const key of [
    'foo{}{bar}',
    'foo{{bar}}zap',
    'foo{bar}{zap}',
    'no-tag',
    'open{only',
    'close}only',
    '{}',
    '{',
    '',
    'é{ü}ß',
  ])
    assert.equal(slots.slotOf(key), calculateSlot(key), key);
});

test("a handler's keys: the slot of every key, asked twice (the second from the table), is cluster-key-slot's", () => {
  const slots = new KeySlots();
  const prefix = dedupKeyPrefix('orders', 'on-order-paid');
  const keys = Array.from({ length: 5000 }, () => dedupKey(prefix, ulid()));
  for (let round = 0; round < 2; round++)
    for (const key of keys) assert.equal(slots.slotOf(key), calculateSlot(key), key);
});

test('past MAX_TAGS tags (no longer kept) a slot is still right', () => {
  const slots = new KeySlots();
  for (let i = 0; i < MAX_TAGS + 100; i++) {
    const key = `s:dedup:h:{t${i}}x`;
    assert.equal(slots.slotOf(key), calculateSlot(key), key);
  }
  assert.equal(slots.slotOf(`s:dedup:h:{t${MAX_TAGS + 50}}y`), calculateSlot(`t${MAX_TAGS + 50}`));
});
