/**
 * The rollout of the key format (lib/dedup/rollout-store.ts), release against release: the consumer
 * of 0.1.0, 0.2.0 and 0.3.0 as they were (their code from git history, vendored by
 * scripts/release-fixtures.ts into test/fixtures/releases/), beside the current one with
 * `previousKeyFormat`, on a real Redis, standalone and cluster.
 *
 * - Both at once on the same events (a canary, an alias shift): concurrent invocations of the
 *   same batch, duplicates inside it and redeliveries of what failed; each event runs once.
 * - A rollback inside the window: the old release alone after the new one ran re-runs nothing;
 *   and the new one after the old one re-runs nothing either.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { MSKEvent, MSKRecord } from 'aws-lambda';
import { ulid } from 'ulid';
import {
  dedupKey,
  dedupKeyPrefix,
  type PreviousKeyFormat,
  previousFormatKey,
  previousKeyOf,
} from '../../lib/contract.ts';
import { RolloutDedupStore } from '../../lib/dedup/rollout-store.ts';
import type { RenewalResult } from '../../lib/dedup/store.ts';
import {
  type ClaimResult,
  ConfigurationError,
  type DedupStore,
  dedupConfigFromEnv,
  kafkaHandler,
  MemoryDedupStore,
  RedisDedupStore,
} from '../../lib/index.ts';
import { captureConsoleOutput, lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { kafkaHandler as kafkaHandler010 } from '../fixtures/releases/v0.1.0/lib/consumer/kafka-handler.ts';
import { kafkaHandler as kafkaHandler020 } from '../fixtures/releases/v0.2.0/lib/consumer/kafka-handler.ts';
import { kafkaHandler as kafkaHandler030 } from '../fixtures/releases/v0.3.0/lib/consumer/kafka-handler.ts';
import { invoke, sleep, testConsumers } from '../support/consumer.ts';
import { adminClient, clusterNodes, redisUrl, uniqueService } from '../support/redis.ts';

type Handler = (event: MSKEvent, context: ReturnType<typeof lambdaContext>) => Promise<unknown>;

const TARGETS = {
  standalone: () => ({ url: redisUrl() }),
  cluster: () => {
    const [first] = clusterNodes();
    return { url: `redis://${first!.host}:${first!.port}`, cluster: true };
  },
} as const;
/**
 * Round trips may take long on a loaded machine (and MONITOR in a test file running beside): the
 * tests are about the rollout, not timeouts, so a timeout is rare, and fails the record (closed)
 * rather than running it without dedup (open would run it, by design, and double it).
 */
const PATIENT = { commandTimeoutMs: 10_000, connectTimeoutMs: 10_000 };

/** Each release's consumers, closed after the file's tests. */
const RELEASES = {
  current: testConsumers(),
  '0.1.0': testConsumers({}, kafkaHandler010),
  '0.2.0': testConsumers({}, kafkaHandler020),
  '0.3.0': testConsumers({}, kafkaHandler030),
} as const;

/** A release's consumer on `redis`, counting the runs of each event in `runs`. */
function consumer(
  release: 'current' | PreviousKeyFormat,
  service: string,
  target: { url: string; cluster?: boolean },
  runs: Map<string, number>,
  previousKeyFormat?: PreviousKeyFormat,
  layout: { eventsPerSecond?: number; window?: number } = {},
): Handler {
  const options = {
    service,
    ...layout,
    redis: { ...target, ...PATIENT },
    onStoreError: 'closed' as const,
    async handle(message: { eventId: string }) {
      runs.set(message.eventId, (runs.get(message.eventId) ?? 0) + 1);
      // Long enough that the other release's invocation of the same batch overlaps this one.
      await sleep(2);
    },
  };
  const made =
    release === 'current'
      ? RELEASES.current({ ...options, ...(previousKeyFormat ? { previousKeyFormat } : {}) })
      : RELEASES[release](options);
  return made as unknown as Handler;
}

type BatchResponse = { batchItemFailures: { itemIdentifier: { partition: string; offset: number } }[] };

/**
 * Deliver `records` to each consumer at once, then redeliver what each reported failed (from the
 * failed offset of each partition on, as the event source mapping does) until none fails.
 */
async function deliverUntilDone(consumers: Handler[], records: MSKRecord[]): Promise<void> {
  await captureConsoleOutput(async () => {
    await Promise.all(
      consumers.map(async (handler) => {
        let pending = records;
        // Bounded by time, not rounds: a record held by the other release waits for its commit.
        const until = Date.now() + 60_000;
        while (pending.length > 0) {
          assert.ok(Date.now() < until, `${pending.length} records still failing after 60 s of redeliveries`);
          const response = (await handler(mskEvent(pending), lambdaContext())) as BatchResponse;
          const failedFrom = new Map<string, number>();
          // itemIdentifier.partition is `<topic>-<partition>`: the ESM resumes there from the offset.
          for (const { itemIdentifier } of response.batchItemFailures) {
            const offset = Number(itemIdentifier.offset);
            const known = failedFrom.get(itemIdentifier.partition);
            if (known === undefined || offset < known) failedFrom.set(itemIdentifier.partition, offset);
          }
          pending = pending.filter((r) => {
            const from = failedFrom.get(`${r.topic}-${r.partition}`);
            return from !== undefined && Number(r.offset) >= from;
          });
          if (pending.length > 0) await sleep(20);
        }
      }),
    );
  });
}

/** 90 events over 3 partitions, 30 of them twice (a producer's retry): 120 records. */
function events(): { ids: string[]; records: MSKRecord[] } {
  const ids = Array.from({ length: 90 }, () => ulid());
  const sequence = [...ids, ...ids.slice(0, 30)];
  const offsets = [0, 0, 0];
  const records = sequence.map((eventId, i) => {
    const partition = i % 3;
    return mskRecord({ partition, offset: offsets[partition]!++, eventId, value: { i } });
  });
  return { ids, records };
}

function assertEachOnce(runs: Map<string, number>, ids: string[], what: string): void {
  const wrong = ids.filter((id) => runs.get(id) !== 1).map((id) => `${id}: ${runs.get(id) ?? 0}`);
  assert.deepEqual(wrong, [], `${what}: events not run exactly once`);
}

for (const [targetName, target] of Object.entries(TARGETS)) {
  for (const previous of ['0.1.0', '0.2.0', '0.3.0'] as const) {
    describe(`rollout from ${previous} to the current key format (${targetName})`, () => {
      test(`${previous} and the current release at once on the same events: each runs once`, async () => {
        const service = uniqueService(`both-${previous}`);
        const runs = new Map<string, number>();
        const old = consumer(previous, service, target(), runs);
        const current = consumer('current', service, target(), runs, previous);
        const { ids, records } = events();
        await deliverUntilDone([old, current, old, current], records);
        assertEachOnce(runs, ids, 'concurrent');
        // Redelivered again to both (a rebalance replays the batch): duplicates, nothing runs.
        await deliverUntilDone([old, current], records);
        assertEachOnce(runs, ids, 'after the replay');
      });

      test(`rollback: ${previous} alone after the current release ran re-runs nothing`, async () => {
        const service = uniqueService(`back-${previous}`);
        const runs = new Map<string, number>();
        const { ids, records } = events();
        await deliverUntilDone([consumer('current', service, target(), runs, previous)], records);
        assertEachOnce(runs, ids, 'the current release');
        await deliverUntilDone([consumer(previous, service, target(), runs)], records);
        assertEachOnce(runs, ids, `${previous} after the rollback`);
      });

      test(`upgrade: the current release after ${previous} ran re-runs nothing`, async () => {
        const service = uniqueService(`up-${previous}`);
        const runs = new Map<string, number>();
        const { ids, records } = events();
        await deliverUntilDone([consumer(previous, service, target(), runs)], records);
        await deliverUntilDone([consumer('current', service, target(), runs, previous)], records);
        assertEachOnce(runs, ids, `the current release after ${previous}`);
      });
    });
  }
  describe(`from 0.3.0 without previousKeyFormat (${targetName})`, () => {
    test('the events whose key took a turn run again, those that kept their 0.3.0 key do not: the upgrade needs the setting', async () => {
      const service = uniqueService('up-bare-0.3.0');
      const runs = new Map<string, number>();
      const { ids, records } = events();
      await deliverUntilDone([consumer('0.3.0', service, target(), runs)], records);
      await deliverUntilDone([consumer('current', service, target(), runs)], records);
      const prefix = dedupKeyPrefix(service, 'h');
      const moved = ids.filter((id) => previousKeyOf('0.3.0', prefix, id) !== dedupKey(prefix, id));
      assert.ok(moved.length > 0 && moved.length < ids.length, `${moved.length} of ${ids.length} keys moved`);
      // The current release reads 0.3.0's string mark on the key it asks: a kept key is found DONE.
      const twice = ids.filter((id) => runs.get(id) === 2).sort();
      assert.deepEqual(twice, moved.sort(), 'exactly the events whose key moved ran again');
    });
  });
  describe(`a change of where marks live: window or eventsPerSecond (${targetName})`, () => {
    // Both place the marks (slice length, bucket count): marks written before the change are not
    // read after it. The 0.3.0 string mark is read under any layout, so writing it too
    // (previousKeyFormat '0.3.0') for a window before the change bridges it (docs/consumer.md).
    const changes = [
      {
        name: 'eventsPerSecond 1000 -> 20000',
        before: { eventsPerSecond: 1000 },
        after: { eventsPerSecond: 20_000 },
      },
      { name: 'window 3600 -> 7200 s', before: { window: 3600 }, after: { window: 7200 } },
    ];
    for (const change of changes) {
      test(`${change.name}: bridged by string marks, nothing re-runs; without the bridge repeats run again`, async () => {
        const bridged = uniqueService('layout-bridged');
        const runs = new Map<string, number>();
        const { ids, records } = events();
        await deliverUntilDone(
          [consumer('current', bridged, target(), runs, '0.3.0', change.before)],
          records,
        );
        await deliverUntilDone(
          [consumer('current', bridged, target(), runs, undefined, change.after)],
          records,
        );
        assertEachOnce(runs, ids, `${change.name} after a window of string marks`);

        // The hazard the bridge is for, seen: without it the second layout does not find the marks.
        const unbridged = uniqueService('layout-unbridged');
        const again = new Map<string, number>();
        const second = events();
        await deliverUntilDone(
          [consumer('current', unbridged, target(), again, undefined, change.before)],
          second.records,
        );
        await deliverUntilDone(
          [consumer('current', unbridged, target(), again, undefined, change.after)],
          second.records,
        );
        const twice = second.ids.filter((id) => again.get(id) === 2).length;
        assert.ok(twice > 0, `${change.name} without the bridge: expected repeats to run again, none did`);
      });
    }
  });
}

describe('RolloutDedupStore answers', () => {
  const admin = adminClient();
  const inner = new RedisDedupStore({ redis: { url: redisUrl() } });
  after(async () => {
    await inner.close();
    await admin.quit();
  });

  test('claimed only when both keys are; DONE or held in either wins; the claimed one is released', async () => {
    const prefix = dedupKeyPrefix(uniqueService('answers'), 'h');
    const store = new RolloutDedupStore(inner, '0.1.0');
    const [doneOld, heldOld, doneNew, heldNew, fresh] = [ulid(), ulid(), ulid(), ulid(), ulid()];
    await admin.set(previousKeyOf('0.1.0', prefix, doneOld), 'D', 'PX', 60_000);
    await admin.set(previousKeyOf('0.1.0', prefix, heldOld), 'P:old', 'PX', 60_000);
    await admin.set(dedupKey(prefix, doneNew), 'D', 'PX', 60_000);
    await admin.set(dedupKey(prefix, heldNew), 'P:other', 'PX', 60_000);
    const ids = [doneOld, heldOld, doneNew, heldNew, fresh];
    const keys = ids.map((id) => dedupKey(prefix, id));
    assert.deepEqual(await store.claim(keys, 'me', 10_000), ['done', 'held', 'done', 'held', 'claimed']);
    // Nothing left claimed by `me` but the fresh event's two keys.
    assert.equal(await admin.exists(keys[0]!), 0);
    assert.equal(await admin.exists(keys[1]!), 0);
    assert.equal(await admin.exists(previousKeyOf('0.1.0', prefix, doneNew)), 0);
    assert.equal(await admin.exists(previousKeyOf('0.1.0', prefix, heldNew)), 0);
    assert.equal(await admin.get(keys[4]!), 'P:me');
    assert.equal(await admin.get(previousKeyOf('0.1.0', prefix, fresh)), 'P:me');
    // Renewal: both renewed; commit marks both DONE; release of a committed key leaves it.
    assert.deepEqual(await store.extend!([keys[4]!], 'me', 10_000), ['renewed']);
    await store.commit([keys[4]!], 'me', 60_000);
    assert.equal(await admin.get(previousKeyOf('0.1.0', prefix, fresh)), 'D');
    assert.deepEqual(await store.extend!([keys[4]!], 'me', 10_000), ['done']);
    // Release undoes both claims; a renewal that finds either key gone is lost.
    const [released, lost] = [ulid(), ulid()].map((id) => dedupKey(prefix, id)) as [string, string];
    assert.deepEqual(await store.claim([released, lost], 'me', 10_000), ['claimed', 'claimed']);
    await store.release([released], 'me');
    assert.equal(await admin.exists(released, previousFormatKey('0.1.0', released)!), 0);
    await admin.del(previousFormatKey('0.1.0', lost)!);
    assert.deepEqual(await store.extend!([lost], 'me', 10_000), ['lost']);
  });

  test('from 0.3.0: each event under both keys, a key the same in both formats asked once', async () => {
    const prefix = dedupKeyPrefix(uniqueService('same-030'), 'h');
    const asked: string[][] = [];
    const memory = new MemoryDedupStore();
    const recording: DedupStore = {
      claim: (keys, owner, leaseMs) => {
        asked.push([...keys]);
        return memory.claim(keys, owner, leaseMs);
      },
      commit: (keys, owner, windowMs) => memory.commit(keys, owner, windowMs),
      release: (keys, owner) => memory.release(keys, owner),
      close: () => memory.close(),
    };
    const store = new RolloutDedupStore(recording, '0.3.0');
    // Ids of a day (every turn met): a quarter keep their 0.3.0 key.
    const ids = Array.from({ length: 400 }, (_, i) => ulid(1_764_547_200_000 + i * 216_000));
    const keys = ids.map((id) => dedupKey(prefix, id));
    const kept = ids.filter((id) => previousKeyOf('0.3.0', prefix, id) === dedupKey(prefix, id)).length;
    assert.ok(kept > 50 && kept < 150, `${kept} of 400 keys kept`);
    assert.deepEqual(
      await store.claim(keys, 'me', 10_000),
      keys.map(() => 'claimed'),
    );
    const all = asked[0]!;
    assert.equal(all.length, 2 * ids.length - kept, 'a moved key and its 0.3.0 key; a kept key once');
    assert.equal(new Set(all).size, all.length, 'no key twice in one call');
  });

  test('an error on either key is the answer, unless the other says DONE or held; no renewal added', async () => {
    const prefix = dedupKeyPrefix(uniqueService('errors'), 'h');
    const released: string[] = [];
    const claimCalls: string[][] = [];
    // A store whose answers for the previous-format keys (the second half of each call) are given.
    const scripted = (previousAnswer: ClaimResult, currentAnswer: ClaimResult): DedupStore => ({
      async claim(keys) {
        claimCalls.push([...keys]);
        return keys.map((_, i) => (i < keys.length / 2 ? currentAnswer : previousAnswer));
      },
      async release(keys) {
        released.push(...keys);
      },
      async commit() {},
      async close() {},
    });
    const key = dedupKey(prefix, ulid());
    const down = new Error('node down');
    const cases: [ClaimResult, ClaimResult, ClaimResult | 'error', string[]][] = [
      // previous, current, combined, released
      [down, 'claimed', 'error', [key]],
      ['claimed', down, 'error', [previousFormatKey('0.1.0', key)!]],
      ['done', down, 'done', []],
      [down, 'held', 'held', []],
      ['held', 'claimed', 'held', [key]],
      ['claimed', 'claimed', 'claimed', []],
    ];
    for (const [previousAnswer, currentAnswer, expected, expectReleased] of cases) {
      released.length = 0;
      claimCalls.length = 0;
      const store = new RolloutDedupStore(scripted(previousAnswer, currentAnswer), '0.1.0');
      assert.equal(store.extend, undefined, 'no renewal over a store without one');
      const [result] = await store.claim([key], 'me', 10_000);
      if (expected === 'error') assert.equal(result, down);
      else assert.equal(result, expected, `${String(previousAnswer)} + ${String(currentAnswer)}`);
      assert.deepEqual(released, expectReleased);
      // One call of the inner store with both keys: one round trip, as without the rollout.
      assert.deepEqual(claimCalls, [[key, previousFormatKey('0.1.0', key)]]);
    }
  });

  test('a renewal answers per event from both keys: DONE in either wins, then lost in either, else renewed', async () => {
    const key = dedupKey(dedupKeyPrefix(uniqueService('renewals'), 'h'), ulid());
    // current key, previous-format key, the event's answer. A consumer already on the new format
    // without the rollout commits only the current key; one still on the old, only the previous.
    const cases: [RenewalResult, RenewalResult, RenewalResult][] = [
      ['renewed', 'renewed', 'renewed'],
      ['done', 'renewed', 'done'],
      ['renewed', 'done', 'done'],
      ['done', 'lost', 'done'],
      ['lost', 'done', 'done'],
      ['lost', 'renewed', 'lost'],
      ['renewed', 'lost', 'lost'],
      ['lost', 'lost', 'lost'],
    ];
    for (const [current, previous, expected] of cases) {
      const calls: string[][] = [];
      const inner: DedupStore = {
        async claim(keys) {
          return keys.map(() => 'claimed' as const);
        },
        async extend(keys) {
          calls.push([...keys]);
          return keys.map((_, i) => (i === 0 ? current : previous));
        },
        async release() {},
        async commit() {},
        async close() {},
      };
      const store = new RolloutDedupStore(inner, '0.1.0');
      assert.deepEqual(await store.extend!([key], 'me', 10_000), [expected], `${current} + ${previous}`);
      assert.deepEqual(calls, [[key, previousFormatKey('0.1.0', key)]], 'both keys in one call');
    }
  });
});

describe('previousKeyFormat settings', () => {
  const handle = () => {};
  test('it applies to a store given by the user too: both keys DONE in a MemoryDedupStore', async () => {
    const store = new MemoryDedupStore();
    const service = uniqueService('own-store');
    const h = RELEASES.current({ service, store, previousKeyFormat: '0.2.0', handle });
    const eventId = ulid();
    await invoke(h, mskEvent([mskRecord({ offset: 0, eventId })]));
    const prefix = dedupKeyPrefix(service, 'h');
    assert.ok(store.pttl(dedupKey(prefix, eventId)) > 0, 'the current key');
    assert.ok(store.pttl(previousKeyOf('0.2.0', prefix, eventId)) > 0, 'the 0.2.0 key');
  });

  test('a format it does not know, and the removed readPreviousKeys, are refused naming the option', () => {
    assert.throws(
      () =>
        kafkaHandler({
          service: 's',
          handlerName: 'h',
          store: new MemoryDedupStore(),
          previousKeyFormat: '0.9.0' as PreviousKeyFormat,
          handle,
        }),
      (e: unknown) => e instanceof ConfigurationError && e.option === 'previousKeyFormat',
    );
    assert.throws(
      () =>
        kafkaHandler({
          service: 's',
          handlerName: 'h',
          store: new MemoryDedupStore(),
          ...({ readPreviousKeys: true } as object),
          handle,
        }),
      (e: unknown) => e instanceof ConfigurationError && e.option === 'readPreviousKeys',
    );
    assert.throws(
      () => new RedisDedupStore({ redis: { url: redisUrl() }, ...({ readPreviousKeys: true } as object) }),
      (e: unknown) => e instanceof ConfigurationError && e.option === 'readPreviousKeys',
    );
  });

  test('DEDUP_PREVIOUS_KEY_FORMAT is read, checked, and the removed DEDUP_READ_PREVIOUS_KEYS refused', () => {
    const base = { DEDUP_REDIS_URL: 'redis://127.0.0.1:6379' };
    assert.equal(
      dedupConfigFromEnv({ ...base, DEDUP_PREVIOUS_KEY_FORMAT: '0.1.0' }).previousKeyFormat,
      '0.1.0',
    );
    assert.equal(
      dedupConfigFromEnv({ DEDUP_STORE: 'memory', DEDUP_PREVIOUS_KEY_FORMAT: '0.2.0' }).previousKeyFormat,
      '0.2.0',
    );
    assert.equal(dedupConfigFromEnv(base).previousKeyFormat, undefined);
    assert.throws(
      () => dedupConfigFromEnv({ ...base, DEDUP_PREVIOUS_KEY_FORMAT: 'true' }),
      (e: unknown) => e instanceof ConfigurationError && e.option === 'DEDUP_PREVIOUS_KEY_FORMAT',
    );
    assert.throws(
      () => dedupConfigFromEnv({ ...base, DEDUP_READ_PREVIOUS_KEYS: 'true' }),
      (e: unknown) => e instanceof ConfigurationError && e.option === 'DEDUP_READ_PREVIOUS_KEYS',
    );
  });
});
