/**
 * Signals: the metrics an alarm rule is judged on, one value per signal per period, whatever they
 * came from: the EMF documents of a local run (and the emulator's AWS/Lambda documents), or
 * CloudWatch GetMetricData results. Keys are `<signal>` or `<signal>|<qualifier>` (a topic, a
 * Reason, a mapping id).
 */

import { Dimension, Metric } from '../../lib/contract.ts';

/** The signals the alarm rules read, and what a period's value is (sum, maximum, 99th percentile). */
export const SIGNALS = {
  processed: { metric: Metric.processed, stat: 'Sum', by: Dimension.topic },
  deduplicated: { metric: Metric.deduplicated, stat: 'Sum', by: Dimension.topic },
  dedupErrors: { metric: Metric.dedupErrors, stat: 'Sum', by: Dimension.reason },
  effectErrors: { metric: Metric.effectErrors, stat: 'Sum', by: Dimension.reason },
  schemaRegistryErrors: { metric: Metric.schemaRegistryErrors, stat: 'Sum', by: Dimension.reason },
  heldClaimWaits: { metric: Metric.heldClaimWaits, stat: 'Sum', by: Dimension.reason },
  marksNotCompact: { metric: Metric.marksNotCompact, stat: 'Sum', by: undefined },
  parked: { metric: Metric.parked, stat: 'Sum', by: Dimension.topic },
  poisonSinkErrors: { metric: Metric.poisonSinkErrors, stat: 'Sum', by: undefined },
  poisonQueueDepth: { metric: 'ApproximateNumberOfMessagesVisible', stat: 'Maximum', by: undefined },
  poisonQueueAge: { metric: 'ApproximateAgeOfOldestMessage', stat: 'Maximum', by: undefined },
  checkP99: { metric: Metric.dedupCheckDuration, stat: 'p99', by: undefined },
  invocations: { metric: 'Invocations', stat: 'Sum', by: undefined },
  functionErrors: { metric: 'Errors', stat: 'Sum', by: undefined },
  throttles: { metric: 'Throttles', stat: 'Sum', by: undefined },
  maxOffsetLag: { metric: 'MaxOffsetLag', stat: 'Maximum', by: 'EventSourceMappingUUID' },
  invoked: { metric: 'InvokedEventCount', stat: 'Sum', by: 'EventSourceMappingUUID' },
  pollingErrors: { metric: 'PollingErrorCount', stat: 'Sum', by: 'EventSourceMappingUUID' },
  commitErrors: { metric: 'CommitErrorCount', stat: 'Sum', by: 'EventSourceMappingUUID' },
  dlq: { metric: 'OnFailureDestinationDeliveredEventCount', stat: 'Sum', by: 'EventSourceMappingUUID' },
  dropped: { metric: 'DroppedEventCount', stat: 'Sum', by: 'EventSourceMappingUUID' },
  undelivered: {
    metric: 'OnFailureDestinationDeliveryErrorCount',
    stat: 'Sum',
    by: 'EventSourceMappingUUID',
  },
} as const satisfies Record<string, { metric: string; stat: 'Sum' | 'Maximum' | 'p99'; by?: string }>;

export type SignalName = keyof typeof SIGNALS;

/** The AWS/Lambda metrics among the signals (the others are the consumer's own EMF). */
const LAMBDA_METRICS = new Set<string>([
  'Invocations',
  'Errors',
  'Throttles',
  'MaxOffsetLag',
  'InvokedEventCount',
  'PollingErrorCount',
  'CommitErrorCount',
  'OnFailureDestinationDeliveredEventCount',
  'DroppedEventCount',
  'OnFailureDestinationDeliveryErrorCount',
]);

export class Signals {
  /** Length of one period (ms); a local run is one period as long as the run. */
  readonly periodMs: number;
  /** The signals of a local run: one period, the whole run (no clock times worth showing). */
  readonly wholeRun: boolean;
  readonly #series = new Map<string, Map<number, number>>();

  constructor(periodMs: number, options: { wholeRun?: boolean } = {}) {
    this.periodMs = periodMs;
    this.wholeRun = options.wholeRun ?? false;
  }

  /** Set a period's value (GetMetricData results are already one value per period). */
  set(name: SignalName, qualifier: string | undefined, period: number, value: number): void {
    const key = qualifier === undefined ? name : `${name}|${qualifier}`;
    let series = this.#series.get(key);
    if (!series) {
      series = new Map();
      this.#series.set(key, series);
    }
    series.set(period, value);
  }

  /** Every period start that has any value, in order. */
  periods(): number[] {
    const all = new Set<number>();
    for (const series of this.#series.values()) for (const t of series.keys()) all.add(t);
    return [...all].sort((a, b) => a - b);
  }

  /** The qualifiers seen for a signal (topics, reasons, mapping ids). */
  qualifiers(name: SignalName): string[] {
    const out: string[] = [];
    for (const key of this.#series.keys())
      if (key.startsWith(`${name}|`)) out.push(key.slice(name.length + 1));
    return out.sort();
  }

  /** One series' value in a period, undefined when missing. */
  value(name: SignalName, qualifier: string | undefined, period: number): number | undefined {
    const key = qualifier === undefined ? name : `${name}|${qualifier}`;
    return this.#series.get(key)?.get(period);
  }

  /** The sum over every qualifier of `name` in a period, undefined when none has a value. */
  sum(name: SignalName, period: number): number | undefined {
    let total: number | undefined;
    for (const [key, series] of this.#series) {
      if (key !== name && !key.startsWith(`${name}|`)) continue;
      const v = series.get(period);
      if (v !== undefined) total = (total ?? 0) + v;
    }
    return total;
  }

  /** The largest value over every qualifier of `name` in a period. */
  max(name: SignalName, period: number): number | undefined {
    let best: number | undefined;
    for (const [key, series] of this.#series) {
      if (key !== name && !key.startsWith(`${name}|`)) continue;
      const v = series.get(period);
      if (v !== undefined && (best === undefined || v > best)) best = v;
    }
    return best;
  }

  /** Sum of one series over every period. */
  total(name: SignalName, qualifier?: string): number {
    let sum = 0;
    for (const t of this.periods())
      sum += (qualifier === undefined ? this.sum(name, t) : this.value(name, qualifier, t)) ?? 0;
    return sum;
  }
}

/** The p-th percentile (0..100), nearest rank, as CloudWatch's pNN of raw values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface EmfDirective {
  Namespace?: string;
  Dimensions?: string[][];
  Metrics?: { Name: string }[];
}

/** Which signal an EMF metric of `namespace` is, if any. */
function signalOf(namespace: string | undefined, metric: string): SignalName | undefined {
  const isLambda = namespace === 'AWS/Lambda';
  if (LAMBDA_METRICS.has(metric) !== isLambda) return undefined;
  for (const [name, s] of Object.entries(SIGNALS)) if (s.metric === metric) return name as SignalName;
  return undefined;
}

export interface EmfOptions {
  /**
   * Period length in ms, or 'run': all documents in one period (a local run lasts seconds, the
   * alarms' periods five minutes).
   */
  period: number | 'run';
}

/**
 * The signals in EMF documents (other JSON lines are ignored). Counters are summed per period,
 * lags take the maximum, DedupCheckDuration the 99th percentile of its raw values.
 *
 * @example
 * const signals = signalsFromEmf(capture.lines(), { period: 'run' });
 */
export function signalsFromEmf(lines: readonly Record<string, unknown>[], options: EmfOptions): Signals {
  const docs = lines.filter((l) => typeof l._aws === 'object' && l._aws !== null);
  const stamps = docs.map((d) => Number((d._aws as { Timestamp?: number }).Timestamp ?? 0));
  const start = stamps.length ? Math.min(...stamps) : 0;
  const periodMs =
    options.period === 'run'
      ? Math.max(1, (stamps.length ? Math.max(...stamps) : 0) - start + 1)
      : options.period;
  const signals = new Signals(periodMs, { wholeRun: options.period === 'run' });
  const periodOf = (t: number) => (options.period === 'run' ? start : t - (t % periodMs));
  const raw = new Map<string, { name: SignalName; qualifier?: string; period: number; values: number[] }>();
  docs.forEach((doc, i) => {
    const directives = ((doc._aws as { CloudWatchMetrics?: EmfDirective[] }).CloudWatchMetrics ??
      []) as EmfDirective[];
    for (const d of directives) {
      for (const { Name } of d.Metrics ?? []) {
        const name = signalOf(d.Namespace, Name);
        if (!name) continue;
        const by: string | undefined = SIGNALS[name].by;
        const qualifier = by === undefined ? undefined : String(doc[by] ?? '');
        const period = periodOf(stamps[i]!);
        const key = `${name}|${qualifier}|${period}`;
        let entry = raw.get(key);
        if (!entry) {
          entry = { name, qualifier, period, values: [] };
          raw.set(key, entry);
        }
        const value = doc[Name];
        if (Array.isArray(value)) entry.values.push(...value.map(Number));
        else if (typeof value === 'number') entry.values.push(value);
      }
    }
  });
  for (const { name, qualifier, period, values } of raw.values()) {
    const stat = SIGNALS[name].stat;
    const v =
      stat === 'Sum'
        ? values.reduce((a, b) => a + b, 0)
        : stat === 'Maximum'
          ? Math.max(...values)
          : percentile(values, 99);
    signals.set(name, qualifier, period, v);
  }
  return signals;
}
