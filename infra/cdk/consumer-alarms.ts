/**
 * ConsumerAlarms: the alarms of one KafkaConsumer, built from the rules of lib/alarms.ts
 * (threshold, periods, missing-data policy), each with a description that says what it means and
 * links to its runbook section, all acting on one SNS topic.
 *
 * One alarm per rule, named `<prefix>-<consumer>-<section>`, whatever the number of topics. A rule
 * whose metric math would reference more than CloudWatch's 10 metrics (`ALARM_METRIC_LIMIT`: a
 * consumer of more than five topics for the two-metrics-per-topic rules) is cut into part alarms
 * (`<name>-part<k>`, one group of topics or mappings each, same rule, no actions) and the alarm of
 * that name is a composite: ALARM when any part is. Counters and maxima mean exactly the same per
 * period (a sum is above 0, a maximum above the threshold, when one group's is); an M-of-N rule
 * counts the periods of each group apart. The dedup ratio is judged per group of topics: the
 * consumer-wide ratio is a weighted mean of the groups', so a group is above the threshold whenever
 * the whole is (the composite fires at least as often), and also when one group alone repeats.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import {
  ALARM_PERIOD_SECONDS,
  ALARM_SPREAD,
  type AlarmKey,
  type AlarmRule,
  alarmGroups,
  alarmKeysOf,
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
  /** Alarm name prefix, e.g. `shop-dev`. */
  readonly namePrefix: string;
  /** @default ALARM_DEFAULTS.dedupRatio of the contract (0.1) */
  readonly dedupRatio?: number;
  /** @default ALARM_DEFAULTS.dedupCheckP99Ms of the contract (50) */
  readonly checkP99Ms?: number;
  /** MaxOffsetLag (records behind on one partition of a mapping) that pages. */
  readonly offsetLag: number;
  /** Whether a mapping that reports no metrics at all pages (mapping-stalled). @default 'ignore' */
  readonly silentMapping?: 'page' | 'ignore';
  /** Age (s) of the oldest parked record that pages (with a poison queue). @default DEFAULT_POISON_AGE_SECONDS of msk-once/alarms (4 days) */
  readonly poisonAgeSeconds?: number;
}

const MISSING_DATA: Record<MissingData, cloudwatch.TreatMissingData> = {
  notBreaching: cloudwatch.TreatMissingData.NOT_BREACHING,
  breaching: cloudwatch.TreatMissingData.BREACHING,
};

/** One alarm's worth of a rule: its metric and, for a part, what it watches. */
interface RulePart {
  readonly metric: cloudwatch.IMetric;
  readonly watches?: string;
}

export class ConsumerAlarms extends Construct {
  /**
   * By rule key (see lib/alarms.ts): a metric alarm, or the composite over its parts. The poison
   * sink's (POISON_ALARM_KEYS) only when the consumer has a poison queue.
   */
  readonly alarms = {} as Partial<Record<AlarmKey, cloudwatch.AlarmBase>>;
  /** The part alarms of the rules that were split (none for a consumer of five topics or fewer). */
  readonly parts: { [K in AlarmKey]?: cloudwatch.Alarm[] } = {};
  /** The rules the alarms were built from. */
  readonly rules: Record<AlarmKey, AlarmRule>;

  /**
   * @example
   * new ConsumerAlarms(stack, 'notificationAlarms', { consumer, topic, runbookUrl, namePrefix: 'shop-dev', offsetLag: 10000 });
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
    const whole: Record<AlarmKey, () => cloudwatch.IMetric> = {
      dedupRatio: () => c.metricDedupRatio({ period }),
      dedupErrors: () => c.metricDedupErrors({ period }),
      dedupLatency: () => c.metricDedupCheckDuration({ statistic: 'p99', period }),
      effectErrors: () => c.metricEffectErrors({ period }),
      functionErrors: () => c.metricErrors({ statistic: 'Sum', period }),
      throttles: () => c.metricThrottles({ statistic: 'Sum', period }),
      offsetLag: () => c.metricMaxOffsetLag({ period }),
      mappingErrors: () => c.metricMappingErrors({ period }),
      mappingStalled: () => c.metricMappingStalled({ period }),
      dlqRecords: () => c.metricDlqRecords({ period }),
      recordsLost: () => c.metricRecordsLost({ period }),
      schemaRegistryErrors: () => c.metricSchemaRegistryErrors({ period }),
      heldClaimsStillHeld: () => c.metricHeldClaimWaits('still-held', { period }),
      marksNotCompact: () => c.metricMarksNotCompact({ period }),
      poisonSinkErrors: () => c.metricPoisonSinkErrors({ period }),
      poisonQueueDepth: () => c.metricPoisonQueueDepth({ period }),
      poisonQueueAge: () => c.metricPoisonQueueAge({ period }),
    };
    const ofMappings: Partial<Record<AlarmKey, (mappings: number[]) => cloudwatch.IMetric>> = {
      offsetLag: (mappings) => c.metricMaxOffsetLag({ period, mappings }),
      mappingErrors: (mappings) => c.metricMappingErrors({ period, mappings }),
      mappingStalled: (mappings) => c.metricMappingStalled({ period, mappings }),
      dlqRecords: (mappings) => c.metricDlqRecords({ period, mappings }),
      recordsLost: (mappings) => c.metricRecordsLost({ period, mappings }),
    };
    const partsOf = (key: AlarmKey): RulePart[] => {
      const spread = ALARM_SPREAD[key];
      if (!spread) return [{ metric: whole[key]() }];
      if (spread.over === 'topic') {
        const groups = alarmGroups(c.topics, spread.metricsEach);
        if (groups.length === 1) return [{ metric: whole[key]() }];
        return groups.map((topics) => ({
          metric: c.metricDedupRatio({ period, topics }),
          watches: `topics ${topics.join(', ')}`,
        }));
      }
      const groups = alarmGroups(
        c.eventSourceMappingIds.map((_, i) => i),
        spread.metricsEach,
      );
      if (groups.length === 1) return [{ metric: whole[key]() }];
      return groups.map((mappings) => ({
        metric: ofMappings[key]!(mappings),
        watches: `the mappings of topics ${mappings.map((i) => c.topics[i]).join(', ')}`,
      }));
    };
    const action = new actions.SnsAction(props.topic);
    for (const key of alarmKeysOf({ poisonQueue: c.poisonQueue !== undefined })) {
      const rule = this.rules[key];
      const alarmName = `${props.namePrefix}-${c.node.id}-${rule.section}`;
      const alarmDescription = `${alarmMeaning(rule.key, rule, subject)} Runbook: ${runbookLink(props.runbookUrl, rule.section)}`;
      const metricAlarm = (scopeId: string, name: string, description: string, metric: cloudwatch.IMetric) =>
        new cloudwatch.Alarm(this, scopeId, {
          alarmName: name,
          alarmDescription: description,
          metric,
          threshold: rule.threshold,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: rule.evaluationPeriods,
          datapointsToAlarm: rule.datapointsToAlarm,
          treatMissingData: MISSING_DATA[rule.missingData],
        });
      const parts = partsOf(rule.key);
      let alarm: cloudwatch.AlarmBase;
      if (parts.length === 1) {
        alarm = metricAlarm(rule.key, alarmName, alarmDescription, parts[0]!.metric);
      } else {
        // Parts page nothing themselves: the composite of the rule's name does, once.
        const partAlarms = parts.map((part, k) =>
          metricAlarm(
            `${rule.key}Part${k + 1}`,
            `${alarmName}-part${k + 1}`,
            `Part ${k + 1} of ${parts.length} of ${alarmName} (${part.watches}); the composite ${alarmName} pages. Runbook: ${runbookLink(props.runbookUrl, rule.section)}`,
            part.metric,
          ),
        );
        this.parts[rule.key] = partAlarms;
        alarm = new cloudwatch.CompositeAlarm(this, rule.key, {
          compositeAlarmName: alarmName,
          alarmDescription,
          alarmRule: cloudwatch.AlarmRule.anyOf(
            ...partAlarms.map((p) => cloudwatch.AlarmRule.fromAlarm(p, cloudwatch.AlarmState.ALARM)),
          ),
        });
      }
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms[rule.key] = alarm;
    }
  }
}
