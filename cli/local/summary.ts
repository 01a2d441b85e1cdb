/**
 * The end of a local run in ten seconds: what was produced, what happened, what was stopped, what
 * is in the DLQ and why, which alarms would have fired, and whether the run kept its promise
 * (no event lost, no effect twice).
 */

import type { MappingStats } from '../../emulator/index.ts';
import { type AlarmKey, type AlarmRule, alarmKeysOf, alarmRules } from '../../lib/alarms.ts';
import { formatPosition, Metric } from '../../lib/contract.ts';
import { type JsonLine, sumMetric } from '../../testkit/index.ts';
import type { DlqRow } from '../dlq-reader.ts';
import { printable } from '../terminal-text.ts';
import { formatValue } from '../triage/analysis.ts';
import { analyzeRun } from '../triage/main.ts';
import { accountDlq } from './dlq-account.ts';
import { type Judgement, judgeRun, type KeyOrderFacts, notRun } from './verdict.ts';

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
  /** The DLQ replay after the run (`--replay-dlq`), when there was one. */
  replay?: ReplayFacts;
  /** Keys, publish order and first completions (the per-key order check). @default not checked */
  keyOrder?: KeyOrderFacts;
}

/** What a replay of the DLQ did: records produced again, effects they made, records back in the DLQ. */
export interface ReplayFacts {
  replayed: number;
  /** Poison records not replayed (left in the DLQ). */
  poisonLeft: number;
  ran: number;
  backInDlq: number;
}

export interface Verdict {
  ok: boolean;
  lost: string[];
  twice: string[];
  text: string;
}

/** The deployed alarm rules with their default thresholds (the CDK app builds its alarms from them). */
const RULES = alarmRules();

/** The rules a consumer of this run would have: the poison queue's only when it parks records. */
function rulesOf(poisonQueue: boolean): Record<AlarmKey, AlarmRule> {
  const keys = alarmKeysOf({ poisonQueue });
  return Object.fromEntries(keys.map((k) => [k, RULES[k]])) as Record<AlarmKey, AlarmRule>;
}

/**
 * @example
 * const verdict = summarize(facts);
 * console.log(verdict.text);
 * process.exitCode = verdict.ok ? 0 : 1;
 */
export function summarize(f: RunFacts): Verdict {
  const crash = f.faults.some((fault) => /consumer killed/.test(fault));
  const parked = new Set(f.parked ?? []);
  const j = judgeRun({ ...f, crashed: crash, parked });
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
    const reason = logged ?? notRun(row.lastError) ?? '';
    const key = `${row.condition}: ${shorten(reason)}`;
    byReason.set(key, (byReason.get(key) ?? 0) + 1);
  }

  // The same rules and evaluation as `npm run triage`, on what CloudWatch would have received.
  const { evaluations } = analyzeRun(f.lines, rulesOf(f.parked !== undefined));
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
    `  effects that happened    ${effects}  (${f.effectLabel ?? 'pushes the provider received'}; ${f.unique - f.poison.size} expected, one per good event: ${j.once} had exactly one${f.poison.size ? `; ${f.poison.size} poison event(s) expected ${f.parked ? 'parked (or in the DLQ)' : 'in the DLQ'}` : ''})`,
  );
  for (const [cause, n] of j.repeatsByCause)
    out.push(`      ${String(n).padStart(4)} x repeat of handle(): ${cause}`);
  if (j.repeatsByCause.size)
    out.push(
      '           (an effect made idempotent with msk-once/effects absorbs these; a plain effect would happen twice)',
    );
  if (f.replay)
    out.push(
      `  DLQ replayed             ${f.replay.replayed}  (produced again with their headers: ${f.replay.ran} took effect, ${f.replay.backInDlq} back in the DLQ; poison records left in the DLQ: ${f.replay.poisonLeft}; effects above include the replay)`,
    );
  if (f.parked) {
    const good = [...parked].filter((id) => !f.poison.has(id)).length;
    out.push(
      `  parked in the poison queue ${f.parked.length}  (${f.parked.length - good} poison, ${good} not poison; written by the function, handled at once, not retried)`,
    );
  }
  if (j.keyOrder)
    out.push(
      `  per-key order            ${j.keyOrder.outOfOrder.length === 0 ? 'held' : 'BROKEN'}  (${j.keyOrder.checked} events over ${j.keyOrder.keys} ${j.keyOrder.keyed ? 'keys (--key)' : 'keys, one per event'}; ${j.keyOrder.outOfOrder.length} took effect after a later event of their key)`,
    );
  out.push(`  records in the DLQ       ${f.dlq.length}`);
  for (const [reason, n] of byReason) out.push(`      ${String(n).padStart(4)} x ${reason}`);
  if (j.poisonInDlq > 0) out.push(`      ${j.poisonInDlq} of them are the poison events, as meant`);
  // Records, not events (a producer's duplicate may fail too); why each good event is there is
  // judgeRun's part, in the lines after.
  out.push(`      good records in the DLQ ${accountDlq(f.dlq, f.poison, f.reasons).good}  (not poison)`);
  if (j.stranded.length > 0) {
    const behind = j.stranded.filter((m) => m.why.startsWith('behind')).length;
    if (behind > 0)
      out.push(
        `      ${behind} good event(s) stood behind a poison or held record of their partition and shared its`,
        '      retries (the retry-reported-only reading; docs/consumer.md, "What a stopped partition reports"): replay them',
      );
    const held = j.stranded.length - behind;
    if (held > 0)
      out.push(
        `      ${held} good event(s) whose claim the crashed invocation held past their retries: replay them`,
      );
  }
  if (j.failed.length > 0)
    out.push(`      ${j.failed.length} good event(s) the handler failed: they did not take effect`);
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
    j,
    evaluations.filter((e) => e.state === 'ALARM').map((e) => e.rule.key),
  );
  if (legend.length) {
    out.push(
      '',
      legend.some((line) => line.includes('NOT explained'))
        ? '  why they fired (an injected fault explains each, except those marked NOT explained):'
        : '  why they fired (each is the expected signal of an injected fault, not a failure of the run):',
    );
    for (const line of legend) out.push(`    ${line}`);
  }
  out.push('');
  out.push(...verdictLines(j));
  out.push('=========================================================================', '');
  // Reasons, faults and Event-Ids quote what producers and handlers wrote: each line is made
  // printable before the join, so a control sequence is shown, not obeyed, and a newline in an error
  // cannot start a line of its own (a forged verdict).
  return { ok: j.ok, lost: j.lost, twice: j.twice, text: out.map(printable).join('\n') };
}

/** The verdict's lines: OK, or each way the run failed, with examples. */
function verdictLines(j: Judgement): string[] {
  const parked = j.parked ? ', was parked in the poison queue' : '';
  if (j.ok)
    return [
      j.repeatsByCause.size
        ? `  OK: every event had its effect${parked} or is in the DLQ for an injected fault (poison, or the crash); every repeat has an injected fault as its cause.`
        : `  OK: every event had its effect exactly once${parked} or is in the DLQ for an injected fault (poison, or the crash); none happened twice.`,
      ...(j.stranded.length
        ? [
            `      (${j.stranded.length} good event(s) are in the DLQ because of an injected fault: listed above)`,
          ]
        : []),
    ];
  const lines: string[] = [];
  const some = (ids: string[]) => ids.slice(0, 5).join(', ');
  if (j.failed.length) {
    lines.push(
      `  FAILED: ${j.failed.length} good event(s) did not take effect: the handler failed them and they are in the DLQ`,
    );
    for (const m of j.failed.slice(0, 3))
      lines.push(`      ${m.eventId}${m.position ? ` at ${m.position}` : ''}: ${shorten(m.why)}`);
  }
  if (j.lost.length)
    lines.push(`  FAILED: ${j.lost.length} event(s) lost (no effect, not in the DLQ): ${some(j.lost)}`);
  if (j.twice.length) lines.push(`  FAILED: ${j.twice.length} effect(s) happened twice: ${some(j.twice)}`);
  if (j.poisonTookEffect.length)
    lines.push(
      `  FAILED: ${j.poisonTookEffect.length} poison event(s) took effect (the handler accepted them): ${some(j.poisonTookEffect)}`,
    );
  if (j.keyOrder?.outOfOrder.length)
    lines.push(
      `  FAILED: ${j.keyOrder.outOfOrder.length} event(s) took effect out of key order: ${j.keyOrder.outOfOrder.slice(0, 3).join('; ')}`,
    );
  return lines;
}

/** Why each fired alarm fired, when an injected fault explains it; an unexplained one says so. */
function alarmLegend(f: RunFacts, j: Judgement, fired: string[]): string[] {
  const faults = f.faults.join('\n');
  const crash = /consumer killed/.test(faults);
  const outage = /Redis down/.test(faults);
  const twice = f.produced - f.unique;
  const behind = j.stranded.filter((m) => m.why.startsWith('behind')).length;
  const dlqCauses = [
    j.poisonInDlq > 0 ? `${j.poisonInDlq} poison event(s)` : undefined,
    behind > 0 ? `${behind} good event(s) behind a poison or held record` : undefined,
    j.stranded.length > behind ? `${j.stranded.length - behind} held by the crashed invocation` : undefined,
  ].filter((c): c is string => c !== undefined);
  const redelivered = [
    twice > 0 ? `the producer published ${twice} event(s) twice` : undefined,
    crash ? 'the crash made the mapping redeliver a batch' : undefined,
  ].filter((c): c is string => c !== undefined);
  const explain: Record<string, string | undefined> = {
    dedupErrors: outage
      ? 'dedup-errors: Redis was down (the injected outage); every claim failed'
      : undefined,
    functionErrors: crash
      ? 'function-errors: the injected crash killed an invocation (Lambda counts it as an error)'
      : undefined,
    dlqRecords:
      j.failed.length === 0 && dlqCauses.length
        ? `dlq-records: records failed every retry and went to the DLQ (${dlqCauses.join(', ')})`
        : undefined,
    dedupRatio: redelivered.length ? `dedup-ratio: ${redelivered.join(' and ')}` : undefined,
    effectErrors: outage ? 'effect-errors: the effect layer met the same outage' : undefined,
    dedupLatency: outage
      ? 'dedup-check-latency: claims made while Redis was down waited for their connect timeout'
      : undefined,
    // The killed invocation's claims stay held until their lease ends; its redelivered records wait
    // for them (and fail or find them DONE), as the crash fault says.
    heldClaimsStillHeld: crash
      ? "held-claims-still-held: the crashed invocation's claims stayed held until their lease ended, and its redelivered records waited for them"
      : undefined,
  };
  return fired.map(
    (key) =>
      explain[key] ??
      `${RULES[key as keyof typeof RULES]?.section ?? key}: NOT explained by an injected fault; look at it`,
  );
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
