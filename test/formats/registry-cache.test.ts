/**
 * What the registry clients keep, against real HTTP servers: a good answer for the container's
 * life; a failed lookup, or an answer the format cannot use, only for the retry interval (records
 * of that id fail at once meanwhile, without a request each), then the registry is asked again.
 * And two framing edges, through the handler: a Confluent schema id of 2^31 or more is unsigned,
 * and a Glue body that inflates past the cap fails its record, named.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deflateSync } from 'node:zlib';
import avsc from 'avsc';
import type { MSKEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { toMskEvent } from '../../emulator/msk-event.ts';
import {
  avro,
  ConfluentSchemaRegistry,
  frameConfluent,
  GlueSchemaRegistry,
  jsonSchema,
  unframeConfluent,
} from '../../lib/formats/index.ts';
import {
  type LocalConfluentRegistry,
  startLocalConfluentRegistry,
} from '../../testkit/local-confluent-registry.ts';
import { type LocalGlueRegistry, startLocalGlueRegistry } from '../../testkit/local-glue-registry.ts';
import { type LocalHttpServer, startLocalHttpServer } from '../../testkit/local-http-server.ts';
import { invoke, sleep } from '../support/consumer.ts';
import { REVIEW_JSON_SCHEMA, REVIEW_V1, review } from './schemas.ts';
import { logOf, recordingHandler } from './support.ts';

const reviewType = avsc.Type.forSchema(REVIEW_V1 as avsc.Schema);
/** Long enough that the steps inside it never outlast it; the tests wait it out once. */
const RETRY_MS = 1500;

/** One record per call, offsets counting up, so each names itself. */
function recordsOf(topic: string) {
  const log = logOf(topic);
  return (value: Buffer): MSKEvent =>
    toMskEvent([log.append(topic, { value, headers: [{ name: 'Event-Id', value: Buffer.from(ulid()) }] })]);
}

function formatErrors(lines: Record<string, unknown>[]): string[] {
  return lines.flatMap((l) => {
    const error = l.error as { name?: string; message?: string } | undefined;
    return error?.name === 'RecordFormatError' ? [error.message!] : [];
  });
}

/** A Confluent-compatible registry whose answer for each id the test sets (and may break). */
let scripted: LocalHttpServer;
const answers = new Map<string, { status: number; body: unknown }>();
const asked: string[] = [];
let confluent: LocalConfluentRegistry;
let glue: LocalGlueRegistry;

before(async () => {
  scripted = await startLocalHttpServer((req, res) => {
    const id = /^\/schemas\/ids\/(.+)$/.exec(req.url ?? '')?.[1] ?? '';
    asked.push(id);
    const answer = answers.get(id) ?? { status: 404, body: { error_code: 40403, message: 'not found' } };
    res.writeHead(answer.status, { 'content-type': 'application/vnd.schemaregistry.v1+json' });
    res.end(JSON.stringify(answer.body));
  });
  confluent = await startLocalConfluentRegistry();
  glue = await startLocalGlueRegistry();
});
after(async () => {
  await scripted.stop();
  await confluent.stop();
  await glue.stop();
});

describe('the registry cache keeps good answers only', () => {
  test('an answer the format cannot use is not kept: once the registry is fixed, the next record after the retry interval decodes', async () => {
    answers.set('41', { status: 200, body: { schema: '{"type":"recrd","name":"Review"}' } });
    const registry = new ConfluentSchemaRegistry({ url: scripted.url, retryFailedAfterMs: RETRY_MS });
    const { handler, seen } = recordingHandler({ value: avro({ schema: REVIEW_V1, registry }) });
    const next = recordsOf('reviews');
    const body = reviewType.toBuffer(review(1));

    const first = await invoke(handler, next(frameConfluent(41, body)));
    assert.equal(first.response.batchItemFailures.length, 1);
    assert.match(
      formatErrors(first.lines).join('\n'),
      /^record reviews-0@0: value \(avro, schema id 41\): schema registry invalid for schema id 41: Confluent schema registry http:\/\/127\.0\.0\.1:\d+ answered a schema the avro format cannot use: /,
    );
    assert.equal(registry.requests, 1);

    // Fixed at once; within the interval the failure is remembered: no request per record.
    answers.set('41', { status: 200, body: { schema: JSON.stringify(REVIEW_V1) } });
    const second = await invoke(handler, next(frameConfluent(41, body)));
    assert.equal(second.response.batchItemFailures.length, 1);
    assert.match(formatErrors(second.lines).join('\n'), /^record reviews-0@1: .*remembered from \d+ ms ago/);
    assert.equal(registry.requests, 1, 'no request within the retry interval');

    await sleep(RETRY_MS + 100);
    const third = await invoke(handler, next(frameConfluent(41, body)));
    assert.deepEqual(third.response.batchItemFailures, []);
    assert.deepEqual(
      seen.map((m) => [m.offset, { ...(m.payload as object) }]),
      [[2, review(1)]],
    );
    assert.equal(registry.requests, 2, 'asked once more, then cached');
    await invoke(handler, next(frameConfluent(41, body)));
    assert.equal(registry.requests, 2);
  });

  test('a registry outage: one request per id per interval, not one per record; asked again after it', async () => {
    const id = confluent.register('outage-value', REVIEW_V1);
    const registry = new ConfluentSchemaRegistry({ url: confluent.url, retryFailedAfterMs: RETRY_MS });
    const { handler, seen } = recordingHandler({ value: avro({ schema: REVIEW_V1, registry }) });
    const next = recordsOf('outage');
    const value = frameConfluent(id, reviewType.toBuffer(review(2)));
    confluent.failAll(503);
    try {
      const before = confluent.lookups();
      for (let i = 0; i < 3; i++) {
        const { response, lines } = await invoke(handler, next(value));
        assert.equal(response.batchItemFailures.length, 1);
        assert.match(
          formatErrors(lines).join('\n'),
          new RegExp(`^record outage-0@${i}: .*schema registry http`),
        );
      }
      assert.equal(registry.requests, 1, 'three records, one request');
      assert.equal(confluent.lookups(), before, 'failAll answers before counting lookups');
    } finally {
      confluent.recover();
    }
    await sleep(RETRY_MS + 100);
    const { response } = await invoke(handler, next(value));
    assert.deepEqual(response.batchItemFailures, []);
    assert.equal(seen.length, 1);
    assert.equal(registry.requests, 2);
  });
});

test('a record of another format fails alone: the answer stays cached for the formats that can read it', async () => {
  const id = confluent.register('shared-value', REVIEW_JSON_SCHEMA, 'JSON');
  const registry = new ConfluentSchemaRegistry({ url: confluent.url, retryFailedAfterMs: RETRY_MS });
  const value = frameConfluent(id, Buffer.from(JSON.stringify(review(5))));
  const asAvro = recordingHandler({ value: avro({ schema: REVIEW_V1, registry }) });
  const wrong = await invoke(asAvro.handler, recordsOf('shared')(value));
  assert.match(
    formatErrors(wrong.lines).join('\n'),
    new RegExp(
      `^record shared-0@0: value \\(avro, schema id ${id}\\): the registry says schema ${id} is JSON, not AVRO$`,
    ),
  );
  const asJson = recordingHandler({ value: jsonSchema({ registry }) });
  const right = await invoke(asJson.handler, recordsOf('shared')(value));
  assert.deepEqual(right.response.batchItemFailures, []);
  assert.deepEqual(asJson.seen[0]!.payload, review(5));
  assert.equal(registry.requests, 1, 'one request for both');
});

describe('framing edges, through the handler', () => {
  test('a Confluent schema id of 2^31 or more is read unsigned', async () => {
    for (const id of [2 ** 31, 2 ** 31 + 5, 2 ** 32 - 1]) {
      answers.set(String(id), { status: 200, body: { schema: JSON.stringify(REVIEW_V1) } });
      const value = frameConfluent(id, reviewType.toBuffer(review(3)));
      assert.equal(unframeConfluent(value).schemaId, String(id));
      const registry = new ConfluentSchemaRegistry({ url: scripted.url });
      const { handler, seen } = recordingHandler({ value: avro({ schema: REVIEW_V1, registry }) });
      const { response, lines } = await invoke(handler, recordsOf('ids')(value));
      assert.deepEqual(response.batchItemFailures, [], formatErrors(lines).join('\n'));
      assert.deepEqual({ ...(seen[0]!.payload as object) }, review(3));
      assert.equal(asked.at(-1), String(id), 'the registry was asked for the unsigned id');
    }
  });

  test('a Glue body that inflates past the 16 MiB cap fails its record, named, and the batch goes on', async () => {
    const versionId = glue.register('reviews', REVIEW_V1);
    const registry = new GlueSchemaRegistry({
      registryArn: glue.registryArn,
      endpoint: glue.endpoint,
      credentials: { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local-secret' },
    });
    const header = Buffer.concat([Buffer.from([3, 5]), Buffer.from(versionId.replaceAll('-', ''), 'hex')]);
    const bomb = Buffer.concat([header, deflateSync(Buffer.alloc(16 * 1024 * 1024 + 1))]);
    const good = Buffer.concat([header, deflateSync(reviewType.toBuffer(review(4)))]);
    const log = logOf('glue', 2);
    const event = toMskEvent([
      log.append('glue', {
        value: bomb,
        partition: 0,
        headers: [{ name: 'Event-Id', value: Buffer.from(ulid()) }],
      }),
      log.append('glue', {
        value: good,
        partition: 1,
        headers: [{ name: 'Event-Id', value: Buffer.from(ulid()) }],
      }),
    ]);
    const { handler, seen } = recordingHandler({ value: avro({ schema: REVIEW_V1, registry }) });
    const { response, lines } = await invoke(handler, event);
    assert.deepEqual(
      response.batchItemFailures.map((f) => f.itemIdentifier),
      [{ partition: 'glue-0', offset: 0 }],
    );
    assert.deepEqual(formatErrors(lines), [
      `record glue-0@0: value (avro, schema id ${versionId}): zlib body inflates past the 16 MiB cap (16777216 bytes)`,
    ]);
    assert.deepEqual(
      seen.map((m) => `${m.partition}@${m.offset}`),
      ['1@0'],
    );
  });
});
