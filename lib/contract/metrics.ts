/**
 * The metric names, dimensions and default namespace that the runtime emits and the CDK alarms,
 * dashboards and the triage read; and the default thresholds of the alarms built on them.
 */

/**
 * The CloudWatch namespace of the metrics when `POWERTOOLS_METRICS_NAMESPACE` ({@link EnvVar}
 * `metricsNamespace`) is not set.
 */
export const DEFAULT_NAMESPACE = 'MskOnce';

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
  /** Written to the poison sink: no retry could cure it (emitted only when non-zero). Count; service, Topic, Handler. */
  parked: 'MessagesParked',
  /** A poison record the poison sink did not take (it failed instead, to be retried). Count; service. */
  poisonSinkErrors: 'PoisonSinkErrors',
  /** One dedup store round trip (a claim, renewal, commit or release), without opening a connection. Milliseconds; service. */
  dedupCheckDuration: 'DedupCheckDuration',
  /** The store had to open its connection first (a cold start's TLS, IAM token and AUTH, or a reconnect): timed apart from the round trip. Milliseconds; service. */
  dedupConnectDuration: 'DedupConnectDuration',
  /** A failed dedup store call, a claim lost under a running batch, or a record key order left without its DONE mark. Count; service, Reason ({@link DEDUP_ERROR_REASONS}). */
  dedupErrors: 'DedupErrors',
  /** A failure of the effect layer's own store (not of the effect). Count; service, Reason ({@link EFFECT_ERROR_REASONS}). */
  effectErrors: 'EffectErrors',
  /** A record that failed because the schema registry did (msk-once/formats), not its bytes. Count; service, Reason ({@link SCHEMA_REGISTRY_ERROR_REASONS}). */
  schemaRegistryErrors: 'SchemaRegistryErrors',
  /** A record whose claim another invocation held, waited for: how the wait ended. Count; service, Reason ({@link HELD_CLAIM_WAIT_OUTCOMES}). */
  heldClaimWaits: 'HeldClaimWaits',
  /**
   * DONE marks a commit wrote into a mark hash past the compact encoding's field count
   * (`COMPACT_HASH_FIELDS`, 128, Redis's default `hash-max-listpack-entries`), emitted only when
   * non-zero. Such a hash leaves the compact (listpack) encoding: its marks cost about 3x the memory
   * per event. The handler runs above its declared `eventsPerSecond`: raise it to the real peak rate
   * of new events, a change of where marks live made like a key format rollout (docs/consumer.md,
   * "The key and its states"). A capacity warning, not a store failure (not in `dedupErrors`).
   * Count; service, Handler.
   */
  marksNotCompact: 'DedupMarksNotCompact',
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
  [Metric.parked]: [Dimension.service, Dimension.topic, Dimension.handler],
  [Metric.poisonSinkErrors]: [Dimension.service],
  [Metric.dedupCheckDuration]: [Dimension.service],
  [Metric.dedupConnectDuration]: [Dimension.service],
  [Metric.dedupErrors]: [Dimension.reason, Dimension.service],
  [Metric.effectErrors]: [Dimension.reason, Dimension.service],
  [Metric.schemaRegistryErrors]: [Dimension.reason, Dimension.service],
  [Metric.heldClaimWaits]: [Dimension.reason, Dimension.service],
  [Metric.marksNotCompact]: [Dimension.service, Dimension.handler],
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
