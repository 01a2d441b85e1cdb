/**
 * What a record that cannot be decoded does to its batch: it fails with an error naming
 * `topic-partition@offset`, the format and the schema id; the rest of the batch is not affected
 * (other partitions succeed, earlier records of its partition succeed); registry failures count in
 * SchemaRegistryErrors{Reason}, bad bytes do not; an unreachable registry costs a bounded wait.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { MSKEvent } from 'aws-lambda';
import { toMskEvent } from '../../emulator/msk-event.ts';
import { Metric } from '../../lib/contract.ts';
import {
  avro,
  ConfluentSchemaRegistry,
  frameConfluent,
  protobuf,
  RecordFormatError,
} from '../../lib/formats/index.ts';
import {
  type LocalConfluentRegistry,
  startLocalConfluentRegistry,
} from '../../testkit/local-confluent-registry.ts';
import { SchemaProducer } from '../../testkit/schema-producer.ts';
import { invoke } from '../support/consumer.ts';
import { REVIEW_PROTO, REVIEW_V1, review } from './schemas.ts';
import { logOf, recordingHandler } from './support.ts';

let registry: LocalConfluentRegistry;
before(async () => {
  registry = await startLocalConfluentRegistry();
});
after(() => registry.stop());

const spec = { format: 'avro', schema: REVIEW_V1 } as const;

/** Metric values of `name` per Reason in the EMF lines. */
function registryErrors(lines: Record<string, unknown>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of lines) {
    if (typeof line[Metric.schemaRegistryErrors] === 'number') {
      out[String(line.Reason)] =
        (out[String(line.Reason)] ?? 0) + (line[Metric.schemaRegistryErrors] as number);
    }
  }
  return out;
}

function errorsOf(lines: Record<string, unknown>[]): string[] {
  return lines.flatMap((l) => {
    const error = l.error as { name?: string; message?: string } | undefined;
    return error?.name === 'RecordFormatError' ? [error.message!] : [];
  });
}

/** Three partitions: p0 [good, <bad>, good], p1 [<bad>], p2 [good]. */
function batchWith(bad: (producer: SchemaProducer) => Buffer): MSKEvent {
  const log = logOf('reviews', 3);
  const producer = new SchemaProducer(log, { confluent: registry });
  const send = (n: number, partition: number) =>
    producer.send({ topic: 'reviews', payload: review(n), schema: spec, partition }).record;
  const header = (partition: number, offset: number) => ({
    name: 'Event-Id',
    value: Buffer.from(`01JD8X3Z4Q5R6S7T8V9W0XY${partition}${offset}0`.slice(0, 26)),
  });
  const records = [send(1, 0)];
  records.push(log.append('reviews', { value: bad(producer), partition: 0, headers: [header(0, 1)] }));
  records.push(send(3, 0));
  records.push(log.append('reviews', { value: bad(producer), partition: 1, headers: [header(1, 0)] }));
  records.push(send(4, 2));
  return toMskEvent(records);
}

describe('a record that cannot be decoded fails alone', () => {
  test('bad bytes: named record, format and schema id; the rest of the batch succeeds; no registry metric', async () => {
    const event = batchWith((producer) => {
      const framing = producer.framing('reviews-value', spec);
      // A real Avro body cut short: the union of a good header and a truncated record.
      const good = frameConfluent((framing as { schemaId: number }).schemaId, Buffer.from([0x06, 0x72]));
      return good;
    });
    const { handler, seen } = recordingHandler({
      value: avro({ schema: REVIEW_V1, registry: new ConfluentSchemaRegistry({ url: registry.url }) }),
    });
    const { response, lines } = await invoke(handler, event);
    assert.deepEqual(
      response.batchItemFailures
        .map((f) => `${f.itemIdentifier.partition}@${f.itemIdentifier.offset}`)
        .sort(),
      ['reviews-0@1', 'reviews-0@2', 'reviews-1@0'],
      'the bad records, and the one behind a bad record in its partition (not run)',
    );
    assert.deepEqual(seen.map((m) => `${m.partition}@${m.offset}`).sort(), ['0@0', '2@0']);
    const errors = errorsOf(lines);
    assert.ok(
      errors.some((m) => /^record reviews-0@1: value \(avro, schema id 1\): truncated buffer/.test(m)),
      errors.join('\n'),
    );
    assert.deepEqual(registryErrors(lines), {});
  });

  test('not framed at all: the wire format says what it expected', async () => {
    const event = batchWith(() => Buffer.from(JSON.stringify(review(9))));
    const { handler } = recordingHandler({
      value: avro({ schema: REVIEW_V1, registry: new ConfluentSchemaRegistry({ url: registry.url }) }),
    });
    const { lines } = await invoke(handler, event);
    assert.ok(
      errorsOf(lines).some((m) =>
        /^record reviews-1@0: value \(avro, no schema id\): first byte is 123, not the Confluent magic byte 0/.test(
          m,
        ),
      ),
    );
  });

  test('an unknown schema id: not-found, counted in SchemaRegistryErrors', async () => {
    const event = batchWith(() => frameConfluent(4242, Buffer.from([2, 0x61])));
    const { handler, seen } = recordingHandler({
      value: avro({ schema: REVIEW_V1, registry: new ConfluentSchemaRegistry({ url: registry.url }) }),
    });
    const { response, lines } = await invoke(handler, event);
    assert.equal(response.batchItemFailures.length, 3, 'the two bad records and the one behind 0@1');
    assert.equal(seen.length, 2);
    assert.ok(
      errorsOf(lines).some((m) =>
        /^record reviews-0@1: value \(avro, schema id 4242\): schema registry not-found for schema id 4242/.test(
          m,
        ),
      ),
    );
    assert.deepEqual(registryErrors(lines), { 'not-found': 2 });
  });

  test('a registry that does not answer: a bounded wait, then the records needing it fail (timeout)', async () => {
    const log = logOf('reviews', 2);
    const producer = new SchemaProducer(log, { confluent: registry });
    const records = [
      producer.send({ topic: 'reviews', payload: review(1), schema: spec, partition: 0 }).record,
      producer.send({ topic: 'reviews', payload: review(2), schema: spec, partition: 1 }).record,
    ];
    registry.slowDown(10_000);
    try {
      const client = new ConfluentSchemaRegistry({ url: registry.url, timeoutMs: 300 });
      const { handler, seen } = recordingHandler({ value: avro({ schema: REVIEW_V1, registry: client }) });
      const started = Date.now();
      const { response, lines } = await invoke(handler, toMskEvent(records));
      const took = Date.now() - started;
      assert.equal(response.batchItemFailures.length, 2);
      assert.equal(seen.length, 0);
      // Both partitions wait on one shared lookup: one timeout, not one per record.
      assert.ok(took < 3000, `the invocation took ${took} ms`);
      assert.deepEqual(registryErrors(lines), { timeout: 2 });
      assert.ok(errorsOf(lines).every((m) => /did not answer within 300 ms/.test(m)));
    } finally {
      registry.recover();
    }
  });

  test('Protobuf bytes that are not a message fail with the protobuf format named', async () => {
    const log = logOf('reviews');
    const producer = new SchemaProducer(log, { confluent: registry });
    const protoSpec = { format: 'protobuf', proto: REVIEW_PROTO, messageType: 'shop.Review' } as const;
    const framing = producer.framing('reviews-value', protoSpec) as { schemaId: number };
    const bad = log.append('reviews', {
      value: frameConfluent(framing.schemaId, Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x0f]), [1]),
      headers: [{ name: 'Event-Id', value: Buffer.from('01JD8X3Z4Q5R6S7T8V9W0XYZAB') }],
    });
    const { handler } = recordingHandler({
      value: protobuf({ registry: new ConfluentSchemaRegistry({ url: registry.url }) }),
    });
    const { response, lines } = await invoke(handler, toMskEvent([bad]));
    assert.equal(response.batchItemFailures.length, 1);
    assert.ok(
      errorsOf(lines).some((m) =>
        new RegExp(`^record reviews-0@0: value \\(protobuf, schema id ${framing.schemaId}\\): `).test(m),
      ),
    );
  });

  test('RecordFormatError carries the field, format and schema id for code that catches it', () => {
    const error = new RecordFormatError({ topic: 't', partition: 1, offset: 2 }, 'key', 'avro', '7', 'bad');
    assert.equal(error.message, 'record t-1@2: key (avro, schema id 7): bad');
    assert.deepEqual(
      [error.field, error.format, error.schemaId, error.registryReason],
      ['key', 'avro', '7', undefined],
    );
  });
});
