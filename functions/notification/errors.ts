/**
 * Errors of the notification function. A bad review-created value is refused in `parse`, so the core
 * reports it as an InvalidRecordError naming the record (retried, then sent to the DLQ).
 */
import { MskOnceError } from 'msk-once';

/** A review-created value that does not hold what the notification needs; `field` names what is wrong. */
export class InvalidReviewError extends MskOnceError {
  readonly field: string;
  constructor(field: string, reason: string) {
    super(`review-created: ${field} ${reason}`);
    this.field = field;
  }
}

/** The push provider refused the push or did not answer in time; the push was not confirmed. */
export class PushProviderError extends MskOnceError {
  /** The HTTP status, or undefined when there was no answer (timeout, connection refused). */
  readonly status: number | undefined;
  constructor(reason: string, status?: number, options?: ErrorOptions) {
    super(`push provider: ${reason}`, options);
    this.status = status;
  }
}

/** The notification row could not be written (DynamoDB failed or timed out); nothing was sent yet. */
export class NotificationRowError extends MskOnceError {
  readonly reviewId: string;
  constructor(reviewId: string, action: string, options?: ErrorOptions) {
    const cause =
      options?.cause instanceof Error
        ? `${options.cause.name}: ${options.cause.message}`
        : String(options?.cause);
    super(`notification row of review ${reviewId}: ${action} failed: ${cause}`, options);
    this.reviewId = reviewId;
  }
}
