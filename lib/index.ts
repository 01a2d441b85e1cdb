/**
 * msk-once: run each business effect once behind AWS Lambda + Amazon MSK.
 *
 * This entry is what a handler author uses, and nothing else (docs/architecture.md, "The root
 * entry", gives the reason for each name): `kafkaHandler` with its options and message types,
 * `dedupConfigFromEnv`, the dedup stores a team wires (and the interface of a store of its own),
 * the window names, the Event-Id header and the errors a handler catches or throws. The consumer
 * core kafkaHandler runs, and its hooks, are behind `msk-once/middlewares`; the effect layer is
 * `msk-once/effects`; the decoders of Avro, Protobuf and JSON Schema with their errors are
 * `msk-once/formats`; the names tools and dashboards share (metrics, environment variables, key
 * format, positions) are `msk-once/contract`.
 *
 * @example
 * import { kafkaHandler, dedupConfigFromEnv } from 'msk-once';
 * export const handler = kafkaHandler<OrderPlaced>({
 *   service: 'orders',
 *   handlerName: 'on-order-placed',
 *   ...dedupConfigFromEnv(),
 *   async handle(message) { await sendReceipt(message); },
 * });
 */
export { type DedupEnvConfig, dedupConfigFromEnv } from './consumer/env.ts';
export { type KafkaHandler, kafkaHandler } from './consumer/kafka-handler.ts';
export type { BusinessHandler, HandleContext, KafkaHandlerOptions } from './consumer/options.ts';
export type { PoisonEntry, PoisonSink } from './consumer/poison.ts';
export { EVENT_ID_HEADER } from './contract/envelope.ts';
export type { KafkaBatchResponse, KafkaHeaders, KafkaMessage } from './contract/message.ts';
export { WINDOWS, type WindowName } from './contract/windows.ts';
export { MemoryDedupStore } from './dedup/memory-store.ts';
export type { RedisConnectionOptions } from './dedup/redis-options.ts';
export { RedisDedupStore, type RedisDedupStoreOptions } from './dedup/redis-store.ts';
export type { ClaimResult, DedupStore } from './dedup/store.ts';
export {
  ConfigurationError,
  DedupStoreError,
  HandlerError,
  InvalidRecordError,
  MissingPeerError,
  MskOnceError,
  PermanentError,
  RecordError,
  type RetryLater,
} from './errors.ts';
