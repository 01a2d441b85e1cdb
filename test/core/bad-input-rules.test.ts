/**
 * The bad-input rules of docs/consumer.md ("Bad input"), one rule per input, the same in the core,
 * the emulator and the DLQ reader (issue 12, the smaller findings).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { MSKRecord } from 'aws-lambda';
import { parseDlqText } from '../../cli/dlq-reader.ts';
import { EventProducer, KafkaLog, toMskRecord } from '../../emulator/index.ts';
import { EVENT_ID_HEADER, InvalidRecordError, MemoryDedupStore } from '../../lib/index.ts';
import { decodeRecord, parseJson } from '../../lib/kafka/decode.ts';
import { failedOffsets, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';

const build = testConsumers();

const options = { parse: parseJson, maxHeaderBytes: 1024 };
const A = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const B = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
const bytes = (s: string) => [...Buffer.from(s)];

function rejects(record: MSKRecord, reason: RegExp) {
  assert.throws(
    () => decodeRecord(record, options),
    (e: unknown) =>
      e instanceof InvalidRecordError && /^record orders-0@[^:]+: /.test(e.message) && reason.test(e.message),
  );
}

function consumer() {
  const ran: string[] = [];
  const handler = build({
    service: 'svc',
    store: new MemoryDedupStore({ quiet: true }),
    handle: (m) => {
      ran.push(`${m.partition}@${m.offset}`);
    },
  });
  return { handler, ran };
}

describe('bad input: one rule per input', () => {
  test('string offsets are ordered as numbers by both the check and the sort; the answer names a number', async () => {
    const { handler, ran } = consumer();
    const records = [9, 10, 100, 11].map((o) => ({ ...mskRecord({ offset: o }), offset: String(o) }));
    const { response } = await invoke(handler, mskEvent(records as unknown as MSKRecord[]));
    assert.deepEqual(ran, ['0@9', '0@10', '0@11', '0@100']);
    assert.deepEqual(response.batchItemFailures, []);
    // A string offset that is not a whole number fails its record, naming it.
    rejects(
      { ...mskRecord({ offset: 3 }), offset: '3x' } as unknown as MSKRecord,
      /offset "3x" is not a whole number/,
    );
  });

  test('a failed record with a string offset is reported with a numeric offset', async () => {
    const handler = build({
      service: 'svc',
      store: new MemoryDedupStore({ quiet: true }),
      handle: () => {
        throw new Error('no');
      },
    });
    const record = { ...mskRecord({ offset: 12 }), offset: '12' } as unknown as MSKRecord;
    const { response } = await invoke(handler, mskEvent([record]));
    assert.deepEqual(response.batchItemFailures, [{ itemIdentifier: { partition: 'orders-0', offset: 12 } }]);
  });

  test('header bytes must be 0..255: a value that would alias another byte fails the record', () => {
    const aliased = bytes(A).map((b, i) => (i === 25 ? b + 256 : b));
    rejects(mskRecord({ offset: 1, eventId: null, headers: [{ [EVENT_ID_HEADER]: aliased }] }), /not a byte/);
    rejects(mskRecord({ offset: 2, headers: [{ tag: [-1] }] }), /header tag .*not a byte/);
    rejects(mskRecord({ offset: 3, headers: [{ tag: [1.5] }] }), /not a byte/);
    rejects(mskRecord({ offset: 4, headers: [{ tag: ['7' as unknown as number] }] }), /not a byte/);
  });

  test('a null record fails the invocation naming its partition and index (the batch is retried)', async () => {
    const { handler } = consumer();
    const event = mskEvent([mskRecord({ offset: 1 })]);
    (event.records['orders-0'] as unknown[]).push(null);
    await assert.rejects(invoke(handler, event), /records\['orders-0'\]\[1\] is null, not a record/);
  });

  test('a value or key that is not text gets a named error, not a bare TypeError', () => {
    rejects(
      { ...mskRecord({ offset: 5 }), value: 42 } as unknown as MSKRecord,
      /value is a number, not base64 text/,
    );
    rejects({ ...mskRecord({ offset: 6 }), value: { a: 1 } } as unknown as MSKRecord, /value is an object/);
    rejects({ ...mskRecord({ offset: 7 }), key: 7 } as unknown as MSKRecord, /key is a number/);
  });

  test('payload null means a tombstone only: the JSON text null is refused, in the core and the emulator alike', async () => {
    const tombstone = decodeRecord(mskRecord({ offset: 8, rawValue: null }), options);
    assert.equal(tombstone.payload, null);
    assert.equal(decodeRecord({ ...mskRecord({ offset: 8 }), value: '' }, options).payload, null);
    rejects(
      mskRecord({ offset: 9, rawValue: Buffer.from('null').toString('base64') }),
      /parses to null: payload null means a tombstone/,
    );
    // The emulator's producer makes payload null a tombstone (no value), never the text "null".
    const log = new KafkaLog();
    log.createTopic('orders', 1);
    const sent = new EventProducer(log).send({ topic: 'orders', payload: null });
    const record = toMskRecord(sent.record);
    assert.equal('value' in record, false);
    assert.equal(decodeRecord(record, options).payload, null);
  });

  test('two Event-Id headers: the same id (any case) names the event; two different ids fail the record', async () => {
    const same = decodeRecord(
      mskRecord({ offset: 10, eventId: A, headers: [{ [EVENT_ID_HEADER]: A.toLowerCase() }] }),
      options,
    );
    assert.equal(same.eventId, A);
    rejects(
      mskRecord({ offset: 11, eventId: A, headers: [{ [EVENT_ID_HEADER]: B }] }),
      new RegExp(`two different Event-Id headers \\(${A}, ${B}\\)`),
    );
    const { handler, ran } = consumer();
    const { response } = await invoke(
      handler,
      mskEvent([
        mskRecord({ offset: 11, eventId: A, headers: [{ [EVENT_ID_HEADER]: B }] }),
        mskRecord({ partition: 1, offset: 1, eventId: B }),
      ]),
    );
    assert.deepEqual(failedOffsets(response), ['orders-0@11']);
    assert.deepEqual(ran, ['1@1'], 'the event B runs once, from the record that names it alone');
  });

  test('header names are matched exactly, in the core and the DLQ reader alike', () => {
    rejects(
      mskRecord({ offset: 12, eventId: null, headers: [{ 'event-id': A }] }),
      /no Event-Id header \(found 'event-id': header names are case-sensitive\)/,
    );
    const dlqLine = (headers: Record<string, number[]>[]) => {
      const doc = JSON.parse(
        readFileSync(new URL('../cli/fixtures/aws-kafka-on-failure-example.json', import.meta.url), 'utf8'),
      );
      const [record] = Object.values(doc.payload.records as Record<string, { headers: unknown }[]>)[0]!;
      record!.headers = headers;
      return JSON.stringify(doc);
    };
    const idOf = (headers: Record<string, number[]>[]) => parseDlqText(dlqLine(headers)).rows[0]!.eventId;
    assert.equal(idOf([{ [EVENT_ID_HEADER]: bytes(A) }]), A);
    assert.equal(idOf([{ 'event-id': bytes(A) }]), null, 'another case is another header');
    assert.equal(idOf([{ [EVENT_ID_HEADER]: bytes(A) }, { [EVENT_ID_HEADER]: bytes(A.toLowerCase()) }]), A);
    assert.equal(
      idOf([{ [EVENT_ID_HEADER]: bytes(A) }, { [EVENT_ID_HEADER]: bytes(B) }]),
      null,
      'conflicting ids',
    );
    assert.equal(idOf([{ [EVENT_ID_HEADER]: [...bytes(A).slice(0, 25), 0x130] }]), null, 'not bytes');
  });
});
