/**
 * The effect layer's hardening, against dynalite: a result that cannot be stored (defect 11),
 * marks of different handlers, names and topics kept apart (defect 12), a mark that is this call's
 * own write (defect 13), and an effect not started when its worst case does not fit (defect 10).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createEffect, type EffectLogger } from '../../lib/effects/effect.ts';
import {
  EffectConflictError,
  EffectInProgressError,
  EffectOutOfTimeError,
} from '../../lib/effects/errors.ts';
import { effectMarkKey } from '../../lib/effects/mark-key.ts';
import { lambdaContext } from '../../testkit/index.ts';
import { type LocalDynamo, startDynalite } from './support/dynamodb.ts';
import { subject } from './support/message.ts';

const NS = 'billing';
const H = 'on-order-paid';
const quiet: EffectLogger = { error() {}, warn() {} };

/** A logger that keeps what it was told. */
function recordingLogger(): EffectLogger & { errors: unknown[][]; warnings: unknown[][] } {
  const errors: unknown[][] = [];
  const warnings: unknown[][] = [];
  return {
    errors,
    warnings,
    error: (...args: unknown[]) => void errors.push(args),
    warn: (...args: unknown[]) => void warnings.push(args),
  };
}

/** A transient failure the SDK's retry strategy retries (as a socket timeout). */
function timeoutError(): Error {
  return Object.assign(new Error('socket timed out'), { name: 'TimeoutError', $metadata: {} });
}

/**
 * Fail `commandName` the first `times` times it is sent. `after: true` fails it after DynamoDB
 * applied it (the answer is lost), inside the SDK's retry loop, as a dropped connection would.
 */
function failSends(client: DynamoDBClient, commandName: string, times: number, when: 'before' | 'after') {
  let failed = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== commandName || failed >= times) return next(args);
      failed++;
      if (when === 'before') throw timeoutError();
      await next(args);
      throw timeoutError();
    },
    { step: 'deserialize', name: `fail-${commandName}-${when}` },
  );
  return () => failed;
}

describe('effect layer hardening', () => {
  let dynamo: LocalDynamo;
  let table: string;
  before(async () => {
    dynamo = await startDynalite();
    table = await dynamo.createTable('hardening');
  });
  after(async () => {
    await dynamo.stop();
  });

  const runner = (options: { client?: DynamoDBClient; handlerName?: string; namespace?: string } = {}) =>
    createEffect({
      tableName: table,
      namespace: options.namespace ?? NS,
      handlerName: options.handlerName ?? H,
      client: options.client ?? dynamo.client(),
      logger: quiet,
    });
  const ctx = { lambdaContext: lambdaContext({ timeoutMs: 60_000 }) };

  describe('a result that cannot be stored still ends in COMPLETED (defect 11)', () => {
    for (const [what, result] of [
      ['a number above MAX_SAFE_INTEGER (marshalling refuses it)', { chargeId: 2 ** 60 }],
      ['a 450 KB result (over the 400 KB item limit)', { receipt: 'x'.repeat(450 * 1024) }],
    ] as const) {
      test(`${what}: COMPLETED without the result; a repeat does not run the effect again`, async () => {
        const logger = recordingLogger();
        const effect = createEffect({
          tableName: table,
          namespace: NS,
          handlerName: H,
          client: dynamo.client(),
          logger,
        });
        const message = subject();
        let charges = 0;
        const charge = async () => {
          charges++;
          return result;
        };
        assert.deepEqual(await effect(message, 'charge', charge, ctx), result, 'the first caller gets it');
        const mark = await dynamo.item(
          table,
          effectMarkKey({ namespace: NS, handlerName: H, effect: 'charge' }, message.eventId),
        );
        assert.equal(mark?.status, 'COMPLETED');
        // Without the result: the no-receipt marker (effect.outcome tells the repeat apart).
        assert.deepEqual(mark?.data, { 'msk-once.effect': 'no-receipt' });
        assert.match(String(logger.warnings[0]?.[0]), /cannot be stored.*COMPLETED without it/);
        // The retry of the record (a new container): no second charge.
        assert.equal(await runner()(message, 'charge', charge, ctx), undefined);
        assert.equal(charges, 1);
      });
    }

    test('a transient failure of the save is retried: COMPLETED with the result', async () => {
      const client = dynamo.client();
      // Both attempts of the SDK's first save time out; the runner's own retry gets through.
      const failures = failSends(client, 'UpdateItemCommand', 2, 'before');
      const effect = runner({ client });
      const message = subject();
      let charges = 0;
      assert.deepEqual(await effect(message, 'charge', () => ({ id: `ch-${++charges}` }), ctx), {
        id: 'ch-1',
      });
      assert.equal(failures(), 2);
      const mark = await dynamo.item(
        table,
        effectMarkKey({ namespace: NS, handlerName: H, effect: 'charge' }, message.eventId),
      );
      assert.equal(mark?.status, 'COMPLETED');
      assert.deepEqual(mark?.data, { id: 'ch-1' });
      assert.deepEqual(await runner()(message, 'charge', () => ({ id: `ch-${++charges}` }), ctx), {
        id: 'ch-1',
      });
      assert.equal(charges, 1);
    });
  });

  describe('marks are kept apart by handler, effect name and topic (defect 12)', () => {
    test('two functions of one service run an effect of the same name for one event: both run', async () => {
      const message = subject();
      const ran: string[] = [];
      await runner({ handlerName: 'on-order-paid' })(message, 'notify', () => void ran.push('paid'), ctx);
      await runner({ handlerName: 'on-order-audit' })(message, 'notify', () => void ran.push('audit'), ctx);
      assert.deepEqual(ran, ['paid', 'audit']);
    });

    test('the separator is unambiguous: billing.charge + card is not billing + charge.card', async () => {
      const message = subject();
      const ran: string[] = [];
      await runner({ namespace: 'billing.charge' })(
        message,
        'card',
        () => void ran.push('billing.charge/card'),
        ctx,
      );
      await runner({ namespace: 'billing' })(
        message,
        'charge.card',
        () => void ran.push('billing/charge.card'),
        ctx,
      );
      assert.deepEqual(ran, ['billing.charge/card', 'billing/charge.card']);
      assert.notEqual(
        effectMarkKey({ namespace: 'a:b', handlerName: 'c', effect: 'd' }, 'e'),
        effectMarkKey({ namespace: 'a', handlerName: 'b:c', effect: 'd' }, 'e'),
      );
    });

    test("the same event id on another topic is refused (EffectConflictError), not answered with the first one's result", async () => {
      const counted: string[] = [];
      const metrics = {
        count: (_name: string, dims?: Record<string, string>) => void counted.push(dims?.Reason ?? ''),
      };
      const effect = runner();
      const first = subject();
      let runs = 0;
      assert.equal(
        await effect(first, 'notify', () => `sent for ${first.topic} (${++runs})`, ctx),
        'sent for review-created (1)',
      );
      const other = { ...first, topic: 'review-deleted', offset: 3 };
      const error = await effect(other, 'notify', () => `sent for ${other.topic} (${++runs})`, {
        ...ctx,
        metrics,
      }).catch((e: unknown) => e);
      assert.ok(error instanceof EffectConflictError, `got ${String(error)}`);
      assert.match(error.message, /record review-deleted-0@3: effect notify .*another topic/);
      assert.equal(runs, 1);
      assert.deepEqual(counted, ['conflict']);
      // The same topic again is a plain repeat.
      assert.equal(
        await effect(first, 'notify', () => `again (${++runs})`, ctx),
        'sent for review-created (1)',
      );
    });
  });

  test("a mark that is this call's own write (the SDK retried a put that had succeeded) is not 'in progress' to it (defect 13)", async () => {
    const client = dynamo.client();
    // The first put lands in DynamoDB, its answer is lost; the SDK sends it again.
    const lost = failSends(client, 'PutItemCommand', 1, 'after');
    const message = subject();
    let runs = 0;
    const result = await runner({ client })(message, 'charge', () => `charged ${++runs}`, ctx).catch(
      (e: unknown) => e,
    );
    assert.equal(lost(), 1, 'the put was retried by the SDK');
    assert.ok(!(result instanceof EffectInProgressError), `the call held itself off: ${String(result)}`);
    assert.equal(result, 'charged 1');
    const mark = await dynamo.item(
      table,
      effectMarkKey({ namespace: NS, handlerName: H, effect: 'charge' }, message.eventId),
    );
    assert.equal(mark?.status, 'COMPLETED');
    // Another call still finds it done; another call's in-progress mark still holds it off.
    assert.equal(await runner()(message, 'charge', () => `charged ${++runs}`, ctx), 'charged 1');
  });

  describe('an effect is not started unless its worst case fits before the deadline (defect 10)', () => {
    test('too little time left: EffectOutOfTimeError (retry later), nothing run, no mark', async () => {
      const effect = createEffect({
        tableName: table,
        namespace: NS,
        handlerName: H,
        client: dynamo.client(),
        maxEffectMs: 3_000,
        maxStoreCallMs: 2_000,
      });
      const message = subject();
      let runs = 0;
      const error = await effect(message, 'charge', () => ++runs, {
        lambdaContext: lambdaContext({ timeoutMs: 4_900 }),
      }).catch((e: unknown) => e);
      assert.ok(error instanceof EffectOutOfTimeError, String(error));
      assert.equal(error.retryLater, true);
      assert.equal(error.neededMs, 5_000);
      assert.equal(runs, 0);
      assert.equal(
        await dynamo.item(
          table,
          effectMarkKey({ namespace: NS, handlerName: H, effect: 'charge' }, message.eventId),
        ),
        undefined,
      );
      // With the time, the same call runs.
      assert.equal(
        await effect(message, 'charge', () => ++runs, { lambdaContext: lambdaContext({ timeoutMs: 6_000 }) }),
        1,
      );
    });

    test('a slow mark eats the time: the mark is deleted and the effect not started', async () => {
      const client = dynamo.client();
      client.middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName === 'PutItemCommand') await new Promise((r) => setTimeout(r, 400));
          return next(args);
        },
        { step: 'initialize', name: 'slow-put' },
      );
      const effect = createEffect({
        tableName: table,
        namespace: NS,
        handlerName: H,
        client,
        maxEffectMs: 500,
        maxStoreCallMs: 500,
      });
      const message = subject();
      let runs = 0;
      // 1.2 s left: enough to start marking (1 s needed), not enough once the 400 ms put is done.
      const error = await effect(message, 'charge', () => ++runs, {
        lambdaContext: lambdaContext({ timeoutMs: 1_200 }),
      }).catch((e: unknown) => e);
      assert.ok(error instanceof EffectOutOfTimeError, String(error));
      assert.equal(runs, 0);
      assert.equal(
        await dynamo.item(
          table,
          effectMarkKey({ namespace: NS, handlerName: H, effect: 'charge' }, message.eventId),
        ),
        undefined,
        'the mark was deleted: a retry does not wait for its expiry',
      );
    });

    test('the effect gets an AbortSignal that fires at its maxEffectMs', async () => {
      const effect = createEffect({
        tableName: table,
        namespace: NS,
        handlerName: H,
        client: dynamo.client(),
        maxEffectMs: 50,
      });
      const aborted = await effect(
        subject(),
        'wait',
        (signal) =>
          new Promise<boolean>((resolve) => signal.addEventListener('abort', () => resolve(signal.aborted))),
        ctx,
      );
      assert.equal(aborted, true);
    });
  });
});
