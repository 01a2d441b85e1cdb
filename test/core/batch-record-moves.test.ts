/**
 * BatchRecord's moves one by one (lib/consumer/batch-record.ts): each transition taken from every
 * state it allows, refused from the states next to them, and what it leaves behind (the
 * confirmation time, the shared error, the skipped-records cause). batch-record.test.ts walks the
 * lifecycle's paths; these pin the edges of each guard that StrykerJS found unpinned.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BatchRecord } from '../../lib/consumer/batch-record.ts';
import { RecordLifecycleError } from '../../lib/errors.ts';
import { type DecodeOptions, decodeEnvelope, parseJson } from '../../lib/kafka/decode.ts';
import { MetricsEmitter } from '../../lib/observability/batch-metrics.ts';
import { SkippedRecords } from '../../lib/observability/skipped-records.ts';
import { mskRecord } from '../../testkit/index.ts';

const decode = { parse: parseJson, maxHeaderBytes: 16_384 } as DecodeOptions<unknown>;

/** `count` records of one batch (keys k0, k1, ... or all `k`), with the batch's skipped records. */
function batchOf(count: number, sameKey = false, payloadPending = true) {
  const tally = { metrics: new MetricsEmitter('Test', 'test', 'h').begin(), skipped: new SkippedRecords() };
  const records = Array.from({ length: count }, (_, i) => {
    const raw = mskRecord({ offset: i, value: { n: i } });
    return new BatchRecord(
      raw,
      'orders-0',
      tally,
      decodeEnvelope(raw, decode),
      sameKey ? 'k' : `k${i}`,
      payloadPending,
    );
  });
  return { records, skipped: tally.skipped };
}

function one(payloadPending = true): BatchRecord<unknown> {
  return batchOf(1, false, payloadPending).records[0]!;
}

/** `fn` throws a RecordLifecycleError that names the move `move` as refused. */
function refused(fn: () => unknown, move: string) {
  assert.throws(
    fn,
    (error: unknown) =>
      error instanceof RecordLifecycleError &&
      error.message.includes(`: ${move} is not allowed with claim '`),
    `${move} must be refused`,
  );
}

/** A claimed record, running. */
function running(): BatchRecord<unknown> {
  const record = one();
  record.claimed();
  record.parsePayload(decode);
  record.start();
  return record;
}

describe('BatchRecord moves', () => {
  test('confirmed(at): only a claimed or outliving claim; the confirmation time only moves forward', () => {
    const record = one();
    record.claimed(10);
    record.confirmed(20);
    assert.equal(record.confirmedAt, 20, 'a later renewal confirms from when it was sent');
    record.confirmed(15);
    assert.equal(record.confirmedAt, 20, 'an earlier one, answered late, does not move it back');
    record.parsePayload(decode);
    record.start();
    record.outlived();
    record.confirmed(30);
    assert.equal(record.confirmedAt, 30, 'a claim that outlives the answer is still renewed');
    const duplicate = one();
    duplicate.duplicate();
    refused(() => duplicate.confirmed(1), 'confirmed');
  });

  test('refused(cause): the store error becomes the record’s; a copy of it shares that error', () => {
    const { records } = batchOf(2, true);
    const [original, copy] = records as [BatchRecord<unknown>, BatchRecord<unknown>];
    const cause = new Error('store down');
    original.refused(cause);
    assert.equal(original.claim, 'refused');
    assert.equal(original.error, cause);
    copy.copyOf(original);
    assert.equal(copy.claim, 'refused');
    assert.equal(copy.error, cause, 'the copy fails for the same store error');
  });

  test('copyOf: never of itself or of another key; a duplicate original is shared even when held ones are followed', () => {
    const { records } = batchOf(3, true);
    const [original, copy, other] = records as [
      BatchRecord<unknown>,
      BatchRecord<unknown>,
      BatchRecord<unknown>,
    ];
    original.claimed();
    refused(() => original.copyOf(original), 'copyOf (not the same key)');
    const different = one();
    refused(() => different.copyOf(original), 'copyOf (not the same key)');
    const duplicate = batchOf(2, true).records;
    duplicate[0]!.duplicate();
    duplicate[1]!.copyOf(duplicate[0]!, true);
    assert.equal(
      duplicate[1]!.claim,
      'duplicate',
      'a DONE original is not waited for: the copy is a duplicate',
    );
    copy.copyOf(original);
    assert.equal(copy.claim, 'copy');
    assert.equal(other.claim, 'none');
  });

  test('heldEnded: only while held and not yet run', () => {
    const record = one();
    record.held();
    record.failed(new Error('held'));
    refused(() => record.heldEnded('claimed'), 'heldEnded(claimed)');
  });

  test('committed: a succeeded claimed record, or a failed outliving one whose late park may land; nothing else', () => {
    const unguarded = one();
    unguarded.unguarded();
    unguarded.parsePayload(decode);
    unguarded.start();
    unguarded.succeeded();
    refused(() => unguarded.committed(), 'committed');

    const failed = running();
    failed.failed(new Error('x'));
    refused(() => failed.committed(), 'committed');

    const failedParking = running();
    failedParking.parkInFlight = Promise.resolve(true);
    failedParking.failed(new Error('sink slow'));
    refused(() => failedParking.committed(), 'committed');

    const stillRunning = running();
    stillRunning.parkInFlight = Promise.resolve(true);
    stillRunning.outlived();
    refused(() => stillRunning.committed(), 'committed');

    const lateNoPark = running();
    lateNoPark.outlived();
    lateNoPark.failed(new Error('x'));
    refused(() => lateNoPark.committed(), 'committed');

    const lateParked = running();
    lateParked.parkInFlight = Promise.resolve(true);
    lateParked.outlived();
    lateParked.failed(new Error('sink slow'));
    lateParked.committed();
    assert.equal(lateParked.claim, 'committed', 'parked after all: its key turns DONE');
  });

  test('released: never a record the store said DONE', () => {
    const record = one();
    record.duplicate();
    refused(() => record.released(), 'released');
  });

  test('lost: only a claimed record that has not started; DONE makes it a duplicate, else lost', () => {
    const started = running();
    refused(() => started.lost(false), 'lost');
    const unguarded = one();
    unguarded.unguarded();
    refused(() => unguarded.lost(false), 'lost');
    const gone = one();
    gone.claimed();
    gone.lost(false);
    assert.equal(gone.claim, 'lost');
    const done = one();
    done.claimed();
    done.lost(true);
    assert.equal(done.claim, 'duplicate');
  });

  test('outlived: a claimed record running, being parked, or with a write to the sink in flight; not one waiting or unguarded', () => {
    const waiting = one();
    waiting.claimed();
    refused(() => waiting.outlived(), 'outlived');
    const unguarded = one();
    unguarded.unguarded();
    unguarded.parsePayload(decode);
    unguarded.start();
    refused(() => unguarded.outlived(), 'outlived');
    const poisoned = running();
    poisoned.poisoned(new Error('poison'));
    assert.equal(poisoned.run, 'poisoned', 'a running record can be poisoned');
    poisoned.outlived();
    assert.equal(poisoned.claim, 'outliving');
    const inFlight = running();
    inFlight.parkInFlight = Promise.resolve(true);
    inFlight.failed(new Error('sink slow'));
    inFlight.outlived();
    assert.equal(inFlight.claim, 'outliving');
  });

  test('parsePayload and start: only a waiting record that may run; an unguarded one may', () => {
    const unguarded = one();
    unguarded.unguarded();
    assert.equal(unguarded.parsePayload(decode), undefined);
    assert.deepEqual(unguarded.start().payload, { n: 0 });
    refused(() => unguarded.parsePayload(decode), 'parsePayload');
    refused(() => unguarded.start(), 'start');
    const duplicate = one();
    duplicate.duplicate();
    refused(() => duplicate.parsePayload(decode), 'parsePayload');
    refused(() => duplicate.start(), 'start');
    refused(() => duplicate.follow(), 'follow');
  });

  test('parsePayload decodes once: a record whose value was read already is not decoded again', () => {
    const record = one(false);
    record.claimed();
    assert.equal(record.parsePayload(decode), undefined);
    assert.equal(record.start().payload, null, 'the payload is not read a second time');
  });

  test('a value decoded asynchronously: the record starts only once it is read; a rejection is the reason', async () => {
    const later = { parse: async (v: Buffer) => JSON.parse(v.toString()), maxHeaderBytes: 16_384 };
    const record = one();
    record.claimed();
    const pending = record.parsePayload(later as DecodeOptions<unknown>);
    assert.ok(pending instanceof Promise);
    refused(() => record.start(), 'start');
    assert.equal(await pending, undefined);
    assert.deepEqual(record.start().payload, { n: 0 });

    const failing = { parse: async () => Promise.reject(new Error('bad schema')), maxHeaderBytes: 16_384 };
    const bad = one();
    bad.claimed();
    const why = await bad.parsePayload(failing as DecodeOptions<unknown>);
    assert.ok(why instanceof Error, 'the decoder’s rejection is why the record cannot run');
    refused(() => bad.start(), 'start');
  });

  test('the skipped-records line: a DONE key, an in-batch copy and a held record each by their cause', async () => {
    const { records, skipped } = batchOf(3, true);
    const [original, copy, other] = records as [
      BatchRecord<unknown>,
      BatchRecord<unknown>,
      BatchRecord<unknown>,
    ];
    original.claimed();
    copy.copyOf(original);
    const following = copy.follow();
    original.parsePayload(decode);
    original.start();
    original.succeeded();
    await following;
    other.claimed();
    other.failed(new Error('not held'));
    refused(() => copy.follow(), 'follow');
    refused(() => copy.poisoned(new Error('late')), 'poisoned');
    const fields = skipped.fields()!;
    assert.deepEqual(
      [fields.duplicatesDone, fields.duplicatesInBatch, fields.held],
      [0, 1, 0],
      'the copy is noted in-batch; a failed record that was not held is not noted',
    );

    const second = batchOf(2);
    second.records[0]!.held();
    second.records[0]!.failed(new Error('held'));
    second.records[1]!.duplicate();
    second.records[1]!.deduplicated();
    const noted = second.skipped.fields()!;
    assert.deepEqual([noted.duplicatesDone, noted.duplicatesInBatch, noted.held], [1, 0, 1]);
    assert.deepEqual(
      (noted.skipped as { cause: string }[]).map((s) => s.cause),
      ['held', 'done'],
      'a held record is listed as held, a DONE key as done',
    );
  });
});
