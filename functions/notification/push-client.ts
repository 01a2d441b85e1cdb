/**
 * A small HTTP client of the push provider: `POST <url>/push` with the notification and its
 * collapse id. Not idempotent by itself; the caller wraps it in an effect.
 */
import { PushProviderError } from './errors.ts';

/** One push. `collapseId` goes to APNs as `apns-collapse-id` and to FCM as the notification `tag`. */
export interface Push {
  readonly to: string;
  readonly title: string;
  readonly body?: string;
  readonly collapseId: string;
  readonly data?: Record<string, string>;
}

/** What the provider confirmed. */
export interface PushReceipt {
  readonly pushId: string;
}

export interface PushClient {
  /** `signal` aborts the request early (the effect's time is up). */
  send(push: Push, options?: { idempotencyKey?: string; signal?: AbortSignal }): Promise<PushReceipt>;
}

/** How long a push waits for the provider by default. */
export const DEFAULT_PUSH_TIMEOUT_MS = 3_000;

/**
 * Make a push client for the provider at `url` (PUSH_PROVIDER_URL). A push that is not confirmed
 * within `timeoutMs` (default 3 s) fails with a PushProviderError; it may still have been delivered,
 * which is what its collapse id is for.
 *
 * @example
 * const push = createPushClient({ url: process.env.PUSH_PROVIDER_URL! });
 * await push.send({ to: 'user-1', title: 'New review', collapseId: '01JD8X3Z4Q5R6S7T8V9W0XYZAB' });
 */
export function createPushClient(options: { url: string; timeoutMs?: number }): PushClient {
  const endpoint = new URL('push', options.url.endsWith('/') ? options.url : `${options.url}/`);
  const timeoutMs = options.timeoutMs ?? DEFAULT_PUSH_TIMEOUT_MS;
  return {
    async send(push, { idempotencyKey, signal } = {}) {
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // Providers that honour it drop a repeat on their side too.
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          },
          body: JSON.stringify(push),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        throw new PushProviderError(
          `no answer from ${endpoint.origin} within ${timeoutMs} ms (${(error as Error).message})`,
          undefined,
          {
            cause: error,
          },
        );
      }
      const text = await response.text();
      if (!response.ok)
        throw new PushProviderError(`HTTP ${response.status}: ${text.slice(0, 200)}`, response.status);
      let id: unknown;
      try {
        id = (JSON.parse(text) as { id?: unknown }).id;
      } catch {
        id = undefined;
      }
      if (typeof id !== 'string')
        throw new PushProviderError(
          `HTTP ${response.status} without a push id: ${text.slice(0, 200)}`,
          response.status,
        );
      return { pushId: id };
    },
  };
}
