import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ulid } from 'ulid';
import {
  APNS_COLLAPSE_ID_MAX_BYTES,
  collapseIdsFor,
  WEB_PUSH_TOPIC_MAX_CHARS,
} from '../../lib/effects/collapse-ids.ts';

describe('collapseIdsFor', () => {
  test('a ULID event id is used as it is, for every provider', () => {
    const eventId = ulid();
    assert.deepEqual(collapseIdsFor(eventId), {
      apnsCollapseId: eventId,
      fcmTag: eventId,
      webPushTopic: eventId,
    });
  });

  test('a kind is prefixed where it fits; the Web Push topic (32 chars) falls back to a digest', () => {
    const eventId = '01JD8X3Z4Q5R6S7T8V9W0XYZAB';
    const ids = collapseIdsFor(eventId, 'review-created');
    assert.equal(ids.apnsCollapseId, `review-created:${eventId}`);
    assert.equal(ids.fcmTag, ids.apnsCollapseId);
    assert.match(ids.webPushTopic, /^[A-Za-z0-9_-]{32}$/);
    assert.notEqual(ids.webPushTopic, collapseIdsFor(eventId, 'review-updated').webPushTopic);
  });

  test('too long or unusual input becomes a digest within the limits, stable and distinct', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 300 }),
        fc.option(fc.string({ maxLength: 80 })),
        (id, kind) => {
          fc.pre(id.trim() !== '');
          const ids = collapseIdsFor(id, kind ?? undefined);
          assert.ok(
            Buffer.byteLength(ids.apnsCollapseId, 'utf8') <= APNS_COLLAPSE_ID_MAX_BYTES,
            ids.apnsCollapseId,
          );
          assert.ok(ids.webPushTopic.length <= WEB_PUSH_TOPIC_MAX_CHARS);
          assert.match(ids.webPushTopic, /^[A-Za-z0-9_-]+$/);
          assert.deepEqual(collapseIdsFor(id, kind ?? undefined), ids);
        },
      ),
    );
    const long = 'E'.repeat(65);
    assert.notEqual(collapseIdsFor(long).apnsCollapseId, collapseIdsFor(`${long}F`).apnsCollapseId);
    assert.equal(collapseIdsFor('x'.repeat(64)).apnsCollapseId, 'x'.repeat(64));
    assert.notEqual(collapseIdsFor('x'.repeat(65)).apnsCollapseId, 'x'.repeat(65));
  });

  test('an empty event id is refused with a message that says what is missing', () => {
    assert.throws(() => collapseIdsFor(''), /eventId must be a non-empty string/);
  });
});
