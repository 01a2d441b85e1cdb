/**
 * KafkaConsumer's poison sink (`poisonQueue`): off by default; `true` creates an encrypted, TLS-only
 * queue, a queue can be given; the function gets its URL in the contract's variable and the role
 * exactly sqs:SendMessage on it (and its customer key's data keys). Real synth, and cdk-nag.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Template } from 'aws-cdk-lib/assertions';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import nag from 'cdk-nag';
import { DedupCache } from '../../infra/cdk/dedup-cache.ts';
import { KafkaConsumer } from '../../infra/cdk/kafka-consumer.ts';
import type { KafkaConsumerProps } from '../../infra/cdk/kafka-consumer-props.ts';
import { EnvVar } from '../../lib/contract.ts';
import { bareStack, type Cfn, FIXTURE_ENTRY } from './support.ts';

function consumer(
  id: string,
  extra: Partial<KafkaConsumerProps> = {},
  queue?: (s: ReturnType<typeof bareStack>['stack']) => sqs.IQueue,
) {
  const { stack, vpc } = bareStack(id);
  const cache = new DedupCache(stack, 'Cache', { vpc, name: 'bare', config: { kind: 'serverless' } });
  const c = new KafkaConsumer(stack, 'C', {
    entry: FIXTURE_ENTRY,
    service: 'fixture',
    handlerName: 'fixture',
    clusterArn: 'arn:aws:kafka:eu-west-1:111111111111:cluster/c/0a1b2c3d-1111-2222-3333-444455556666-1',
    topics: ['orders'],
    consumerGroupId: 'fixture',
    dlqTopic: 'orders-dlq',
    vpc,
    dedupStore: cache.storeFor('fixture'),
    provisionedPollers: { minimumPollers: 1, maximumPollers: 1 },
    ...(queue ? { poisonQueue: queue(stack) } : {}),
    ...extra,
  });
  return { stack, consumer: c, template: Template.fromStack(stack) };
}

const statements = (template: Template): Cfn[] =>
  Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
    (p: Cfn) => p.Properties.PolicyDocument.Statement,
  );
const variables = (template: Template): Record<string, unknown> =>
  (Object.values(template.findResources('AWS::Lambda::Function'))[0] as Cfn).Properties.Environment.Variables;

describe('KafkaConsumer poisonQueue', () => {
  test('off by default: no queue, no variable, no SQS action', () => {
    const { template, consumer: c } = consumer('Off');
    template.resourceCountIs('AWS::SQS::Queue', 0);
    assert.equal(variables(template)[EnvVar.poisonQueueUrl], undefined);
    assert.ok(!JSON.stringify(statements(template)).includes('sqs:'));
    assert.equal(c.poisonQueue, undefined);
  });

  test('true: an SSE, TLS-only queue of 14 days; its URL in the variable; sqs:SendMessage on it alone', () => {
    const { template, consumer: c, stack } = consumer('On', { poisonQueue: true });
    template.resourceCountIs('AWS::SQS::Queue', 1);
    template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 1_209_600,
    });
    const queueId = stack.getLogicalId(c.poisonQueue!.node.defaultChild as sqs.CfnQueue);
    assert.deepEqual(variables(template)[EnvVar.poisonQueueUrl], { Ref: queueId });
    const sqsStatements = statements(template).filter((s) => JSON.stringify(s.Action).includes('sqs:'));
    assert.deepEqual(
      sqsStatements.map((s) => [s.Action, s.Resource]),
      [['sqs:SendMessage', { 'Fn::GetAtt': [queueId, 'Arn'] }]],
    );
    // TLS only: the queue policy denies aws:SecureTransport false.
    const policy = Object.values(template.findResources('AWS::SQS::QueuePolicy'))[0] as Cfn;
    assert.equal(policy.Properties.PolicyDocument.Statement[0].Effect, 'Deny');
    // cdk-nag: the ENI wildcard, as without a queue, and SQS3 (this queue has no DLQ of its own: it
    // is the end of the line, read by people).
    const report = new nag.AwsSolutionsChecks().validateScope(stack);
    assert.deepEqual(report.violations.map((v) => v.ruleName).sort(), [
      'AwsSolutions-IAM5[Resource::*]',
      'AwsSolutions-SQS3',
    ]);
  });

  test('a queue with a customer key: SendMessage on it and the data keys of its key', () => {
    const { template, stack } = consumer(
      'Kms',
      {},
      (s) =>
        new sqs.Queue(s, 'Given', {
          encryptionMasterKey: new kms.Key(s, 'Key', { enableKeyRotation: true }),
        }),
    );
    const keyId = stack.getLogicalId(stack.node.findChild('Key').node.defaultChild as kms.CfnKey);
    const actions = statements(template).map((s) => [s.Action, s.Resource]);
    assert.ok(actions.some(([a]) => a === 'sqs:SendMessage'));
    assert.deepEqual(
      actions.filter(([a]) => JSON.stringify(a).includes('kms:')),
      [[['kms:GenerateDataKey', 'kms:Decrypt'], { 'Fn::GetAtt': [keyId, 'Arn'] }]],
    );
  });

  test("the variable is the construct's: environment may not set it", () => {
    assert.throws(
      () =>
        consumer('Owned', {
          environment: { [EnvVar.poisonQueueUrl]: 'https://sqs.eu-west-1.amazonaws.com/1/q' },
        }),
      /environment\.MSK_ONCE_POISON_QUEUE_URL is set by the construct from its prop poisonQueue/,
    );
  });
});
