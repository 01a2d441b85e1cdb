/**
 * A custom dedupKey that answers something other than a non-empty id (undefined for a field the
 * producer forgot, a Promise from an async function, a fraction, '') must fail that record with an
 * error naming it, never collapse the records onto one key (issue 12, defect 1).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigurationError, type KafkaMessage, MemoryDedupStore } from '../../lib/index.ts';
import { failedOffsets, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';

const build = testConsumers();

function consumer(dedupKey: (m: KafkaMessage<{ order?: unknown }>) => unknown) {
  const ran: number[] = [];
  const handler = build<{ order?: unknown }>({
    service: 'svc',
    store: new MemoryDedupStore({ quiet: true }),
    dedupKey: dedupKey as (m: KafkaMessage<{ order?: unknown }>) => string,
    handle: (m) => {
      ran.push(m.offset);
    },
  });
  return { handler, ran };
}

describe('a custom dedupKey', () => {
  for (const [name, value, reason] of [
    ['undefined', undefined, /returned undefined/],
    ['null', null, /returned null/],
    ['a fraction', 4.2, /returned 4\.2|not a string or a safe integer/],
    ['an empty string', '', /empty/],
    ['a Promise', Promise.resolve('k'), /Promise/],
  ] as const) {
    test(`that returns ${name} fails each such record, naming it; none is taken for a duplicate`, async () => {
      const { handler, ran } = consumer((m) =>
        m.payload?.order === undefined ? value : String(m.payload.order),
      );
      const { response, lines } = await invoke(
        handler,
        mskEvent([
          mskRecord({ offset: 1, value: { order: 'a' } }),
          mskRecord({ offset: 2, value: {} }),
          mskRecord({ partition: 1, offset: 5, value: {} }),
          mskRecord({ partition: 2, offset: 9, value: { order: 'b' } }),
        ]),
      );
      assert.deepEqual(failedOffsets(response).sort(), ['orders-0@2', 'orders-1@5']);
      assert.deepEqual(ran.sort(), [1, 9]);
      const logged = lines.map((l) => JSON.stringify(l)).join('\n');
      assert.match(logged, /record orders-0@2: .*dedupKey/);
      assert.match(logged, /record orders-1@5: .*dedupKey/);
      assert.match(logged, reason);
      assert.doesNotMatch(logged, /MessagesDeduplicated":[1-9]/);
    });
  }

  test('an async function is refused at start-up, naming the option', () => {
    assert.throws(
      () => consumer(async (m) => String(m.offset)),
      (e: unknown) => e instanceof ConfigurationError && e.option === 'dedupKey' && /async/.test(e.message),
    );
  });
});
