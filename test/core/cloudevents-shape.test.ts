/**
 * Structured CloudEvents without a `content-type` header (issue 30): many producers leave it out.
 * With `eventId: { from: 'cloudevents' }` such a record is recognised by its value's shape
 * (`specversion` and `id`): it runs once, its duplicate is skipped, and it is never parked (with a
 * poison sink) or failed (without one) for the missing header. A record with neither a `ce_id`
 * header nor that shape still fails naming the source. Real Redis, through the consumer.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { MemoryPoisonSink } from '../../lib/consumer/poison.ts';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import { recordDedupKey } from '../../lib/middlewares.ts';
import { failedOffsets, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';
import { keyState } from '../support/marks.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

const build = testConsumers();

const admin = adminClient();
after(async () => {
  await admin.quit();
});

/** A structured event as a producer without the binding's content-type sends it. */
const structured = (offset: number, id: string, headers: Record<string, string>[] = []) =>
  mskRecord({
    offset,
    eventId: null,
    headers,
    value: { specversion: '1.0', id, source: '/orders', type: 'order.placed', data: { n: offset } },
  });

for (const withSink of [false, true]) {
  describe(`structured CloudEvents without content-type (${withSink ? 'a poison sink' : 'no poison sink'})`, () => {
    test('recognised by specversion and id: runs once, its duplicate skipped, nothing parked or failed', async () => {
      const service = uniqueService('ce-shape');
      const sink = new MemoryPoisonSink();
      const ran: string[] = [];
      const handler = build({
        service,
        redis: { url: redisUrl() },
        eventId: { from: 'cloudevents' },
        ...(withSink ? { poison: { sink } } : {}),
        handle: (m) => {
          ran.push(m.eventId);
        },
      });
      const first = await invoke(
        handler,
        mskEvent([
          structured(1, 'pay-1'),
          // A content type of the data only (application/json) is not the binding's: the shape decides.
          structured(2, 'pay-2', [{ 'content-type': 'application/json' }]),
          structured(3, 'pay-1'),
        ]),
      );
      assert.deepEqual(failedOffsets(first.response), []);
      assert.deepEqual(sink.entries, [], 'nothing parked for a missing header');
      assert.deepEqual(ran, ['pay-1', 'pay-2'], 'the second pay-1 is a duplicate');
      const key = dedupKey(dedupKeyPrefix(service, 'h'), 'pay-1');
      assert.equal(await keyState(admin, key), 'D');
      // The tools read the record the same way.
      assert.equal(
        recordDedupKey(structured(1, 'pay-1'), service, 'h', { eventId: { from: 'cloudevents' } }),
        key,
      );

      // A ce_id header wins over the value (binary mode), as the binding says.
      const binary = structured(4, 'in-value', [{ ce_id: 'pay-3' }]);
      // Neither a ce_id header nor the shape: fails (or is parked) naming the source.
      const plain = mskRecord({ offset: 5, eventId: null, headers: [], value: { id: 'no-specversion' } });
      const second = await invoke(handler, mskEvent([binary, plain]));
      assert.deepEqual(ran.slice(2), ['pay-3']);
      const errors = JSON.stringify(second.lines);
      if (withSink) {
        assert.deepEqual(failedOffsets(second.response), []);
        assert.equal(sink.entries.length, 1);
        assert.match(JSON.stringify(sink.entries[0]), /no ce_id header/);
      } else {
        assert.deepEqual(failedOffsets(second.response), ['orders-0@5']);
        assert.match(errors, /record orders-0@5: no ce_id header/);
      }
    });
  });
}
