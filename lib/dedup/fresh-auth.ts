/**
 * Fresh auth: every connect of our clients makes its password anew (a rotated secret, an
 * ElastiCache IAM token, which lives 15 minutes), ioredis's own background reconnects included.
 *
 * ioredis reads `options.password` when it connects and has no hook that may wait, so our
 * subclasses' `connect()` makes the password first. This leans on ioredis 5's internals, all of
 * them here and nowhere else: every (re)connect goes through `connect()`; a standalone client
 * reads `options.password`; a cluster's new node connections read `options.redisOptions.password`
 * and its nodes `options.password`; `stream` is a node's socket.
 *
 * The connects are traced too (`traceConnects`): how far the last one got (TCP, TLS, a byte from
 * the server) tells a TLS mismatch from a host that does not answer. This leans on
 * `connector.connect()` resolving the socket of each connect before it connects.
 *
 * Guarantees: a connect uses a password made within the last second, or the last one made when
 * making it failed (it may still be valid: the failure is kept for the caller to report); a
 * retired client never connects again; every secret made is remembered (the last few) so that the
 * connection can scrub it from errors. Does not: re-authenticate a connection that is up (Redis
 * keeps an authenticated connection), or check that Redis accepts the password made.
 */
import type { Socket } from 'node:net';
import { type Callback, Cluster, Redis } from 'ioredis';
import type { ConnectAttempt } from './connect-failure.ts';
import type { RedisPasswordProvider } from './redis-options.ts';

/** What a client of ours runs before each connect, and whether it was retired. @internal */
export interface FreshAuth {
  beforeConnect: () => Promise<void>;
  retired: boolean;
}

const ATTEMPT = Symbol('msk-once.connectAttempt');
type Traced = { [ATTEMPT]?: ConnectAttempt; connector?: { connect(...args: unknown[]): Promise<Socket> } };

/**
 * Note on `client`, for each connect, how far it got ({@link lastAttempt}): the TCP connection
 * (a TLS socket emits `connect` too), the TLS session, the bytes read.
 *
 * @example
 * traceConnects(client);
 * @internal
 */
export function traceConnects(client: Redis): void {
  const traced = client as unknown as Traced;
  const connector = traced.connector;
  if (!connector || typeof connector.connect !== 'function') return;
  const connect = connector.connect.bind(connector);
  connector.connect = (...args: unknown[]) =>
    connect(...args).then((stream) => {
      const attempt: ConnectAttempt = { tcp: false, secure: false, bytesRead: 0 };
      traced[ATTEMPT] = attempt;
      stream.once('connect', () => {
        attempt.tcp = true;
      });
      stream.once('secureConnect', () => {
        attempt.secure = true;
      });
      stream.once('close', () => {
        attempt.bytesRead = stream.bytesRead;
      });
      return stream;
    });
}

/**
 * Trace the connects of a cluster's nodes and of the connections it makes to load the slot map
 * (a node's `duplicate()`, whose errors ioredis drops: a startup node that refuses shows only as
 * "Failed to refresh slots cache"), and pass their errors to `onError` with the node's address;
 * the function returned tells how far the latest of them got. Leans on `+node` being emitted
 * before the node connects, and on the slot map being loaded through `duplicate()`.
 *
 * @example
 * const latest = traceClusterConnects(cluster, (error, address, attempt) => note(error, address, attempt));
 * @internal
 */
export function traceClusterConnects(
  cluster: Cluster,
  onError: (error: unknown, address: string, attempt: ConnectAttempt | undefined) => void,
): () => { address: string; attempt: ConnectAttempt | undefined } | undefined {
  // The connection made last: how far it got tells why a cluster that never became ready did not.
  let latest: { address: string; client: Redis } | undefined;
  const trace = (client: Redis, address: string) => {
    traceConnects(client);
    latest = { address, client };
    client.on('error', (error) => onError(error, address, lastAttempt(client)));
  };
  cluster.on('+node', (node: Redis) => {
    const address = `${node.options.host}:${node.options.port}`;
    trace(node, address);
    const duplicate = node.duplicate.bind(node);
    node.duplicate = (override) => {
      const copy = duplicate(override);
      trace(copy, address);
      return copy;
    };
  });
  return () => latest && { address: latest.address, attempt: lastAttempt(latest.client) };
}

/** How far the last connect of `client` got, where it was traced. @internal */
export function lastAttempt(client: Redis): ConnectAttempt | undefined {
  const attempt = (client as unknown as Traced)[ATTEMPT];
  if (!attempt) return undefined;
  // Still open: what was read so far.
  const stream = client.stream as Socket | undefined;
  return { ...attempt, bytesRead: Math.max(attempt.bytesRead, stream?.bytesRead ?? 0) };
}

/**
 * A standalone client whose `connect()` (its reconnects included) makes the password first.
 * @internal
 */
export class FreshAuthRedis extends Redis implements FreshAuth {
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

/** The same for a cluster: new node connections take the password from `redisOptions`. @internal */
export class FreshAuthCluster extends Cluster implements FreshAuth {
  beforeConnect: () => Promise<void> = async () => {};
  retired = false;
  /** Where and how far the latest traced connect of the cluster got ({@link traceClusterConnects}). */
  latestConnect?: () => { address: string; attempt: ConnectAttempt | undefined } | undefined;
  override connect(): Promise<void> {
    return this.beforeConnect().then(() => {
      if (this.retired) throw new Error('Connection is closed.');
      return super.connect();
    });
  }
}

/**
 * Disconnect now, even from a peer that never acknowledges (a half-open connection).
 *
 * @example
 * retire(oldClient);
 * @internal
 */
export function retire(client: (Redis | Cluster) & Partial<FreshAuth>): void {
  client.retired = true;
  const streams = client instanceof Cluster ? client.nodes().map((node) => node.stream) : [client.stream];
  client.disconnect();
  for (const stream of streams) stream?.destroy();
}

/** Where the next connect of `client` (and each of a cluster's nodes) reads its password. */
function usePassword(client: Redis | Cluster, value: string): void {
  if (client instanceof Cluster) {
    if (client.options.redisOptions) client.options.redisOptions.password = value;
    for (const node of client.nodes()) node.options.password = value;
  } else {
    client.options.password = value;
  }
}

/**
 * The AUTH password of one connection (all its clients share it): a fixed one, or one made by a
 * function before each connect, and every form of it that an error may quote.
 *
 * @example
 * const auth = new AuthPassword(undefined, () => fetchSecret(), []);
 * client.beforeConnect = () => auth.renew(client);
 * @internal
 */
export class AuthPassword {
  readonly #make: RedisPasswordProvider | undefined;
  readonly #fixedSecrets: readonly string[];
  readonly #madeSecrets: string[] = [];
  #current: string | undefined;
  #madeAt = Number.NEGATIVE_INFINITY;
  #error: unknown;

  /**
   * @param fixed the password while none is made (from the options or the URL)
   * @param make the function that makes one before each connect, if any
   * @param fixedSecrets every form of the fixed secrets as written (the URL's percent-encoded one too)
   */
  constructor(fixed: string | undefined, make: RedisPasswordProvider | undefined, fixedSecrets: string[]) {
    this.#current = fixed;
    this.#make = make;
    this.#fixedSecrets = fixedSecrets;
  }

  /** The password the next connect sends (undefined: none, or none could be made yet). */
  get current(): string | undefined {
    return this.#current;
  }

  /** Why the last password could not be made; undefined once one was. */
  get error(): unknown {
    return this.#error;
  }

  /** A function makes the password, and the last one is older than `ms`. */
  olderThan(ms: number): boolean {
    return this.#make !== undefined && Date.now() - this.#madeAt > ms;
  }

  /**
   * A new password for `client`; on failure the last one stays (it may still be valid) and the
   * error is kept ({@link error}). A password made within the last second is fresh enough.
   */
  async renew(client: Redis | Cluster): Promise<void> {
    if (!this.#make || Date.now() - this.#madeAt < 1000) return;
    try {
      const made = await this.#make();
      if (typeof made !== 'string' || made === '') throw new Error('the password function gave no text');
      this.#remember(made);
      this.#current = made;
      this.#madeAt = Date.now();
      this.#error = undefined;
      usePassword(client, made);
    } catch (error) {
      this.#error = error;
    }
  }

  /** Everything that may be a secret, as written anywhere: to scrub from every error passed on. */
  secrets(): string[] {
    return [...this.#fixedSecrets, ...this.#madeSecrets];
  }

  #remember(secret: string): void {
    const made = this.#madeSecrets;
    if (made.includes(secret)) return;
    // The last few are enough: an error quotes the token it was sent with.
    if (made.push(secret) > 4) made.shift();
  }
}
