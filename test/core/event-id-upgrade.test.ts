/**
 * Upgrading never stops a consumer for its ids (issue 30): any id a 0.2.0 `dedupKey` returned (any
 * non-empty string) still runs: an id outside the key's safe alphabet is encoded (or, over its byte
 * limit, hashed) into it, never refused for its characters; two different ids never share a key;
 * an id that was already safe keeps the key it had. Checked as a property over any UTF-16 text,
 * and through the 0.2.0 consumer (test/fixtures/releases) and the current one on a real Redis.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import type { MSKEvent, MSKRecord } from 'aws-lambda';
import fc from 'fast-check';
import { prefixOfKey } from '../../lib/contract/dedup-key.ts';
import { checkOpaqueId, HASHED_ID_PREFIX, idBeforeEncoding } from '../../lib/contract/event-id-format.ts';
import { sha256Base64Url } from '../../lib/contract/sha256.ts';
import { dedupKey, dedupKeyPrefix, eventIdOfKey, previousKeyOf } from '../../lib/contract.ts';
import { canonicalEventId } from '../../lib/middlewares.ts';
import { captureConsoleOutput, lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { kafkaHandler as kafkaHandler020 } from '../fixtures/releases/v0.2.0/lib/consumer/kafka-handler.ts';
import { dedupKey as dedupKey020 } from '../fixtures/releases/v0.2.0/lib/dedup/key.ts';
import { testConsumers } from '../support/consumer.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';

const PREFIX = dedupKeyPrefix('svc', 'h');
const opaque = (value: string, maxBytes = 128) => {
  const id = checkOpaqueId(value, maxBytes);
  return typeof id === 'string' ? id : undefined;
};
const PLACEHOLDERS = new Set(['', 'undefined', 'null', 'NaN', 'Infinity', '-Infinity']);
const SAFE = /^[A-Za-z0-9._~/+=@-]+$/;

// Any UTF-16 text: lone surrogates, controls, braces, colons, percent signs, look-alikes.
const anyUnit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom(...'aA0-._~/+=@{}:%u* \t\u017f\u0131\u212a\ufb06é'),
  fc.constantFrom('%3A', '%u0131', '%h', '%25'),
);
const anyId = fc.oneof(
  fc.string({ unit: anyUnit, minLength: 0, maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...'abc:'), minLength: 1, maxLength: 8 }),
);

describe('opaque ids of any text (what 0.2.0 dedupKey took)', () => {
  test('every id but the empty one and a placeholder is accepted; its key is ASCII without brace, colon or glob', () => {
    fc.assert(
      fc.property(anyId, fc.constantFrom(128, 16, 512), (value, maxBytes) => {
        const id = opaque(value, maxBytes);
        if (PLACEHOLDERS.has(value)) return assert.equal(id, undefined);
        assert.ok(id !== undefined, JSON.stringify(value));
        assert.match(id, /^[A-Za-z0-9._~/+=@%-]+$/);
        const key = dedupKey(PREFIX, id);
        assert.equal(eventIdOfKey(key), id);
        assert.equal(prefixOfKey(key), PREFIX);
        assert.equal(key.split('{').length, 2, 'one hash tag');
        if (SAFE.test(value) && value.length <= maxBytes) assert.equal(id, value, 'a safe id keeps its key');
        if (id.startsWith(HASHED_ID_PREFIX)) assert.equal(id.length, 45);
        else assert.equal(idBeforeEncoding(id), value, 'the encoding is undone exactly');
      }),
      { numRuns: 5000 },
    );
  });

  test('two different ids never share a key (encoded, safe and hashed alike)', () => {
    // Pairs drawn close to each other too: one unit changed, a safe id and its encoding's look-alike.
    const pair = fc.oneof(
      fc.tuple(anyId, anyId),
      fc.tuple(anyId, anyUnit, fc.nat()).map(([a, u, i]) => {
        const at = a.length === 0 ? 0 : i % a.length;
        return [a, a.slice(0, at) + u + a.slice(at + 1)] as [string, string];
      }),
      anyId.map((a) => [a, (opaque(a) ?? a).slice(0, 200)] as [string, string]),
    );
    for (const maxBytes of [128, 8]) {
      fc.assert(
        fc.property(pair, ([a, b]) => {
          const ka = opaque(a, maxBytes);
          const kb = opaque(b, maxBytes);
          if (ka === undefined || kb === undefined) return;
          assert.equal(
            dedupKey(PREFIX, ka) === dedupKey(PREFIX, kb),
            a === b,
            `${JSON.stringify(a)} / ${JSON.stringify(b)}`,
          );
        }),
        { numRuns: 5000 },
      );
    }
  });

  test("the hash of an over-long id is node:crypto's SHA-256", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)),
          maxLength: 300,
        }),
        (text) => {
          assert.equal(
            sha256Base64Url(text),
            createHash('sha256').update(text, 'latin1').digest('base64url'),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('the examples: colons, spaces, look-alikes, a percent sign, a long id', () => {
    assert.equal(opaque('notif:u1:r9:thanks'), 'notif%3Au1%3Ar9%3Athanks');
    assert.equal(opaque('a:b'), 'a%3Ab');
    assert.equal(
      opaque('a%3Ab'),
      'a%253Ab',
      'a percent sign is encoded itself, so a:b and a%3Ab stay two ids',
    );
    assert.equal(opaque(' inv-2'), '%20inv-2');
    assert.equal(opaque('ınv-2'), '%u0131nv-2', 'a look-alike is encoded, never folded onto inv-2');
    assert.equal(opaque('Inv-2'), 'Inv-2');
    const long = `order:${'x'.repeat(300)}`;
    assert.match(opaque(long)!, /^%h[A-Za-z0-9_-]{43}$/);
    assert.equal(opaque(long, 512), `order%3A${'x'.repeat(300)}`);
    // The CLI names the key the consumer does.
    assert.equal(canonicalEventId('notif:u1:r9:thanks', { from: 'key' }), 'notif%3Au1%3Ar9%3Athanks');
  });

  test('a rollout from 0.2.0 names the key 0.2.0 wrote for an encoded id (the id as given)', () => {
    const prefix = dedupKeyPrefix('orders', 'h');
    for (const raw of ['notif:u1:r9:thanks', 'a b', 'ünï', '{x}y', 'safe-id', 'a%3Ab']) {
      assert.equal(previousKeyOf('0.2.0', prefix, opaque(raw, 512)!), dedupKey020(prefix, raw), raw);
      assert.equal(previousKeyOf('0.1.0', prefix, opaque(raw, 512)!), prefix + raw, raw);
    }
  });
});

type Handler = (event: MSKEvent, context: ReturnType<typeof lambdaContext>) => Promise<unknown>;
type Answer = { batchItemFailures: unknown[] };

describe('upgrading from 0.2.0 with a dedupKey of business data (real Redis)', () => {
  const releases = { current: testConsumers(), '0.2.0': testConsumers({}, kafkaHandler020) } as const;

  // Ids as pipelines build them: colons, spaces, braces, non-ASCII, a percent sign, a long one.
  const ids = [
    'notif:u1:r9:thanks',
    'notif:u2:r9:thanks',
    'a:b',
    'a%3Ab',
    'user 42 / welcome',
    'commande:été',
    '{tenant}:7',
    `export:${'z'.repeat(600)}`,
    'plain-safe-id',
  ];
  const records = (from: number): MSKRecord[] =>
    ids.map((id, i) => mskRecord({ partition: i % 2, offset: from + i, value: { id } }));

  function consumer(release: 'current' | '0.2.0', service: string, runs: Map<string, number>): Handler {
    const options = {
      service,
      redis: { url: redisUrl(), commandTimeoutMs: 10_000 },
      onStoreError: 'closed' as const,
      dedupKey: (message: { payload: unknown }) => (message.payload as { id: string }).id,
      async handle(message: { payload: unknown }) {
        const id = (message.payload as { id: string }).id;
        runs.set(id, (runs.get(id) ?? 0) + 1);
      },
    };
    return releases[release](options) as unknown as Handler;
  }

  test('each id runs once under 0.2.0, once more under the current release (a new key), and never fails', async () => {
    const service = uniqueService('upgrade-ids');
    const old = new Map<string, number>();
    const now = new Map<string, number>();
    await captureConsoleOutput(async () => {
      const a020 = (await consumer('0.2.0', service, old)(mskEvent(records(0)), lambdaContext())) as Answer;
      assert.deepEqual(a020.batchItemFailures, []);
      const current = consumer('current', service, now);
      const first = (await current(mskEvent(records(0)), lambdaContext())) as Answer;
      assert.deepEqual(first.batchItemFailures, [], 'no id refused for its characters');
      // Redelivered, and published again under new offsets: duplicates, nothing runs twice.
      const again = (await current(mskEvent(records(0)), lambdaContext())) as Answer;
      const republished = (await current(mskEvent(records(100)), lambdaContext())) as Answer;
      assert.deepEqual([...again.batchItemFailures, ...republished.batchItemFailures], []);
    });
    for (const id of ids) {
      assert.equal(old.get(id), 1, `0.2.0 ran ${id.slice(0, 30)}`);
      assert.equal(now.get(id), 1, `the current release ran ${id.slice(0, 30)} once`);
    }
  });

  test('with previousKeyFormat 0.2.0 the current release skips what 0.2.0 ran, encoded ids included', async () => {
    const service = uniqueService('rollout-ids');
    const old = new Map<string, number>();
    const now = new Map<string, number>();
    await captureConsoleOutput(async () => {
      await consumer('0.2.0', service, old)(mskEvent(records(0)), lambdaContext());
      const current = releases.current({
        service,
        redis: { url: redisUrl(), commandTimeoutMs: 10_000 },
        onStoreError: 'closed',
        previousKeyFormat: '0.2.0',
        dedupKey: (message) => (message.payload as { id: string }).id,
        async handle(message) {
          const id = (message.payload as { id: string }).id;
          now.set(id, (now.get(id) ?? 0) + 1);
        },
      });
      const answer = (await (current as unknown as Handler)(
        mskEvent(records(100)),
        lambdaContext(),
      )) as Answer;
      assert.deepEqual(answer.batchItemFailures, []);
    });
    // The 600-character id is over 512 bytes encoded: hashed, so its 0.2.0 key is not named (documented).
    const runAgain = ids.filter((id) => (now.get(id) ?? 0) > 0);
    assert.deepEqual(runAgain, [ids[7]]);
    for (const id of ids) assert.equal(old.get(id), 1);
  });
});
