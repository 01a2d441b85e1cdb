/**
 * Claims lost under a running batch (Redis restarted or failed over without the writes; a lease
 * that ended while the event loop was blocked): the invocation learns it, does not start the
 * records whose claim is gone, and counts and logs the loss (issue 12, defects 2 and 3).
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import { MemoryDedupStore, RedisDedupStore } from '../../lib/index.ts';
import { failedOffsets, lambdaContext, mskEvent, mskRecord, sumMetric } from '../../testkit/index.ts';
import { invoke, PARTITION_ORDER, sleep, testConsumers } from '../support/consumer.ts';
import { startConsumerProcess } from '../support/consumer-process.ts';
import { adminClient, clusterNodes, redisUrl, uniqueService } from '../support/redis.ts';

const admin = adminClient();
const build = testConsumers(PARTITION_ORDER);
after(() => admin.quit());

const LEASE = 1200;

function clusterUrl(): string {
  const [first] = clusterNodes();
  return `redis://${first!.host}:${first!.port}`;
}

function reasonCount(lines: unknown[], reason: string): number {
  let n = 0;
  for (const line of lines as Record<string, unknown>[]) {
    if (line.Reason === reason && typeof line.DedupErrors === 'number') n += line.DedupErrors;
  }
  return n;
}

describe('renewal results per key', () => {
  for (const kind of ['redis', 'cluster', 'memory'] as const) {
    test(`${kind}: extend answers renewed, done or lost for each key`, async () => {
      const service = uniqueService(`extend-${kind}`);
      const store =
        kind === 'redis'
          ? new RedisDedupStore({ redis: { url: redisUrl() } })
          : kind === 'cluster'
            ? new RedisDedupStore({ redis: { url: clusterUrl(), cluster: true } })
            : new MemoryDedupStore({ quiet: true });
      const [mine, done, gone, other] = ['a', 'b', 'c', 'd'].map((k) => `${service}:${k}`) as [
        string,
        string,
        string,
        string,
      ];
      await store.claim([mine, done, gone], 'me', 5000);
      await store.claim([other], 'someone-else', 5000);
      await store.commit([done], 'me', 60_000);
      await store.release([gone], 'me');
      const results = await store.extend!([mine, done, gone, other], 'me', 5000);
      assert.deepEqual(results, ['renewed', 'done', 'lost', 'lost']);
      await store.close();
    });
  }
});

describe('a claim lost under a running batch', () => {
  test('records whose claim is gone are not started: failed if absent, deduplicated if DONE; counted and logged', async () => {
    const service = uniqueService('lost');
    const key = (id: string) => dedupKey(dedupKeyPrefix(service, 'h'), id);
    const ids = [ulid(), ulid(), ulid(), ulid()] as const;
    const ran: string[] = [];
    const handler = build({
      service,
      handlerName: 'h',
      redis: { url: redisUrl() },
      leaseMs: LEASE,
      reserveMs: 0,
      handle: async (m) => {
        ran.push(m.eventId);
        if (m.eventId === ids[0] || m.eventId === ids[2]) {
          // While the first records run, Redis "restarts" without the later claims: one is simply
          // gone, the other was claimed and finished by another invocation since.
          await admin.del(key(ids[1]));
          await admin.set(key(ids[3]), 'D', 'PX', 60_000);
          await sleep(LEASE); // long enough for a renewal to find out
        }
      },
    });
    const { response, lines } = await invoke(
      handler,
      mskEvent([
        mskRecord({ partition: 0, offset: 1, eventId: ids[0] }),
        mskRecord({ partition: 0, offset: 2, eventId: ids[1] }),
        mskRecord({ partition: 1, offset: 1, eventId: ids[2] }),
        mskRecord({ partition: 1, offset: 2, eventId: ids[3] }),
      ]),
      lambdaContext({ timeoutMs: 60_000 }),
    );
    assert.deepEqual(ran.sort(), [ids[0], ids[2]].sort(), 'the records whose claim was lost did not start');
    assert.deepEqual(failedOffsets(response), ['orders-0@2']);
    assert.equal(sumMetric(lines, 'MessagesDeduplicated'), 1, 'the one now DONE is a duplicate');
    assert.equal(reasonCount(lines, 'claim-lost'), 2, 'both losses counted');
    const logged = lines.map((l) => JSON.stringify(l)).join('\n');
    assert.match(logged, new RegExp(`claim.*lost[^\\n]*${ids[1]}`));
    assert.match(logged, new RegExp(`claim.*lost[^\\n]*${ids[3]}`));
    assert.equal(await admin.exists(key(ids[1])), 0, 'a lost claim is not committed DONE by us');
  });

  test('a lease that ended under a blocked event loop is counted and logged when the record ends', async () => {
    const service = uniqueService('blocked');
    const id = ulid();
    const handler = build({
      service,
      handlerName: 'h',
      redis: { url: redisUrl() },
      leaseMs: LEASE,
      reserveMs: 0,
      handle: () => {
        const until = Date.now() + LEASE * 1.5;
        while (Date.now() < until) {
          // synchronous work: no timer, so no renewal, can fire
        }
      },
    });
    const { response, lines } = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1, eventId: id })]),
      lambdaContext({ timeoutMs: 60_000 }),
    );
    assert.deepEqual(response.batchItemFailures, []);
    assert.equal(reasonCount(lines, 'lease-overrun'), 1);
    const logged = lines.map((l) => JSON.stringify(l)).join('\n');
    assert.match(logged, new RegExp(`lease[^\\n]*${id}`));
  });

  test('after a blocked event loop, the next record confirms its claim before it starts', async () => {
    const service = uniqueService('stale');
    const [first, second] = [ulid(), ulid()];
    const ran: string[] = [];
    const handler = build({
      service,
      handlerName: 'h',
      redis: { url: redisUrl() },
      leaseMs: LEASE,
      reserveMs: 0,
      handle: async (m) => {
        ran.push(m.eventId);
        if (m.eventId !== first) return;
        // The second record's lease ends meanwhile and another invocation claims it.
        await admin.set(dedupKey(dedupKeyPrefix(service, 'h'), second), 'P:another', 'PX', 60_000);
        const until = Date.now() + LEASE * 1.5;
        while (Date.now() < until) {
          // synchronous work
        }
      },
    });
    const { response, lines } = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1, eventId: first }), mskRecord({ offset: 2, eventId: second })]),
      lambdaContext({ timeoutMs: 60_000 }),
    );
    assert.deepEqual(ran, [first], 'the second record did not start on a claim it no longer held');
    assert.deepEqual(failedOffsets(response), ['orders-0@2']);
    assert.equal(reasonCount(lines, 'claim-lost'), 1);
    assert.equal(reasonCount(lines, 'lease-overrun'), 1);
  });

  test('after a blocked event loop, a stale check confirms only the keys it renewed: no later record starts on a claim another owner took', async () => {
    // Partition 0: A blocks the event loop for three leases, then B. Partition 1: X runs across the
    // block, then C. Meanwhile every lease ends and another consumer (another process) claims and
    // runs B and C. B's stale check must not vouch for C: C does not start here.
    const service = uniqueService('stale-per-key');
    const [a, b, x, c] = [ulid(), ulid(), ulid(), ulid()];
    const xKey = dedupKey(dedupKeyPrefix(service, 'h'), x);
    const other = startConsumerProcess({
      redisUrl: redisUrl(),
      service,
      leaseMs: LEASE,
      records: [
        { partition: 0, offset: 2, eventId: b },
        { partition: 1, offset: 2, eventId: c },
      ],
      waitForStart: true,
    });
    await other.ready;
    // The renewal of the batch's held claims answers later than a one-key check (a big batch, a
    // cluster's every node): modelled by holding back each renewal that carries X's key a second.
    const inner = new RedisDedupStore({ redis: { url: redisUrl() } });
    let blocked = false;
    const firstAnswerAfterBlock = Promise.withResolvers<void>();
    const store = {
      claim: inner.claim.bind(inner),
      commit: inner.commit.bind(inner),
      release: inner.release.bind(inner),
      close: inner.close.bind(inner),
      extend: async (keys: readonly string[], owner: string, leaseMs: number) => {
        const afterBlock = blocked;
        if (keys.includes(xKey)) await sleep(1000);
        const results = await inner.extend(keys, owner, leaseMs);
        // X ends only once the first check after the block has been applied.
        if (afterBlock) setImmediate(() => firstAnswerAfterBlock.resolve());
        return results;
      },
    };
    const ran: string[] = [];
    const handler = build({
      service,
      handlerName: 'h',
      store,
      leaseMs: LEASE,
      reserveMs: 0,
      handle: async (m) => {
        ran.push(m.eventId);
        if (m.eventId === a) {
          await sleep(20); // X starts meanwhile
          await other.startAt(Date.now() + LEASE + 300); // once our leases have ended
          const until = Date.now() + LEASE * 3;
          while (Date.now() < until) {
            // synchronous work: no timer, so no renewal, can fire
          }
          blocked = true;
        } else if (m.eventId === x) await firstAnswerAfterBlock.promise;
      },
    });
    const { lines } = await invoke(
      handler,
      mskEvent([
        mskRecord({ partition: 0, offset: 1, eventId: a }),
        mskRecord({ partition: 0, offset: 2, eventId: b }),
        mskRecord({ partition: 1, offset: 1, eventId: x }),
        mskRecord({ partition: 1, offset: 2, eventId: c }),
      ]),
      lambdaContext({ timeoutMs: 60_000 }),
    );
    await other.exited;
    assert.deepEqual(ran.sort(), [a, x].sort(), 'neither B nor C ran here');
    assert.deepEqual(other.ran.sort(), [b, c].sort(), 'the other consumer ran B and C');
    assert.ok(reasonCount(lines, 'claim-lost') >= 2, 'the losses are counted');
  });

  test('a handler that keeps renewing in time is no overrun', async () => {
    const service = uniqueService('in-time');
    const handler = build({
      service,
      handlerName: 'h',
      redis: { url: redisUrl() },
      leaseMs: LEASE,
      reserveMs: 0,
      handle: async () => {
        await sleep(LEASE * 1.5);
      },
    });
    const { lines } = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1 })]),
      lambdaContext({ timeoutMs: 60_000 }),
    );
    assert.equal(reasonCount(lines, 'lease-overrun'), 0);
    assert.equal(reasonCount(lines, 'claim-lost'), 0);
  });
});
