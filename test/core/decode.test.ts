/** Decoding one MSK record: the envelope, headers, base64 and tombstones. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isValid } from 'ulid';
import { resolveEventIdSource } from '../../lib/contract/event-id-source.ts';
import { normalizeEventId } from '../../lib/contract.ts';
import { InvalidRecordError, MemoryDedupStore } from '../../lib/index.ts';
import { decodeEnvelope, decodePayload, decodeRecord, parseJson } from '../../lib/kafka/decode.ts';
import { failedOffsets, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';

const build = testConsumers();

const options = { parse: parseJson, maxHeaderBytes: 1024 };
const ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

describe('decodeRecord', () => {
  test('envelope, key, payload and repeated headers', () => {
    const m = decodeRecord(
      mskRecord({
        topic: 'reviews',
        partition: 3,
        offset: 42,
        eventId: ID.toLowerCase(),
        correlationId: 'c-1',
        eventType: 'review.created',
        key: 'user-7',
        value: { rating: 5 },
        headers: [{ tag: 'a' }, { tag: 'b' }, { bin: [0xff, 0x00] }],
      }),
      options,
    );
    assert.equal(m.eventId, ID);
    assert.equal(m.correlationId, 'c-1');
    assert.equal(m.eventType, 'review.created');
    assert.equal(m.key?.toString(), 'user-7');
    assert.deepEqual(m.payload, { rating: 5 });
    assert.deepEqual(m.headers.tag, ['a', 'b']);
    assert.equal(typeof m.headers.bin, 'string');
    assert.equal(m.topic, 'reviews');
    assert.equal(m.partition, 3);
    assert.equal(m.offset, 42);
  });

  test('a tombstone has payload null and parse is not called', () => {
    let called = false;
    const m = decodeRecord(mskRecord({ offset: 1, rawValue: null }), {
      ...options,
      parse: () => {
        called = true;
      },
    });
    assert.equal(m.payload, null);
    assert.equal(called, false);
  });

  const bad: [string, Parameters<typeof mskRecord>[0], RegExp][] = [
    ['no Event-Id', { offset: 1, eventId: null }, /record orders-0@1: no Event-Id header/],
    ['an Event-Id that is not a ULID', { offset: 2, eventId: 'x'.repeat(26) }, /is not a ULID/],
    ['a ULID past the 48-bit time', { offset: 3, eventId: `8${ID.slice(1)}` }, /is not a ULID/],
    ['malformed base64', { offset: 4, rawValue: 'eyJ@' }, /value is not valid base64/],
    ['base64 without padding', { offset: 5, rawValue: 'eyJ' }, /value is not valid base64/],
    [
      'a non-JSON value',
      { offset: 6, rawValue: Buffer.from('plain text').toString('base64') },
      /rejected by parse/,
    ],
    // Non-ASCII characters that case-fold into the alphabet: `ſ` upper-cases to `S`, `ß` to `SS`
    // and `ﬆ` to `ST` (27 characters): none may alias the real ULID `...FAS`.
    [
      'an Event-Id with ſ (long s)',
      { offset: 8, eventId: `${ID.slice(0, 25)}ſ` },
      /record orders-0@8: Event-Id .* is not a ULID/,
    ],
    [
      'an Event-Id with ß',
      { offset: 9, eventId: `${ID.slice(0, 25)}ß` },
      /record orders-0@9: Event-Id .* is not a ULID/,
    ],
    [
      'an Event-Id with ﬆ',
      { offset: 10, eventId: `${ID.slice(0, 25)}ﬆ` },
      /record orders-0@10: Event-Id .* is not a ULID/,
    ],
    [
      'an Event-Id with a dotless ı',
      { offset: 11, eventId: `${ID.slice(0, 24)}ı${ID.at(-1)}` },
      /record orders-0@11: Event-Id .* is not a ULID/,
    ],
    [
      'an oversize header',
      { offset: 7, headers: [{ big: 'x'.repeat(2000) }] },
      /header big is 2000 bytes, over the 1024-byte limit/,
    ],
  ];
  for (const [what, spec, message] of bad) {
    test(`${what}: InvalidRecordError naming the record`, () => {
      assert.throws(
        () => decodeRecord(mskRecord(spec), options),
        (e: unknown) =>
          e instanceof InvalidRecordError && message.test(e.message) && e.offset === spec.offset,
      );
    });
  }

  test('normalizeEventId', () => {
    assert.equal(normalizeEventId(ID.toLowerCase()), ID);
    assert.equal(normalizeEventId(`${ID}0`), undefined);
    assert.equal(normalizeEventId('01ARZ3NDEKTSV4RRFFQ69G5FAU'), undefined, 'U is not Crockford base32');
    assert.equal(normalizeEventId('81ARZ3NDEKTSV4RRFFQ69G5FAV'), undefined, 'over the 48-bit timestamp');
  });

  test('normalizeEventId: no character outside ASCII folds into a ULID', () => {
    const real = `${ID.slice(0, 25)}S`;
    assert.equal(normalizeEventId(real), real);
    for (const forged of ['ſ', 'ß', 'ﬆ', 'ı', 'İ', 'Ｓ']) {
      assert.equal(normalizeEventId(`${ID.slice(0, 25)}${forged}`), undefined, forged);
    }
    // Every UTF-16 code unit above 127 in every position of a valid id.
    for (let code = 128; code < 0x10000; code += 1) {
      const c = String.fromCharCode(code);
      if (c.toUpperCase() === c && c.toLowerCase() === c) continue; // no case: cannot fold
      for (const at of [0, 25]) {
        const id = ID.slice(0, at) + c + ID.slice(at + 1);
        assert.equal(normalizeEventId(id), undefined, `U+${code.toString(16)} at ${at}`);
      }
    }
  });

  test('normalizeEventId agrees with the ulid package on 20,000 near-ULIDs', () => {
    // Every letter and digit, both cases, some punctuation and a non-ASCII letter.
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_ é';
    let seed = 42;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed;
    };
    for (let n = 0; n < 20_000; n++) {
      let id = '';
      // Mostly valid characters, so that both answers occur often.
      for (let i = 0; i < 26; i++)
        id += next() % 8 === 0 ? alphabet[next() % alphabet.length] : ID[next() % 26];
      const expected = isValid(id) && id.toUpperCase().charCodeAt(0) <= 55 ? id.toUpperCase() : undefined;
      assert.equal(normalizeEventId(id), expected, id);
    }
  });
});

describe('the default JSON value: decoded through a scratch buffer, never shared between records', () => {
  const payloadOf = (offset: number, value: unknown) =>
    decodeRecord(mskRecord({ offset, value }), options).payload;

  test('a long value, then a short one, then one past the scratch: each parses whole and alone', () => {
    const long = { text: 'é'.repeat(20_000), n: 1 };
    const short = { n: 2 };
    const huge = { text: 'x'.repeat(200_000), tail: 'ü' };
    assert.deepEqual(payloadOf(1, long), long);
    assert.deepEqual(payloadOf(2, short), short);
    assert.deepEqual(payloadOf(3, huge), huge);
    assert.deepEqual(payloadOf(4, short), short);
    // A key checked between two values does not reach the next value's bytes.
    assert.deepEqual(
      decodeRecord(mskRecord({ offset: 5, key: 'k'.repeat(500), value: short }), options).payload,
      short,
    );
  });

  test('a custom parse gets a buffer of its own, which it may keep', () => {
    const kept: Buffer[] = [];
    const keeping = { ...options, parse: (value: Buffer) => kept.push(value) && value.toString('utf8') };
    decodeRecord(mskRecord({ offset: 1, rawValue: Buffer.from('first').toString('base64') }), keeping);
    decodeRecord(mskRecord({ offset: 2, rawValue: Buffer.from('other').toString('base64') }), keeping);
    assert.deepEqual(
      kept.map((b) => b.toString('utf8')),
      ['first', 'other'],
    );
  });

  test('JSON null is refused and invalid JSON is rejected by parse, naming the record', () => {
    assert.throws(
      () => decodeRecord(mskRecord({ offset: 6, rawValue: Buffer.from('null').toString('base64') }), options),
      (e: unknown) => e instanceof InvalidRecordError && /orders-0@6: value parses to null/.test(e.message),
    );
    assert.throws(
      () =>
        decodeRecord(mskRecord({ offset: 7, rawValue: Buffer.from('{"a":').toString('base64') }), options),
      (e: unknown) =>
        e instanceof InvalidRecordError && /orders-0@7: value rejected by parse/.test(e.message),
    );
  });
});

describe('a parse that answers a thenable that is not a Promise', () => {
  /** A minimal thenable, as some libraries' lazy results are: only `then`, not a Promise. */
  const thenable = (settle: (resolve: (v: unknown) => void, reject: (e: unknown) => void) => void) => ({
    // biome-ignore lint/suspicious/noThenProperty: the point of the test is a non-Promise thenable
    then(resolve: (v: unknown) => void, reject: (e: unknown) => void) {
      settle(resolve, reject);
    },
  });

  async function run(parse: (value: Buffer) => unknown) {
    const seen: unknown[] = [];
    const handler = build({
      service: 'svc',
      store: new MemoryDedupStore({ quiet: true }),
      parse: parse as (value: Buffer) => unknown,
      handle: (m) => {
        seen.push(m.payload);
      },
    });
    const { response, lines } = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 4, value: { rating: 5 } })]),
    );
    return {
      seen,
      failed: failedOffsets(response),
      logged: lines.map((l) => JSON.stringify(l)).join('\n'),
    };
  }

  test('is awaited: the handler gets what it resolves to', async () => {
    const { seen, failed } = await run((value) => thenable((resolve) => resolve(parseJson(value))));
    assert.deepEqual(failed, []);
    assert.deepEqual(seen, [{ rating: 5 }]);
  });

  test('that rejects: the record fails, naming it', async () => {
    const { seen, failed, logged } = await run(() =>
      thenable((_, reject) => reject(new Error('lazy parse failed'))),
    );
    assert.deepEqual(seen, []);
    assert.deepEqual(failed, ['orders-0@4']);
    assert.match(logged, /record orders-0@4: value rejected by parse: Error: lazy parse failed/);
  });

  test('whose then throws: the record fails, naming it', async () => {
    const { seen, failed, logged } = await run(() =>
      thenable(() => {
        throw new Error('then exploded');
      }),
    );
    assert.deepEqual(seen, []);
    assert.deepEqual(failed, ['orders-0@4']);
    assert.match(logged, /record orders-0@4: value rejected by parse: Error: then exploded/);
  });

  test('from a key format: awaited too', async () => {
    const record = mskRecord({ offset: 5, key: 'user-7', value: { rating: 5 } });
    const message = decodeEnvelope(record, options);
    const key = (bytes: Buffer) => thenable((resolve) => resolve(`key:${bytes.toString()}`));
    await decodePayload(record, { ...options, key }, message);
    assert.equal((message as { key?: unknown }).key, 'key:user-7');
  });
});

describe('the key: checked before the claim, its bytes made when the record runs', () => {
  test('decodeEnvelope checks it and leaves it to decodePayload, which gives bytes of their own', () => {
    const record = mskRecord({ offset: 3, key: 'user-7', value: { rating: 5 } });
    const message = decodeEnvelope(record, options);
    assert.equal(message.key, undefined, 'no buffer per record from the batch start');
    assert.equal(decodePayload(record, options, message), undefined);
    const key = (message as { key?: Buffer }).key;
    assert.ok(Buffer.isBuffer(key));
    assert.equal(key.toString(), 'user-7');
    assert.equal(key.buffer.byteLength, key.byteLength, 'not a slice of the shared pool');
  });

  test('an id read from the key decodes it with the envelope', () => {
    const record = mskRecord({ offset: 3, key: 'order-42', value: { rating: 5 } });
    const eventId = resolveEventIdSource({ from: 'key' });
    const message = decodeEnvelope(record, { ...options, eventId });
    assert.equal(message.eventId, 'order-42');
    assert.equal(message.key?.toString(), 'order-42');
    decodePayload(record, { ...options, eventId }, message);
    assert.equal(message.key?.toString(), 'order-42');
  });

  const malformed: [string, string][] = [
    ['a character outside base64', 'dXNlci@3'],
    ['no padding', 'dXNlci03'.slice(0, 7)],
    ['a long key with one bad character (past the first scratch size)', `${'QUJD'.repeat(200)}QU@D`],
  ];
  for (const [what, rawKey] of malformed) {
    test(`${what}: InvalidRecordError from decodeEnvelope, naming the record`, () => {
      const record = { ...mskRecord({ offset: 9, value: { rating: 5 } }), key: rawKey };
      assert.throws(
        () => decodeEnvelope(record, options),
        (e: unknown) =>
          e instanceof InvalidRecordError && /orders-0@9: key is not valid base64/.test(e.message),
      );
    });
  }

  test('a long key that is valid passes the check and decodes whole', () => {
    const text = 'k'.repeat(3000);
    const record = mskRecord({ offset: 9, key: text, value: { rating: 5 } });
    const message = decodeEnvelope(record, options);
    decodePayload(record, options, message);
    assert.equal(message.key?.toString(), text);
  });

  test('a malformed key fails its record before the claim; the rest of the batch runs', async () => {
    const claimed: string[] = [];
    const store = new (class extends MemoryDedupStore {
      override claim(keys: readonly string[], owner: string, leaseMs: number) {
        claimed.push(...keys);
        return super.claim(keys, owner, leaseMs);
      }
    })({ quiet: true });
    const seen: string[] = [];
    const handler = build({ service: 'svc', store, handle: (m) => void seen.push(m.key!.toString()) });
    const bad = { ...mskRecord({ offset: 1 }), key: 'dXNlci@3' };
    const { response } = await invoke(handler, mskEvent([mskRecord({ offset: 0, key: 'a' }), bad]));
    assert.deepEqual(failedOffsets(response), ['orders-0@1']);
    assert.deepEqual(seen, ['a']);
    assert.equal(claimed.length, 1, 'only the good record was claimed');
  });

  test('a tombstone with a key: the handler gets the key', async () => {
    const seen: (string | undefined)[] = [];
    const handler = build({
      service: 'svc',
      store: new MemoryDedupStore({ quiet: true }),
      handle: (m) => void seen.push(m.key?.toString()),
    });
    const { response } = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 0, key: 'user-7', rawValue: null })]),
    );
    assert.deepEqual(failedOffsets(response), []);
    assert.deepEqual(seen, ['user-7']);
  });
});
