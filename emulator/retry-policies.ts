/**
 * What the event source mapping does with a batch that did not fully succeed, as three policies
 * (pages under https://docs.aws.amazon.com/lambda/latest/dg/, kafka-retry-configurations.html):
 *
 * - {@link retryReportedOnly} and {@link resumeFromLowest}: the two readings of a partial batch
 *   response (mapping-options.ts, `PartialResponseReading`; AWS says only that Lambda "can retry
 *   only the failed records");
 * - {@link retryFunctionError}: a function error retries the whole batch, or with
 *   BisectBatchOnFunctionError "split the batch into two smaller batches and retry each
 *   separately".
 *
 * Each blames the failed records in the {@link AttemptLedger} and returns a {@link RetryPlan}: the
 * records out of retries (for the on-failure destination), the offsets to commit and the batches to
 * retry. A policy changes nothing else; the mapping carries the plan out (destination first, then
 * commits, then the retries at the head of the poller's queue), so every record ends up committed,
 * retried or at the destination. Nothing here waits or reads the clock: the backoff is the
 * mapping's. @internal
 */
import { partitionId } from '../lib/contract.ts';
import type { AttemptLedger } from './attempt-ledger.ts';
import type { LogRecord } from './kafka-log.ts';
import type { Batch } from './mapping-batch.ts';
import type { ResolvedMappingOptions } from './mapping-options.ts';

/** What to do after a failed or partly failed invocation. @internal */
export interface RetryPlan {
  /** Records whose retries ran out, one group per destination send, in sending order. */
  readonly exhausted: LogRecord[][];
  /** The offset to commit per topic-partition (commits never go back). */
  readonly commits: Map<string, number>;
  /** Batches to deliver next, in order; empty ones are dropped (nothing left to retry). */
  readonly retries: Batch[];
  /** The highest blamed attempt among the retried records (0: no wait), for the backoff. */
  readonly attempt: number;
  /** Whether the batch was split in two (the BatchesSplit count). */
  readonly split: boolean;
}

/** The settings the policies read. @internal */
export type RetryRules = Pick<
  ResolvedMappingOptions,
  'maxRetries' | 'bisectBatchOnFunctionError' | 'bisectCountsAsRetry'
>;

const REPORTED = 'reported in batchItemFailures';

/**
 * `resume-from-lowest`: per partition, the lowest reported record is blamed (the later ones are
 * delivered again whatever the answer said of them); the records before it commit.
 *
 * @example
 * const plan = resumeFromLowest(batch, verdict.lowest, result.requestId, options, ledger);
 * plan.commits; // per partition: up to the lowest reported offset (past it once it is exhausted)
 */
export function resumeFromLowest(
  batch: Batch,
  lowest: ReadonlyMap<string, number>,
  requestId: string,
  rules: RetryRules,
  ledger: AttemptLedger,
): RetryPlan {
  const retry: Batch = { records: [], ends: new Map(), validated: batch.validated };
  const commits = new Map<string, number>();
  const exhausted: LogRecord[][] = [];
  let attempt = 0;
  for (const [tp, end] of batch.ends) {
    const failedAt = lowest.get(tp);
    if (failedAt === undefined) {
      commits.set(tp, end);
      continue;
    }
    const rest = batch.records.filter(
      (r) => partitionId(r.topic, r.partition) === tp && r.offset >= failedAt,
    );
    const head = rest[0]!;
    const blamed = ledger.blame(head, requestId, REPORTED, false);
    if (blamed > rules.maxRetries) {
      exhausted.push([head]);
      rest.shift();
      commits.set(tp, head.offset + 1);
    } else {
      commits.set(tp, failedAt);
      attempt = Math.max(attempt, blamed);
    }
    if (rest.length > 0) {
      retry.records.push(...rest);
      retry.ends.set(tp, end);
    } else {
      commits.set(tp, end);
    }
  }
  return { exhausted, commits, retries: [retry], attempt, split: false };
}

/**
 * `retry-reported-only`: the reported records are blamed and retried (in offset order, their
 * partition waits for them); every other record of the batch is a success and commits.
 *
 * @example
 * const plan = retryReportedOnly(batch, verdict.failed, result.requestId, options, ledger);
 * plan.retries[0]?.records; // the reported records that have retries left
 */
export function retryReportedOnly(
  batch: Batch,
  failed: readonly { partition: string; offset: number }[],
  requestId: string,
  rules: RetryRules,
  ledger: AttemptLedger,
): RetryPlan {
  const reported = new Map<string, Set<number>>();
  for (const f of failed) {
    const offsets = reported.get(f.partition) ?? new Set<number>();
    reported.set(f.partition, offsets.add(f.offset));
  }
  const retry: Batch = { records: [], ends: new Map(), validated: batch.validated };
  const commits = new Map<string, number>();
  const exhaustedGroups: LogRecord[][] = [];
  let attempt = 0;
  for (const [tp, end] of batch.ends) {
    const offsets = reported.get(tp);
    const again: LogRecord[] = [];
    const exhausted: LogRecord[] = [];
    for (const record of batch.records) {
      if (!offsets?.has(record.offset) || partitionId(record.topic, record.partition) !== tp) continue;
      const blamed = ledger.blame(record, requestId, REPORTED, false);
      if (blamed > rules.maxRetries) exhausted.push(record);
      else {
        again.push(record);
        attempt = Math.max(attempt, blamed);
      }
    }
    if (exhausted.length > 0) exhaustedGroups.push(exhausted);
    if (again.length > 0) {
      retry.records.push(...again);
      retry.ends.set(tp, end);
      commits.set(tp, again[0]!.offset);
    } else {
      commits.set(tp, end);
    }
  }
  return { exhausted: exhaustedGroups, commits, retries: [retry], attempt, split: false };
}

/**
 * A function error (thrown, timed out, crashed, invalid answer): every record of the batch is
 * blamed and the batch is retried whole; with BisectBatchOnFunctionError it is split in two halves
 * (first half first), and the split counts as a retry unless `bisectCountsAsRetry` is off. Without
 * a split the batch fails as one: when a record runs out of retries the whole batch goes to the
 * destination; with a split only the used-up records go.
 *
 * @example
 * const plan = retryFunctionError(batch, verdict.error, result.requestId, options, ledger);
 * plan.split; // true when the batch had two records or more and bisect is on
 */
export function retryFunctionError(
  batch: Batch,
  error: string,
  requestId: string,
  rules: RetryRules,
  ledger: AttemptLedger,
): RetryPlan {
  const split = rules.bisectBatchOnFunctionError && batch.records.length > 1;
  let attempt = 0;
  let records = batch.records;
  const exhaustedGroups: LogRecord[][] = [];
  if (!split || rules.bisectCountsAsRetry) {
    const exhausted: LogRecord[] = [];
    for (const record of records) {
      const blamed = ledger.blame(record, requestId, error, true);
      attempt = Math.max(attempt, blamed);
      if (blamed > rules.maxRetries) exhausted.push(record);
    }
    if (exhausted.length > 0) {
      const gone = split ? exhausted : records;
      exhaustedGroups.push(gone);
      records = records.filter((r) => !gone.includes(r));
      if (records.length === 0) {
        return { exhausted: exhaustedGroups, commits: batch.ends, retries: [], attempt, split: false };
      }
    }
  } else {
    for (const record of records) ledger.note(record, requestId, error, true);
  }
  if (!split || records.length < 2) {
    const retry: Batch = { records, ends: batch.ends, validated: batch.validated };
    return { exhausted: exhaustedGroups, commits: new Map(), retries: [retry], attempt, split: false };
  }
  const half = Math.ceil(records.length / 2);
  const first = records.slice(0, half);
  const second = records.slice(half);
  const firstEnds = new Map<string, number>();
  for (const r of first) firstEnds.set(partitionId(r.topic, r.partition), r.offset + 1);
  const secondEnds = new Map<string, number>();
  for (const [tp, end] of batch.ends) {
    if (second.some((r) => partitionId(r.topic, r.partition) === tp) || !firstEnds.has(tp))
      secondEnds.set(tp, end);
    else firstEnds.set(tp, end);
  }
  return {
    exhausted: exhaustedGroups,
    commits: new Map(),
    retries: [
      { records: first, ends: firstEnds, validated: batch.validated },
      { records: second, ends: secondEnds, validated: batch.validated },
    ],
    attempt,
    split: true,
  };
}
