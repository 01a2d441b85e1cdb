/**
 * The time budget of a running function (lib/consumer/time-budget.ts), real Redis: the reserve
 * follows the function's time (a 3 s function runs its records); a wait for a held claim ends
 * before the timeout.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import { RedisDedupStore } from '../../lib/index.ts';
import { failedOffsets, lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';

const consumer = testConsumers();

describe('the time budget of a running function (real Redis)', () => {
  test('a 3 s function runs its records: the default reserve follows its first invocation', async () => {
    const ran: number[] = [];
    const handler = consumer({
      service: uniqueService('three-seconds'),
      // The default reserve (5 s): what a 3 s function must cut.
      reserveMs: undefined,
      handle: (m) => {
        ran.push(m.offset);
      },
    });
    const event = mskEvent([0, 1, 2].map((offset) => mskRecord({ offset, eventId: ulid() })));
    const { response, lines } = await invoke(handler, event, lambdaContext({ timeoutMs: 3000 }));
    assert.deepEqual(failedOffsets(response), [], JSON.stringify(lines.filter((l) => l.level !== 'INFO')));
    assert.deepEqual(ran, [0, 1, 2]);
    // Once per handler: the function's time is learnt at the first record and kept by the handler.
    const told = (printed: Record<string, unknown>[]) =>
      printed.filter((l) =>
        /reserveMs 5000 ms is more than half of the function's time/.test(String(l.message)),
      );
    assert.equal(told(lines).length, 1, 'told once why the reserve is shorter');
    const again = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 3, eventId: ulid() })]),
      lambdaContext({ timeoutMs: 3000 }),
    );
    assert.deepEqual(failedOffsets(again.response), []);
    assert.equal(told(again.lines).length, 0, 'not told again at the next invocation');
  });

  test('a wait for a held claim ends before the timeout, with reserveMs 0: the invocation answers', async () => {
    const service = uniqueService('held-no-reserve');
    const handler = consumer({ service, heldClaimWaitMs: 30_000, handle: async () => {} });
    const other = new RedisDedupStore({ redis: { url: redisUrl() } });
    const eventId = ulid();
    try {
      // Held by another owner for longer than the invocation lives.
      await other.claim([dedupKey(dedupKeyPrefix(service, 'h'), eventId)], 'other-owner', 60_000);
      const { response } = await invoke(
        handler,
        mskEvent([mskRecord({ offset: 7, eventId })]),
        lambdaContext({ timeoutMs: 3000 }),
      );
      assert.deepEqual(
        failedOffsets(response),
        ['orders-0@7'],
        'reported failed as held, not a thrown timeout',
      );
    } finally {
      await other.close();
    }
  });
});
