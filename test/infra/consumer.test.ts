/**
 * The KafkaConsumer as synthesized for real environments: the event source mapping, the function
 * and its least-privilege role.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { DEFAULT_NAMESPACE, EnvVar } from '../../lib/contract.ts';
import { type Cfn, ofConsumer, only, synth } from './support.ts';

const DEV_CLUSTER =
  'arn:aws:kafka:eu-west-1:111111111111:cluster/msk-dev/0a1b2c3d-1111-2222-3333-444455556666-1';
const DEV_TOPIC = (t: string) =>
  `arn:aws:kafka:eu-west-1:111111111111:topic/msk-dev/0a1b2c3d-1111-2222-3333-444455556666-1/${t}`;
const DEV_GROUP = (g: string) =>
  `arn:aws:kafka:eu-west-1:111111111111:group/msk-dev/0a1b2c3d-1111-2222-3333-444455556666-1/${g}`;

/** Actions of a statement, sorted (CDK may sort them; the set is what matters). */
function actions(action: string | string[]): string[] {
  return [action].flat().sort();
}

/** The statements of the consumer role's policy, by Sid (statements CDK adds itself have none). */
function statements(name: 'dev' | 'prod'): Cfn[] {
  const { template } = synth(name);
  return ofConsumer(template, 'AWS::IAM::Policy', 'notification').resource.Properties.PolicyDocument
    .Statement;
}

describe('event source mapping', () => {
  test('provisioned mode with retries, bisect, partial batch failures and the Kafka DLQ', () => {
    const { template } = synth('dev');
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: DEV_CLUSTER,
      Topics: ['review-created'],
      AmazonManagedKafkaEventSourceConfig: { ConsumerGroupId: 'notification.on-review-created' },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 100,
      ProvisionedPollerConfig: { MinimumPollers: 1, MaximumPollers: 2 },
      MaximumRetryAttempts: 3,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: 'kafka://msk-once-dlq' } },
      MetricsConfig: { Metrics: ['EventCount', 'ErrorCount', 'KafkaMetrics'] },
    });
  });

  test('prod: poller group, record age limit and its own sizes', () => {
    const { template } = synth('prod');
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 200,
      ProvisionedPollerConfig: { MinimumPollers: 2, MaximumPollers: 10, PollerGroupName: 'msk-once-prod' },
      MaximumRetryAttempts: 5,
      MaximumRecordAgeInSeconds: 21600,
      DestinationConfig: { OnFailure: { Destination: 'kafka://msk-once-dlq' } },
    });
  });
});

describe('function', () => {
  test('nodejs24.x on arm64 in the VPC, with the dedup and service environment of the core contract', () => {
    const { template } = synth('dev');
    const { resource } = ofConsumer(template, 'AWS::Lambda::Function', 'notification');
    const p = resource.Properties;
    assert.equal(p.Runtime, 'nodejs24.x');
    assert.deepEqual(p.Architectures, ['arm64']);
    assert.equal(p.Handler, 'index.handler');
    assert.equal(p.Timeout, 120);
    assert.deepEqual(p.VpcConfig.SubnetIds, ['subnet-0d00000000000000a', 'subnet-0d00000000000000b']);
    assert.equal(p.VpcConfig.SecurityGroupIds.length, 1);
    const env = p.Environment.Variables;
    assert.equal(env[EnvVar.serviceName], 'notification');
    assert.equal(env[EnvVar.metricsNamespace], DEFAULT_NAMESPACE);
    assert.equal(env[EnvVar.redisMode], 'cluster');
    assert.equal(env[EnvVar.redisAuth], 'iam');
    assert.equal(env[EnvVar.redisUser], 'msk-once-dev-notification');
    assert.equal(env[EnvVar.redisCacheName], 'msk-once-dev');
    assert.equal(env[EnvVar.redisServerless], 'true');
    assert.equal(env[EnvVar.window], 'default');
    assert.equal(env[EnvVar.storePolicy], 'open');
    assert.equal(env.PUSH_PROVIDER_URL, 'https://push.dev.example.com');
    assert.equal(env.NODE_OPTIONS, '--enable-source-maps');
    const [, parts] = env[EnvVar.redisUrl]['Fn::Join'];
    assert.equal(parts[0], 'rediss://');
    const cacheId = only(template, 'AWS::ElastiCache::ServerlessCache').id;
    assert.deepEqual(parts.slice(1), [
      { 'Fn::GetAtt': [cacheId, 'Endpoint.Address'] },
      ':',
      { 'Fn::GetAtt': [cacheId, 'Endpoint.Port'] },
    ]);
    assert.deepEqual(env[EnvVar.idempotencyTable], { Ref: only(template, 'AWS::DynamoDB::Table').id });
    assert.deepEqual(p.LoggingConfig.LogGroup, {
      Ref: ofConsumer(template, 'AWS::Logs::LogGroup', 'notification').id,
    });
  });

  test('the bundle: ESM with a source map, class names kept, and it runs a batch', async () => {
    const { stack, template } = synth('dev');
    const assembly = (stack.node.root as App).synth(); // the app's cached assembly
    const key: string = ofConsumer(template, 'AWS::Lambda::Function', 'notification').resource.Properties.Code
      .S3Key;
    const asset = `asset.${key.replace(/\.zip$/, '')}`;
    assert.ok(readdirSync(assembly.directory).includes(asset), `the function's bundle ${asset}`);
    const dir = path.join(assembly.directory, asset);
    assert.deepEqual(readdirSync(dir).sort(), ['index.mjs', 'index.mjs.map']);
    const code = readFileSync(path.join(dir, 'index.mjs'), 'utf8');
    assert.ok(code.startsWith('import'), 'an ES module (with the createRequire banner)');
    process.env[EnvVar.store] = 'memory'; // read once, when the bundle loads: no Redis needed here
    // The service and handler names the construct gives the function: the bundle's kafkaHandler
    // takes them at cold start (a different one in its code would fail there).
    const variables = ofConsumer(template, 'AWS::Lambda::Function', 'notification').resource.Properties
      .Environment.Variables;
    assert.equal(variables[EnvVar.deployedServiceName], 'notification', 'the service passed to the function');
    process.env[EnvVar.handlerName] = variables[EnvVar.handlerName];
    process.env[EnvVar.deployedServiceName] = variables[EnvVar.deployedServiceName];
    const { handler } = await import(pathToFileURL(path.join(dir, 'index.mjs')).href).finally(() => {
      delete process.env[EnvVar.store];
      delete process.env[EnvVar.handlerName];
      delete process.env[EnvVar.deployedServiceName];
    });
    const header = (v: string) => [...Buffer.from(v)];
    const record = (offset: number, payload: object) => ({
      topic: 'orders',
      partition: 0,
      offset,
      timestamp: 0,
      timestampType: 'CREATE_TIME',
      value: Buffer.from(JSON.stringify(payload)).toString('base64'),
      headers: [{ 'Event-Id': header(`01JDQ7ZK8Y6D2V3X4W5T6R7S${offset}A`) }],
    });
    const event = {
      eventSource: 'aws:kafka',
      eventSourceArn: 'arn',
      bootstrapServers: 'b',
      records: { 'orders-0': [record(1, {}), record(2, { fail: true })] },
    };
    const context = {
      getRemainingTimeInMillis: () => 60_000,
      awsRequestId: 'r',
      functionName: 'f',
      invokedFunctionArn: 'a',
      memoryLimitInMB: '512',
      functionVersion: '1',
      logGroupName: 'g',
      logStreamName: 's',
    };
    // Powertools writes JSON lines (errors to stderr): keep them to read the failure's error.name.
    const logged: string[] = [];
    const writes = [process.stdout.write, process.stderr.write] as const;
    const keep = ((chunk: string | Uint8Array) =>
      logged.push(String(chunk)) > 0) as typeof process.stdout.write;
    process.stdout.write = keep;
    process.stderr.write = keep;
    let response: unknown;
    try {
      response = await handler(event, context);
    } finally {
      [process.stdout.write, process.stderr.write] = writes;
    }
    assert.deepEqual(response, {
      batchItemFailures: [{ itemIdentifier: { partition: 'orders-0', offset: 2 } }],
    });
    const failures = logged
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.startsWith('{"level":"ERROR"'))
      .map((line) => JSON.parse(line));
    assert.equal(failures.length, 1, logged.join(''));
    // The record's error (a HandlerError) carries the handler's own error as its cause.
    assert.match(
      JSON.stringify(failures[0].error),
      /"name":"FixtureError"/,
      'keepNames: error.name survives minification',
    );
  });

  test('prod: the extra security group from the environment is attached too', () => {
    const { template } = synth('prod');
    const p = ofConsumer(template, 'AWS::Lambda::Function', 'notification').resource.Properties;
    assert.equal(p.VpcConfig.SecurityGroupIds.length, 2);
    assert.equal(p.VpcConfig.SecurityGroupIds[1], 'sg-0f0000000000e0001');
  });

  test('log group keeps the environment retention', () => {
    synth('dev').template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 14 });
    synth('prod').template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
  });
});

describe('execution role: least privilege', () => {
  test('no AWS managed policies (they grant kafka, ec2 and logs on *)', () => {
    const { template } = synth('dev');
    const role = ofConsumer(template, 'AWS::IAM::Role', 'notification', {
      Properties: {
        AssumeRolePolicyDocument: Match.objectLike({
          Statement: [Match.objectLike({ Principal: { Service: 'lambda.amazonaws.com' } })],
        }),
      },
    });
    assert.equal(role.resource.Properties.ManagedPolicyArns, undefined);
    assert.ok(
      synth('dev').stack.consumers[0]!.role.ignoredManagedPolicies.length > 0,
      'the MSK event source tried to attach one',
    );
  });

  test('Kafka: read the source topic, use the consumer group, write only the DLQ topic', () => {
    const bySid = Object.fromEntries(
      statements('dev')
        .filter((s) => s.Sid)
        .map((s) => [s.Sid, s]),
    );
    assert.deepEqual(
      actions(bySid.ConnectCluster.Action),
      actions([
        'kafka-cluster:Connect',
        'kafka-cluster:DescribeCluster',
        'kafka-cluster:DescribeClusterDynamicConfiguration',
      ]),
    );
    assert.equal(bySid.ConnectCluster.Resource, DEV_CLUSTER);
    assert.deepEqual(
      actions(bySid.DescribeCluster.Action),
      actions(['kafka:DescribeClusterV2', 'kafka:GetBootstrapBrokers']),
    );
    assert.equal(bySid.DescribeCluster.Resource, DEV_CLUSTER);
    assert.deepEqual(
      actions(bySid.ReadSourceTopics.Action),
      actions(['kafka-cluster:DescribeTopic', 'kafka-cluster:ReadData']),
    );
    assert.equal(bySid.ReadSourceTopics.Resource, DEV_TOPIC('review-created'));
    assert.deepEqual(
      actions(bySid.UseConsumerGroups.Action),
      actions(['kafka-cluster:DescribeGroup', 'kafka-cluster:AlterGroup']),
    );
    assert.equal(bySid.UseConsumerGroups.Resource, DEV_GROUP('notification.on-review-created'));
    assert.deepEqual(
      actions(bySid.WriteDlqTopic.Action),
      actions(['kafka-cluster:DescribeTopic', 'kafka-cluster:WriteData']),
    );
    assert.equal(bySid.WriteDlqTopic.Resource, DEV_TOPIC('msk-once-dlq'));
    const writers = statements('dev').filter((s) => [s.Action].flat().includes('kafka-cluster:WriteData'));
    assert.deepEqual(
      writers.map((s) => s.Resource),
      [DEV_TOPIC('msk-once-dlq')],
      'WriteData on the DLQ topic only',
    );
  });

  test('cache: elasticache:Connect on the cache and its user only', () => {
    const { template } = synth('dev');
    const s = statements('dev').find((x) => x.Sid === 'ConnectDedupCache');
    assert.equal(s.Action, 'elasticache:Connect');
    assert.deepEqual(s.Resource, [
      { 'Fn::GetAtt': [only(template, 'AWS::ElastiCache::ServerlessCache').id, 'ARN'] },
      {
        'Fn::GetAtt': [
          only(template, 'AWS::ElastiCache::User', { Properties: { AuthenticationMode: { Type: 'iam' } } })
            .id,
          'Arn',
        ],
      },
    ]);
  });

  test('idempotency table: item actions on the table only; logs: its own log group', () => {
    const { template } = synth('dev');
    const all = statements('dev');
    const ddb = all.find((s) => [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
    assert.deepEqual(
      actions(ddb.Action),
      actions(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']),
    );
    assert.deepEqual([ddb.Resource].flat(), [
      { 'Fn::GetAtt': [only(template, 'AWS::DynamoDB::Table').id, 'Arn'] },
    ]);
    const logs = all.find((s) => [s.Action].flat().includes('logs:PutLogEvents'));
    assert.deepEqual(logs.Resource, {
      'Fn::GetAtt': [ofConsumer(template, 'AWS::Logs::LogGroup', 'notification').id, 'Arn'],
    });
  });

  test('"*" only where AWS allows nothing narrower: the ENI statement and X-Ray writes', () => {
    const star = statements('dev').filter((s) => [s.Resource].flat().includes('*'));
    assert.deepEqual(
      star.map((s) => s.Sid),
      ['NetworkInterfaces', 'XRayTraces'],
    );
    assert.ok(star[0].Action.every((a: string) => a.startsWith('ec2:')));
    assert.deepEqual([...star[1].Action].sort(), ['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
    for (const s of statements('dev')) {
      for (const a of [s.Action].flat()) assert.ok(!String(a).includes('*'), `wildcard action ${a}`);
    }
  });
});
