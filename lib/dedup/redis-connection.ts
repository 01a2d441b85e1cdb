/**
 * One Redis connection per Lambda container, made for failing fast: connected lazily on the first
 * batch, no offline queue, no per-request retries, short connect timeout. A dead Redis then costs a
 * bounded time per batch, never a timeout per record and never the whole invocation.
 */
import type { ConnectionOptions as TlsOptions } from 'node:tls';
import { Cluster, type ClusterOptions, Redis, type RedisOptions } from 'ioredis';
import { ConfigurationError, DedupStoreError, type StoreErrorReason } from '../errors.ts';
import { type ElastiCacheIamAuth, elastiCacheIamToken, TOKEN_REFRESH_MS } from './elasticache-iam.ts';

export interface RedisConnectionOptions {
  /** `redis://[user:token@]host:port` or `rediss://...` (TLS, as ElastiCache in transit encryption). */
  url: string;
  /** Cluster mode (ElastiCache Serverless always speaks it). Default: false. */
  cluster?: boolean;
  /** TLS: true, or Node TLS options (a private CA, say); default: true for `rediss://`. */
  tls?: boolean | TlsOptions;
  /** AUTH user and token; default: from the URL. */
  username?: string;
  password?: string;
  /** ElastiCache IAM authentication instead of a token. */
  iam?: Omit<ElastiCacheIamAuth, 'cacheName'> & { cacheName: string };
  /** Longest a store round trip (claim, commit, release) may take. Default: 250 ms. */
  commandTimeoutMs?: number;
  /** Longest a batch waits for a connection. Default: 1000 ms. */
  connectTimeoutMs?: number;
}

export const DEFAULT_COMMAND_TIMEOUT_MS = 250;
export const DEFAULT_CONNECT_TIMEOUT_MS = 1000;

/** A client and how to make sure it is connected before a batch. */
export interface RedisConnection {
  readonly client: Redis | Cluster;
  /** Resolves when the client is ready; rejects with a {@link DedupStoreError} after the connect timeout. */
  ready(): Promise<void>;
}

function parseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigurationError(
      'redis.url',
      `'${url}' is not a URL (expected redis://host:port or rediss://host:port)`,
    );
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new ConfigurationError('redis.url', `'${url}' must start with redis:// or rediss://`);
  }
  if (!parsed.hostname) throw new ConfigurationError('redis.url', `'${url}' has no host`);
  return parsed;
}

/**
 * Check connection options at start-up; a bad URL or timeout is a {@link ConfigurationError}.
 *
 * @example
 * validateRedisOptions({ url: 'rediss://my-cache.serverless.use1.cache.amazonaws.com:6379', cluster: true });
 */
export function validateRedisOptions(options: RedisConnectionOptions): void {
  parseUrl(options.url);
  for (const name of ['commandTimeoutMs', 'connectTimeoutMs'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      throw new ConfigurationError(`redis.${name}`, `${value} is not a positive number of milliseconds`);
    }
  }
  if (options.iam && (!options.iam.userId || !options.iam.cacheName)) {
    throw new ConfigurationError('redis.iam', 'IAM auth needs userId and cacheName');
  }
}

/** Sort a Redis or connection error into the `Reason` of the store error metric (`Metric.dedupErrors`). */
export function errorReason(error: unknown): StoreErrorReason {
  if (error instanceof DedupStoreError) return error.reason;
  if ((error as Error)?.name === 'MaxRetriesPerRequestError') return 'connection';
  const text = String((error as Error)?.message ?? error);
  if (/timed? ?out|ETIMEDOUT/i.test(text)) return 'timeout';
  if (/NOSCRIPT|ERR Error (running|compiling) script|script/i.test(text)) return 'script';
  if (
    /ECONNREFUSED|ECONNRESET|EPIPE|ENOTFOUND|EHOSTUNREACH|Connection is closed|max retries per request|MaxRetriesPerRequest|isn't writeable|enableOfflineQueue|Failed to refresh slots|None of startup nodes|CLUSTERDOWN|LOADING|MASTERDOWN/i.test(
      text,
    )
  ) {
    return 'connection';
  }
  return 'unknown';
}

/**
 * Make a client from options: lazy, fail-fast, TLS and AUTH/IAM as configured.
 *
 * @example
 * const { client, ready } = connectRedis({ url: 'rediss://my-cache.example.com:6379', cluster: true });
 * await ready();
 */
export function connectRedis(options: RedisConnectionOptions): RedisConnection {
  validateRedisOptions(options);
  const url = parseUrl(options.url);
  const host = url.hostname;
  const port = Number(url.port || 6379);
  const tlsOn = options.tls === undefined ? url.protocol === 'rediss:' : options.tls !== false;
  const tls = tlsOn
    ? { servername: host, ...(typeof options.tls === 'object' ? options.tls : {}) }
    : undefined;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const nodeOptions: RedisOptions = {
    username: options.iam?.userId ?? options.username ?? (decodeURIComponent(url.username) || undefined),
    password: options.password ?? (decodeURIComponent(url.password) || undefined),
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: connectTimeoutMs,
    // Keep reconnecting in the background; batches do not wait for it beyond connectTimeoutMs.
    retryStrategy: (times) => Math.min(50 * 2 ** times, 2000),
    ...(tls ? { tls } : {}),
  };
  let client: Redis | Cluster;
  if (options.cluster) {
    const clusterOptions: ClusterOptions = {
      lazyConnect: true,
      enableOfflineQueue: false,
      redisOptions: nodeOptions,
      slotsRefreshTimeout: connectTimeoutMs,
      clusterRetryStrategy: (times) => Math.min(50 * 2 ** times, 2000),
      // ElastiCache TLS certificates name the configuration endpoint, not the node IPs.
      ...(tls ? { dnsLookup: (address, callback) => callback(null, address) } : {}),
    };
    client = new Cluster([{ host, port }], clusterOptions);
  } else {
    client = new Redis({ ...nodeOptions, host, port });
  }
  // Errors surface through the commands; an unhandled 'error' event would crash the process.
  client.on('error', () => {});
  const iam = options.iam;
  let tokenAt = 0;
  const refreshToken = async () => {
    if (!iam || Date.now() - tokenAt < TOKEN_REFRESH_MS) return;
    const token = await elastiCacheIamToken(iam);
    tokenAt = Date.now();
    if (client instanceof Cluster) {
      if (client.options.redisOptions) client.options.redisOptions.password = token;
      for (const node of client.nodes()) node.options.password = token;
    } else {
      client.options.password = token;
    }
  };
  return { client, ready: () => whenReady(client, connectTimeoutMs, refreshToken) };
}

/**
 * Wait until `client` is ready, connecting it if it never was; a {@link DedupStoreError} after `timeoutMs`.
 *
 * @example
 * await whenReady(redis, 1000);
 */
export async function whenReady(
  client: Redis | Cluster,
  timeoutMs: number,
  beforeConnect: () => Promise<void> = async () => {},
): Promise<void> {
  if (client.status === 'ready') return;
  try {
    await beforeConnect();
  } catch (error) {
    throw new DedupStoreError('connection', `could not make an auth token: ${(error as Error).message}`, {
      cause: error,
    });
  }
  // The token step awaited: the client may have become ready meanwhile.
  if ((client.status as string) === 'ready') return;
  if (client.status === 'wait' || client.status === 'end') {
    client.connect().catch(() => {});
  }
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(
        new DedupStoreError('connection', `not connected within ${timeoutMs} ms (status ${client.status})`),
      );
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', onReady);
  });
}
