/**
 * What a failed connect or command to Redis means, in the reader's words: ioredis and Node say
 * `connect ECONNREFUSED`, `connect ETIMEDOUT`, `WRONGPASS invalid username-password pair`,
 * `Stream isn't writeable and enableOfflineQueue options is false` or `Reached the max retries
 * per request limit (which is 0)`; this says which address, what happened and what to check.
 *
 * Guarantees: every text names the address (`host:port`) and the cause (the error code in
 * brackets where there is one); no text quotes a password, a token or the URL's userinfo (it is
 * built from codes and the address only, never from the error's own text); never throws.
 * Does not: reach Redis to find out more (a TLS mismatch is told apart from a dead host only where
 * the connect was traced, see fresh-auth.ts `traceConnects`), or translate errors it does not know
 * (they stay as they are: {@link describeRedisFailure} answers undefined).
 */
import { EnvVar } from '../contract.ts';
import type { RedisProblem } from '../errors.ts';

/** How far one connect got: the TCP connection, the TLS session, any byte from the server. @internal */
export interface ConnectAttempt {
  tcp: boolean;
  secure: boolean;
  bytesRead: number;
}

/** Where and how a client connects: what a description may name. @internal */
export interface ConnectTarget {
  /** `host:port`. */
  readonly address: string;
  readonly tls: boolean;
  /** The AUTH user when it was given as its own setting (never the URL's userinfo: a token may be there). */
  readonly user: string | undefined;
  readonly connectTimeoutMs: number;
}

/** A failure told in the reader's words. @internal */
export interface RedisFailure {
  readonly problem: RedisProblem;
  readonly address: string;
  /** `<address> ...: <what happened> (<code>): <what to check>`. */
  readonly text: string;
}

const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** ioredis's texts for "no connection right now": they say nothing of why. */
const NOT_CONNECTED =
  /isn't writeable|enableOfflineQueue|Connection is closed|max retries per request|MaxRetriesPerRequest/i;

function read(error: unknown): { name: string; code: string; message: string; lastNodeError: unknown } {
  try {
    const e = error as { name?: unknown; code?: unknown; message?: unknown; lastNodeError?: unknown };
    return {
      name: typeof e?.name === 'string' ? e.name : '',
      code: typeof e?.code === 'string' ? e.code : '',
      message: typeof e?.message === 'string' ? e.message : String(error),
      lastNodeError: e?.lastNodeError,
    };
  } catch {
    return { name: '', code: '', message: '', lastNodeError: undefined };
  }
}

/** The user as a message may name it. */
function userOf(target: ConnectTarget): string {
  return target.user === undefined ? 'the user of the Redis URL (or default)' : `user '${target.user}'`;
}

const PLAIN_SERVER =
  'it probably serves plain Redis (no in-transit encryption): use redis:// (or tls: false), or turn TLS on at the server';
const TLS_SERVER = 'it probably requires TLS (in-transit encryption): use rediss:// (or tls: true)';

/**
 * `error` (an ioredis, Node or Redis error) in the reader's words, for a client connecting to
 * `target`; `attempt` is how far its last connect got, where it was traced. Undefined when the
 * error is none of the known connection, auth or permission failures.
 *
 * @example
 * describeRedisFailure(new Error('connect ECONNREFUSED 127.0.0.1:6380'), target)?.text;
 * // '127.0.0.1:6380 refused the connection (ECONNREFUSED): nothing listens on that port (a wrong port ...)'
 * @internal
 */
export function describeRedisFailure(
  error: unknown,
  target: ConnectTarget,
  attempt?: ConnectAttempt,
): RedisFailure | undefined {
  const { name, code, message, lastNodeError } = read(error);
  const at = target.address;
  const ms = target.connectTimeoutMs;
  const failure = (problem: RedisProblem, text: string): RedisFailure => ({ problem, address: at, text });
  // A cluster that could not load its slot map from any node: the node's own error says why.
  if (lastNodeError !== undefined && lastNodeError !== error) {
    const inner = describeRedisFailure(lastNodeError, target, attempt);
    if (inner) return inner;
  }
  if (code === 'ENOTFOUND' || /getaddrinfo ENOTFOUND/.test(message)) {
    return failure(
      'dns',
      `${at}: the host name does not resolve (ENOTFOUND): a wrong host in the Redis URL (or one the function's VPC does not resolve), or a cache that was deleted`,
    );
  }
  if (code === 'EAI_AGAIN' || /getaddrinfo EAI_AGAIN/.test(message)) {
    return failure(
      'dns',
      `${at}: the host name could not be resolved (EAI_AGAIN: the DNS server did not answer): check the VPC's DNS resolution and the host in the Redis URL`,
    );
  }
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message)) {
    return failure(
      'refused',
      `${at} refused the connection (ECONNREFUSED): nothing listens on that port (a wrong port in the Redis URL, or a Redis that is down or restarting)`,
    );
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return failure('timeout', `${at} is unreachable (${code}): no route to it from the function's subnets`);
  }
  if (CERTIFICATE_CODES.has(code) || /certificate/i.test(message)) {
    return failure(
      'tls',
      `${at}: the server's TLS certificate was refused (${code || 'certificate'}): give its CA (tls: { ca }), or check the host name in the Redis URL`,
    );
  }
  if (
    target.tls &&
    (code === 'EPROTO' ||
      /^ERR_SSL_/.test(code) ||
      /wrong version number|packet length too long/i.test(message))
  ) {
    return failure(
      'tls',
      `${at} answered the TLS handshake with something that is not TLS (${code || 'EPROTO'}): ${PLAIN_SERVER}`,
    );
  }
  if (code === 'ETIMEDOUT' || /connect ETIMEDOUT/.test(message)) {
    if (target.tls && attempt?.tcp && !attempt.secure) {
      return failure(
        'tls',
        `${at} accepted the TCP connection but did not answer the TLS handshake within ${ms} ms (ETIMEDOUT): ${PLAIN_SERVER}`,
      );
    }
    if (attempt && !attempt.tcp) {
      return failure(
        'timeout',
        `no TCP connection to ${at} within ${ms} ms (ETIMEDOUT): a security group, route or firewall drops it, or the host is down`,
      );
    }
    return failure(
      'timeout',
      target.tls
        ? `no TLS session with ${at} within ${ms} ms (ETIMEDOUT): nothing answers there (a security group, a route, a host that is down), or the server does not speak TLS (rediss:// against a plain Redis)`
        : `no connection to ${at} within ${ms} ms (ETIMEDOUT): a security group, route or firewall drops it, or the host is down`,
    );
  }
  // A TLS server's answer to a plain command: an alert record (0x15) or a handshake (0x16), as
  // the parser quotes the byte (JSON.stringify: "\u0015").
  if (!target.tls && name === 'ParserError' && /got "\\u001[56]"/.test(message)) {
    return failure('tls', `${at} answered our first command in TLS: ${TLS_SERVER}`);
  }
  if (
    !target.tls &&
    attempt?.tcp &&
    attempt.bytesRead === 0 &&
    (code === 'ECONNRESET' || code === 'EPIPE' || /ECONNRESET|EPIPE/.test(message))
  ) {
    return failure(
      'tls',
      `${at} closed the connection at our first command without a reply (${code || 'ECONNRESET'}): ${TLS_SERVER}`,
    );
  }
  if (/^WRONGPASS|invalid password|invalid username-password/i.test(message)) {
    return failure(
      'auth',
      `${at} refused the credentials of ${userOf(target)} (WRONGPASS): check the token (or the IAM user and cache name) and that the user is on`,
    );
  }
  if (/^NOAUTH/.test(message)) {
    return failure(
      'auth',
      `${at} requires authentication and none was sent (NOAUTH): give the token (redis.password, or ${EnvVar.redisAuth}=token with ${EnvVar.redisToken}) or IAM auth`,
    );
  }
  // Refused inside a script, the server says it its own way: Valkey (and Redis 7.2+) "ACL failure
  // in script: ... the 'set' command", Redis 7.0 "The user executing the script can't run this
  // command or subcommand" (no name).
  const noperm = /NOPERM[^']*'([^']+)' command/.exec(message);
  const inScript = /ACL failure in script:[^']*'([^']+)' command/.exec(message);
  const refused = noperm ?? inScript;
  if (refused) {
    return failure(
      'permission',
      `${userOf(target)} at ${at} may not run '${refused[1]}' (${noperm ? 'NOPERM' : 'ACL failure in script'}): its ACL lacks a command of the dedup store; give it dedupUserAccessString(service) (msk-once/contract)`,
    );
  }
  if (/executing the script can't run this command/.test(message)) {
    return failure(
      'permission',
      `${userOf(target)} at ${at} may not run a command of the dedup store's scripts: its ACL lacks one; give it dedupUserAccessString(service) (msk-once/contract)`,
    );
  }
  if (/NOPERM|ACL failure in script/.test(message)) {
    return failure(
      'permission',
      `${userOf(target)} at ${at} may not touch the dedup keys (NOPERM): its ACL key pattern must cover <service>:dedup:* (dedupUserAccessString)`,
    );
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || /ECONNRESET|EPIPE/.test(message)) {
    return failure('closed', `${at} closed the connection (${code || 'ECONNRESET'})`);
  }
  if (NOT_CONNECTED.test(message) || name === 'MaxRetriesPerRequestError') {
    return failure('closed', `not connected to ${at}: the connection was lost or not made`);
  }
  if (/Failed to refresh slots cache|None of startup nodes/i.test(message)) {
    return failure('closed', `no node of the cluster at ${at} answered for the slot map`);
  }
  return undefined;
}
