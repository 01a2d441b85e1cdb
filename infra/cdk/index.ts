/**
 * msk-once/cdk: the CDK constructs of an msk-once deployment, for your own stacks. Needs
 * `aws-cdk-lib` and `constructs` (optional peer dependencies of the package) and `esbuild` (the
 * consumer's function is bundled locally, never in Docker).
 *
 * - {@link KafkaConsumer}: a Lambda consumer of MSK topics (provisioned pollers, retries, bisect,
 *   partial batch failures, the Kafka on-failure DLQ, the contract's environment, least privilege);
 * - {@link DedupCache}: the Redis (Valkey) the consumers claim Event-Ids in, ElastiCache Serverless
 *   or a replication group, IAM auth; `storeFor(service)` hands a consumer its user;
 * - {@link IdempotencyTable}: the DynamoDB table of the effect layer (msk-once/effects);
 * - {@link ConsumerAlarms}, {@link AlarmTopic}, {@link ConsumersDashboard}, {@link DlqTopic}.
 *
 * @example
 * import { ConsumerAlarms, DedupCache, KafkaConsumer } from 'msk-once/cdk';
 * const cache = new DedupCache(stack, 'Cache', { vpc, name: 'orders', config: { kind: 'serverless' } });
 * const consumer = new KafkaConsumer(stack, 'order-paid', {
 *   entry: 'src/order-paid.ts', service: 'orders', handlerName: 'on-order-paid', clusterArn,
 *   topics: ['order-paid'], consumerGroupId: 'orders.on-order-paid', dlqTopic: 'orders-dlq', vpc,
 *   dedupStore: cache.storeFor('orders'), provisionedPollers: { minimumPollers: 1, maximumPollers: 2 },
 * });
 * new ConsumerAlarms(stack, 'order-paid-alarms', { consumer, topic, runbookUrl, namePrefix: 'orders', offsetLag: 10_000 });
 */

export { AlarmTopic, type AlarmTopicProps } from './alarm-topic.ts';
export { ConsumerAlarms, type ConsumerAlarmsProps } from './consumer-alarms.ts';
export { MAX_BATCH_SIZE, MAX_KAFKA_TIMEOUT } from './consumer-validation.ts';
export {
  ConsumersDashboard,
  type ConsumersDashboardProps,
  type DashboardCache,
} from './consumers-dashboard.ts';
export { DedupCache, type DedupCacheProps } from './dedup-cache.ts';
export type { DedupStoreEndpoint, IDedupStore } from './dedup-store.ts';
export { DlqTopic, type DlqTopicProps } from './dlq-topic.ts';
export {
  DEFAULT_DLQ_TOPIC_SETTINGS,
  type DlqTopicSettings,
  kafkaTopicsCommand,
} from './dlq-topic-settings.ts';
export type {
  CacheConfig,
  DedupWindow,
  ReplicationGroupCacheConfig,
  ServerlessCacheConfig,
} from './environment-types.ts';
export { ConstructConfigError } from './errors.ts';
export { IdempotencyTable, type IdempotencyTableProps } from './idempotency-table.ts';
export { KafkaConsumer, type KafkaConsumerProps } from './kafka-consumer.ts';
export type { ConsumerEventIdSource, MappingSystemLogLevel } from './kafka-consumer-props.ts';
export { LeastPrivilegeRole } from './least-privilege-role.ts';
export { InvalidClusterArnError, type MskCluster, parseClusterArn } from './msk-arns.ts';
