/**
 * What reached the DLQ in a local run, told apart: the poison events (published to fail), and the
 * good ones, each with why it ended there. A good record in the DLQ is not a failure of the run (it
 * is not lost: it can be replayed), but it is a replay someone has to do by hand, so the summary
 * counts them and says why. The run's verdict does not read this: only a lost or doubled effect
 * fails a run.
 */
import { formatPosition } from '../../lib/contract.ts';
import type { DlqRow } from '../dlq-reader.ts';

/** Why a good record reached the DLQ. */
export type GoodInDlqCause =
  /** The consumer logged an error at its position (a handler error, the store closed, ...). */
  | 'its own error'
  /** Reported behind an earlier record of its partition that failed: it shared its retries, never run. */
  | 'behind a failed record of its partition'
  /** Failed with no error logged and nothing before it: a claim held by a crashed or timed-out invocation, or too little time left. */
  | 'held or out of time';

export interface DlqAccount {
  total: number;
  /** Records of the poison events. */
  poison: number;
  /** Records of events that were not poison. */
  good: number;
  /** The good ones, by cause (every cause listed, zeros included). */
  goodByCause: Record<GoodInDlqCause, number>;
}

/**
 * @example
 * const account = accountDlq(dlqRows, poisonIds, reasonsByPosition);
 * console.log(`${account.good} good records in the DLQ`);
 */
export function accountDlq(
  dlq: readonly DlqRow[],
  poison: ReadonlySet<string>,
  reasons: ReadonlyMap<string, string>,
): DlqAccount {
  const goodByCause: Record<GoodInDlqCause, number> = {
    'its own error': 0,
    'behind a failed record of its partition': 0,
    'held or out of time': 0,
  };
  // The lowest DLQ offset of each partition: a record above it was (at least once) reported behind it.
  const lowest = new Map<string, number>();
  for (const row of dlq) {
    if (row.partition === null) continue;
    const at = `${row.topic}-${row.partition}`;
    const offset = Number(row.offset);
    if (!(lowest.get(at)! <= offset)) lowest.set(at, offset);
  }
  let poisonCount = 0;
  for (const row of dlq) {
    if (row.eventId !== null && poison.has(row.eventId)) {
      poisonCount++;
      continue;
    }
    const offset = Number(row.offset);
    const logged =
      row.partition === null
        ? undefined
        : reasons.get(formatPosition({ topic: row.topic, partition: row.partition, offset }));
    if (logged) goodByCause['its own error']++;
    else if (row.partition !== null && lowest.get(`${row.topic}-${row.partition}`)! < offset)
      goodByCause['behind a failed record of its partition']++;
    else goodByCause['held or out of time']++;
  }
  return { total: dlq.length, poison: poisonCount, good: dlq.length - poisonCount, goodByCause };
}
