/**
 * The message Lambda writes to a Kafka on-failure destination: one message per failed record,
 * failure metadata plus a `payload` that is an `aws:kafka` event holding only that record; the
 * message reuses the record's key (no key: round-robin over the destination's partitions).
 *
 * Shape from https://docs.aws.amazon.com/lambda/latest/dg/kafka-on-failure-destination.html
 * ("Record format for a Kafka destination"). Conditions are the event source mapping ones listed in
 * https://docs.aws.amazon.com/lambda/latest/dg/with-msk-on-failure.html: RetryAttemptsExhausted,
 * MaximumPayloadSizeExceeded (responseContext is null then); plus RecordAgeExceeded for
 * MaximumRecordAgeInSeconds (kafka-retry-configurations.html). The Kafka-destination page's own
 * example shows "RetriesExhausted" (the async-invocation word); readers accept every spelling.
 */
import type { MSKEvent } from 'aws-lambda';
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
  functionArn: string;
  condition: OnFailureCondition;
  /** The last invocation that carried the record (empty when it was never invoked). */
  requestId: string;
  approximateInvokeCount: number;
  /** Whether the last invocation ended in a function error (thrown, timed out, crashed, invalid answer). */
  functionError: boolean;
  now?: Date;
}

/**
 * Build the on-failure message of one record.
 *
 * @example
 * const message = onFailureMessage({ record, cluster: LOCAL_CLUSTER, functionArn, condition: 'RetryAttemptsExhausted',
 *   requestId, approximateInvokeCount: 11, functionError: false });
 * log.append('review-created-dlq', { key: record.key, value: JSON.stringify(message) });
 */
export function onFailureMessage(input: OnFailureInput): KafkaOnFailureMessage {
  const payload = toMskEvent([input.record], input.cluster);
  const responseContext =
    input.condition === 'MaximumPayloadSizeExceeded' || input.approximateInvokeCount === 0
      ? null
      : {
          statusCode: 200,
          executedVersion: '$LATEST',
          ...(input.functionError ? { functionError: 'Unhandled' } : {}),
        };
  return {
    requestContext: {
      requestId: input.requestId,
      functionArn: input.functionArn,
      condition: input.condition,
      approximateInvokeCount: input.approximateInvokeCount,
    },
    responseContext,
    version: '1.0',
    timestamp: (input.now ?? new Date()).toISOString(),
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
