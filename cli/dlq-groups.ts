/**
 * The rows of a DLQ dump grouped as on-call acts on them: per partition and invocation, the record
 * that failed first, and the records that only stood behind it. kafkaHandler stops a partition (or,
 * with `ordering: 'key'`, a key) at its first failure and reports every later record of it failed
 * too (`not run: offset N of this partition failed first`); the mapping then retries, and sends
 * them all to the DLQ together. The first one names the cause; the others never ran and need only
 * a replay once the cause is fixed.
 *
 * With the run's log lines (`--logs`), each row's own error says which it was. Without them (AWS's
 * on-failure records carry no error text), a row is taken to stand behind the lowest offset of its
 * partition (or key) among the rows of the same invocation (`requestId`): the order kafkaHandler
 * runs them in.
 */
import { formatPosition } from '../lib/contract.ts';
import type { DlqRow } from './dlq-reader.ts';
import { printable } from './terminal-text.ts';

/** How the consumer orders its records (its `ordering`), hence what a failure holds back. */
export type DlqOrdering = 'partition' | 'key';

export interface DlqGroup {
  readonly topic: string;
  readonly partition: number;
  /** The last invocation that carried the records (`requestContext.requestId`), when known. */
  readonly requestId: string | null;
  /** With `ordering: 'key'`: the Kafka key (base64) of the lane. */
  readonly key?: string | null;
  /** The record that failed first: its failure is the cause. */
  readonly first: DlqRow;
  /** Records that did not run because `first` failed before them. */
  readonly behind: DlqRow[];
}

const NOT_RUN = /^not run: offset (\d+) of this (partition|key) failed first/;

const positionOf = (row: DlqRow): string =>
  formatPosition({ topic: row.topic, partition: row.partition ?? -1, offset: Number(row.offset) });

/**
 * The groups of `rows` (rows of no single position, e.g. a batch summary, are left out: they are
 * listed apart by the caller), each row marked with `behind` when it only stood behind another.
 *
 * @example
 * const groups = groupDlqRows(rows); // [{ topic: 'orders', partition: 0, first: <@5>, behind: [<@6>, <@7>] }]
 */
export function groupDlqRows(
  rows: readonly DlqRow[],
  ordering: DlqOrdering = 'key',
  loggedError: (position: string) => string | undefined = () => undefined,
): DlqGroup[] {
  const lanes = new Map<string, DlqRow[]>();
  for (const row of rows) {
    if (row.partition === null || !/^\d+$/.test(row.offset)) continue;
    const key = ordering === 'key' ? (row.record?.key ?? null) : undefined;
    const lane = JSON.stringify([row.topic, row.partition, row.requestId ?? null, key]);
    const list = lanes.get(lane) ?? [];
    list.push(row);
    lanes.set(lane, list);
  }
  const groups: DlqGroup[] = [];
  for (const list of lanes.values()) {
    list.sort((a, b) => Number(a.offset) - Number(b.offset));
    let current: DlqGroup | undefined;
    for (const row of list) {
      // The error the row failed with, where the consumer's logs say it (no DLQ message does).
      const text = loggedError(positionOf(row)) ?? null;
      const told = text ? NOT_RUN.exec(text) : null;
      const at = (offset: number) => formatPosition({ topic: row.topic, partition: row.partition!, offset });
      if (!current || (text !== null && !told)) {
        current = {
          topic: row.topic,
          partition: row.partition!,
          requestId: row.requestId ?? null,
          ...(ordering === 'key' ? { key: row.record?.key ?? null } : {}),
          first: row,
          behind: [],
        };
        groups.push(current);
        // The lowest row of its lane may itself have stood behind a record not in the dump.
        if (told) row.behind = at(Number(told[1]));
        continue;
      }
      current.behind.push(row);
      row.behind = told ? at(Number(told[1])) : positionOf(current.first);
    }
  }
  return groups.sort(
    (a, b) =>
      a.topic.localeCompare(b.topic) ||
      a.partition - b.partition ||
      Number(a.first.offset) - Number(b.first.offset),
  );
}

/** Offsets as ranges: `6..9, 12`. */
function ranges(offsets: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < offsets.length; ) {
    let j = i;
    while (j + 1 < offsets.length && offsets[j + 1] === offsets[j]! + 1) j++;
    out.push(i === j ? String(offsets[i]) : `${offsets[i]}..${offsets[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}

/**
 * The groups as text: one line per first-failed record (its cause, where known), with the records
 * behind it, then what to do.
 *
 * @example
 * console.log(formatDlqGroups(groupDlqRows(rows)));
 */
export function formatDlqGroups(groups: readonly DlqGroup[]): string {
  if (groups.length === 0) return '';
  const behind = groups.reduce((n, g) => n + g.behind.length, 0);
  const lines = [
    `by partition and first failed offset: ${groups.length} record(s) failed first, ${behind} only stood behind them`,
  ];
  for (const g of groups) {
    const why = g.first.failure ?? g.first.lastError;
    lines.push(
      `  ${printable(positionOf(g.first))}  failed first${g.first.eventId ? ` (event ${printable(g.first.eventId)})` : ''}` +
        `${g.requestId ? `, request ${printable(g.requestId)}` : ''}${why ? `: ${printable(why)}` : ''}` +
        (g.behind.length
          ? `\n      ${g.behind.length} behind it, not run: offsets ${ranges(g.behind.map((r) => Number(r.offset)))}`
          : ''),
    );
  }
  lines.push(
    'to act on: the cause of each "failed first" record (its request\'s log lines say why); once fixed, replay all of them, ' +
      'first-failed and behind alike (none of them ran; runbook "Replaying records from the DLQ topic").',
  );
  return lines.join('\n');
}
