/**
 * msk-once/testkit: the test kit for a team's handlers built with msk-once. MSK records and events
 * built by hand (CloudEvents in binary and structured mode too), the Lambda context, capture of what
 * Powertools prints (logs, EMF) with metric readers, local stand-ins that need no AWS account and
 * no AWS environment variables (redis-server and a Redis Cluster, dynalite, SQS, the Confluent and
 * Glue registries, Secrets Manager) and a handler's faults (crashes, producer duplicates,
 * overlapping invocations, lease expiry, a TCP proxy that makes the network to Redis fail on
 * demand). This repository's own harness (cluster topology faults, free ports, percentiles) is not
 * part of it.
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
  CrashingStore,
  type CrashPlan,
  crashAfterHandled,
  DuplicatingProducer,
  expireLeases,
  overlappingInvocations,
  storeOfEnvironment,
} from './faults.ts';
export type { LocalAwsClientConfig } from './local-aws-json.ts';
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
  startProcessOutputCapture,
  sumMetric,
} from './output-capture.ts';
export {
  hasRedisServer,
  type LocalRedis,
  type LocalRedisCluster,
  type RedisClusterOptions,
  startRedisCluster,
  startRedisServer,
} from './redis-server.ts';
export {
  encodeWithSchema,
  type Framing,
  type SchemaEvent,
  SchemaProducer,
  type SchemaSpec,
} from './schema-producer.ts';
export { type ProxyMode, startTcpFaultProxy, type TcpFaultProxy } from './tcp-fault-proxy.ts';
