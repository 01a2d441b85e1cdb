/**
 * The review-created event, as published on the `review-created` topic.
 */
import { InvalidReviewError } from './errors.ts';

export const REVIEW_CREATED_TOPIC = 'review-created';

/** A new review; `userId` is the user to notify. */
export interface ReviewCreated {
  readonly reviewId: string;
  readonly userId: string;
  /** 1 to 5 stars. */
  readonly rating: number;
  readonly text?: string;
}

/**
 * Decode and check a review-created value (the `parse` of the handler): JSON of UTF-8 with a
 * non-empty `reviewId` and `userId` and a `rating` of 1 to 5.
 *
 * @throws InvalidReviewError naming the field.
 * @example
 * parseReviewCreated(Buffer.from('{"reviewId":"r1","userId":"u1","rating":5,"text":"Great"}'));
 * // { reviewId: 'r1', userId: 'u1', rating: 5, text: 'Great' }
 */
export function parseReviewCreated(value: Buffer): ReviewCreated {
  let json: unknown;
  try {
    json = JSON.parse(value.toString('utf8'));
  } catch {
    throw new InvalidReviewError('value', 'is not JSON');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new InvalidReviewError('value', 'is not a JSON object');
  const { reviewId, userId, rating, text } = json as Record<string, unknown>;
  if (typeof reviewId !== 'string' || reviewId === '')
    throw new InvalidReviewError('reviewId', 'must be a non-empty string');
  if (typeof userId !== 'string' || userId === '')
    throw new InvalidReviewError('userId', 'must be a non-empty string');
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    throw new InvalidReviewError(
      'rating',
      `must be a whole number from 1 to 5 (got ${JSON.stringify(rating)})`,
    );
  }
  if (text !== undefined && typeof text !== 'string')
    throw new InvalidReviewError('text', 'must be a string when present');
  return { reviewId, userId, rating, ...(text === undefined ? {} : { text }) };
}
