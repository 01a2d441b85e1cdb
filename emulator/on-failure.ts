/**
 * What Lambda writes to an on-failure destination, in its two documented shapes:
 *
 * - a Kafka destination (https://docs.aws.amazon.com/lambda/latest/dg/kafka-on-failure-destination.html,
 *   "Record format for a Kafka destination"): one message per failed record, failure metadata plus
 *   a `payload` that is an `aws:kafka` event holding only that record; "Lambda uses the same
 *   partition key from the original record when producing to the destination topic. If the
 *   original record had no key, Lambda uses Kafka's default round-robin partitioning". The page's example has
 *   a qualified `functionArn` (`...:function:my-function:$LATEST`).
 * - an SQS queue, SNS topic or S3 bucket (https://docs.aws.amazon.com/lambda/latest/dg/with-msk-on-failure.html,
 *   "SNS and SQS example invocation record", "S3 destination example invocation record"): one
 *   document per failed batch, with `KafkaBatchInfo.recordsInfo` (first/last offset and timestamp
 *   per topic-partition) and no record content; "For S3 destinations, Lambda sends the entire
 *   invocation record along with the metadata ... the `payload` field contains the original
 *   invocation record as an escaped JSON string". Those examples have an unqualified `functionArn`.
 *
 * Conditions: that page lists `"RetryAttemptsExhausted" | "MaximumPayloadSizeExceeded"`
 * (`responseContext` is null for the latter); the Kafka-destination page's example says
 * `"RetriesExhausted"`. Records past MaximumRecordAgeInSeconds also go to the destination
 * (kafka-on-failure-destination.html); no page shows their condition, the emulator writes
 * `RecordAgeExceeded`. Readers accept every spelling.
 */
import type { MSKEvent } from 'aws-lambda';
import { partitionId } from '../lib/contract.ts';
import type { LogRecord } from './kafka-log.ts';
import { type ClusterIdentity, mskEventSize, toMskEvent } from './msk-event.ts';

export type OnFailureCondition =
  | 'RetryAttemptsExhausted'
  | 'RecordAgeExceeded'
  | 'MaximumPayloadSizeExceeded'
  | 'RetriesExhausted'
  | (string & {});

/** The on-failure message for a Kafka destination. */
export interface KafkaOnFailureMessage {
  requestContext: {
    requestId: string;
    functionArn: string;
    condition: OnFailureCondition;
    approximateInvokeCount: number;
  };
  responseContext: { statusCode: number; executedVersion: string; functionError?: string } | null;
  version: '1.0';
  timestamp: string;
  KafkaBatchInfo: {
    batchSize: number;
    eventSourceArn: string;
    bootstrapServers: string;
    payloadSize: number;
    recordInfo: { offset: string; timestamp: string };
  };
  payload: MSKEvent;
}

export interface OnFailureInput {
  record: LogRecord;
  cluster: ClusterIdentity;
  /** As the destination's page shows it: qualified for Kafka (`...:function:name:$LATEST`). */
  functionArn: string;
  /** The version that ran (`responseContext.executedVersion`). @default '$LATEST' */
  executedVersion?: string;
  condition: OnFailureCondition;
  /** The last invocation that carried the record (empty when it was never invoked). */
  requestId: string;
  approximateInvokeCount: number;
  /** Whether the last invocation ended in a function error (thrown, timed out, crashed, invalid answer). */
  functionError: boolean;
  now?: Date;
}

/**
 * The fields both on-failure shapes share: which invocation, why, and its response (none when the
 * records never reached the function: too big, or no invoke at all).
 *
 * @internal
 */
function invocationFields(input: Omit<OnFailureInput, 'record'>) {
  return {
    requestContext: {
      requestId: input.requestId,
      functionArn: input.functionArn,
      condition: input.condition,
      approximateInvokeCount: input.approximateInvokeCount,
    },
    responseContext:
      input.condition === 'MaximumPayloadSizeExceeded' || input.approximateInvokeCount === 0
        ? null
        : {
            statusCode: 200,
            executedVersion: input.executedVersion ?? '$LATEST',
            ...(input.functionError ? { functionError: 'Unhandled' } : {}),
          },
    version: '1.0' as const,
    timestamp: (input.now ?? new Date()).toISOString(),
  };
}

/**
 * Build the on-failure message of one record.
 *
 * @example
 * const message = onFailureMessage({ record, cluster: LOCAL_CLUSTER, functionArn, condition: 'RetryAttemptsExhausted',
 *   requestId, approximateInvokeCount: 11, functionError: false });
 * log.append('order-placed-dlq', { key: record.key, value: JSON.stringify(message) });
 */
export function onFailureMessage(input: OnFailureInput): KafkaOnFailureMessage {
  const payload = toMskEvent([input.record], input.cluster);
  return {
    ...invocationFields(input),
    KafkaBatchInfo: {
      batchSize: 1,
      eventSourceArn: input.cluster.eventSourceArn,
      bootstrapServers: input.cluster.bootstrapServers,
      payloadSize: mskEventSize(payload),
      recordInfo: {
        offset: String(input.record.offset),
        timestamp: new Date(input.record.timestamp).toISOString(),
      },
    },
    payload,
  };
}

/** First and last record of one topic-partition in a failed batch (SQS, SNS and S3 destinations). */
export interface RecordsInfo {
  firstRecordOffset: string;
  lastRecordOffset: string;
  firstRecordTimestamp: string;
  lastRecordTimestamp: string;
}

/** The invocation record Lambda sends to an SQS queue, SNS topic or (with `payload`) S3 bucket. */
export interface BatchOnFailureRecord {
  requestContext: KafkaOnFailureMessage['requestContext'];
  responseContext: KafkaOnFailureMessage['responseContext'];
  version: '1.0';
  timestamp: string;
  KafkaBatchInfo: {
    batchSize: number;
    eventSourceArn: string;
    bootstrapServers: string;
    payloadSize: number;
    recordsInfo: Record<string, RecordsInfo>;
  };
  /** S3 only: the invocation's event as an escaped JSON string. */
  payload?: string;
}

export interface BatchOnFailureInput extends Omit<OnFailureInput, 'record'> {
  /** The failed batch, in offset order per partition. */
  records: readonly LogRecord[];
  /** Add the whole event as `payload` (an S3 destination). */
  withPayload: boolean;
}

/**
 * Build the invocation record of a failed batch for an SQS, SNS or S3 destination.
 *
 * @example
 * const record = batchOnFailureRecord({ records, cluster: LOCAL_CLUSTER, functionArn: fn.arn,
 *   condition: 'RetryAttemptsExhausted', requestId, approximateInvokeCount: 3, functionError: true, withPayload: false });
 * destinations.deliver(queueArn, JSON.stringify(record), requestId);
 */
export function batchOnFailureRecord(input: BatchOnFailureInput): BatchOnFailureRecord {
  const event = toMskEvent(input.records, input.cluster);
  const recordsInfo: Record<string, RecordsInfo> = {};
  for (const record of input.records) {
    const tp = partitionId(record.topic, record.partition);
    const at = new Date(record.timestamp).toISOString();
    const info = recordsInfo[tp];
    if (!info) {
      recordsInfo[tp] = {
        firstRecordOffset: String(record.offset),
        lastRecordOffset: String(record.offset),
        firstRecordTimestamp: at,
        lastRecordTimestamp: at,
      };
    } else {
      info.lastRecordOffset = String(record.offset);
      info.lastRecordTimestamp = at;
    }
  }
  const payloadSize = mskEventSize(event);
  return {
    ...invocationFields(input),
    KafkaBatchInfo: {
      batchSize: input.records.length,
      eventSourceArn: input.cluster.eventSourceArn,
      bootstrapServers: input.cluster.bootstrapServers,
      payloadSize,
      recordsInfo,
    },
    ...(input.withPayload ? { payload: JSON.stringify(event) } : {}),
  };
}
