/**
 * The dedup window: how long a DONE key keeps duplicates out (reference/000, "Окно").
 */
import { ConfigurationError } from '../errors.ts';

/** Named windows, in seconds. */
export const WINDOWS = {
  /** Ordinary domain events: covers retries, rebalances, a forwarder gap and a long Kafka incident. */
  default: 24 * 60 * 60,
  /** Critical events (user.banned, consent revoked): a repeat must not pass even after a week's pause. */
  critical: 7 * 24 * 60 * 60,
  /** High-volume analytics, where a rare duplicate is a statistical error, not a business effect. */
  analytics: 60 * 60,
} as const;

export type WindowName = keyof typeof WINDOWS;

/** Below this the window no longer covers the retry path: a retry would run as a new event. */
export const MIN_WINDOW_SECONDS = 600;

/**
 * The window in milliseconds, or a {@link ConfigurationError} naming `window` and why.
 *
 * @example
 * windowMs('critical'); // 604800000
 * windowMs(3600);       // 3600000
 */
export function windowMs(window: WindowName | number | undefined, option = 'window'): number {
  if (window === undefined) return WINDOWS.default * 1000;
  if (typeof window === 'string') {
    if (!Object.hasOwn(WINDOWS, window)) {
      throw new ConfigurationError(
        option,
        `unknown window '${window}'; use ${Object.keys(WINDOWS).join(', ')} or seconds`,
      );
    }
    return WINDOWS[window] * 1000;
  }
  if (!Number.isFinite(window) || window < MIN_WINDOW_SECONDS) {
    throw new ConfigurationError(
      option,
      `${window} s is below ${MIN_WINDOW_SECONDS} s (10 minutes): retries and rebalances take minutes, so a shorter ` +
        'window lets a retried record run again as if it were new',
    );
  }
  return Math.round(window * 1000);
}
