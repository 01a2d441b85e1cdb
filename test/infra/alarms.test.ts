/**
 * Alarms per consumer, their math, thresholds and runbook links; the alarm topic; the dashboard.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { Match } from 'aws-cdk-lib/assertions';
import { environment } from '../../infra/environments.ts';
import { alarmKeysOf, alarmRules, POISON_ALARM_KEYS, RUNBOOK_SECTIONS } from '../../lib/alarms.ts';
import { DEFAULT_NAMESPACE, Dimension, Metric } from '../../lib/contract.ts';
import { type Cfn, ofConsumer, only, synth } from './support.ts';

const RUNBOOK = 'https://github.com/msk-once/msk-once/blob/main/docs/runbook.md';

function alarm(name: string): Cfn {
  return only(synth('dev').template, 'AWS::CloudWatch::Alarm', {
    Properties: { AlarmName: `msk-once-dev-notification-${name}` },
  }).resource.Properties;
}

const TOPIC_DIMS = [
  { Name: Dimension.handler, Value: 'on-review-created' },
  { Name: Dimension.topic, Value: 'review-created' },
  { Name: Dimension.service, Value: 'notification' },
];
/** `SUM(<metric>) over every Reason of the notification service`, as the alarms query it. */
const allReasons = (metric: string) =>
  `SELECT SUM(${metric}) FROM SCHEMA("${DEFAULT_NAMESPACE}", ${Dimension.reason}, ${Dimension.service}) WHERE ${Dimension.service} = 'notification'`;

describe('alarms of a consumer', () => {
  test('one alarm per runbook section, each describing itself and linking to its section', () => {
    const alarms = Object.values(synth('dev').template.findResources('AWS::CloudWatch::Alarm')).filter((a) =>
      a.Properties.AlarmName.startsWith('msk-once-dev-notification-'),
    );
    // A consumer without a poison queue has every alarm but the poison sink's.
    assert.equal(alarms.length, alarmKeysOf({ poisonQueue: false }).length);
    const runbook = readFileSync(new URL('../../docs/runbook.md', import.meta.url), 'utf8');
    for (const section of alarmKeysOf({ poisonQueue: false }).map((k) => RUNBOOK_SECTIONS[k])) {
      const a = alarm(section);
      assert.ok(a.AlarmDescription.endsWith(`Runbook: ${RUNBOOK}#${section}`), a.AlarmDescription);
      assert.ok(
        a.AlarmDescription.length > 120 && a.AlarmDescription.length <= 1024,
        `${section}: description says what it means`,
      );
      assert.ok(runbook.includes(`<a id="${section}"></a>`), `docs/runbook.md has the anchor ${section}`);
      assert.equal(a.ComparisonOperator, 'GreaterThanThreshold');
    }
  });

  test('each alarm is its rule: threshold, periods and a deliberate missing-data policy', () => {
    const rules = alarmRules(environment('dev').alarms);
    for (const rule of Object.values(rules).filter((r) => !POISON_ALARM_KEYS.includes(r.key))) {
      const a = alarm(rule.section);
      assert.deepEqual(
        [a.Threshold, a.EvaluationPeriods, a.DatapointsToAlarm, a.TreatMissingData],
        [rule.threshold, rule.evaluationPeriods, rule.datapointsToAlarm, rule.missingData],
        rule.section,
      );
      assert.ok(rule.missingDataWhy.length > 20, `${rule.section}: says why missing data means what it does`);
    }
    // Counters are emitted only when they count: silence is "nothing happened". So is a mapping
    // that reports nothing by default: AWS does not say its metrics are emitted while it is idle.
    assert.equal(alarm('mapping-stalled').TreatMissingData, 'notBreaching');
    assert.equal(alarm('dlq-records').TreatMissingData, 'notBreaching');
  });

  test('the alarms that must page on the first record: threshold 0, one period, one datapoint', () => {
    // Written out, not read from the rules: a rule that drifts to 1 would otherwise pass both sides.
    for (const name of ['dlq-records', 'records-lost', 'dedup-errors', 'effect-errors']) {
      const a = alarm(name);
      assert.deepEqual(
        [a.Threshold, a.ComparisonOperator, a.EvaluationPeriods, a.DatapointsToAlarm, a.TreatMissingData],
        [0, 'GreaterThanThreshold', 1, 1, 'notBreaching'],
        name,
      );
    }
  });

  test('an environment with steady traffic may choose to page on a silent mapping', () => {
    const config = environment('dev');
    const paging = { ...config, alarms: { ...config.alarms, silentMapping: 'page' as const } };
    const stalled = only(synth('dev', paging, 'dev-paging').template, 'AWS::CloudWatch::Alarm', {
      Properties: { AlarmName: 'msk-once-dev-notification-mapping-stalled' },
    }).resource.Properties;
    assert.equal(stalled.TreatMissingData, 'breaching');
  });

  test('dedup ratio: metric math deduplicated / processed above 0.1 for 10 minutes', () => {
    const a = alarm('dedup-ratio');
    assert.equal(a.Threshold, 0.1);
    assert.equal(a.EvaluationPeriods, 2);
    assert.equal(a.DatapointsToAlarm, 2);
    const [expr, ...metrics] = a.Metrics;
    assert.equal(
      expr.Expression,
      'IF((FILL(processed0, 0)) > 0, (FILL(dedup0, 0)) / (FILL(processed0, 0)), 0)',
    );
    assert.equal(expr.ReturnData, true);
    const byId = Object.fromEntries(metrics.map((m: Cfn) => [m.Id, m]));
    for (const [id, name] of [
      ['dedup0', Metric.deduplicated],
      ['processed0', Metric.processed],
    ] as const) {
      assert.deepEqual(byId[id].MetricStat, {
        Metric: { Namespace: DEFAULT_NAMESPACE, MetricName: name, Dimensions: TOPIC_DIMS },
        Period: 300,
        Stat: 'Sum',
      });
      assert.equal(byId[id].ReturnData, false);
    }
  });

  test('dedup store errors > 0 over every Reason (Metrics Insights)', () => {
    const a = alarm('dedup-errors');
    assert.equal(a.Threshold, 0);
    assert.equal(a.Metrics.length, 1);
    assert.equal(a.Metrics[0].Expression, allReasons(Metric.dedupErrors));
    assert.equal(a.Metrics[0].Period, 300);
  });

  test('effect store errors > 0 over every Reason (the effect layer is fail-closed)', () => {
    const a = alarm('effect-errors');
    assert.equal(a.Threshold, 0);
    assert.equal(a.Metrics[0].Expression, allReasons(Metric.effectErrors));
    assert.match(a.AlarmDescription, /runbook\.md#effect-errors/);
  });

  test('p99 of the dedup check duration above 50 ms', () => {
    const a = alarm('dedup-check-latency');
    assert.equal(a.MetricName, Metric.dedupCheckDuration);
    assert.equal(a.Namespace, DEFAULT_NAMESPACE);
    assert.deepEqual(a.Dimensions, [{ Name: Dimension.service, Value: 'notification' }]);
    assert.equal(a.ExtendedStatistic, 'p99');
    assert.equal(a.Threshold, 50);
  });

  test('function errors and throttles', () => {
    const fn = { Ref: ofConsumer(synth('dev').template, 'AWS::Lambda::Function', 'notification').id };
    for (const [name, metric] of [
      ['function-errors', 'Errors'],
      ['function-throttles', 'Throttles'],
    ]) {
      const a = alarm(name!);
      assert.deepEqual(
        [a.Namespace, a.MetricName, a.Statistic, a.Threshold],
        ['AWS/Lambda', metric, 'Sum', 0],
      );
      assert.deepEqual(a.Dimensions, [{ Name: 'FunctionName', Value: fn }]);
    }
  });

  test('offset lag: MaxOffsetLag of each mapping (the most lagging partition), above 10000 for 15 minutes', () => {
    const esm = {
      Ref: ofConsumer(synth('dev').template, 'AWS::Lambda::EventSourceMapping', 'notification').id,
    };
    const lag = alarm('offset-lag');
    assert.deepEqual([lag.Threshold, lag.EvaluationPeriods, lag.DatapointsToAlarm], [10000, 3, 3]);
    assert.equal(lag.Metrics[0].Expression, 'MAX([lag0])');
    assert.deepEqual(lag.Metrics[1].MetricStat, {
      Metric: {
        Namespace: 'AWS/Lambda',
        MetricName: 'MaxOffsetLag',
        Dimensions: [{ Name: 'EventSourceMappingUUID', Value: esm }],
      },
      Period: 300,
      Stat: 'Maximum',
    });
  });

  test('mapping errors: PollingErrorCount + CommitErrorCount of each mapping, in 3 periods of 3', () => {
    const esm = {
      Ref: ofConsumer(synth('dev').template, 'AWS::Lambda::EventSourceMapping', 'notification').id,
    };
    const a = alarm('mapping-errors');
    assert.equal(a.Metrics[0].Expression, 'FILL(polling0, 0) + FILL(commit0, 0)');
    assert.deepEqual(
      a.Metrics.slice(1).map((m: Cfn) => [m.MetricStat.Metric.MetricName, m.MetricStat.Metric.Dimensions]),
      [
        ['PollingErrorCount', [{ Name: 'EventSourceMappingUUID', Value: esm }]],
        ['CommitErrorCount', [{ Name: 'EventSourceMappingUUID', Value: esm }]],
      ],
    );
    assert.deepEqual([a.Threshold, a.EvaluationPeriods, a.DatapointsToAlarm], [0, 3, 3]);
  });

  test('mapping stalled: lag waiting and nothing invoked, per mapping; silence does not page by default', () => {
    const a = alarm('mapping-stalled');
    const byId = Object.fromEntries(a.Metrics.map((m: Cfn) => [m.Id, m]));
    const top = a.Metrics.find((m: Cfn) => m.ReturnData !== false);
    assert.equal(top.Expression, 'MAX([stalled0])');
    assert.equal(byId.stalled0.Expression, 'IF(FILL(lag0, 0) > 0 AND FILL(invoked0, 0) == 0, 1, 0)');
    assert.equal(byId.lag0.MetricStat.Metric.MetricName, 'MaxOffsetLag');
    assert.equal(byId.lag0.MetricStat.Stat, 'Maximum');
    assert.equal(byId.invoked0.MetricStat.Metric.MetricName, 'InvokedEventCount');
    assert.equal(byId.invoked0.MetricStat.Stat, 'Sum');
    assert.equal(
      a.Metrics.filter((m: Cfn) => m.ReturnData !== false).length,
      1,
      'one expression returns data',
    );
    assert.deepEqual([a.Threshold, a.EvaluationPeriods, a.TreatMissingData], [0, 3, 'notBreaching']);
  });

  test('records to the DLQ and records lost: event source mapping metrics of each mapping', () => {
    const esm = {
      Ref: ofConsumer(synth('dev').template, 'AWS::Lambda::EventSourceMapping', 'notification').id,
    };
    const dlq = alarm('dlq-records');
    assert.equal(dlq.Metrics[0].Expression, 'FILL(dlq0, 0)');
    assert.deepEqual(dlq.Metrics[1].MetricStat.Metric, {
      Namespace: 'AWS/Lambda',
      MetricName: 'OnFailureDestinationDeliveredEventCount',
      Dimensions: [{ Name: 'EventSourceMappingUUID', Value: esm }],
    });
    const lost = alarm('records-lost');
    // DroppedEventCount holds the records whose DLQ write failed: adding
    // OnFailureDestinationDeliveryErrorCount would count each of them twice.
    assert.equal(lost.Metrics[0].Expression, 'FILL(dropped0, 0)');
    assert.deepEqual(
      lost.Metrics.slice(1).map((m: Cfn) => m.MetricStat.Metric.MetricName),
      ['DroppedEventCount'],
    );
  });

  test('every alarm notifies the environment topic when it fires and when it clears', () => {
    const { template } = synth('dev');
    const topic = { Ref: only(template, 'AWS::SNS::Topic').id };
    for (const a of Object.values(template.findResources('AWS::CloudWatch::Alarm'))) {
      assert.deepEqual(a.Properties.AlarmActions, [topic]);
      assert.deepEqual(a.Properties.OKActions, [topic]);
    }
  });
});

describe('runbook', () => {
  test('each alarm section says what it means, why, the first three things to look at, and how to recover', () => {
    const runbook = readFileSync(new URL('../../docs/runbook.md', import.meta.url), 'utf8');
    const sections = runbook.split('<a id="').slice(1);
    for (const anchor of Object.values(RUNBOOK_SECTIONS)) {
      const text = sections.find((s) => s.startsWith(`${anchor}"`));
      assert.ok(text, `section ${anchor}`);
      for (const part of [
        '**Meaning.**',
        '**Missing data**',
        '**Likely causes',
        '**First three things to look at.**',
        '**Recover.**',
      ]) {
        assert.ok(text.includes(part), `${anchor}: ${part}`);
      }
      const look = text.slice(text.indexOf('**First three things'), text.indexOf('**Recover.**'));
      assert.match(look, /\n1\. Metric/, `${anchor}: a metric first`);
      assert.match(
        look,
        /\n2\. Logs Insights[\s\S]*```\n\s*(fields|filter)/,
        `${anchor}: a Logs Insights query`,
      );
      assert.match(look, /\n3\. Command[\s\S]*```sh\n/, `${anchor}: a command`);
    }
    assert.ok(
      runbook.includes('<a id="replay-dlq"></a>') &&
        runbook.includes('npx msk-once dlq ') &&
        runbook.includes('npx msk-once replay '),
      'replay from the DLQ, with the dlq reader and the replay writer',
    );
  });
});

describe('alarm topic', () => {
  test('created: KMS-encrypted with a key CloudWatch may use, TLS only, e-mail subscribed', () => {
    const { template } = synth('dev');
    const key = only(template, 'AWS::KMS::Key');
    assert.equal(key.resource.Properties.EnableKeyRotation, true);
    template.hasResourceProperties('AWS::KMS::Key', {
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: { 'Fn::GetAtt': [key.id, 'Arn'] } });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'msk-once-dev@example.com',
    });
  });

  test('prod: a topic of its own, so that its policies are in the template (alarm-delivery.test.ts walks them)', () => {
    const { template } = synth('prod');
    const topic = only(template, 'AWS::SNS::Topic');
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'msk-once-oncall@example.com',
    });
    for (const a of Object.values(template.findResources('AWS::CloudWatch::Alarm'))) {
      assert.deepEqual(a.Properties.AlarmActions, [{ Ref: topic.id }]);
    }
  });
});

describe('dashboard', () => {
  test('processed by result, dedup ratio, latency p50/p99, Redis errors by reason, offset lag, DLQ', () => {
    const { template } = synth('dev');
    const d = only(template, 'AWS::CloudWatch::Dashboard').resource.Properties;
    assert.equal(d.DashboardName, 'msk-once-dev');
    const body = JSON.stringify(d.DashboardBody);
    for (const needle of [
      'processed by result',
      Metric.succeeded,
      Metric.failed,
      Metric.deduplicated,
      'dedup ratio',
      Metric.dedupCheckDuration,
      '\\"stat\\":\\"p50\\"',
      '\\"stat\\":\\"p99\\"',
      'Redis errors by reason',
      'SEARCH(',
      Metric.dedupErrors,
      'OffsetLag',
      'MaxOffsetLag',
      'PollingErrorCount',
      'InvokedEventCount',
      'OnFailureDestinationDeliveredEventCount',
    ]) {
      assert.ok(body.includes(needle), `dashboard has ${needle}`);
    }
  });
});
