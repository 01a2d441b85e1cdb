/**
 * msk-once: run each business effect once behind AWS Lambda + Amazon MSK.
 *
 * This entry is what a handler author needs: `kafkaHandler` with its options and message types,
 * the errors, `dedupConfigFromEnv`, the dedup stores, window names, the envelope's header names
 * and the record position format. The middlewares kafkaHandler is made of are behind
 * `msk-once/middlewares`; the effect layer is `msk-once/effects`.
 *
 * @example
 * import { kafkaHandler, dedupConfigFromEnv } from 'msk-once';
 * export const handler = kafkaHandler<ReviewCreated>({
 *   service: 'notification',
 *   handlerName: 'on-review-created',
 *   ...dedupConfigFromEnv(),
 *   async handle(message) { await sendPush(message); },
 * });
 *
 * `contract` holds the names metrics, dashboards, alarms and deployments agree on (also the
 * `msk-once/contract` entry, which loads nothing else).
 */
export { type DedupEnvConfig, dedupConfigFromEnv } from './consumer/env.ts';
export { type KafkaHandler, kafkaHandler } from './consumer/kafka-handler.ts';
export type {
  BusinessHandler,
  HandleContext,
  KafkaHandlerOptions,
  RecordMetrics,
} from './consumer/options.ts';
export * as contract from './contract.ts';
export { type ElastiCacheIamAuth, elastiCacheIamToken } from './dedup/elasticache-iam.ts';
export { dedupKey, dedupKeyPrefix, eventIdOfKey, KEY_BUCKETS, KEY_FORMAT } from './dedup/key.ts';
export { MemoryDedupStore } from './dedup/memory-store.ts';
export {
  PREVIOUS_KEY_FORMATS,
  type PreviousKeyFormat,
  previousFormatKey,
  previousKeyOf,
} from './dedup/previous-key-formats.ts';
export { connectRedis, type RedisConnection } from './dedup/redis-connection.ts';
export type { RedisConnectionOptions } from './dedup/redis-options.ts';
export { RedisDedupStore, type RedisDedupStoreOptions } from './dedup/redis-store.ts';
export { RolloutDedupStore } from './dedup/rollout-store.ts';
export type { ClaimOutcome, ClaimResult, DedupStore } from './dedup/store.ts';
export { MIN_WINDOW_SECONDS, WINDOWS, type WindowName, windowMs } from './dedup/window.ts';
export * from './errors.ts';
export {
  type DecodeOptions,
  decodePayload,
  decodeRecord,
  decodeValue,
  isByteArray,
  parseJson,
} from './kafka/decode.ts';
export {
  CORRELATION_ID_HEADER,
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  normalizeEventId,
} from './kafka/envelope.ts';
export { type EventIdFormat, normalizeUuid } from './kafka/event-id-format.ts';
export {
  type DeclarativeEventIdSource,
  type EventIdSource,
  eventIdSourceText,
  parseEventIdSource,
} from './kafka/event-id-source.ts';
export type {
  KafkaBatchItemFailure,
  KafkaBatchResponse,
  KafkaHeaders,
  KafkaMessage,
} from './kafka/message.ts';
export { formatPosition, partitionId, type RecordPosition } from './kafka/position.ts';
export {
  canonicalEventId,
  eventIdOfRecord,
  type RecordKeyOptions,
  recordDedupKey,
} from './kafka/record-event-id.ts';
export {
  DUPLICATES_MESSAGE,
  MAX_LISTED_SKIPPED,
  type SkipCause,
  SkippedRecords,
} from './observability/skipped-records.ts';
