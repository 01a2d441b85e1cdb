/**
 * The event loop gets a turn every few records (lib/consumer/loop-turns.ts): a batch whose handler
 * never waits still lets replies, timers and V8's scavenge task in while it runs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LoopTurns, RECORDS_PER_TURN } from '../../lib/consumer/loop-turns.ts';
import { MemoryDedupStore } from '../../lib/index.ts';
import { failedOffsets, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, PARTITION_ORDER, testConsumers } from '../support/consumer.ts';

const build = testConsumers();

test('LoopTurns: a turn after RECORDS_PER_TURN asks, the same one for every lane until it is taken', async () => {
  const turns = new LoopTurns();
  let immediateRan = false;
  setImmediate(() => {
    immediateRan = true;
  });
  for (let i = 1; i < RECORDS_PER_TURN; i++) assert.equal(turns.next(), undefined, `ask ${i}`);
  const turn = turns.next();
  assert.ok(turn instanceof Promise);
  assert.equal(turns.next(), turn, 'a second lane waits for the same turn');
  await turn;
  assert.ok(immediateRan, 'the turn went through the event loop');
  for (let i = 1; i < RECORDS_PER_TURN; i++)
    assert.equal(turns.next(), undefined, `after the turn, ask ${i}`);
  assert.ok(turns.next() instanceof Promise);
});

/** Records handled when an immediate queued by the batch's first record ran. */
async function handledBeforeTheLoopRan(partitions: number, perPartition: number, ordering?: 'partition') {
  let handled = 0;
  let handledWhenLoopRan = -1;
  const handler = build({
    service: 'svc',
    store: new MemoryDedupStore({ quiet: true }),
    ...(ordering ? PARTITION_ORDER : {}),
    handle: () => {
      // A handler that never waits: the records resolve in microtasks only.
      if (handled++ === 0)
        setImmediate(() => {
          handledWhenLoopRan = handled;
        });
    },
  });
  const records = [];
  for (let p = 0; p < partitions; p++)
    for (let o = 0; o < perPartition; o++) records.push(mskRecord({ partition: p, offset: o }));
  const { response } = await invoke(handler, mskEvent(records));
  assert.deepEqual(failedOffsets(response), []);
  assert.equal(handled, partitions * perPartition);
  return handledWhenLoopRan;
}

test('a batch whose handler never waits lets the event loop run while it goes on (one partition)', async () => {
  const at = await handledBeforeTheLoopRan(1, 1000, 'partition');
  assert.ok(at > 0 && at < RECORDS_PER_TURN, `the loop ran after ${at} of 1,000 records`);
});

test('the same with many lanes: no lane runs past a turn that is due', async () => {
  const at = await handledBeforeTheLoopRan(20, 50, 'partition');
  assert.ok(at > 0 && at < RECORDS_PER_TURN, `the loop ran after ${at} of 1,000 records`);
  const keyed = await handledBeforeTheLoopRan(4, 250);
  assert.ok(keyed > 0 && keyed < RECORDS_PER_TURN, `key order: the loop ran after ${keyed} of 1,000 records`);
});
