/**
 * Dedup settings of a deployed function, from its environment (set by the CDK construct).
 */
import { MemoryDedupStore } from '../dedup/memory-store.ts';
import { checkRedisUrl, type RedisConnectionOptions } from '../dedup/redis-connection.ts';
import type { DedupStore } from '../dedup/store.ts';
import { WINDOWS, type WindowName } from '../dedup/window.ts';
import { ConfigurationError } from '../errors.ts';

export interface DedupEnvConfig {
  redis?: RedisConnectionOptions;
  store?: DedupStore;
  window: WindowName | number;
  onStoreError: 'open' | 'closed';
  reserveMs?: number;
  leaseMs?: number;
}

function millis(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw))
    throw new ConfigurationError(name, `'${raw}' is not a whole number of milliseconds`);
  return Number(raw);
}

/** DEDUP_RESERVE_MS (time kept free at the end of an invocation) and DEDUP_LEASE_MS (claim lease). */
function timingFromEnv(env: NodeJS.ProcessEnv): { reserveMs?: number; leaseMs?: number } {
  const reserveMs = millis(env, 'DEDUP_RESERVE_MS');
  const leaseMs = millis(env, 'DEDUP_LEASE_MS');
  return { ...(reserveMs === undefined ? {} : { reserveMs }), ...(leaseMs === undefined ? {} : { leaseMs }) };
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name]?.toLowerCase();
  if (value === undefined || value === '') return false;
  if (['true', '1', 'yes'].includes(value)) return true;
  if (['false', '0', 'no'].includes(value)) return false;
  throw new ConfigurationError(name, `'${env[name]}' is not true or false`);
}

/**
 * Read DEDUP_REDIS_URL, DEDUP_REDIS_MODE (standalone|cluster), DEDUP_REDIS_AUTH (none|token|iam),
 * DEDUP_REDIS_USER, DEDUP_REDIS_TOKEN, DEDUP_REDIS_CACHE_NAME, DEDUP_REDIS_SERVERLESS,
 * DEDUP_WINDOW (default|critical|analytics|seconds), DEDUP_STORE_POLICY (open|closed),
 * DEDUP_RESERVE_MS (default 5000), DEDUP_LEASE_MS (default 30000) and DEDUP_STORE=memory (local runs only).
 *
 * @throws {ConfigurationError} naming the variable; never quoting a token (DEDUP_REDIS_TOKEN, or one in the URL).
 * @example
 * export const handler = kafkaHandler({ handlerName: 'on-review-created', ...dedupConfigFromEnv(), handle });
 */
export function dedupConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DedupEnvConfig {
  const rawWindow = env.DEDUP_WINDOW || 'default';
  let window: WindowName | number;
  if (Object.hasOwn(WINDOWS, rawWindow)) window = rawWindow as WindowName;
  else if (/^\d+$/.test(rawWindow)) window = Number(rawWindow);
  else
    throw new ConfigurationError(
      'DEDUP_WINDOW',
      `'${rawWindow}' is not ${Object.keys(WINDOWS).join(', ')} or seconds`,
    );
  const policy = env.DEDUP_STORE_POLICY || 'open';
  if (policy !== 'open' && policy !== 'closed') {
    throw new ConfigurationError('DEDUP_STORE_POLICY', `'${policy}' is neither open nor closed`);
  }
  const reserve = timingFromEnv(env);
  if (env.DEDUP_STORE === 'memory')
    return { store: new MemoryDedupStore(), window, onStoreError: policy, ...reserve };
  if (env.DEDUP_STORE && env.DEDUP_STORE !== 'redis') {
    throw new ConfigurationError('DEDUP_STORE', `'${env.DEDUP_STORE}' is neither redis nor memory`);
  }
  const url = env.DEDUP_REDIS_URL;
  if (!url)
    throw new ConfigurationError(
      'DEDUP_REDIS_URL',
      'is not set (rediss://<endpoint>:6379, or DEDUP_STORE=memory for local runs)',
    );
  // Checked here to name the variable; the message shows neither user nor token (an init error
  // lands in CloudWatch).
  checkRedisUrl(url, 'DEDUP_REDIS_URL');
  const mode = env.DEDUP_REDIS_MODE || 'standalone';
  if (mode !== 'standalone' && mode !== 'cluster') {
    throw new ConfigurationError('DEDUP_REDIS_MODE', `'${mode}' is neither standalone nor cluster`);
  }
  const redis: RedisConnectionOptions = { url, cluster: mode === 'cluster' };
  const auth = env.DEDUP_REDIS_AUTH || 'none';
  if (auth === 'iam') {
    const userId = env.DEDUP_REDIS_USER;
    const cacheName = env.DEDUP_REDIS_CACHE_NAME;
    if (!userId) throw new ConfigurationError('DEDUP_REDIS_USER', 'is needed with DEDUP_REDIS_AUTH=iam');
    if (!cacheName)
      throw new ConfigurationError('DEDUP_REDIS_CACHE_NAME', 'is needed with DEDUP_REDIS_AUTH=iam');
    redis.iam = {
      userId,
      cacheName,
      serverless: env.DEDUP_REDIS_SERVERLESS === undefined ? true : flag(env, 'DEDUP_REDIS_SERVERLESS'),
    };
  } else if (auth === 'token') {
    if (!env.DEDUP_REDIS_TOKEN)
      throw new ConfigurationError('DEDUP_REDIS_TOKEN', 'is needed with DEDUP_REDIS_AUTH=token');
    redis.password = env.DEDUP_REDIS_TOKEN;
    if (env.DEDUP_REDIS_USER) redis.username = env.DEDUP_REDIS_USER;
  } else if (auth !== 'none') {
    // Not quoted: a token pasted here by mistake would land in the init error.
    throw new ConfigurationError('DEDUP_REDIS_AUTH', 'is not none, token or iam (the value is not shown)');
  }
  return { redis, window, onStoreError: policy, ...reserve };
}
