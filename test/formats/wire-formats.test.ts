/**
 * The Confluent and Glue wire formats: what the test kit's producer writes (its own framing code,
 * bytes made by avsc and protobufjs) is what msk-once's unframing reads, and bad framing is refused.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import protobufjs from 'protobufjs';
import {
  frameConfluent,
  frameGlue,
  unframeConfluent,
  unframeGlue,
  WireFormatError,
} from '../../lib/formats/index.ts';
import { encodeWithSchema } from '../../testkit/schema-producer.ts';
import { REVIEW_PROTO, REVIEW_V1, review } from './schemas.ts';

const VERSION_ID = 'b7f4c2a0-1d2e-4f30-9a8b-0123456789ab';

describe('Confluent wire format', () => {
  test('magic byte, big-endian schema id, then the Avro body', () => {
    const bytes = encodeWithSchema({ format: 'avro', schema: REVIEW_V1 }, review(1), {
      wire: 'confluent',
      schemaId: 258,
    });
    assert.equal(bytes[0], 0);
    const frame = unframeConfluent(bytes);
    assert.equal(frame.schemaId, '258');
    const body = encodeWithSchema({ format: 'avro', schema: REVIEW_V1 }, review(1), { wire: 'none' });
    assert.deepEqual(frame.body, body);
    assert.deepEqual(frameConfluent(258, body), bytes);
  });

  test('Protobuf message indexes: [1] for the second top-level message, [1, 0] for its nested one', () => {
    const one = encodeWithSchema(
      { format: 'protobuf', proto: REVIEW_PROTO, messageType: 'shop.Review' },
      review(1),
      { wire: 'confluent', schemaId: 7 },
    );
    assert.deepEqual(unframeConfluent(one, true).messageIndexes, [1]);
    const nested = encodeWithSchema(
      { format: 'protobuf', proto: REVIEW_PROTO, messageType: 'shop.Review.Reply' },
      { text: 'thanks' },
      { wire: 'confluent', schemaId: 7 },
    );
    const frame = unframeConfluent(nested, true);
    assert.deepEqual(frame.messageIndexes, [1, 0]);
    const Reply = protobufjs.parse(REVIEW_PROTO).root.lookupType('shop.Review.Reply');
    assert.equal((Reply.decode(frame.body) as unknown as { text: string }).text, 'thanks');
    assert.deepEqual(frameConfluent(7, frame.body, [1, 0]), nested);
  });

  test('the first message is written as a single 0 byte', () => {
    const bytes = encodeWithSchema(
      { format: 'protobuf', proto: REVIEW_PROTO, messageType: 'shop.Envelope' },
      { id: 'x' },
      { wire: 'confluent', schemaId: 7 },
    );
    assert.equal(bytes[5], 0);
    assert.deepEqual(unframeConfluent(bytes, true).messageIndexes, [0]);
  });

  test('bad framing is refused with what was expected', () => {
    assert.throws(() => unframeConfluent(Buffer.from([0, 0, 1])), /shorter than the 5-byte Confluent header/);
    assert.throws(
      () => unframeConfluent(Buffer.from('{"json":true}')),
      (e: Error) => e instanceof WireFormatError && /not the Confluent magic byte 0/.test(e.message),
    );
    assert.throws(() => unframeConfluent(Buffer.from([0, 0, 0, 0, 1, 0x80]), true), /cut short/);
  });
});

describe('Glue wire format', () => {
  test('header version 3, compression byte, the schema version UUID, then the body', () => {
    const bytes = encodeWithSchema({ format: 'avro', schema: REVIEW_V1 }, review(2), {
      wire: 'glue',
      schemaVersionId: VERSION_ID,
    });
    assert.equal(bytes[0], 3);
    assert.equal(bytes[1], 0);
    const frame = unframeGlue(bytes);
    assert.equal(frame.schemaId, VERSION_ID);
    assert.deepEqual(
      frame.body,
      encodeWithSchema({ format: 'avro', schema: REVIEW_V1 }, review(2), { wire: 'none' }),
    );
    assert.deepEqual(frameGlue(VERSION_ID, frame.body), bytes);
  });

  test('zlib-compressed bodies are inflated', () => {
    const bytes = encodeWithSchema({ format: 'avro', schema: REVIEW_V1 }, review(3), {
      wire: 'glue',
      schemaVersionId: VERSION_ID,
      compression: 'zlib',
    });
    assert.equal(bytes[1], 5);
    assert.deepEqual(
      unframeGlue(bytes).body,
      encodeWithSchema({ format: 'avro', schema: REVIEW_V1 }, review(3), { wire: 'none' }),
    );
  });

  test('Protobuf message index: the rank among all messages sorted by full name', () => {
    // shop.Envelope, shop.Review, shop.Review.Reply -> Review is 1, Reply is 2.
    const bytes = encodeWithSchema(
      { format: 'protobuf', proto: REVIEW_PROTO, messageType: 'shop.Review.Reply' },
      { text: 'hi' },
      { wire: 'glue', schemaVersionId: VERSION_ID },
    );
    assert.deepEqual(unframeGlue(bytes, true).messageIndexes, [2]);
  });

  test('bad framing is refused', () => {
    assert.throws(() => unframeGlue(Buffer.alloc(10, 3)), /shorter than the 18-byte Glue header/);
    assert.throws(
      () => unframeGlue(Buffer.concat([Buffer.from([2, 0]), Buffer.alloc(20)])),
      /not the Glue header version 3/,
    );
    assert.throws(
      () => unframeGlue(Buffer.concat([Buffer.from([3, 9]), Buffer.alloc(20)])),
      /compression byte 9/,
    );
    assert.throws(
      () => unframeGlue(Buffer.concat([Buffer.from([3, 5]), Buffer.alloc(16), Buffer.from('not zlib')])),
      /does not inflate/,
    );
  });
});
