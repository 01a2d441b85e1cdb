/**
 * Behaviours of the id sources that no test pinned (issue 31's unseen-mutant audit), through
 * kafkaHandler: the CloudEvents content type is compared case-insensitively; `ulid` and `uuid`
 * take no byte limit (a `maxBytes` with them is refused at cold start); the opaque byte limit
 * includes its own value; the max UUID is refused like the nil UUID.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HASHED_ID_PREFIX } from '../../lib/contract/event-id-format.ts';
import { resolveEventIdSource } from '../../lib/contract/event-id-source.ts';
import type { EventIdSource } from '../../lib/contract.ts';
import { EventIdError } from '../../lib/errors.ts';
import { ConfigurationError, type KafkaMessage, MemoryDedupStore } from '../../lib/index.ts';
import { failedOffsets, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';

const build = testConsumers();

function consumer(eventId: EventIdSource<unknown, Buffer>) {
  const seen: string[] = [];
  const handler = build({
    service: 'svc',
    store: new MemoryDedupStore({ quiet: true }),
    eventId,
    handle: (m: KafkaMessage<unknown>) => {
      seen.push(m.eventId);
    },
  });
  return { handler, seen };
}

const bytes = (text: string) => [...Buffer.from(text)];

describe('CloudEvents: the content type is compared without regard to case', () => {
  for (const type of ['Application/CloudEvents+JSON', 'APPLICATION/CLOUDEVENTS+JSON; charset=UTF-8']) {
    test(`${type}: structured mode, the id read from the event`, async () => {
      const { handler, seen } = consumer({ from: 'cloudevents', format: 'opaque' });
      const record = mskRecord({
        offset: 1,
        eventId: null,
        value: { specversion: '1.0', id: 'evt-42', source: '/s', type: 't', data: {} },
        headers: [{ 'content-type': bytes(type) }],
      });
      const { response } = await invoke(handler, mskEvent([record]));
      assert.deepEqual(failedOffsets(response), []);
      assert.deepEqual(seen, ['evt-42']);
    });
  }
});

describe('id forms and their limits', () => {
  for (const format of ['ulid', 'uuid'] as const) {
    test(`${format}: a byte limit is refused at cold start, naming the setting`, () => {
      assert.throws(
        () =>
          consumer({ from: 'header', header: 'X-Id', format, maxBytes: 64 } as unknown as EventIdSource<
            unknown,
            Buffer
          >),
        (e: unknown) =>
          e instanceof ConfigurationError &&
          e.option === 'eventId.maxBytes' &&
          /applies to format 'opaque' only/.test(e.message),
      );
    });
  }

  test('opaque: an id of exactly the byte limit keeps its own key; one byte more is hashed into it', async () => {
    const { handler, seen } = consumer({ from: 'header', header: 'X-Id', format: 'opaque', maxBytes: 16 });
    const { response } = await invoke(
      handler,
      mskEvent([
        mskRecord({ offset: 1, eventId: null, headers: [{ 'X-Id': 'a'.repeat(16) }] }),
        mskRecord({ partition: 1, offset: 2, eventId: null, headers: [{ 'X-Id': 'b'.repeat(17) }] }),
      ]),
    );
    // Over the limit an id is hashed, never refused (an id a 0.2.0 dedupKey answered still runs).
    assert.deepEqual(failedOffsets(response), []);
    assert.equal(seen.length, 2);
    assert.equal(seen[0], 'a'.repeat(16));
    assert.ok(seen[1]!.startsWith(HASHED_ID_PREFIX), `${seen[1]} is the hashed form`);
  });

  test('uuid: the max UUID is refused like the nil UUID; a real one in any case is taken', async () => {
    const { handler, seen } = consumer({ from: 'header', header: 'X-Id', format: 'uuid' });
    const { response } = await invoke(
      handler,
      mskEvent([
        mskRecord({
          offset: 1,
          eventId: null,
          headers: [{ 'X-Id': '00000000-0000-0000-0000-000000000000' }],
        }),
        mskRecord({
          partition: 1,
          offset: 2,
          eventId: null,
          headers: [{ 'X-Id': 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF' }],
        }),
        mskRecord({
          partition: 2,
          offset: 3,
          eventId: null,
          headers: [{ 'X-Id': 'ffffffff-ffff-ffff-ffff-ffffffffffff' }],
        }),
        mskRecord({
          partition: 3,
          offset: 4,
          eventId: null,
          headers: [{ 'X-Id': '3F2504E0-4F89-11D3-9A0C-0305E82C3301' }],
        }),
      ]),
    );
    assert.deepEqual(failedOffsets(response), ['orders-0@1', 'orders-1@2', 'orders-2@3']);
    assert.deepEqual(seen, ['3f2504e0-4f89-11d3-9a0c-0305e82c3301']);
  });
});

describe('an id function that returns a number that is not a safe integer (the sampled StrykerJS run)', () => {
  const reader = resolveEventIdSource(
    { from: 'message', id: (m: KafkaMessage<unknown>) => m.payload as number },
    'eventId',
  );
  const record = { topic: 'orders', partition: 0, offset: 7 };
  for (const [value, shown] of [
    [4.2, '4.2'],
    [2 ** 53, '9007199254740992'],
    [Number.NaN, 'NaN'],
  ] as const) {
    test(`${shown}: the error quotes the number and says it is not a safe integer`, () => {
      assert.throws(
        () => reader.read(record, { payload: value } as KafkaMessage<unknown, unknown>),
        (e: unknown) =>
          e instanceof EventIdError &&
          e.message.includes(
            `returned ${shown}, not a safe integer, not a string or a safe integer (event id source: eventId function (opaque))`,
          ),
      );
    });
  }
});

describe('CloudEvents: a structured event whose payload is no JSON object (the sampled StrykerJS run)', () => {
  const reader = resolveEventIdSource({ from: 'cloudevents' }, 'eventId');
  const record = { topic: 'orders', partition: 0, offset: 7 };
  for (const [name, payload] of [
    ['null', null],
    ['an array', [{ id: 'evt-1' }]],
    ['a string', 'evt-1'],
  ] as const) {
    test(`${name}: the error says the structured event is not a JSON object`, () => {
      const message = {
        headers: { 'content-type': 'application/cloudevents+json' },
        payload,
      } as unknown as KafkaMessage<unknown, unknown>;
      assert.throws(
        () => reader.read(record, message),
        (e: unknown) =>
          e instanceof EventIdError &&
          e.message.startsWith('record orders-0@7: ') &&
          e.message.includes('the structured event is not a JSON object (event id source: CloudEvents id'),
      );
    });
  }
});
