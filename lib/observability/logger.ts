/**
 * Structured logs through Powertools Logger; every record-level line carries the record's keys.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { MSKRecord } from 'aws-lambda';
import type { KafkaMessage } from '../contract/message.ts';

/** The default logger of a handler. */
export function createLogger(service: string): Logger {
  return new Logger({ serviceName: service });
}

/** The keys every record-level log line carries. */
export function recordKeys(record: MSKRecord, message?: KafkaMessage<unknown>): Record<string, unknown> {
  return {
    eventId: message?.eventId,
    correlationId: message?.correlationId,
    topic: record.topic,
    partition: record.partition,
    offset: record.offset,
  };
}
