/**
 * Errors of the notification function. A bad review-created value is refused in `parse`, so the core
 * reports it as an InvalidRecordError naming the record (retried, then sent to the DLQ).
 *
 * They have their own base, not the toolkit's `MskOnceError`: `instanceof MskOnceError` means "the
 * toolkit threw this", and the function's own faults are not that.
 */

/** Base class: `instanceof NotificationError` catches everything this function throws on purpose. */
export class NotificationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A review-created value that does not hold what the notification needs; `field` names what is wrong. */
export class InvalidReviewError extends NotificationError {
  readonly field: string;
  constructor(field: string, reason: string) {
    super(`review-created: ${field} ${reason}`);
    this.field = field;
  }
}

/** The push provider refused the push or did not answer in time; the push was not confirmed. */
export class PushProviderError extends NotificationError {
  /** The HTTP status, or undefined when there was no answer (timeout, connection refused). */
  readonly status: number | undefined;
  constructor(reason: string, status?: number, options?: ErrorOptions) {
    super(`push provider: ${reason}`, options);
    this.status = status;
  }
}

/** The notification row could not be written (DynamoDB failed or timed out); nothing was sent yet. */
export class NotificationRowError extends NotificationError {
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
