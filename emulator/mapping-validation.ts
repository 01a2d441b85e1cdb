/**
 * Validation of an event source mapping's settings, before it polls anything: the defaults of
 * mapping-options.ts are applied, and every value or combination AWS refuses is refused with a
 * {@link MappingConfigurationError} naming the setting (and, where AWS explains the refusal, quoting
 * the page under https://docs.aws.amazon.com/lambda/latest/dg/). Then the settings are checked
 * against the log: the source topics must exist.
 *
 * It does not check that the on-failure destination exists: AWS accepts a mapping whose
 * destination is missing, and records sent there are lost (destination-writer.ts).
 */
import { parseDestination } from './destinations.ts';
import { MappingConfigurationError } from './errors.ts';
import type { KafkaLog } from './kafka-log.ts';
import type {
  EventSourceMappingOptions,
  ResolvedMappingOptions,
  StartingPosition,
} from './mapping-options.ts';
import type { ClusterIdentity } from './msk-event.ts';

const STARTING_POSITIONS: readonly StartingPosition[] = ['TRIM_HORIZON', 'LATEST', 'AT_TIMESTAMP'];
/** Controls that need provisioned mode, by option name. */
const PROVISIONED_ONLY = [
  'retryAttempts',
  'maximumRetryAttempts',
  'maximumRecordAgeSeconds',
  'bisectBatchOnFunctionError',
] as const;

/**
 * Apply defaults and refuse what AWS refuses. @internal
 *
 * @throws {MappingConfigurationError} naming the setting.
 * @example
 * const o = resolveMappingOptions({ topics: ['t'], provisionedPollers: {}, retryAttempts: 3 }, LOCAL_CLUSTER);
 * o.maxRetries; // 3
 */
export function resolveMappingOptions(
  options: EventSourceMappingOptions,
  cluster: ClusterIdentity,
): ResolvedMappingOptions {
  const fail = (message: string): never => {
    throw new MappingConfigurationError(message);
  };
  if (!Array.isArray(options.topics) || options.topics.length === 0)
    fail('topics: a mapping needs at least one source topic');
  const provisioned = options.provisionedPollers !== undefined;
  if (!provisioned) {
    for (const name of PROVISIONED_ONLY) {
      if (options[name] !== undefined) {
        fail(
          `${name} needs provisioned mode (set provisionedPollers): "select provisioned mode to configure error handling controls" (kafka-retry-configurations.html)`,
        );
      }
    }
    if (options.schemaRegistry) {
      fail(
        `schemaRegistry needs provisioned mode (set provisionedPollers): "This feature is only available for event source mappings using provisioned mode" (services-consume-kafka-events.html)`,
      );
    }
    if (options.functionResponseTypes?.length) {
      fail(
        'functionResponseTypes needs provisioned mode (set provisionedPollers): ReportBatchItemFailures is one of the error handling controls (kafka-retry-configurations.html)',
      );
    }
  } else {
    const min = options.provisionedPollers!.minimumPollers ?? 1;
    const max = options.provisionedPollers!.maximumPollers ?? 200;
    if (!Number.isInteger(min) || min < 1 || min > 200)
      fail(`provisionedPollers.minimumPollers must be 1..200, got ${min}`);
    if (!Number.isInteger(max) || max < 1 || max > 2000)
      fail(`provisionedPollers.maximumPollers must be 1..2000, got ${max}`);
    if (min > max) fail(`provisionedPollers: minimumPollers ${min} is above maximumPollers ${max}`);
  }
  const batchSize = options.batchSize ?? 100;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
    fail(`batchSize must be 1..10000 (msk-esm-parameters.html), got ${batchSize}`);
  const window = options.maximumBatchingWindowInSeconds;
  if (window !== undefined && (!Number.isInteger(window) || window < 0 || window > 300)) {
    fail(
      `maximumBatchingWindowInSeconds must be a whole number 0..300 (the 500 ms default is had by leaving it unset), got ${window}`,
    );
  }
  if (options.retryAttempts !== undefined && options.maximumRetryAttempts !== undefined)
    fail('retryAttempts and maximumRetryAttempts (its deprecated name) are the same setting: give one');
  const retryName = options.retryAttempts === undefined ? 'maximumRetryAttempts' : 'retryAttempts';
  const retries = options.retryAttempts ?? options.maximumRetryAttempts ?? -1;
  if (!Number.isInteger(retries) || retries < -1 || retries > 10_000)
    fail(`${retryName} must be -1 or 0..10000, got ${retries}`);
  const age = options.maximumRecordAgeSeconds ?? -1;
  if (age !== -1 && (!Number.isInteger(age) || age < 60 || age > 604_800))
    fail(`maximumRecordAgeSeconds must be -1 or 60..604800, got ${age}`);
  const types = options.functionResponseTypes ?? [];
  for (const type of types) {
    if (type !== 'ReportBatchItemFailures')
      fail(`functionResponseTypes: '${String(type)}' is not ReportBatchItemFailures`);
  }
  const startingPosition = options.startingPosition ?? 'TRIM_HORIZON';
  if (!STARTING_POSITIONS.includes(startingPosition))
    fail(`startingPosition must be one of ${STARTING_POSITIONS.join(', ')}, got ${startingPosition}`);
  const timestamp = options.startingPositionTimestamp;
  if (startingPosition === 'AT_TIMESTAMP' && (typeof timestamp !== 'number' || !(timestamp >= 0)))
    fail('startingPositionTimestamp (Unix seconds) is required with startingPosition AT_TIMESTAMP');
  if (startingPosition !== 'AT_TIMESTAMP' && timestamp !== undefined)
    fail(`startingPositionTimestamp is only for AT_TIMESTAMP, not ${startingPosition}`);
  const destination =
    options.onFailureDestination === undefined ? undefined : parseDestination(options.onFailureDestination);
  if (destination?.kind === 'kafka') {
    if (!provisioned) {
      fail(
        'onFailureDestination: a Kafka destination needs provisioned mode (set provisionedPollers): "A Kafka on-failure destination is only available for event source mappings with provisioned mode enabled" (kafka-on-failure-destination.html)',
      );
    }
    if (options.topics.includes(destination.topic)) {
      fail(
        `onFailureDestination: ${destination.topic} is also a source topic: "Lambda prevents infinite loops by blocking configurations where the source and destination topics are the same" (kafka-on-failure-destination.html)`,
      );
    }
  }
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    fail(`concurrency must be a positive whole number, got ${concurrency}`);
  const reading = options.partialResponseReading ?? 'retry-reported-only';
  if (reading !== 'retry-reported-only' && reading !== 'resume-from-lowest')
    fail(`partialResponseReading must be retry-reported-only or resume-from-lowest, got ${reading}`);
  return {
    topics: options.topics,
    startingPosition,
    startingPositionTimestamp: timestamp,
    batchSize,
    batchingWindowMs: window === undefined ? 500 : window * 1000,
    maxPayloadBytes: options.maxPayloadBytes ?? 6 * 1024 * 1024,
    provisioned,
    // kafka-on-failure-destination.html: "When you configure both infinite retries and an
    // on-failure destination, Lambda automatically applies a maximum of 10 retry attempts."
    // On demand there are no retry controls: "Lambda retries the whole batch until processing
    // succeeds or the messages expire" (with-msk.html).
    maxRetries: !provisioned
      ? Number.POSITIVE_INFINITY
      : retries === -1
        ? destination
          ? 10
          : Number.POSITIVE_INFINITY
        : retries,
    maximumRecordAgeSeconds: age,
    bisectBatchOnFunctionError: options.bisectBatchOnFunctionError ?? false,
    reportBatchItemFailures: types.includes('ReportBatchItemFailures'),
    destination,
    destinations: options.destinations,
    partialResponseReading: reading,
    bisectCountsAsRetry: options.bisectCountsAsRetry ?? true,
    exhaustedConditionName: options.exhaustedConditionName ?? 'per-destination-page',
    cluster,
    concurrency,
    retryBackoffMs: options.retryBackoffMs ?? (() => 0),
    schemaRegistry: options.schemaRegistry,
    mutateEvent: options.mutateEvent,
    onInvocation: options.onInvocation,
  };
}

/**
 * Refuse a mapping whose source topics the log does not have. @internal
 *
 * @throws {MappingConfigurationError} naming the first missing topic.
 * @example
 * checkSourceTopics(log, ['order-placed']); // throws unless log.createTopic('order-placed', n) ran
 */
export function checkSourceTopics(log: KafkaLog, topics: readonly string[]): void {
  for (const topic of topics) {
    if (!log.hasTopic(topic)) throw new MappingConfigurationError(`source topic ${topic} does not exist`);
  }
}
