/**
 * A claim in parts (claim-session.ts, DedupStore.claimPartRecords): a standalone store claims a
 * batch in parts sent at once, and a record starts once its own part answered, so that the first
 * records run while Redis answers the rest. Against a real Redis, with a store in front of it that
 * holds the answers of the later parts until the test lets them through (a slow answer, within
 * the command timeout).
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { MSKRecord } from 'aws-lambda';
import { Redis } from 'ioredis';
import type { BatchRecord } from '../../lib/consumer/batch-record.ts';
import { claimParts } from '../../lib/consumer/claim-session.ts';
import { dedupKey, dedupKeyPrefix, EVENT_ID_HEADER } from '../../lib/contract.ts';
import { type DedupStore, RedisDedupStore } from '../../lib/index.ts';
import { lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';

const consumer = testConsumers();
const redis = new Redis(redisUrl());
const stores: RedisDedupStore[] = [];
after(async () => {
  await Promise.all(stores.map((s) => s.close()));
  redis.disconnect();
});

/**
 * A real store whose claim calls after the first hold their answer until `open()`; `onCommit` is
 * told of each commit call (the invocation's settle sends one).
 */
function gatedStore(onCommit?: () => void): DedupStore & { open(): void; claims: number } {
  const inner = new RedisDedupStore({ redis: { url: redisUrl() } });
  stores.push(inner);
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const store = {
    claims: 0,
    claimPartRecords: inner.claimPartRecords,
    connect: () => inner.connect(),
    extend: (keys: readonly string[], owner: string, leaseMs: number) => inner.extend(keys, owner, leaseMs),
    async claim(keys: readonly string[], owner: string, leaseMs: number, windowMs?: number) {
      const first = store.claims++ === 0;
      const answer = await inner.claim(keys, owner, leaseMs, windowMs);
      if (!first) await gate;
      return answer;
    },
    commit(keys: readonly string[], owner: string, windowMs: number) {
      onCommit?.();
      return inner.commit(keys, owner, windowMs);
    },
    release: (keys: readonly string[], owner: string) => inner.release(keys, owner),
    close: () => Promise.resolve(),
    open: () => open(),
  };
  return store;
}

/** `count` records over `partitions`, offsets ascending in each, each with an event id of its own. */
function records(count: number, partitions: number): MSKRecord[] {
  return Array.from({ length: count }, (_, i) =>
    mskRecord({ topic: 'parts', partition: i % partitions, offset: Math.floor(i / partitions) }),
  );
}

/** The event id header of a test record. */
function eventIdOf(record: MSKRecord): string {
  const header = record.headers.find((h) => EVENT_ID_HEADER in h);
  assert.ok(header, 'the record has an event id header');
  return Buffer.from(header[EVENT_ID_HEADER]!).toString();
}

const fakeRecord = (partition: number, rank: number) =>
  ({ partitionId: `t-${partition}`, rank }) as unknown as BatchRecord<unknown>;

describe('a claim in parts', () => {
  test('the parts: an eighth of the part size first, then doubling up to it, a rank at a time over the partitions', () => {
    const partitions = [0, 1, 2].map((p) => Array.from({ length: 1000 }, (_, r) => fakeRecord(p, r)));
    const asked = partitions.flat();
    const all = () => true;
    const among = (list: unknown[]) => (record: unknown) => list.includes(record);
    const parts = claimParts(partitions, asked, all, 1000);
    assert.deepEqual(
      parts.map((p) => p.length),
      [125, 250, 500, 1000, 1000, 125],
    );
    // Every asked record once.
    assert.equal(new Set(parts.flat()).size, 3000);
    // The first part holds every partition's first records: 42, 42 and 41 of them.
    const first = parts[0]! as unknown as { partitionId: string; rank: number }[];
    assert.deepEqual(
      first.slice(0, 4).map((r) => `${r.partitionId}#${r.rank}`),
      ['t-0#0', 't-1#0', 't-2#0', 't-0#1'],
    );
    assert.equal(Math.max(...first.map((r) => r.rank)), 41);
    // A record not asked (a copy, an invalid one) is in no part.
    const some = asked.filter((_, i) => i % 3 !== 0);
    assert.equal(claimParts(partitions, some, among(some), 1000).flat().length, some.length);
    assert.ok(!claimParts(partitions, some, among(some), 1000).flat().includes(asked[0]!));
    // One part: a store that names no part size, or a batch within the first part.
    assert.equal(claimParts(partitions, asked, all, undefined).length, 1);
    assert.equal(claimParts(partitions, asked.slice(0, 125), among(asked.slice(0, 125)), 1000).length, 1);
    assert.equal(claimParts(partitions, asked.slice(0, 126), among(asked.slice(0, 126)), 1000).length, 2);
  });

  test('a standalone store claims in parts of 1,000 keys; a cluster store claims in one call', () => {
    const standalone = new RedisDedupStore({ redis: { url: redisUrl() } });
    const cluster = new RedisDedupStore({ redis: { url: redisUrl(), cluster: true } });
    stores.push(standalone, cluster);
    assert.equal(standalone.claimPartRecords, 1000);
    assert.equal(cluster.claimPartRecords, undefined);
  });

  test("the first part's records run while the later parts are unanswered, each lane in offset order, every record once", async () => {
    const store = gatedStore();
    const ran: { partition: number; offset: number }[] = [];
    let ranBeforeOpen = 0;
    // Every record of the first part (125 of 400: ranks 0-62 of partition 0, 0-61 of partition 1)
    // runs before any later part answers; the gate opens when the last of them has run.
    const handler = consumer({
      service: uniqueService('claim-parts'),
      store,
      ordering: 'partition',
      handle(message) {
        ran.push({ partition: message.partition, offset: message.offset });
        if (ran.length === 125) {
          ranBeforeOpen = ran.length;
          store.open();
        }
      },
    });
    const { response } = await invoke(handler, mskEvent(records(400, 2)));
    assert.deepEqual(response.batchItemFailures, []);
    assert.equal(store.claims, 3, 'three parts: 125, 250, 25');
    assert.equal(ranBeforeOpen, 125, 'the whole first part ran before the later parts answered');
    assert.equal(ran.length, 400, 'every record once');
    const first = ran.slice(0, 125);
    assert.equal(Math.max(...first.filter((r) => r.partition === 0).map((r) => r.offset)), 62);
    assert.equal(Math.max(...first.filter((r) => r.partition === 1).map((r) => r.offset)), 61);
    for (const partition of [0, 1]) {
      const offsets = ran.filter((r) => r.partition === partition).map((r) => r.offset);
      assert.deepEqual(
        offsets,
        [...offsets].sort((a, b) => a - b),
        `partition ${partition} in offset order`,
      );
    }
  });

  test('a copy whose original is in a later part waits for that part, and follows it: the event runs once', async () => {
    const store = gatedStore();
    let runs = 0;
    let partition1BeforeOpen = 0;
    let partition1 = 0;
    // 400 records on two partitions; the first part holds ranks 0-62 of partition 0 and 0-61 of
    // partition 1. The records at partition 0 offset 100 (the second part) and partition 1 offset
    // 0 carry one event id: the first in the batch's order (partition 0's) is asked, partition
    // 1's follows it, and its lane waits at its first record until the second part answers.
    const batch = records(400, 2);
    const original = batch[200]!;
    batch[1] = mskRecord({ topic: 'parts', partition: 1, offset: 0, eventId: eventIdOf(original) });
    const handler = consumer({
      service: uniqueService('claim-parts-copy'),
      store,
      ordering: 'partition',
      handle(message) {
        if (message.eventId === eventIdOf(original)) runs++;
        if (message.partition === 1) partition1++;
        if (message.partition === 0 && message.offset === 62) {
          partition1BeforeOpen = partition1;
          store.open();
        }
      },
    });
    const { response } = await invoke(handler, mskEvent(batch));
    assert.deepEqual(response.batchItemFailures, []);
    assert.equal(partition1BeforeOpen, 0, "partition 1's lane waited at the copy for the second part");
    assert.equal(partition1, 199, "then partition 1's other records ran");
    assert.equal(runs, 1, 'the event of the two records ran once');
  });

  test('a part answered after the invocation answered: none of its records runs, its claims are released, and the batch is retried', async () => {
    const service = uniqueService('claim-parts-late');
    // The later parts answer once the invocation settles (its commit at the answer): after the
    // deadline, while the lanes wait for them.
    let store: ReturnType<typeof gatedStore> | undefined;
    store = gatedStore(() => store!.open());
    const ran = new Set<number>();
    const handler = consumer({
      service,
      store,
      ordering: 'partition',
      commitEvery: { records: 10_000, ms: 600_000 },
      handle(message) {
        ran.add(message.offset);
      },
    });
    const batch = records(300, 1);
    await assert.rejects(
      invoke(handler, mskEvent(batch), lambdaContext({ timeoutMs: 2000 })),
      /ran out of time/,
    );
    assert.equal(store.claims, 2, 'two parts: 125, 175');
    for (let offset = 125; offset < 300; offset++)
      assert.ok(!ran.has(offset), `offset ${offset} (second part) did not run`);
    // Its claims are gone: a retry claims them at once.
    const keys = batch.slice(125).map((r) => dedupKey(dedupKeyPrefix(service, 'h'), eventIdOf(r)));
    assert.equal(await redis.exists(...keys), 0, 'the late part claimed nothing that stays');
  });
});
