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
 * A connect that fails says why (connect-failure.ts): the cause is taken from ioredis's error
 * events while it connects (a refused port, a name that does not resolve, TLS on one side only,
 * refused credentials), so that a batch that waited for the connection is told more than "not
 * connected".
 *
 * No password, token or signed URL ever appears in an error this module raises (redact.ts).
 * Its options and their checks: redis-options.ts; the clients that make their password before
 * each connect: fresh-auth.ts.
 */
import { isIP } from 'node:net';
import { Cluster, type ClusterOptions, type Redis, type RedisOptions } from 'ioredis';
import { RedisConnectionError } from '../errors.ts';
import {
  type ConnectAttempt,
  type ConnectTarget,
  describeRedisFailure,
  type RedisFailure,
} from './connect-failure.ts';
import { elastiCacheIamTokens, TOKEN_REFRESH_MS } from './elasticache-iam.ts';
import {
  AuthPassword,
  type FreshAuth,
  FreshAuthCluster,
  FreshAuthRedis,
  lastAttempt,
  retire,
  traceClusterConnects,
  traceConnects,
} from './fresh-auth.ts';
import { opaqueFailures, scrubError } from './redact.ts';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_LATE_REPLY_GRACE_MS,
  DEFAULT_RECONNECT_INTERVAL_MS,
  decodedUrlPart,
  parseRedisUrl,
  type RedisConnectionOptions,
  type RedisPasswordProvider,
  validateRedisOptions,
} from './redis-options.ts';

/** A client and how to keep it usable across batches. */
export interface RedisConnection {
  /** The current client: a new one after {@link RedisConnection.dropAfterTimeout}. */
  readonly client: Redis | Cluster;
  /** `host:port` it connects to (a cluster's: the configuration endpoint). */
  readonly address: string;
  /**
   * Resolves when the client is ready; rejects after the connect timeout with a
   * {@link RedisConnectionError} that names the address and what the last connect ran into.
   */
  ready(): Promise<void>;
  /**
   * A failed command's error in the reader's words (the address, the cause, what to check), or
   * undefined when it is not a connection, auth or permission failure. ioredis's "not connected"
   * texts get the cause of the last failed connect.
   */
  describe(error: unknown): RedisFailure | undefined;
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
  const url = parseRedisUrl(options.url, 'redis.url');
  const host = url.hostname;
  const port = Number(url.port || 6379);
  const tlsOn = options.tls === undefined ? url.protocol === 'rediss:' : options.tls !== false;
  const tls = tlsOn
    ? {
        // SNI takes a host name only (RFC 6066; Node warns for an IP address).
        ...(isIP(host) ? {} : { servername: host }),
        ...(typeof options.tls === 'object' ? options.tls : {}),
      }
    : undefined;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const reconnectIntervalMs = options.reconnectIntervalMs ?? DEFAULT_RECONNECT_INTERVAL_MS;
  const lateReplyGraceMs = options.lateReplyGraceMs ?? DEFAULT_LATE_REPLY_GRACE_MS;
  const target: ConnectTarget = {
    address: `${host}:${port}`,
    tls: tlsOn,
    user: options.iam?.userId ?? options.username,
    connectTimeoutMs,
  };
  const urlUser = decodedUrlPart(url.username, 'user', 'redis.url');
  const urlPassword = decodedUrlPart(url.password, 'password', 'redis.url');
  const staticPassword = typeof options.password === 'string' ? options.password : urlPassword;
  const makePassword: RedisPasswordProvider | undefined = options.iam
    ? elastiCacheIamTokens(options.iam)
    : typeof options.password === 'function'
      ? opaqueFailures(options.password) // its errors may quote the secret: their type only
      : undefined;

  // Everything that may be a secret, as written anywhere: scrubbed from every error we pass on.
  const auth = new AuthPassword(
    staticPassword,
    makePassword,
    [staticPassword, url.password].filter((s): s is string => !!s),
  );
  const nodeOptions = (): RedisOptions => ({
    username: options.iam?.userId ?? options.username ?? urlUser,
    password: auth.current,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // No CLIENT SETINFO on connect: ioredis waits for it before the ready check (a round trip on
    // every cold start), and Valkey and Redis 7.2+ refuse it to the dedup user (not in its ACL:
    // an ACL LOG entry per connection; Redis 7.0 does not know the command, so it cannot be listed).
    disableClientInfo: true,
    connectTimeout: connectTimeoutMs,
    // Keep reconnecting in the background; batches do not wait for it beyond connectTimeoutMs.
    retryStrategy: (times) => Math.min(50 * 2 ** times, 2000),
    ...(tls ? { tls } : {}),
  });
  // What the last failed connect ran into; cleared when a client becomes ready.
  let lastFailure: RedisFailure | undefined;
  const noteFailure = (failure: RedisFailure | undefined) => {
    // ioredis follows a refusal with "Stream isn't writeable": that says less, keep the first.
    if (failure && (failure.problem !== 'closed' || lastFailure === undefined)) lastFailure = failure;
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
    client.beforeConnect = () => auth.renew(client);
    // Errors surface through the commands (an unhandled 'error' event would crash the process);
    // what they say is kept to tell why a batch found no connection.
    if (client instanceof FreshAuthCluster) {
      client.on('error', (error) => noteFailure(describeRedisFailure(error, target)));
      client.latestConnect = traceClusterConnects(client, (error, address, attempt) =>
        noteFailure(describeRedisFailure(error, { ...target, address }, attempt)),
      );
    } else {
      const standalone = client as FreshAuthRedis;
      traceConnects(standalone);
      standalone.on('error', (error) =>
        noteFailure(describeRedisFailure(error, target, lastAttempt(standalone))),
      );
    }
    client.on('ready', () => {
      // ioredis pipelines AUTH and its ready check: a wrong password is answered WRONGPASS and the
      // check is answered anyway by a server's open default user, so 'ready' can fire as the
      // failed AUTH tears the connection down. What failed is forgotten only if it stays ready.
      setImmediate(() => {
        if (client.status === 'ready') lastFailure = undefined;
      });
    });
    setup(client);
    return client;
  };

  const redact = (error: unknown) => scrubError(error, auth.secrets());
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
    address: target.address,
    async ready() {
      const client = current;
      if (client.status === 'ready') {
        // Cluster nodes ioredis adds by itself read the password from the options: keep it young.
        if (auth.olderThan(TOKEN_REFRESH_MS)) void auth.renew(client);
        return;
      }
      if (client.status === 'wait' || client.status === 'end') {
        await auth.renew(client);
        if (auth.error !== undefined && auth.current === undefined) {
          throw new RedisConnectionError(
            'connection',
            'auth',
            target.address,
            `could not make an auth token for ${target.address}: ${redact(auth.error).message}`,
            { cause: redact(auth.error) },
          );
        }
        if ((client.status as string) === 'wait' || (client.status as string) === 'end') {
          // A cluster's startup name that does not resolve shows only here (ioredis emits nothing).
          client.connect().catch((error) => noteFailure(describeRedisFailure(error, target)));
        }
      }
      try {
        await untilReady(client, connectTimeoutMs);
      } catch {
        // A connection that does not become ready (a ready check that is never answered) is
        // dropped like one whose commands time out.
        connection.dropAfterTimeout();
        const why =
          auth.error === undefined
            ? ''
            : `; the last auth token could not be made: ${redact(auth.error).message}`;
        throw notReady(client, target, lastFailure, why);
      }
    },
    describe(error) {
      const failure = describeRedisFailure(
        error,
        target,
        current instanceof Cluster ? undefined : lastAttempt(current),
      );
      if (failure?.problem === 'closed' && lastFailure && lastFailure.problem !== 'closed') {
        return { ...lastFailure, text: `not connected: ${lastFailure.text}` };
      }
      return failure;
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
  const target = targetOf(client, connectTimeoutMs);
  return {
    client,
    address: target.address,
    ready: () => whenReady(client, connectTimeoutMs),
    describe: (error) =>
      describeRedisFailure(error, target, client instanceof Cluster ? undefined : lastAttempt(client)),
    dropAfterTimeout: () => false,
    redact: (error) => scrubError(error, secrets),
    close: () => client.disconnect(),
  };
}

/**
 * Wait until `client` is ready, connecting it if it never was; a {@link RedisConnectionError} after `timeoutMs`.
 *
 * @example
 * await whenReady(redis, 1000);
 */
export async function whenReady(client: Redis | Cluster, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return;
  if (client.status === 'wait' || client.status === 'end') client.connect().catch(() => {});
  try {
    await untilReady(client, timeoutMs);
  } catch {
    throw notReady(client, targetOf(client, timeoutMs), undefined, '');
  }
}

/** Where a client made elsewhere connects (its first startup node, for a cluster). */
function targetOf(client: Redis | Cluster, connectTimeoutMs: number): ConnectTarget {
  if (client instanceof Cluster) {
    const first = (client as unknown as { startupNodes: unknown[] }).startupNodes[0] as
      | { host?: string; port?: number }
      | string
      | number
      | undefined;
    const address =
      typeof first === 'object'
        ? `${first.host ?? 'localhost'}:${first.port ?? 6379}`
        : String(first ?? 'cluster');
    return {
      address,
      tls: !!client.options.redisOptions?.tls,
      user: client.options.redisOptions?.username,
      connectTimeoutMs,
    };
  }
  const { host, port, tls, username } = client.options;
  return { address: `${host ?? 'localhost'}:${port ?? 6379}`, tls: !!tls, user: username, connectTimeoutMs };
}

/**
 * The error of a client that did not become ready in time: why its last connect failed, else how
 * far it got (traced connects), else that it did not answer.
 */
function notReady(
  client: Redis | Cluster,
  target: ConnectTarget,
  lastFailure: RedisFailure | undefined,
  why: string,
): RedisConnectionError {
  let attempt: ConnectAttempt | undefined;
  let at = target;
  if (client instanceof FreshAuthCluster) {
    const latest = client.latestConnect?.();
    attempt = latest?.attempt;
    if (latest) at = { ...target, address: latest.address };
  } else if (!(client instanceof Cluster)) attempt = lastAttempt(client);
  // ioredis's own connect timeout may fire just after ours: its verdict, from how far the connect got.
  const failure =
    lastFailure ??
    (attempt && (!attempt.tcp || (target.tls && !attempt.secure))
      ? describeRedisFailure({ code: 'ETIMEDOUT' }, at, attempt)
      : undefined);
  if (failure) {
    const reason = failure.problem === 'timeout' ? 'timeout' : 'connection';
    return new RedisConnectionError(reason, failure.problem, failure.address, `${failure.text}${why}`);
  }
  const text = attempt?.tcp
    ? `${at.address} accepted the connection but did not answer within ${at.connectTimeoutMs} ms (a stalled or overloaded Redis)`
    : `no answer from ${at.address} within ${at.connectTimeoutMs} ms (status ${client.status})`;
  return new RedisConnectionError('timeout', 'timeout', at.address, `${text}${why}`);
}

function untilReady(client: Redis | Cluster, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(new Error(`not connected within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', onReady);
  });
}
