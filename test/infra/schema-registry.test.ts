/**
 * KafkaConsumer with a schema registry, on the synthesized template: the mapping's
 * SchemaRegistryConfig, the exact permissions it adds, and the environment that makes the function
 * agree with the mapping's record format.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { DedupCache } from '../../infra/cdk/dedup-cache.ts';
import { ConstructConfigError } from '../../infra/cdk/errors.ts';
import { KafkaConsumer, type KafkaConsumerProps } from '../../infra/cdk/kafka-consumer.ts';
import { bareStack, type Cfn, FIXTURE_ENTRY } from './support.ts';

const CLUSTER = 'arn:aws:kafka:eu-west-1:111111111111:cluster/c/0a1b2c3d-1111-2222-3333-444455556666-1';
const REGISTRY_ARN = 'arn:aws:glue:eu-west-1:111111111111:registry/orders';

function scope(): { stack: Stack; base: KafkaConsumerProps } {
  const { stack, vpc } = bareStack('T');
  const cache = new DedupCache(stack, 'Cache', { vpc, name: 't', config: { kind: 'serverless' } });
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

/** Every statement of the consumer role's policy. */
function statements(template: Template): Cfn[] {
  return Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
    (p: Cfn) => p.Properties.PolicyDocument.Statement,
  );
}

describe('KafkaConsumer with a Glue schema registry', () => {
  const { stack, base } = scope();
  new KafkaConsumer(stack, 'C', {
    ...base,
    schemaRegistry: {
      kind: 'glue',
      registryArn: REGISTRY_ARN,
      eventRecordFormat: 'SOURCE',
      validate: ['KEY', 'VALUE'],
    },
  });
  const template = Template.fromStack(stack);

  test('the mapping validates key and value against the registry and delivers SOURCE', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      AmazonManagedKafkaEventSourceConfig: {
        ConsumerGroupId: 'fixture',
        SchemaRegistryConfig: {
          SchemaRegistryURI: REGISTRY_ARN,
          EventRecordFormat: 'SOURCE',
          SchemaValidationConfigs: [{ Attribute: 'KEY' }, { Attribute: 'VALUE' }],
        },
      },
    });
  });

  test('grants glue:GetRegistry on the registry and glue:GetSchemaVersion on it and its schemas, nothing wider', () => {
    const glue = statements(template).filter((s) =>
      [s.Action].flat().some((a: string) => a.startsWith('glue:')),
    );
    assert.deepEqual(
      glue.map((s) => [s.Action, s.Resource]),
      [
        ['glue:GetRegistry', REGISTRY_ARN],
        [
          'glue:GetSchemaVersion',
          [
            REGISTRY_ARN,
            {
              'Fn::Sub': [
                // biome-ignore lint/suspicious/noTemplateCurlyInString: a CloudFormation Fn::Sub template, not JavaScript
                'arn:${AWS::Partition}:glue:${AWS::Region}:${AWS::AccountId}:schema/${registryName}/*',
                { registryName: 'orders' },
              ],
            },
          ],
        ],
      ],
    );
    assert.ok(
      !statements(template).some((s) =>
        [s.Action].flat().some((a: string) => a.startsWith('secretsmanager:')),
      ),
    );
  });

  test('the function gets the registry and the record format', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          KAFKA_SCHEMA_REGISTRY_URI: REGISTRY_ARN,
          KAFKA_EVENT_RECORD_FORMAT: 'SOURCE',
        }),
      },
    });
  });
});

describe('KafkaConsumer with a Confluent schema registry', () => {
  const { stack, base } = scope();
  const secret = new secretsmanager.Secret(stack, 'RegistrySecret');
  new KafkaConsumer(stack, 'C', {
    ...base,
    schemaRegistry: {
      kind: 'confluent',
      url: 'https://registry.example.com:8081',
      secret,
      eventRecordFormat: 'JSON',
    },
  });
  const template = Template.fromStack(stack);
  const secretRef = { Ref: Object.keys(template.findResources('AWS::SecretsManager::Secret'))[0] };

  test('BASIC_AUTH with the secret; JSON; VALUE by default', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      AmazonManagedKafkaEventSourceConfig: {
        SchemaRegistryConfig: {
          SchemaRegistryURI: 'https://registry.example.com:8081',
          EventRecordFormat: 'JSON',
          AccessConfigs: [{ Type: 'BASIC_AUTH', URI: secretRef }],
          SchemaValidationConfigs: [{ Attribute: 'VALUE' }],
        },
      },
    });
  });

  test('grants read of that one secret, and no Glue', () => {
    const read = statements(template).filter((s) =>
      [s.Action].flat().some((a: string) => a.startsWith('secretsmanager:')),
    );
    assert.deepEqual(
      read.map((s) => [[s.Action].flat().sort(), s.Resource]),
      [[['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'], secretRef]],
    );
    assert.ok(
      !statements(template).some((s) => [s.Action].flat().some((a: string) => a.startsWith('glue:'))),
    );
  });

  test('the function gets the URL, the secret ARN and the record format', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          KAFKA_SCHEMA_REGISTRY_URI: 'https://registry.example.com:8081',
          KAFKA_SCHEMA_REGISTRY_SECRET_ARN: secretRef,
          KAFKA_EVENT_RECORD_FORMAT: 'JSON',
        }),
      },
    });
  });
});

describe('KafkaConsumer without a schema registry', () => {
  test('no SchemaRegistryConfig, no registry grants, no registry environment', () => {
    const { stack, base } = scope();
    new KafkaConsumer(stack, 'C', base);
    const template = Template.fromStack(stack);
    const esm = Object.values(template.findResources('AWS::Lambda::EventSourceMapping'))[0] as Cfn;
    assert.equal(esm.Properties.AmazonManagedKafkaEventSourceConfig.SchemaRegistryConfig, undefined);
    assert.ok(
      !statements(template).some((s) =>
        [s.Action].flat().some((a: string) => /^(glue|secretsmanager):/.test(a)),
      ),
    );
    const fn = Object.values(template.findResources('AWS::Lambda::Function')).find(
      (f: Cfn) => f.Properties.Environment,
    ) as Cfn;
    assert.ok(!Object.keys(fn.Properties.Environment.Variables).some((k) => k.startsWith('KAFKA_')));
  });
});

describe('schemaRegistry validation names the prop', () => {
  const rejects = (schemaRegistry: unknown, environment?: Record<string, string>) => {
    const { stack, base } = scope();
    try {
      new KafkaConsumer(stack, 'C', { ...base, schemaRegistry: schemaRegistry as never, environment });
    } catch (error) {
      assert.ok(error instanceof ConstructConfigError, String(error));
      return error.prop;
    }
    assert.fail('accepted');
  };

  test('bad ARN, bad URL, bad record format, bad attributes, an environment that overrides it', () => {
    assert.equal(
      rejects({ kind: 'glue', registryArn: 'arn:aws:s3:::b', eventRecordFormat: 'JSON' }),
      'schemaRegistry.registryArn',
    );
    const { stack } = scope();
    const secret = new secretsmanager.Secret(stack, 'S');
    assert.equal(
      rejects({ kind: 'confluent', url: 'http://u:p@host', secret, eventRecordFormat: 'JSON' }),
      'schemaRegistry.url',
    );
    assert.equal(
      rejects({ kind: 'glue', registryArn: REGISTRY_ARN, eventRecordFormat: 'AVRO' }),
      'schemaRegistry.eventRecordFormat',
    );
    assert.equal(
      rejects({ kind: 'glue', registryArn: REGISTRY_ARN, eventRecordFormat: 'JSON', validate: [] }),
      'schemaRegistry.validate',
    );
    assert.equal(
      rejects(
        { kind: 'glue', registryArn: REGISTRY_ARN, eventRecordFormat: 'JSON' },
        { KAFKA_EVENT_RECORD_FORMAT: 'SOURCE' },
      ),
      'environment',
    );
  });
});
