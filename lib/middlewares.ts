/**
 * msk-once/middlewares: the middy middlewares and the base handler that `kafkaHandler` is made of,
 * for measuring or instrumenting the stack (e.g. timing each stage). To write a consumer, use
 * `kafkaHandler` from `msk-once`: it composes these the one way that works.
 *
 * How they compose, outermost first, all built from one {@link resolveConfig} result:
 *
 *   flushMetrics    after/onError: one EMF flush (and one skipped-records line) per invocation,
 *                   after the claims are settled
 *   decodeRecords   before: the MSK event becomes the batch (records in offset order per partition),
 *                   carried on a per-invocation context derived from the caller's
 *   dedupClaims     before: one batched claim for every key; after/onError: commit the succeeded,
 *                   release the rest
 *   runPartitions   the base handler: runs the business function, answers batchItemFailures
 *
 * Only this order works: dedupClaims and runPartitions find the batch decodeRecords put on the
 * context (they throw without it), metrics must be flushed after the claims are settled, and a
 * record may only start once dedupClaims gave it a claim. Middlewares of your own go after
 * dedupClaims (their `before` sees the claims made), as kafkaHandler's `.use()` puts them.
 *
 * @example
 * import middy from '@middy/core';
 * import { decodeRecords, dedupClaims, flushMetrics, resolveConfig, runPartitions } from 'msk-once/middlewares';
 * const config = resolveConfig({ handlerName: 'on-order-placed', redis: { url }, handle });
 * export const handler = middy()
 *   .use(flushMetrics(config.logger))
 *   .use(decodeRecords(config))
 *   .use(dedupClaims(config))
 *   .handler(runPartitions(config));
 */
// A middleware of yours reads the invocation's records (their claims and outcomes) with batchIn(request.context).
export { type Batch, batchIn, type StackContext } from './consumer/batch.ts';
export type { BatchRecord, ClaimState } from './consumer/batch-record.ts';
export { type ResolvedConfig, resolveConfig } from './consumer/config.ts';
export { decodeRecords } from './consumer/decode-middleware.ts';
export { dedupClaims } from './consumer/dedup-middleware.ts';
export { flushMetrics } from './consumer/metrics-middleware.ts';
export { runPartitions } from './consumer/run-partitions.ts';
// The event id and dedup key of a record, read as decodeRecords reads them (the CLI's DLQ reader uses them).
export {
  canonicalEventId,
  eventIdOfRecord,
  type RecordKeyOptions,
  recordDedupKey,
} from './kafka/record-event-id.ts';
