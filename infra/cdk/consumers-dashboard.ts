/**
 * ConsumersDashboard: one CloudWatch dashboard per environment: a row for the dedup cache
 * (ElastiCache memory, processing units or CPU, evictions, throttled commands), then a row of graphs
 * per consumer: processed by result, dedup ratio, check latency p50/p99, Redis errors by reason,
 * offset lag, mapping errors and stalls, DLQ; Lambda duration and concurrency; the poison sink
 * (parked, sink errors, queue depth and oldest age); the effect layer, the schema registry,
 * held claims by reason, and the DONE marks past the compact encoding beside the records succeeded.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import { Dimension, METRIC_DIMENSIONS, Metric } from '../../lib/contract.ts';
import type { KafkaConsumer } from './kafka-consumer.ts';

/** The dedup cache, as its metrics name it. */
export interface DashboardCache {
  /** The serverless cache's name, or the replication group's id (its nodes' CacheClusterId start with it). */
  readonly name: string;
  readonly kind: 'serverless' | 'replication-group';
}

export interface ConsumersDashboardProps {
  readonly dashboardName: string;
  readonly consumers: readonly KafkaConsumer[];
  /** The dedup cache's row. @default no cache row */
  readonly cache?: DashboardCache;
}

/**
 * The ElastiCache metrics of the cache row, by kind: Serverless reports BytesUsedForCache,
 * ElastiCacheProcessingUnits, Evictions and ThrottledCmds per cache; a replication group reports
 * DatabaseMemoryUsagePercentage, EngineCPUUtilization and Evictions per node (AWS ElastiCache docs,
 * "Serverless metrics and events", "Metrics for Valkey and Redis OSS").
 */
export const CACHE_METRICS = {
  serverless: [
    { title: 'memory (bytes)', metric: 'BytesUsedForCache', stat: 'Maximum' },
    { title: 'ECPUs', metric: 'ElastiCacheProcessingUnits', stat: 'Sum' },
    { title: 'evictions', metric: 'Evictions', stat: 'Sum' },
    { title: 'throttled commands', metric: 'ThrottledCmds', stat: 'Sum' },
  ],
  'replication-group': [
    { title: 'memory (%)', metric: 'DatabaseMemoryUsagePercentage', stat: 'Maximum' },
    { title: 'engine CPU (%)', metric: 'EngineCPUUtilization', stat: 'Maximum' },
    { title: 'evictions', metric: 'Evictions', stat: 'Sum' },
  ],
} as const;

/** Every series of `namespace` whose metric is `metric` and whose dimensions name `term`. */
const search = (namespace: string, metric: string, term: string, stat: string, label = '') =>
  new cloudwatch.MathExpression({
    expression: `SEARCH('{${namespace}} MetricName="${metric}" "${term}"', '${stat}', 60)`,
    label,
    period: Duration.minutes(1),
  });

/** One metric of the service by Reason (a SEARCH over its dimension set: a reason added later shows too). */
const byReason = (c: KafkaConsumer, metric: (typeof Metric)[keyof typeof Metric]) =>
  new cloudwatch.MathExpression({
    expression: `SEARCH('{${[c.metricsNamespace, ...METRIC_DIMENSIONS[metric]].join(',')}} MetricName="${metric}" ${Dimension.service}="${c.service}"', 'Sum', 60)`,
    label: '',
    period: Duration.minutes(1),
  });

export class ConsumersDashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;

  /**
   * @example
   * new ConsumersDashboard(stack, 'Dashboard', { dashboardName: 'shop-dev', consumers });
   */
  constructor(scope: Construct, id: string, props: ConsumersDashboardProps) {
    super(scope, id);
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { dashboardName: props.dashboardName });
    if (props.cache) this.addCacheRow(props.cache);
    for (const c of props.consumers) {
      const who = `${c.service}/${c.handlerName}`;
      const results = ([Metric.succeeded, Metric.failed, Metric.deduplicated] as const).flatMap((name) =>
        c.topics.map((t) =>
          c.metricMessages(name, t, {
            label: `${name.replace('Messages', '')} ${t}`,
            period: Duration.minutes(1),
          }),
        ),
      );
      this.dashboard.addWidgets(
        new cloudwatch.TextWidget({
          markdown: `## ${who}\nTopics: ${c.topics.join(', ')} · DLQ: ${c.dlqTopic}`,
          width: 24,
          height: 1,
        }),
        new cloudwatch.GraphWidget({
          title: `${who}: processed by result`,
          left: results,
          stacked: true,
          width: 8,
        }),
        new cloudwatch.GraphWidget({
          title: `${who}: dedup ratio`,
          left: [c.metricDedupRatio()],
          leftYAxis: { min: 0, max: 1 },
          width: 8,
        }),
        new cloudwatch.GraphWidget({
          title: `${c.service}: dedup check latency (ms)`,
          left: [
            c.metricDedupCheckDuration({ statistic: 'p50', label: 'p50', period: Duration.minutes(1) }),
            c.metricDedupCheckDuration({ statistic: 'p99', label: 'p99', period: Duration.minutes(1) }),
          ],
          width: 8,
        }),
        new cloudwatch.GraphWidget({
          title: `${c.service}: Redis errors by reason`,
          left: [
            new cloudwatch.MathExpression({
              expression: `SEARCH('{${[c.metricsNamespace, ...METRIC_DIMENSIONS[Metric.dedupErrors]].join(',')}} MetricName="${Metric.dedupErrors}" ${Dimension.service}="${c.service}"', 'Sum', 60)`,
              label: '',
              period: Duration.minutes(1),
            }),
          ],
          width: 8,
        }),
        new cloudwatch.GraphWidget({
          title: `${who}: offset lag (records)`,
          left: [
            c.metricMaxOffsetLag({ period: Duration.minutes(1) }),
            c.metricOffsetLag({ period: Duration.minutes(1), label: 'OffsetLag (all partitions)' }),
          ],
          width: 8,
        }),
        new cloudwatch.GraphWidget({
          title: `${who}: mapping polling / commit errors, stalled`,
          left: [c.metricMappingErrors()],
          right: [c.metricMappingStalled()],
          rightYAxis: { min: 0, max: 1 },
          width: 8,
        }),
        new cloudwatch.GraphWidget({
          title: `${who}: records to the DLQ / lost`,
          left: [c.metricDlqRecords(), c.metricRecordsLost()],
          width: 8,
        }),
      );
      this.addRuntimeRow(c);
    }
  }

  /** Lambda duration and concurrency, the poison sink, the effect layer, the registry, held claims, marks. */
  private addRuntimeRow(c: KafkaConsumer): void {
    const who = `${c.service}/${c.handlerName}`;
    const minute = Duration.minutes(1);
    const parked = c.topics.map((t) =>
      c.metricMessages(Metric.parked, t, { label: `parked ${t}`, period: minute }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: `${who}: Lambda duration (ms)`,
        left: (['p50', 'p99', 'Maximum'] as const).map((stat) =>
          c.metricDuration({ statistic: stat, label: stat, period: minute }),
        ),
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: `${who}: concurrent executions, throttles`,
        left: [c.metricConcurrentExecutions({ period: minute, label: 'ConcurrentExecutions' })],
        right: [c.metricThrottles({ statistic: 'Sum', period: minute, label: 'Throttles' })],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: `${who}: poison sink (parked, ${Metric.poisonSinkErrors})`,
        left: parked,
        right: [c.metricPoisonSinkErrors({ period: minute, label: Metric.poisonSinkErrors })],
        width: 8,
      }),
      ...(c.poisonQueue
        ? [
            new cloudwatch.GraphWidget({
              title: `${who}: poison queue depth / oldest parked record (s)`,
              left: [c.metricPoisonQueueDepth({ period: minute, label: 'parked records' })],
              right: [c.metricPoisonQueueAge({ period: minute, label: 'oldest (s)' })],
              width: 8,
            }),
          ]
        : []),
      new cloudwatch.GraphWidget({
        title: `${c.service}: effect layer errors by reason (${Metric.effectErrors})`,
        left: [byReason(c, Metric.effectErrors)],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: `${c.service}: schema registry errors by reason (${Metric.schemaRegistryErrors})`,
        left: [byReason(c, Metric.schemaRegistryErrors)],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: `${c.service}: held claims waited for, by outcome (${Metric.heldClaimWaits})`,
        left: [byReason(c, Metric.heldClaimWaits)],
        width: 8,
      }),
      // Marks past the compact encoding against the rate of new events (succeeded records) that
      // eventsPerSecond should cover.
      new cloudwatch.GraphWidget({
        title: `${who}: DONE marks past the compact encoding (${Metric.marksNotCompact})`,
        left: [c.metricMarksNotCompact({ period: minute, label: Metric.marksNotCompact })],
        right: c.topics.map((t) =>
          c.metricMessages(Metric.succeeded, t, { label: `succeeded ${t}`, period: minute }),
        ),
        width: 8,
      }),
    );
  }

  /** The dedup cache's row: memory, processing units or CPU, evictions, throttles. */
  private addCacheRow(cache: DashboardCache): void {
    this.dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown: `## Dedup cache ${cache.name} (ElastiCache ${cache.kind})`,
        width: 24,
        height: 1,
      }),
      ...CACHE_METRICS[cache.kind].map(
        (m) =>
          new cloudwatch.GraphWidget({
            title: `cache ${cache.name}: ${m.title} (${m.metric})`,
            left: [search('AWS/ElastiCache', m.metric, cache.name, m.stat)],
            width: 6,
          }),
      ),
    );
  }
}
