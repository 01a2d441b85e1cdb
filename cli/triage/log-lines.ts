/**
 * What the consumer's log lines say, for the triage: the duplicates it skipped (by partition, by
 * cause, which events), the errors and warnings it logged (by message and error name), and when.
 * Reads the JSON the code writes (Powertools Logger, and one "duplicates skipped" line per batch),
 * from a local run's output or from Logs Insights' `@message`.
 */

import { DUPLICATES_MESSAGE } from '../../lib/contract.ts';

export { DUPLICATES_MESSAGE };

export interface SkippedSample {
  eventId: string;
  position: string;
  cause: string;
}

export interface CountedMessage {
  level: string;
  message: string;
  errorName: string | undefined;
  errorMessage: string | undefined;
  count: number;
  first: number | undefined;
  last: number | undefined;
  /**
   * The lines name a record (topic, partition, offset): that record failed, the invocation went on.
   * A whole invocation's failure (Lambda `Errors`) is never one of these.
   */
  recordLevel: boolean;
}

export interface LogFindings {
  /** Records skipped as repeats (DONE earlier or a copy in the same batch). */
  duplicates: number;
  byCause: { done: number; inBatch: number; held: number };
  /** Skipped records by `<topic>-<partition>`, largest first. */
  byPartition: [string, number][];
  /** Events that were skipped more than once, with how often. */
  repeatedEvents: [string, number][];
  samples: SkippedSample[];
  /** When the first and last duplicates line was written (ms), if the lines carry timestamps. */
  duplicatesFrom: number | undefined;
  duplicatesTo: number | undefined;
  /** WARN and ERROR lines, grouped by message and error name, most frequent first. */
  problems: CountedMessage[];
}

/** A line's time: Powertools' `timestamp`, or Logs Insights' `@timestamp`. */
function timeOf(line: Record<string, unknown>): number | undefined {
  const raw = line['@timestamp'] ?? line.timestamp;
  if (typeof raw === 'number') return raw;
  if (typeof raw !== 'string') return undefined;
  // Logs Insights writes "2026-11-30 02:10:00.000" (UTC).
  const t = Date.parse(/^\d{4}-\d\d-\d\d \d/.test(raw) ? `${raw.replace(' ', 'T')}Z` : raw);
  return Number.isNaN(t) ? undefined : t;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * @example
 * const findings = analyzeLogLines(lines);
 * findings.byPartition[0]; // ['order-placed-3', 120]
 */
export function analyzeLogLines(lines: readonly Record<string, unknown>[]): LogFindings {
  const byPartition = new Map<string, number>();
  const byEvent = new Map<string, number>();
  const problems = new Map<string, CountedMessage>();
  const samples: SkippedSample[] = [];
  const byCause = { done: 0, inBatch: 0, held: 0 };
  let duplicates = 0;
  let from: number | undefined;
  let to: number | undefined;
  for (const line of lines) {
    const t = timeOf(line);
    if (line.message === DUPLICATES_MESSAGE) {
      duplicates += num(line.duplicates);
      byCause.done += num(line.duplicatesDone);
      byCause.inBatch += num(line.duplicatesInBatch);
      byCause.held += num(line.held);
      const parts = line.byPartition;
      if (parts && typeof parts === 'object') {
        for (const [p, n] of Object.entries(parts)) byPartition.set(p, (byPartition.get(p) ?? 0) + num(n));
      }
      for (const s of Array.isArray(line.skipped) ? line.skipped : []) {
        const sample = s as SkippedSample;
        if (typeof sample?.eventId !== 'string') continue;
        byEvent.set(sample.eventId, (byEvent.get(sample.eventId) ?? 0) + 1);
        if (samples.length < 5) samples.push(sample);
      }
      if (t !== undefined) {
        from = from === undefined ? t : Math.min(from, t);
        to = to === undefined ? t : Math.max(to, t);
      }
      continue;
    }
    const level = String(line.level ?? '');
    if (level !== 'WARN' && level !== 'ERROR' && level !== 'CRITICAL') continue;
    // The Node.js runtime's own line for an error that escaped the handler: `errorType`/`errorMessage`,
    // at the top or as the message (JSON log format).
    const runtime = (typeof line.message === 'object' && line.message !== null ? line.message : line) as {
      errorType?: unknown;
      errorMessage?: unknown;
    };
    const escaped = typeof runtime.errorType === 'string';
    const error = escaped
      ? { name: String(runtime.errorType), message: String(runtime.errorMessage ?? '') }
      : ((line.error ?? undefined) as { name?: string; message?: string } | undefined);
    const message = escaped ? "error escaped the handler (the runtime's line)" : String(line.message ?? '');
    const recordLevel = !escaped && line.offset !== undefined && line.partition !== undefined;
    const key = `${level}|${message}|${error?.name ?? ''}|${recordLevel}`;
    const entry = problems.get(key) ?? {
      level,
      message,
      errorName: error?.name,
      errorMessage: error?.message,
      count: 0,
      first: undefined,
      last: undefined,
      recordLevel,
    };
    entry.count++;
    if (t !== undefined) {
      entry.first = entry.first === undefined ? t : Math.min(entry.first, t);
      entry.last = entry.last === undefined ? t : Math.max(entry.last, t);
    }
    problems.set(key, entry);
  }
  return {
    duplicates,
    byCause,
    byPartition: [...byPartition].sort((a, b) => b[1] - a[1]),
    repeatedEvents: [...byEvent].filter(([, n]) => n > 1).sort((a, b) => b[1] - a[1]),
    samples,
    duplicatesFrom: from,
    duplicatesTo: to,
    problems: [...problems.values()].sort((a, b) => b.count - a.count),
  };
}
