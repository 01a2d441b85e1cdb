/**
 * The notification row of a review: inserted once (a conditional put keyed by the review id, so a
 * redelivery neither duplicates nor overwrites it), `pending` until the push is confirmed, then `sent`.
 *
 * By default the rows live in the idempotency table under their own key prefix (`review-notification#`;
 * Powertools marks are `<service>.<effect>#...`, so they cannot collide) and expire with its TTL
 * attribute after 30 days. Set NOTIFICATIONS_TABLE_NAME to keep them in a table of their own.
 */
import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotificationRowError } from './errors.ts';

export const ROW_TTL_SECONDS = 30 * 24 * 60 * 60;

/** What a row holds. */
export interface NotificationRow {
  readonly reviewId: string;
  readonly userId: string;
  /** The event that created the row (the first delivery). */
  readonly eventId: string;
  readonly collapseId: string;
}

export interface NotificationRows {
  /** Insert the row as `pending`; true when this call inserted it, false when it was already there. */
  insertPending(row: NotificationRow): Promise<boolean>;
  /** Mark the row `sent` with the provider's push id. Repeating it is harmless. */
  markSent(reviewId: string, pushId: string): Promise<void>;
}

/**
 * The `id` of a review's row.
 *
 * @example
 * notificationRowKey('r1'); // 'review-notification#r1'
 */
export function notificationRowKey(reviewId: string): string {
  return `review-notification#${reviewId}`;
}

/**
 * Rows in `tableName` (key attribute `id`, TTL attribute `expiration`).
 *
 * @example
 * const rows = notificationRows(client, 'notification-idempotency');
 * await rows.insertPending({ reviewId: 'r1', userId: 'u1', eventId, collapseId: eventId });
 * await rows.markSent('r1', 'push-1');
 */
export function notificationRows(client: DynamoDBClient, tableName: string): NotificationRows {
  const documents = DynamoDBDocumentClient.from(client);
  return {
    async insertPending(row) {
      const now = Date.now();
      try {
        await documents.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              id: notificationRowKey(row.reviewId),
              ...row,
              status: 'pending',
              createdAt: new Date(now).toISOString(),
              expiration: Math.floor(now / 1000) + ROW_TTL_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(id)',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw new NotificationRowError(row.reviewId, 'insert', { cause: error });
      }
    },
    async markSent(reviewId, pushId) {
      const update = documents.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { id: notificationRowKey(reviewId) },
          UpdateExpression: 'SET #status = :sent, pushId = :pushId, sentAt = if_not_exists(sentAt, :now)',
          ConditionExpression: 'attribute_exists(id)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':sent': 'sent', ':pushId': pushId, ':now': new Date().toISOString() },
        }),
      );
      await update.catch((error: unknown) => {
        throw new NotificationRowError(reviewId, 'mark sent', { cause: error });
      });
    },
  };
}
