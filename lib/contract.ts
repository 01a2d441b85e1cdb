/**
 * msk-once/contract: what the runtime and everything around it must agree on, each written once in
 * one file of `lib/contract/`: metric names, dimensions and `Reason` values (metrics.ts,
 * reasons.ts), the environment variables of a deployed function (env-vars.ts), the envelope's
 * headers and the Event-Id's canonical form (envelope.ts), the dedup windows (windows.ts), the dedup
 * key format and the formats before it (dedup-key.ts, previous-key-formats.ts), the record position
 * `<topic>-<partition>@<offset>` (position.ts), every setting of a consumer and the constraints
 * between them (settings.ts), the log lines tools read (log-lines.ts), the header
 * bytes of an MSK event (bytes.ts) and the ElastiCache user of a dedup store (dedup-user.ts).
 *
 * The emulator, the test kit, the CLI, the CDK constructs and a dashboard of yours import these
 * names from here, so a rename cannot leave an alarm watching a metric nobody emits or a tool
 * naming a key the consumer never wrote. The values are public: changing one breaks what is built
 * on it. It loads no npm package (no Redis client, no middy, no Powertools): a CDK app or a test can
 * load it alone.
 *
 * @example
 * import { Dimension, Metric, DEFAULT_NAMESPACE } from 'msk-once/contract';
 * new cloudwatch.Metric({
 *   namespace: DEFAULT_NAMESPACE,
 *   metricName: Metric.deduplicated,
 *   dimensionsMap: { [Dimension.service]: 'orders', [Dimension.topic]: 'order-placed', [Dimension.handler]: 'on-order-placed' },
 * });
 */
export { isByteArray } from './contract/bytes.ts';
export {
  dedupKey,
  dedupKeyPrefix,
  eventIdOfKey,
  KEY_BUCKETS,
  KEY_FORMAT,
  KEY_TURN_MS,
  KEY_TURNS,
} from './contract/dedup-key.ts';
export {
  COMPACT_HASH_FIELDS,
  DEFAULT_EVENTS_PER_SECOND,
  MARK_FORMAT,
  MARK_SLICE_MODULUS,
  MARK_SLICES,
  type MarkLayout,
  markField,
  markHashKey,
  markIsFresh,
  markLayout,
  markSlice,
  markValue,
} from './contract/dedup-mark.ts';
export {
  DEDUP_USER_COMMANDS,
  type DedupUserCommand,
  dedupUserAccessString,
  dedupUserKeyPattern,
} from './contract/dedup-user.ts';
export { DEDUP_ENV_VARS, DEPRECATED_ENV_VARS, EnvVar, type EnvVarName } from './contract/env-vars.ts';
export {
  CORRELATION_ID_HEADER,
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  Header,
  normalizeEventId,
} from './contract/envelope.ts';
export {
  EVENT_ID_FORMATS,
  EVENT_ID_SOURCES,
  type EventIdFormat,
  MAX_OPAQUE_ID_BYTES,
  normalizeUuid,
} from './contract/event-id-format.ts';
export {
  CLOUDEVENTS_ID_HEADER,
  type DeclarativeEventIdSource,
  type EventIdSource,
  eventIdSourceText,
  parseEventIdSource,
} from './contract/event-id-source.ts';
export { DUPLICATES_MESSAGE, MARKS_NOT_COMPACT_MESSAGE, MAX_LISTED_SKIPPED } from './contract/log-lines.ts';
export {
  ALARM_DEFAULTS,
  DEFAULT_NAMESPACE,
  Dimension,
  type DimensionName,
  METRIC_DIMENSIONS,
  Metric,
  type MetricName,
  RECORD_COUNTERS,
  type RecordCounter,
} from './contract/metrics.ts';
export { formatPosition, partitionId, type RecordPosition } from './contract/position.ts';
export {
  PREVIOUS_KEY_FORMATS,
  type PreviousKeyFormat,
  previousFormatKey,
  previousKeyOf,
} from './contract/previous-key-formats.ts';
export {
  CLAIM_LOSS_REASONS,
  DEDUP_ERROR_REASONS,
  type DedupErrorReason,
  EFFECT_ERROR_REASONS,
  type EffectErrorReason,
  HELD_CLAIM_WAIT_OUTCOMES,
  type HeldClaimWaitOutcome,
  SCHEMA_REGISTRY_ERROR_REASONS,
  type SchemaRegistryErrorReason,
  STORE_ERROR_REASONS,
  type StoreErrorReason,
} from './contract/reasons.ts';
export {
  type ChoiceSetting,
  type ConstraintOutcome,
  DEFAULT_STORE_CALL_MS,
  EFFECT_TIME_NEED_MS,
  type GivenSettings,
  heldClaimWaitBound,
  type NumberSetting,
  oldNames,
  parseSettingText,
  type ResolvedSettings,
  readSettings,
  readSettingVariables,
  reserveWithin,
  resolveSettings,
  SETTING_CONSTRAINTS,
  SETTINGS,
  type SettingConstraint,
  type SettingDeclaration,
  type SettingFacts,
  type SettingSurface,
  type SettingValue,
  settingName,
  settingOf,
  settingProblem,
  valueAt,
  type WindowSetting,
} from './contract/settings.ts';
export { MIN_WINDOW_SECONDS, WINDOWS, type WindowName } from './contract/windows.ts';
