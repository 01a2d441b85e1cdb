/**
 * ConsumerAlarms: the alarms of one KafkaConsumer, each with a description that says what it means
 * and links to its runbook section, all acting on one SNS topic.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { ALARM_DEFAULTS, Dimension, Metric } from '../../lib/contract.ts';
import { RUNBOOK_SECTIONS, type RunbookSection, runbookLink } from '../runbook.ts';
import type { KafkaConsumer } from './kafka-consumer.ts';

export interface ConsumerAlarmsProps {
  readonly consumer: KafkaConsumer;
  readonly topic: sns.ITopic;
  /** docs/runbook.md as a URL; alarm descriptions link to its anchors. */
  readonly runbookUrl: string;
  /** Alarm name prefix, e.g. `msk-once-dev`. */
  readonly namePrefix: string;
  /** @default ALARM_DEFAULTS.dedupRatio of the contract (0.1) */
  readonly dedupRatio?: number;
  /** @default ALARM_DEFAULTS.dedupCheckP99Ms of the contract (50) */
  readonly checkP99Ms?: number;
  /** Records of OffsetLag that page. */
  readonly offsetLag: number;
}

interface AlarmSpec {
  readonly key: string;
  readonly section: RunbookSection;
  readonly metric: cloudwatch.IMetric;
  readonly threshold: number;
  readonly evaluationPeriods: number;
  readonly datapointsToAlarm: number;
  readonly meaning: string;
}

export class ConsumerAlarms extends Construct {
  /** By key: dedupRatio, dedupErrors, dedupLatency, functionErrors, throttles, offsetLag, dlqRecords, recordsLost. */
  readonly alarms: Record<string, cloudwatch.Alarm> = {};

  /**
   * @example
   * new ConsumerAlarms(stack, 'notificationAlarms', { consumer, topic, runbookUrl, namePrefix: 'msk-once-dev', offsetLag: 10000 });
   */
  constructor(scope: Construct, id: string, props: ConsumerAlarmsProps) {
    super(scope, id);
    const c = props.consumer;
    const who = `${c.service}/${c.handlerName}`;
    const ratio = props.dedupRatio ?? ALARM_DEFAULTS.dedupRatio;
    const p99 = props.checkP99Ms ?? ALARM_DEFAULTS.dedupCheckP99Ms;
    const specs: AlarmSpec[] = [
      {
        key: 'dedupRatio',
        section: RUNBOOK_SECTIONS.dedupRatio,
        metric: c.metricDedupRatio({ period: Duration.minutes(5) }),
        threshold: ratio,
        evaluationPeriods: 2,
        datapointsToAlarm: 2,
        meaning: `More than ${ratio * 100}% of ${who}'s records were repeats for 10 minutes (${Metric.deduplicated} / ${Metric.processed}). Normal is under 1%: a producer or the outbox forwarder is publishing twice, or batches are retried in a loop.`,
      },
      {
        key: 'dedupErrors',
        section: RUNBOOK_SECTIONS.dedupErrors,
        metric: c.metricDedupErrors({ period: Duration.minutes(5) }),
        threshold: 0,
        evaluationPeriods: 1,
        datapointsToAlarm: 1,
        meaning: `The dedup store (Redis) of ${c.service} failed (${Metric.dedupErrors} > 0, any ${Dimension.reason}). Fail-open handlers ran without dedup (duplicates possible); fail-closed handlers failed their records (retries, then DLQ).`,
      },
      {
        key: 'dedupLatency',
        section: RUNBOOK_SECTIONS.dedupLatency,
        metric: c.metricDedupCheckDuration({ statistic: 'p99', period: Duration.minutes(5) }),
        threshold: p99,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        meaning: `p99 of one dedup round trip of ${c.service} is above ${p99} ms (${Metric.dedupCheckDuration}). A slow Redis slows every batch and eats the time records need.`,
      },
      {
        key: 'effectErrors',
        section: RUNBOOK_SECTIONS.effectErrors,
        metric: c.metricEffectErrors({ period: Duration.minutes(5) }),
        threshold: 0,
        evaluationPeriods: 1,
        datapointsToAlarm: 1,
        meaning: `The effect layer of ${c.service} could not use its DynamoDB marks (${Metric.effectErrors} > 0, any ${Dimension.reason}). Effects guarded by it were not run and their records are retried (then DLQ); a mark not saved after its effect ran lets a retry repeat that effect.`,
      },
      {
        key: 'functionErrors',
        section: RUNBOOK_SECTIONS.functionErrors,
        metric: c.metricErrors({ statistic: 'Sum', period: Duration.minutes(5) }),
        threshold: 0,
        evaluationPeriods: 1,
        datapointsToAlarm: 1,
        meaning: `The ${who} function failed whole invocations (Errors: an escaped exception, a timeout, out of memory, a bad configuration). The mapping retries the whole batch, bisecting it.`,
      },
      {
        key: 'throttles',
        section: RUNBOOK_SECTIONS.throttles,
        metric: c.metricThrottles({ statistic: 'Sum', period: Duration.minutes(5) }),
        threshold: 0,
        evaluationPeriods: 1,
        datapointsToAlarm: 1,
        meaning: `Invocations of ${who} were throttled (no concurrency left). Records wait and the offset lag grows.`,
      },
      {
        key: 'offsetLag',
        section: RUNBOOK_SECTIONS.offsetLag,
        metric: c.metricOffsetLag({ period: Duration.minutes(5) }),
        threshold: props.offsetLag,
        evaluationPeriods: 3,
        datapointsToAlarm: 3,
        meaning: `${who} is more than ${props.offsetLag} records behind its topics (${c.topics.join(', ')}) for 15 minutes (AWS/Lambda OffsetLag). Records are processed late; past the topic's retention they are lost.`,
      },
      {
        key: 'dlqRecords',
        section: RUNBOOK_SECTIONS.dlqRecords,
        metric: c.metricDlqRecords({ period: Duration.minutes(5) }),
        threshold: 0,
        evaluationPeriods: 1,
        datapointsToAlarm: 1,
        meaning: `Records of ${who} exhausted their retries (or got too old) and were written to the DLQ topic ${c.dlqTopic} (OnFailureDestinationDeliveredEventCount). Their effects have not happened; they need a fix and a replay.`,
      },
      {
        key: 'recordsLost',
        section: RUNBOOK_SECTIONS.recordsLost,
        metric: c.metricRecordsLost({ period: Duration.minutes(5) }),
        threshold: 0,
        evaluationPeriods: 1,
        datapointsToAlarm: 1,
        meaning: `Records of ${who} were given up and did NOT reach the DLQ topic ${c.dlqTopic} (DroppedEventCount + OnFailureDestinationDeliveryErrorCount): they are lost unless re-read from the source topic.`,
      },
    ];
    const action = new actions.SnsAction(props.topic);
    for (const spec of specs) {
      const alarm = new cloudwatch.Alarm(this, spec.key, {
        alarmName: `${props.namePrefix}-${c.node.id}-${spec.section}`,
        alarmDescription: `${spec.meaning} Runbook: ${runbookLink(props.runbookUrl, spec.section)}`,
        metric: spec.metric,
        threshold: spec.threshold,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: spec.evaluationPeriods,
        datapointsToAlarm: spec.datapointsToAlarm,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms[spec.key] = alarm;
    }
  }
}
