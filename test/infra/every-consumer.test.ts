/**
 * What every declared consumer gets, whatever the environments declare: its function with the
 * contract's variables, a mapping per topic with retries, bisect, partial failures and the DLQ, its
 * log group and every alarm of the runbook. Checked for the shipped environments and for one with a
 * second consumer (order-paid, with its own handler) declared beside the shipped one.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ConsumerConfig, EnvironmentConfig } from '../../infra/cdk/environment-types.ts';
import { ENVIRONMENT_NAMES, environment } from '../../infra/environments.ts';
import { alarmKeysOf, consumerResourceNames, RUNBOOK_SECTIONS } from '../../lib/alarms.ts';
import { EnvVar } from '../../lib/contract.ts';
import { type Cfn, ofConsumer, synth, withOrderPaid } from './support.ts';

/** Assert what `consumer` of `config` must have in `template`. */
function assertDeployed(
  template: Synthesized['template'],
  config: EnvironmentConfig,
  c: ConsumerConfig,
): void {
  const names = consumerResourceNames(config.namePrefix, c.name);
  const fn = ofConsumer(template, 'AWS::Lambda::Function', c.name);
  const p = fn.resource.Properties;
  assert.equal(p.FunctionName, names.functionName);
  const env = p.Environment.Variables;
  assert.equal(env[EnvVar.serviceName], c.service, `${c.name}: service`);
  assert.equal(env[EnvVar.deployedServiceName], c.service, `${c.name}: service passed to the function`);
  assert.equal(env[EnvVar.handlerName], c.handlerName, `${c.name}: handler name passed to the function`);
  assert.equal(env[EnvVar.window], String(c.window), `${c.name}: window`);
  assert.equal(env[EnvVar.storePolicy], c.storePolicy, `${c.name}: store policy`);
  assert.ok(env[EnvVar.redisUrl], `${c.name}: the dedup store`);
  assert.equal(EnvVar.idempotencyTable in env, c.usesIdempotencyTable, `${c.name}: idempotency table`);
  for (const [k, v] of Object.entries(c.environment ?? {})) assert.equal(env[k], v, `${c.name}: ${k}`);

  const logs = ofConsumer(template, 'AWS::Logs::LogGroup', c.name);
  assert.equal(logs.resource.Properties.LogGroupName, names.logGroupName);
  assert.deepEqual(p.LoggingConfig.LogGroup, { Ref: logs.id });

  const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter(
    (m: Cfn) => m.Properties.FunctionName.Ref === fn.id,
  );
  assert.deepEqual(
    mappings.map((m: Cfn) => m.Properties.Topics[0]).sort(),
    [...c.topics].sort(),
    `${c.name}: a mapping per topic`,
  );
  for (const m of mappings as Cfn[]) {
    const mp = m.Properties;
    const group = c.topics.length === 1 ? c.consumerGroupId : `${c.consumerGroupId}.${mp.Topics[0]}`;
    assert.equal(mp.AmazonManagedKafkaEventSourceConfig.ConsumerGroupId, group);
    assert.equal(mp.BatchSize, c.batchSize);
    assert.equal(mp.MaximumRetryAttempts, c.retryAttempts);
    assert.equal(mp.BisectBatchOnFunctionError, true);
    assert.deepEqual(mp.FunctionResponseTypes, ['ReportBatchItemFailures']);
    assert.deepEqual(mp.DestinationConfig, { OnFailure: { Destination: `kafka://${config.dlqTopic}` } });
    assert.equal(mp.ProvisionedPollerConfig.MinimumPollers, c.pollers.minimum);
  }

  const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).filter((a: Cfn) =>
    a.Properties.AlarmName.startsWith(names.alarmPrefix),
  );
  const sections = alarms.map((a: Cfn) => a.Properties.AlarmDescription.split('#').pop()).sort();
  const expected = alarmKeysOf({ poisonQueue: c.poisonQueue ?? false }).map((k) => RUNBOOK_SECTIONS[k]);
  assert.deepEqual(sections, expected.sort(), `${c.name}: every runbook alarm`);
}

type Synthesized = ReturnType<typeof synth>;

describe('every declared consumer', () => {
  for (const name of ENVIRONMENT_NAMES) {
    test(`${name}: each consumer has its function, mappings, DLQ, log group, alarms and variables`, () => {
      const config = environment(name);
      assert.ok(config.consumers.length > 0);
      const { template } = synth(name);
      for (const c of config.consumers) assertDeployed(template, config, c);
    });
  }

  test('a second consumer declared beside the shipped ones gets the same, and theirs stay as they were', () => {
    for (const name of ['dev', 'prod'] as const) {
      const config = withOrderPaid(name);
      const { template } = synth(name, config, `${name}-order-paid`);
      assert.equal(config.consumers.length, environment(name).consumers.length + 1);
      for (const c of config.consumers) assertDeployed(template, config, c);
      const orderPaid = config.consumers.find((c) => c.name === 'order-paid')!;
      assert.equal(orderPaid.entry, 'test/infra/fixtures/order-paid.ts');
      assert.equal(orderPaid.service, 'order-paid');
      assert.equal(orderPaid.consumerGroupId, 'order-paid.on-order-paid');
      assert.equal(orderPaid.batchSize, name === 'prod' ? 500 : 100, 'its per-environment setting');
    }
  });
});
