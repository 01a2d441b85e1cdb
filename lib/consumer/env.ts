/**
 * Dedup settings of a deployed function, from its environment (set by the CDK construct).
 */

import { type DeclarativeEventIdSource, parseEventIdSource } from '../contract/event-id-source.ts';
import type { PreviousKeyFormat } from '../contract/previous-key-formats.ts';
import { readSettingVariables, resolveSettings } from '../contract/settings.ts';
import { DEPRECATED_ENV_VARS, EnvVar, type WindowName } from '../contract.ts';
import { MemoryDedupStore } from '../dedup/memory-store.ts';
import { checkRedisUrl, type RedisConnectionOptions } from '../dedup/redis-options.ts';
import type { DedupStore } from '../dedup/store.ts';
import { ConfigurationError } from '../errors.ts';
import { isSqsQueueUrl, SQS_QUEUE_URL_SHAPE } from './sqs-poison-sink.ts';

export interface DedupEnvConfig {
  redis?: RedisConnectionOptions;
  store?: DedupStore;
  window: WindowName | number;
  onStoreError: 'open' | 'closed';
  /** The deployment's function timeout (`EnvVar.functionTimeoutMs`): the reserve is derived from it. */
  functionTimeoutMs?: number;
  reserveMs?: number;
  leaseMs?: number;
  heldClaimWaitMs?: number;
  ordering?: 'partition' | 'key';
  concurrency?: number;
  commitEvery?: { records?: number; ms?: number };
  maxHeaderBytes?: number;
  eventsPerSecond?: number;
  previousKeyFormat?: PreviousKeyFormat;
  /** Where the event id comes from (`EnvVar.eventIdSource`, `EnvVar.eventIdFormat`); absent: the Event-Id header. */
  eventId?: DeclarativeEventIdSource;
  poison?: { queueUrl: string };
}

/** `EnvVar.poisonQueueUrl`: the poison sink's queue, when the deployment made one. */
function poisonFromEnv(env: NodeJS.ProcessEnv): { poison?: { queueUrl: string } } {
  const queueUrl = variable(env, EnvVar.poisonQueueUrl);
  if (queueUrl === undefined || queueUrl === '') return {};
  if (!isSqsQueueUrl(queueUrl))
    throw new ConfigurationError(EnvVar.poisonQueueUrl, `${SQS_QUEUE_URL_SHAPE} ${unshown(queueUrl)}`);
  return { poison: { queueUrl } };
}

/**
 * What an error says of a variable's value: its length, never the value (a token pasted into the
 * wrong variable would land in the init error, in CloudWatch).
 */
function unshown(value: string): string {
  return `(${value.length} characters, not shown)`;
}

/** The variable of 0.2.0's read-only rollout, removed in 0.3.0: set, the cold start fails. */
const READ_PREVIOUS_KEYS_REMOVED = 'DEDUP_READ_PREVIOUS_KEYS';

/** Old names warned about already (once per container, not per cold start of each handler). */
const warned = new Set<string>();

/** Tell once that a deprecated variable was read in place of its new name. */
function warnDeprecated(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(JSON.stringify({ level: 'WARN', message: `msk-once: ${message}` }));
}

/** The value of `name`, else of its 0.2.0 name (`DEPRECATED_ENV_VARS`), told once. */
function variable(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  if (value !== undefined && value !== '') return value;
  for (const [old, now] of Object.entries(DEPRECATED_ENV_VARS)) {
    if (now !== name || env[old] === undefined || env[old] === '') continue;
    warnDeprecated(`${old} is deprecated: set ${name} (read in its place for one release)`);
    return env[old];
  }
  return value;
}

/**
 * The declared settings (lib/contract/settings.ts) from their variables, checked with their
 * constraints, named by the variables. Only the variables set are answered (kafkaHandler applies
 * the defaults, and derives from the timeout what follows from it).
 */
function settingsFromEnv(env: NodeJS.ProcessEnv): Partial<DedupEnvConfig> {
  const fail = (name: string, reason: string): never => {
    throw new ConfigurationError(name, reason);
  };
  const given = readSettingVariables(env, fail, warnDeprecated);
  // The constraints hold for the deployment's values alone, named as the deployment names them.
  resolveSettings(given, 'variable', fail, { facts: { effects: Boolean(env[EnvVar.idempotencyTable]) } });
  const out: Record<string, unknown> = {};
  for (const id of given.given) {
    const [head, tail] = id.split('.') as [string, string | undefined];
    if (tail === undefined) out[head] = given.values[id];
    else out[head] = { ...(out[head] as object | undefined), [tail]: given.values[id] };
  }
  return out as Partial<DedupEnvConfig>;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name]?.toLowerCase();
  if (value === undefined || value === '') return false;
  if (['true', '1', 'yes'].includes(value)) return true;
  if (['false', '0', 'no'].includes(value)) return false;
  throw new ConfigurationError(name, `is not true or false (1/0, yes/no) ${unshown(env[name]!)}`);
}

/**
 * Read the dedup variables of the contract ({@link EnvVar}; their names and values in
 * docs/consumer.md, "Environment"): the Redis URL, mode (standalone|cluster) and auth
 * (none|token|iam) with its user, token, cache name and serverless flag; the previous key format of
 * a rollout (0.1.0|0.2.0); the event id's source and form (header|header:<name>|cloudevents|key|position,
 * ulid|uuid|opaque[:<maxBytes>]); the window
 * (default|critical|analytics|seconds); the store policy (open|closed); the reserve (default 5000 ms),
 * lease (default 30000 ms) and longest wait for a held claim (default: the lease); the ordering
 * (partition|key) and, with key, the concurrency (default 16); and `store=memory` (local runs only).
 *
 * @throws {ConfigurationError} naming the variable and what it expects; never quoting a value (a
 *   token pasted into the wrong variable stays out of the init error), only its length.
 * @example
 * export const handler = kafkaHandler({ handlerName: 'on-order-placed', ...dedupConfigFromEnv(), handle });
 */
export function dedupConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DedupEnvConfig {
  const { window = 'default', onStoreError: policy = 'open', ...reserve } = settingsFromEnv(env);
  // Removed in 0.3.0: a deployment still setting it would believe it is covered.
  if (env[READ_PREVIOUS_KEYS_REMOVED] !== undefined && env[READ_PREVIOUS_KEYS_REMOVED] !== '') {
    throw new ConfigurationError(
      READ_PREVIOUS_KEYS_REMOVED,
      `was replaced in 0.3.0 by ${EnvVar.previousKeyFormat} (0.1.0 or 0.2.0, the release deployed before)`,
    );
  }
  const eventId = parseEventIdSource(
    variable(env, EnvVar.eventIdSource),
    variable(env, EnvVar.eventIdFormat),
    {
      source: EnvVar.eventIdSource,
      format: EnvVar.eventIdFormat,
    },
  );
  const rollout = {
    ...poisonFromEnv(env),
    ...(eventId ? { eventId } : {}),
  };
  if (env[EnvVar.store] === 'memory')
    return { store: new MemoryDedupStore(), window, onStoreError: policy, ...reserve, ...rollout };
  if (env[EnvVar.store] && env[EnvVar.store] !== 'redis') {
    throw new ConfigurationError(EnvVar.store, `is neither redis nor memory ${unshown(env[EnvVar.store]!)}`);
  }
  const url = env[EnvVar.redisUrl];
  if (!url)
    throw new ConfigurationError(
      EnvVar.redisUrl,
      `is not set (rediss://<endpoint>:6379, or ${EnvVar.store}=memory for local runs)`,
    );
  // Checked here to name the variable; the message shows neither user nor token (an init error
  // lands in CloudWatch).
  checkRedisUrl(url, EnvVar.redisUrl);
  const mode = env[EnvVar.redisMode] || 'standalone';
  if (mode !== 'standalone' && mode !== 'cluster') {
    throw new ConfigurationError(EnvVar.redisMode, `is neither standalone nor cluster ${unshown(mode)}`);
  }
  const redis: RedisConnectionOptions = { url, cluster: mode === 'cluster' };
  const auth = env[EnvVar.redisAuth] || 'none';
  if (auth === 'iam') {
    const userId = env[EnvVar.redisUser];
    const cacheName = env[EnvVar.redisCacheName];
    if (!userId) throw new ConfigurationError(EnvVar.redisUser, `is needed with ${EnvVar.redisAuth}=iam`);
    if (!cacheName)
      throw new ConfigurationError(EnvVar.redisCacheName, `is needed with ${EnvVar.redisAuth}=iam`);
    redis.iam = {
      userId,
      cacheName,
      serverless: env[EnvVar.redisServerless] === undefined ? true : flag(env, EnvVar.redisServerless),
    };
  } else if (auth === 'token') {
    if (!env[EnvVar.redisToken])
      throw new ConfigurationError(EnvVar.redisToken, `is needed with ${EnvVar.redisAuth}=token`);
    redis.password = env[EnvVar.redisToken];
    if (env[EnvVar.redisUser]) redis.username = env[EnvVar.redisUser];
  } else if (auth !== 'none') {
    throw new ConfigurationError(EnvVar.redisAuth, `is not none, token or iam ${unshown(auth)}`);
  }
  return { redis, window, onStoreError: policy, ...reserve, ...rollout };
}
