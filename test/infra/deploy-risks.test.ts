/**
 * The deploy risks an audit of the templates found, each settled from the AWS docs (infra/README.md
 * cites them) and checked here on the synthesized templates and the function bundle:
 * removal policies per environment, the cluster-mode parameter group, the serverless reader port,
 * idempotent writes to the DLQ, the DLQ topic itself, deterministic names, and an IAM token path
 * that does not depend on the Lambda runtime's contents.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import type { App } from 'aws-cdk-lib';
import { PROJECT_ROOT } from '../../infra/build-app.ts';
import { clusterModeParameterGroup } from '../../infra/cdk/dedup-cache.ts';
import {
  DEFAULT_DLQ_TOPIC_SETTINGS,
  dlqMaxMessageBytes,
  kafkaTopicsCommand,
} from '../../infra/cdk/dlq-topic-settings.ts';
import { environment } from '../../infra/environments.ts';
import { type Cfn, ofConsumer, only, synth } from './support.ts';

const KEPT = (template: Cfn) =>
  Object.entries(template.toJSON().Resources as Record<string, Cfn>)
    .filter(([, r]) => r.DeletionPolicy === 'Retain' || r.UpdateReplacePolicy === 'Retain')
    .map(([, r]) => r.Type as string)
    .sort();

describe('removal policies per environment', () => {
  for (const name of ['dev', 'staging'] as const) {
    test(`${name}: deleting the stack leaves nothing behind (no resource is retained)`, () => {
      const { template } = synth(name);
      assert.deepEqual(KEPT(template), []);
      // The resources CloudFormation or CDK would keep by default are destroyed explicitly.
      for (const type of ['AWS::Logs::LogGroup', 'AWS::KMS::Key', 'AWS::MSK::Topic']) {
        for (const r of Object.values(template.findResources(type)))
          assert.equal(r.DeletionPolicy, 'Delete', `${name} ${type}`);
      }
    });
  }

  test('prod keeps its data and what the kept cache still uses', () => {
    const { template } = synth('prod');
    assert.deepEqual(KEPT(template), [
      'AWS::DynamoDB::Table',
      'AWS::EC2::SecurityGroup', // the cache's group (a group in use cannot be deleted)
      'AWS::ElastiCache::ServerlessCache',
      'AWS::ElastiCache::User', // the disabled default user
      'AWS::ElastiCache::User', // the service's IAM user
      'AWS::ElastiCache::UserGroup', // attached to the cache: deleting it would fail the stack deletion
      'AWS::Logs::LogGroup',
    ]);
    // The cache's ingress rules are their own resources, so the consumers' group can go.
    const cacheSg = only(template, 'AWS::EC2::SecurityGroup', {
      DeletionPolicy: 'Retain',
    });
    assert.equal(cacheSg.resource.Properties.SecurityGroupIngress, undefined);
  });

  test('an environment that keeps its data has termination protection; the others can be deleted', () => {
    assert.equal(synth('prod').stack.terminationProtection, true);
    for (const name of ['dev', 'staging'] as const)
      assert.equal(synth(name).stack.terminationProtection, false);
  });

  test('a kept replication group keeps its subnet group too', () => {
    const config = environment('staging');
    const { template } = synth('staging', { ...config, retainData: true }, 'staging-retained');
    for (const type of [
      'AWS::ElastiCache::ReplicationGroup',
      'AWS::ElastiCache::SubnetGroup',
      'AWS::ElastiCache::UserGroup',
    ]) {
      assert.equal(only(template, type).resource.DeletionPolicy, 'Retain', type);
    }
  });
});

describe('cache', () => {
  test('staging (cluster mode, one shard) names the cluster-mode parameter group of its Valkey version', () => {
    const rg = only(synth('staging').template, 'AWS::ElastiCache::ReplicationGroup').resource.Properties;
    assert.equal(rg.NumNodeGroups, 1);
    assert.equal(rg.EngineVersion, '9.0');
    assert.equal(rg.CacheParameterGroupName, 'default.valkey9.cluster.on');
    assert.equal(clusterModeParameterGroup('7.2'), 'default.valkey7.cluster.on');
    assert.throws(() => clusterModeParameterGroup('latest'), /not a Valkey engine version/);
  });

  test('a replication group opens 6379 only (the reader port is a serverless thing)', () => {
    const ingress = Object.values(synth('staging').template.findResources('AWS::EC2::SecurityGroupIngress'));
    assert.deepEqual(
      ingress.map((i) => i.Properties.FromPort),
      [6379],
    );
  });
});

describe('DLQ topic', () => {
  test('created by the stack where the environment says so: partitions, replication, retention, size', () => {
    const { template } = synth('dev');
    const topic = only(template, 'AWS::MSK::Topic').resource;
    assert.equal(topic.Properties.TopicName, 'msk-once-dlq');
    assert.equal(topic.Properties.ClusterArn, environment('dev').mskClusterArn);
    assert.equal(topic.Properties.PartitionCount, 3);
    assert.equal(topic.Properties.ReplicationFactor, 3);
    assert.deepEqual(JSON.parse(Buffer.from(topic.Properties.Configs, 'base64').toString()), {
      'cleanup.policy': 'delete',
      'retention.ms': String(14 * 24 * 3600 * 1000),
      'max.message.bytes': '2097152',
      'min.insync.replicas': '2',
    });
    // The mapping (and the rest of the consumer) comes after its destination.
    const esm = ofConsumer(template, 'AWS::Lambda::EventSourceMapping', 'notification').resource;
    const topicId = only(template, 'AWS::MSK::Topic').id;
    assert.ok([esm.DependsOn].flat().includes(topicId), 'the mapping depends on the DLQ topic');
  });

  test('prod creates none: its DLQ topic is made once with the documented command', () => {
    synth('prod').template.resourceCountIs('AWS::MSK::Topic', 0);
    const readme = readFileSync(path.join(PROJECT_ROOT, 'infra', 'README.md'), 'utf8');
    assert.ok(
      readme.includes(kafkaTopicsCommand('msk-once-dlq', DEFAULT_DLQ_TOPIC_SETTINGS)),
      'infra/README.md shows the command with the settings the stack would use',
    );
  });

  test('max.message.bytes fits a largest source record in base64 plus the failure metadata', () => {
    const source = 1_048_588; // Kafka's default message.max.bytes
    const dlq = dlqMaxMessageBytes(source);
    assert.ok(dlq >= Math.ceil((source * 4) / 3) + 64 * 1024);
    assert.equal(dlq % (1024 * 1024), 0);
    assert.equal(dlqMaxMessageBytes(4 * 1024 * 1024), 6 * 1024 * 1024);
  });
});

describe('DLQ write grant', () => {
  test('WriteDataIdempotently on the cluster, beside WriteData on the DLQ topic', () => {
    const statements: Cfn[] = ofConsumer(synth('dev').template, 'AWS::IAM::Policy', 'notification').resource
      .Properties.PolicyDocument.Statement;
    const s = statements.find((x) => x.Sid === 'WriteIdempotently');
    assert.equal(s.Action, 'kafka-cluster:WriteDataIdempotently');
    assert.equal(s.Resource, environment('dev').mskClusterArn);
  });
});

describe('names', () => {
  test('function and log group are named after the environment and the consumer', () => {
    const { template } = synth('staging');
    const fn = ofConsumer(template, 'AWS::Lambda::Function', 'notification').resource.Properties;
    assert.equal(fn.FunctionName, 'msk-once-staging-notification');
    const logs = ofConsumer(template, 'AWS::Logs::LogGroup', 'notification').resource.Properties;
    assert.equal(logs.LogGroupName, '/aws/lambda/msk-once-staging-notification');
  });
});

describe('the IAM token path in the bundle', () => {
  test('the bundle carries the signer and the credential provider: it signs a token with no node_modules in reach', () => {
    const { stack } = synth('dev');
    const assembly = (stack.node.root as App).synth();
    const asset = readdirSync(assembly.directory).find((d) => d.startsWith('asset.'))!;
    // A directory with no node_modules anywhere above it: only what is in the bundle can load.
    const dir = mkdtempSync(path.join(tmpdir(), 'msk-once-bundle-'));
    try {
      copyFileSync(path.join(assembly.directory, asset, 'index.mjs'), path.join(dir, 'index.mjs'));
      const script = `
        const { elastiCacheIamToken } = await import('./index.mjs');
        const token = await elastiCacheIamToken({ userId: 'msk-once-dev-fixture', cacheName: 'msk-once-dev' });
        process.stdout.write(token);`;
      const token = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: dir,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          DEDUP_STORE: 'memory',
          MSK_ONCE_HANDLER_NAME: 'on-review-created',
          MSK_ONCE_SERVICE_NAME: 'notification',
          AWS_REGION: 'eu-west-1',
          // The default credential chain (the bundled @aws-sdk/credential-provider-node) reads these.
          AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
          AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        },
      });
      assert.match(
        token,
        /^msk-once-dev\/\?Action=connect&User=msk-once-dev-fixture&ResourceType=ServerlessCache/,
      );
      assert.match(
        token,
        /X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F\d{8}%2Feu-west-1%2Felasticache%2Faws4_request/,
      );
      assert.match(token, /X-Amz-Signature=[0-9a-f]{64}$/);
      const code = readFileSync(path.join(dir, 'index.mjs'), 'utf8');
      assert.doesNotMatch(code, /from\s*"@(aws-sdk|smithy)\//, 'no import left to the runtime');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
