/**
 * A record's lifecycle (lib/consumer/batch-record.ts): the legal paths, and that every other move
 * throws instead of running a record twice or letting one go unnoticed.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BatchRecord } from '../../lib/consumer/batch-record.ts';
import { ClaimHeldError, InvalidRecordError, RecordLifecycleError } from '../../lib/errors.ts';
import { type DecodeOptions, decodeEnvelope, parseJson } from '../../lib/kafka/decode.ts';
import { MetricsEmitter } from '../../lib/observability/batch-metrics.ts';
import { SkippedRecords } from '../../lib/observability/skipped-records.ts';
import { mskRecord } from '../../testkit/index.ts';

const decode = { parse: parseJson, maxHeaderBytes: 16_384 } as DecodeOptions<unknown>;

/** An emitter that keeps what a flush would emit, per topic. */
class Counts extends MetricsEmitter {
  flushed = new Map<string, { succeeded: number; failed: number; deduplicated: number }>();
  constructor() {
    super('Test', 'test', 'h');
  }
  override emit(counts: Map<string, { succeeded: number; failed: number; deduplicated: number }>): void {
    this.flushed = counts;
  }
}

function batchOf(count: number, sameKey = false) {
  const emitter = new Counts();
  const tally = { metrics: emitter.begin(), skipped: new SkippedRecords() };
  const records = Array.from({ length: count }, (_, i) => {
    const raw = mskRecord({ offset: i, value: { n: i } });
    const message = decodeEnvelope(raw, decode);
    return new BatchRecord(raw, 'orders-0', tally, message, sameKey ? 'k' : `k${i}`, true);
  });
  const counts = () => {
    tally.metrics.flush();
    return emitter.flushed.get('orders');
  };
  return { records, counts, skipped: tally.skipped };
}

const illegal = (fn: () => unknown, what: RegExp) =>
  assert.throws(fn, (error: unknown) => error instanceof RecordLifecycleError && what.test(error.message));

describe('BatchRecord', () => {
  test('claimed, parsed, started, succeeded, committed; counted once; the message is let go', () => {
    const { records, counts } = batchOf(1);
    const record = records[0]!;
    record.claimed();
    assert.equal(record.message?.payload, null, 'the value is not parsed before the record runs');
    record.parsePayload(decode);
    const message = record.start();
    assert.deepEqual(message.payload, { n: 0 });
    assert.equal(record.run, 'running');
    record.succeeded();
    record.committed();
    assert.equal(record.claim, 'committed');
    assert.equal(record.outcome, 'succeeded');
    assert.equal(record.message, undefined);
    assert.deepEqual(counts(), { succeeded: 1, failed: 0, deduplicated: 0, parked: 0 });
  });

  test('a record never starts after its claim was released (the invocation already answered)', () => {
    const { records } = batchOf(2);
    const [claimed, unguarded] = records as [BatchRecord<unknown>, BatchRecord<unknown>];
    claimed.claimed();
    unguarded.unguarded();
    claimed.released();
    unguarded.released();
    illegal(() => claimed.start(), /start is not allowed with claim 'released'/);
    illegal(() => unguarded.start(), /start is not allowed with claim 'released'/);
    illegal(() => claimed.parsePayload(decode), /parsePayload/);
  });

  test('a succeeded claim is committed, never released; a running one outlives the answer', () => {
    const { records } = batchOf(2);
    const [done, busy] = records as [BatchRecord<unknown>, BatchRecord<unknown>];
    done.claimed();
    done.parsePayload(decode);
    done.start();
    done.succeeded();
    illegal(() => done.released(), /released/);
    busy.claimed();
    busy.parsePayload(decode);
    busy.start();
    illegal(() => busy.released(), /released/);
    illegal(() => busy.committed(), /committed/);
    busy.outlived();
    illegal(() => busy.released(), /released/);
    busy.failed(new Error('boom'));
    busy.released();
    assert.equal(busy.claim, 'released');
    illegal(() => busy.committed(), /committed/);
  });

  test('one outcome per record; no claim twice; no start without a payload or a claim', () => {
    const { records } = batchOf(3);
    const [a, b, c] = records as [BatchRecord<unknown>, BatchRecord<unknown>, BatchRecord<unknown>];
    illegal(() => a.start(), /start is not allowed with claim 'none'/);
    a.claimed();
    illegal(() => a.held(), /held/);
    illegal(() => a.start(), /start/);
    a.failed(new Error('x'));
    illegal(() => a.failed(new Error('y')), /failed/);
    illegal(() => a.succeeded(), /succeeded/);
    b.held();
    illegal(() => b.deduplicated(), /deduplicated/);
    illegal(() => b.start(), /start/);
    c.duplicate();
    c.deduplicated();
    illegal(() => c.deduplicated(), /deduplicated/);
  });

  test('a copy follows its original: deduplicated after a success, failed after a failure', async () => {
    const { records, counts, skipped } = batchOf(4, true);
    const [first, copy, second, copy2] = records as BatchRecord<unknown>[] as [
      BatchRecord<unknown>,
      BatchRecord<unknown>,
      BatchRecord<unknown>,
      BatchRecord<unknown>,
    ];
    illegal(() => copy.copyOf(first), /copyOf an original whose claim is none/);
    first.claimed();
    copy.copyOf(first);
    assert.equal(copy.claim, 'copy');
    const following = copy.follow();
    first.parsePayload(decode);
    first.start();
    assert.equal(copy.outcome, undefined, 'the copy waits while its original runs');
    first.succeeded();
    await following;
    assert.equal(copy.outcome, 'deduplicated');

    second.unguarded();
    copy2.copyOf(second);
    second.failed(new Error('boom'));
    await copy2.follow();
    assert.equal(copy2.outcome, 'failed');
    assert.ok(copy2.error instanceof ClaimHeldError);
    assert.match(copy2.error.message, /orders-0@2\) did not succeed/);
    assert.deepEqual(counts(), { succeeded: 1, failed: 2, deduplicated: 1, parked: 0 });
    assert.equal(
      skipped.fields()?.duplicatesInBatch,
      1,
      'the copy that followed a success is noted in-batch',
    );
  });

  test('a copy of a record that will not run shares its state', () => {
    const { records, skipped } = batchOf(2, true);
    const [first, copy] = records as [BatchRecord<unknown>, BatchRecord<unknown>];
    first.held();
    copy.copyOf(first);
    assert.equal(copy.claim, 'held');
    illegal(() => copy.follow(), /follow/);
    first.failed(new Error('held'));
    copy.failed(new Error('held'));
    assert.equal(skipped.fields()?.held, 2, 'both are noted as held for the batch line');
  });

  test('a held claim waited for: freed and claimed here, or DONE meanwhile; only from held and waiting', () => {
    const { records, counts } = batchOf(3);
    const [freed, done, other] = records as [
      BatchRecord<unknown>,
      BatchRecord<unknown>,
      BatchRecord<unknown>,
    ];
    freed.held();
    freed.heldEnded('claimed', 42);
    assert.equal(freed.claim, 'claimed');
    assert.equal(freed.confirmedAt, 42, 'the new claim confirms the key from when it was sent');
    freed.parsePayload(decode);
    freed.start();
    freed.succeeded();
    freed.committed();
    done.held();
    done.heldEnded('done');
    done.deduplicated();
    other.claimed();
    illegal(() => other.heldEnded('claimed'), /heldEnded/);
    illegal(() => freed.heldEnded('done'), /heldEnded/);
    assert.deepEqual(counts(), { succeeded: 1, failed: 0, deduplicated: 1, parked: 0 });
  });

  test('a copy of a held record that will wait follows it', async () => {
    const { records } = batchOf(2, true);
    const [first, copy] = records as [BatchRecord<unknown>, BatchRecord<unknown>];
    first.held();
    copy.copyOf(first, true);
    assert.equal(copy.claim, 'copy');
    const following = copy.follow();
    first.heldEnded('claimed');
    first.parsePayload(decode);
    first.start();
    first.succeeded();
    await following;
    assert.equal(copy.outcome, 'deduplicated');
  });

  test('an invalid record is never claimed; it fails with why it could not be decoded', () => {
    const emitter = new Counts();
    const raw = mskRecord({ offset: 3, eventId: null });
    const invalid = new InvalidRecordError(raw, 'no Event-Id header');
    const tally = { metrics: emitter.begin(), skipped: new SkippedRecords() };
    const record = new BatchRecord(raw, 'orders-0', tally, undefined, 'ignored', false, invalid);
    assert.equal(record.key, undefined);
    illegal(() => record.claimed(), /claimed/);
    record.failed(record.invalid!);
    assert.equal(record.error, invalid);
    assert.equal(record.outcome, 'failed');
  });

  test('a value parse rejects leaves the record waiting, to be failed', () => {
    const emitter = new Counts();
    const raw = mskRecord({ offset: 4, rawValue: Buffer.from('{nope').toString('base64') });
    const tally = { metrics: emitter.begin(), skipped: new SkippedRecords() };
    const record = new BatchRecord(raw, 'orders-0', tally, decodeEnvelope(raw, decode), 'k', true);
    record.claimed();
    assert.ok(record.parsePayload(decode) instanceof InvalidRecordError);
    assert.equal(record.run, 'waiting');
    illegal(() => record.start(), /start/);
    record.failed(new Error('invalid'));
    record.released();
  });

  test('poisoned, then parked (committed, counted once, a copy deduplicated) or failed; illegal moves throw', async () => {
    const { records, counts } = batchOf(4, true);
    const [original, copy] = records as [BatchRecord<unknown>, BatchRecord<unknown>];
    original.claimed();
    copy.copyOf(original);
    illegal(() => original.parked(), /parked/);
    original.parsePayload(decode);
    original.start();
    original.poisoned(new Error('no retry cures this'));
    assert.equal(original.outcome, undefined, 'being parked is not an outcome yet');
    illegal(() => original.poisoned(new Error('again')), /poisoned/);
    illegal(() => original.succeeded(), /succeeded/);
    illegal(() => original.committed(), /committed/);
    const following = copy.follow();
    original.parked();
    await following;
    assert.equal(copy.outcome, 'deduplicated', 'a copy of a parked record is a repeat of a handled event');
    illegal(() => original.released(), /released/);
    original.committed();
    assert.equal(original.claim, 'committed');
    illegal(() => original.failed(new Error('late')), /failed/);
    // The sink did not take it: the record fails, its claim is released.
    const other = batchOf(1).records[0]!;
    other.claimed();
    other.poisoned(new Error('no retry cures this'));
    other.failed(new Error('no retry cures this'));
    other.released();
    assert.deepEqual(counts(), { succeeded: 0, failed: 0, deduplicated: 1, parked: 1 });
  });
});
