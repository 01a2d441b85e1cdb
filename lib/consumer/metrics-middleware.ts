/**
 * flushMetrics: the outermost middleware; emits the invocation's metrics once, as EMF, and the
 * batch's one "duplicates skipped" line when it skipped records.
 *
 * Guarantees: one flush per invocation, after the claims are committed or released (so their
 * round trips and errors are in it), on success and on error alike; on error, records without an
 * outcome (the whole batch is retried) are counted as failed.
 * Does not: decide anything about records.
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import type { MiddlewareObj } from '@middy/core';
import type { MSKEvent } from 'aws-lambda';
import type { KafkaBatchResponse } from '../contract/message.ts';
import { BATCH, type StackContext } from './batch.ts';

/**
 * @param logger where the skipped records are logged (none: not logged).
 * @example
 * middy().use(flushMetrics(config.logger)).use(decodeRecords(config)) // ...
 */
export function flushMetrics<T>(
  logger?: Logger,
): MiddlewareObj<MSKEvent, KafkaBatchResponse, Error, StackContext<T>> {
  return {
    name: 'flushMetrics',
    after: (request) => {
      const batch = request.context?.[BATCH];
      batch?.metrics.flush();
      if (logger) batch?.skipped.log(logger);
    },
    onError: (request) => {
      // No batch when the event could not be read at all (decodeRecords threw).
      const batch = request.context?.[BATCH];
      if (!batch) return;
      for (const partition of batch.partitions) {
        for (const record of partition) {
          if (record.outcome === undefined) batch.metrics.record(record.raw.topic, 'failed');
        }
      }
      batch.metrics.flush();
      if (logger) batch.skipped.log(logger);
    },
  };
}
