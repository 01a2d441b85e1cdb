/**
 * Sort a failed store call into the `Reason` of the store error metric (`Metric.dedupErrors`):
 * `timeout`, `connection`, `script` or `unknown`.
 *
 * Guarantees: a {@link DedupStoreError} keeps the reason it was raised with; any other value
 * (an ioredis error, a custom store's error, something odd that was thrown) is sorted by its name
 * and message, and this never throws. Does not: look into `cause` chains, or tell the errors of a
 * custom store apart beyond what their text says (they are `unknown` otherwise).
 */
import type { StoreErrorReason } from '../contract/reasons.ts';
import { DedupStoreError } from '../errors.ts';

/**
 * The reason of a store error, as the metric and the store's own recovery (a resend after a
 * connection error) read it.
 *
 * @example
 * errorReason(new Error('connect ECONNREFUSED 127.0.0.1:6379')); // 'connection'
 */
export function errorReason(error: unknown): StoreErrorReason {
  if (error instanceof DedupStoreError) return error.reason;
  let name: unknown;
  let text: string;
  try {
    name = (error as Error)?.name;
    text = String((error as Error)?.message ?? error);
  } catch {
    return 'unknown';
  }
  if (name === 'MaxRetriesPerRequestError') return 'connection';
  if (/timed? ?out|ETIMEDOUT/i.test(text)) return 'timeout';
  if (/NOSCRIPT|ERR Error (running|compiling) script|script/i.test(text)) return 'script';
  // A slot still moving after the resend (redis-store.ts follows each redirection once).
  if (/^(MOVED|ASK|TRYAGAIN) |Too many Cluster redirections/.test(text)) return 'connection';
  if (
    /ECONNREFUSED|ECONNRESET|EPIPE|ENOTFOUND|EHOSTUNREACH|Connection is closed|max retries per request|MaxRetriesPerRequest|isn't writeable|enableOfflineQueue|Failed to refresh slots|None of startup nodes|CLUSTERDOWN|LOADING|MASTERDOWN/i.test(
      text,
    )
  ) {
    return 'connection';
  }
  return 'unknown';
}
