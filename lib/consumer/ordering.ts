/**
 * The ordering of a batch's records while they run, resolved from the options, and the lanes it
 * makes: a lane is a run of records that must go one at a time in offset order.
 *
 * Guarantees: under `'partition'` a lane is a partition; under `'key'` a lane is the records of
 * one partition with the same Kafka key (its bytes, as the event carries them base64), and the
 * records of a partition without a key (null or absent) form one lane of their own, so keyless
 * records keep partition order among themselves. Each lane is in offset order.
 * Does not: order records of one key across partitions (Kafka orders only within a partition, and
 * a producer partitions by key, so one key lives in one partition).
 */
import { ConfigurationError } from '../errors.ts';
import type { BatchRecord } from './batch-record.ts';
import type { Ordering } from './options.ts';

/** Records in flight at once per invocation under key order, unless `concurrency` says. */
export const DEFAULT_CONCURRENCY = 16;
/** More than this in flight would rarely help a Lambda function, and often hurt a downstream. */
export const MAX_CONCURRENCY = 1000;

/** @internal */
export interface ResolvedOrdering {
  readonly ordering: 'partition' | 'key';
  /** Records running at once, at most; unbounded (one per partition) under partition order. */
  readonly concurrency: number;
}

/**
 * Check `ordering` and `concurrency`.
 *
 * @throws {ConfigurationError} naming the setting: an ordering other than 'partition' or 'key', a
 *   concurrency without key order, or one that is not a whole number 1..1000.
 * @example
 * resolveOrdering({ ordering: 'key', concurrency: 64 }); // { ordering: 'key', concurrency: 64 }
 * @internal
 */
export function resolveOrdering(
  options: { ordering?: Ordering; concurrency?: number },
  names = { ordering: 'ordering', concurrency: 'concurrency' },
): ResolvedOrdering {
  const ordering = options.ordering ?? 'partition';
  if (ordering !== 'partition' && ordering !== 'key')
    throw new ConfigurationError(names.ordering, `'${String(ordering)}' is neither 'partition' nor 'key'`);
  const concurrency = options.concurrency;
  if (ordering === 'partition') {
    if (concurrency !== undefined)
      throw new ConfigurationError(
        names.concurrency,
        `goes with key order only (partition order runs one record per partition): set ${names.ordering} to 'key', or drop ${names.concurrency}`,
      );
    return { ordering, concurrency: Number.POSITIVE_INFINITY };
  }
  const bound = concurrency ?? DEFAULT_CONCURRENCY;
  if (!(Number.isInteger(bound) && bound >= 1 && bound <= MAX_CONCURRENCY))
    throw new ConfigurationError(
      names.concurrency,
      `${bound} is not a whole number of records 1..${MAX_CONCURRENCY}`,
    );
  return { ordering, concurrency: bound };
}

/**
 * The lanes of a batch: its partitions as they are under partition order; under key order each
 * partition split by Kafka key, in the order of each lane's first record.
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
