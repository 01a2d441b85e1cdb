/**
 * The names that the runtime, the CDK app, the dashboard, the demo and your own dashboards and
 * tests must agree on: metric names and dimensions, the default namespace, the environment
 * variables a deployed function reads, the envelope headers and the dedup windows.
 *
 * Each name is written here once; everything else refers to it, so a rename cannot leave an alarm
 * watching a metric nobody emits. The values are public: changing one breaks the dashboards and
 * alarms built on it. This file imports nothing, so the CDK app (or a dashboard of yours) can use
 * it without loading Redis or Powertools.
 *
 * @example
 * import { contract } from 'msk-once'; // or: import { Metric } from 'msk-once/contract';
 * new cloudwatch.Metric({
 *   namespace: contract.DEFAULT_NAMESPACE,
 *   metricName: contract.Metric.deduplicated,
 *   dimensionsMap: { [contract.Dimension.service]: 'notification', [contract.Dimension.topic]: 'review-created', [contract.Dimension.handler]: 'on-review-created' },
 * });
 */

const TOOLKIT_NAME = 'MskOnce';

/**
 * The CloudWatch namespace of the metrics when `POWERTOOLS_METRICS_NAMESPACE` ({@link EnvVar}
 * `metricsNamespace`) is not set.
 */
export const DEFAULT_NAMESPACE = TOOLKIT_NAME;

/** The CDK app names each environment's stack `<STACK_NAME_PREFIX>-<environment>`. */
export const STACK_NAME_PREFIX = TOOLKIT_NAME;

/**
 * The metrics, flushed once per invocation as CloudWatch EMF.
 *
 * Every record of a batch is counted in `processed` and in exactly one of `succeeded`,
 * `deduplicated` or `failed`, so processed = succeeded + failed + deduplicated in every flush.
 */
export const Metric = {
  /** Every record of the batch. Count; dimensions service, Topic, Handler. */
  processed: 'MessagesProcessed',
  /** The handler ran and returned. Count; service, Topic, Handler. */
  succeeded: 'MessagesSucceeded',
  /** Anything else: handler error, bad input, claim held, store closed, out of time, not run after its partition's failure. Count; service, Topic, Handler. */
  failed: 'MessagesFailed',
  /** Skipped as a repeat: DONE already, or a copy of a record of the same batch that succeeded. Count; service, Topic, Handler. */
  deduplicated: 'MessagesDeduplicated',
  /** One dedup store round trip (claim, commit or release of a batch). Milliseconds; service. */
  dedupCheckDuration: 'DedupCheckDuration',
  /** A failed dedup store call, or a claim lost under a running batch. Count; service, Reason ({@link DEDUP_ERROR_REASONS}). */
  dedupErrors: 'DedupErrors',
  /** A failure of the effect layer's own store (not of the effect). Count; service, Reason ({@link EFFECT_ERROR_REASONS}). */
  effectErrors: 'EffectErrors',
  /** A record that failed because the schema registry did (msk-once/formats), not its bytes. Count; service, Reason ({@link SCHEMA_REGISTRY_ERROR_REASONS}). */
  schemaRegistryErrors: 'SchemaRegistryErrors',
} as const;

/** A metric name of {@link Metric}. */
export type MetricName = (typeof Metric)[keyof typeof Metric];

/** The per-topic counters of record outcomes. */
export const RECORD_COUNTERS = [
  Metric.processed,
  Metric.succeeded,
  Metric.failed,
  Metric.deduplicated,
] as const;

/** One of {@link RECORD_COUNTERS}. */
export type RecordCounter = (typeof RECORD_COUNTERS)[number];

/** The metric dimensions. */
export const Dimension = {
  /** The service name (`POWERTOOLS_SERVICE_NAME`); Powertools Metrics adds it to every metric under this name. */
  service: 'service',
  /** The Kafka topic of the records counted. */
  topic: 'Topic',
  /** The handlerName given to kafkaHandler. */
  handler: 'Handler',
  /** Why a store call failed. */
  reason: 'Reason',
} as const;

/** A dimension name of {@link Dimension}. */
export type DimensionName = (typeof Dimension)[keyof typeof Dimension];

/** The dimension set each metric is emitted with (CloudWatch matches a metric by its full set). */
export const METRIC_DIMENSIONS: { readonly [M in MetricName]: readonly DimensionName[] } = {
  [Metric.processed]: [Dimension.service, Dimension.topic, Dimension.handler],
  [Metric.succeeded]: [Dimension.service, Dimension.topic, Dimension.handler],
  [Metric.failed]: [Dimension.service, Dimension.topic, Dimension.handler],
  [Metric.deduplicated]: [Dimension.service, Dimension.topic, Dimension.handler],
  [Metric.dedupCheckDuration]: [Dimension.service],
  [Metric.dedupErrors]: [Dimension.reason, Dimension.service],
  [Metric.effectErrors]: [Dimension.reason, Dimension.service],
  [Metric.schemaRegistryErrors]: [Dimension.reason, Dimension.service],
};

/**
 * The default thresholds of the alarms the CDK app puts on every consumer (the local demo's summary
 * says which of them would have fired). The other alarms fire on any count above zero.
 */
export const ALARM_DEFAULTS = {
  /** Deduplicated / processed above this for 10 minutes (two 5-minute periods). Normal is under 1%. */
  dedupRatio: 0.1,
  /** p99 of one dedup store round trip above this, in ms (2 of 3 five-minute periods). */
  dedupCheckP99Ms: 50,
} as const;

/** Why a dedup store call failed: a Redis timeout, a lost or refused connection, a Lua/script error, anything else. */
export const STORE_ERROR_REASONS = ['timeout', 'connection', 'script', 'unknown'] as const;

/**
 * Claims this invocation held and may have lost under a running batch: `claim-lost` (a renewal
 * found the key gone, DONE or another owner's: Redis lost writes in a restart or failover) and
 * `lease-overrun` (a record ended more than a lease after the last confirmed renewal: the event
 * loop was blocked, or renewals failed, so another invocation may have run it too). One count
 * per record.
 */
export const CLAIM_LOSS_REASONS = ['claim-lost', 'lease-overrun'] as const;

/** The `Reason` values of {@link Metric} `dedupErrors`: {@link STORE_ERROR_REASONS}, then {@link CLAIM_LOSS_REASONS}. */
export const DEDUP_ERROR_REASONS = [...STORE_ERROR_REASONS, ...CLAIM_LOSS_REASONS] as const;

/** One of {@link DEDUP_ERROR_REASONS}. */
export type DedupErrorReason = (typeof DEDUP_ERROR_REASONS)[number];

/** One of {@link STORE_ERROR_REASONS}. */
export type StoreErrorReason = (typeof STORE_ERROR_REASONS)[number];

/**
 * The `Reason` values of {@link Metric} `effectErrors`: why the idempotency table could not be
 * asked (the effect was not run), plus `commit` (the effect ran, its mark was not saved),
 * `release` (the effect failed, its mark was not deleted), `conflict` (the event id has a mark
 * from another topic: not run) and `taken-over` (the effect ran while another call took its mark
 * over: it may have happened twice).
 */
export const EFFECT_ERROR_REASONS = [
  'timeout',
  'connection',
  'throttled',
  'table-missing',
  'access-denied',
  'unknown',
  'commit',
  'release',
  'conflict',
  'taken-over',
] as const;

/** One of {@link EFFECT_ERROR_REASONS}. */
export type EffectErrorReason = (typeof EFFECT_ERROR_REASONS)[number];

/**
 * The `Reason` values of {@link Metric} `schemaRegistryErrors`: the schema id is unknown, the
 * credentials were refused, the registry did not answer in time, could not be reached, answered an
 * HTTP error, or answered something that is not a schema.
 */
export const SCHEMA_REGISTRY_ERROR_REASONS = [
  'not-found',
  'denied',
  'timeout',
  'unreachable',
  'http',
  'invalid',
] as const;

/** One of {@link SCHEMA_REGISTRY_ERROR_REASONS}. */
export type SchemaRegistryErrorReason = (typeof SCHEMA_REGISTRY_ERROR_REASONS)[number];

/**
 * The environment variables a deployed function reads. The CDK construct `KafkaConsumer` writes
 * them from its props; `dedupConfigFromEnv` and `effectsConfigFromEnv` read them.
 */
export const EnvVar = {
  /** `redis://` or `rediss://<endpoint>:6379` of the dedup store. Required unless `store` is `memory`. */
  redisUrl: 'DEDUP_REDIS_URL',
  /** `standalone` (default) or `cluster`. */
  redisMode: 'DEDUP_REDIS_MODE',
  /** `none` (default), `token` (AUTH token) or `iam` (ElastiCache IAM auth). */
  redisAuth: 'DEDUP_REDIS_AUTH',
  /** The ElastiCache user id (iam) or the AUTH user (token, optional). */
  redisUser: 'DEDUP_REDIS_USER',
  /** The AUTH token (token). */
  redisToken: 'DEDUP_REDIS_TOKEN',
  /** The serverless cache name or replication group id (iam). */
  redisCacheName: 'DEDUP_REDIS_CACHE_NAME',
  /** `true` (default with iam) for ElastiCache Serverless, `false` for a replication group. */
  redisServerless: 'DEDUP_REDIS_SERVERLESS',
  /** A name of {@link WINDOWS} (default `default`) or a number of seconds, at least {@link MIN_WINDOW_SECONDS}. */
  window: 'DEDUP_WINDOW',
  /** What a store failure does: `open` (default, run without dedup) or `closed` (fail the record). */
  storePolicy: 'DEDUP_STORE_POLICY',
  /** Milliseconds kept free at the end of an invocation (default 5000). */
  reserveMs: 'DEDUP_RESERVE_MS',
  /** Milliseconds of a claim's lease (default 30000). */
  leaseMs: 'DEDUP_LEASE_MS',
  /**
   * During a rollout of a new key format, the format of the release deployed before (`0.1.0` or
   * `0.2.0`): each event is claimed and committed under both keys (docs/consumer.md, "Key format").
   * Default: none.
   */
  previousKeyFormat: 'DEDUP_PREVIOUS_KEY_FORMAT',
  /** `redis` (default) or `memory`: an in-process store, for local runs only. */
  store: 'DEDUP_STORE',
  /**
   * Where the event id is read: `header` (default, the Event-Id header), `header:<name>`,
   * `cloudevents`, `key` or `position` (docs/consumer.md, "Event id"). A function of the message is
   * code: it is given to kafkaHandler, not here.
   */
  eventIdSource: 'DEDUP_EVENT_ID_SOURCE',
  /** The event id's form: `ulid` (default for a header), `uuid`, `opaque` or `opaque:<maxBytes>`. */
  eventIdFormat: 'DEDUP_EVENT_ID_FORMAT',
  /** The DynamoDB table of the effect layer's marks (Powertools idempotency records). */
  idempotencyTable: 'IDEMPOTENCY_TABLE_NAME',
  /** How long a COMPLETED effect mark lives, in seconds (default 7 days). */
  idempotencyExpiresAfterSeconds: 'IDEMPOTENCY_EXPIRES_AFTER_SECONDS',
  /**
   * The handler name (the `Handler` dimension, part of every dedup key), set by the CDK construct to
   * its `handlerName` prop. `kafkaHandler` uses it unless its code names one; a different one in the
   * code fails at cold start.
   */
  handlerName: 'MSK_ONCE_HANDLER_NAME',
  /** The service name: the first part of each dedup key, the `service` dimension, the effect marks' namespace. */
  serviceName: 'POWERTOOLS_SERVICE_NAME',
  /** The CloudWatch namespace of the metrics (default {@link DEFAULT_NAMESPACE}). */
  metricsNamespace: 'POWERTOOLS_METRICS_NAMESPACE',
  /** Powertools Logger's level. */
  logLevel: 'POWERTOOLS_LOG_LEVEL',
  /** Powertools dev mode (pretty logs; metrics are not flushed). */
  powertoolsDev: 'POWERTOOLS_DEV',
  /** Set, Powertools Metrics emits nothing. */
  metricsDisabled: 'POWERTOOLS_METRICS_DISABLED',
  /** Set, effects run without their idempotency guard (Powertools returns the bare function). */
  idempotencyDisabled: 'POWERTOOLS_IDEMPOTENCY_DISABLED',
  /** The mapping's SchemaRegistryURI: a Glue registry ARN or a Confluent registry URL (msk-once/formats). */
  schemaRegistryUri: 'KAFKA_SCHEMA_REGISTRY_URI',
  /** The Secrets Manager secret (BASIC_AUTH: `{"username","password"}`) of a Confluent registry. */
  schemaRegistrySecretArn: 'KAFKA_SCHEMA_REGISTRY_SECRET_ARN',
  /** The mapping's EventRecordFormat, `JSON` or `SOURCE`, when it has a schema registry. */
  eventRecordFormat: 'KAFKA_EVENT_RECORD_FORMAT',
  /** Set by Lambda: the function's name, the handler part of the effect marks' keys unless one is given. */
  functionName: 'AWS_LAMBDA_FUNCTION_NAME',
} as const;

/** An environment variable name of {@link EnvVar}. */
export type EnvVarName = (typeof EnvVar)[keyof typeof EnvVar];

/** The variables that configure the dedup store and window (the `DEDUP_*` family). */
export const DEDUP_ENV_VARS = [
  EnvVar.redisUrl,
  EnvVar.redisMode,
  EnvVar.redisAuth,
  EnvVar.redisUser,
  EnvVar.redisToken,
  EnvVar.redisCacheName,
  EnvVar.redisServerless,
  EnvVar.window,
  EnvVar.storePolicy,
  EnvVar.reserveMs,
  EnvVar.leaseMs,
  EnvVar.store,
  EnvVar.previousKeyFormat,
  EnvVar.eventIdSource,
  EnvVar.eventIdFormat,
] as const;

/**
 * The declarative event id sources (the text of {@link EnvVar.eventIdSource}; `header` takes a name
 * as `header:<name>`), and the id forms ({@link EnvVar.eventIdFormat}; `opaque` takes a byte limit as
 * `opaque:<maxBytes>`, at most {@link MAX_OPAQUE_ID_BYTES}).
 */
export const EVENT_ID_SOURCES = ['header', 'cloudevents', 'key', 'position'] as const;
export const EVENT_ID_FORMATS = ['ulid', 'uuid', 'opaque'] as const;
export const MAX_OPAQUE_ID_BYTES = 512;

/**
 * Key formats of previous releases a rollout can keep writing ({@link EnvVar.previousKeyFormat}):
 * `0.1.0` (no tag) and `0.2.0` (128 tags shared by every handler).
 */
export const PREVIOUS_KEY_FORMATS = ['0.1.0', '0.2.0'] as const;

/** A name of {@link PREVIOUS_KEY_FORMATS}. */
export type PreviousKeyFormat = (typeof PREVIOUS_KEY_FORMATS)[number];

/** The envelope: Kafka headers a producer sets once per event and the consumer reads. */
export const Header = {
  /** A ULID made once when the event is created; the dedup key. */
  eventId: 'Event-Id',
  /** Shared by every event of one logical chain; never a dedup key. */
  correlationId: 'Correlation-Id',
  /** The event's type, e.g. `review.created`. */
  eventType: 'Event-Type',
} as const;

/**
 * Named dedup windows, in seconds: how long a DONE key keeps repeats out. After the window a
 * repeat runs as a new event (the effect layer's marks, 7 days, are the second guard).
 */
export const WINDOWS = {
  /** Ordinary domain events: covers retries (minutes), rebalances (seconds), an outbox forwarder's gap (minutes) and a long Kafka incident (hours). */
  default: 24 * 60 * 60,
  /** Critical events (user.banned, consent revoked): a repeat must not pass even after a week's pause of the consumer. */
  critical: 7 * 24 * 60 * 60,
  /** High-volume analytics, where a rare duplicate is a statistical error, not a business effect, and Redis memory matters. */
  analytics: 60 * 60,
} as const;

/** A name of {@link WINDOWS}. */
export type WindowName = keyof typeof WINDOWS;

/**
 * The shortest window, in seconds (10 minutes). Retries and a consumer-group rebalance take
 * minutes; a shorter window lets a retried record run again as if it were new.
 */
export const MIN_WINDOW_SECONDS = 600;

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
 * (`<service>:dedup:<handler>:{<bucket>}<EVENT-ID>`, and the previous `<service>:dedup:<handler>:<EVENT-ID>`).
 *
 * @example
 * dedupUserKeyPattern('notification'); // 'notification:dedup:*'
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
 * dedupUserAccessString('notification'); // 'on ~notification:dedup:* -@all +evalsha +eval ...'
 */
export function dedupUserAccessString(
  service: string,
  commands: readonly string[] = DEDUP_USER_COMMANDS,
): string {
  return `on ~${dedupUserKeyPattern(service)} -@all ${commands.map((c) => `+${c}`).join(' ')}`;
}
