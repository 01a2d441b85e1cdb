/**
 * msk-once/testkit: the test kit for handlers built with msk-once. MSK records and events built by
 * hand, the Lambda context, capture of what Powertools prints (logs, EMF) with metric readers, real
 * local parts (redis-server, dynalite, a fake push provider) and fault injectors (crashes, producer
 * duplicates, rebalance overlaps, lease expiry, a TCP proxy that makes a network fail on demand) and cluster
 * topology faults (reshard, a slot left migrating, failover, a killed or paused master).
 *
 * @example
 * import { captureConsoleOutput, failedOffsets, lambdaContext, mskEvent, mskRecord, sumMetric } from 'msk-once/testkit';
 * const event = mskEvent([mskRecord({ offset: 1, value: { stars: 5 } }), mskRecord({ offset: 2, eventId: null })]);
 * const { result, lines } = await captureConsoleOutput(() => handler(event, lambdaContext()));
 * assert.deepEqual(failedOffsets(result), ['orders-0@2']);
 * assert.equal(sumMetric(lines, contract.Metric.processed), 1);
 */
export { functionArn, type LambdaContextOptions, lambdaContext } from '../emulator/index.ts';
export {
  type ClusterFaultTimes,
  type ClusterOutage,
  failoverGracefully,
  killMaster,
  leaveSlotsMigrating,
  pauseNode,
  reshardSlots,
  slotOwner,
} from './cluster-faults.ts';
export { type DynamoDBTap, type DynamoDBTapOptions, startDynamoDBTap } from './dynamodb-tap.ts';
export {
  CrashingStore,
  type CrashPlan,
  crashAfterHandled,
  DuplicatingProducer,
  expireLeases,
  overlappingInvocations,
  storeOfEnvironment,
} from './faults.ts';
export type { AwsJsonAnswer, LocalAwsJsonServer } from './local-aws-json.ts';
export {
  type ConfluentSchemaType,
  type LocalConfluentRegistry,
  startLocalConfluentRegistry,
} from './local-confluent-registry.ts';
export { type LocalDynamoDB, startLocalDynamoDB } from './local-dynamodb.ts';
export {
  type GlueDataFormat,
  type LocalGlueRegistry,
  startLocalGlueRegistry,
} from './local-glue-registry.ts';
export { type FindRedisOptions, type FoundRedis, findRedis } from './local-redis.ts';
export { type LocalSecretsManager, startLocalSecretsManager } from './local-secrets-manager.ts';
export { type LocalSqs, startLocalSqs } from './local-sqs.ts';
export { failedOffsets, mskEvent, mskRecord, type RecordSpec } from './msk-records.ts';
export {
  type CapturedOutput,
  captureConsoleOutput,
  captureProcessOutput,
  collectOutputLines,
  emfDocuments,
  type JsonLine,
  metricValues,
  type OutputCapture,
  type OutputLines,
  type PrintedOutput,
  parseJsonLine,
  percentile,
  startProcessOutputCapture,
  sumMetric,
} from './output-capture.ts';
export {
  type ClusterNodeView,
  clusterNodesOf,
  clusterUnhealthy,
  freePort,
  hasRedisServer,
  type LocalRedis,
  type LocalRedisCluster,
  nodeCommand,
  pingRedis,
  type RedisClusterOptions,
  startRedisCluster,
  startRedisServer,
  waitClusterHealthy,
} from './redis-server.ts';
export {
  encodeWithSchema,
  type Framing,
  type SchemaEvent,
  SchemaProducer,
  type SchemaSpec,
} from './schema-producer.ts';
export { seededRandom } from './seeded-random.ts';
export { type ProxyMode, startTcpFaultProxy, type TcpFaultProxy } from './tcp-fault-proxy.ts';
