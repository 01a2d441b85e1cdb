/**
 * Semantics 8: Redis down, hung or slow, under both policies; a failed commit never fails a record;
 * a dead Redis costs a bounded number of round trips per batch, not one per record.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { ulid } from 'ulid';
import type { KafkaMessage } from '../../lib/index.ts';
import {
  emfDocuments,
  failedOffsets,
  type LocalRedis,
  mskEvent,
  mskRecord,
  startRedisServer,
  sumMetric,
} from '../../testkit/index.ts';
import { freePort } from '../../testkit/internal/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';
import { uniqueService } from '../support/redis.ts';

let redis: LocalRedis;
const build = testConsumers();
before(async () => {
  redis = await startRedisServer();
});
after(async () => {
  await redis.stop();
});

function consumer(
  url: string,
  policy: 'open' | 'closed',
  handle: (m: KafkaMessage<unknown>) => unknown = () => {},
  timeouts = { commandTimeoutMs: 150, connectTimeoutMs: 300 },
) {
  const handler = build({
    service: uniqueService(`faults-${policy}`),
    redis: { url, ...timeouts },
    onStoreError: policy,
    handle: async (m) => {
      await handle(m);
    },
  });
  return handler;
}

const batch = (n: number) =>
  mskEvent(Array.from({ length: n }, (_, i) => mskRecord({ partition: i % 4, offset: i })));

function dedupErrors(lines: Record<string, unknown>[]) {
  return emfDocuments(lines)
    .filter((d) => 'DedupErrors' in d)
    .map((d) => d.Reason);
}

describe('the store failure policy', () => {
  test("nothing listens: 'open' runs every record and counts DedupErrors{Reason=misconfigured} once (it never worked)", async () => {
    let calls = 0;
    const handler = consumer(`redis://127.0.0.1:${await freePort()}`, 'open', () => {
      calls++;
    });
    const { response, lines } = await invoke(handler, batch(200));
    assert.deepEqual(response.batchItemFailures, []);
    assert.equal(calls, 200);
    assert.deepEqual(dedupErrors(lines), ['misconfigured']);
    assert.equal(sumMetric(lines, 'MessagesSucceeded'), 200);
  });

  test("nothing listens: 'closed' runs nothing and reports every record (each partition stops at its first)", async () => {
    let calls = 0;
    const handler = consumer(`redis://127.0.0.1:${await freePort()}`, 'closed', () => {
      calls++;
    });
    const { response, lines } = await invoke(handler, batch(200));
    assert.equal(calls, 0);
    assert.equal(failedOffsets(response).length, 200);
    assert.equal(response.batchItemFailures[0]!.itemIdentifier.offset, 0);
    assert.equal(sumMetric(lines, 'MessagesFailed'), 200);
  });

  test('a hung Redis (SIGSTOP) costs one command timeout per batch and is counted as timeout', async () => {
    const handler = consumer(redis.url, 'open');
    // Connect while the server answers, and see the store work once (else its error would say
    // misconfigured, not timeout): a loaded machine may need more than one try at 150 ms.
    for (let i = 0; ; i++) {
      const warm = await invoke(handler, batch(1));
      if (dedupErrors(warm.lines).length === 0) break;
      assert.ok(i < 50, 'the store worked once before the pause');
    }
    redis.pause();
    try {
      const { response, lines } = await invoke(handler, batch(500));
      assert.deepEqual(response.batchItemFailures, []);
      assert.deepEqual(dedupErrors(lines), ['timeout']);
      const durations = emfDocuments(lines).flatMap(
        (d) => (d.DedupCheckDuration as number[] | number | undefined) ?? [],
      );
      // 500 records are claimed in three parts (125, 250, 125) sent at once: each waits out the
      // same command timeout, and the outage is said and counted once.
      assert.equal(
        [durations].flat().length,
        3,
        'three claim round trips for 500 records, at once; no commit without claims',
      );
    } finally {
      redis.resume();
    }
  });

  test('a failed commit after a successful handle never fails the record', async () => {
    let calls = 0;
    // The claim must succeed however loaded the machine (150 ms could fail it, fail-closed): the
    // commit then waits out a timeout that only the pause can reach.
    const handler = consumer(
      redis.url,
      'closed',
      () => {
        calls++;
        redis.pause(); // Redis hangs after the claim, before the commit
      },
      { commandTimeoutMs: 3000, connectTimeoutMs: 10_000 },
    );
    try {
      const { response, lines } = await invoke(
        handler,
        mskEvent([mskRecord({ offset: 1, eventId: ulid() })]),
      );
      assert.deepEqual(response.batchItemFailures, []);
      assert.equal(calls, 1);
      assert.equal(sumMetric(lines, 'MessagesSucceeded'), 1);
      assert.deepEqual(dedupErrors(lines), ['timeout']);
      assert.ok(lines.some((l) => l.level === 'ERROR' && String(l.message).includes('could not mark DONE')));
    } finally {
      redis.resume();
    }
  });

  test('after an outage the same connection recovers without a cold start', async () => {
    const handler = consumer(redis.url, 'closed');
    await invoke(handler, batch(1));
    const admin = new Redis(redis.url);
    await admin.client('KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    await admin.quit();
    // The first batch may find the connection still reconnecting (fail-closed reports it); it comes back.
    let last = await invoke(handler, batch(4));
    for (let i = 0; i < 10 && last.response.batchItemFailures.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      last = await invoke(handler, batch(4));
    }
    assert.deepEqual(last.response.batchItemFailures, []);
  });
});
