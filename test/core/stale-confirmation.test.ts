/**
 * A stale claim whose confirmation fails (the store does not answer the renewal after a blocked
 * event loop): the record follows the store policy, as a claim that fails does. Under 'closed' it
 * is not started on a claim nobody confirmed within its lease; under 'open' it runs (counted).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ulid } from 'ulid';
import { RedisDedupStore } from '../../lib/index.ts';
import { failedOffsets, lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';

const build = testConsumers();

const LEASE = 1200;

function reasonCount(lines: unknown[], reason: string): number {
  let n = 0;
  for (const line of lines as Record<string, unknown>[]) {
    if (line.Reason === reason && typeof line.DedupErrors === 'number') n += line.DedupErrors;
  }
  return n;
}

describe('a stale claim that cannot be confirmed', () => {
  for (const policy of ['closed', 'open'] as const) {
    test(`onStoreError '${policy}': the record after the block ${policy === 'closed' ? 'fails, not started' : 'runs'}`, async () => {
      const [first, second] = [ulid(), ulid()];
      const inner = new RedisDedupStore({ redis: { url: redisUrl() } });
      let blocked = false;
      // After the block the renewals do not get through (as a timeout would); the rest reaches Redis.
      const store = {
        claim: inner.claim.bind(inner),
        commit: inner.commit.bind(inner),
        release: inner.release.bind(inner),
        close: inner.close.bind(inner),
        extend: (keys: readonly string[], owner: string, leaseMs: number) =>
          blocked ? Promise.reject(new Error('Command timed out')) : inner.extend(keys, owner, leaseMs),
      };
      const ran: string[] = [];
      const handler = build({
        service: uniqueService(`stale-${policy}`),
        store,
        leaseMs: LEASE,
        onStoreError: policy,
        handle: (m) => {
          ran.push(m.eventId);
          if (m.eventId !== first) return;
          const until = Date.now() + LEASE * 1.5;
          while (Date.now() < until) {
            // synchronous work: no renewal can fire
          }
          blocked = true;
        },
      });
      const { response, lines } = await invoke(
        handler,
        mskEvent([mskRecord({ offset: 1, eventId: first }), mskRecord({ offset: 2, eventId: second })]),
        lambdaContext({ timeoutMs: 60_000 }),
      );
      assert.equal(reasonCount(lines, 'timeout'), 1, 'the failed confirmation is counted');
      if (policy === 'closed') {
        assert.deepEqual(ran, [first]);
        assert.deepEqual(failedOffsets(response), ['orders-0@2']);
        assert.match(
          lines.map((l) => JSON.stringify(l)).join('\n'),
          /stale claim could not be confirmed[^\n]*orders/,
        );
      } else {
        assert.deepEqual(ran, [first, second]);
        assert.deepEqual(response.batchItemFailures, []);
      }
    });
  }
});
