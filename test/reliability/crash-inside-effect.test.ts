/**
 * The one crash no layer of the consumer can absorb (docs/emulator.md "Where at-most-once
 * breaks"): the process dies after the provider accepted the push and before the effect's mark
 * turned COMPLETED. The deployable handler runs in a worker thread that is really terminated.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { MSKEvent } from 'aws-lambda';
import { type FakePushProvider, startFakePushProvider } from '../../demo/fake-push-provider.ts';
import {
  CrashError,
  EventProducer,
  EventSourceMapping,
  KafkaLog,
  LambdaFunction,
  workerThread,
} from '../../emulator/index.ts';
import { type LocalDynamoDB, startLocalDynamoDB } from '../../testkit/index.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';

let dynamo: LocalDynamoDB;
let provider: FakePushProvider;
before(async () => {
  dynamo = await startLocalDynamoDB();
  provider = await startFakePushProvider();
});
after(async () => {
  await provider.stop();
  await dynamo.stop();
});

test('a kill after the provider accepted a push, before its mark is COMPLETED: the push is sent again once the mark expires', async () => {
  const table = await dynamo.createTable(`crash-inside-${Date.now()}`);
  const service = uniqueService('inside'); // one service for every environment: they share keys and marks
  const worker = workerThread<MSKEvent>({
    module: new URL('../../functions/notification/handler.ts', import.meta.url),
    env: () => ({
      POWERTOOLS_SERVICE_NAME: service,
      POWERTOOLS_LOG_LEVEL: 'CRITICAL',
      POWERTOOLS_METRICS_DISABLED: 'true',
      DEDUP_REDIS_URL: redisUrl(),
      IDEMPOTENCY_TABLE_NAME: table,
      PUSH_PROVIDER_URL: provider.url,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    }),
  });
  // The push is only started with 10 s left (3.5 s for it, 6.5 s for saving its mark).
  const fn = new LambdaFunction(worker, { functionName: 'notification', timeoutMs: 12_000 });
  const log = new KafkaLog();
  log.createTopic('review-created', 1);
  log.createTopic('review-created-dlq', 1);
  const { event } = new EventProducer(log).send({
    topic: 'review-created',
    key: 'review-1',
    payload: { reviewId: 'review-1', userId: 'user-1', rating: 5 },
  });
  provider.slowDown(2_000); // delivered at once, answered late: the kill lands in between
  const esm = new EventSourceMapping(log, fn, {
    topics: ['review-created'],
    provisionedPollers: {},
    functionResponseTypes: ['ReportBatchItemFailures'],
    maximumRetryAttempts: 20,
    onFailureDestination: 'kafka://review-created-dlq',
    retryBackoffMs: () => 1_000,
  });
  const drained = esm.drain();
  while (provider.deliveries().length === 0) await new Promise((r) => setTimeout(r, 10));
  fn.kill(new CrashError('killed while the push was in flight'));
  provider.recover();
  try {
    await drained;
  } finally {
    await fn.close();
  }
  assert.equal(log.lag(esm.consumerGroup, 'review-created'), 0);
  assert.equal(
    log.all('review-created-dlq').length,
    0,
    'the retry succeeded once the claim and the mark expired',
  );
  assert.equal(
    provider.countsByCollapseId()[event.eventId],
    2,
    'the push went out twice, with the same collapse id',
  );
});
