/**
 * The notification consumer: on review-created, insert the review's notification row, send one push
 * through the provider (an effect, at most once per event), then mark the row sent.
 *
 *   Redis dedup (first line)  -> skips most redeliveries before this code runs
 *   row insert (conditional)  -> a redelivery does not duplicate the row
 *   effect 'send-push'        -> a redelivery that got past Redis (fail-open, expired key) gets the
 *                                stored receipt instead of a second push; DynamoDB down -> not sent
 *   collapse id of the event  -> if a push is ever repeated, the phone replaces the first one
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { collapseIdsFor, createEffect, effectsDynamoDBClient } from '../../lib/effects/index.ts';
import { type KafkaHandler, type KafkaHandlerOptions, kafkaHandler } from '../../lib/index.ts';
import { InvalidReviewError } from './errors.ts';
import { notificationRows } from './notification-rows.ts';
import { createPushClient, DEFAULT_PUSH_TIMEOUT_MS, type PushReceipt } from './push-client.ts';
import { parseReviewCreated, type ReviewCreated } from './review-created.ts';

export const SERVICE = 'notification';
export const HANDLER_NAME = 'on-review-created';

/** Options of {@link createNotificationHandler}: where marks, rows and pushes go, and the dedup settings. */
export interface NotificationHandlerOptions
  extends Omit<KafkaHandlerOptions<ReviewCreated>, 'handle' | 'handlerName' | 'service' | 'parse'> {
  /** The idempotency table (the contract's `EnvVar.idempotencyTable`). */
  tableName: string;
  /** Where the notification rows go (NOTIFICATIONS_TABLE_NAME). Default: `tableName`. */
  notificationsTableName?: string;
  /** The push provider's base URL (PUSH_PROVIDER_URL). */
  pushUrl: string;
  /** How long to wait for the provider. Default: 3 s. */
  pushTimeoutMs?: number;
  /** DynamoDB client for marks and rows. Default: the container's shared fail-fast client. */
  dynamodb?: DynamoDBClient;
  /**
   * The longest one call of `dynamodb` may take: a push is only started when the invocation has
   * time left for it and for saving its mark. Default: the default client's worst case (6.5 s).
   */
  maxStoreCallMs?: number;
  /** Service name (key namespace, metric dimension). Default: 'notification'. */
  service?: string;
}

/**
 * Build the notification Lambda handler (tests and the local emulator call this; handler.ts builds
 * it from the environment).
 *
 * @example
 * const handler = createNotificationHandler({
 *   redis: { url: 'redis://127.0.0.1:6379' },
 *   onStoreError: 'open',
 *   tableName: 'notification-idempotency',
 *   pushUrl: provider.url,
 *   dynamodb: createEffectsDynamoDBClient({ endpoint: 'http://127.0.0.1:4567', region: 'local' }),
 * });
 * const response = await handler(mskEvent, lambdaContext);
 */
export function createNotificationHandler(options: NotificationHandlerOptions): KafkaHandler {
  const service = options.service ?? SERVICE;
  const dynamodb = options.dynamodb ?? effectsDynamoDBClient();
  const pushTimeoutMs = options.pushTimeoutMs ?? DEFAULT_PUSH_TIMEOUT_MS;
  const effect = createEffect({
    tableName: options.tableName,
    namespace: service,
    handlerName: HANDLER_NAME,
    client: dynamodb,
    // The push gives up after its timeout; the rest is for the abort to land.
    maxEffectMs: pushTimeoutMs + 500,
    ...(options.maxStoreCallMs === undefined ? {} : { maxStoreCallMs: options.maxStoreCallMs }),
  });
  const rows = notificationRows(dynamodb, options.notificationsTableName ?? options.tableName);
  const push = createPushClient({ url: options.pushUrl, timeoutMs: pushTimeoutMs });
  const {
    tableName: _t,
    notificationsTableName: _n,
    pushUrl: _p,
    pushTimeoutMs: _pt,
    dynamodb: _d,
    maxStoreCallMs: _m,
    ...dedup
  } = options;

  return kafkaHandler<ReviewCreated>({
    ...dedup,
    service,
    handlerName: HANDLER_NAME,
    parse: (value) => parseReviewCreated(value),
    async handle(message, context) {
      const review = message.payload;
      if (review === null)
        throw new InvalidReviewError('value', 'is missing (a tombstone on review-created)');
      const { apnsCollapseId } = collapseIdsFor(message.eventId);
      const inserted = await rows.insertPending({
        reviewId: review.reviewId,
        userId: review.userId,
        eventId: message.eventId,
        collapseId: apnsCollapseId,
      });
      if (!inserted)
        context.logger.info('notification row already there: a redelivery', { reviewId: review.reviewId });
      const receipt = await effect<PushReceipt>(
        message,
        'send-push',
        (signal) =>
          push.send(
            {
              to: review.userId,
              title: 'New review',
              body: `${'★'.repeat(review.rating)} ${review.text ?? ''}`.trim().slice(0, 180),
              collapseId: apnsCollapseId,
              data: { reviewId: review.reviewId },
            },
            { idempotencyKey: message.eventId, signal },
          ),
        context,
      );
      // A repeat of a push whose receipt could not be stored gets none (docs/effects.md).
      await rows.markSent(review.reviewId, receipt?.pushId ?? '(receipt not stored)');
    },
  });
}
