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
import type { Context, MSKEvent } from 'aws-lambda';
import type { KafkaBatchResponse } from '../kafka/message.ts';
import { type BatchInternal, detachBatch } from './batch.ts';

/**
 * @param logger where the skipped records are logged (none: not logged).
 * @example
 * middy().use(flushMetrics(config.logger)).use(decodeRecords(config)) // ...
 */
export function flushMetrics<T>(
  logger?: Logger,
): MiddlewareObj<MSKEvent, KafkaBatchResponse, Error, Context, BatchInternal<T>> {
  return {
    name: 'flushMetrics',
    after: (request) => {
      request.internal.batch?.metrics.flush();
      if (logger) request.internal.batch?.skipped.log(logger);
      detachBatch(request.event);
    },
    onError: (request) => {
      const batch = request.internal.batch;
      if (!batch) return;
      for (const partition of batch.partitions) {
        for (const record of partition) {
          if (record.outcome === undefined) batch.metrics.record(record.raw.topic, 'failed');
        }
      }
      batch.metrics.flush();
      if (logger) batch.skipped.log(logger);
      detachBatch(request.event);
    },
  };
}
