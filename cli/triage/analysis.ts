/**
 * The alarms of lib/alarms.ts judged on signals, and what the data shows for each: the pure
 * core of `npm run triage` (signals from CloudWatch), `npm run triage -- --from <file>` and the
 * "alarms that would have fired" of `npm start` (signals from a local run's EMF). No I/O here.
 *
 * Each rule's value per period mirrors the metric math of its CloudWatch alarm
 * (infra/cdk/kafka-consumer.ts); evaluation follows CloudWatch: the last `evaluationPeriods`
 * periods, `datapointsToAlarm` of them breaching, missing data per the rule's policy.
 */
import { ALARM_SPREAD, type AlarmKey, type AlarmRule, alarmGroups } from '../../lib/alarms.ts';
import { MARKS_NOT_COMPACT_MESSAGE, Metric } from '../../lib/contract.ts';
import type { LogFindings } from './log-lines.ts';
import type { Signals } from './signals.ts';

type Evaluator = (s: Signals, period: number, topics?: readonly string[]) => number | undefined;

/** Deduplicated / processed of one period over `topics` (all of them when undefined). */
function dedupRatioOf(s: Signals, t: number, topics?: readonly string[]): number | undefined {
  if (topics === undefined) {
    const processed = s.sum('processed', t);
    if (processed === undefined) return undefined;
    return processed > 0 ? (s.sum('deduplicated', t) ?? 0) / processed : 0;
  }
  const values = topics.map((topic) => s.value('processed', topic, t));
  if (values.every((v) => v === undefined)) return undefined;
  const processed = values.reduce<number>((a, v) => a + (v ?? 0), 0);
  const dedup = topics.reduce((a, topic) => a + (s.value('deduplicated', topic, t) ?? 0), 0);
  return processed > 0 ? dedup / processed : 0;
}

/** Per rule, the value of one period (undefined = no data). One entry per alarm key, or tsc fails. */
export const EVALUATORS: Record<AlarmKey, Evaluator> = {
  dedupRatio: (s, t, topics) => {
    // As the CDK alarms cut a consumer of many topics: the largest ratio of its groups of topics.
    const groups = topics ? alarmGroups(topics, ALARM_SPREAD.dedupRatio!.metricsEach) : [];
    if (groups.length <= 1) return dedupRatioOf(s, t);
    let worst: number | undefined;
    for (const group of groups) {
      const v = dedupRatioOf(s, t, group);
      if (v !== undefined) worst = Math.max(worst ?? 0, v);
    }
    return worst;
  },
  dedupErrors: (s, t) => s.sum('dedupErrors', t),
  dedupLatency: (s, t) => s.value('checkP99', undefined, t),
  effectErrors: (s, t) => s.sum('effectErrors', t),
  functionErrors: (s, t) => s.sum('functionErrors', t),
  throttles: (s, t) => s.sum('throttles', t),
  offsetLag: (s, t) => s.max('maxOffsetLag', t),
  mappingErrors: (s, t) => {
    const polling = s.sum('pollingErrors', t);
    const commit = s.sum('commitErrors', t);
    return polling === undefined && commit === undefined ? undefined : (polling ?? 0) + (commit ?? 0);
  },
  mappingStalled: (s, t) => {
    const mappings = new Set([...s.qualifiers('maxOffsetLag'), ...s.qualifiers('invoked')]);
    let worst: number | undefined;
    for (const m of mappings) {
      const lag = s.value('maxOffsetLag', m, t);
      const invoked = s.value('invoked', m, t);
      if (lag === undefined && invoked === undefined) continue;
      const stalled = (lag ?? 0) > 0 && (invoked ?? 0) === 0 ? 1 : 0;
      worst = Math.max(worst ?? 0, stalled);
    }
    return worst;
  },
  dlqRecords: (s, t) => s.sum('dlq', t),
  // DroppedEventCount holds the records whose DLQ write failed: their failed writes
  // (OnFailureDestinationDeliveryErrorCount) are not added again.
  recordsLost: (s, t) => s.sum('dropped', t),
  schemaRegistryErrors: (s, t) => s.sum('schemaRegistryErrors', t),
  heldClaimsStillHeld: (s, t) => s.value('heldClaimWaits', 'still-held', t),
  marksNotCompact: (s, t) => s.sum('marksNotCompact', t),
  poisonSinkErrors: (s, t) => s.sum('poisonSinkErrors', t),
  // SQS metrics of the queue, read from CloudWatch when the consumer names its queue. A local run
  // has none: what it parked in the period (MessagesParked) is what the queue's depth rose by.
  poisonQueueDepth: (s, t) => s.max('poisonQueueDepth', t) ?? s.sum('parked', t),
  poisonQueueAge: (s, t) => s.max('poisonQueueAge', t),
};

export type AlarmState = 'ALARM' | 'OK' | 'INSUFFICIENT_DATA';

export interface AlarmEvaluation {
  readonly rule: AlarmRule;
  /** The state at the end of the range. */
  readonly state: AlarmState;
  /** The last period's value (undefined = no data). */
  readonly value: number | undefined;
  /** Every period's value, in order. */
  readonly values: { period: number; value: number | undefined }[];
  /** Stretches of the range during which the alarm would have been in ALARM. */
  readonly alarmWindows: { from: number; to: number }[];
  /** The groups of topics a split rule is judged on (dedup-ratio of more than five topics). */
  readonly topicGroups?: string[][];
}

export interface EvaluateOptions {
  /**
   * A run shorter than one period (a local run): judge its single period as if it had lasted the
   * rule's evaluation periods ("would have fired had it gone on").
   */
  assumeSustained?: boolean;
  /**
   * The consumer's topics in their declared order: a consumer of more than five has its dedup
   * ratio judged per group of topics, as its CloudWatch alarm is (lib/alarms.ts `alarmGroups`).
   */
  topics?: readonly string[];
}

/**
 * @example
 * const evaluation = evaluateAlarm(rules.dedupRatio, signals);
 * evaluation.state; // 'ALARM'
 */
export function evaluateAlarm(rule: AlarmRule, s: Signals, options: EvaluateOptions = {}): AlarmEvaluation {
  const periods = s.periods();
  const values = periods.map((period) => ({
    period,
    value: EVALUATORS[rule.key](s, period, options.topics),
  }));
  const breaching = (v: number | undefined) =>
    v === undefined ? rule.missingData === 'breaching' : v > rule.threshold;
  const n = options.assumeSustained ? 1 : rule.evaluationPeriods;
  const m = options.assumeSustained ? 1 : rule.datapointsToAlarm;
  const states: AlarmState[] = values.map((_, i) => {
    const window = values.slice(Math.max(0, i - n + 1), i + 1);
    if (window.length < n && !options.assumeSustained) {
      // Not enough periods yet: CloudWatch fills the missing ones by the rule's policy.
      const missing = n - window.length;
      const hits =
        window.filter((w) => breaching(w.value)).length + (rule.missingData === 'breaching' ? missing : 0);
      return hits >= m ? 'ALARM' : 'OK';
    }
    return window.filter((w) => breaching(w.value)).length >= m ? 'ALARM' : 'OK';
  });
  const alarmWindows: { from: number; to: number }[] = [];
  states.forEach((state, i) => {
    if (state !== 'ALARM') return;
    const from = values[i]!.period;
    const to = from + s.periodMs;
    const last = alarmWindows.at(-1);
    if (last && last.to === from) last.to = to;
    else alarmWindows.push({ from, to });
  });
  let state: AlarmState;
  if (values.length === 0) state = rule.missingData === 'breaching' ? 'ALARM' : 'INSUFFICIENT_DATA';
  else state = states.at(-1)!;
  const spread = ALARM_SPREAD[rule.key];
  const topicGroups =
    spread?.over === 'topic' && options.topics ? alarmGroups(options.topics, spread.metricsEach) : [];
  return {
    rule,
    state,
    value: values.at(-1)?.value,
    values,
    alarmWindows,
    ...(topicGroups.length > 1 ? { topicGroups } : {}),
  };
}

/**
 * Every rule judged on the same signals.
 *
 * @example
 * evaluateAlarms(alarmRules(environment('dev').alarms), signals, { assumeSustained: true });
 */
export function evaluateAlarms(
  rules: Record<AlarmKey, AlarmRule>,
  s: Signals,
  options: EvaluateOptions = {},
): AlarmEvaluation[] {
  return Object.values(rules).map((rule) => evaluateAlarm(rule, s, options));
}

const pct = (a: number, b: number) => (b === 0 ? '0%' : `${((a / b) * 100).toFixed(1)}%`);

/** `02:10`, in UTC (the alarm history's zone). */
export function clock(t: number): string {
  return new Date(t).toISOString().slice(11, 16);
}

function windowText(e: AlarmEvaluation, s: Signals): string {
  const w = e.alarmWindows;
  if (w.length === 0 || s.wholeRun) return '';
  return ` (in ALARM ${w.map((x) => `${clock(x.from)}-${clock(x.to)}`).join(', ')} UTC)`;
}

/** The format of a value as its rule states it. */
export function formatValue(key: AlarmKey, value: number | undefined): string {
  if (value === undefined) return 'no data';
  if (key === 'dedupRatio') return `${(value * 100).toFixed(1)}%`;
  if (key === 'dedupLatency') return `${value.toFixed(1)} ms`;
  if (key === 'mappingStalled') return value > 0 ? 'stalled' : 'consuming';
  return String(Math.round(value * 100) / 100);
}

/** Largest value over the range. */
function peak(e: AlarmEvaluation): number | undefined {
  const vs = e.values.map((v) => v.value).filter((v): v is number => v !== undefined);
  return vs.length ? Math.max(...vs) : undefined;
}

/** The period that processed the most records, and its rate per second. */
function busiestPeriod(s: Signals): { records: number; perSecond: number } | undefined {
  let records: number | undefined;
  for (const t of s.periods()) {
    const n = s.sum('processed', t);
    if (n !== undefined && (records === undefined || n > records)) records = n;
  }
  return records === undefined ? undefined : { records, perSecond: records / (s.periodMs / 1000) };
}

function byQualifier(s: Signals, name: Parameters<Signals['total']>[0]): string {
  const parts = s
    .qualifiers(name)
    .map((q) => [q, s.total(name, q)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  return parts.length ? parts.map(([q, n]) => `${q || '(none)'} ${n}`).join(', ') : 'none';
}

function problemLines(
  logs: LogFindings | undefined,
  wholeRun: boolean,
  filter: (p: LogFindings['problems'][number]) => boolean,
): string[] {
  if (!logs) return [];
  return logs.problems
    .filter(filter)
    .slice(0, 3)
    .map(
      (p) =>
        `${p.count} x ${p.level} "${p.message}"${p.errorName ? ` (${p.errorName}: ${p.errorMessage ?? ''})` : ''}` +
        (p.first !== undefined && p.last !== undefined && !wholeRun
          ? ` ${clock(p.first)}-${clock(p.last)}`
          : ''),
    );
}

/**
 * What the data shows for one alarm: a few lines from its signals and the logs.
 *
 * @example
 * findings(evaluation, signals, analyzeLogLines(lines)); // ['35.0% of records were repeats ...', ...]
 */
export function findings(
  e: AlarmEvaluation,
  s: Signals,
  logs?: LogFindings,
  keyOf?: (eventId: string) => string,
): string[] {
  const out: string[] = [];
  const key = e.rule.key;
  const top = peak(e);
  switch (key) {
    case 'dedupRatio': {
      const processed = s.total('processed');
      const dedup = s.total('deduplicated');
      out.push(
        `${pct(dedup, processed)} of records were repeats (${dedup} of ${processed})${windowText(e, s)}`,
      );
      out.push(`by topic: ${byQualifier(s, 'deduplicated')}`);
      if (e.topicGroups) {
        // The alarm is a composite over these groups: each is judged on its own ratio.
        const ratioOf = (group: string[]) => {
          const p = group.reduce((a, t) => a + s.total('processed', t), 0);
          const d = group.reduce((a, t) => a + s.total('deduplicated', t), 0);
          return `${group[0]}..${group.at(-1)} ${pct(d, p)}`;
        };
        out.push(`by group of topics (one part alarm each): ${e.topicGroups.map(ratioOf).join(', ')}`);
      }
      if (logs && logs.duplicates + logs.byCause.held > 0) {
        const total = logs.byPartition.reduce((a, [, n]) => a + n, 0);
        const parts = logs.byPartition
          .slice(0, 3)
          .map(([p, n]) => `${p} ${pct(n, total)} (${n})`)
          .join(', ');
        const when =
          logs.duplicatesFrom === undefined || logs.duplicatesTo === undefined || s.wholeRun
            ? ''
            : ` between ${clock(logs.duplicatesFrom)} and ${clock(logs.duplicatesTo)} UTC`;
        out.push(`skipped by partition${when}: ${parts}`);
        out.push(
          `causes: ${logs.byCause.done} DONE earlier (redelivered or republished), ${logs.byCause.inBatch} copies in the same batch, ${logs.byCause.held} held by another invocation`,
        );
        if (logs.repeatedEvents.length > 0) {
          out.push(
            `events skipped more than once: ${logs.repeatedEvents
              .slice(0, 3)
              .map(([id, n]) => `${id} x${n}`)
              .join(', ')}`,
          );
        }
        const sample = logs.samples[0];
        // The sample's id is canonical (the consumer logged it), so its key needs no id source.
        if (sample)
          out.push(
            `e.g. ${sample.eventId} at ${sample.position} (${sample.cause})${keyOf ? `, key ${keyOf(sample.eventId)}` : ''}`,
          );
      }
      break;
    }
    case 'dedupErrors':
    case 'effectErrors': {
      const name = key === 'dedupErrors' ? 'dedupErrors' : 'effectErrors';
      out.push(`${s.total(name)} errors${windowText(e, s)}, by Reason: ${byQualifier(s, name)}`);
      out.push(
        ...problemLines(logs, s.wholeRun, (p) =>
          key === 'dedupErrors'
            ? /dedup store|mark DONE|release|renew/.test(p.message)
            : /^Effect(Store|Commit|Release)Error$/.test(p.errorName ?? ''),
        ),
      );
      break;
    }
    case 'dedupLatency':
      out.push(`p99 of a dedup round trip peaked at ${formatValue(key, top)}${windowText(e, s)}`);
      break;
    case 'functionErrors':
    case 'throttles': {
      const name = key === 'functionErrors' ? 'functionErrors' : 'throttles';
      out.push(`${s.total(name)} of ${s.total('invocations')} invocations${windowText(e, s)}`);
      if (key === 'functionErrors') {
        // A record's failure (a line naming its position) is not an invocation's: the invocation
        // reported it and went on. Only lines of no record can say why a whole invocation failed.
        const invocationLines = problemLines(logs, s.wholeRun, (p) => p.level !== 'WARN' && !p.recordLevel);
        out.push(...invocationLines);
        if (logs && invocationLines.length === 0)
          out.push(
            "no log line explains it: the invocations died without a word of their own (a timeout, out of memory, a crash of the runtime): read the REPORT and platform lines of the failed requests (Logs Insights: filter @type = 'REPORT' or @message like /Task timed out|Runtime.ExitError|errorType/)",
          );
        const recordFailures = (logs?.problems ?? []).filter((p) => p.recordLevel && p.level !== 'WARN');
        const failedRecords = recordFailures.reduce((a, p) => a + p.count, 0);
        if (failedRecords > 0)
          out.push(
            `(${failedRecords} record-level error line(s) in the range failed single records, not invocations: see dlq-records, not this alarm)`,
          );
      }
      break;
    }
    case 'offsetLag':
      for (const m of s.qualifiers('maxOffsetLag')) {
        const series = s
          .periods()
          .map((t) => s.value('maxOffsetLag', m, t))
          .filter((v) => v !== undefined);
        out.push(
          `mapping ${m}: MaxOffsetLag ${series[0]} -> ${series.at(-1)} (peak ${Math.max(...(series as number[]))})`,
        );
      }
      out.push(`${windowText(e, s).trim() || 'never above the threshold in this range'}`);
      break;
    case 'mappingErrors':
      out.push(
        `polling errors: ${byQualifier(s, 'pollingErrors')}; commit errors: ${byQualifier(s, 'commitErrors')}${windowText(e, s)}`,
      );
      break;
    case 'mappingStalled': {
      const mappings = new Set([...s.qualifiers('maxOffsetLag'), ...s.qualifiers('invoked')]);
      if (mappings.size === 0) out.push('no mapping reported any metric in this range: not running?');
      for (const m of mappings) {
        out.push(
          `mapping ${m}: ${s.total('invoked', m)} records invoked, last MaxOffsetLag ${
            s
              .periods()
              .map((t) => s.value('maxOffsetLag', m, t))
              .filter((v) => v !== undefined)
              .at(-1) ?? 'none'
          }`,
        );
      }
      out.push(windowText(e, s).trim() || 'not stalled in this range');
      break;
    }
    case 'dlqRecords':
      out.push(
        `${s.total('dlq')} records written to the DLQ${windowText(e, s)}, by mapping: ${byQualifier(s, 'dlq')}`,
      );
      // Why records failed: the errors they were logged with.
      out.push(...problemLines(logs, s.wholeRun, (p) => p.level !== 'WARN'));
      out.push(
        'which records failed first and which only stood behind them: msk-once dlq <dump> (grouped by partition and first failed offset)',
      );
      break;
    case 'schemaRegistryErrors':
      out.push(
        `${s.total('schemaRegistryErrors')} records failed by the registry${windowText(e, s)}, by Reason: ${byQualifier(s, 'schemaRegistryErrors')}`,
      );
      out.push(...problemLines(logs, s.wholeRun, (p) => /SchemaRegistry/.test(p.errorName ?? '')));
      break;
    case 'heldClaimsStillHeld':
      out.push(`waits for held claims${windowText(e, s)}, by outcome: ${byQualifier(s, 'heldClaimWaits')}`);
      out.push(...problemLines(logs, s.wholeRun, (p) => /held/.test(p.message)));
      break;
    case 'marksNotCompact': {
      out.push(
        `${s.total('marksNotCompact')} DONE marks went into hashes past the compact encoding (${Metric.marksNotCompact})${windowText(e, s)}: the handler commits new events faster than its declared eventsPerSecond, and those hashes cost about 3x the memory per event (a capacity warning: dedup works)`,
      );
      const busiest = busiestPeriod(s);
      if (busiest)
        out.push(
          `busiest period: ${busiest.records} records processed, ${busiest.perSecond.toFixed(1)}/s (new events are at most that, duplicates included)`,
        );
      out.push(...problemLines(logs, s.wholeRun, (p) => p.message === MARKS_NOT_COMPACT_MESSAGE));
      out.push(
        "raise eventsPerSecond to the peak rate of new events: it moves where marks live, so roll it out like a key format (previousKeyFormat '0.3.0' a window before and after the change); after a burst that ended (a replay, a drained backlog) nothing to change: the hashes shrink as their marks go stale",
      );
      break;
    }
    case 'poisonSinkErrors':
    case 'poisonQueueDepth':
    case 'poisonQueueAge':
      out.push(
        `parked: ${s.total('parked')} record(s) (MessagesParked)${windowText(e, s)}, by topic: ${byQualifier(s, 'parked')}; the sink refused ${s.total('poisonSinkErrors')} (PoisonSinkErrors)`,
      );
      // The parked records, by why: each WARN line names one (position, event id, error).
      out.push(...problemLines(logs, s.wholeRun, (p) => /parked|poison/.test(p.message)));
      break;
    case 'recordsLost':
      out.push(
        `records lost (DroppedEventCount): ${s.total('dropped')}, of which DLQ writes failed (OnFailureDestinationDeliveryErrorCount): ${s.total('undelivered')}${windowText(e, s)}`,
      );
      break;
  }
  return out.filter((l) => l.length > 0);
}
