/**
 * Defect 10, reproduced with the real notification function: DynamoDB answers in 1.5 s per call,
 * Redis is down (fail-open), the invocation has 4 s. Before the fix the push went out at about 3 s
 * (row 1.5 s + mark 1.5 s), the save of its mark was still in flight when the invocation answered
 * at its deadline, Lambda froze the sandbox (here: the TCP fault proxy stalls that container's
 * DynamoDB connections for good), the mark stayed INPROGRESS past its in-progress expiry (the
 * deadline), and the retry took it over: two pushes of one event. Now the push is not started when
 * the time left does not cover its worst case (the push and saving its mark): the retry pushes once.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ulid } from 'ulid';
import { type FakePushProvider, startFakePushProvider } from '../../demo/fake-push-provider.ts';
import { createNotificationHandler } from '../../functions/notification/create-handler.ts';
import { type DedupStore, DedupStoreError } from '../../lib/index.ts';
import {
  captureProcessOutput,
  lambdaContext,
  mskEvent,
  mskRecord,
  startTcpFaultProxy,
} from '../../testkit/index.ts';
import { type LocalDynamo, startDynalite } from './support/dynamodb.ts';

const TOPIC = 'review-created';

/** Redis is down: every claim fails, and fail-open runs the records unguarded. */
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

test('DynamoDB at 1.5 s a call, a 4 s invocation, the sandbox frozen at its answer: the event is pushed once', async () => {
  const table = await dynamo.createTable('deadline');
  const slow = await startTcpFaultProxy(dynamo.endpoint);
  try {
    // Every request reaches DynamoDB 1.5 s late; its answer comes at once.
    slow.set({ slowMs: 1_500, requestsOnly: true });
    const container = (client = dynamo.client()) =>
      createNotificationHandler({
        store: downStore,
        onStoreError: 'open',
        reserveMs: 0,
        tableName: table,
        pushUrl: provider.url,
        dynamodb: client,
      });
    const eventId = ulid();
    const event = mskEvent([
      mskRecord({
        topic: TOPIC,
        offset: 1,
        eventId,
        value: { reviewId: `r-${eventId}`, userId: 'user-1', rating: 5, text: 'Great' },
      }),
    ]);

    const deadline = Date.now() + 4_000;
    const first = await captureProcessOutput(() =>
      container(dynamo.client({ endpoint: slow.url }))(event, lambdaContext({ timeoutMs: 4_000 })).catch(
        (e: unknown) => e,
      ),
    );
    // The invocation answered: Lambda freezes its sandbox (nothing it still had in flight lands).
    slow.set('stall');
    // The retry comes after the first invocation's deadline, the in-progress expiry of its marks.
    await sleep(Math.max(0, deadline - Date.now()) + 200);
    const retry = await captureProcessOutput(() => container()(event, lambdaContext({ timeoutMs: 30_000 })));

    assert.deepEqual(retry.result, { batchItemFailures: [] }, retry.text);
    assert.deepEqual(
      provider.countsByCollapseId(),
      { [eventId]: 1 },
      `one push for the event (the first invocation said: ${JSON.stringify(first.result)})`,
    );
  } finally {
    await slow.stop();
  }
});
