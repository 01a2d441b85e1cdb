/**
 * Leases: short and renewed while the invocation lives, so a crashed invocation holds its claims
 * for `leaseMs` at most instead of the whole function timeout (which would use up the event
 * source mapping's retries on held records and send them to the DLQ).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import { MemoryDedupStore, RedisDedupStore } from '../../lib/index.ts';
import { failedOffsets, lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, sleep, testConsumers } from '../support/consumer.ts';
import { keyState } from '../support/marks.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

const admin = adminClient();
const build = testConsumers();
after(() => admin.quit());

function consumer(service: string, handle: () => Promise<void>) {
  return build({
    service,
    leaseMs: 2000,
    // What a held claim answers at once; waiting for it is held-claim-wait.test.ts's.
    heldClaimWaitMs: 0,
    handle,
  });
}

test('a long handler keeps its claim: the lease is renewed while the invocation runs', async () => {
  const service = uniqueService('renew');
  const id = ulid();
  const key = dedupKey(dedupKeyPrefix(service, 'h'), id);
  let calls = 0;
  const slow = consumer(service, async () => {
    calls++;
    await sleep(4000);
  });
  const other = consumer(service, async () => {
    calls++;
  });
  const event = mskEvent([mskRecord({ offset: 1, eventId: id })]);
  const running = invoke(slow, event, lambdaContext({ timeoutMs: 60_000 }));
  await sleep(2600); // past the first lease: only a renewal keeps the claim
  const ttl = await admin.pttl(key);
  assert.ok(ttl > 0 && ttl <= 2000, `short lease, renewed: PTTL ${ttl}`);
  const meanwhile = await invoke(other, event);
  assert.deepEqual(failedOffsets(meanwhile.response), ['orders-0@1'], 'held by the running invocation');
  assert.deepEqual((await running).response.batchItemFailures, []);
  assert.equal(await keyState(admin, key), 'D');
  assert.equal(calls, 1);
});

test('a crashed invocation renews nothing: its claim ends within leaseMs, not at the function timeout', async () => {
  const service = uniqueService('crash-lease');
  const id = ulid();
  let calls = 0;
  // The dying process's store: once it "dies", no call of it reaches Redis any more.
  const inner = new RedisDedupStore({ redis: { url: redisUrl() } });
  let alive = true;
  const never = () => new Promise<never>(() => {});
  const dyingStore = {
    claim: (...a: Parameters<typeof inner.claim>) => (alive ? inner.claim(...a) : never()),
    commit: (...a: Parameters<typeof inner.commit>) => (alive ? inner.commit(...a) : never()),
    release: (...a: Parameters<typeof inner.release>) => (alive ? inner.release(...a) : never()),
    extend: (...a: Parameters<typeof inner.extend>) => (alive ? inner.extend(...a) : never()),
    close: () => inner.close(),
  };
  const dying = build({
    service,
    store: dyingStore,
    leaseMs: 1000,
    async handle() {
      calls++;
      await new Promise(() => {}); // never returns
    },
  });
  const event = mskEvent([mskRecord({ offset: 1, eventId: id })]);
  void invoke(dying, event, lambdaContext({ timeoutMs: 5_000 })).catch(() => {});
  await sleep(200);
  alive = false;
  const next = consumer(service, async () => {
    calls++;
  });
  assert.deepEqual(failedOffsets((await invoke(next, event)).response), ['orders-0@1']);
  await sleep(1300);
  assert.deepEqual((await invoke(next, event)).response.batchItemFailures, [], 'runs once the lease ended');
  assert.equal(calls, 2);
});

test('a store without extend gets leases of the remaining time (no renewals)', async () => {
  const memory = new MemoryDedupStore({ quiet: true });
  const store = {
    claim: memory.claim.bind(memory),
    commit: memory.commit.bind(memory),
    release: memory.release.bind(memory),
    close: memory.close.bind(memory),
  };
  const id = ulid();
  const service = uniqueService('no-extend');
  const handler = build({
    service,
    store,
    leaseMs: 1000,
    async handle() {
      const ttl = memory.pttl(dedupKey(dedupKeyPrefix(service, 'h'), id));
      assert.ok(ttl > 50_000 && ttl <= 60_000, `remaining-time lease, got ${ttl}`);
    },
  });
  const { response } = await invoke(
    handler,
    mskEvent([mskRecord({ offset: 1, eventId: id })]),
    lambdaContext({ timeoutMs: 60_000 }),
  );
  assert.deepEqual(response.batchItemFailures, []);
});
