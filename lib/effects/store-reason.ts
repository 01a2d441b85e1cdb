/**
 * Sort an error of the idempotency table into a reason a reader (and an alarm) can act on.
 */
import type { EffectStoreReason } from './errors.ts';

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EPIPE',
]);
const THROTTLING = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'LimitExceededException',
]);

/**
 * The reason of a store failure, looking through `cause` chains (Powertools wraps SDK errors).
 *
 * @example
 * storeReasonOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })); // 'connection'
 */
export function storeReasonOf(error: unknown): EffectStoreReason {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    // The SDK names a reset connect a TimeoutError too; the code says what happened.
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return 'connection';
    if (e.name === 'TimeoutError' || code === 'ETIMEDOUT' || e.name === 'AbortError') return 'timeout';
    if (THROTTLING.has(e.name)) return 'throttled';
    if (e.name === 'ResourceNotFoundException') return 'table-missing';
    if (e.name === 'AccessDeniedException' || e.name === 'UnrecognizedClientException')
      return 'access-denied';
  }
  return 'unknown';
}
