/**
 * The notification function end to end, through the local emulator (Kafka log, event source mapping,
 * Lambda runtime), dynalite and the fake push provider: the second line holds when the first is down.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { MSKEvent } from 'aws-lambda';
import { type FakePushProvider, startFakePushProvider } from '../../demo/fake-push-provider.ts';
import {
  EventProducer,
  EventSourceMapping,
  inProcess,
  KafkaLog,
  LambdaFunction,
  type OutgoingEvent,
} from '../../emulator/index.ts';
import { createNotificationHandler } from '../../functions/notification/create-handler.ts';
import { notificationRowKey } from '../../functions/notification/notification-rows.ts';
import { REVIEW_CREATED_TOPIC, type ReviewCreated } from '../../functions/notification/review-created.ts';
import { RedisDedupStore } from '../../lib/index.ts';
import { captureProcessOutput, startTcpFaultProxy } from '../../testkit/index.ts';
import { freePort } from '../../testkit/internal/index.ts';
import { type LocalDynamo, startDynalite } from './support/dynamodb.ts';

let dynamo: LocalDynamo;
let provider: FakePushProvider;
/** A Redis URL where nothing listens: the first line (dedup) is down for the whole test. */
let deadRedisUrl: string;

before(async () => {
  dynamo = await startDynalite();
  provider = await startFakePushProvider();
  deadRedisUrl = `redis://127.0.0.1:${await freePort()}`;
});
after(async () => {
  for (const store of stores) await store.close();
  await provider.stop();
  await dynamo.stop();
});

/** A log with the review-created topic and `count` reviews, each published `times` times (same Event-Id). */
function publishReviews(count: number, times: number) {
  const log = new KafkaLog();
  log.createTopic(REVIEW_CREATED_TOPIC, 2);
  log.createTopic('review-created-dlq', 1);
  const producer = new EventProducer(log);
  const events: OutgoingEvent<ReviewCreated>[] = [];
  for (let i = 0; i < count; i++) {
    events.push(
      producer.create({
        topic: REVIEW_CREATED_TOPIC,
        key: `review-${i}`,
        eventType: 'review-created',
        payload: {
          reviewId: `r-${i}-${Date.now()}`,
          userId: `user-${i}`,
          rating: 1 + (i % 5),
          text: `review ${i}`,
        },
      }),
    );
  }
  // Interleaved like an outbox forwarder replaying its table: every event, then every event again.
  for (let round = 0; round < times; round++) for (const e of events) producer.publish(e);
  return { log, events };
}

/** What the function prints is asserted on, not shown. */
const silent = () => {};

/** Dedup stores made per execution environment, closed at the end (ioredis keeps reconnecting). */
const stores: RedisDedupStore[] = [];

function notificationFunction(tableName: string, client: DynamoDBClient) {
  return new LambdaFunction<MSKEvent>(
    inProcess(() =>
      createNotificationHandler({
        store: stores[stores.push(new RedisDedupStore({ redis: { url: deadRedisUrl } })) - 1],
        onStoreError: 'open',
        tableName,
        pushUrl: provider.url,
        dynamodb: client,
      }),
    ),
    { functionName: 'notification', timeoutMs: 30_000 },
  );
}

describe('notification function, Redis down (fail-open)', () => {
  test('each event delivered three times: the provider receives each push exactly once', async () => {
    provider.reset();
    const table = await dynamo.createTable();
    const { log, events } = publishReviews(6, 3);
    const fn = notificationFunction(table, dynamo.client());
    // Small batches, two pollers: repeats arrive in later invocations and, across partitions, at once.
    const esm = new EventSourceMapping(log, fn, {
      topics: [REVIEW_CREATED_TOPIC],
      batchSize: 4,
      concurrency: 2,
      provisionedPollers: {},
      functionResponseTypes: ['ReportBatchItemFailures'],
      maximumRetryAttempts: 5,
      onFailureDestination: 'kafka://review-created-dlq',
    });
    const { text } = await captureProcessOutput(() => esm.drain(), silent);

    assert.equal(esm.stats.recordsDelivered >= 18, true, 'all 18 records were delivered');
    assert.deepEqual(esm.stats.sentToDestination, [], 'nothing went to the DLQ');
    assert.equal(esm.offsetLag, 0);
    const expected = Object.fromEntries(events.map((e) => [e.eventId, 1]));
    assert.deepEqual(provider.countsByCollapseId(), expected);
    assert.equal(provider.deliveries().length, 6);
    for (const e of events) {
      const row = await dynamo.item(table, notificationRowKey(e.payload.reviewId));
      assert.equal(row?.status, 'sent');
      assert.equal(row?.eventId, e.eventId);
    }
    // The first line really was down: every record was run without dedup.
    assert.match(text, /"DedupErrors"/, 'the dedup store errors were counted (fail-open)');
  });

  test('DynamoDB unreachable: records fail and are retried, nothing is sent; once it is back, each push goes once', async () => {
    provider.reset();
    const table = await dynamo.createTable();
    const proxy = await startTcpFaultProxy(dynamo.endpoint);
    try {
      const { log, events } = publishReviews(3, 2);
      const fn = notificationFunction(table, dynamo.client({ endpoint: proxy.url }));
      const reports: { outcome: string; failed?: unknown[] }[] = [];
      const esm = new EventSourceMapping(log, fn, {
        topics: [REVIEW_CREATED_TOPIC],
        batchSize: 10,
        provisionedPollers: {},
        functionResponseTypes: ['ReportBatchItemFailures'],
        maximumRetryAttempts: -1,
        onInvocation: (r) => reports.push(r),
      });
      proxy.set('down');
      // Four invocations while DynamoDB is away (drain stops there, with or without an error).
      const { text } = await captureProcessOutput(
        () => esm.drain({ maxInvocations: 4 }).catch(() => undefined),
        silent,
      );
      assert.equal(provider.attempts(), 0, 'no push was even attempted');
      assert.ok(
        reports.length >= 2 && reports.every((r) => r.outcome === 'partial'),
        JSON.stringify(reports),
      );
      assert.ok(esm.stats.recordsRetried > 0, 'the failed records were delivered again');
      assert.ok(esm.offsetLag > 0, 'nothing was committed past the failed records');
      assert.match(
        text,
        /notification row of review r-0-\d+: insert failed: \w+: .*ECONNRESET/,
        'the log names the review and why: the DynamoDB connection failed',
      );

      proxy.set('up');
      await captureProcessOutput(() => esm.drain(), silent);
      assert.equal(esm.offsetLag, 0);
      assert.deepEqual(provider.countsByCollapseId(), Object.fromEntries(events.map((e) => [e.eventId, 1])));
    } finally {
      await proxy.stop();
    }
  });
});
