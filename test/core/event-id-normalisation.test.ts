/**
 * Event ids are normalised once and safely (issue 23): one canonical form per id form, no two
 * different ids on one key, no id that makes its own hash tag or shifts the key's parts; the
 * environment and the CDK construct carry the declarative sources, naming the setting on error.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { eventIdEnvironment } from '../../infra/cdk/consumer-validation.ts';
import { prefixOfKey } from '../../lib/contract/dedup-key.ts';
import { EVENT_ID_FORMATS, type EventIdFormat } from '../../lib/contract/event-id-format.ts';
import { dedupKey, dedupKeyPrefix, EnvVar, eventIdOfKey, parseEventIdSource } from '../../lib/contract.ts';
import { ConfigurationError, dedupConfigFromEnv, kafkaHandler, MemoryDedupStore } from '../../lib/index.ts';
import { canonicalEventId } from '../../lib/middlewares.ts';

const PREFIX = dedupKeyPrefix('svc', 'h');
const canon = (value: string, format: EventIdFormat) => {
  const id = canonicalEventId(value, {
    from: 'header',
    ...(format === 'opaque' ? { format } : { format }),
  } as never);
  return typeof id === 'string' ? id : undefined;
};

// Strings near the forms: hex, Crockford, the opaque alphabet, braces, colons, Unicode look-alikes.
const nearIds = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF-'), minLength: 30, maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(...'0123456789ABCDEFGHJKMNPQRSTVWXYZabcxyz'),
    minLength: 24,
    maxLength: 28,
  }),
  fc.string({
    unit: fc.constantFrom(...'aA0-._~/+=@{}: \t\u017f\u0131\u212a\ufb06é'),
    minLength: 0,
    maxLength: 20,
  }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.uuid().map((u) => u.toUpperCase()),
  fc.ulid(),
);

describe('canonical event ids', () => {
  for (const format of EVENT_ID_FORMATS) {
    test(`${format}: two ids share a key only when they are one id of the form (the key names it back)`, () => {
      fc.assert(
        fc.property(nearIds, nearIds, (a, b) => {
          const ca = canon(a, format);
          const cb = canon(b, format);
          if (ca === undefined || cb === undefined) return;
          const same = format === 'opaque' ? a === b : a.toLowerCase() === b.toLowerCase();
          assert.equal(dedupKey(PREFIX, ca) === dedupKey(PREFIX, cb), same, `${a} / ${b}`);
        }),
        { numRuns: 3000 },
      );
    });

    test(`${format}: a canonical id is ASCII without brace, colon, glob or space, and the key's shape holds`, () => {
      fc.assert(
        fc.property(nearIds, (value) => {
          const id = canon(value, format);
          if (id === undefined) return;
          // Opaque ids outside the alphabet are encoded with `%` (event-id-upgrade.test.ts).
          assert.match(id, format === 'opaque' ? /^[A-Za-z0-9._~/+=@%-]+$/ : /^[A-Za-z0-9._~/+=@-]+$/);
          if (!id.includes('%')) assert.equal(canon(id, format), id, 'canonical is a fixed point');
          const key = dedupKey(PREFIX, id);
          assert.equal(eventIdOfKey(key), id);
          assert.equal(prefixOfKey(key), PREFIX);
          assert.equal(key.split('{').length, 2, 'one hash tag');
        }),
        { numRuns: 3000 },
      );
    });
  }

  test('look-alikes and whitespace are encoded, not folded; placeholders are refused', () => {
    for (const bad of ['undefined', 'null', 'NaN', '']) {
      assert.equal(canon(bad, 'opaque'), undefined, JSON.stringify(bad));
    }
    const encoded = ['inv\u00a02', ' inv-2', 'inv-2 ', 'ınv-2', 'ﬆ', 'a:b', 'a{b}', 'a*b'].map((v) =>
      canon(v, 'opaque'),
    );
    assert.deepEqual(encoded, [
      'inv%u00A02',
      '%20inv-2',
      'inv-2%20',
      '%u0131nv-2',
      '%uFB06',
      'a%3Ab',
      'a%7Bb%7D',
      'a%2Ab',
    ]);
    assert.equal(canon('Inv-2', 'opaque'), 'Inv-2');
    assert.notEqual(canon('Inv-2', 'opaque'), canon('inv-2', 'opaque'));
    assert.equal(
      canon('3F2504E0-4F89-11D3-9A0C-0305E82C3301', 'uuid'),
      '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    );
    for (const bad of [
      '{3f2504e0-4f89-11d3-9a0c-0305e82c3301}',
      'urn:uuid:3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      '3f2504e04f8911d39a0c0305e82c3301',
      '00000000-0000-0000-0000-000000000000',
      '3f2504e0-4f89-11d3-9a0c-0305e82c330ſ',
    ])
      assert.equal(canon(bad, 'uuid'), undefined, bad);
  });
});

describe('the source as configuration', () => {
  test('dedupConfigFromEnv reads the source and the form, naming the variable on error', () => {
    const base = { [EnvVar.store]: 'memory' };
    assert.equal(dedupConfigFromEnv(base).eventId, undefined);
    assert.deepEqual(
      dedupConfigFromEnv({ ...base, [EnvVar.eventIdSource]: 'cloudevents', [EnvVar.eventIdFormat]: 'uuid' })
        .eventId,
      { from: 'cloudevents', format: 'uuid' },
    );
    assert.deepEqual(dedupConfigFromEnv({ ...base, [EnvVar.eventIdSource]: 'header:ce_id' }).eventId, {
      from: 'header',
      header: 'ce_id',
    });
    assert.deepEqual(dedupConfigFromEnv({ ...base, [EnvVar.eventIdFormat]: 'opaque:64' }).eventId, {
      from: 'header',
      format: 'opaque',
      maxBytes: 64,
    });
    const refused = (env: Record<string, string>, option: string) =>
      assert.throws(
        () => dedupConfigFromEnv({ ...base, ...env }),
        (e: unknown) =>
          e instanceof ConfigurationError && e.option === option && !e.message.includes('s3cr3t'),
      );
    refused({ [EnvVar.eventIdSource]: 's3cr3t' }, EnvVar.eventIdSource);
    refused({ [EnvVar.eventIdFormat]: 's3cr3t' }, EnvVar.eventIdFormat);
    refused({ [EnvVar.eventIdFormat]: 'opaque:9999' }, EnvVar.eventIdFormat);
    refused({ [EnvVar.eventIdSource]: 'position', [EnvVar.eventIdFormat]: 'uuid' }, EnvVar.eventIdFormat);
    refused({ [EnvVar.eventIdSource]: 'key:x' }, EnvVar.eventIdSource);
  });

  test('the CDK prop becomes the variables dedupConfigFromEnv reads back', () => {
    for (const source of [
      { from: 'header', header: 'X-Id', format: 'opaque', maxBytes: 40 },
      { from: 'cloudevents', format: 'uuid' },
      { from: 'key' },
      { from: 'position' },
    ] as const) {
      const env = eventIdEnvironment(source);
      assert.deepEqual(dedupConfigFromEnv({ [EnvVar.store]: 'memory', ...env }).eventId, source);
    }
    assert.throws(
      () => eventIdEnvironment({ from: 'message' } as never),
      /eventId\.from.*code: give it to kafkaHandler/,
    );
    assert.throws(
      () => eventIdEnvironment({ from: 'header', format: 'uuid', maxBytes: 3 }),
      /eventId\.maxBytes/,
    );
    assert.throws(() => eventIdEnvironment({ from: 'header', header: 'has space' }), /eventId\.header/);
  });

  test('kafkaHandler refuses a bad source at cold start, naming the option', () => {
    const make = (extra: object) => () =>
      kafkaHandler({
        service: 's',
        handlerName: 'h',
        store: new MemoryDedupStore({ quiet: true }),
        handle() {},
        ...extra,
      });
    const refused = (extra: object, option: string) =>
      assert.throws(make(extra), (e: unknown) => e instanceof ConfigurationError && e.option === option);
    refused({ eventId: { from: 'payload' } }, 'eventId.from');
    refused({ eventId: { from: 'message' } }, 'eventId.id');
    refused({ eventId: { from: 'message', id: async () => 'x' } }, 'eventId.id');
    refused({ eventId: { from: 'key', format: 'base64' } }, 'eventId.format');
    refused({ eventId: { from: 'key', format: 'uuid', maxBytes: 10 } }, 'eventId.maxBytes');
    refused({ eventId: { from: 'header' }, dedupKey: () => 'x' }, 'dedupKey');
    refused({ dedupKey: async () => 'x' }, 'dedupKey');
    assert.deepEqual(parseEventIdSource('', ''), undefined);
  });
});
