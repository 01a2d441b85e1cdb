/**
 * The DynamoDB key of an effect's mark, as Powertools idempotency derives it: `<namespace>.<effect>#`
 * and the MD5 (base64) of the JSON of the event id. For operators: find or delete the mark of one
 * event (`aws dynamodb get-item --key '{"id":{"S":"..."}}'`). A test checks it against Powertools.
 */
import { createHash } from 'node:crypto';

/**
 * The `id` of the mark of effect `name` for `eventId` in the idempotency table.
 *
 * @example
 * effectMarkKey('notification', 'send-push', '01JD8X3Z4Q5R6S7T8V9W0XYZAB');
 * // 'notification.send-push#<22 base64 characters>=='
 */
export function effectMarkKey(namespace: string, name: string, eventId: string): string {
  const hash = createHash('md5').update(JSON.stringify(eventId)).digest('base64');
  return `${namespace}.${name}#${hash}`;
}
