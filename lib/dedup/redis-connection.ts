/**
 * One Redis connection per Lambda container, made for failing fast: connected lazily on the first
 * batch, no offline queue, no per-request retries, short connect timeout. A dead Redis then costs a
 * bounded time per batch, never a timeout per record and never the whole invocation.
 *
 * Two ways a connection goes bad without closing, and what is done about each:
 * - half-open or stalled (the peer vanished in a failover, a NAT dropped the flow): nothing closes
 *   it until the kernel gives up (about 15 minutes on Linux), so after a command or connect
 *   timeout the next batch gets a new client, at most once per `reconnectIntervalMs`, so that an
 *   outage does not become a reconnect storm. The old client is closed only after
 *   `lateReplyGraceMs`: a Redis that was merely slow (a stall of a few hundred ms) still answers
 *   the timed-out round trip on it, and the store releases the claims it took late. A truly
 *   half-open connection never answers: its claims, if Redis took them, end with their lease;
 * - a stale credential (an ElastiCache IAM token lives 15 minutes, a rotated secret): every
 *   connect, ioredis's own background reconnects included, makes the password anew.
 *
 * No password, token or signed URL ever appears in an error this module raises (redact.ts).
 */
import type { ConnectionOptions as TlsOptions } from 'node:tls';
import { type Callback, Cluster, type ClusterOptions, Redis, type RedisOptions } from 'ioredis';
import { ConfigurationError, DedupStoreError, type StoreErrorReason } from '../errors.ts';
import { type ElastiCacheIamAuth, elastiCacheIamTokens, TOKEN_REFRESH_MS } from './elasticache-iam.ts';
import { redactUrl, scrubError } from './redact.ts';

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

/** A client and how to keep it usable across batches. */
export interface RedisConnection {
  /** The current client: a new one after {@link RedisConnection.dropAfterTimeout}. */
  readonly client: Redis | Cluster;
  /** Resolves when the client is ready; rejects with a {@link DedupStoreError} after the connect timeout. */
  ready(): Promise<void>;
  /**
   * A round trip timed out: the next batch gets a new client (a half-open connection never answers
   * again); the old one is closed after `lateReplyGraceMs`, so that the late replies of a Redis
   * that was only slow still arrive. At most once per `reconnectIntervalMs`; true when dropped.
   * A client you passed in is never dropped (it is yours).
   */
  dropAfterTimeout(): boolean;
  /** `error` as it may be logged: known secrets scrubbed, ioredis's command arguments gone. */
  redact(error: unknown): Error;
  /** Close the client (tests, local runs); a later batch connects again. */
  close(): void;
}

/** A bad value of an option, never quoting it (it may hold the token). */
function parseUrl(url: string, option: string): URL {
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

/** A percent-encoded part of the URL, decoded; a bad `%` sequence names the part, never its value. */
function decoded(part: string, what: string, option: string): string | undefined {
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
  const parsed = parseUrl(url, option);
  decoded(parsed.username, 'user', option);
  decoded(parsed.password, 'password', option);
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

/** Sort a Redis or connection error into the `Reason` of the store error metric (`Metric.dedupErrors`). */
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

/** What a client of ours runs before each connect, and whether it was retired. @internal */
interface FreshAuth {
  beforeConnect: () => Promise<void>;
  retired: boolean;
}

/**
 * ioredis reads `options.password` when it connects, its own reconnects included, and has no
 * hook that may wait: so `connect()` itself makes the password first.
 */
class FreshAuthRedis extends Redis implements FreshAuth {
  beforeConnect: () => Promise<void> = async () => {};
  retired = false;
  override connect(callback?: Callback<void>): Promise<void> {
    const connecting = this.beforeConnect().then(() => {
      if (this.retired) throw new Error('Connection is closed.');
      return super.connect();
    });
    if (callback) connecting.then(() => callback(null), callback);
    return connecting;
  }
}

/** The same for a cluster: new node connections take the password from `redisOptions`. */
class FreshAuthCluster extends Cluster implements FreshAuth {
  beforeConnect: () => Promise<void> = async () => {};
  retired = false;
  override connect(): Promise<void> {
    return this.beforeConnect().then(() => {
      if (this.retired) throw new Error('Connection is closed.');
      return super.connect();
    });
  }
}

/** Disconnect now, even from a peer that never acknowledges (a half-open connection). */
function retire(client: (Redis | Cluster) & Partial<FreshAuth>): void {
  client.retired = true;
  const streams = client instanceof Cluster ? client.nodes().map((node) => node.stream) : [client.stream];
  client.disconnect();
  for (const stream of streams) stream?.destroy();
}

/**
 * Make a connection from options: lazy, fail-fast, TLS and AUTH/IAM as configured. `setup` runs
 * on each client made (the first, and each after a drop), e.g. to define Lua commands.
 *
 * @example
 * const redis = connectRedis({ url: 'rediss://my-cache.example.com:6379', cluster: true });
 * await redis.ready();
 * await redis.client.ping();
 */
export function connectRedis(
  options: RedisConnectionOptions,
  setup: (client: Redis | Cluster) => void = () => {},
): RedisConnection {
  validateRedisOptions(options);
  const url = parseUrl(options.url, 'redis.url');
  const host = url.hostname;
  const port = Number(url.port || 6379);
  const tlsOn = options.tls === undefined ? url.protocol === 'rediss:' : options.tls !== false;
  const tls = tlsOn
    ? { servername: host, ...(typeof options.tls === 'object' ? options.tls : {}) }
    : undefined;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const reconnectIntervalMs = options.reconnectIntervalMs ?? DEFAULT_RECONNECT_INTERVAL_MS;
  const lateReplyGraceMs = options.lateReplyGraceMs ?? DEFAULT_LATE_REPLY_GRACE_MS;
  const urlUser = decoded(url.username, 'user', 'redis.url');
  const urlPassword = decoded(url.password, 'password', 'redis.url');
  const staticPassword = typeof options.password === 'string' ? options.password : urlPassword;
  const makePassword: RedisPasswordProvider | undefined = options.iam
    ? elastiCacheIamTokens(options.iam)
    : typeof options.password === 'function'
      ? options.password
      : undefined;

  // Everything that may be a secret, as written anywhere: scrubbed from every error we pass on.
  const fixedSecrets = [staticPassword, url.password].filter((s): s is string => !!s);
  const madeSecrets: string[] = [];
  const remember = (secret: string) => {
    if (madeSecrets.includes(secret)) return;
    // The last few are enough: an error quotes the token it was sent with.
    if (madeSecrets.push(secret) > 4) madeSecrets.shift();
  };

  let password = staticPassword;
  let passwordAt = Number.NEGATIVE_INFINITY;
  let passwordError: unknown;
  const nodeOptions = (): RedisOptions => ({
    username: options.iam?.userId ?? options.username ?? urlUser,
    password,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: connectTimeoutMs,
    // Keep reconnecting in the background; batches do not wait for it beyond connectTimeoutMs.
    retryStrategy: (times) => Math.min(50 * 2 ** times, 2000),
    ...(tls ? { tls } : {}),
  });
  const usePassword = (client: Redis | Cluster, value: string) => {
    if (client instanceof Cluster) {
      if (client.options.redisOptions) client.options.redisOptions.password = value;
      for (const node of client.nodes()) node.options.password = value;
    } else {
      client.options.password = value;
    }
  };
  // A new password for `client`; on failure the last one stays (it may still be valid) and the
  // error is kept for ready() to report. A password made within the last second is fresh enough.
  const freshPassword = async (client: Redis | Cluster): Promise<void> => {
    if (!makePassword || Date.now() - passwordAt < 1000) return;
    try {
      const made = await makePassword();
      if (typeof made !== 'string' || made === '') throw new Error('the password function gave no text');
      remember(made);
      password = made;
      passwordAt = Date.now();
      passwordError = undefined;
      usePassword(client, made);
    } catch (error) {
      passwordError = error;
    }
  };

  const makeClient = (): Redis | Cluster => {
    let client: (Redis | Cluster) & FreshAuth;
    if (options.cluster) {
      const clusterOptions: ClusterOptions = {
        lazyConnect: true,
        enableOfflineQueue: false,
        redisOptions: nodeOptions(),
        slotsRefreshTimeout: connectTimeoutMs,
        clusterRetryStrategy: (times) => Math.min(50 * 2 ** times, 2000),
        // ElastiCache TLS certificates name the configuration endpoint, not the node IPs.
        ...(tls ? { dnsLookup: (address, callback) => callback(null, address) } : {}),
      };
      client = new FreshAuthCluster([{ host, port }], clusterOptions);
    } else {
      client = new FreshAuthRedis({ ...nodeOptions(), host, port });
    }
    client.beforeConnect = () => freshPassword(client);
    // Errors surface through the commands; an unhandled 'error' event would crash the process.
    client.on('error', () => {});
    setup(client);
    return client;
  };

  const redact = (error: unknown) => scrubError(error, [...fixedSecrets, ...madeSecrets]);
  let current = makeClient();
  let droppedAt = Number.NEGATIVE_INFINITY;
  // Dropped clients still open for late replies, each with the timer that closes it.
  const lingering = new Map<Redis | Cluster, NodeJS.Timeout>();
  const retireLater = (client: (Redis | Cluster) & FreshAuth) => {
    client.retired = true; // no reconnect: it only waits for what is on the wire
    const timer = setTimeout(() => {
      lingering.delete(client);
      retire(client);
    }, lateReplyGraceMs);
    timer.unref();
    lingering.set(client, timer);
  };
  const connection: RedisConnection = {
    get client() {
      return current;
    },
    async ready() {
      const client = current;
      if (client.status === 'ready') {
        // Cluster nodes ioredis adds by itself read the password from the options: keep it young.
        if (makePassword && Date.now() - passwordAt > TOKEN_REFRESH_MS) void freshPassword(client);
        return;
      }
      if (client.status === 'wait' || client.status === 'end') {
        await freshPassword(client);
        if (passwordError !== undefined && password === undefined) {
          throw new DedupStoreError(
            'connection',
            `could not make an auth token: ${redact(passwordError).message}`,
            { cause: redact(passwordError) },
          );
        }
        if ((client.status as string) === 'wait' || (client.status as string) === 'end') {
          client.connect().catch(() => {});
        }
      }
      try {
        await untilReady(client, connectTimeoutMs);
      } catch (error) {
        // A connection that does not become ready (a ready check that is never answered) is
        // dropped like one whose commands time out.
        connection.dropAfterTimeout();
        const why =
          passwordError === undefined
            ? ''
            : `; the last auth token could not be made: ${redact(passwordError).message}`;
        throw new DedupStoreError('connection', `${(error as Error).message}${why}`);
      }
    },
    dropAfterTimeout() {
      const now = Date.now();
      if (now - droppedAt < reconnectIntervalMs) return false;
      droppedAt = now;
      const old = current;
      current = makeClient();
      retireLater(old as (Redis | Cluster) & FreshAuth);
      return true;
    },
    redact,
    close() {
      const old = current;
      current = makeClient();
      retire(old);
      for (const [client, timer] of lingering) {
        clearTimeout(timer);
        retire(client);
      }
      lingering.clear();
    },
  };
  return connection;
}

/**
 * A connection around a client you made: connected when needed, never dropped (it is yours).
 *
 * @example
 * const connection = adoptRedisClient(new Redis({ lazyConnect: true, enableOfflineQueue: false }), 1000);
 * @internal
 */
export function adoptRedisClient(client: Redis | Cluster, connectTimeoutMs: number): RedisConnection {
  const secret = (client instanceof Cluster ? client.options.redisOptions : client.options)?.password;
  const secrets = typeof secret === 'string' ? [secret] : [];
  return {
    client,
    ready: () => whenReady(client, connectTimeoutMs),
    dropAfterTimeout: () => false,
    redact: (error) => scrubError(error, secrets),
    close: () => client.disconnect(),
  };
}

/**
 * Wait until `client` is ready, connecting it if it never was; a {@link DedupStoreError} after `timeoutMs`.
 *
 * @example
 * await whenReady(redis, 1000);
 */
export async function whenReady(client: Redis | Cluster, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return;
  if (client.status === 'wait' || client.status === 'end') client.connect().catch(() => {});
  try {
    await untilReady(client, timeoutMs);
  } catch (error) {
    throw new DedupStoreError('connection', (error as Error).message);
  }
}

function untilReady(client: Redis | Cluster, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(new Error(`not connected within ${timeoutMs} ms (status ${client.status})`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', onReady);
  });
}
