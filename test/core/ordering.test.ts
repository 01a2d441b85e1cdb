/**
 * The ordering of a batch (lib/consumer/ordering.ts, and the bound of slots.ts). Key order
 * (`ordering: 'key'`): the records of one Kafka key in offset order, one at a time; the
 * keys concurrently up to `concurrency`; a failure stops only the later records of its key; the
 * answer safe under both readings of the partial response. Against a real Redis.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { MSKRecord } from 'aws-lambda';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix, Metric } from '../../lib/contract.ts';
import { ConfigurationError, dedupConfigFromEnv, type KafkaMessage, kafkaHandler } from '../../lib/index.ts';
import {
  failedOffsets,
  mskEvent,
  mskRecord,
  startTcpFaultProxy,
  sumMetric,
  type TcpFaultProxy,
} from '../../testkit/index.ts';
import { invoke, sleep, testConsumers } from '../support/consumer.ts';
import { keyState } from '../support/marks.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

const admin = adminClient();
const build = testConsumers();
let proxy: TcpFaultProxy | undefined;
after(async () => {
  await proxy?.stop();
  await admin.quit();
});

function consumer(
  name: string,
  handle: (m: KafkaMessage<unknown>) => Promise<void> | void,
  extra: { ordering?: 'partition' | 'key'; concurrency?: number } = { ordering: 'key' },
) {
  const service = uniqueService(name);
  const handler = build({
    service,
    redis: { url: redisUrl() },
    handle,
    ...extra,
  });
  return { handler, key: (id: string) => dedupKey(dedupKeyPrefix(service, 'h'), id) };
}

const keyOf = (m: KafkaMessage<unknown>) => (m.key ? Buffer.from(m.key).toString() : '(none)');

/** What ran, per key: start and end, to tell order and overlap. */
function tracker() {
  const started: string[] = [];
  const running = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  let overlaps = 0;
  return {
    started,
    get maxInFlight() {
      return maxInFlight;
    },
    get overlaps() {
      return overlaps;
    },
    async run(m: KafkaMessage<unknown>, ms: number) {
      const k = keyOf(m);
      if ((running.get(k) ?? 0) > 0) overlaps++;
      running.set(k, (running.get(k) ?? 0) + 1);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      started.push(`${k}:${m.partition}@${m.offset}`);
      await sleep(ms);
      inFlight--;
      running.set(k, running.get(k)! - 1);
    },
  };
}

describe('ordering: key', () => {
  test('same key in offset order, never overlapping; keys concurrently, at most `concurrency` at once', async () => {
    const t = tracker();
    const { handler } = consumer('key-order', (m) => t.run(m, 15), { ordering: 'key', concurrency: 4 });
    // 3 partitions x 4 keys x 3 records, interleaved by key within each partition.
    const records: MSKRecord[] = [];
    for (let partition = 0; partition < 3; partition++)
      for (let offset = 0; offset < 12; offset++)
        records.push(mskRecord({ partition, offset, key: `p${partition}k${offset % 4}` }));
    const { response } = await invoke(handler, mskEvent(records));
    assert.deepEqual(response.batchItemFailures, []);
    assert.equal(t.started.length, 36);
    assert.equal(t.overlaps, 0, 'no two records of one key ran at once');
    assert.equal(t.maxInFlight, 4, 'the bound is reached and never passed');
    for (let partition = 0; partition < 3; partition++) {
      for (let k = 0; k < 4; k++) {
        const key = `p${partition}k${k}`;
        const offsets = t.started.filter((s) => s.startsWith(`${key}:`)).map((s) => Number(s.split('@')[1]));
        assert.deepEqual(offsets, [k, k + 4, k + 8], `${key} in offset order`);
      }
    }
  });

  test("partition order (ordering: 'partition') keeps one record per partition in flight", async () => {
    const t = tracker();
    const { handler } = consumer('partition-order', (m) => t.run(m, 5), { ordering: 'partition' });
    const records = [0, 1, 2, 3, 4, 5].map((offset) => mskRecord({ offset, key: `k${offset % 3}` }));
    const { response } = await invoke(handler, mskEvent(records));
    assert.deepEqual(response.batchItemFailures, []);
    assert.equal(t.maxInFlight, 1);
    assert.deepEqual(
      t.started.map((s) => s.split('@')[1]),
      ['0', '1', '2', '3', '4', '5'],
    );
  });

  test('a failure stops only the later records of its key; safe under both readings of the partial response', async () => {
    const ran: string[] = [];
    let failOnce = true;
    const ids = Array.from({ length: 6 }, () => ulid());
    const { handler, key } = consumer('key-failure', (m) => {
      ran.push(`${keyOf(m)}@${m.offset}`);
      if (m.offset === 1 && failOnce) {
        failOnce = false;
        throw new Error('boom');
      }
    });
    // Offsets 0..5 of one partition, keys a b a b a b: offset 1 (b) fails.
    const records = ids.map((eventId, offset) => mskRecord({ offset, eventId, key: offset % 2 ? 'b' : 'a' }));
    const first = await invoke(handler, mskEvent(records));
    assert.deepEqual(
      failedOffsets(first.response),
      ['orders-0@1', 'orders-0@3', 'orders-0@5'],
      'the failed record and the later ones of its key, not those of key a',
    );
    assert.deepEqual(ran.filter((r) => r.startsWith('a')).sort(), ['a@0', 'a@2', 'a@4']);
    assert.deepEqual(
      ran.filter((r) => r.startsWith('b')),
      ['b@1'],
    );
    assert.equal(
      await keyState(admin, key(ids[4]!)),
      'D',
      'a record after the failure, of another key, is committed',
    );
    assert.equal(await admin.exists(key(ids[3]!)), 0, 'a stopped record of the failed key is released');
    ran.length = 0;
    // Reading "resume from the lowest reported": offsets 1..5 come again; 2 and 4 are duplicates.
    const resumed = await invoke(handler, mskEvent(records.slice(1)));
    assert.deepEqual(resumed.response.batchItemFailures, []);
    assert.deepEqual(ran, ['b@1', 'b@3', 'b@5'], 'only the failed key runs, in offset order');
    // Reading "retry only the reported": the same three again are all duplicates now.
    ran.length = 0;
    const reported = await invoke(handler, mskEvent([records[1]!, records[3]!, records[5]!]));
    assert.deepEqual(reported.response.batchItemFailures, []);
    assert.deepEqual(ran, []);
  });

  test('a record that succeeded above a failed one of another key, its commit failed, is counted as key-order-exposed', async () => {
    proxy = await startTcpFaultProxy(redisUrl());
    const network = proxy;
    const service = uniqueService('exposed');
    const handler = build({
      service,
      redis: { url: network.url, connectTimeoutMs: 300, commandTimeoutMs: 300 },
      commitEvery: { records: 1000, ms: 10_000 },
      handle(m) {
        // The claims are made; the network goes before the answer commits and releases them.
        network.set('down');
        if (m.offset === 1) throw new Error('downstream 503');
      },
    });
    // Offset 1 (key a) fails; offset 2 (key b) succeeds above it, and its DONE mark never lands.
    const { response, lines } = await invoke(
      handler,
      mskEvent([
        mskRecord({ offset: 1, eventId: ulid(), key: 'a' }),
        mskRecord({ offset: 2, eventId: ulid(), key: 'b' }),
      ]),
    );
    network.set('up');
    assert.deepEqual(failedOffsets(response), ['orders-0@1']);
    assert.equal(
      sumMetric(lines, Metric.dedupErrors, { Reason: 'key-order-exposed' }),
      1,
      'the record a resumed mapping runs again once its lease ends is counted',
    );
    const warning = lines.find((l) => typeof l.exposed === 'number');
    assert.ok(warning, 'and logged');
    assert.equal(warning.exposed, 1);
    assert.deepEqual(
      (warning.records as { partition: number; offset: number }[]).map((r) => `${r.partition}@${r.offset}`),
      ['0@2'],
    );
  });

  test('records without a key keep partition order among themselves, beside the keyed ones', async () => {
    const t = tracker();
    let fail = true;
    const { handler } = consumer('keyless', async (m) => {
      await t.run(m, 5);
      if (m.offset === 2 && fail) {
        fail = false;
        throw new Error('keyless failure');
      }
    });
    const records = [0, 1, 2, 3, 4, 5].map((offset) => {
      const r = mskRecord({ offset, key: 'keyed' });
      if (offset % 2 === 0) delete (r as { key?: string }).key;
      return r;
    });
    const { response } = await invoke(handler, mskEvent(records));
    // Keyless: 0, 2 (fails), 4 stopped. Keyed: 1, 3, 5 run.
    assert.deepEqual(failedOffsets(response), ['orders-0@2', 'orders-0@4']);
    assert.deepEqual(
      t.started.filter((s) => s.startsWith('(none)')),
      ['(none):0@0', '(none):0@2'],
    );
    assert.deepEqual(
      t.started.filter((s) => s.startsWith('keyed')),
      ['keyed:0@1', 'keyed:0@3', 'keyed:0@5'],
    );
    assert.equal(t.overlaps, 0);
  });
});

describe('ordering: the settings', () => {
  const base = { service: 's', handlerName: 'h', redis: { url: redisUrl() }, handle() {} };
  test('refused at cold start, naming the setting', () => {
    assert.throws(
      () => kafkaHandler({ ...base, ordering: 'offset' as 'key' }),
      (e: Error) =>
        e instanceof ConfigurationError && /ordering.*neither 'partition' nor 'key'/.test(e.message),
    );
    assert.throws(
      () => kafkaHandler({ ...base, ordering: 'partition', concurrency: 8 }),
      (e: Error) => e instanceof ConfigurationError && /concurrency.*key order only/.test(e.message),
    );
    for (const concurrency of [0, 1.5, 1001, Number.NaN])
      assert.throws(
        () => kafkaHandler({ ...base, ordering: 'key', concurrency }),
        (e: Error) => e instanceof ConfigurationError && /concurrency/.test(e.message),
      );
    assert.throws(
      () => kafkaHandler({ ...base, heldClaimWaitMs: -1 }),
      (e: Error) => e instanceof ConfigurationError && /heldClaimWaitMs/.test(e.message),
    );
  });

  test('from the environment: MSK_ONCE_ORDERING, MSK_ONCE_CONCURRENCY, DEDUP_HELD_CLAIM_WAIT_MS', () => {
    const env = { DEDUP_STORE: 'memory' };
    assert.deepEqual(
      (({ ordering, concurrency, heldClaimWaitMs }) => ({ ordering, concurrency, heldClaimWaitMs }))(
        dedupConfigFromEnv({
          ...env,
          MSK_ONCE_ORDERING: 'key',
          MSK_ONCE_CONCURRENCY: '64',
          DEDUP_HELD_CLAIM_WAIT_MS: '0',
        }),
      ),
      { ordering: 'key', concurrency: 64, heldClaimWaitMs: 0 },
    );
    assert.equal(dedupConfigFromEnv(env).ordering, undefined, 'unset: the option default');
    assert.throws(
      () => dedupConfigFromEnv({ ...env, MSK_ONCE_ORDERING: 'Key' }),
      (e: Error) => /MSK_ONCE_ORDERING/.test(e.message) && !e.message.includes("'Key'"),
    );
    assert.throws(
      () => dedupConfigFromEnv({ ...env, MSK_ONCE_ORDERING: 'partition', MSK_ONCE_CONCURRENCY: '8' }),
      (e: Error) => /MSK_ONCE_CONCURRENCY.*key order only/.test(e.message),
    );
    assert.throws(
      () => dedupConfigFromEnv({ ...env, MSK_ONCE_ORDERING: 'key', MSK_ONCE_CONCURRENCY: 'many' }),
      /MSK_ONCE_CONCURRENCY/,
    );
  });
});
