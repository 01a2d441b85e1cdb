/**
 * Dedup settings of a deployed function, from its environment (set by the CDK construct).
 */

import { type DeclarativeEventIdSource, parseEventIdSource } from '../contract/event-id-source.ts';
import { checkPreviousKeyFormat, type PreviousKeyFormat } from '../contract/previous-key-formats.ts';
import { EnvVar, WINDOWS, type WindowName } from '../contract.ts';
import { MemoryDedupStore } from '../dedup/memory-store.ts';
import { checkRedisUrl, type RedisConnectionOptions } from '../dedup/redis-options.ts';
import type { DedupStore } from '../dedup/store.ts';
import { ConfigurationError } from '../errors.ts';
import { resolveOrdering } from './ordering.ts';
import { isSqsQueueUrl, SQS_QUEUE_URL_SHAPE } from './sqs-poison-sink.ts';

export interface DedupEnvConfig {
  redis?: RedisConnectionOptions;
  store?: DedupStore;
  window: WindowName | number;
  onStoreError: 'open' | 'closed';
  reserveMs?: number;
  leaseMs?: number;
  heldClaimWaitMs?: number;
  ordering?: 'partition' | 'key';
  concurrency?: number;
  previousKeyFormat?: PreviousKeyFormat;
  /** Where the event id comes from (`EnvVar.eventIdSource`, `EnvVar.eventIdFormat`); absent: the Event-Id header. */
  eventId?: DeclarativeEventIdSource;
  poison?: { queueUrl: string };
}

/** `EnvVar.poisonQueueUrl`: the poison sink's queue, when the deployment made one. */
function poisonFromEnv(env: NodeJS.ProcessEnv): { poison?: { queueUrl: string } } {
  const queueUrl = env[EnvVar.poisonQueueUrl];
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

function millis(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw))
    throw new ConfigurationError(name, `is not a whole number of milliseconds ${unshown(raw)}`);
  return Number(raw);
}

/**
 * `EnvVar.reserveMs` (time kept free at the end of an invocation), `EnvVar.leaseMs` (claim lease),
 * `EnvVar.heldClaimWaitMs` (longest wait for a held claim), `EnvVar.ordering` and
 * `EnvVar.concurrency` (checked here to name the variable).
 */
function timingFromEnv(
  env: NodeJS.ProcessEnv,
): Pick<DedupEnvConfig, 'reserveMs' | 'leaseMs' | 'heldClaimWaitMs' | 'ordering' | 'concurrency'> {
  const timing: Pick<
    DedupEnvConfig,
    'reserveMs' | 'leaseMs' | 'heldClaimWaitMs' | 'ordering' | 'concurrency'
  > = {};
  const reserveMs = millis(env, EnvVar.reserveMs);
  if (reserveMs !== undefined) timing.reserveMs = reserveMs;
  const leaseMs = millis(env, EnvVar.leaseMs);
  if (leaseMs !== undefined) timing.leaseMs = leaseMs;
  const heldClaimWaitMs = millis(env, EnvVar.heldClaimWaitMs);
  if (heldClaimWaitMs !== undefined) timing.heldClaimWaitMs = heldClaimWaitMs;
  const ordering = env[EnvVar.ordering] || undefined;
  if (ordering !== undefined && ordering !== 'partition' && ordering !== 'key')
    throw new ConfigurationError(EnvVar.ordering, `is neither partition nor key ${unshown(ordering)}`);
  const rawConcurrency = env[EnvVar.concurrency] || undefined;
  if (rawConcurrency !== undefined && !/^\d+$/.test(rawConcurrency))
    throw new ConfigurationError(
      EnvVar.concurrency,
      `is not a whole number of records ${unshown(rawConcurrency)}`,
    );
  const concurrency = rawConcurrency === undefined ? undefined : Number(rawConcurrency);
  // The same rules as the options, named by the variables.
  const order = resolveOrdering(
    { ordering, concurrency },
    { ordering: EnvVar.ordering, concurrency: EnvVar.concurrency },
  );
  if (ordering !== undefined) timing.ordering = order.ordering;
  if (concurrency !== undefined) timing.concurrency = concurrency;
  return timing;
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
  const rawWindow = env[EnvVar.window] || 'default';
  let window: WindowName | number;
  if (Object.hasOwn(WINDOWS, rawWindow)) window = rawWindow as WindowName;
  else if (/^\d+$/.test(rawWindow)) window = Number(rawWindow);
  else
    throw new ConfigurationError(
      EnvVar.window,
      `is not one of ${Object.keys(WINDOWS).join(', ')} or a whole number of seconds ${unshown(rawWindow)}`,
    );
  const policy = env[EnvVar.storePolicy] || 'open';
  if (policy !== 'open' && policy !== 'closed') {
    throw new ConfigurationError(EnvVar.storePolicy, `is neither open nor closed ${unshown(policy)}`);
  }
  const reserve = timingFromEnv(env);
  // Removed in 0.3.0: a deployment still setting it would believe it is covered.
  if (env[READ_PREVIOUS_KEYS_REMOVED] !== undefined && env[READ_PREVIOUS_KEYS_REMOVED] !== '') {
    throw new ConfigurationError(
      READ_PREVIOUS_KEYS_REMOVED,
      `was replaced in 0.3.0 by ${EnvVar.previousKeyFormat} (0.1.0 or 0.2.0, the release deployed before)`,
    );
  }
  const previousFormat = checkPreviousKeyFormat(env[EnvVar.previousKeyFormat], EnvVar.previousKeyFormat);
  const eventId = parseEventIdSource(env[EnvVar.eventIdSource], env[EnvVar.eventIdFormat], {
    source: EnvVar.eventIdSource,
    format: EnvVar.eventIdFormat,
  });
  const rollout = {
    ...(previousFormat ? { previousKeyFormat: previousFormat } : {}),
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
