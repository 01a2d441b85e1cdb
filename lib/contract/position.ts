/**
 * Where a record sits, written the one way every message, log line and DLQ row of msk-once
 * writes it: `<topic>-<partition>@<offset>` (the partition part is the MSK event's key and the
 * batch response's `partition`).
 */

/** Where a record sits: enough to find it in the topic or the DLQ. */
export interface RecordPosition {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
}

/**
 * `<topic>-<partition>`: the key of an MSK event's `records` and the batch response's `partition`.
 *
 * @example
 * partitionId('orders', 3); // 'orders-3'
 */
export function partitionId(topic: string, partition: number): string {
  return `${topic}-${partition}`;
}

/**
 * `<topic>-<partition>@<offset>`.
 *
 * @example
 * formatPosition({ topic: 'orders', partition: 3, offset: 42 }); // 'orders-3@42'
 */
export function formatPosition(position: RecordPosition): string {
  return `${position.topic}-${position.partition}@${position.offset}`;
}
