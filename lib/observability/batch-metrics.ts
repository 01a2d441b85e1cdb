/**
 * The metrics of one invocation, counted in memory per record and flushed once as CloudWatch EMF
 * through Powertools Metrics. Names and dimensions are the contract's ({@link Metric},
 * {@link Dimension}; docs/consumer.md, "Metrics").
 *
 * `Metric.processed` counts every record of the batch; each also lands in exactly one of
 * `succeeded` (the handler ran and returned), `deduplicated` (skipped as a repeat) or `failed`
 * (anything else: handler error, bad input, held claim, store closed, out of time, not run after an
 * earlier failure of its partition) or `parked` (written to the poison sink, emitted only when
 * non-zero). So processed = succeeded + failed + deduplicated + parked.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { Dimension, type HeldClaimWaitOutcome, Metric } from '../contract.ts';

export type RecordOutcome = 'succeeded' | 'failed' | 'deduplicated' | 'parked';

interface CustomCount {
  name: string;
  dimensions: Record<string, string>;
  value: number;
}

interface TopicCounts {
  succeeded: number;
  failed: number;
  deduplicated: number;
  parked: number;
}

/** Container-level factory of Powertools Metrics instances, one per dimension set. */
export class MetricsEmitter {
  readonly #namespace: string;
  readonly #service: string;
  readonly #handlerName: string;
  readonly #instances = new Map<string, Metrics>();

  constructor(namespace: string, service: string, handlerName: string) {
    this.#namespace = namespace;
    this.#service = service;
    this.#handlerName = handlerName;
  }

  #instance(id: string, dimensions: Record<string, string>): Metrics {
    let metrics = this.#instances.get(id);
    if (!metrics) {
      metrics = new Metrics({
        namespace: this.#namespace,
        serviceName: this.#service,
        defaultDimensions: dimensions,
      });
      this.#instances.set(id, metrics);
    }
    return metrics;
  }

  /** A fresh per-invocation counter. */
  begin(): InvocationMetrics {
    return new InvocationMetrics(this);
  }

  /** @internal flush one invocation's counts: one EMF document per dimension set. */
  emit(
    counts: Map<string, TopicCounts>,
    durations: number[],
    errors: Map<string, number>,
    custom: Map<string, CustomCount>,
    heldWaits?: Map<string, number>,
    connects?: number[],
    marksNotCompact = 0,
  ): void {
    for (const [topic, c] of counts) {
      const m = this.#instance(`topic:${topic}`, {
        [Dimension.topic]: topic,
        [Dimension.handler]: this.#handlerName,
      });
      m.addMetric(Metric.processed, MetricUnit.Count, c.succeeded + c.failed + c.deduplicated + c.parked);
      m.addMetric(Metric.succeeded, MetricUnit.Count, c.succeeded);
      m.addMetric(Metric.failed, MetricUnit.Count, c.failed);
      m.addMetric(Metric.deduplicated, MetricUnit.Count, c.deduplicated);
      // Only when a record was parked: a function without a poison sink keeps its four counters.
      if (c.parked > 0) m.addMetric(Metric.parked, MetricUnit.Count, c.parked);
      m.publishStoredMetrics();
    }
    if (durations.length > 0 || connects) {
      const m = this.#instance('service', {});
      for (const ms of durations) m.addMetric(Metric.dedupCheckDuration, MetricUnit.Milliseconds, ms);
      if (connects)
        for (const ms of connects) m.addMetric(Metric.dedupConnectDuration, MetricUnit.Milliseconds, ms);
      m.publishStoredMetrics();
    }
    for (const [reason, n] of errors) {
      const m = this.#instance(`reason:${reason}`, { [Dimension.reason]: reason });
      m.addMetric(Metric.dedupErrors, MetricUnit.Count, n);
      m.publishStoredMetrics();
    }
    if (heldWaits) {
      for (const [outcome, n] of heldWaits) {
        const m = this.#instance(`held:${outcome}`, { [Dimension.reason]: outcome });
        m.addMetric(Metric.heldClaimWaits, MetricUnit.Count, n);
        m.publishStoredMetrics();
      }
    }
    // Only when a commit wrote marks past the compact encoding: a capacity warning, not an error.
    if (marksNotCompact > 0) {
      const m = this.#instance('handler', { [Dimension.handler]: this.#handlerName });
      m.addMetric(Metric.marksNotCompact, MetricUnit.Count, marksNotCompact);
      m.publishStoredMetrics();
    }
    for (const [id, c] of custom) {
      const m = this.#instance(`custom:${id}`, c.dimensions);
      m.addMetric(c.name, MetricUnit.Count, c.value);
      m.publishStoredMetrics();
    }
  }
}

/**
 * Counts of one invocation.
 *
 * @example
 * const m = emitter.begin();
 * m.record('orders', 'succeeded');
 * m.roundTrip(1.8);
 * m.flush();
 */
export class InvocationMetrics {
  readonly #emitter: MetricsEmitter;
  readonly #counts = new Map<string, TopicCounts>();
  readonly #durations: number[] = [];
  readonly #errors = new Map<string, number>();
  readonly #custom = new Map<string, CustomCount>();
  // Made on the first wait for a held claim (most invocations have none).
  #heldWaits: Map<string, number> | undefined;
  // Made on the first connection the store had to open (a cold start, or after a drop).
  #connects: number[] | undefined;
  #marksNotCompact = 0;
  #flushed = false;

  constructor(emitter: MetricsEmitter) {
    this.#emitter = emitter;
  }

  record(topic: string, outcome: RecordOutcome): void {
    const c = this.#counts.get(topic);
    if (c) c[outcome]++;
    else this.#counts.set(topic, { succeeded: 0, failed: 0, deduplicated: 0, parked: 0, [outcome]: 1 });
  }

  /** One store round trip took `ms` ({@link Metric} `dedupCheckDuration`). */
  roundTrip(ms: number): void {
    this.#durations.push(ms);
  }

  /**
   * The store had to open its connection before a call, which took `ms` ({@link Metric}
   * `dedupConnectDuration`): timed apart from the call, so `dedupCheckDuration` means the store.
   */
  connectTime(ms: number): void {
    this.#connects ??= [];
    this.#connects.push(ms);
  }

  /** A store call failed, or `count` claims were lost, for `reason` ({@link Metric} `dedupErrors`). */
  storeError(reason: string, count = 1): void {
    this.#errors.set(reason, (this.#errors.get(reason) ?? 0) + count);
  }

  /** A wait for a claim another invocation held ended as `outcome` ({@link Metric} `heldClaimWaits`). */
  heldClaimWait(outcome: HeldClaimWaitOutcome): void {
    this.#heldWaits ??= new Map();
    this.#heldWaits.set(outcome, (this.#heldWaits.get(outcome) ?? 0) + 1);
  }

  /**
   * A commit wrote `count` DONE marks into hashes past the compact encoding ({@link Metric}
   * `marksNotCompact`): the handler runs above its declared `eventsPerSecond`.
   */
  marksNotCompact(count: number): void {
    this.#marksNotCompact += count;
  }

  /** A counter of the business function's own (HandleContext.metrics). */
  count(name: string, dimensions: Record<string, string> = {}, value = 1): void {
    const id = `${name}|${JSON.stringify(dimensions)}`;
    const c = this.#custom.get(id);
    if (c) c.value += value;
    else this.#custom.set(id, { name, dimensions, value });
  }

  /** Emit once; later calls do nothing (after and onError may both reach it). */
  flush(): void {
    if (this.#flushed) return;
    this.#flushed = true;
    this.#emitter.emit(
      this.#counts,
      this.#durations,
      this.#errors,
      this.#custom,
      this.#heldWaits,
      this.#connects,
      this.#marksNotCompact,
    );
  }
}
