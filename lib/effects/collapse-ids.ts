/**
 * Provider collapse ids derived from the event id: the last guard, on the phone's side. If a push is
 * ever sent twice (an idempotency mark expired, a provider answered too late and the call was
 * retried), the second one replaces the first in the notification centre instead of showing beside it.
 *
 * Not derived here on purpose: FCM's `collapse_key` (android.collapse_key). It collapses messages that
 * are still waiting for an offline device, and FCM keeps at most four different collapse keys per
 * device at a time, so a key per event would push out other pending messages. Use `tag` for this.
 */
import { createHash } from 'node:crypto';

/** APNs refuses an `apns-collapse-id` longer than 64 bytes. */
export const APNS_COLLAPSE_ID_MAX_BYTES = 64;
/** RFC 8030: a Web Push `Topic` is at most 32 characters of the URL-safe base64 alphabet. */
export const WEB_PUSH_TOPIC_MAX_CHARS = 32;

/** The collapse ids of one notification, one per provider. */
export interface CollapseIds {
  /** The APNs `apns-collapse-id` request header: at most 64 bytes. */
  readonly apnsCollapseId: string;
  /** FCM `android.notification.tag`: a notification with the same tag replaces the one shown. */
  readonly fcmTag: string;
  /** The Web Push `Topic` header: a pending message with the same topic is replaced. */
  readonly webPushTopic: string;
}

const SAFE = /^[A-Za-z0-9_.:-]+$/;
const TOPIC_SAFE = /^[A-Za-z0-9_-]+$/;

/**
 * Derive stable collapse ids from an event id (and, when one event sends more than one kind of
 * notification, a kind). The same input always gives the same ids; an id that would break a
 * provider's limit is replaced by a SHA-256 digest (base64url) of it.
 *
 * @example
 * collapseIdsFor('01JD8X3Z4Q5R6S7T8V9W0XYZAB');
 * // { apnsCollapseId: '01JD8X3Z4Q5R6S7T8V9W0XYZAB', fcmTag: '01JD8X3Z4Q5R6S7T8V9W0XYZAB',
 * //   webPushTopic: '01JD8X3Z4Q5R6S7T8V9W0XYZAB' }
 * collapseIdsFor('01JD8X3Z4Q5R6S7T8V9W0XYZAB', 'order-placed').apnsCollapseId;
 * // 'order-placed:01JD8X3Z4Q5R6S7T8V9W0XYZAB'
 */
export function collapseIdsFor(eventId: string, kind?: string): CollapseIds {
  if (typeof eventId !== 'string' || eventId.trim() === '') {
    throw new TypeError('collapseIdsFor: eventId must be a non-empty string (the Event-Id of the message)');
  }
  const base = kind ? `${kind}:${eventId}` : eventId;
  const fits = Buffer.byteLength(base, 'utf8') <= APNS_COLLAPSE_ID_MAX_BYTES && SAFE.test(base);
  const collapseId = fits ? base : digest(base);
  const topic =
    base.length <= WEB_PUSH_TOPIC_MAX_CHARS && TOPIC_SAFE.test(base)
      ? base
      : digest(base).slice(0, WEB_PUSH_TOPIC_MAX_CHARS);
  return { apnsCollapseId: collapseId, fcmTag: collapseId, webPushTopic: topic };
}

/** 43 characters of base64url: fits every provider's limit. */
function digest(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('base64url');
}
