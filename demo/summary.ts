/**
 * The end of a local run in ten seconds: what was produced, what happened, what was stopped, what
 * is in the DLQ and why, which alarms would have fired, and whether the run kept its promise
 * (no event lost, no effect twice).
 */
import type { DlqRow } from '../cli/dlq-reader.ts';
import { formatValue } from '../cli/triage/analysis.ts';
import { analyzeRun } from '../cli/triage/main.ts';
import type { MappingStats } from '../emulator/index.ts';
import { alarmRules } from '../lib/alarms.ts';
import { Metric } from '../lib/contract.ts';
import { formatPosition } from '../lib/index.ts';
import { type JsonLine, sumMetric } from '../testkit/index.ts';

export interface RunFacts {
  /** Records appended to the source topic (duplicates included). */
  produced: number;
  /** Distinct Event-Ids among them. */
  unique: number;
  /** Events published on purpose to fail (poison). */
  poison: Set<string>;
  /** Effects per Event-Id (here: pushes the provider received). */
  effects: Map<string, number>;
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
  /** Repeats the effect layer answered from its COMPLETED mark instead of running the effect again. */
  effectReplays: number;
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
  const lost: string[] = [];
  const twice: string[] = [];
  for (const id of f.eventIds) {
    const n = f.effects.get(id) ?? 0;
    if (n > 1) twice.push(id);
    if (n === 0 && !dlqIds.has(id) && !f.poison.has(id)) lost.push(id);
  }
  const effects = [...f.effects.values()].reduce((a, b) => a + b, 0);
  const deduplicated = sumMetric(f.lines, Metric.deduplicated);

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

  const out: string[] = [];
  out.push('', '== msk-once local run ==================================================');
  for (const fault of f.faults) out.push(`  fault: ${fault}`);
  out.push(
    '',
    `  events produced          ${f.produced}  (${f.unique} unique, ${f.produced - f.unique} published twice by the producer)`,
    `  effects that happened    ${effects}  (pushes the provider received)`,
    `  duplicates suppressed    ${deduplicated} by Redis dedup (${Metric.deduplicated}), ${f.effectReplays} more by the effect layer (answered from its DynamoDB mark)`,
    `  records retried          ${f.stats.recordsRetried}  (${f.stats.invocations} invocations, ${f.stats.functionErrors} function errors, ${f.stats.partialFailures} partial batch failures)`,
    `  records in the DLQ       ${f.dlq.length}`,
  );
  for (const [reason, n] of byReason) out.push(`      ${String(n).padStart(4)} x ${reason}`);
  const good = f.dlq.filter((r) => r.eventId !== null && !f.poison.has(r.eventId)).length;
  if (good > 0) {
    out.push(
      `      ${good} of them are not poison: reported with a failed or held record of their partition, they`,
      '      shared its retries (under the retry-reported-only reading; docs/consumer.md, "What a stopped partition reports")',
    );
  }
  out.push(
    '',
    '  alarms that would have fired (the deployed rules; `npm run triage -- --from` explains them):',
  );
  for (const e of evaluations) {
    const fired = e.state === 'ALARM';
    out.push(
      `    ${fired ? 'FIRED' : 'ok   '}  ${e.rule.section.padEnd(20)} ${e.rule.condition.padEnd(64)} ${formatValue(e.rule.key, e.value)}`,
    );
  }
  out.push('');
  if (lost.length === 0 && twice.length === 0) {
    out.push(`  OK: every event had its effect exactly once or is in the DLQ; none happened twice.`);
  } else {
    if (lost.length)
      out.push(
        `  FAILED: ${lost.length} event(s) lost (no effect, not in the DLQ): ${lost.slice(0, 5).join(', ')}`,
      );
    if (twice.length)
      out.push(`  FAILED: ${twice.length} effect(s) happened twice: ${twice.slice(0, 5).join(', ')}`);
  }
  out.push('=========================================================================', '');
  return { ok: lost.length === 0 && twice.length === 0, lost, twice, text: out.join('\n') };
}

function shorten(text: string): string {
  const cleaned = text.replace(/^record \S+: /, '').replace(/\s+/g, ' ');
  return cleaned.length > 90 ? `${cleaned.slice(0, 89)}…` : cleaned;
}
