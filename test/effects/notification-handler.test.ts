/**
 * The notification handler called with hand-built MSK events (records keyed "<topic>-<partition>",
 * base64 values, Event-Id header bytes), dynalite and the fake provider; the dedup store is down
 * (every claim fails, fail-open), so only the second line stands between a repeat and a second push.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { MSKEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { type FakePushProvider, startFakePushProvider } from '../../demo/fake-push-provider.ts';
import { createNotificationHandler } from '../../functions/notification/create-handler.ts';
import { notificationRowKey } from '../../functions/notification/notification-rows.ts';
import { type DedupStore, DedupStoreError, type KafkaBatchResponse } from '../../lib/index.ts';
import {
  captureProcessOutput,
  failedOffsets,
  lambdaContext,
  mskEvent,
  mskRecord,
} from '../../testkit/index.ts';
import { type LocalDynamo, startDynalite } from './support/dynamodb.ts';

const TOPIC = 'review-created';

/** A dedup store whose every call fails, as a Redis that is down. */
const downStore: DedupStore = {
  claim: () =>
    Promise.reject(new DedupStoreError('connection', 'connect ECONNREFUSED (test: Redis is down)')),
  commit: () => Promise.reject(new DedupStoreError('connection', 'connect ECONNREFUSED')),
  release: () => Promise.reject(new DedupStoreError('connection', 'connect ECONNREFUSED')),
  close: () => Promise.resolve(),
};

let dynamo: LocalDynamo;
let provider: FakePushProvider;
before(async () => {
  dynamo = await startDynalite();
  provider = await startFakePushProvider();
});
after(async () => {
  await provider.stop();
  await dynamo.stop();
});

function review(i: number) {
  return { reviewId: `r-${i}-${ulid()}`, userId: `user-${i}`, rating: 4, text: 'Nice' };
}

async function invoke(
  handler: (e: MSKEvent, c: ReturnType<typeof lambdaContext>) => Promise<unknown>,
  event: MSKEvent,
) {
  const { result, text } = await captureProcessOutput(
    () => handler(event, lambdaContext({ timeoutMs: 30_000 })),
    () => {},
  );
  return { failed: failedOffsets(result as KafkaBatchResponse), text };
}

function handlerWith(
  tableName: string,
  client: DynamoDBClient,
  extra: { notificationsTableName?: string; pushTimeoutMs?: number } = {},
) {
  return createNotificationHandler({
    store: downStore,
    onStoreError: 'open',
    tableName,
    pushUrl: provider.url,
    dynamodb: client,
    ...extra,
  });
}

describe('notification handler (hand-built MSK events, dedup store down)', () => {
  test('two containers get the same event while its push is in flight: one push; the other is retried and gets the receipt', async () => {
    provider.reset();
    const table = await dynamo.createTable();
    // Two execution environments (say, two pollers of the mapping), each with its own clients.
    const containerA = handlerWith(table, dynamo.client());
    const containerB = handlerWith(table, dynamo.client());
    const eventId = ulid();
    const value = review(1);
    const copyA = mskEvent([mskRecord({ topic: TOPIC, partition: 0, offset: 10, eventId, value })]);
    const copyB = mskEvent([mskRecord({ topic: TOPIC, partition: 1, offset: 20, eventId, value })]);
    provider.slowDown(300);
    const a = invoke(containerA, copyA);
    while (provider.attempts() === 0) await sleep(5);
    // A's push is in flight: its mark is INPROGRESS.
    const b = await invoke(containerB, copyB);
    assert.deepEqual(b.failed, [`${TOPIC}-1@20`]);
    assert.match(b.text, /EffectInProgressError/);
    assert.deepEqual((await a).failed, []);
    provider.recover();
    const retryB = await invoke(containerB, copyB);
    assert.deepEqual(retryB.failed, []);
    assert.deepEqual(provider.countsByCollapseId(), { [eventId]: 1 });
    assert.equal((await dynamo.item(table, notificationRowKey(value.reviewId)))?.status, 'sent');
  });

  test('the marks cannot be written (rows can): fail-closed, the record fails and nothing is sent', async () => {
    provider.reset();
    const marks = await dynamo.createTable('marks');
    const rows = await dynamo.createTable('rows');
    const client = dynamo.client();
    let marksDown = true;
    // The idempotency table alone is unreachable (rows live in their own table here).
    client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { TableName?: string };
        if (marksDown && input.TableName === marks) {
          throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' });
        }
        return next(args);
      },
      { step: 'initialize', name: 'marks-down' },
    );
    const handler = handlerWith(marks, client, { notificationsTableName: rows });
    const value = review(2);
    const record = mskRecord({ topic: TOPIC, partition: 0, offset: 5, eventId: ulid(), value });
    const down = await invoke(handler, mskEvent([record]));
    assert.deepEqual(down.failed, [`${TOPIC}-0@5`]);
    assert.equal(provider.attempts(), 0, 'no push was attempted');
    assert.match(down.text, /EffectStoreError/);
    assert.match(
      down.text,
      /effect send-push .*idempotency store connection, effect not run \(fail-closed\)/,
    );
    assert.equal((await dynamo.item(rows, notificationRowKey(value.reviewId)))?.status, 'pending');

    marksDown = false;
    const back = await invoke(handler, mskEvent([record]));
    assert.deepEqual(back.failed, []);
    assert.equal(provider.deliveries().length, 1);
    assert.equal((await dynamo.item(rows, notificationRowKey(value.reviewId)))?.status, 'sent');
  });

  test('a provider that delivers but answers too late: the retry pushes again with the SAME collapse id', async () => {
    provider.reset();
    const table = await dynamo.createTable();
    const handler = handlerWith(table, dynamo.client(), { pushTimeoutMs: 200 });
    const eventId = ulid();
    const record = mskRecord({ topic: TOPIC, partition: 0, offset: 1, eventId, value: review(3) });
    provider.slowDown(5_000);
    const late = await invoke(handler, mskEvent([record]));
    provider.recover();
    assert.deepEqual(late.failed, [`${TOPIC}-0@1`]);
    assert.match(late.text, /PushProviderError|push provider: no answer/);
    const retry = await invoke(handler, mskEvent([record]));
    assert.deepEqual(retry.failed, []);
    // Two deliveries, one collapse id: the phone replaces the first notification with the second.
    assert.deepEqual(provider.countsByCollapseId(), { [eventId]: 2 });
  });

  test('a value that is not a review fails its record with the field named; nothing is sent', async () => {
    provider.reset();
    const table = await dynamo.createTable();
    const handler = handlerWith(table, dynamo.client());
    const bad = mskRecord({
      topic: TOPIC,
      partition: 0,
      offset: 3,
      value: { reviewId: 'r', userId: 'u', rating: 9 },
    });
    const tombstone = mskRecord({ topic: TOPIC, partition: 1, offset: 4, rawValue: null });
    const { failed, text } = await invoke(handler, mskEvent([bad, tombstone]));
    assert.deepEqual(failed.sort(), [`${TOPIC}-0@3`, `${TOPIC}-1@4`]);
    assert.match(text, /rating must be a whole number from 1 to 5 \(got 9\)/);
    assert.match(text, /tombstone on review-created/);
    assert.equal(provider.attempts(), 0);
  });
});
