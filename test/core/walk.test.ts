/**
 * The walk of one invocation (scripts/walk.ts), at run time: 6 records over 2 partitions, taking
 * every path of a claim (renewed, DONE already, failed and released, held then freed, a copy in the
 * batch, succeeded). The store is called from one file, the claim session; records are moved from
 * the invocation, the claim session, the group commit and the poison parking only.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatWalk, runWalk } from '../../scripts/walk.ts';
import { redisUrl } from '../support/redis.ts';

test('one invocation calls the store from one file, and moves its records from four', async () => {
  const walk = await runWalk(redisUrl());
  const text = formatWalk(walk);
  assert.deepEqual(walk.filesCallingStore, ['lib/consumer/claim-session.ts'], text);
  assert.deepEqual(
    walk.filesMovingRecords,
    [
      'lib/consumer/claim-session.ts',
      'lib/consumer/group-commit.ts',
      'lib/consumer/invocation.ts',
      'lib/consumer/park-record.ts',
    ],
    text,
  );
  // Every path of the walk was taken (else the figures would describe less than they say).
  const calls = new Set(walk.storeCalls.map((c) => c.what));
  for (const call of ['claim', 'extend', 'commit', 'release']) assert.ok(calls.has(call), `${call}: ${text}`);
  const moves = new Set(walk.moves.map((m) => m.what));
  for (const move of ['duplicate', 'held', 'heldEnded', 'copyOf', 'confirmed', 'released', 'failed'])
    assert.ok(moves.has(move), `${move}: ${text}`);
});
