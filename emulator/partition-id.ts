/**
 * Reading `<topic>-<partition>` (an MSK event's `records` key, a batch response's
 * `itemIdentifier.partition`, a DLQ summary's `recordsInfo` key) back into its parts: the inverse of
 * lib's `partitionId`, in one place.
 * Topic names may contain `-`: the partition is what follows the LAST one.
 */
import { PositionFormatError } from './errors.ts';

const WHOLE = /^(0|[1-9][0-9]*)$/;

/**
 * `orders-3` -> `{ topic: 'orders', partition: 3 }`.
 *
 * @example
 * parsePartitionId('order-placed-2'); // { topic: 'order-placed', partition: 2 }
 * parsePartitionId('orders');           // throws PositionFormatError
 */
export function parsePartitionId(id: string): { topic: string; partition: number } {
  const cut = id.lastIndexOf('-');
  const partition = id.slice(cut + 1);
  if (cut <= 0 || !WHOLE.test(partition)) throw new PositionFormatError(id, '<topic>-<partition>');
  return { topic: id.slice(0, cut), partition: Number(partition) };
}
