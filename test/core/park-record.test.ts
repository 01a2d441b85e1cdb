/**
 * Parking a record (lib/consumer/park-record.ts), through kafkaHandler with real Redis:
 * - a sink that ignores its signal cannot hold the partition past its bound, nor outlive the
 *   invocation with its record's claim released under it (run once, parked once across the retry);
 * - the bound is the smaller of 5 s and the time left less `reserveMs`;
 * - a parked record's key turns DONE with its group, before the invocation answers.
 * (Issue 31, defect 2, and behaviours no test pinned.)
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { MemoryPoisonSink } from '../../lib/consumer/poison.ts';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import {
  type KafkaMessage,
  PermanentError,
  type PoisonEntry,
  type PoisonSink,
  RedisDedupStore,
} from '../../lib/index.ts';
import { failedOffsets, lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';
import { eventually } from '../support/eventually.ts';
import { keyState } from '../support/marks.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

const build = testConsumers();

process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';

const ID = (n: number) => `01J9ZKQ6W8Y3N2V4B5C6D7E8${String(n).padStart(2, '0')}`;
const admin = adminClient();
after(() => admin.disconnect());

/** A handler whose record `bad` throws a PermanentError; counts its runs per offset. */
function consumer(service: string, sink: PoisonSink, extra: Record<string, unknown> = {}) {
  const runs = new Map<number, number>();
  const handler = build<{ bad?: boolean }>({
    service,
    store: new RedisDedupStore({ redis: { url: redisUrl() } }),
    poison: { sink },
    ...extra,
    handle: async (m: KafkaMessage<{ bad?: boolean }>) => {
      runs.set(m.offset, (runs.get(m.offset) ?? 0) + 1);
      if (m.payload?.bad) throw new PermanentError(`order ${m.offset} is beyond repair`);
    },
  });
  return { handler, runs };
}

describe('a poison sink that does not answer in time', () => {
  test('a sink that ignores its signal: the record fails at the bound, its claim waits for the write; run once, parked once across the retry', async () => {
    const service = uniqueService('park-late');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const landed: PoisonEntry[] = [];
    let parks = 0;
    const sink: PoisonSink = {
      // Ignores the signal: answers only when the test opens the gate.
      park: async (entry) => {
        parks++;
        await gate;
        landed.push(entry);
      },
    };
    const { handler, runs } = consumer(service, sink, { reserveMs: 1000, heldClaimWaitMs: 0 });
    const event = () => mskEvent([mskRecord({ offset: 1, eventId: ID(1), value: { bad: true } })]);
    // 3 s to live, 1 s reserve: the bound is about 2 s, before middy's own timeout.
    const first = await invoke(handler, event(), lambdaContext({ timeoutMs: 3000 })).catch(
      (error: Error) => ({ error }),
    );
    assert.ok(
      !('error' in first),
      `the invocation answers itself, not middy's timeout: ${String((first as { error?: Error }).error)}`,
    );
    assert.deepEqual(failedOffsets(first.response), ['orders-0@1'], 'the record failed at its bound');
    // The retry while the write is still in flight: the claim is held, the handler does not run again.
    const second = await invoke(handler, event(), lambdaContext({ timeoutMs: 3000 }));
    assert.deepEqual(failedOffsets(second.response), ['orders-0@1']);
    assert.equal(runs.get(1), 1, 'not run a second time while the first write is in flight');
    // The write lands late: the key turns DONE, so the next retry skips the record.
    release();
    const key = dedupKey(dedupKeyPrefix(service, 'h'), ID(1));
    assert.ok(
      await eventually(async () => (await keyState(admin, key)) === 'D'),
      'the late write committed the key',
    );
    const third = await invoke(handler, event());
    assert.deepEqual(failedOffsets(third.response), []);
    assert.equal(runs.get(1), 1, 'handler effects: 1');
    assert.equal(parks, 1, 'parked once');
    assert.equal(landed.length, 1);
    await handler.close();
  });

  test('a late write that fails releases the claim: the retry runs the record and parks it', async () => {
    const service = uniqueService('park-late-fail');
    let refuse!: () => void;
    let attempt = 0;
    const sink = new MemoryPoisonSink();
    const slow: PoisonSink = {
      park: (entry) => {
        attempt++;
        if (attempt === 1)
          return new Promise<void>((_, reject) => {
            refuse = () => reject(new Error('queue gone'));
          });
        return sink.park(entry);
      },
    };
    const { handler, runs } = consumer(service, slow, { reserveMs: 1000, heldClaimWaitMs: 0 });
    const event = () => mskEvent([mskRecord({ offset: 1, eventId: ID(1), value: { bad: true } })]);
    const first = await invoke(handler, event(), lambdaContext({ timeoutMs: 3000 }));
    assert.deepEqual(failedOffsets(first.response), ['orders-0@1']);
    refuse();
    const key = dedupKey(dedupKeyPrefix(service, 'h'), ID(1));
    assert.ok(
      await eventually(async () => (await admin.get(key)) === null),
      'released once the write failed',
    );
    const again = await invoke(handler, event());
    assert.deepEqual(failedOffsets(again.response), []);
    assert.equal(runs.get(1), 2);
    assert.equal(sink.entries.length, 1);
    await handler.close();
  });

  test('the bound is the time left less reserveMs when that is under 5 s: the invocation answers before its deadline', async () => {
    let signalled = false;
    const sink: PoisonSink = {
      park: (_entry, signal) =>
        new Promise<void>(() => {
          signal.addEventListener('abort', () => {
            signalled = true;
          });
        }),
    };
    const { handler } = consumer(uniqueService('park-bound'), sink, { reserveMs: 1500, heldClaimWaitMs: 0 });
    // 4 s to live: a 5 s bound would outlast the invocation (middy's timeout would end it instead).
    const r = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1, eventId: ID(1), value: { bad: true } })]),
      lambdaContext({ timeoutMs: 4000 }),
    ).catch((error: Error) => ({ error }));
    assert.ok(
      !('error' in r),
      `answered by the consumer, not by middy's timeout: ${String((r as { error?: Error }).error)}`,
    );
    assert.deepEqual(failedOffsets(r.response), ['orders-0@1']);
    assert.ok(signalled, 'the sink was told to stop');
    await handler.close();
  });
});

describe("a parked record's claim", () => {
  test('its key turns DONE with its group, while the batch still runs', async () => {
    const service = uniqueService('poison-group');
    const key = dedupKey(dedupKeyPrefix(service, 'h'), ID(1));
    let doneBeforeAnswer: boolean | undefined;
    const handler = build<{ bad?: boolean }>({
      service,
      store: new RedisDedupStore({ redis: { url: redisUrl() } }),
      poison: { sink: new MemoryPoisonSink() },
      commitEvery: { records: 1, ms: 60_000 },
      handle: async (m) => {
        if (m.payload?.bad) throw new PermanentError('beyond repair');
        // The next record of the partition: the parked one's group was sent when it was parked.
        doneBeforeAnswer = await eventually(async () => (await keyState(admin, key)) === 'D', 20_000);
      },
    });
    const { response } = await invoke(
      handler,
      mskEvent([
        mskRecord({ offset: 1, eventId: ID(1), value: { bad: true } }),
        mskRecord({ offset: 2, eventId: ID(2), value: {} }),
      ]),
    );
    assert.deepEqual(failedOffsets(response), []);
    assert.equal(doneBeforeAnswer, true, "the parked record's key was DONE before the invocation answered");
    await handler.close();
  });
});

describe('a poison entry', () => {
  test('names the service and the handler that parked it', async () => {
    const service = uniqueService('poison-who');
    const sink = new MemoryPoisonSink();
    const { handler } = consumer(service, sink, { handlerName: 'on-order-placed' });
    const { response } = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1, eventId: ID(1), value: { bad: true } })]),
    );
    assert.deepEqual(failedOffsets(response), []);
    const [entry] = sink.entries;
    assert.ok(entry, 'parked');
    assert.equal(entry.service, service);
    assert.equal(entry.handler, 'on-order-placed');
    await handler.close();
  });
});
