/**
 * The ElastiCache user of a service's dedup store: the commands it may run and the keys it may
 * touch, as an RBAC access string (the CDK construct creates the user with it).
 */

/**
 * Every command a service's dedup store sends, and so all its ElastiCache user may run
 * ({@link dedupUserAccessString}); `test/core/store-acl.test.ts` puts that user in front of a real
 * Redis and a real cluster and checks that the store works with it and fails without any one of them.
 *
 * Does not cover: commands Redis lets through before or without ACL checks (AUTH, HELLO), and
 * a client other than ioredis 5 (another client may send others on connect).
 */
export const DEDUP_USER_COMMANDS = [
  // Claim, commit, release, extend: Lua scripts by hash, by text when the node has not cached them.
  'evalsha',
  'eval',
  // What the scripts call, and a key alone in its slot sent as one command; GET: the previous-format read.
  'set',
  'get',
  'pexpire',
  'del',
  // DONE marks (dedup-mark.ts): read by the claim (HGET), written by the commit (HSET, then the
  // hash's PEXPIRE); HLEN tells a hash past its fill, whose stale marks the commit reads (HGETALL)
  // and deletes (HDEL).
  'hget',
  'hset',
  'hlen',
  'hgetall',
  'hdel',
  // ioredis's ready check of every connection (refused, ioredis skips the check and warns).
  'info',
  // Cluster: the ready check, the slot map (at connect and on every refresh), an ASK redirection
  // during a slot migration.
  'cluster|info',
  'cluster|slots',
  'asking',
  // Cluster: ioredis names its slot-refresh connection, and puts it in READONLY when it is a
  // replica's; a refusal of either does not fail the refresh, but is logged by the server each time.
  'client|setname',
  'readonly',
] as const;

/** One of {@link DEDUP_USER_COMMANDS}. */
export type DedupUserCommand = (typeof DEDUP_USER_COMMANDS)[number];

/**
 * The keys a service's dedup user may touch: its dedup keys in every key format
 * (`<service>:dedup:<handler>:{<bucket>}<EVENT-ID>`, and the previous `<service>:dedup:<handler>:<EVENT-ID>`)
 * and its DONE mark hashes (`<service>:dedup:<handler>:{<bucket>}:d<mark bucket>`).
 *
 * @example
 * dedupUserKeyPattern('orders'); // 'orders:dedup:*'
 */
export function dedupUserKeyPattern(service: string): string {
  return `${service}:dedup:*`;
}

/**
 * The ACL (an ElastiCache RBAC access string) of a service's dedup user: on, its keys, nothing but
 * {@link DEDUP_USER_COMMANDS}. Valid for ElastiCache: starts with `on`, has no password and no
 * `reset` (ElastiCache sets the password or IAM apart). `commands` is for tests that take one away.
 *
 * @example
 * dedupUserAccessString('orders'); // 'on ~orders:dedup:* -@all +evalsha +eval ...'
 */
export function dedupUserAccessString(
  service: string,
  commands: readonly string[] = DEDUP_USER_COMMANDS,
): string {
  return `on ~${dedupUserKeyPattern(service)} -@all ${commands.map((c) => `+${c}`).join(' ')}`;
}
