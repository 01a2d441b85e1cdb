/**
 * GroupCommit alone (lib/consumer/group-commit.ts), on mocked timers: which keys go in which group,
 * and that nothing is sent when nothing is pending. group-commit.test.ts shows what a crash re-runs
 * with a real consumer; these pin the groups' edges that it cannot see (StrykerJS survivors).
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { BatchRecord } from '../../lib/consumer/batch-record.ts';
import type { ResolvedConfig } from '../../lib/consumer/config.ts';
import { GroupCommit } from '../../lib/consumer/group-commit.ts';
import { type DecodeOptions, decodeEnvelope, parseJson } from '../../lib/kafka/decode.ts';
import { MetricsEmitter } from '../../lib/observability/batch-metrics.ts';
import { SkippedRecords } from '../../lib/observability/skipped-records.ts';
import { mskRecord } from '../../testkit/index.ts';

const decode = { parse: parseJson, maxHeaderBytes: 16_384 } as DecodeOptions<unknown>;
const tally = { metrics: new MetricsEmitter('Test', 'test', 'h').begin(), skipped: new SkippedRecords() };

/** A claimed record that succeeded, as the runner hands it to the group commit. */
function succeeded(offset: number): BatchRecord<unknown> {
  const raw = mskRecord({ offset, value: { n: offset } });
  const record = new BatchRecord(raw, 'orders-0', tally, decodeEnvelope(raw, decode), `k${offset}`, true);
  record.claimed();
  record.parsePayload(decode);
  record.start();
  record.succeeded();
  return record;
}

/**
 * A group commit of at most `records` keys or `ms` after the first, and the groups it sent. With
 * `inFlight` (the store's `commitGroupsInFlight`) each call stays in flight until `land()`.
 */
function groups(records: number, ms: number, inFlight?: number) {
  const sent: string[][] = [];
  const landings: (() => void)[] = [];
  const store = inFlight === undefined ? {} : { commitGroupsInFlight: inFlight };
  const config = { commitEvery: { records, ms }, store } as ResolvedConfig<unknown>;
  const group = new GroupCommit(config, (keys) => {
    sent.push([...keys]);
    if (inFlight === undefined) return Promise.resolve();
    return new Promise<void>((resolve) => landings.push(resolve));
  });
  /** The oldest call in flight answers; the group commit hears of it (a microtask later). */
  const land = async () => {
    landings.shift()!();
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return { group, sent, land };
}

beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(() => mock.timers.reset());

describe('GroupCommit', () => {
  test('a lone succeeded record is sent `ms` after it, not before', () => {
    const { group, sent } = groups(10, 100);
    group.add(succeeded(1));
    mock.timers.tick(99);
    assert.deepEqual(sent, []);
    mock.timers.tick(1);
    assert.deepEqual(sent, [['k1']]);
  });

  test('the time of a group runs from its first record: later records neither restart it nor add flushes', () => {
    const { group, sent } = groups(10, 100);
    group.add(succeeded(1));
    mock.timers.tick(30);
    group.add(succeeded(2));
    mock.timers.tick(30);
    group.add(succeeded(3));
    mock.timers.tick(40);
    assert.deepEqual(sent, [['k1', 'k2', 'k3']], 'one group, sent 100 ms after its first record');
    group.add(succeeded(4));
    mock.timers.tick(99);
    assert.deepEqual(sent, [['k1', 'k2', 'k3']], 'the next group waits 100 ms from its own first record');
    mock.timers.tick(1);
    assert.deepEqual(sent, [['k1', 'k2', 'k3'], ['k4']]);
  });

  test('`records` succeeded records are sent at once, without waiting for the time', () => {
    const { group, sent } = groups(2, 100);
    group.add(succeeded(1));
    group.add(succeeded(2));
    assert.deepEqual(sent, [['k1', 'k2']]);
    mock.timers.tick(100);
    assert.deepEqual(sent, [['k1', 'k2']], 'the timer of the group sent is stopped');
  });

  test('a store that takes one group at a time: a group that fills while one is in flight keeps filling and goes when it lands', async () => {
    const { group, sent, land } = groups(2, 100, 1);
    group.add(succeeded(1));
    group.add(succeeded(2));
    assert.deepEqual(sent, [['k1', 'k2']], 'the first full group goes at once');
    for (let o = 3; o <= 7; o++) group.add(succeeded(o));
    assert.deepEqual(sent, [['k1', 'k2']], 'full, but one is in flight: it keeps filling');
    await land();
    assert.deepEqual(
      sent,
      [
        ['k1', 'k2'],
        ['k3', 'k4', 'k5', 'k6', 'k7'],
      ],
      'merged, sent when the first landed',
    );
    group.add(succeeded(8));
    await land();
    assert.deepEqual(sent.length, 2, 'a landing sends no group short of `records`');
    mock.timers.tick(100);
    assert.deepEqual(sent.at(-1), ['k8'], 'that one goes at its time');
    group.add(succeeded(9));
    group.add(succeeded(10));
    assert.deepEqual(sent.at(-1), ['k8'], 'exactly `records`, one in flight: it waits');
    await land();
    assert.deepEqual(sent.at(-1), ['k9', 'k10'], 'and goes when that one lands');
  });

  test('in flight or not, a group goes `ms` after its first record', () => {
    const { group, sent } = groups(2, 100, 1);
    group.add(succeeded(1));
    group.add(succeeded(2));
    mock.timers.tick(10);
    group.add(succeeded(3));
    group.add(succeeded(4));
    group.add(succeeded(5));
    mock.timers.tick(99);
    assert.deepEqual(sent, [['k1', 'k2']], 'waiting for the one in flight');
    mock.timers.tick(1);
    assert.deepEqual(
      sent,
      [
        ['k1', 'k2'],
        ['k3', 'k4', 'k5'],
      ],
      'its time came: sent beside the one in flight',
    );
  });

  test('a store that says nothing: full groups go at once, however many are in flight', () => {
    const { group, sent } = groups(2, 100);
    for (let o = 1; o <= 6; o++) group.add(succeeded(o));
    assert.deepEqual(sent, [
      ['k1', 'k2'],
      ['k3', 'k4'],
      ['k5', 'k6'],
    ]);
  });

  test('nothing pending: a flush and the answer send nothing; a second answer finds nothing left', async () => {
    const { group, sent } = groups(10, 100);
    group.flush();
    await group.settle([]);
    assert.deepEqual(sent, [], 'no commit call without keys');
    group.add(succeeded(1));
    await group.settle(['k9']);
    assert.deepEqual(sent, [['k1', 'k9']], 'what is pending and what the answer settles, in one call');
    await group.settle([]);
    group.flush();
    mock.timers.tick(100);
    assert.deepEqual(sent, [['k1', 'k9']], 'nothing left after the answer');
  });
});
