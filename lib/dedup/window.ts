/**
 * The dedup window: how long a DONE key keeps duplicates out (docs/background.md, "The dedup
 * window"). The named windows and the minimum are part of the contract (lib/contract.ts).
 */
import { MIN_WINDOW_SECONDS, WINDOWS, type WindowName } from '../contract.ts';
import { ConfigurationError } from '../errors.ts';

export { MIN_WINDOW_SECONDS, WINDOWS, type WindowName };

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
