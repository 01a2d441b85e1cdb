/**
 * Slots alone (lib/consumer/slots.ts), the bound on records running at once under key order: a
 * slot given back with nobody waiting is free again; waiters are served first come, first served.
 * key-order.test.ts shows the bound with a real consumer; this pins what StrykerJS found unpinned.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Slots } from '../../lib/consumer/slots.ts';

test('a slot given back with no waiter is free again; waiters are served in the order they asked', async () => {
  const slots = new Slots(1);
  assert.equal(slots.take(), undefined, 'the one slot is free');
  slots.give();
  assert.equal(slots.take(), undefined, 'given back with nobody waiting, it is free again');
  const served: string[] = [];
  const first = slots.take()?.then(() => served.push('first'));
  const second = slots.take()?.then(() => served.push('second'));
  assert.ok(first && second, 'both wait while the slot is held');
  slots.give();
  await first;
  slots.give();
  await second;
  assert.deepEqual(served, ['first', 'second']);
  slots.give();
  assert.equal(slots.take(), undefined, 'free again once every waiter was served');
});
