/**
 * The batch of one invocation, as the parts of the core see it: its records and where they tally
 * their outcomes. The invocation (invocation.ts) is the batch: it owns the records and the
 * tallies; the claim session (claim-session.ts) owns everything about the claims (the owner token
 * aside, which names the invocation to the store). Nothing is carried on the Lambda context.
 */
import type { BatchRecord, Tally } from './batch-record.ts';

/** Where a claimed record that succeeded (or was parked) has its claim committed: the claim session. */
export interface Commits<T> {
  /** A claimed record succeeded or was parked: its claim goes with the next group commit. */
  add(record: BatchRecord<T>): void;
}

/** One invocation's batch; its `metrics` and `skipped` are where its records tally their outcomes. */
export interface Batch<T> extends Tally {
  /** The claim owner token of this invocation. */
  readonly owner: string;
  /** Records per partition, each in offset order. */
  readonly partitions: BatchRecord<T>[][];
  /** Where succeeded records' claims wait for their group commit: the invocation's claim session. */
  readonly commits: Commits<T> | undefined;
}
