/**
 * The DynamoDB key of an effect's mark: `<namespace>:<handler>:<effect>#` and the MD5 (base64) of
 * the JSON of the event id, as Powertools idempotency hashes a payload. For operators: find or
 * delete the mark of one event (`aws dynamodb get-item --key '{"id":{"S":"..."}}'`). A test checks
 * it against the key the runner writes.
 *
 * The handler is part of the key because one table serves every consumer: two functions of one
 * service running an effect of the same name for one event are two effects. Each part is
 * percent-encoded (`encodeURIComponent`, which always encodes `:` and `#`), so the separator is
 * unambiguous: `billing.charge` + `card` and `billing` + `charge.card` are different keys.
 */
import { createHash } from 'node:crypto';

/** What a mark is the mark of. */
export interface EffectMarkOf {
  /** The service (POWERTOOLS_SERVICE_NAME). */
  readonly namespace: string;
  /** The handler (or function) the effect runs in. */
  readonly handlerName: string;
  /** The effect's name. */
  readonly effect: string;
}

/**
 * The key prefix of the marks of one effect of one handler.
 *
 * @example
 * effectMarkPrefix({ namespace: 'orders', handlerName: 'on-order-placed', effect: 'send-receipt' });
 * // 'orders:on-order-placed:send-receipt'
 */
export function effectMarkPrefix(of: EffectMarkOf): string {
  return `${encodeURIComponent(of.namespace)}:${encodeURIComponent(of.handlerName)}:${encodeURIComponent(of.effect)}`;
}

/**
 * The `id` of the mark of an effect for `eventId` in the idempotency table.
 *
 * @example
 * effectMarkKey({ namespace: 'orders', handlerName: 'on-order-placed', effect: 'send-receipt' }, '01JD8X3Z4Q5R6S7T8V9W0XYZAB');
 * // 'orders:on-order-placed:send-receipt#<22 base64 characters>=='
 */
export function effectMarkKey(of: EffectMarkOf, eventId: string): string {
  const hash = createHash('md5').update(JSON.stringify(eventId)).digest('base64');
  return `${effectMarkPrefix(of)}#${hash}`;
}
