/**
 * The effect layer against dynalite: once per (event id, effect name), stored result to a repeat,
 * concurrent calls, failure then retry, expired in-progress takeover, and fail-closed store errors.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createEffect, type EffectLogger } from '../../lib/effects/effect.ts';
import {
  EffectError,
  EffectInProgressError,
  EffectOutOfTimeError,
  EffectReleaseError,
  EffectStoreError,
} from '../../lib/effects/errors.ts';
import { effectMarkKey } from '../../lib/effects/mark-key.ts';
import { lambdaContext } from '../../testkit/index.ts';
import { type LocalDynamo, startDynalite, startHungServer, unreachableClient } from './support/dynamodb.ts';
import { gate, subject } from './support/message.ts';

const NS = 'notification';
const H = 'on-review-created';
/** What a mark of effect `name` of this handler is the mark of. */
const markOf = (effect: string) => ({ namespace: NS, handlerName: H, effect });

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

/** Make every call of `commandName` on `client` fail before it reaches DynamoDB. */
function failCommand(client: DynamoDBClient, commandName: string, error: Error): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === commandName) throw error;
      return next(args);
    },
    { step: 'initialize', name: `fail-${commandName}` },
  );
}

describe('effect (Powertools idempotency on DynamoDB)', () => {
  let dynamo: LocalDynamo;
  let table: string;

  before(async () => {
    dynamo = await startDynalite();
    table = await dynamo.createTable();
  });
  after(async () => {
    await dynamo.stop();
  });

  test('the first call runs the effect and marks it COMPLETED under the documented key', async () => {
    const effect = createEffect({ tableName: table, namespace: NS, handlerName: H, client: dynamo.client() });
    const message = subject();
    let runs = 0;
    const receipt = await effect(message, 'send-push', async () => ({ pushId: `push-${++runs}` }), {
      lambdaContext: lambdaContext({ timeoutMs: 30_000 }),
    });
    assert.deepEqual(receipt, { pushId: 'push-1' });
    assert.equal(runs, 1);
    const mark = await dynamo.item(table, effectMarkKey(markOf('send-push'), message.eventId));
    assert.ok(mark, 'the mark is stored under effectMarkKey(namespace, name, eventId)');
    assert.equal(mark.status, 'COMPLETED');
    assert.deepEqual(mark.data, { pushId: 'push-1' });
    assert.ok(
      Number(mark.expiration) > Date.now() / 1000 + 6 * 24 * 3600,
      'kept for about 7 days by default',
    );
  });

  test('a repeat gets the stored result without running, also in a new container', async () => {
    const message = subject();
    let runs = 0;
    const send = async () => ({ pushId: `push-${++runs}`, at: new Date(0) });
    const first = await createEffect({
      tableName: table,
      namespace: NS,
      handlerName: H,
      client: dynamo.client(),
    })(message, 'send-push', send);
    const again = createEffect({ tableName: table, namespace: NS, handlerName: H, client: dynamo.client() });
    const repeat = await again(message, 'send-push', send);
    assert.equal(runs, 1);
    // The first caller gets the JSON copy a repeat gets (the Date became a string in both).
    assert.deepEqual(first, { pushId: 'push-1', at: '1970-01-01T00:00:00.000Z' });
    assert.deepEqual(repeat, first);
    assert.equal(await again(message, 'send-push', send).then(() => runs), 1);
  });

  test('the mark is per (event id, effect name): another effect or another event runs', async () => {
    const effect = createEffect({ tableName: table, namespace: NS, handlerName: H, client: dynamo.client() });
    const message = subject();
    const ran: string[] = [];
    await effect(message, 'send-push', () => void ran.push('push 1'));
    await effect(message, 'send-email', () => void ran.push('email 1'));
    await effect(subject(), 'send-push', () => void ran.push('push 2'));
    await effect(message, 'send-push', () => void ran.push('push 1 again'));
    assert.deepEqual(ran, ['push 1', 'email 1', 'push 2']);
  });

  test('concurrent calls run the effect once; the other is told to retry later, then gets the result', async () => {
    const effect = createEffect({ tableName: table, namespace: NS, handlerName: H, client: dynamo.client() });
    const message = subject();
    const hold = gate();
    let runs = 0;
    const send = async () => {
      runs++;
      await hold.wait;
      return { pushId: 'only-one' };
    };
    const ctx = { lambdaContext: lambdaContext({ timeoutMs: 60_000 }) };
    const first = effect(message, 'send-push', send, ctx);
    // The second arrives while the first holds the mark (INPROGRESS, expiry a minute away).
    while (runs === 0) await sleep(5);
    const second = await effect(message, 'send-push', send, ctx).then(
      () => assert.fail('the second call must not run'),
      (error: unknown) => error,
    );
    assert.ok(second instanceof EffectInProgressError, `got ${second}`);
    assert.match(second.message, /record review-created-0@7: effect send-push .*another call is running/);
    hold.open();
    assert.deepEqual(await first, { pushId: 'only-one' });
    assert.deepEqual(await effect(message, 'send-push', send, ctx), { pushId: 'only-one' });
    assert.equal(runs, 1);
  });

  test('many concurrent calls from several containers: exactly one runs', async () => {
    const message = subject();
    let runs = 0;
    const containers = Array.from({ length: 6 }, () =>
      createEffect({ tableName: table, namespace: NS, handlerName: H, client: dynamo.client() }),
    );
    const outcomes = await Promise.allSettled(
      containers.map((effect) =>
        effect(message, 'send-push', async () => {
          runs++;
          await sleep(20);
          return 'sent';
        }),
      ),
    );
    assert.equal(runs, 1);
    // A call that reads the mark after the winner finished gets the stored result; the rest retry later.
    for (const o of outcomes) {
      if (o.status === 'fulfilled') assert.equal(o.value, 'sent');
      else assert.ok(o.reason instanceof EffectInProgressError, String(o.reason));
    }
    assert.ok(
      outcomes.some((o) => o.status === 'rejected'),
      'at least one call found the mark in progress',
    );
  });

  test('a failed effect deletes its mark: the error goes to the caller and the retry runs again', async () => {
    const effect = createEffect({ tableName: table, namespace: NS, handlerName: H, client: dynamo.client() });
    const message = subject();
    const boom = new Error('provider answered 503');
    let runs = 0;
    const flaky = async () => {
      runs++;
      if (runs === 1) throw boom;
      return { pushId: 'second-try' };
    };
    await assert.rejects(effect(message, 'send-push', flaky), (error) => error === boom);
    assert.equal(await dynamo.item(table, effectMarkKey(markOf('send-push'), message.eventId)), undefined);
    assert.deepEqual(await effect(message, 'send-push', flaky), { pushId: 'second-try' });
    assert.equal(runs, 2);
  });

  test('an in-progress mark whose expiry passed (its owner was killed) is taken over; the zombie cannot overwrite it', async () => {
    const logger = recordingLogger();
    // A budget that fits 1 s, so the owner starts; it then hangs past it (a frozen sandbox).
    const effect = createEffect({
      tableName: table,
      namespace: NS,
      handlerName: H,
      client: dynamo.client(),
      maxEffectMs: 10,
      maxStoreCallMs: 10,
      logger,
    });
    const message = subject();
    const key = effectMarkKey(markOf('send-push'), message.eventId);
    const killed = gate();
    let runs = 0;
    // The owner's invocation had 1 s left; it never finishes (Lambda would kill it at its timeout).
    const owner = effect(
      message,
      'send-push',
      async () => {
        runs++;
        await killed.wait;
        return 'zombie';
      },
      { lambdaContext: lambdaContext({ timeoutMs: 1_000 }) },
    );
    while (runs === 0) await sleep(5);
    const held = await dynamo.item(table, key);
    assert.equal(held?.status, 'INPROGRESS');
    await assert.rejects(
      effect(message, 'send-push', () => 'too early'),
      EffectInProgressError,
    );
    while (Date.now() <= Number(held?.in_progress_expiration)) await sleep(10);

    const taken = await effect(message, 'send-push', async () => `taken over (run ${++runs})`, {
      lambdaContext: lambdaContext({ timeoutMs: 30_000 }),
    });
    assert.equal(taken, 'taken over (run 2)');
    assert.equal((await dynamo.item(table, key))?.status, 'COMPLETED');
    killed.open(); // the zombie wakes up and tries to save its own result
    assert.equal(await owner, 'zombie');
    assert.deepEqual((await dynamo.item(table, key))?.data, 'taken over (run 2)', "the taker's result stays");
    assert.match(String(logger.errors[0]?.[0]), /another call took its mark over/);
  });

  test('without a Lambda context the in-progress expiry is 15 minutes, never "until the mark expires"', async () => {
    const effect = createEffect({ tableName: table, namespace: NS, handlerName: H, client: dynamo.client() });
    const message = subject();
    const hold = gate();
    let started = false;
    const call = effect(message, 'send-push', async () => {
      started = true;
      await hold.wait;
    });
    while (!started) await sleep(5);
    const mark = await dynamo.item(table, effectMarkKey(markOf('send-push'), message.eventId));
    const expiresIn = Number(mark?.in_progress_expiration) - Date.now();
    assert.ok(expiresIn > 14 * 60_000 && expiresIn <= 15 * 60_000, `in-progress expiry in ${expiresIn} ms`);
    hold.open();
    await call;
  });

  test('the mark vanishes between the failed put and the read (its owner failed): marked again and run', async () => {
    const message = subject();
    const key = effectMarkKey(markOf('send-push'), message.eventId);
    const owner = createEffect({ tableName: table, namespace: NS, handlerName: H, client: dynamo.client() });
    const hold = gate();
    let ownerStarted = false;
    const ownerCall = owner(message, 'send-push', async () => {
      ownerStarted = true;
      await hold.wait;
      throw new Error('provider down');
    });
    while (!ownerStarted) await sleep(5);
    // The second caller's put fails (the owner's mark is there); before it reads the mark, the
    // owner fails and deletes it.
    const client = dynamo.client();
    let raced = false;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'GetItemCommand' && !raced) {
          raced = true;
          hold.open();
          await ownerCall.catch(() => {});
          assert.equal(await dynamo.item(table, key), undefined);
        }
        return next(args);
      },
      { step: 'initialize', name: 'owner-fails-meanwhile' },
    );
    const second = createEffect({ tableName: table, namespace: NS, handlerName: H, client });
    assert.equal(
      await second(message, 'send-push', () => 'sent by the second caller'),
      'sent by the second caller',
    );
    assert.ok(raced, 'the race was staged');
    assert.equal((await dynamo.item(table, key))?.status, 'COMPLETED');
  });

  test('a context with no time left: the effect is not started, and no mark is written', async () => {
    const effect = createEffect({ tableName: table, namespace: NS, handlerName: H, client: dynamo.client() });
    const message = subject();
    let runs = 0;
    const error = await effect(message, 'send-push', () => ++runs, {
      lambdaContext: lambdaContext({ timeoutMs: 0 }),
    }).catch((e: unknown) => e);
    assert.ok(error instanceof EffectOutOfTimeError, String(error));
    assert.equal(error.retryLater, true);
    assert.equal(runs, 0);
    assert.equal(await dynamo.item(table, effectMarkKey(markOf('send-push'), message.eventId)), undefined);
  });

  test('with a zero budget and no time left a mark still gets an in-progress expiry (Powertools would skip it for 0)', async () => {
    const effect = createEffect({
      tableName: table,
      namespace: NS,
      handlerName: H,
      client: dynamo.client(),
      maxEffectMs: 0,
      maxStoreCallMs: 0,
    });
    const message = subject();
    const hold = gate();
    let started = false;
    const call = effect(
      message,
      'send-push',
      async () => {
        started = true;
        await hold.wait;
      },
      { lambdaContext: lambdaContext({ timeoutMs: 0 }) },
    );
    while (!started) await sleep(5);
    const mark = await dynamo.item(table, effectMarkKey(markOf('send-push'), message.eventId));
    assert.equal(
      typeof mark?.in_progress_expiration,
      'number',
      'the mark can be taken over, not held for days',
    );
    hold.open();
    await call;
  });

  test('the effect ran but its result could not be saved: the caller gets the result, the failure is logged', async () => {
    const client = dynamo.client();
    failCommand(
      client,
      'UpdateItemCommand',
      Object.assign(new Error('write timed out'), { name: 'TimeoutError' }),
    );
    const logger = recordingLogger();
    const effect = createEffect({ tableName: table, namespace: NS, handlerName: H, client, logger });
    let runs = 0;
    const receipt = await effect(subject(), 'charge-card', async () => ({ chargeId: `ch-${++runs}` }));
    assert.deepEqual(receipt, { chargeId: 'ch-1' });
    assert.equal(logger.errors.length, 1);
    assert.match(String(logger.errors[0]?.[1]), /EffectCommitError.*charge-card.*could not be saved/s);
  });

  test('the effect failed and its mark could not be deleted: EffectReleaseError, and the mark blocks until its expiry', async () => {
    const client = dynamo.client();
    failCommand(
      client,
      'DeleteItemCommand',
      Object.assign(new Error('connect ECONNRESET'), { code: 'ECONNRESET' }),
    );
    const effect = createEffect({ tableName: table, namespace: NS, handlerName: H, client });
    const message = subject();
    const boom = new Error('card declined');
    const error = await effect(message, 'charge-card', () => Promise.reject(boom), {
      lambdaContext: lambdaContext({ timeoutMs: 60_000 }),
    }).catch((e: unknown) => e);
    assert.ok(error instanceof EffectReleaseError, String(error));
    assert.equal(error.effectError, boom);
    assert.match(error.message, /card declined.*could not be deleted/);
    await assert.rejects(
      effect(message, 'charge-card', () => 'retry'),
      EffectInProgressError,
    );
  });
});

describe('effect when DynamoDB cannot be used (fail-closed)', () => {
  test('unreachable: EffectStoreError "connection", the effect is not run', async () => {
    const effect = createEffect({
      tableName: 'idempotency',
      namespace: NS,
      handlerName: H,
      client: await unreachableClient(),
    });
    let runs = 0;
    const error = await effect(subject(), 'send-push', () => ++runs).catch((e: unknown) => e);
    assert.ok(error instanceof EffectStoreError, String(error));
    assert.ok(error instanceof EffectError);
    assert.equal(error.reason, 'connection');
    assert.equal(error.effect, 'send-push');
    assert.match(
      error.message,
      /record review-created-0@7: effect send-push .*idempotency store connection, effect not run/,
    );
    assert.equal(runs, 0);
  });

  test('hung (accepts, never answers): EffectStoreError "timeout" after the short request timeout', async () => {
    const hung = await startHungServer();
    try {
      const client = await unreachableClient({
        endpoint: hung.endpoint,
        maxAttempts: 1,
        requestHandler: { connectionTimeout: 500, requestTimeout: 300, throwOnRequestTimeout: true },
      });
      const effect = createEffect({ tableName: 'idempotency', namespace: NS, handlerName: H, client });
      let runs = 0;
      const error = await effect(subject(), 'send-push', () => ++runs).catch((e: unknown) => e);
      assert.ok(error instanceof EffectStoreError, String(error));
      assert.equal(error.reason, 'timeout');
      assert.equal(runs, 0);
    } finally {
      await hung.stop();
    }
  });

  test('the table does not exist: EffectStoreError "table-missing"', async () => {
    const dynamo = await startDynalite();
    try {
      const effect = createEffect({
        tableName: 'no-such-table',
        namespace: NS,
        handlerName: H,
        client: dynamo.client(),
      });
      let runs = 0;
      const error = await effect(subject(), 'send-push', () => ++runs).catch((e: unknown) => e);
      assert.ok(error instanceof EffectStoreError, String(error));
      assert.equal(error.reason, 'table-missing');
      assert.equal(runs, 0);
    } finally {
      await dynamo.stop();
    }
  });
});
