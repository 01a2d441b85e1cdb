/**
 * What on-call needs of each synthesized environment, beyond the alarm delivery chain
 * (alarm-delivery.test.ts): tracing (X-Ray active, the spans' switch, the X-Ray statement), the
 * mappings' system logs (WARN by default, through an override: aws-cdk-lib has no prop), the poison
 * queue's alarms and its retention following the environment's, the alarms for the schema registry,
 * still-held claims and marks past the compact encoding, and the dashboard's rows. Real synth of
 * every environment, with and without a poison queue.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { EnvironmentConfig } from '../../infra/cdk/environment-types.ts';
import { ENVIRONMENT_NAMES, environment } from '../../infra/environments.ts';
import { POISON_ALARM_KEYS, RUNBOOK_SECTIONS } from '../../lib/alarms.ts';
import { EnvVar, Metric } from '../../lib/contract.ts';
import { type Cfn, ofConsumer, only, synth } from './support.ts';

type Name = (typeof ENVIRONMENT_NAMES)[number];

/** The environment with every consumer parking its poison records in a queue. */
function withPoison(name: Name): ReturnType<typeof synth> {
  const config = environment(name);
  const poisoned: EnvironmentConfig = {
    ...config,
    consumers: config.consumers.map((c) => ({ ...c, poisonQueue: true })),
  };
  return synth(name, poisoned, `${name}-poison`);
}

const alarmsNamed = (template: Cfn, suffix: string): Cfn[] =>
  Object.values(template.findResources('AWS::CloudWatch::Alarm') as Record<string, Cfn>).filter((a) =>
    a.Properties.AlarmName.endsWith(suffix),
  );

describe('tracing and mapping logs, per environment', () => {
  for (const name of ENVIRONMENT_NAMES) {
    test(`${name}: X-Ray active, the spans switched on, the role may write traces; mappings log at WARN`, () => {
      const { template } = synth(name);
      const fn = ofConsumer(template, 'AWS::Lambda::Function', 'notification').resource.Properties;
      assert.deepEqual(fn.TracingConfig, { Mode: 'Active' });
      assert.equal(fn.Environment.Variables[EnvVar.traceEnabled], 'true');
      const statements = ofConsumer(template, 'AWS::IAM::Policy', 'notification').resource.Properties
        .PolicyDocument.Statement;
      const xray = statements.find((s: Cfn) => s.Sid === 'XRayTraces');
      assert.deepEqual([...xray.Action].sort(), ['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
      const mappings = Object.values(
        template.findResources('AWS::Lambda::EventSourceMapping') as Record<string, Cfn>,
      );
      assert.ok(mappings.length > 0);
      for (const m of mappings) assert.deepEqual(m.Properties.LoggingConfig, { SystemLogLevel: 'WARN' });
    });
  }

  test('tracing off and mapping logs at DEBUG or none, by the consumer config', () => {
    const config = environment('dev');
    const off: EnvironmentConfig = {
      ...config,
      consumers: config.consumers.map((c) => ({
        ...c,
        tracing: false,
        mappingSystemLogLevel: 'DEBUG' as const,
      })),
    };
    const { template } = synth('dev', off, 'dev-untraced');
    const fn = ofConsumer(template, 'AWS::Lambda::Function', 'notification').resource.Properties;
    assert.equal(fn.TracingConfig, undefined);
    assert.equal(fn.Environment.Variables[EnvVar.traceEnabled], 'false');
    const statements = ofConsumer(template, 'AWS::IAM::Policy', 'notification').resource.Properties
      .PolicyDocument.Statement;
    assert.equal(
      statements.find((s: Cfn) => s.Sid === 'XRayTraces'),
      undefined,
    );
    for (const m of Object.values(
      template.findResources('AWS::Lambda::EventSourceMapping') as Record<string, Cfn>,
    ))
      assert.deepEqual(m.Properties.LoggingConfig, { SystemLogLevel: 'DEBUG' });
    const none: EnvironmentConfig = {
      ...config,
      consumers: config.consumers.map((c) => ({ ...c, mappingSystemLogLevel: 'none' as const })),
    };
    for (const m of Object.values(
      synth('dev', none, 'dev-no-mapping-logs').template.findResources(
        'AWS::Lambda::EventSourceMapping',
      ) as Record<string, Cfn>,
    ))
      assert.equal(m.Properties.LoggingConfig, undefined);
  });
});

describe('the poison queue, per environment', () => {
  for (const name of ENVIRONMENT_NAMES) {
    test(`${name}: alarms on its depth, its oldest record and PoisonSinkErrors; kept as the environment keeps data`, () => {
      const { template } = withPoison(name);
      const queue = ofConsumer(template, 'AWS::SQS::Queue', 'notification');
      const kept = environment(name).retainData;
      assert.equal(queue.resource.DeletionPolicy, kept ? 'Retain' : 'Delete', 'retention follows retainData');
      const queueName = { 'Fn::GetAtt': [queue.id, 'QueueName'] };
      const depth = alarmsNamed(template, `-${RUNBOOK_SECTIONS.poisonQueueDepth}`);
      assert.equal(depth.length, 1);
      assert.equal(depth[0].Properties.MetricName, 'ApproximateNumberOfMessagesVisible');
      assert.deepEqual(depth[0].Properties.Dimensions, [{ Name: 'QueueName', Value: queueName }]);
      assert.equal(depth[0].Properties.Threshold, 0);
      const age = alarmsNamed(template, `-${RUNBOOK_SECTIONS.poisonQueueAge}`);
      assert.equal(age.length, 1);
      assert.equal(age[0].Properties.MetricName, 'ApproximateAgeOfOldestMessage');
      assert.deepEqual(age[0].Properties.Dimensions, [{ Name: 'QueueName', Value: queueName }]);
      assert.ok(age[0].Properties.Threshold < 14 * 24 * 3600, 'pages before SQS deletes the record');
      const sink = alarmsNamed(template, `-${RUNBOOK_SECTIONS.poisonSinkErrors}`);
      assert.equal(sink.length, 1);
      assert.equal(sink[0].Properties.MetricName, Metric.poisonSinkErrors);
      for (const a of [...depth, ...age, ...sink]) {
        assert.equal(a.Properties.AlarmActions.length, 1, 'it pages');
        assert.match(a.Properties.AlarmDescription, /Runbook: .*#poison-/);
      }
    });
  }

  test('without a poison queue, none of its alarms', () => {
    const { template } = synth('dev');
    template.resourceCountIs('AWS::SQS::Queue', 0);
    for (const key of POISON_ALARM_KEYS)
      assert.deepEqual(alarmsNamed(template, `-${RUNBOOK_SECTIONS[key]}`), []);
  });
});

describe('schema registry and held claims', () => {
  test('SchemaRegistryErrors (any reason) and HeldClaimWaits still-held page', () => {
    const { template } = synth('dev');
    const registry = alarmsNamed(template, `-${RUNBOOK_SECTIONS.schemaRegistryErrors}`);
    assert.equal(registry.length, 1);
    assert.match(
      registry[0].Properties.Metrics[0].Expression,
      new RegExp(`SUM\\(${Metric.schemaRegistryErrors}\\)`),
    );
    const held = alarmsNamed(template, `-${RUNBOOK_SECTIONS.heldClaimsStillHeld}`);
    assert.equal(held.length, 1);
    assert.equal(held[0].Properties.MetricName, Metric.heldClaimWaits);
    assert.deepEqual(
      held[0].Properties.Dimensions.find((d: Cfn) => d.Name === 'Reason'),
      { Name: 'Reason', Value: 'still-held' },
    );
    assert.deepEqual([held[0].Properties.EvaluationPeriods, held[0].Properties.DatapointsToAlarm], [3, 2]);
  });
});

describe('DONE marks past the compact encoding', () => {
  test("a capacity alarm of its own on the handler's DedupMarksNotCompact, not the store-failed one", () => {
    const { template } = synth('dev');
    const notCompact = alarmsNamed(template, `-${RUNBOOK_SECTIONS.marksNotCompact}`);
    assert.equal(notCompact.length, 1);
    const a = notCompact[0].Properties;
    assert.equal(a.MetricName, Metric.marksNotCompact);
    assert.equal(a.Statistic, 'Sum');
    assert.deepEqual(
      [...a.Dimensions].sort((x: Cfn, y: Cfn) => x.Name.localeCompare(y.Name)),
      [
        { Name: 'Handler', Value: 'on-review-created' },
        { Name: 'service', Value: 'notification' },
      ],
    );
    assert.deepEqual(
      [a.Threshold, a.EvaluationPeriods, a.DatapointsToAlarm, a.TreatMissingData],
      [0, 3, 3, 'notBreaching'],
    );
    assert.match(a.AlarmDescription, /capacity warning, not an outage/);
    assert.match(a.AlarmDescription, /eventsPerSecond/);
    assert.match(a.AlarmDescription, /Runbook: .*#marks-not-compact$/);
    // The store-failed alarm does not count it.
    const storeFailed = alarmsNamed(template, `-${RUNBOOK_SECTIONS.dedupErrors}`);
    assert.doesNotMatch(JSON.stringify(storeFailed), new RegExp(Metric.marksNotCompact));
  });
});

describe('dashboard', () => {
  test('the cache row by kind, Lambda duration and concurrency, poison sink, effect layer, registry, held claims, marks past the compact encoding', () => {
    const body = (name: Name, s = synth(name)) =>
      JSON.stringify(only(s.template, 'AWS::CloudWatch::Dashboard').resource.Properties.DashboardBody);
    const serverless = body('dev');
    for (const needle of ['BytesUsedForCache', 'ElastiCacheProcessingUnits', 'Evictions', 'ThrottledCmds'])
      assert.ok(serverless.includes(needle), `dev (serverless): ${needle}`);
    const nodes = body('staging');
    for (const needle of ['DatabaseMemoryUsagePercentage', 'EngineCPUUtilization', 'Evictions'])
      assert.ok(nodes.includes(needle), `staging (replication group): ${needle}`);
    for (const needle of [
      '"Duration"',
      'ConcurrentExecutions',
      Metric.parked,
      Metric.poisonSinkErrors,
      Metric.effectErrors,
      Metric.schemaRegistryErrors,
      Metric.heldClaimWaits,
      Metric.marksNotCompact,
    ])
      assert.ok(serverless.includes(needle.replaceAll('"', '\\"')), `dev: ${needle}`);
    const poisoned = body('dev', withPoison('dev'));
    assert.ok(
      poisoned.includes('ApproximateAgeOfOldestMessage') &&
        poisoned.includes('ApproximateNumberOfMessagesVisible'),
    );
  });
});
