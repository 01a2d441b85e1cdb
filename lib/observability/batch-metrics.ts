/**
 * The metrics of one invocation, counted in memory per record and flushed once as CloudWatch EMF
 * through Powertools Metrics. Names and dimensions are those the alarms read (infra/README.md, "Alarms").
 *
 * MessagesProcessed counts every record of the batch; each also lands in exactly one of
 * MessagesSucceeded (the handler ran and returned), MessagesDeduplicated (skipped as a repeat) or
 * MessagesFailed (anything else: handler error, bad input, held claim, store closed, out of time,
 * not run after an earlier failure of its partition). So Processed = Succeeded + Failed + Deduplicated.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

export type RecordOutcome = 'succeeded' | 'failed' | 'deduplicated';

interface CustomCount {
  name: string;
  dimensions: Record<string, string>;
  value: number;
}

interface TopicCounts {
  succeeded: number;
  failed: number;
  deduplicated: number;
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
  ): void {
    for (const [topic, c] of counts) {
      const m = this.#instance(`topic:${topic}`, { Topic: topic, Handler: this.#handlerName });
      m.addMetric('MessagesProcessed', MetricUnit.Count, c.succeeded + c.failed + c.deduplicated);
      m.addMetric('MessagesSucceeded', MetricUnit.Count, c.succeeded);
      m.addMetric('MessagesFailed', MetricUnit.Count, c.failed);
      m.addMetric('MessagesDeduplicated', MetricUnit.Count, c.deduplicated);
      m.publishStoredMetrics();
    }
    if (durations.length > 0) {
      const m = this.#instance('service', {});
      for (const ms of durations) m.addMetric('DedupCheckDuration', MetricUnit.Milliseconds, ms);
      m.publishStoredMetrics();
    }
    for (const [reason, n] of errors) {
      const m = this.#instance(`reason:${reason}`, { Reason: reason });
      m.addMetric('DedupErrors', MetricUnit.Count, n);
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
  #flushed = false;

  constructor(emitter: MetricsEmitter) {
    this.#emitter = emitter;
  }

  record(topic: string, outcome: RecordOutcome): void {
    const c = this.#counts.get(topic);
    if (c) c[outcome]++;
    else this.#counts.set(topic, { succeeded: 0, failed: 0, deduplicated: 0, [outcome]: 1 });
  }

  /** One store round trip took `ms` (DedupCheckDuration). */
  roundTrip(ms: number): void {
    this.#durations.push(ms);
  }

  /** A store call failed for `reason` (DedupErrors). */
  storeError(reason: string): void {
    this.#errors.set(reason, (this.#errors.get(reason) ?? 0) + 1);
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
    this.#emitter.emit(this.#counts, this.#durations, this.#errors, this.#custom);
  }
}
