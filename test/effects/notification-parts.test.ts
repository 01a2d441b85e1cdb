/** The small parts of the notification function: its settings, the event's shape, the push client. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type FakePushProvider, startFakePushProvider } from '../../demo/fake-push-provider.ts';
import { notificationConfigFromEnv } from '../../functions/notification/config.ts';
import { InvalidReviewError, PushProviderError } from '../../functions/notification/errors.ts';
import { notificationRowKey, notificationRows } from '../../functions/notification/notification-rows.ts';
import { createPushClient } from '../../functions/notification/push-client.ts';
import { parseReviewCreated } from '../../functions/notification/review-created.ts';
import { ConfigurationError } from '../../lib/index.ts';
import { freePort } from '../../testkit/internal/index.ts';
import { startDynalite } from './support/dynamodb.ts';

const ENV = {
  DEDUP_REDIS_URL: 'redis://127.0.0.1:6379',
  IDEMPOTENCY_TABLE_NAME: 'idempotency',
  PUSH_PROVIDER_URL: 'https://push.example.com',
};

describe('notificationConfigFromEnv', () => {
  test('reads tables, provider and dedup settings; rows share the idempotency table unless told', () => {
    const config = notificationConfigFromEnv({
      ...ENV,
      DEDUP_STORE_POLICY: 'closed',
      PUSH_TIMEOUT_MS: '1500',
    });
    assert.equal(config.tableName, 'idempotency');
    assert.equal(config.notificationsTableName, undefined);
    assert.equal(config.pushUrl, 'https://push.example.com');
    assert.equal(config.pushTimeoutMs, 1500);
    assert.equal(config.onStoreError, 'closed');
    assert.deepEqual(config.redis, { url: 'redis://127.0.0.1:6379', cluster: false });
    assert.equal(
      notificationConfigFromEnv({ ...ENV, NOTIFICATIONS_TABLE_NAME: 'rows' }).notificationsTableName,
      'rows',
    );
  });

  test('names the variable that is missing or wrong', () => {
    const option = (env: NodeJS.ProcessEnv) => {
      try {
        notificationConfigFromEnv(env);
      } catch (error) {
        assert.ok(error instanceof ConfigurationError, String(error));
        return error.option;
      }
      return assert.fail('no error');
    };
    assert.equal(option({ ...ENV, IDEMPOTENCY_TABLE_NAME: '' }), 'IDEMPOTENCY_TABLE_NAME');
    assert.equal(option({ ...ENV, PUSH_PROVIDER_URL: undefined }), 'PUSH_PROVIDER_URL');
    assert.equal(option({ ...ENV, PUSH_PROVIDER_URL: 'push.example.com' }), 'PUSH_PROVIDER_URL');
    assert.equal(option({ ...ENV, PUSH_PROVIDER_URL: 'ftp://push.example.com' }), 'PUSH_PROVIDER_URL');
    assert.equal(option({ ...ENV, PUSH_TIMEOUT_MS: '0' }), 'PUSH_TIMEOUT_MS');
    assert.equal(option({ ...ENV, DEDUP_REDIS_URL: undefined }), 'DEDUP_REDIS_URL');
  });
});

describe('parseReviewCreated', () => {
  const parse = (value: unknown) =>
    parseReviewCreated(Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)));

  test('keeps the fields the notification needs', () => {
    assert.deepEqual(parse({ reviewId: 'r1', userId: 'u1', rating: 5, text: 'Great', extra: true }), {
      reviewId: 'r1',
      userId: 'u1',
      rating: 5,
      text: 'Great',
    });
    assert.deepEqual(parse({ reviewId: 'r1', userId: 'u1', rating: 1 }), {
      reviewId: 'r1',
      userId: 'u1',
      rating: 1,
    });
  });

  test('refuses a bad value naming the field', () => {
    const field = (value: unknown) => {
      try {
        parse(value);
      } catch (error) {
        assert.ok(error instanceof InvalidReviewError);
        return error.field;
      }
      return assert.fail('no error');
    };
    assert.equal(field('{not json'), 'value');
    assert.equal(field([1]), 'value');
    assert.equal(field({ userId: 'u', rating: 3 }), 'reviewId');
    assert.equal(field({ reviewId: 'r', userId: '', rating: 3 }), 'userId');
    assert.equal(field({ reviewId: 'r', userId: 'u', rating: 2.5 }), 'rating');
    assert.equal(field({ reviewId: 'r', userId: 'u', rating: 3, text: 7 }), 'text');
  });
});

describe('push client', () => {
  let provider: FakePushProvider;
  before(async () => {
    provider = await startFakePushProvider();
  });
  after(async () => {
    await provider.stop();
  });

  test('posts the push with its collapse id and returns the provider id', async () => {
    provider.reset();
    const push = createPushClient({ url: provider.url });
    const receipt = await push.send({
      to: 'user-1',
      title: 'New review',
      collapseId: 'C1',
      data: { reviewId: 'r1' },
    });
    assert.match(receipt.pushId, /^push-\d+$/);
    assert.deepEqual(
      provider.deliveries().map((d) => [d.to, d.collapseId, d.data]),
      [['user-1', 'C1', { reviewId: 'r1' }]],
    );
  });

  test('a refused push is a PushProviderError with the status', async () => {
    provider.failNext(1, 503);
    const error = await createPushClient({ url: provider.url })
      .send({ to: 'u', title: 't', collapseId: 'C2' })
      .catch((e: unknown) => e);
    assert.ok(error instanceof PushProviderError);
    assert.equal(error.status, 503);
    assert.match(error.message, /HTTP 503/);
  });

  test('no answer (nothing listening, or too slow) is a PushProviderError without a status', async () => {
    const nobody = createPushClient({ url: `http://127.0.0.1:${await freePort()}` });
    const refused = await nobody.send({ to: 'u', title: 't', collapseId: 'C3' }).catch((e: unknown) => e);
    assert.ok(refused instanceof PushProviderError);
    assert.equal(refused.status, undefined);
    provider.slowDown(2_000);
    const slow = await createPushClient({ url: provider.url, timeoutMs: 100 })
      .send({ to: 'u', title: 't', collapseId: 'C4' })
      .catch((e: unknown) => e);
    provider.recover();
    assert.ok(slow instanceof PushProviderError);
    assert.match(slow.message, /no answer .* within 100 ms/);
  });
});

describe('notification rows (dynalite)', () => {
  test('inserted once: a redelivery neither duplicates nor overwrites the row; markSent is repeatable', async () => {
    const dynamo = await startDynalite();
    try {
      const table = await dynamo.createTable();
      const rows = notificationRows(dynamo.client(), table);
      assert.equal(
        await rows.insertPending({ reviewId: 'r1', userId: 'u1', eventId: 'E1', collapseId: 'E1' }),
        true,
      );
      await rows.markSent('r1', 'push-1');
      assert.equal(
        await rows.insertPending({ reviewId: 'r1', userId: 'u1', eventId: 'E2', collapseId: 'E2' }),
        false,
      );
      await rows.markSent('r1', 'push-1');
      const row = await dynamo.item(table, notificationRowKey('r1'));
      assert.equal(row?.status, 'sent');
      assert.equal(row?.eventId, 'E1', 'the first delivery wrote the row; the redelivery left it alone');
      assert.equal(row?.pushId, 'push-1');
      assert.ok(Number(row?.expiration) > Date.now() / 1000, 'rows expire through the TTL attribute');
      await assert.rejects(
        rows.markSent('missing', 'push-9'),
        /notification row of review missing: mark sent failed/,
      );
    } finally {
      await dynamo.stop();
    }
  });
});
