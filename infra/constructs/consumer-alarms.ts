/**
 * ConsumerAlarms: the alarms of one KafkaConsumer, built from the rules of lib/alarms.ts
 * (threshold, periods, missing-data policy), each with a description that says what it means and
 * links to its runbook section, all acting on one SNS topic.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import {
  ALARM_PERIOD_SECONDS,
  type AlarmKey,
  type AlarmRule,
  alarmMeaning,
  alarmRules,
  type MissingData,
  runbookLink,
} from '../../lib/alarms.ts';
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
  /** MaxOffsetLag (records behind on one partition of a mapping) that pages. */
  readonly offsetLag: number;
  /** Whether a mapping that reports no metrics at all pages (mapping-stalled). @default 'page' */
  readonly silentMapping?: 'page' | 'ignore';
}

const MISSING_DATA: Record<MissingData, cloudwatch.TreatMissingData> = {
  notBreaching: cloudwatch.TreatMissingData.NOT_BREACHING,
  breaching: cloudwatch.TreatMissingData.BREACHING,
};

export class ConsumerAlarms extends Construct {
  /** By rule key (see lib/alarms.ts). */
  readonly alarms = {} as Record<AlarmKey, cloudwatch.Alarm>;
  /** The rules the alarms were built from. */
  readonly rules: Record<AlarmKey, AlarmRule>;

  /**
   * @example
   * new ConsumerAlarms(stack, 'notificationAlarms', { consumer, topic, runbookUrl, namePrefix: 'msk-once-dev', offsetLag: 10000 });
   */
  constructor(scope: Construct, id: string, props: ConsumerAlarmsProps) {
    super(scope, id);
    const c = props.consumer;
    this.rules = alarmRules(props);
    const subject = {
      who: `${c.service}/${c.handlerName}`,
      service: c.service,
      topics: c.topics,
      dlqTopic: c.dlqTopic,
    };
    const period = Duration.seconds(ALARM_PERIOD_SECONDS);
    const metrics: Record<AlarmKey, cloudwatch.IMetric> = {
      dedupRatio: c.metricDedupRatio({ period }),
      dedupErrors: c.metricDedupErrors({ period }),
      dedupLatency: c.metricDedupCheckDuration({ statistic: 'p99', period }),
      effectErrors: c.metricEffectErrors({ period }),
      functionErrors: c.metricErrors({ statistic: 'Sum', period }),
      throttles: c.metricThrottles({ statistic: 'Sum', period }),
      offsetLag: c.metricMaxOffsetLag({ period }),
      mappingErrors: c.metricMappingErrors({ period }),
      mappingStalled: c.metricMappingStalled({ period }),
      dlqRecords: c.metricDlqRecords({ period }),
      recordsLost: c.metricRecordsLost({ period }),
    };
    const action = new actions.SnsAction(props.topic);
    for (const rule of Object.values(this.rules)) {
      const alarm = new cloudwatch.Alarm(this, rule.key, {
        alarmName: `${props.namePrefix}-${c.node.id}-${rule.section}`,
        alarmDescription: `${alarmMeaning(rule.key, rule, subject)} Runbook: ${runbookLink(props.runbookUrl, rule.section)}`,
        metric: metrics[rule.key],
        threshold: rule.threshold,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: rule.evaluationPeriods,
        datapointsToAlarm: rule.datapointsToAlarm,
        treatMissingData: MISSING_DATA[rule.missingData],
      });
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms[rule.key] = alarm;
    }
  }
}
