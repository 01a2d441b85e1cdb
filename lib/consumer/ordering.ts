/**
 * The lanes a batch's ordering makes (the setting itself is checked with every other, in
 * lib/contract/settings.ts): a lane is a run of records that must go one at a time in offset order.
 *
 * Guarantees: under `'partition'` a lane is a partition; under `'key'` a lane is the records of
 * one partition with the same Kafka key (its bytes, as the event carries them base64), and the
 * records of a partition without a key (null or absent) form one lane of their own, so keyless
 * records keep partition order among themselves. Each lane is in offset order.
 * Does not: order records of one key across partitions (Kafka orders only within a partition, and
 * a producer partitions by key, so one key lives in one partition).
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import { recordKeys } from '../observability/logger.ts';
import type { BatchRecord } from './batch-record.ts';

/**
 * The lanes of a batch: its partitions as they are under partition order; under key order each
 * partition split by Kafka key, in the order of each lane's first record, but for a partition
 * holding a record whose claim is unguarded (the store did not answer, `onStoreError: 'open'`):
 * that partition is one lane, in partition order.
 *
 * Why: a record of another key that ran ahead of a lower offset that then fails is delivered again
 * by a mapping that resumes from the lowest reported offset; only its DONE mark stops it running
 * twice, and an unguarded record gets none. In partition order it never runs ahead, so a failure
 * doubles nothing (test/reliability/key-order-faults.test.ts).
 *
 * @example
 * for (const lane of lanesOf(batch.partitions, 'key')) runLane(lane);
 * @internal
 */
export function lanesOf<T>(
  partitions: BatchRecord<T>[][],
  ordering: 'partition' | 'key',
): BatchRecord<T>[][] {
  if (ordering === 'partition') return partitions;
  const lanes: BatchRecord<T>[][] = [];
  for (const records of partitions) {
    if (records.some((record) => record.claim === 'unguarded')) {
      lanes.push(records);
      continue;
    }
    // Per partition: keys of different partitions never share a lane.
    const byKey = new Map<string | null, BatchRecord<T>[]>();
    for (const record of records) {
      const key = record.raw.key ?? null;
      let lane = byKey.get(key);
      if (!lane) {
        lane = [];
        byKey.set(key, lane);
        lanes.push(lane);
      }
      lane.push(record);
    }
  }
  return lanes;
}

/**
 * The records left exposed by key order once the batch's commits are settled: each succeeded at an
 * offset above a record of its partition that failed (so it is of another key: the later records of
 * the failed one's key never ran), and its DONE mark did not land (`uncommitted`: the keys of the
 * commits that failed). A mapping that resumes from the lowest reported offset delivers it again;
 * once its lease ends it runs again. The residual case of key order (docs/consumer.md, "Ordering"),
 * counted as `DedupErrors{Reason=key-order-exposed}`. Under partition order nothing runs above a
 * failed record, so this is always empty.
 *
 * @internal
 */
export function exposedAhead<T>(
  partitions: readonly BatchRecord<T>[][],
  uncommitted: ReadonlySet<string>,
): BatchRecord<T>[] {
  const exposed: BatchRecord<T>[] = [];
  if (uncommitted.size === 0) return exposed;
  for (const records of partitions) {
    let lowestFailed = Number.POSITIVE_INFINITY;
    for (const record of records)
      if (record.outcome === 'failed') lowestFailed = Math.min(lowestFailed, Number(record.raw.offset));
    if (lowestFailed === Number.POSITIVE_INFINITY) continue;
    for (const record of records)
      if (
        record.outcome === 'succeeded' &&
        Number(record.raw.offset) > lowestFailed &&
        record.key !== undefined &&
        uncommitted.has(record.key)
      )
        exposed.push(record);
  }
  return exposed;
}

/**
 * Count and log the records key order left exposed ({@link exposedAhead}): one warning naming them,
 * `DedupErrors{Reason=key-order-exposed}` by their number.
 *
 * @internal
 */
export function countExposed<T>(
  // Structural, so that this file imports neither the config nor the batch (which import it).
  config: { readonly logger: Logger },
  batch: {
    readonly partitions: readonly BatchRecord<T>[][];
    readonly metrics: { storeError(reason: string, count?: number): void };
  },
  uncommitted: ReadonlySet<string>,
): void {
  const exposed = exposedAhead(batch.partitions, uncommitted);
  if (exposed.length === 0) return;
  batch.metrics.storeError('key-order-exposed', exposed.length);
  config.logger.warn(
    'succeeded ahead of a failed record of another key, and not marked DONE: a mapping that resumes from the lowest reported offset runs them again once their lease ends',
    { records: exposed.slice(0, 20).map((r) => recordKeys(r.raw, r.message)), exposed: exposed.length },
  );
}
