/**
 * The time budget of a running function (lib/consumer/time-budget.ts), real Redis: the reserve
 * follows the function's time (a 3 s function runs its records); a wait for a held claim ends
 * before the timeout.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { ulid } from 'ulid';
import { TimeBudget } from '../../lib/consumer/time-budget.ts';
import { DEFAULT_STORE_CALL_MS } from '../../lib/contract/settings.ts';
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

// The time budget alone: what StrykerJS found unpinned (the consumer tests run with reserveMs 0).
const left = (ms: number) =>
  ({ getRemainingTimeInMillis: () => ms }) as Pick<Context, 'getRemainingTimeInMillis'>;

test('TimeBudget.reserveFor: half of the first usable remaining time at most, kept per handler; none usable, reserveMs', () => {
  const warned: unknown[] = [];
  const config = {
    reserveMs: 1000,
    heldClaimWaitMs: 0,
    logger: { warn: (_: string, fields: unknown) => warned.push(fields) } as unknown as Logger,
  };
  const budget = new TimeBudget(config);
  assert.equal(budget.reserveFor(undefined), 1000, 'no context');
  assert.equal(
    budget.reserveFor({} as Pick<Context, 'getRemainingTimeInMillis'>),
    1000,
    'a context without a clock',
  );
  assert.equal(budget.reserveFor(left(0)), 1000, 'no time left is no budget');
  assert.equal(budget.reserveFor(left(-5)), 1000);
  assert.deepEqual(warned, [], 'nothing to say without a budget');
  assert.equal(budget.reserveFor(left(1200)), 600, 'the first usable time is the budget: half of it');
  assert.deepEqual(warned, [{ reserveMs: 600 }], 'said once, with the reserve used');
  assert.equal(budget.reserveFor(left(100_000)), 600, 'later invocations keep the first budget');
  assert.equal(warned.length, 1);
  const roomy = new TimeBudget({ reserveMs: 100, heldClaimWaitMs: 0, logger: config.logger });
  assert.equal(roomy.reserveFor(left(1200)), 100, 'a reserve within half the budget is kept, unsaid');
  assert.equal(warned.length, 1);
});

test('TimeBudget.heldClaimWaitBoundFor: heldClaimWaitMs, ending one store call before the reserve; no clock, no end', () => {
  const logger = { warn() {} } as unknown as Logger;
  // The function's time is learnt from the first context that tells one: 10 s here.
  const budget = new TimeBudget({ reserveMs: 1000, heldClaimWaitMs: 30_000, storeCallMs: 200, logger });
  assert.equal(
    budget.heldClaimWaitBoundFor(left(10_000)),
    10_000 - 1000 - 200,
    'remaining - reserve - one call',
  );
  assert.equal(
    budget.heldClaimWaitBoundFor(left(4000)),
    4000 - 1000 - 200,
    'the bound follows the time left',
  );
  // A context without a clock, or none: nothing ends the wait but heldClaimWaitMs.
  assert.equal(budget.heldClaimWaitBoundFor(undefined), 30_000, 'no context');
  assert.equal(
    budget.heldClaimWaitBoundFor({} as Pick<Context, 'getRemainingTimeInMillis'>),
    30_000,
    'a context without a clock',
  );
  // A short wait is kept as configured.
  const short = new TimeBudget({ reserveMs: 1000, heldClaimWaitMs: 500, storeCallMs: 200, logger });
  assert.equal(short.heldClaimWaitBoundFor(left(10_000)), 500);
  // No storeCallMs given: the declared default (three 250 ms command timeouts).
  const fallback = new TimeBudget({ reserveMs: 1000, heldClaimWaitMs: 30_000, logger });
  assert.equal(fallback.heldClaimWaitBoundFor(left(10_000)), 10_000 - 1000 - DEFAULT_STORE_CALL_MS);
});
