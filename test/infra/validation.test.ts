/**
 * KafkaConsumer rejects settings AWS would reject late (or accept and lose records with), naming the
 * property. Each case changes one property of a consumer that builds.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Duration, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { DedupCache } from '../../infra/cdk/dedup-cache.ts';
import { ConstructConfigError } from '../../infra/cdk/errors.ts';
import { KafkaConsumer, type KafkaConsumerProps } from '../../infra/cdk/kafka-consumer.ts';
import { InvalidClusterArnError } from '../../infra/cdk/msk-arns.ts';
import { DEDUP_ENV_VARS, EnvVar } from '../../lib/contract.ts';
import { dedupConfigFromEnv } from '../../lib/index.ts';
import { bareStack, FIXTURE_ENTRY } from './support.ts';

const CLUSTER = 'arn:aws:kafka:eu-west-1:111111111111:cluster/c/0a1b2c3d-1111-2222-3333-444455556666-1';

function scope(): { stack: Stack; base: KafkaConsumerProps } {
  const { stack, vpc } = bareStack('T');
  const cache = new DedupCache(stack, 'Cache', {
    vpc,
    name: 't',
    config: { kind: 'serverless' },
  });
  const base: KafkaConsumerProps = {
    entry: FIXTURE_ENTRY,
    service: 'fixture',
    handlerName: 'fixture',
    clusterArn: CLUSTER,
    topics: ['orders'],
    consumerGroupId: 'fixture',
    dlqTopic: 'orders-dlq',
    vpc,
    dedupStore: cache.storeFor('fixture'),
    provisionedPollers: { minimumPollers: 1, maximumPollers: 2 },
  };
  return { stack, base };
}

/** Build with `change` applied and return the ConstructConfigError. */
function rejects(change: Partial<KafkaConsumerProps>): ConstructConfigError {
  const { stack, base } = scope();
  try {
    new KafkaConsumer(stack, 'C', { ...base, ...change });
  } catch (error) {
    assert.ok(error instanceof ConstructConfigError, `expected a ConstructConfigError, got ${error}`);
    return error;
  }
  assert.fail(`accepted ${JSON.stringify(change)}`);
}

describe('KafkaConsumer validation', () => {
  test('the unchanged props build (so each rejection below is caused by its one change)', () => {
    const { stack, base } = scope();
    const consumer = new KafkaConsumer(stack, 'C', base);
    assert.equal(consumer.eventSources.length, 1);
  });

  test('a DLQ topic that is also a source topic', () => {
    const e = rejects({ topics: ['orders', 'orders-dlq'] });
    assert.equal(e.prop, 'dlqTopic');
    assert.match(e.message, /T\/C: dlqTopic 'orders-dlq' is also a source topic/);
  });

  test('retry settings without provisioned mode', () => {
    const e = rejects({ provisionedPollers: undefined, retryAttempts: 2, bisectBatchOnError: true });
    assert.equal(e.prop, 'provisionedPollers');
    assert.match(e.message, /retryAttempts, bisectBatchOnError, dlqTopic need provisioned mode/);
  });

  test('a batch larger than the Kafka limit', () => {
    const e = rejects({ batchSize: 10_001 });
    assert.equal(e.prop, 'batchSize');
    assert.match(e.message, /10001 is not 1\.\.10000/);
    assert.equal(rejects({ batchSize: 0 }).prop, 'batchSize');
  });

  test('a timeout above 14 minutes', () => {
    const e = rejects({ timeout: Duration.minutes(15) });
    assert.equal(e.prop, 'timeout');
    assert.match(e.message, /above 14 minutes/);
    const { stack, base } = scope();
    new KafkaConsumer(stack, 'C', { ...base, timeout: Duration.minutes(14) });
  });

  test('a dedup window below 600 s', () => {
    const e = rejects({ window: 599 });
    assert.equal(e.prop, 'window');
    assert.match(e.message, /599 s is below 600 s/);
    assert.equal(rejects({ window: 'weekly' as never }).prop, 'window');
  });

  test('an environment variable the construct owns (the store set to memory would deploy an in-memory store)', () => {
    const e = rejects({
      environment: { PUSH_PROVIDER_URL: 'https://push.example.com', [EnvVar.store]: 'memory' },
    });
    assert.equal(e.prop, `environment.${EnvVar.store}`);
    for (const name of [
      ...DEDUP_ENV_VARS,
      EnvVar.serviceName,
      EnvVar.deployedServiceName,
      EnvVar.metricsNamespace,
      EnvVar.idempotencyTable,
    ]) {
      assert.equal(rejects({ environment: { [name]: 'other' } }).prop, `environment.${name}`);
    }
  });

  test('pollers, retries and record age out of range', () => {
    assert.equal(
      rejects({ provisionedPollers: { minimumPollers: 5, maximumPollers: 2 } }).prop,
      'provisionedPollers',
    );
    assert.equal(
      rejects({ provisionedPollers: { minimumPollers: 0 } }).prop,
      'provisionedPollers.minimumPollers',
    );
    assert.equal(rejects({ retryAttempts: -1 }).prop, 'retryAttempts');
    assert.equal(rejects({ maxRecordAge: Duration.seconds(30) }).prop, 'maxRecordAge');
    assert.equal(rejects({ topics: [] }).prop, 'topics');
  });

  test('a cluster ARN that is not one', () => {
    const { stack, base } = scope();
    assert.throws(
      () => new KafkaConsumer(stack, 'C', { ...base, clusterArn: 'arn:aws:kafka:eu-west-1:1:topic/x' }),
      InvalidClusterArnError,
    );
  });

  test('previousKeyFormat: the rollout format in the function environment; unknown or removed props refused', () => {
    const variables = (change: Partial<KafkaConsumerProps>) => {
      const { stack, base } = scope();
      new KafkaConsumer(stack, 'C', { ...base, ...change });
      const [fn] = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'));
      return fn!.Properties.Environment.Variables as Record<string, unknown>;
    };
    assert.equal(variables({ previousKeyFormat: '0.2.0' })[EnvVar.previousKeyFormat], '0.2.0');
    assert.equal(variables({ previousKeyFormat: '0.1.0' })[EnvVar.previousKeyFormat], '0.1.0');
    assert.equal(variables({ previousKeyFormat: '0.3.0' })[EnvVar.previousKeyFormat], '0.3.0');
    assert.equal(variables({})[EnvVar.previousKeyFormat], undefined);
    const e = rejects({ previousKeyFormat: '0.9.0' as never });
    assert.equal(e.prop, 'previousKeyFormat');
    assert.match(e.message, /'0\.9\.0' is not one of '0\.1\.0', '0\.2\.0', '0\.3\.0'/);
    assert.equal(rejects({ readPreviousKeys: true } as never).prop, 'readPreviousKeys');
  });

  test('ordering, concurrency and heldClaimWait: in the function environment as dedupConfigFromEnv reads them; bad ones refused', () => {
    const variables = (change: Partial<KafkaConsumerProps>) => {
      const { stack, base } = scope();
      new KafkaConsumer(stack, 'C', { ...base, ...change });
      const [fn] = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'));
      return fn!.Properties.Environment.Variables as Record<string, string>;
    };
    const keyed = variables({ ordering: 'key', concurrency: 64, heldClaimWait: Duration.seconds(10) });
    assert.equal(keyed[EnvVar.ordering], 'key');
    assert.equal(keyed[EnvVar.concurrency], '64');
    assert.equal(keyed[EnvVar.heldClaimWaitMs], '10000');
    const plain = variables({});
    assert.equal(plain[EnvVar.ordering], undefined, 'unset: the handler default (key)');
    assert.equal(plain[EnvVar.concurrency], undefined);
    // Key order is the default: concurrency alone bounds it.
    assert.equal(variables({ concurrency: 8 })[EnvVar.concurrency], '8');
    assert.equal(rejects({ ordering: 'offset' as never }).prop, 'ordering');
    assert.match(
      rejects({ ordering: 'partition', concurrency: 8 }).message,
      /set ordering to 'key', or drop concurrency/,
    );
    assert.equal(rejects({ ordering: 'key', concurrency: 0 }).prop, 'concurrency');
    // The bound is inclusive at both ends, and checked above as below (issue 31).
    assert.equal(rejects({ ordering: 'key', concurrency: 1001 }).prop, 'concurrency');
    assert.equal(rejects({ ordering: 'key', concurrency: 2.5 }).prop, 'concurrency');
    assert.equal(variables({ ordering: 'key', concurrency: 1000 })[EnvVar.concurrency], '1000');
    assert.equal(variables({ ordering: 'key', concurrency: 1 })[EnvVar.concurrency], '1');
    assert.equal(rejects({ heldClaimWait: Duration.minutes(20) }).prop, 'heldClaimWait');
    const { stack, base } = scope();
    const metric = new KafkaConsumer(stack, 'M', base).metricHeldClaimWaits('still-held');
    assert.equal(metric.metricName, 'HeldClaimWaits');
    assert.deepEqual(metric.dimensions, { service: base.service, Reason: 'still-held' });
  });

  test('eventId: the id source in the function environment, as dedupConfigFromEnv reads it; a bad one refused at synth', () => {
    const variables = (change: Partial<KafkaConsumerProps>) => {
      const { stack, base } = scope();
      new KafkaConsumer(stack, 'C', { ...base, ...change });
      const [fn] = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'));
      return fn!.Properties.Environment.Variables as Record<string, string>;
    };
    const ce = variables({ eventId: { from: 'cloudevents', format: 'uuid' } });
    assert.equal(ce[EnvVar.eventIdSource], 'cloudevents');
    assert.equal(ce[EnvVar.eventIdFormat], 'uuid');
    assert.deepEqual(dedupConfigFromEnv({ ...ce, [EnvVar.store]: 'memory' }).eventId, {
      from: 'cloudevents',
      format: 'uuid',
    });
    const header = variables({ eventId: { from: 'header', header: 'X-Id', format: 'opaque', maxBytes: 40 } });
    assert.equal(header[EnvVar.eventIdSource], 'header:X-Id');
    assert.equal(header[EnvVar.eventIdFormat], 'opaque:40');
    assert.equal(variables({})[EnvVar.eventIdSource], undefined);
    assert.equal(rejects({ eventId: { from: 'message' } as never }).prop, 'eventId.from');
    assert.equal(rejects({ eventId: { from: 'key', format: 'base64' } as never }).prop, 'eventId.format');
    assert.equal(rejects({ eventId: { from: 'position', format: 'uuid' } as never }).prop, 'eventId.format');
    // The construct owns the variables: environment cannot set them behind the prop's back.
    assert.match(rejects({ environment: { [EnvVar.eventIdSource]: 'key' } }).prop, /environment/);
  });

  test('several topics: one mapping and one consumer group per topic', () => {
    const { stack, base } = scope();
    const consumer = new KafkaConsumer(stack, 'C', { ...base, topics: ['orders', 'refunds'] });
    assert.equal(consumer.eventSources.length, 2);
    const template = Template.fromStack(stack);
    const groups = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).map((r) => [
      r.Properties.Topics[0],
      r.Properties.AmazonManagedKafkaEventSourceConfig.ConsumerGroupId,
    ]);
    assert.deepEqual(groups.sort(), [
      ['orders', 'fixture.orders'],
      ['refunds', 'fixture.refunds'],
    ]);
    const policy = Object.values(template.findResources('AWS::IAM::Policy'))[0]!.Properties.PolicyDocument
      .Statement;
    const group = policy.find((st: { Sid?: string }) => st.Sid === 'UseConsumerGroups');
    assert.deepEqual(group.Resource, [
      'arn:aws:kafka:eu-west-1:111111111111:group/c/0a1b2c3d-1111-2222-3333-444455556666-1/fixture.orders',
      'arn:aws:kafka:eu-west-1:111111111111:group/c/0a1b2c3d-1111-2222-3333-444455556666-1/fixture.refunds',
    ]);
  });
});
