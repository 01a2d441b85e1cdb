/**
 * Held claims are waited for, boundedly (held-claim-wait.ts): a record whose claim another owner
 * holds waits until the key is DONE (a duplicate), released or expired (claimed and run), and
 * fails as held only at the bound; the other keys run meanwhile. Standalone and cluster Redis.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import { type KafkaMessage, RedisDedupStore } from '../../lib/index.ts';
import { failedOffsets, lambdaContext, mskEvent, mskRecord, sumMetric } from '../../testkit/index.ts';
import { invoke, sleep, testConsumers } from '../support/consumer.ts';
import { eventually } from '../support/eventually.ts';
import { clusterNodes, redisUrl, uniqueService } from '../support/redis.ts';

const build = testConsumers();
const stores: RedisDedupStore[] = [];
after(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

function clusterUrl() {
  const [first] = clusterNodes();
  return `redis://${first!.host}:${first!.port}`;
}

for (const [mode, redis] of [
  ['standalone', () => ({ url: redisUrl() })],
  ['cluster', () => ({ url: clusterUrl(), cluster: true })],
] as const) {
  describe(`held claims waited for (${mode})`, () => {
    function setup(name: string, handle: (m: KafkaMessage<unknown>) => void, heldClaimWaitMs?: number) {
      const service = uniqueService(name);
      const handler = build({
        service,
        redis: redis(),
        leaseMs: 1000,
        ordering: 'key',
        ...(heldClaimWaitMs === undefined ? {} : { heldClaimWaitMs }),
        handle,
      });
      // Another invocation's view of the same store: the owner that crashed or still runs.
      const other = new RedisDedupStore({ redis: redis() });
      stores.push(other);
      return { handler, other, key: (id: string) => dedupKey(dedupKeyPrefix(service, 'h'), id) };
    }

    test('a claim of a crashed owner that ends mid-invocation is then claimed and run; other keys run meanwhile', async () => {
      const ran: number[] = [];
      const { handler, other, key } = setup(
        'held-expires',
        (m) => {
          ran.push(m.offset);
        },
        30_000,
      );
      const [heldId, freeId] = [ulid(), ulid()];
      // The crashed owner's claim, never renewed; it ends once the invocation waits for it (key b has
      // run meanwhile), whatever the machine's speed: a lease timed against the invocation's start
      // ended before it on a loaded machine.
      assert.deepEqual(await other.claim([key(heldId)], 'crashed-owner', 60_000), ['claimed']);
      const event = mskEvent([
        mskRecord({ offset: 1, eventId: heldId, key: 'a' }),
        mskRecord({ offset: 2, eventId: freeId, key: 'b' }),
        mskRecord({ offset: 3, key: 'a' }),
      ]);
      const answer = invoke(handler, event, lambdaContext({ timeoutMs: 60_000 }));
      assert.ok(await eventually(() => ran.includes(2)), 'key b ran while key a waited');
      await other.release([key(heldId)], 'crashed-owner');
      const { response, lines } = await answer;
      assert.deepEqual(response.batchItemFailures, [], 'claimed once the lease ended, not failed as held');
      assert.deepEqual(ran, [2, 1, 3], 'key b ran while key a waited; key a kept its order');
      assert.equal(sumMetric(lines, 'HeldClaimWaits', { Reason: 'claimed' }), 1);
      assert.equal(sumMetric(lines, 'MessagesSucceeded'), 3);
    });

    test('a claim its owner commits meanwhile: the record is a duplicate, not run', async () => {
      const ran: number[] = [];
      // A wait far longer than the owner takes to commit, however slow the machine.
      const { handler, other, key } = setup(
        'held-done',
        (m) => {
          ran.push(m.offset);
        },
        30_000,
      );
      const id = ulid();
      assert.deepEqual(await other.claim([key(id)], 'still-running', 60_000), ['claimed']);
      const answer = invoke(
        handler,
        mskEvent([mskRecord({ offset: 7, eventId: id })]),
        lambdaContext({ timeoutMs: 60_000 }),
      );
      await sleep(300);
      await other.commit([key(id)], 'still-running', 86_400_000); // the handler's window (24 h)
      const { response, lines } = await answer;
      assert.deepEqual(response.batchItemFailures, []);
      assert.deepEqual(ran, [], 'its effect happened in the other invocation');
      assert.equal(sumMetric(lines, 'MessagesDeduplicated'), 1);
      assert.equal(sumMetric(lines, 'HeldClaimWaits', { Reason: 'done' }), 1);
    });

    test('a claim never freed fails as held at the bound, while its owner still holds it', async () => {
      const ran: number[] = [];
      const { handler, other, key } = setup(
        'held-never',
        (m) => {
          ran.push(m.offset);
        },
        400,
      );
      const id = ulid();
      assert.deepEqual(await other.claim([key(id)], 'slow-owner', 60_000), ['claimed']);
      const event = mskEvent([
        mskRecord({ offset: 4, eventId: id, key: 'a' }),
        mskRecord({ offset: 5, key: 'a' }),
      ]);
      const { response, lines } = await invoke(handler, event);
      assert.deepEqual(
        failedOffsets(response),
        ['orders-0@4', 'orders-0@5'],
        'held, and the later record of its key',
      );
      assert.deepEqual(ran, []);
      assert.equal(sumMetric(lines, 'HeldClaimWaits', { Reason: 'still-held' }), 1);
      // Gave up at its own bound (400 ms), well before the owner's 60 s lease.
      assert.deepEqual(await other.claim([key(id)], 'probe', 1000), ['held']);
    });
  });
}
