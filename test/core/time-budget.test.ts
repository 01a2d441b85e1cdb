/**
 * The time budget alone (lib/consumer/time-budget.ts): the reserve is at most half of the first
 * invocation's remaining time, per handler; a context that tells no usable remaining time leaves
 * `reserveMs` as configured and sets no budget. held-claim-wait.test.ts and consumer-pins.test.ts
 * show it in a consumer; this pins what StrykerJS found unpinned.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { reserveFor } from '../../lib/consumer/time-budget.ts';

const left = (ms: number) =>
  ({ getRemainingTimeInMillis: () => ms }) as Pick<Context, 'getRemainingTimeInMillis'>;

test('reserveFor: half of the first usable remaining time at most, kept per handler; none usable, reserveMs', () => {
  const warned: unknown[] = [];
  const config = {
    reserveMs: 1000,
    logger: { warn: (_: string, fields: unknown) => warned.push(fields) } as unknown as Logger,
  };
  assert.equal(reserveFor(config, undefined), 1000, 'no context');
  assert.equal(
    reserveFor(config, {} as Pick<Context, 'getRemainingTimeInMillis'>),
    1000,
    'a context without a clock',
  );
  assert.equal(reserveFor(config, left(0)), 1000, 'no time left is no budget');
  assert.equal(reserveFor(config, left(-5)), 1000);
  assert.deepEqual(warned, [], 'nothing to say without a budget');
  assert.equal(reserveFor(config, left(1200)), 600, 'the first usable time is the budget: half of it');
  assert.deepEqual(warned, [{ reserveMs: 600 }], 'said once, with the reserve used');
  assert.equal(reserveFor(config, left(100_000)), 600, 'later invocations keep the first budget');
  assert.equal(warned.length, 1);
  const roomy = { reserveMs: 100, logger: config.logger };
  assert.equal(reserveFor(roomy, left(1200)), 100, 'a reserve within half the budget is kept, unsaid');
  assert.equal(warned.length, 1);
});
