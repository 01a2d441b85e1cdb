/**
 * The ready-made `effect` reads its table from the environment and makes the container's DynamoDB
 * client on first use (region, credentials and endpoint from the usual AWS SDK variables).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { effectsDynamoDBClient } from '../../lib/effects/dynamodb-client.ts';
import { effect } from '../../lib/effects/effect.ts';
import { effectMarkKey } from '../../lib/effects/mark-key.ts';
import { ConfigurationError } from '../../lib/errors.ts';
import { lambdaContext } from '../../testkit/index.ts';
import { type LocalDynamo, startDynalite } from './support/dynamodb.ts';
import { subject } from './support/message.ts';

let dynamo: LocalDynamo;
before(async () => {
  dynamo = await startDynalite();
});
after(async () => {
  effectsDynamoDBClient().destroy();
  await dynamo.stop();
});

test('without IDEMPOTENCY_TABLE_NAME the effect is refused, naming the variable; nothing runs', async () => {
  delete process.env.IDEMPOTENCY_TABLE_NAME;
  let runs = 0;
  await assert.rejects(
    effect(subject(), 'send-push', () => ++runs),
    (e) => e instanceof ConfigurationError && e.option === 'IDEMPOTENCY_TABLE_NAME',
  );
  assert.equal(runs, 0);
});

test('with the environment set, effect() runs once per event and keeps the mark in that table', async () => {
  const table = await dynamo.createTable();
  Object.assign(process.env, {
    IDEMPOTENCY_TABLE_NAME: table,
    POWERTOOLS_SERVICE_NAME: 'notification',
    AWS_LAMBDA_FUNCTION_NAME: 'notification-fn',
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_REGION: 'local',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
  const message = subject();
  let runs = 0;
  const ctx = { lambdaContext: lambdaContext({ timeoutMs: 30_000 }) };
  assert.equal(await effect(message, 'send-push', () => `push-${++runs}`, ctx), 'push-1');
  assert.equal(await effect(message, 'send-push', () => `push-${++runs}`, ctx), 'push-1');
  assert.equal(runs, 1);
  assert.equal(
    (
      await dynamo.item(
        table,
        effectMarkKey(
          { namespace: 'notification', handlerName: 'notification-fn', effect: 'send-push' },
          message.eventId,
        ),
      )
    )?.status,
    'COMPLETED',
  );
  assert.equal(effectsDynamoDBClient(), effectsDynamoDBClient(), 'one client per container');
});
