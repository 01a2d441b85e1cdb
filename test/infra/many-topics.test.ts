/**
 * A consumer of many topics: CloudWatch lets an alarm on metric math reference at most 10 metrics
 * (a hard limit), and the per-topic and per-mapping alarms use one or two metrics per topic. The
 * real CDK synth and cdk-nag at 6 and 12 topics: every alarm stays within the limit, each rule is
 * still one alarm by its name (a composite over groups where one alarm cannot hold them all), and
 * together the groups watch every topic and every mapping.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import nag from 'cdk-nag';
import { environment } from '../../infra/environments.ts';
import { ALARM_METRIC_LIMIT, alarmKeysOf, RUNBOOK_SECTIONS } from '../../lib/alarms.ts';
import { Metric } from '../../lib/contract.ts';
import { type Cfn, synth } from './support.ts';

const PREFIX = 'msk-once-dev-notification-';

function withTopics(n: number) {
  const dev = environment('dev');
  const topics = Array.from({ length: n }, (_, i) => `review-created-${i}`);
  return synth('dev', { ...dev, consumers: [{ ...dev.consumers[0]!, topics }] }, `dev-${n}-topics`);
}

/** What an alarm's metric math references: MetricStat entries, SEARCH and SELECT aside. */
const metricStats = (a: Cfn) => (a.Metrics ?? []).filter((m: Cfn) => m.MetricStat);

for (const n of [6, 12]) {
  describe(`a consumer of ${n} topics`, () => {
    test('synthesizes with cdk-nag finding nothing', () => {
      const { stack } = withTopics(n);
      const report = new nag.AwsSolutionsChecks().validateScope(stack);
      assert.deepEqual(
        report.violations.map((v) => v.ruleName),
        [],
      );
    });

    test(`no metric alarm references more than ${ALARM_METRIC_LIMIT} metrics`, () => {
      const alarms = Object.values(withTopics(n).template.findResources('AWS::CloudWatch::Alarm'));
      for (const a of alarms) {
        assert.ok(
          metricStats(a.Properties).length <= ALARM_METRIC_LIMIT,
          `${a.Properties.AlarmName}: ${metricStats(a.Properties).length} metrics`,
        );
      }
    });

    test('every rule is one alarm by its name, and its parts watch every topic and mapping', () => {
      const { template } = withTopics(n);
      const metricAlarms = Object.entries(template.findResources('AWS::CloudWatch::Alarm')).map(
        ([id, a]) => ({ id, ...a.Properties }),
      );
      const composites = Object.values(template.findResources('AWS::CloudWatch::CompositeAlarm')).map(
        (a) => a.Properties,
      );
      const mappings = Object.keys(template.findResources('AWS::Lambda::EventSourceMapping'));
      assert.equal(mappings.length, n, 'one mapping per topic');
      for (const section of alarmKeysOf({ poisonQueue: false }).map((k) => RUNBOOK_SECTIONS[k])) {
        const name = `${PREFIX}${section}`;
        const whole = metricAlarms.filter((a) => a.AlarmName === name);
        const composite = composites.filter((a) => a.AlarmName === name);
        assert.equal(whole.length + composite.length, 1, `${section}: one alarm named ${name}`);
        const parts = metricAlarms.filter((a) => a.AlarmName.startsWith(`${name}-part`));
        if (composite.length === 0) {
          assert.equal(parts.length, 0, section);
          continue;
        }
        // The composite pages; its parts are its rule, one OR'ed ALARM() each, and page nothing themselves.
        assert.ok(parts.length >= 2, `${section}: split in ${parts.length}`);
        const rule = JSON.stringify(composite[0].AlarmRule);
        for (const p of parts) {
          assert.ok(rule.includes(`"${p.id}"`), `${section}: the rule names ${p.AlarmName}`);
          assert.equal(p.AlarmActions, undefined, `${p.AlarmName} pages nothing itself`);
        }
        assert.equal((rule.match(/ALARM\(/g) ?? []).length, parts.length);
        assert.equal((rule.match(/ OR /g) ?? []).length, parts.length - 1);
        assert.ok(composite[0].AlarmActions?.length === 1 && composite[0].OKActions?.length === 1);
        assert.match(composite[0].AlarmDescription, new RegExp(`Runbook: \\S+#${section}$`));
        // Together the parts reference each topic's counters, or each mapping's metrics.
        const stats = parts.flatMap(metricStats);
        if (section === 'dedup-ratio') {
          const topics = (name: string) =>
            new Set(
              stats
                .filter((m: Cfn) => m.MetricStat.Metric.MetricName === name)
                .map((m: Cfn) => m.MetricStat.Metric.Dimensions.find((d: Cfn) => d.Name === 'Topic').Value),
            );
          assert.equal(topics(Metric.processed).size, n);
          assert.equal(topics(Metric.deduplicated).size, n);
        } else {
          const watched = new Set(
            stats.map((m: Cfn) => JSON.stringify(m.MetricStat.Metric.Dimensions[0].Value)),
          );
          assert.equal(watched.size, n, `${section}: every mapping`);
        }
      }
    });
  });
}
