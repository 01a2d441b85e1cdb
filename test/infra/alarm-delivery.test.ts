/**
 * Alarm delivery, per synthesized environment: each alarm's action is a topic of the stack, the
 * topic's policy lets CloudWatch publish for that very alarm (account and alarm ARN), and the key
 * that encrypts the topic lets CloudWatch use it the same way. A link that refuses CloudWatch (a
 * topic policy with only the TLS Deny, a key without the statement, the AWS managed SNS key, an
 * imported topic whose policies cannot be seen) fails the environment.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CLOUDWATCH_ALARMS_PRINCIPAL } from '../../infra/cdk/alarm-topic.ts';
import { ENVIRONMENT_NAMES, environment } from '../../infra/environments.ts';
import { type Cfn, synth } from './support.ts';

interface Pseudo {
  readonly account: string;
  readonly region: string;
}

/** A template value with the pseudo parameters and Fn::Join resolved (anything else: undefined). */
function resolve(value: Cfn, p: Pseudo): string | undefined {
  if (typeof value === 'string') return value;
  if (value?.Ref === 'AWS::AccountId') return p.account;
  if (value?.Ref === 'AWS::Region') return p.region;
  if (value?.Ref === 'AWS::Partition') return 'aws';
  if (value?.Ref === 'AWS::URLSuffix') return 'amazonaws.com';
  if (Array.isArray(value?.['Fn::Join'])) {
    const [sep, parts] = value['Fn::Join'];
    const resolved = (parts as Cfn[]).map((x) => resolve(x, p));
    return resolved.every((x) => x !== undefined) ? resolved.join(sep) : undefined;
  }
  return undefined;
}

const asList = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** IAM's glob: `*` any run, `?` one character. */
const globMatches = (pattern: string, value: string): boolean =>
  new RegExp(
    `^${pattern
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  ).test(value);

const actionMatches = (granted: string, wanted: string): boolean =>
  globMatches(granted.toLowerCase(), wanted.toLowerCase());

/** Who asks: an alarm (its ARN) of an account. */
interface Request {
  readonly sourceAccount: string;
  readonly alarmArn: string;
}

/**
 * Why `statements` (of a template whose pseudo parameters are `p`) do not let CloudWatch do each of
 * `actions` for the alarm of `request` (undefined: they do). An Allow counts when its principal is CloudWatch's, its actions cover the action, its
 * resource is `resource` (or '*') and its conditions hold for this alarm of this account; a Deny
 * refuses unless it only denies requests without TLS (CloudWatch's are over TLS).
 */
function refusal(
  statements: Cfn[],
  actions: readonly string[],
  resource: Cfn,
  request: Request,
  p: Pseudo,
): string | undefined {
  const { alarmArn } = request;
  const isCloudWatch = (s: Cfn) =>
    s.Principal === '*' ||
    s.Principal?.AWS === '*' ||
    asList(s.Principal?.Service).includes(CLOUDWATCH_ALARMS_PRINCIPAL);
  const conditionsHold = (s: Cfn): boolean => {
    for (const [operator, keys] of Object.entries((s.Condition ?? {}) as Record<string, Cfn>)) {
      for (const [key, expected] of Object.entries(keys as Record<string, Cfn>)) {
        const actual =
          key === 'aws:SourceAccount'
            ? request.sourceAccount
            : key === 'aws:SourceArn'
              ? alarmArn
              : undefined;
        if (actual === undefined) return false; // a key CloudWatch's request may not carry
        const values = asList(expected).map((v) => resolve(v, p));
        if (values.some((v) => v === undefined)) return false;
        const ok =
          operator === 'StringEquals' || operator === 'ArnEquals'
            ? values.includes(actual)
            : operator === 'StringLike' || operator === 'ArnLike'
              ? values.some((v) => globMatches(v!, actual))
              : false;
        if (!ok) return false;
      }
    }
    return true;
  };
  const resourceCovers = (s: Cfn) =>
    asList(s.Resource).some((r) => r === '*' || JSON.stringify(r) === JSON.stringify(resource));
  for (const action of actions) {
    const applies = (s: Cfn) =>
      isCloudWatch(s) && asList(s.Action).some((a) => actionMatches(a, action)) && resourceCovers(s);
    const deny = statements.find(
      (s) => s.Effect === 'Deny' && applies(s) && s.Condition?.Bool?.['aws:SecureTransport'] !== 'false',
    );
    if (deny) return `${action}: denied by ${deny.Sid ?? JSON.stringify(deny)}`;
    if (!statements.some((s) => s.Effect === 'Allow' && applies(s) && conditionsHold(s)))
      return `${action}: no statement allows ${CLOUDWATCH_ALARMS_PRINCIPAL} for ${alarmArn}`;
  }
  return undefined;
}

/** Every broken link from an alarm of the stack to the inbox, and the number of alarms walked. */
function walk(name: (typeof ENVIRONMENT_NAMES)[number]): { walked: number; problems: string[] } {
  const config = environment(name);
  const p = { account: config.account, region: config.region };
  const { template } = synth(name);
  const resources: Record<string, Cfn> = template.toJSON().Resources;
  const alarms = Object.entries(resources).filter(([, r]) =>
    ['AWS::CloudWatch::Alarm', 'AWS::CloudWatch::CompositeAlarm'].includes(r.Type),
  );
  const problems: string[] = [];
  let walked = 0;
  for (const [id, alarm] of alarms) {
    const alarmName: string = alarm.Properties.AlarmName;
    const targets = [...asList(alarm.Properties.AlarmActions), ...asList(alarm.Properties.OKActions)];
    // A part of a split rule pages through its composite, on purpose without actions.
    if (targets.length === 0) {
      if (!/-part\d+$/.test(alarmName)) problems.push(`${alarmName}: no action at all`);
      continue;
    }
    walked += 1;
    const request = {
      sourceAccount: p.account,
      alarmArn: `arn:aws:cloudwatch:${p.region}:${p.account}:alarm:${alarmName}`,
    };
    for (const target of targets) {
      const topicId: string | undefined = target?.Ref;
      const topic = topicId ? resources[topicId] : undefined;
      if (topic?.Type !== 'AWS::SNS::Topic') {
        problems.push(`${alarmName} (${id}): action ${JSON.stringify(target)} is not a topic of the stack`);
        continue;
      }
      const policies = Object.values(resources).filter(
        (r) =>
          r.Type === 'AWS::SNS::TopicPolicy' &&
          asList(r.Properties.Topics).some((t: Cfn) => t?.Ref === topicId),
      );
      // No topic policy of the stack: SNS's default policy (the owner account only) is in force.
      if (policies.length === 0)
        problems.push(`${alarmName}: topic ${topicId} has no policy allowing CloudWatch`);
      const topicStatements = policies.flatMap((r) => r.Properties.PolicyDocument.Statement);
      const topicRefusal = refusal(topicStatements, ['sns:Publish'], { Ref: topicId }, request, p);
      if (topicRefusal) problems.push(`${alarmName}: topic ${topicId} policy: ${topicRefusal}`);
      const keyRef = topic.Properties.KmsMasterKeyId;
      if (keyRef === undefined) continue; // unencrypted: no key to use
      const keyId: string | undefined = keyRef?.['Fn::GetAtt']?.[0] ?? keyRef?.Ref;
      const key = keyId ? resources[keyId] : undefined;
      if (key?.Type !== 'AWS::KMS::Key') {
        problems.push(
          `${alarmName}: topic ${topicId} is encrypted with ${JSON.stringify(keyRef)}, whose policy CloudWatch cannot be shown to pass (alias/aws/sns never does)`,
        );
        continue;
      }
      const keyRefusal = refusal(
        key.Properties.KeyPolicy.Statement,
        ['kms:Decrypt', 'kms:GenerateDataKey'],
        '*',
        request,
        p,
      );
      if (keyRefusal) problems.push(`${alarmName}: key ${keyId} policy: ${keyRefusal}`);
    }
  }
  return { walked, problems };
}

describe('alarm delivery: alarm -> action -> topic -> topic policy -> key policy', () => {
  for (const name of ENVIRONMENT_NAMES) {
    test(`${name}: every alarm reaches its topic, which CloudWatch may publish to and whose key it may use`, () => {
      const { walked, problems } = walk(name);
      assert.ok(walked > 0, `${name}: no alarm walked`);
      assert.deepEqual(problems, []);
    });
  }

  test('the grants are scoped: another account or an alarm of another environment is refused', () => {
    const config = environment('dev');
    const { template } = synth('dev');
    const resources: Record<string, Cfn> = template.toJSON().Resources;
    const [topicId] = Object.entries(resources).find(([, r]) => r.Type === 'AWS::SNS::Topic')!;
    const topicStatements = Object.values(resources)
      .filter((r) => r.Type === 'AWS::SNS::TopicPolicy')
      .flatMap((r) => r.Properties.PolicyDocument.Statement);
    const p = { account: config.account, region: config.region };
    const arn = (account: string, alarm: string) =>
      `arn:aws:cloudwatch:${config.region}:${account}:alarm:${alarm}`;
    const ask = (sourceAccount: string, alarmArn: string) =>
      refusal(topicStatements, ['sns:Publish'], { Ref: topicId }, { sourceAccount, alarmArn }, p);
    const own = arn(config.account, `${config.namePrefix}-notification-dlq-records`);
    assert.equal(ask(config.account, own), undefined);
    assert.match(ask(config.account, arn(config.account, 'someone-else-cpu')) ?? '', /no statement allows/);
    assert.match(
      ask('999999999999', arn('999999999999', `${config.namePrefix}-x`)) ?? '',
      /no statement allows/,
    );
    assert.match(ask('999999999999', own) ?? '', /no statement allows/);
  });
});
