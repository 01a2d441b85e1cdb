/**
 * effect.outcome (docs/effects.md, "A repeat without a receipt"): whether this call ran the effect,
 * and on a repeat whether the first run's result was stored, so that a repeat whose result could
 * not be stored is told apart from an effect that returned `undefined`. The plain call still
 * answers the result (or `undefined`) as before.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createEffect, type EffectLogger } from '../../lib/effects/effect.ts';
import { lambdaContext } from '../../testkit/index.ts';
import { type LocalDynamo, startDynalite } from './support/dynamodb.ts';
import { subject } from './support/message.ts';

const quiet: EffectLogger = { error() {}, warn() {} };

describe('effect.outcome', () => {
  let dynamo: LocalDynamo;
  let table: string;
  before(async () => {
    dynamo = await startDynalite();
    table = await dynamo.createTable('outcome');
  });
  after(async () => {
    await dynamo.stop();
  });
  const runner = () =>
    createEffect({
      tableName: table,
      namespace: 'payments',
      handlerName: 'on-payment',
      client: dynamo.client(),
      logger: quiet,
    });
  const ctx = { lambdaContext: lambdaContext({ timeoutMs: 60_000 }) };

  test('the first call ran it; a repeat has the receipt', async () => {
    const message = subject();
    let charges = 0;
    const charge = () => ({ chargeId: `ch-${++charges}` });
    assert.deepEqual(await runner().outcome(message, 'charge', charge, ctx), {
      ran: true,
      result: { chargeId: 'ch-1' },
    });
    assert.deepEqual(await runner().outcome(message, 'charge', charge, ctx), {
      ran: false,
      receipt: true,
      result: { chargeId: 'ch-1' },
    });
    assert.deepEqual(
      await runner()(message, 'charge', charge, ctx),
      { chargeId: 'ch-1' },
      'the plain call as before',
    );
    assert.equal(charges, 1);
  });

  test('an effect that returned undefined: a repeat with a receipt whose result is undefined', async () => {
    const message = subject();
    assert.deepEqual(await runner().outcome(message, 'notify', () => undefined, ctx), {
      ran: true,
      result: undefined,
    });
    assert.deepEqual(await runner().outcome(message, 'notify', () => 'again', ctx), {
      ran: false,
      receipt: true,
      result: undefined,
    });
  });

  for (const [what, value] of [
    ['not JSON data (a BigInt)', { amount: 10n }],
    ['a number DynamoDB cannot hold', { chargeId: 2 ** 60 }],
    ['a 450 KB result', { receipt: 'x'.repeat(450 * 1024) }],
  ] as const) {
    test(`a result that cannot be stored (${what}): a repeat without a receipt, told apart from undefined`, async () => {
      const message = subject();
      let charges = 0;
      const charge = () => {
        charges++;
        return value;
      };
      const first = await runner().outcome(message, 'charge', charge, ctx);
      assert.equal(first.ran, true);
      assert.deepEqual(await runner().outcome(message, 'charge', charge, ctx), {
        ran: false,
        receipt: false,
        result: undefined,
      });
      // The plain call answers undefined, as it did.
      assert.equal(await runner()(message, 'charge', charge, ctx), undefined);
      assert.equal(charges, 1);
    });
  }
});
