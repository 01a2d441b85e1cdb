/**
 * A batch as the event source mapping's pollers hold it between polling, delivery and retries: the
 * records the function gets and, per topic-partition, the offset the batch commits when it is done
 * (which may lie past its last record: records sent to the destination while polling count as
 * covered). It guarantees nothing by itself; event-source-mapping.ts keeps batches of a partition
 * in offset order. @internal
 */
import type { LogRecord } from './kafka-log.ts';

/** One batch of a poller. @internal */
export interface Batch {
  /** A retry waits until then (ms since the epoch); other partitions go on meanwhile. */
  notBefore?: number;
  /** The schema registry step has run on these records (they are as the function gets them). */
  validated?: boolean;
  /** When the registry step first failed to get an answer for this batch. */
  stalledSince?: number;
  records: LogRecord[];
  /** Per topic-partition: the offset right after the range this batch covers (skipped records included). */
  ends: Map<string, number>;
}
