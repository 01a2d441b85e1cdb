/**
 * msk-once/emulator: Amazon MSK and the Lambda event source mapping on one machine. An in-process
 * Kafka log, a producer that stamps the envelope, the event source mapping (batches, the batching
 * window, starting positions, provisioned and on-demand modes, retries, bisect, partial batch
 * responses, Kafka/SQS/SNS/S3 on-failure destinations) and a Lambda runtime whose execution
 * environments run in this process or in worker threads and are frozen between invocations. docs/emulator.md lists the rules and
 * where they come from.
 *
 * @example
 * import { EventProducer, EventSourceMapping, KafkaLog, LambdaFunction, workerThread } from 'msk-once/emulator';
 * const log = new KafkaLog();
 * log.createTopic('order-placed', 3);
 * new EventProducer(log).send({ topic: 'order-placed', key: 'review-1', payload: { stars: 5 } });
 * const fn = new LambdaFunction(workerThread({ module: './handler.ts', env: () => ({ [contract.EnvVar.redisUrl]: url }) }), {
 *   functionName: 'orders', timeoutMs: 30_000 });
 * log.createTopic('order-placed-dlq', 1);
 * const esm = new EventSourceMapping(log, fn, { topics: ['order-placed'], provisionedPollers: {},
 *   functionResponseTypes: ['ReportBatchItemFailures'], onFailureDestination: 'kafka://order-placed-dlq' });
 * await esm.drain();
 * await fn.close();
 */
export { judgeInvocation, type Verdict } from './batch-response.ts';
export type { FailedRecord } from './destination-writer.ts';
export {
  LocalDestinations,
  type OnFailureDestination,
  parseDestination,
  type StoredObject,
} from './destinations.ts';
export {
  CrashError,
  FunctionConfigurationError,
  KafkaLogError,
  MappingConfigurationError,
  PositionFormatError,
  RecordTooLargeError,
} from './errors.ts';
export { type EsmMetricOptions, esmMetricDocuments } from './esm-metrics.ts';
export {
  EventProducer,
  type EventProducerOptions,
  type NewEvent,
  type OutgoingEvent,
} from './event-producer.ts';
export { EventSourceMapping, MAX_PAYLOAD_BYTES, type MappingStats } from './event-source-mapping.ts';
export { inProcess } from './in-process-environment.ts';
export { type AppendRequest, KafkaLog, type LogHeader, type LogRecord, murmur2 } from './kafka-log.ts';
export { functionArn, type LambdaContextOptions, lambdaContext } from './lambda-context.ts';
export {
  type EnvironmentMode,
  type ExecutionEnvironment,
  type HandlerAnswer,
  type InvocationResult,
  LambdaFunction,
  type LambdaFunctionOptions,
  type LambdaHandler,
  type LambdaInvoker,
  MAX_KAFKA_FUNCTION_TIMEOUT_MS,
  type Sandbox,
} from './lambda-runtime.ts';
export type {
  EventSourceMappingOptions,
  ExhaustedConditionName,
  InvocationReport,
  PartialResponseReading,
  ProvisionedPollers,
  StartingPosition,
} from './mapping-options.ts';
export {
  type ClusterIdentity,
  LOCAL_CLUSTER,
  mskEventSize,
  mskRecordSize,
  toMskEvent,
  toMskRecord,
} from './msk-event.ts';
export {
  type BatchOnFailureInput,
  type BatchOnFailureRecord,
  batchOnFailureRecord,
  type KafkaOnFailureMessage,
  type OnFailureCondition,
  type OnFailureInput,
  onFailureMessage,
  type RecordsInfo,
} from './on-failure.ts';
export { parsePartitionId } from './partition-id.ts';
export {
  type DeliveredRecord,
  MappingSchemaRegistry,
  type MappingSchemaRegistryOptions,
  type RegistryVerdict,
  type SchemaRegistryCondition,
} from './schema-registry-mapping.ts';
export { type WorkerThreadOptions, workerThread } from './worker-environment.ts';
