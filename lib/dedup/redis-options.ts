/**
 * The options of a Redis connection, their defaults, and their checks at start-up.
 *
 * Guarantees: a bad URL, timeout or auth setting is a {@link ConfigurationError} naming the
 * setting (`redis.url`, `DEDUP_REDIS_URL`, `redis.commandTimeoutMs`, ...), raised before any
 * connection is made; no message quotes the user, the token or the URL's userinfo (redact.ts).
 * Does not: reach Redis (a host that does not answer is found at the first batch), or check that
 * a password function or an IAM identity will make a token that Redis accepts.
 */
import type { ConnectionOptions as TlsOptions } from 'node:tls';
import { ConfigurationError } from '../errors.ts';
import type { ElastiCacheIamAuth } from './elasticache-iam.ts';
import { redactUrl } from './redact.ts';

/** A function that makes the AUTH password: called before every connect. */
export type RedisPasswordProvider = () => string | Promise<string>;

export interface RedisConnectionOptions {
  /**
   * `redis://[user:token@]host:port` or `rediss://...` (TLS, as ElastiCache in transit encryption).
   * A token in the URL must be percent-encoded (`encodeURIComponent`); or give it as `password`.
   */
  url: string;
  /** Cluster mode (ElastiCache Serverless always speaks it). Default: false. */
  cluster?: boolean;
  /** TLS: true, or Node TLS options (a private CA, say); default: true for `rediss://`. */
  tls?: boolean | TlsOptions;
  /** AUTH user; default: from the URL. */
  username?: string;
  /**
   * AUTH token, or a function that makes one (a rotated secret), called before every connect,
   * ioredis's own reconnects included. Default: from the URL.
   */
  password?: string | RedisPasswordProvider;
  /** ElastiCache IAM authentication instead of a token: a new IAM token for every connect. */
  iam?: Omit<ElastiCacheIamAuth, 'cacheName'> & { cacheName: string };
  /** Longest a store round trip (claim, commit, release) may take. Default: 250 ms. */
  commandTimeoutMs?: number;
  /** Longest a batch waits for a connection. Default: 1000 ms. */
  connectTimeoutMs?: number;
  /**
   * After a command or connect timeout the connection is dropped and the next batch connects
   * afresh; at most once per this many milliseconds. Default: 5000 ms.
   */
  reconnectIntervalMs?: number;
  /**
   * How long a dropped client stays open for the late replies of its timed-out round trip (the
   * store releases the claims they show), before it is closed. Default: 5000 ms.
   */
  lateReplyGraceMs?: number;
}

export const DEFAULT_COMMAND_TIMEOUT_MS = 250;
export const DEFAULT_CONNECT_TIMEOUT_MS = 1000;
export const DEFAULT_RECONNECT_INTERVAL_MS = 5000;
export const DEFAULT_LATE_REPLY_GRACE_MS = 5000;

/**
 * The URL of `option`, parsed; a bad value is named, never quoted (it may hold the token).
 *
 * @example
 * const url = parseRedisUrl('rediss://my-cache.example.com:6379', 'redis.url');
 * @internal
 */
export function parseRedisUrl(url: string, option: string): URL {
  if (typeof url !== 'string' || url === '') throw new ConfigurationError(option, 'is empty');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigurationError(
      option,
      `${redactUrl(url)} is not a URL (expected redis://host:port or rediss://host:port; a token ` +
        'with / ? # @ % or spaces must be percent-encoded, or set apart as the password)',
    );
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new ConfigurationError(option, `${redactUrl(url)} must start with redis:// or rediss://`);
  }
  if (!parsed.hostname) throw new ConfigurationError(option, `${redactUrl(url)} has no host`);
  return parsed;
}

/**
 * A percent-encoded part of the URL, decoded; a bad `%` sequence names the part, never its value.
 *
 * @example
 * const user = decodedUrlPart(url.username, 'user', 'redis.url');
 * @internal
 */
export function decodedUrlPart(part: string, what: string, option: string): string | undefined {
  try {
    return decodeURIComponent(part) || undefined;
  } catch {
    throw new ConfigurationError(
      option,
      `the ${what} in the URL has a % that is not followed by two hex digits: write % as %25 ` +
        '(encodeURIComponent), or set the token apart as the password',
    );
  }
}

/**
 * Check a Redis URL naming the setting it came from (`redis.url`, or `DEDUP_REDIS_URL`); the
 * message never quotes the user or the token.
 *
 * @example
 * checkRedisUrl(process.env.DEDUP_REDIS_URL!, 'DEDUP_REDIS_URL');
 */
export function checkRedisUrl(url: string, option = 'redis.url'): void {
  const parsed = parseRedisUrl(url, option);
  decodedUrlPart(parsed.username, 'user', option);
  decodedUrlPart(parsed.password, 'password', option);
}

/**
 * Check connection options at start-up; a bad URL or timeout is a {@link ConfigurationError}.
 *
 * @example
 * validateRedisOptions({ url: 'rediss://my-cache.serverless.use1.cache.amazonaws.com:6379', cluster: true });
 */
export function validateRedisOptions(options: RedisConnectionOptions): void {
  checkRedisUrl(options.url);
  for (const name of ['commandTimeoutMs', 'connectTimeoutMs'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      throw new ConfigurationError(`redis.${name}`, `${value} is not a positive number of milliseconds`);
    }
  }
  for (const name of ['reconnectIntervalMs', 'lateReplyGraceMs'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
      throw new ConfigurationError(`redis.${name}`, `${value} is not a number of milliseconds >= 0`);
    }
  }
  const password = options.password;
  if (password !== undefined && typeof password !== 'string' && typeof password !== 'function') {
    throw new ConfigurationError('redis.password', 'must be the token, or a function that makes it');
  }
  if (options.iam && (!options.iam.userId || !options.iam.cacheName)) {
    throw new ConfigurationError('redis.iam', 'IAM auth needs userId and cacheName');
  }
}
