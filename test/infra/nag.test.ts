/**
 * cdk-nag AwsSolutions on every environment's stack: no finding left unacknowledged, and every
 * acknowledgment carries a reason. Also proves the check can fail.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import nag from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { buildApp } from '../../infra/build-app.ts';
import { DedupCache } from '../../infra/cdk/dedup-cache.ts';
import { KafkaConsumer } from '../../infra/cdk/kafka-consumer.ts';
import { ENVIRONMENT_NAMES, environment } from '../../infra/environments.ts';
import { ACKNOWLEDGED } from '../../infra/nag-suppressions.ts';
import { bareStack, FIXTURE_ENTRY, synth } from './support.ts';

function acknowledgments(root: IConstruct): { path: string; id: string; reason: string }[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      // data: { '<kind>::<rule id>': reason }
      .flatMap((m) => Object.entries(m.data as Record<string, string>))
      .map(([id, reason]) => ({ path: c.node.path, id: id.replace(/^Annotation::/, ''), reason })),
  );
}

describe('cdk-nag AwsSolutions', () => {
  for (const name of ENVIRONMENT_NAMES) {
    test(`${name}: no unacknowledged finding`, () => {
      const { stack } = synth(name);
      const report = new nag.AwsSolutionsChecks().validateScope(stack);
      assert.deepEqual(
        report.violations.map(
          (v) =>
            `${v.ruleName} at ${v.violatingResources.map((r) => (r as { constructPath?: string }).constructPath).join(', ')}`,
        ),
        [],
      );
      assert.equal(report.success, true);
    });
  }

  test('every acknowledgment is one of the reviewed ones, with its reason', () => {
    const reviewed = new Map<string, string>(Object.values(ACKNOWLEDGED).map((a) => [a.id, a.reason]));
    const seen = ENVIRONMENT_NAMES.flatMap((n) => acknowledgments(synth(n).stack));
    const nagOnes = seen.filter((a) => a.id.startsWith('AwsSolutions-'));
    assert.ok(nagOnes.length >= 3, 'the consumers of every environment acknowledge the ENI statement');
    for (const a of nagOnes) assert.equal(a.reason, reviewed.get(a.id), `${a.path} ${a.id} is reviewed`);
    for (const a of seen)
      assert.ok(a.reason.length >= 80, `${a.path} ${a.id}: a reason a reviewer can check`);
  });

  test('the check fails without the acknowledgment (the ENI statement is a real finding)', () => {
    const { stack, vpc } = bareStack('Bare');
    const cache = new DedupCache(stack, 'Cache', {
      vpc,
      name: 'bare',
      config: { kind: 'serverless' },
    });
    new KafkaConsumer(stack, 'C', {
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
    });
    const report = new nag.AwsSolutionsChecks().validateScope(stack);
    assert.deepEqual(
      report.violations.map((v) => v.ruleName),
      ['AwsSolutions-IAM5[Resource::*]'],
    );
  });

  test('the app runs the checks at synth: an unacknowledged finding stops it', () => {
    const { app, stacks } = buildApp({ environments: [environment('dev')], entryOverride: FIXTURE_ENTRY });
    const user = new iam.Role(stacks[0]!, 'Careless', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    });
    user.addToPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: ['*'] }));
    assert.throws(() => app.synth(), /AwsSolutions-IAM5|Validation failed/);
  });
});
