/**
 * flushMetrics: the outermost middleware; emits the invocation's metrics once, as EMF.
 *
 * Guarantees: one flush per invocation, after the claims are committed or released (so their
 * round trips and errors are in it), on success and on error alike; on error, records without an
 * outcome (the whole batch is retried) are counted as failed.
 * Does not: decide anything about records.
 */
import type { MiddlewareObj } from '@middy/core';
import type { Context, MSKEvent } from 'aws-lambda';
import type { KafkaBatchResponse } from '../kafka/message.ts';
import { type BatchInternal, detachBatch } from './batch.ts';

/**
 * @example
 * middy().use(flushMetrics()).use(decodeRecords(config)) // ...
 */
export function flushMetrics<T>(): MiddlewareObj<
  MSKEvent,
  KafkaBatchResponse,
  Error,
  Context,
  BatchInternal<T>
> {
  return {
    name: 'flushMetrics',
    after: (request) => {
      request.internal.batch?.metrics.flush();
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
      detachBatch(request.event);
    },
  };
}
