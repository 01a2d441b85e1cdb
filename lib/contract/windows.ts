/**
 * The named dedup windows: how long a DONE key keeps repeats out.
 */

/**
 * Named dedup windows, in seconds: how long a DONE key keeps repeats out. After the window a
 * repeat runs as a new event (the effect layer's marks, 7 days, are the second guard).
 */
export const WINDOWS = {
  /** Ordinary domain events: covers retries (minutes), rebalances (seconds), an outbox forwarder's gap (minutes) and a long Kafka incident (hours). */
  default: 24 * 60 * 60,
  /** Critical events (user.banned, consent revoked): a repeat must not pass even after a week's pause of the consumer. */
  critical: 7 * 24 * 60 * 60,
  /** High-volume analytics, where a rare duplicate is a statistical error, not a business effect, and Redis memory matters. */
  analytics: 60 * 60,
} as const;

/** A name of {@link WINDOWS}. */
export type WindowName = keyof typeof WINDOWS;

/**
 * The shortest window, in seconds (10 minutes). Retries and a consumer-group rebalance take
 * minutes; a shorter window lets a retried record run again as if it were new.
 */
export const MIN_WINDOW_SECONDS = 600;
