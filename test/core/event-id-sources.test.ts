/**
 * Issue 23: every event id source against a real Redis. For each source: a duplicate is skipped, a
 * record with a missing or invalid id fails alone with an EventIdError naming it and the source, and
 * the DLQ reader and `msk-once dedup-key` name the key the consumer marked DONE.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { MSKRecord } from 'aws-lambda';
import { ulid } from 'ulid';
import { formatDlqTable, parseDlqText } from '../../cli/dlq-reader.ts';
import { KafkaLog } from '../../emulator/kafka-log.ts';
import { toMskEvent } from '../../emulator/msk-event.ts';
import { PROJECT_ROOT } from '../../infra/build-app.ts';
import { type DeclarativeEventIdSource, dedupKeyPrefix, type EventIdSource } from '../../lib/contract.ts';
import { avro, ConfluentSchemaRegistry } from '../../lib/formats/index.ts';
import type { KafkaMessage } from '../../lib/index.ts';
import { eventIdOfRecord, recordDedupKey } from '../../lib/middlewares.ts';
import { failedOffsets, mskEvent, mskRecord, type RecordSpec } from '../../testkit/index.ts';
import {
  type LocalConfluentRegistry,
  startLocalConfluentRegistry,
} from '../../testkit/local-confluent-registry.ts';
import { encodeWithSchema, SchemaProducer } from '../../testkit/schema-producer.ts';
import { REVIEW_V1 } from '../formats/schemas.ts';
import { invoke, testConsumers } from '../support/consumer.ts';
import { keyState } from '../support/marks.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

const admin = adminClient();
const build = testConsumers();
let confluent: LocalConfluentRegistry;
before(async () => {
  confluent = await startLocalConfluentRegistry();
});
after(async () => {
  await admin.quit();
  await confluent.stop();
});

function cliKey(service: string, args: string[]): { status: number | null; out: string; err: string } {
  const r = spawnSync(
    process.execPath,
    [
      '--conditions=msk-once-source',
      'cli/main.ts',
      'dedup-key',
      '--service',
      service,
      '--handler',
      'h',
      ...args,
    ],
    { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  return { status: r.status, out: r.stdout.trim(), err: r.stderr };
}

/** An on-failure DLQ message (AWS's Kafka format) holding `record`. */
function dlqMessage(record: MSKRecord): string {
  return JSON.stringify({
    requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: 4 },
    payload: { eventSource: 'aws:kafka', records: { [`${record.topic}-${record.partition}`]: [record] } },
  });
}

/** How a case builds its records: a good one with `id`, one without an id, one with a bad id. */
interface Case {
  name: string;
  source?: EventIdSource<{ notification_id?: unknown; reviewId?: string }>;
  /** The source as the CLI and DLQ reader take it; undefined for a function source (code). */
  flags?: string[];
  declarative?: DeclarativeEventIdSource;
  id: () => string;
  /** The canonical form the consumer compares `id` in. */
  canonical?: (id: string) => string;
  record: (offset: number, id: string | null) => MSKRecord | Promise<MSKRecord>;
  badId: string;
  /** Text the missing-id error carries. */
  missing: RegExp;
  /** Where the duplicate is: another record with the same id (default), or the same record again. */
  duplicateIsRedelivery?: boolean;
  format?: 'avro';
}

const json = (offset: number, spec: Partial<RecordSpec>) => mskRecord({ offset, eventId: null, ...spec });

let avroSchemaId = 0;
function avroRecord(offset: number, reviewId: string | null): MSKRecord {
  const bytes = encodeWithSchema(
    { format: 'avro', schema: REVIEW_V1 },
    { reviewId: reviewId ?? '', userId: 'u1', rating: 5 },
    { wire: 'confluent', schemaId: avroSchemaId },
  );
  return mskRecord({ offset, topic: 'reviews', eventId: null, rawValue: bytes.toString('base64') });
}

const CASES: Case[] = [
  {
    name: 'default: the Event-Id header, a ULID',
    flags: [],
    declarative: { from: 'header' },
    id: () => ulid().toLowerCase(),
    canonical: (id) => id.toUpperCase(),
    record: (offset, id) => json(offset, { eventId: id }),
    badId: 'not-a-ulid',
    missing: /no Event-Id header \(event id source: header Event-Id \(ulid\)\)/,
  },
  {
    name: 'a JSON payload field, no header at all',
    source: { from: 'message', id: (m) => m.payload!.notification_id as string },
    id: () => `ntf-${randomUUID().slice(0, 8)}`,
    record: (offset, id) =>
      json(offset, { value: id === null ? { other: 1 } : { notification_id: id }, headers: [] }),
    badId: 'null',
    missing:
      /the id function's answer|returned undefined, not a string or a safe integer \(event id source: eventId function \(opaque\)\)/,
  },
  {
    name: 'an Avro payload field through a Confluent registry, no header at all',
    source: { from: 'message', id: (m) => m.payload!.reviewId! },
    id: () => `rev-${randomUUID().slice(0, 8)}`,
    record: (offset, id) => avroRecord(offset, id),
    badId: 'undefined',
    missing: /the id function's answer '' is empty/,
    format: 'avro',
  },
  {
    name: 'CloudEvents binary: a ce_id header holding a UUID',
    source: { from: 'cloudevents', format: 'uuid' },
    flags: ['--id-source', 'cloudevents', '--id-format', 'uuid'],
    declarative: { from: 'cloudevents', format: 'uuid' },
    id: () => randomUUID().toUpperCase(),
    canonical: (id) => id.toLowerCase(),
    record: (offset, id) => mskRecord({ offset, eventId: id, idSource: { from: 'cloudevents' } }),
    badId: '{3f2504e0-4f89-11d3-9a0c-0305e82c3301}',
    missing: /no ce_id header/,
  },
  {
    name: 'CloudEvents structured: id of an application/cloudevents+json value',
    source: { from: 'cloudevents' },
    flags: ['--id-source', 'cloudevents'],
    declarative: { from: 'cloudevents' },
    id: () => `A234-${randomUUID().slice(0, 8)}`,
    record: (offset, id) =>
      mskRecord({ offset, eventId: id, idSource: { from: 'cloudevents' }, cloudEventsMode: 'structured' }),
    badId: 'NaN',
    missing: /the structured event has no id/,
  },
  {
    name: 'the record key',
    source: { from: 'key' },
    flags: ['--id-source', 'key'],
    declarative: { from: 'key' },
    id: () => `order-${randomUUID().slice(0, 8)}`,
    record: (offset, id) =>
      id === null
        ? { ...mskRecord({ offset, eventId: null }), key: undefined as unknown as string }
        : mskRecord({ offset, eventId: id, idSource: { from: 'key' } }),
    badId: 'Infinity',
    missing: /the record has no key \(event id source: record key \(opaque\)\)/,
  },
];

describe('event id sources against Redis', () => {
  before(() => {
    const framing = new SchemaProducer(new KafkaLog(), { confluent }).framing('reviews-value', {
      format: 'avro',
      schema: REVIEW_V1,
    });
    assert.equal(framing.wire, 'confluent');
    avroSchemaId = (framing as { schemaId: number }).schemaId;
  });

  for (const c of CASES) {
    test(`${c.name}: a duplicate is skipped, a missing or bad id fails alone, the tools name the same key`, async () => {
      const service = uniqueService('id-src');
      const seen: string[] = [];
      const handler = build<{ notification_id?: unknown; reviewId?: string }>({
        service,
        redis: { url: redisUrl() },
        ...(c.source ? { eventId: c.source } : {}),
        ...(c.format === 'avro'
          ? {
              value: avro({
                schema: REVIEW_V1,
                registry: new ConfluentSchemaRegistry({ url: confluent.url }),
              }),
            }
          : {}),
        handle: (m: KafkaMessage<unknown>) => {
          seen.push(m.eventId);
        },
      });
      const id = c.id();
      const good = await c.record(1, id);
      const first = await invoke(
        handler,
        mskEvent([good, await c.record(2, null), await c.record(3, c.badId)]),
      );
      // Only the records without a valid id fail; each names itself and the source.
      assert.deepEqual(failedOffsets(first.response), [`${good.topic}-0@2`, `${good.topic}-0@3`]);
      const errors = first.lines.filter(
        (l) => (l as { error?: { name?: string } }).error?.name === 'EventIdError',
      );
      const text = JSON.stringify(errors);
      assert.match(text, new RegExp(`record ${good.topic}-0@2: [^"]*${c.missing.source}`));
      assert.match(text, new RegExp(`record ${good.topic}-0@3: `));
      const canonical = (c.canonical ?? ((x: string) => x))(id);
      assert.deepEqual(seen, [canonical]);

      // A later delivery of the same event is skipped.
      const again = await invoke(handler, mskEvent([await c.record(9, id)]));
      assert.deepEqual(again.response.batchItemFailures, []);
      assert.deepEqual(seen, [canonical], 'the duplicate did not run');

      // The key the consumer marked DONE, as each tool names it.
      const readWith = c.source ?? c.declarative;
      const key = recordDedupKey(good, service, 'h', {
        eventId: readWith,
        ...(c.format === 'avro' ? { parse: () => ({ reviewId: id }) } : {}),
      });
      assert.equal(await keyState(admin, key), 'D', key);
      const cli = cliKey(service, [...(c.flags ?? ['--id-format', 'opaque']), id]);
      assert.equal(cli.status, 0, cli.err);
      assert.equal(cli.out, key, 'msk-once dedup-key');
      if (c.declarative) {
        const { rows } = parseDlqText(dlqMessage(good), {
          eventId: c.declarative,
          keyPrefix: dedupKeyPrefix(service, 'h'),
        });
        assert.equal(rows[0]!.dedupKey, key, 'msk-once dlq');
        assert.equal(rows[0]!.eventId, canonical);
      }
      // The CLI refuses the bad id as the consumer did: no key for it.
      const refused = cliKey(service, [...(c.flags ?? ['--id-format', 'opaque']), c.badId]);
      assert.equal(refused.status, 2, refused.out);
    });
  }

  test('position: a redelivery of the record is skipped; a re-publish (new offset) is not; the tools agree', async () => {
    const service = uniqueService('id-pos');
    const seen: string[] = [];
    const handler = build({
      service,
      eventId: { from: 'position' },
      handle: (m) => {
        seen.push(m.eventId);
      },
    });
    const topic = `t${randomUUID().slice(0, 6)}`;
    const record = mskRecord({ topic, offset: 5, eventId: null });
    const first = await invoke(handler, mskEvent([record, mskRecord({ topic, offset: 6, eventId: null })]));
    assert.deepEqual(first.response.batchItemFailures, []);
    const again = await invoke(handler, mskEvent([record]));
    assert.deepEqual(again.response.batchItemFailures, []);
    assert.deepEqual(seen, [`${topic}-0@5`, `${topic}-0@6`], 'the redelivery did not run');
    // A topic name outside the id alphabet (a hand-made event) is encoded into the key, not refused.
    const odd = mskRecord({ topic: 'a topic', offset: 1, eventId: null });
    const encoded = await invoke(handler, mskEvent([odd, mskRecord({ topic, offset: 7, eventId: null })]));
    assert.deepEqual(failedOffsets(encoded.response), []);
    assert.ok(seen.includes('a%20topic-0@1'), seen.join());
    // An offset given as decimal text ('05', a hand-made event) is the same position.
    const asText = { ...record, offset: '05' as unknown as number };
    const ran = seen.length;
    const text = await invoke(handler, mskEvent([asText]));
    assert.deepEqual(text.response.batchItemFailures, []);
    assert.equal(seen.length, ran, 'offset 05 is offset 5: skipped');
    const key = recordDedupKey(record, service, 'h', { eventId: { from: 'position' } });
    assert.equal(await keyState(admin, key), 'D');
    const cli = cliKey(service, ['--id-source', 'position', `${topic}-0@5`]);
    assert.equal(cli.out, key, cli.err);
    const { rows } = parseDlqText(dlqMessage(record), {
      eventId: { from: 'position' },
      keyPrefix: dedupKeyPrefix(service, 'h'),
    });
    assert.equal(rows[0]!.dedupKey, key);
    assert.match(formatDlqTable(rows), new RegExp(`dedup key[\\s\\S]*${key.replace(/[{}]/g, '\\$&')}`));
  });

  test("the test kit's SchemaProducer publishes without Event-Id for another source: Avro keyed by the record key", async () => {
    const service = uniqueService('id-sp');
    const seen: string[] = [];
    const handler = build({
      service,
      eventId: { from: 'key' },
      value: avro({ schema: REVIEW_V1, registry: new ConfluentSchemaRegistry({ url: confluent.url }) }),
      handle: (m) => {
        seen.push(m.eventId);
      },
    });
    const log = new KafkaLog();
    log.createTopic('reviews', 1);
    const producer = new SchemaProducer(log, { confluent });
    const schema = { format: 'avro', schema: REVIEW_V1 } as const;
    const payload = { reviewId: 'r1', userId: 'u1', rating: 4 };
    const id = `rev-${randomUUID().slice(0, 8)}`;
    const first = producer.send({
      topic: 'reviews',
      payload,
      schema,
      eventId: id,
      idSource: { from: 'key' },
    });
    producer.send({ topic: 'reviews', payload, schema, eventId: id, idSource: { from: 'key' } });
    assert.ok(!first.record.headers.some((h) => h.name === 'Event-Id'), 'no Event-Id header');
    const { response } = await invoke(handler, toMskEvent(log.all('reviews')));
    assert.deepEqual(response.batchItemFailures, []);
    assert.deepEqual(seen, [id], 'the second publish was skipped');
    const raw = toMskEvent([first.record]).records['reviews-0']![0]!;
    assert.equal(await keyState(admin, recordDedupKey(raw, service, 'h', { eventId: { from: 'key' } })), 'D');
  });

  test('a custom header name is matched case-sensitively, and the Event-Id header is not required', async () => {
    const service = uniqueService('id-hdr');
    const seen: string[] = [];
    const handler = build({
      service,
      eventId: { from: 'header', header: 'X-Request-Id', format: 'opaque', maxBytes: 16 },
      handle: (m) => {
        seen.push(m.eventId);
      },
    });
    const source = { from: 'header', header: 'X-Request-Id', format: 'opaque' } as const;
    const { response, lines } = await invoke(
      handler,
      mskEvent([
        mskRecord({ offset: 1, eventId: 'req-1', idSource: source }),
        mskRecord({ offset: 2, eventId: 'r'.repeat(17), idSource: source }),
        mskRecord({ offset: 3, eventId: 'req-2', idSource: { ...source, header: 'x-request-id' } }),
      ]),
    );
    assert.deepEqual(failedOffsets(response), ['orders-0@3']);
    assert.match(
      JSON.stringify(lines),
      /no X-Request-Id header \(found 'x-request-id': header names are case-sensitive\)/,
    );
    // Over the 16-byte limit: stored as a hash, never refused (event-id-format.ts).
    assert.equal(seen[0], 'req-1');
    assert.match(seen[1]!, /^%h[A-Za-z0-9_-]{43}$/);
    assert.equal(seen.length, 2);
    assert.equal(
      eventIdOfRecord(mskRecord({ offset: 1, eventId: 'req-1', idSource: source }), { eventId: source }),
      'req-1',
    );
  });
});
