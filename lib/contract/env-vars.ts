/**
 * The environment variables a deployed function reads: the CDK construct writes them, the
 * runtime's `*FromEnv` functions read them.
 */

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
  /** A name of {@link WINDOWS} (default `default`) or a number of seconds, at least {@link MIN_WINDOW_SECONDS}. Was `DEDUP_WINDOW`. */
  window: 'MSK_ONCE_WINDOW',
  /** What a store failure does: `open` (default, run without dedup) or `closed` (fail the record). Was `DEDUP_STORE_POLICY`. */
  onStoreError: 'MSK_ONCE_ON_STORE_ERROR',
  /** @deprecated The key of 0.2.0 for {@link EnvVar.onStoreError} (the same variable). */
  storePolicy: 'MSK_ONCE_ON_STORE_ERROR',
  /** The URL of the SQS queue that records no retry can cure are parked in (the poison sink). Unset: none. Was `POISON_QUEUE_URL`. */
  poisonQueueUrl: 'MSK_ONCE_POISON_QUEUE_URL',
  /** The function timeout in ms, set by the construct from its `timeout`: the reserve and the effect layer must fit in it. */
  functionTimeoutMs: 'MSK_ONCE_FUNCTION_TIMEOUT_MS',
  /** Milliseconds kept free at the end of an invocation (default 5000, at most half the timeout). Was `DEDUP_RESERVE_MS`. */
  reserveMs: 'MSK_ONCE_RESERVE_MS',
  /** Milliseconds of a claim's lease (default 30000). Was `DEDUP_LEASE_MS`. */
  leaseMs: 'MSK_ONCE_LEASE_MS',
  /** Longest wait, in ms, for a claim another invocation holds (default: the lease; 0 fails it at once). Was `DEDUP_HELD_CLAIM_WAIT_MS`. */
  heldClaimWaitMs: 'MSK_ONCE_HELD_CLAIM_WAIT_MS',
  /** A group commit once this many records succeeded (default 100). */
  commitEveryRecords: 'MSK_ONCE_COMMIT_EVERY_RECORDS',
  /** A group commit this long, in ms, after its first record succeeded (default 500, at most a third of the lease). */
  commitEveryMs: 'MSK_ONCE_COMMIT_EVERY_MS',
  /** Largest accepted header value, in bytes (default 16384). */
  maxHeaderBytes: 'MSK_ONCE_MAX_HEADER_BYTES',
  /** The handler's peak rate of new events per second: how many hashes its DONE marks are spread over (default 1000). */
  eventsPerSecond: 'MSK_ONCE_EVENTS_PER_SECOND',
  /** How the records of a partition are ordered: `partition` (default, one at a time) or `key` (per Kafka key). */
  ordering: 'MSK_ONCE_ORDERING',
  /** With `key` ordering, how many records run at once per invocation (default 16). */
  concurrency: 'MSK_ONCE_CONCURRENCY',
  /**
   * During a rollout of a new key format, the format of the release deployed before (`0.1.0`,
   * `0.2.0` or `0.3.0`): each event is claimed and committed under both keys (0.3.0: its DONE is
   * also written as the string mark 0.3.0 reads) (docs/consumer.md, "Key format").
   * Default: none. Was `DEDUP_PREVIOUS_KEY_FORMAT`.
   */
  previousKeyFormat: 'MSK_ONCE_PREVIOUS_KEY_FORMAT',
  /** `redis` (default) or `memory`: an in-process store, for local runs only. */
  store: 'DEDUP_STORE',
  /**
   * Where the event id is read: `header` (default, the Event-Id header), `header:<name>`,
   * `cloudevents`, `key` or `position` (docs/consumer.md, "Event id"). A function of the message is
   * code: it is given to kafkaHandler, not here. Was `DEDUP_EVENT_ID_SOURCE`.
   */
  eventIdSource: 'MSK_ONCE_EVENT_ID_SOURCE',
  /** The event id's form: `ulid` (default for a header), `uuid`, `opaque` or `opaque:<maxBytes>`. Was `DEDUP_EVENT_ID_FORMAT`. */
  eventIdFormat: 'MSK_ONCE_EVENT_ID_FORMAT',
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
  /**
   * The service name the deployment was made for, set by the CDK construct to its `service` prop
   * (the `service` dimension its alarms watch). `kafkaHandler` uses it unless its code names one; a
   * different one in the code fails at cold start.
   */
  deployedServiceName: 'MSK_ONCE_SERVICE_NAME',
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
  /**
   * `true`: kafkaHandler traces each invocation with Powertools Tracer (an optional peer): spans
   * claim, run and commit, the dedup decision as annotations. Set by the CDK construct with X-Ray
   * active tracing (its `tracing` prop). Anything else: no spans, the tracer is not loaded.
   */
  traceEnabled: 'POWERTOOLS_TRACE_ENABLED',
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

/** The variables of the dedup store's connection (the `DEDUP_*` family: the store's endpoint and auth). */
export const DEDUP_ENV_VARS = [
  EnvVar.redisUrl,
  EnvVar.redisMode,
  EnvVar.redisAuth,
  EnvVar.redisUser,
  EnvVar.redisToken,
  EnvVar.redisCacheName,
  EnvVar.redisServerless,
  EnvVar.store,
] as const;

/**
 * Names of 0.2.0 read for one release in place of the new ones, with a warning at cold start (the
 * settings' own old names are declared with them, lib/contract/settings.ts).
 */
export const DEPRECATED_ENV_VARS: Readonly<Record<string, string>> = {
  DEDUP_WINDOW: EnvVar.window,
  DEDUP_STORE_POLICY: EnvVar.onStoreError,
  DEDUP_RESERVE_MS: EnvVar.reserveMs,
  DEDUP_LEASE_MS: EnvVar.leaseMs,
  DEDUP_HELD_CLAIM_WAIT_MS: EnvVar.heldClaimWaitMs,
  DEDUP_PREVIOUS_KEY_FORMAT: EnvVar.previousKeyFormat,
  DEDUP_EVENT_ID_SOURCE: EnvVar.eventIdSource,
  DEDUP_EVENT_ID_FORMAT: EnvVar.eventIdFormat,
  POISON_QUEUE_URL: EnvVar.poisonQueueUrl,
};
