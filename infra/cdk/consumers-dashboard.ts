/**
 * ConsumersDashboard: one CloudWatch dashboard per environment, a row of graphs per consumer:
 * processed by result, dedup ratio, check latency p50/p99, Redis errors by reason, offset lag,
 * mapping errors and stalls, DLQ.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import { Dimension, METRIC_DIMENSIONS, Metric } from '../../lib/contract.ts';
import type { KafkaConsumer } from './kafka-consumer.ts';

export interface ConsumersDashboardProps {
  readonly dashboardName: string;
  readonly consumers: readonly KafkaConsumer[];
}

export class ConsumersDashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;

  /**
   * @example
   * new ConsumersDashboard(stack, 'Dashboard', { dashboardName: 'shop-dev', consumers });
   */
  constructor(scope: Construct, id: string, props: ConsumersDashboardProps) {
    super(scope, id);
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { dashboardName: props.dashboardName });
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
    }
  }
}
