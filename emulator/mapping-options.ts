/**
 * The options of an emulated Kafka event source mapping, with their AWS defaults and ranges as
 * documentation; mapping-validation.ts applies the defaults and refuses the values and
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
import type { LocalDestinations, OnFailureDestination } from './destinations.ts';
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
  /**
   * MaximumRetryAttempts, named as the consumer construct names it (`retryAttempts`): -1 = infinite;
   * 0..10,000. With a destination, infinite becomes 10. Provisioned mode only. @default -1
   */
  retryAttempts?: number;
  /** @deprecated the old name of {@link retryAttempts}; give one of them. @default -1 */
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
