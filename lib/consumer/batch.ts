/**
 * The batch of one invocation, and the one way it travels: on middy's `request.context`.
 *
 * Why the context: middy calls the base handler as `handler(request.event, request.context,
 * { signal })`, so `request.internal` never reaches it, and a side map keyed by the event needs
 * cleaning up and breaks when one event object is in flight twice. decodeRecords therefore
 * replaces `request.context` with a context derived from the caller's (its prototype), which
 * carries the batch under a symbol:
 * - the caller's object is never written (tests and hosts reuse one context for concurrent
 *   invocations), and the event is left as it came;
 * - every field and accessor of the Lambda context reads (and writes, for setters such as
 *   `callbackWaitsForEmptyEventLoop`) through to the caller's;
 * - a symbol key stays out of `JSON.stringify` and out of a logger's context fields.
 * The middlewares read the batch from the same place as the runner.
 */
import type { Context } from 'aws-lambda';
import type { StoreUnavailableError } from '../errors.ts';
import type { BatchRecord, Tally } from './batch-record.ts';

/** The group commit of a batch (group-commit.ts): claims of succeeded records, committed in groups. */
export interface Commits<T> {
  /** A claimed record succeeded: its claim goes with the next group. */
  add(record: BatchRecord<T>): void;
  /** The answer: commit `more` with what is pending, in one call, and wait for the groups in flight. */
  settle(more: readonly string[]): Promise<void>;
}

/**
 * The lease of a batch's claims (lease.ts, `ClaimLease`): it renews them, confirms each record's
 * claim, and counts the losses; the runner and dedupClaims only ask it.
 */
export interface Lease<T> {
  /** Each claim's lease in ms, as claimed and as renewed. */
  readonly ms: number;
  /**
   * Before a record starts: undefined when it may start now; else the renewal that confirms a
   * stale claim, and the error to fail the record with if it still could not be confirmed.
   */
  confirmIfStale(record: BatchRecord<T>): Promise<StoreUnavailableError | undefined> | undefined;
  /** A claimed record's handler returned or threw: count it if its lease may have ended meanwhile. */
  ended(record: BatchRecord<T>): void;
  /** No more renewals: the invocation answered and no handler outlives it. */
  stop(): void;
}

/** One invocation's batch; its `metrics` and `skipped` are where its records tally their outcomes. */
export interface Batch<T> extends Tally {
  /** The claim owner token of this invocation. */
  readonly owner: string;
  /** Records per partition, each in offset order. */
  readonly partitions: BatchRecord<T>[][];
  /**
   * The lease of this batch's claims: their renewal, confirmation and loss counting (lease.ts).
   * dedupClaims' own, once its claim call answered; undefined before, or when that call failed.
   */
  lease: Lease<T> | undefined;
  /** Where succeeded records' claims wait for their group commit (dedupClaims' own, once it claimed). */
  commits: Commits<T> | undefined;
  /** The invocation answered (dedupClaims settled the claims): a claim won later is let go at once. */
  answered?: boolean;
}

/** The key of the batch on the stack's context. @internal */
export const BATCH: unique symbol = Symbol('msk-once.batch');

/** The context the kafkaHandler stack hands on: the Lambda context, plus the batch once decoded. */
export type StackContext<T = unknown> = Context & { readonly [BATCH]?: Batch<T> };

/**
 * A context for this invocation only: reads through to `context`, and carries `batch`.
 *
 * @example
 * request.context = withBatch(request.context, batch);
 */
export function withBatch<T>(context: Context, batch: Batch<T>): StackContext<T> {
  const derived = Object.create(context ?? null) as { [BATCH]: Batch<T> };
  derived[BATCH] = batch;
  return derived as StackContext<T>;
}

/**
 * The batch decodeRecords put on the context.
 *
 * @throws {Error} when decodeRecords did not run first (the stack is not kafkaHandler's order).
 * @example
 * const batch = batchIn(context);
 */
export function batchIn<T>(context: StackContext<T> | undefined): Batch<T> {
  const batch = context?.[BATCH];
  if (!batch) throw new Error('no batch on the context: the decodeRecords middleware must run first');
  return batch;
}
