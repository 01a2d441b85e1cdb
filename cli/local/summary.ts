/**
 * The end of a local run in ten seconds: what was produced, what happened, what was stopped, what
 * is in the DLQ and why, which alarms would have fired, and whether the run kept its promise
 * (no event lost, no effect twice).
 */

import type { MappingStats } from '../../emulator/index.ts';
import { alarmRules } from '../../lib/alarms.ts';
import { formatPosition, Metric } from '../../lib/contract.ts';
import { type JsonLine, sumMetric } from '../../testkit/index.ts';
import type { DlqRow } from '../dlq-reader.ts';
import { printable } from '../terminal-text.ts';
import { formatValue } from '../triage/analysis.ts';
import { analyzeRun } from '../triage/main.ts';
import { accountDlq } from './dlq-account.ts';

export interface RunFacts {
  /** Records appended to the source topic (duplicates included). */
  produced: number;
  /** Distinct Event-Ids among them. */
  unique: number;
  /** Events published on purpose to fail (poison). */
  poison: Set<string>;
  /** Effects per Event-Id (the demo: pushes the provider received; your handler: completed handle() calls). */
  effects: Map<string, number>;
  /** What an effect is, in a few words. */
  effectLabel?: string;
  /** Event-Ids whose repeat an injected fault explains, with the cause (not a failure of the run). */
  expectedRepeats?: Map<string, string>;
  /** Every Event-Id that was produced. */
  eventIds: Set<string>;
  stats: MappingStats;
  dlq: DlqRow[];
  /** Reasons the consumer logged per `<topic>-<partition>@<offset>` (ERROR lines). */
  reasons: Map<string, string>;
  /**
   * EMF documents and logs the consumer printed, and the emulated mapping's AWS/Lambda documents
   * (emulator/esm-metrics.ts): what CloudWatch would have received.
   */
  lines: JsonLine[];
  /** Lines about the faults that were injected. */
  faults: string[];
  /** Repeats the effect layer answered from its COMPLETED mark instead of running the effect again (undefined: not known). */
  effectReplays: number | undefined;
  /** The Event-Ids parked in the poison queue, one per entry (undefined: the run had no poison sink). */
  parked?: readonly string[];
}

export interface Verdict {
  ok: boolean;
  lost: string[];
  twice: string[];
  text: string;
}

/** The deployed alarm rules with their default thresholds (the CDK app builds its alarms from them). */
const RULES = alarmRules();

/**
 * @example
 * const verdict = summarize(facts);
 * console.log(verdict.text);
 * process.exitCode = verdict.ok ? 0 : 1;
 */
export function summarize(f: RunFacts): Verdict {
  const dlqIds = new Set(f.dlq.map((r) => r.eventId).filter((id): id is string => id !== null));
  const parked = new Set(f.parked ?? []);
  const expected = f.expectedRepeats ?? new Map<string, string>();
  const lost: string[] = [];
  const twice: string[] = [];
  const repeatsByCause = new Map<string, number>();
  for (const id of f.eventIds) {
    const n = f.effects.get(id) ?? 0;
    const cause = expected.get(id);
    if (n > 1 && cause) repeatsByCause.set(cause, (repeatsByCause.get(cause) ?? 0) + n - 1);
    else if (n > 1) twice.push(id);
    if (n === 0 && !dlqIds.has(id) && !f.poison.has(id) && !parked.has(id)) lost.push(id);
  }
  const effects = [...f.effects.values()].reduce((a, b) => a + b, 0);
  const processed = sumMetric(f.lines, Metric.processed);
  const deduplicated = sumMetric(f.lines, Metric.deduplicated);
  const skipped = skippedByCause(f.lines);

  const byReason = new Map<string, number>();
  for (const row of f.dlq) {
    const logged =
      row.partition === null
        ? undefined
        : f.reasons.get(
            formatPosition({ topic: row.topic, partition: row.partition, offset: Number(row.offset) }),
          );
    const reason = logged ?? row.lastError ?? '';
    const key = `${row.condition}: ${shorten(reason)}`;
    byReason.set(key, (byReason.get(key) ?? 0) + 1);
  }

  // The same rules and evaluation as `npm run triage`, on what CloudWatch would have received.
  const { evaluations } = analyzeRun(f.lines, RULES);
  const s = f.stats;
  const firstDeliveries = s.recordsDelivered - s.recordsRetried;

  const out: string[] = [];
  out.push('', '== msk-once local run ==================================================');
  for (const fault of f.faults) out.push(`  fault: ${fault}`);
  out.push(
    '',
    `  events produced          ${f.produced}  = ${f.unique} unique + ${f.produced - f.unique} published twice by the producer`,
    `  deliveries to the function ${s.recordsDelivered}  = ${firstDeliveries} first deliveries + ${s.recordsRetried} retried (${s.invocations} invocations: ${s.functionErrors} threw or were killed, whole batch retried and bisected; ${s.partialFailures} answered partial failures, their reported records retried)`,
    `  records counted by the consumer ${processed}  (${Metric.processed}: deliveries whose invocation flushed its metrics; a killed invocation flushes none)`,
    `  duplicates suppressed    ${deduplicated}  (${Metric.deduplicated}) = ${skipped.done} already DONE in Redis + ${skipped.inBatch} copies inside one batch` +
      (skipped.other ? ` + ${skipped.other} not itemised` : ''),
    ...(f.effectReplays === undefined
      ? []
      : [
          `                           + ${f.effectReplays} more answered by the effect layer from its DynamoDB mark (repeats after the crash or while Redis was down)`,
        ]),
    `  effects that happened    ${effects}  (${f.effectLabel ?? 'pushes the provider received'}; ${f.unique - f.poison.size} expected, one per event that is not poison)`,
  );
  for (const [cause, n] of repeatsByCause)
    out.push(`      ${String(n).padStart(4)} x repeat of handle(): ${cause}`);
  if (repeatsByCause.size)
    out.push(
      '           (an effect made idempotent with msk-once/effects absorbs these; a plain effect would happen twice)',
    );
  if (f.parked) {
    const good = [...parked].filter((id) => !f.poison.has(id)).length;
    out.push(
      `  parked in the poison queue ${f.parked.length}  (${f.parked.length - good} poison, ${good} not poison; written by the function, handled at once, not retried)`,
    );
  }
  out.push(`  records in the DLQ       ${f.dlq.length}`);
  for (const [reason, n] of byReason) out.push(`      ${String(n).padStart(4)} x ${reason}`);
  // Good records in the DLQ are replays to do by hand, not a failure of the run: counted, with why.
  const account = accountDlq(f.dlq, f.poison, f.reasons);
  out.push(`      good records in the DLQ ${account.good}  (not poison; ${account.poison} poison)`);
  for (const [cause, n] of Object.entries(account.goodByCause))
    if (n > 0) out.push(`      ${String(n).padStart(4)} x ${cause}`);
  if (account.goodByCause['behind a failed record of its partition'] > 0)
    out.push(
      '           (they shared the retries of the record before them, under the retry-reported-only reading; docs/consumer.md, "What reaches the DLQ")',
    );
  out.push(
    '',
    '  alarms that would have fired (the deployed rules; the triage of `--output` explains them):',
  );
  for (const e of evaluations) {
    const fired = e.state === 'ALARM';
    out.push(
      `    ${fired ? 'FIRED' : 'ok   '}  ${e.rule.section.padEnd(20)} ${e.rule.condition.padEnd(64)} ${formatValue(e.rule.key, e.value)}`,
    );
  }
  const legend = alarmLegend(
    f,
    evaluations.filter((e) => e.state === 'ALARM').map((e) => e.rule.key),
  );
  if (legend.length) {
    out.push(
      '',
      '  why they fired (each is the expected signal of an injected fault, not a failure of the run):',
    );
    for (const line of legend) out.push(`    ${line}`);
  }
  out.push('');
  if (lost.length === 0 && twice.length === 0) {
    out.push(
      repeatsByCause.size
        ? '  OK: every event had its effect or is in the DLQ; every repeat has an injected fault as its cause.'
        : '  OK: every event had its effect exactly once or is in the DLQ; none happened twice.',
    );
  } else {
    if (lost.length)
      out.push(
        `  FAILED: ${lost.length} event(s) lost (no effect, not in the DLQ): ${lost.slice(0, 5).join(', ')}`,
      );
    if (twice.length)
      out.push(`  FAILED: ${twice.length} effect(s) happened twice: ${twice.slice(0, 5).join(', ')}`);
  }
  out.push('=========================================================================', '');
  // Reasons, faults and Event-Ids quote what producers and handlers wrote: each line is made
  // printable before the join, so a control sequence is shown, not obeyed, and a newline in an error
  // cannot start a line of its own (a forged verdict).
  return { ok: lost.length === 0 && twice.length === 0, lost, twice, text: out.map(printable).join('\n') };
}

/** Why each fired alarm fired, when an injected fault explains it; an unexplained one says so. */
function alarmLegend(f: RunFacts, fired: string[]): string[] {
  const faults = f.faults.join('\n');
  const crash = /consumer killed/.test(faults);
  const outage = /Redis down/.test(faults);
  const poison = f.poison.size > 0 || f.dlq.length > 0;
  const explain: Record<string, string | undefined> = {
    dedupErrors: outage
      ? 'dedup-errors: Redis was down (the injected outage); every claim failed'
      : undefined,
    functionErrors: crash
      ? 'function-errors: the injected crash killed an invocation (Lambda counts it as an error)'
      : undefined,
    dlqRecords: poison
      ? 'dlq-records: records failed every retry and went to the DLQ (the poison events, or records held by a crashed claim)'
      : undefined,
    dedupRatio:
      f.produced > f.unique || crash
        ? 'dedup-ratio: the producer published events twice and the crash made the mapping redeliver a batch'
        : undefined,
    effectErrors: outage ? 'effect-errors: the effect layer met the same outage' : undefined,
    dedupLatency: outage
      ? 'dedup-check-latency: claims made while Redis was down waited for their connect timeout'
      : undefined,
  };
  return fired.map((key) => explain[key] ?? `${key}: NOT explained by an injected fault; look at it`);
}

/** The duplicates the consumer logged per batch ("duplicates skipped" lines), by cause. */
function skippedByCause(lines: JsonLine[]): { done: number; inBatch: number; other: number } {
  let done = 0;
  let inBatch = 0;
  for (const line of lines) {
    if (typeof line.duplicatesDone === 'number') done += line.duplicatesDone;
    if (typeof line.duplicatesInBatch === 'number') inBatch += line.duplicatesInBatch;
  }
  const total = sumMetric(lines, Metric.deduplicated);
  return { done, inBatch, other: Math.max(0, total - done - inBatch) };
}

function shorten(text: string): string {
  const cleaned = text.replace(/^record \S+: /, '').replace(/\s+/g, ' ');
  return cleaned.length > 90 ? `${cleaned.slice(0, 89)}…` : cleaned;
}
