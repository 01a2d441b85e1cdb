/**
 * The options of an emulated Kafka event source mapping, their AWS defaults and ranges, and the
 * combinations AWS refuses (each refusal names the setting). Pages are under
 * https://docs.aws.amazon.com/lambda/latest/dg/; docs/emulator.md has the whole table.
 *
 * - msk-esm-parameters.html: BatchSize 100 (max 10,000), MaximumBatchingWindowInSeconds 500 ms,
 *   MaximumRetryAttempts and MaximumRecordAgeInSeconds -1 (infinite), BisectBatchOnFunctionError
 *   false, FunctionResponseTypes none, StartingPosition AT_TIMESTAMP | TRIM_HORIZON | LATEST.
 * - kafka-retry-configurations.html: "Under Event poller configuration, select provisioned mode to
 *   configure error handling controls" (retry attempts 0-10000 or -1, record age 60-604800 or -1,
 *   split batch on error, ReportBatchItemFailures). An on-demand mapping (no ProvisionedPollerConfig,
 *   AWS's default) therefore has none of them; nor a Kafka destination: "A Kafka on-failure
 *   destination is only available for event source mappings with provisioned mode enabled"
 *   (kafka-on-failure-destination.html).
 *
 * The options AWS leaves open (docs/emulator.md "labelled choices") are named here, each with both
 * behaviours and the most conservative one as default.
 */
import type { MSKEvent } from 'aws-lambda';
import { type LocalDestinations, type OnFailureDestination, parseDestination } from './destinations.ts';
import { MappingConfigurationError } from './errors.ts';
import type { ClusterIdentity } from './msk-event.ts';
import type { MappingSchemaRegistry } from './schema-registry-mapping.ts';

export type StartingPosition = 'TRIM_HORIZON' | 'LATEST' | 'AT_TIMESTAMP';

/**
 * How a partial batch response is read; AWS's Kafka page says only that Lambda "can retry only the
 * failed records" (kafka-retry-configurations.html).
 * - `retry-reported-only`: the reported records are retried, every other record of the batch is
 *   committed as a success (a record the function skipped without reporting it is lost);
 * - `resume-from-lowest`: the partition resumes at its lowest reported offset and every later record
 *   is delivered again (the documented Kinesis rule, services-kinesis-batchfailurereporting.html).
 */
export type PartialResponseReading = 'retry-reported-only' | 'resume-from-lowest';

/** Which word the mapping writes when retries run out (the AWS pages disagree). */
export type ExhaustedConditionName = 'per-destination-page' | 'RetryAttemptsExhausted' | 'RetriesExhausted';

/** ProvisionedPollerConfig: its presence puts the mapping in provisioned mode. */
export interface ProvisionedPollers {
  /** 1..200. @default 1 */
  minimumPollers?: number;
  /** 1..2000. @default 200 */
  maximumPollers?: number;
}

/** What one invocation carried and how it ended. */
export interface InvocationReport {
  requestId: string;
  records: number;
  partitions: string[];
  outcome: 'success' | 'partial' | 'error';
  /** For 'error': why the whole batch failed. */
  error?: string;
  /** For 'partial': the reported failures. */
  failed?: { partition: string; offset: number }[];
  environmentDied?: boolean;
}

export interface EventSourceMappingOptions {
  topics: string[];
  /** @default `esm-<function name>` (Lambda uses a unique value, the mapping's UUID) */
  consumerGroup?: string;
  /**
   * Where a partition without a committed offset starts. AWS requires it; the emulator defaults to
   * the position that skips nothing (a labelled choice). @default 'TRIM_HORIZON'
   */
  startingPosition?: StartingPosition;
  /** Unix time in seconds; required with (and only with) AT_TIMESTAMP. @default none */
  startingPositionTimestamp?: number;
  /** 1..10,000. @default 100 */
  batchSize?: number;
  /**
   * Seconds to gather records before invoking, 0..300 in whole seconds; the Kafka default is 500 ms
   * and can only be had by leaving this unset. @default 0.5
   */
  maximumBatchingWindowInSeconds?: number;
  /** The synchronous payload limit. @default 6 MB */
  maxPayloadBytes?: number;
  /** Provisioned mode. Without it (on-demand, AWS's default) the error handling controls are refused. @default none */
  provisionedPollers?: ProvisionedPollers;
  /** -1 = infinite; 0..10,000. With a destination, infinite becomes 10. Provisioned mode only. @default -1 */
  maximumRetryAttempts?: number;
  /** -1 = infinite; else 60..604,800 seconds, checked before every attempt. Provisioned mode only. @default -1 */
  maximumRecordAgeSeconds?: number;
  /** Provisioned mode only. @default false */
  bisectBatchOnFunctionError?: boolean;
  /**
   * `['ReportBatchItemFailures']` to read partial batch responses; AWS's default is none, and then
   * "a partial answer is ignored": the batch counts as a success. Provisioned mode only. @default []
   */
  functionResponseTypes?: readonly 'ReportBatchItemFailures'[];
  /**
   * `kafka://<topic>` (provisioned mode only), or the ARN of an SQS queue, SNS topic or S3 bucket
   * in `destinations`. It must exist. @default none: exhausted records are discarded
   */
  onFailureDestination?: string;
  /** The SQS queues, SNS topics and S3 buckets an ARN destination may name. @default none */
  destinations?: LocalDestinations;
  /** Labelled choice: see {@link PartialResponseReading}. @default 'retry-reported-only' */
  partialResponseReading?: PartialResponseReading;
  /**
   * Labelled choice: whether a split (BisectBatchOnFunctionError) counts as a retry of the records
   * it splits. Documented only for streams ("Splitting batches doesn't consume the retry quota",
   * kinesis-on-failure-destination.html). @default true (fewer attempts before the destination)
   */
  bisectCountsAsRetry?: boolean;
  /** Labelled choice: the exhausted condition's word. @default 'per-destination-page' */
  exhaustedConditionName?: ExhaustedConditionName;
  cluster?: ClusterIdentity;
  /** Parallel pollers; partition p of every topic belongs to poller p % concurrency. @default 1 */
  concurrency?: number;
  /**
   * Labelled choice: the wait before the `attempt`-th retry (1-based); AWS documents no backoff.
   * @default no wait (retries come as soon as possible, e.g. while a crashed owner's claim is held)
   */
  retryBackoffMs?: (attempt: number) => number;
  /**
   * SchemaRegistryConfig (schema-registry-mapping.ts): records are validated against the registry
   * and delivered as JSON or SOURCE with their schema metadata; SCHEMA_NOT_FOUND and
   * DESERIALIZATION_ERROR records go to the on-failure destination without reaching the function.
   * Provisioned mode only. @default none
   */
  schemaRegistry?: MappingSchemaRegistry;
  /** Fault injection: change the event before the function sees it (e.g. corrupt a record's base64). @default none */
  mutateEvent?: (event: MSKEvent) => MSKEvent;
  /** Called after every invocation (progress bars, traces). @default none */
  onInvocation?: (report: InvocationReport) => void;
}

/** The options after defaults, validation and AWS's caps. @internal */
export interface ResolvedMappingOptions {
  topics: string[];
  startingPosition: StartingPosition;
  startingPositionTimestamp: number | undefined;
  batchSize: number;
  batchingWindowMs: number;
  maxPayloadBytes: number;
  provisioned: boolean;
  /** Retries after the first attempt (infinite: Infinity), with the 10-retry cap applied. */
  maxRetries: number;
  maximumRecordAgeSeconds: number;
  bisectBatchOnFunctionError: boolean;
  reportBatchItemFailures: boolean;
  destination: OnFailureDestination | undefined;
  destinations: LocalDestinations | undefined;
  partialResponseReading: PartialResponseReading;
  bisectCountsAsRetry: boolean;
  exhaustedConditionName: ExhaustedConditionName;
  cluster: ClusterIdentity;
  concurrency: number;
  retryBackoffMs: (attempt: number) => number;
  schemaRegistry: MappingSchemaRegistry | undefined;
  mutateEvent: ((event: MSKEvent) => MSKEvent) | undefined;
  onInvocation: ((report: InvocationReport) => void) | undefined;
}

const STARTING_POSITIONS: readonly StartingPosition[] = ['TRIM_HORIZON', 'LATEST', 'AT_TIMESTAMP'];
/** Controls that need provisioned mode, by option name. */
const PROVISIONED_ONLY = [
  'maximumRetryAttempts',
  'maximumRecordAgeSeconds',
  'bisectBatchOnFunctionError',
] as const;

/**
 * Apply defaults and refuse what AWS refuses. @internal
 *
 * @throws {MappingConfigurationError} naming the setting.
 * @example
 * const o = resolveMappingOptions({ topics: ['t'], provisionedPollers: {}, maximumRetryAttempts: 3 }, LOCAL_CLUSTER);
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
  const retries = options.maximumRetryAttempts ?? -1;
  if (!Number.isInteger(retries) || retries < -1 || retries > 10_000)
    fail(`maximumRetryAttempts must be -1 or 0..10000, got ${retries}`);
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
