/**
 * The state of one invocation's batch, shared by the middlewares and the partition runner
 * through middy's `request.internal`.
 */
import type { MSKRecord } from 'aws-lambda';
import type { KafkaMessage } from '../kafka/message.ts';
import type { InvocationMetrics, RecordOutcome } from '../observability/batch-metrics.ts';
import type { SkippedRecords } from '../observability/skipped-records.ts';

/**
 * Where a record stands with the dedup store before it runs:
 * - `none`: not asked (no key: the record could not be decoded);
 * - `claimed`: this invocation holds the claim; `unguarded`: the store failed and the policy is open;
 * - `duplicate`: DONE already; `held`: another invocation holds it; `refused`: store failed, policy closed;
 * - `copy`: an earlier record of this batch carries the same key; it follows that record's outcome.
 */
export type ClaimState = 'none' | 'claimed' | 'unguarded' | 'duplicate' | 'held' | 'refused' | 'copy';

export interface BatchRecord<T> {
  readonly raw: MSKRecord;
  /** `<topic>-<partition>`, as the batch response names it. */
  readonly partitionId: string;
  /** The decoded record; its payload is parsed when the record runs, and it is let go once settled. */
  message: KafkaMessage<T> | undefined;
  /** The value still has to be parsed (see decodeEnvelope). */
  valuePending: boolean;
  /** The dedup key, once decoded. */
  key: string | undefined;
  claim: ClaimState;
  outcome: RecordOutcome | undefined;
  /** The business function is running on this record now. */
  running: boolean;
  /** Why the record failed (or why it could not be decoded). */
  error: Error | undefined;
  /** For a `copy`: the earlier record with the same key. */
  original: BatchRecord<T> | undefined;
  /** Settled once this record has an outcome; made only for records that have copies. */
  settled: PromiseWithResolvers<void> | undefined;
}

export interface Batch<T> {
  /** The claim owner token of this invocation. */
  readonly owner: string;
  /** Records per partition, each in offset order. */
  readonly partitions: BatchRecord<T>[][];
  readonly metrics: InvocationMetrics;
  /** The records not run because of their dedup key, logged once per batch. */
  readonly skipped: SkippedRecords;
  /** Claims were made and must be committed or released once. */
  claimsSettled: boolean;
  /** The timer renewing this batch's claims, while any is held. */
  renewal: NodeJS.Timeout | undefined;
}

/** middy's `request.internal` for this stack. */
export type BatchInternal<T> = { batch: Batch<T> };

/** Give a record its outcome, count it and wake any copy waiting on it. */
export function settle<T>(
  batch: Batch<T>,
  record: BatchRecord<T>,
  outcome: RecordOutcome,
  error?: Error,
): void {
  record.outcome = outcome;
  record.error = error;
  batch.metrics.record(record.raw.topic, outcome);
  if (outcome === 'deduplicated') {
    batch.skipped.note(record.raw, record.message?.eventId, record.claim === 'copy' ? 'in-batch' : 'done');
  } else if (record.claim === 'held') {
    batch.skipped.note(record.raw, record.message?.eventId, 'held');
  }
  record.settled?.resolve();
}

// middy hands the base handler only (event, context): the batch is found by its event object.
const batches = new WeakMap<object, Batch<unknown>>();

/**
 * Bind `batch` to the request's event. An event object already in flight (the same object
 * invoked twice at once) is shallow-copied first, so two invocations never share a batch.
 */
export function attachBatch<T>(
  request: { event: object; internal: BatchInternal<T> },
  batch: Batch<T>,
): void {
  if (batches.has(request.event)) request.event = { ...request.event };
  batches.set(request.event, batch as Batch<unknown>);
  request.internal.batch = batch;
}

/** The batch bound to `event` by {@link attachBatch}. */
export function batchOf<T>(event: object): Batch<T> {
  const batch = batches.get(event);
  if (!batch)
    throw new Error('no batch for this event: the decodeRecords middleware must run before the handler');
  return batch as Batch<T>;
}

/** Forget the binding once the invocation has answered. */
export function detachBatch(event: object): void {
  batches.delete(event);
}
