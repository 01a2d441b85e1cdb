/**
 * The one log line per batch that names the records the batch skipped because of their dedup key,
 * and why (DONE earlier, a copy in the same batch, held by another invocation), against a real Redis.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { ulid } from 'ulid';
import { DUPLICATES_MESSAGE, dedupKey, dedupKeyPrefix, MAX_LISTED_SKIPPED } from '../../lib/contract.ts';
import { RedisDedupStore } from '../../lib/index.ts';
import { mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';

const build = testConsumers();
const stores: RedisDedupStore[] = [];
after(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

function consumer(name: string) {
  const service = uniqueService(name);
  const handler = build({
    service,
    handle: async () => {},
  });
  return { handler, key: (id: string) => dedupKey(dedupKeyPrefix(service, 'h'), id) };
}

const skippedLines = (lines: Record<string, unknown>[]) =>
  lines.filter((l) => l.message === DUPLICATES_MESSAGE);

describe('the duplicates line', () => {
  test('one line per batch: DONE earlier, copies in the batch and held claims, with event ids and positions', async () => {
    const { handler, key } = consumer('skipped');
    const [done, copied, held, fresh] = [ulid(), ulid(), ulid(), ulid()];
    await invoke(handler, mskEvent([mskRecord({ offset: 1, eventId: done })]));
    // Another invocation holds `held`.
    const other = new RedisDedupStore({ redis: { url: redisUrl() } });
    stores.push(other);
    await other.claim([key(held)], 'another-invocation', 60_000);

    const { lines } = await invoke(
      handler,
      mskEvent([
        mskRecord({ offset: 10, eventId: done }),
        mskRecord({ offset: 11, eventId: copied }),
        mskRecord({ offset: 12, eventId: copied }),
        mskRecord({ topic: 'orders', partition: 2, offset: 5, eventId: held }),
        mskRecord({ topic: 'orders', partition: 2, offset: 6, eventId: fresh }),
      ]),
    );
    const found = skippedLines(lines);
    assert.equal(found.length, 1, 'one line for the batch');
    const line = found[0]!;
    assert.equal(line.level, 'INFO');
    assert.deepEqual(
      [line.duplicates, line.duplicatesDone, line.duplicatesInBatch, line.held, line.skippedOmitted],
      [2, 1, 1, 1, 0],
    );
    // Partitions run concurrently: the order of the list is not part of the promise.
    const byPosition = (a: { position: string }, b: { position: string }) =>
      a.position.localeCompare(b.position);
    assert.deepEqual([...(line.skipped as { position: string }[])].sort(byPosition), [
      { eventId: done, position: 'orders-0@10', cause: 'done' },
      { eventId: copied, position: 'orders-0@12', cause: 'in-batch' },
      { eventId: held, position: 'orders-2@5', cause: 'held' },
    ]);
    assert.deepEqual(line.byPartition, { 'orders-0': 2, 'orders-2': 1 });
  });

  test('bounded: the first 20 listed, the rest counted', async () => {
    const { handler } = consumer('bounded');
    const ids = Array.from({ length: 30 }, () => ulid());
    await invoke(handler, mskEvent(ids.map((eventId, i) => mskRecord({ offset: i, eventId }))));
    const { lines } = await invoke(
      handler,
      mskEvent(ids.map((eventId, i) => mskRecord({ offset: 100 + i, eventId }))),
    );
    const line = skippedLines(lines)[0]!;
    assert.equal(line.duplicates, 30);
    assert.equal((line.skipped as unknown[]).length, MAX_LISTED_SKIPPED);
    assert.equal(line.skippedOmitted, 10);
  });

  test('no line when the batch skipped nothing', async () => {
    const { handler } = consumer('none');
    const { lines } = await invoke(handler, mskEvent([mskRecord({ offset: 1 }), mskRecord({ offset: 2 })]));
    assert.deepEqual(skippedLines(lines), []);
  });
});
