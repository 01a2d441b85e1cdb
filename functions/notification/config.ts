/**
 * The notification function's settings from its environment.
 */

import * as contract from '../../lib/contract.ts';
import { effectsConfigFromEnv } from '../../lib/effects/index.ts';
import { ConfigurationError, dedupConfigFromEnv } from '../../lib/index.ts';
import type { NotificationHandlerOptions } from './create-handler.ts';

/**
 * Read the toolkit's dedup and effect settings (`dedupConfigFromEnv`, `effectsConfigFromEnv`), NOTIFICATIONS_TABLE_NAME (optional),
 * PUSH_PROVIDER_URL (http or https) and PUSH_TIMEOUT_MS (optional).
 *
 * @throws ConfigurationError naming the variable.
 * @example
 * export const handler = createNotificationHandler(notificationConfigFromEnv(process.env));
 */
export function notificationConfigFromEnv(env: NodeJS.ProcessEnv): NotificationHandlerOptions {
  const { tableName } = effectsConfigFromEnv(env);
  const pushUrl = env.PUSH_PROVIDER_URL?.trim();
  if (!pushUrl)
    throw new ConfigurationError('PUSH_PROVIDER_URL', 'is not set (the base URL of the push provider)');
  let protocol: string;
  try {
    protocol = new URL(pushUrl).protocol;
  } catch {
    throw new ConfigurationError('PUSH_PROVIDER_URL', `"${pushUrl}" is not a URL`);
  }
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new ConfigurationError('PUSH_PROVIDER_URL', `"${pushUrl}" must be http:// or https://`);
  }
  const timeout = env.PUSH_TIMEOUT_MS?.trim();
  if (timeout && !(Number.isInteger(Number(timeout)) && Number(timeout) > 0)) {
    throw new ConfigurationError(
      'PUSH_TIMEOUT_MS',
      `"${timeout}" is not a positive whole number of milliseconds`,
    );
  }
  const notificationsTableName = env.NOTIFICATIONS_TABLE_NAME?.trim();
  const service = env[contract.EnvVar.serviceName]?.trim();
  return {
    ...dedupConfigFromEnv(env),
    ...(service ? { service } : {}),
    tableName,
    ...(notificationsTableName ? { notificationsTableName } : {}),
    pushUrl,
    ...(timeout ? { pushTimeoutMs: Number(timeout) } : {}),
  };
}
