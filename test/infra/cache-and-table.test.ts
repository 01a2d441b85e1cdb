/**
 * The shared resources of an environment: the dedup cache (serverless in dev/prod, a replication
 * group in staging), its security groups, its IAM user, and the idempotency table.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as iam from 'aws-cdk-lib/aws-iam';
import { accessString, DedupCache } from '../../infra/cdk/dedup-cache.ts';
import { ConstructConfigError } from '../../infra/cdk/errors.ts';
import { DEDUP_USER_COMMANDS, dedupUserAccessString, EnvVar } from '../../lib/contract.ts';
import { bareStack, ofConsumer, only, synth } from './support.ts';

describe('serverless cache (dev)', () => {
  test('Valkey serverless in the private subnets, behind its own security group, with the IAM user group', () => {
    const { template } = synth('dev');
    const cache = only(template, 'AWS::ElastiCache::ServerlessCache').resource.Properties;
    assert.equal(cache.Engine, 'valkey');
    // The current major version ElastiCache lists: Valkey 9 keeps a mark in fewer bytes than 8.
    assert.equal(cache.MajorEngineVersion, '9');
    assert.equal(cache.ServerlessCacheName, 'msk-once-dev');
    assert.deepEqual(cache.SubnetIds, ['subnet-0d00000000000000a', 'subnet-0d00000000000000b']);
    assert.deepEqual(cache.UserGroupId, { Ref: only(template, 'AWS::ElastiCache::UserGroup').id });
    assert.deepEqual(cache.CacheUsageLimits, {
      DataStorage: { Maximum: 1, Unit: 'GB' },
      ECPUPerSecond: { Maximum: 5000 },
    });
    const cacheSg = only(template, 'AWS::EC2::SecurityGroup', {
      Properties: { GroupDescription: Match.stringLikeRegexp('dedup cache: 6379') },
    });
    assert.deepEqual(cache.SecurityGroupIds, [{ 'Fn::GetAtt': [cacheSg.id, 'GroupId'] }]);
  });

  test('IAM user: user name = user id, IAM mode, only the dedup keys; the default user is off', () => {
    const { template } = synth('dev');
    template.hasResourceProperties('AWS::ElastiCache::User', {
      UserId: 'msk-once-dev-notification',
      UserName: 'msk-once-dev-notification',
      Engine: 'redis', // RBAC users of a Valkey cache: see DedupCache
      AuthenticationMode: { Type: 'iam' },
      AccessString: accessString('notification'),
    });
    template.hasResourceProperties('AWS::ElastiCache::User', {
      UserName: 'default',
      Engine: 'redis',
      AccessString: 'off -@all',
      AuthenticationMode: { Type: 'no-password-required' },
    });
    template.hasResourceProperties('AWS::ElastiCache::UserGroup', {
      Engine: 'redis',
      UserGroupId: 'msk-once-dev-dedup',
    });
    assert.equal(accessString('notification'), dedupUserAccessString('notification'));
  });

  test("the access string keeps ElastiCache's rules: on, no password, no reset, only its keys and commands", () => {
    const { template } = synth('dev');
    const users = Object.values(template.findResources('AWS::ElastiCache::User')) as {
      Properties: { AccessString: string; UserName: string };
    }[];
    const service = users.find((u) => u.Properties.UserName !== 'default')!;
    const tokens = service.Properties.AccessString.split(' ');
    assert.equal(tokens[0], 'on', 'ElastiCache: a user without on is off');
    assert.deepEqual(tokens.slice(1, 3), ['~notification:dedup:*', '-@all']);
    assert.deepEqual(
      tokens.slice(3),
      DEDUP_USER_COMMANDS.map((c) => `+${c}`),
    );
    for (const token of tokens) {
      // No password (>, <, #, nopass: ElastiCache sets it apart) and no reset (ElastiCache RBAC docs).
      assert.doesNotMatch(token, /^(>|<|#|!|nopass$|reset|allkeys$|allcommands$|\+@all$)/, token);
      assert.match(token, /^(on|~[a-z0-9:-]+:dedup:\*|-@all|\+[a-z_]+(\|[a-z_]+)?)$/, token);
    }
  });

  test("reachable on 6379 and 6380 (the serverless reader port) only from the consumers' security group; the cache group sends nothing out", () => {
    const { template } = synth('dev');
    const cacheSg = only(template, 'AWS::EC2::SecurityGroup', {
      Properties: { GroupDescription: Match.stringLikeRegexp('dedup cache: 6379') },
    });
    const clientSg = only(template, 'AWS::EC2::SecurityGroup', {
      Properties: { GroupDescription: Match.stringLikeRegexp('may reach') },
    });
    const ingress = Object.values(template.findResources('AWS::EC2::SecurityGroupIngress'));
    assert.deepEqual(
      ingress.map((i) => i.Properties),
      [
        ['dedup store (Redis over TLS)', 6379],
        ['dedup store reader endpoint (serverless, TLS)', 6380],
      ].map(([Description, port]) => ({
        Description,
        GroupId: { 'Fn::GetAtt': [cacheSg.id, 'GroupId'] },
        SourceSecurityGroupId: { 'Fn::GetAtt': [clientSg.id, 'GroupId'] },
        IpProtocol: 'tcp',
        FromPort: port,
        ToPort: port,
      })),
    );
    assert.equal(cacheSg.resource.Properties.SecurityGroupIngress, undefined);
    assert.deepEqual(
      cacheSg.resource.Properties.SecurityGroupEgress.map((e: { CidrIp: string }) => e.CidrIp),
      ['255.255.255.255/32'],
    );
    // The consumers: 6379 to the cache group, 443 out (AWS APIs, the push provider); nothing else.
    assert.deepEqual(clientSg.resource.Properties.SecurityGroupEgress, [
      {
        CidrIp: '0.0.0.0/0',
        Description: 'HTTPS to AWS APIs and providers',
        FromPort: 443,
        IpProtocol: 'tcp',
        ToPort: 443,
      },
    ]);
    for (const port of [6379, 6380]) {
      template.hasResourceProperties('AWS::EC2::SecurityGroupEgress', {
        GroupId: { 'Fn::GetAtt': [clientSg.id, 'GroupId'] },
        DestinationSecurityGroupId: { 'Fn::GetAtt': [cacheSg.id, 'GroupId'] },
        FromPort: port,
        ToPort: port,
      });
    }
  });
});

describe('replication group (staging)', () => {
  test('cluster mode, TLS required, encrypted at rest, multi-AZ, IAM user group', () => {
    const { template } = synth('staging');
    template.resourceCountIs('AWS::ElastiCache::ServerlessCache', 0);
    const rg = only(template, 'AWS::ElastiCache::ReplicationGroup').resource.Properties;
    assert.equal(rg.Engine, 'valkey');
    assert.equal(rg.ClusterMode, 'enabled');
    assert.equal(rg.TransitEncryptionEnabled, true);
    assert.equal(rg.TransitEncryptionMode, 'required');
    assert.equal(rg.AtRestEncryptionEnabled, true);
    assert.equal(rg.MultiAZEnabled, true);
    assert.equal(rg.AutomaticFailoverEnabled, true);
    assert.equal(rg.Port, 6379);
    assert.deepEqual(rg.UserGroupIds, [{ Ref: only(template, 'AWS::ElastiCache::UserGroup').id }]);
    assert.equal(rg.AuthToken, undefined);
    const env = ofConsumer(template, 'AWS::Lambda::Function', 'notification').resource.Properties.Environment
      .Variables;
    assert.equal(env[EnvVar.redisAuth], 'iam');
    assert.equal(env[EnvVar.redisServerless], 'false');
    assert.equal(env[EnvVar.redisCacheName], 'msk-once-staging');
    assert.equal(env[EnvVar.redisUrl]['Fn::Join'][1][1]['Fn::GetAtt'][1], 'ConfigurationEndPoint.Address');
  });

  test('AUTH token mode: the token comes from a generated secret, no IAM user, no elasticache:Connect', () => {
    const { stack, vpc } = bareStack('T');
    const cache = new DedupCache(stack, 'Cache', {
      vpc,
      name: 'tok',
      config: {
        kind: 'replication-group',
        nodeType: 'cache.t4g.small',
        shards: 1,
        replicasPerShard: 0,
        auth: 'token',
      },
    });
    const role = new iam.Role(stack, 'Fn', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    const store = cache.storeFor('x');
    store.grantConnect(role);
    const template = Template.fromStack(stack);
    template.resourceCountIs('AWS::IAM::Policy', 0);
    template.resourceCountIs('AWS::ElastiCache::User', 0);
    template.resourceCountIs('AWS::SecretsManager::Secret', 1);
    const rg = only(template, 'AWS::ElastiCache::ReplicationGroup').resource.Properties;
    assert.match(JSON.stringify(rg.AuthToken), /resolve:secretsmanager/);
    assert.equal(rg.MultiAZEnabled, false);
    assert.equal(store.endpoint.auth, 'token');
    assert.equal(store.endpoint.user, undefined);
    assert.match(JSON.stringify(stack.resolve(store.endpoint.token)), /resolve:secretsmanager/);
  });

  test('a cache name ElastiCache would reject is an error naming the property', () => {
    const stack = new Stack(new App(), 'T');
    const vpc = ec2.Vpc.fromVpcAttributes(stack, 'Vpc', {
      vpcId: 'vpc-0a0000000000000a1',
      availabilityZones: ['a'],
      privateSubnetIds: ['subnet-0a00000000000000a'],
    });
    assert.throws(
      () =>
        new DedupCache(stack, 'Cache', {
          vpc,
          name: 'Has_Upper',
          config: { kind: 'serverless' },
        }),
      (e: unknown) => e instanceof ConstructConfigError && e.prop === 'name',
    );
  });
});

describe('one ElastiCache user per service', () => {
  test('each service reaches only its own keys, and a consumer may connect only as its service', () => {
    const { stack, vpc } = bareStack('T');
    const cache = new DedupCache(stack, 'Cache', { vpc, name: 'two', config: { kind: 'serverless' } });
    const billing = cache.storeFor('billing');
    assert.equal(cache.storeFor('billing'), billing, 'one store per service');
    const notification = cache.storeFor('notification');
    assert.equal(billing.endpoint.user, 'two-billing');
    assert.equal(notification.endpoint.user, 'two-notification');
    const role = new iam.Role(stack, 'Fn', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    billing.grantConnect(role);
    const template = Template.fromStack(stack);
    const users = template.findResources('AWS::ElastiCache::User');
    const idOf = (userId: string) =>
      Object.entries(users).find(([, u]) => u.Properties.UserId === userId)![0];
    assert.equal(users[idOf('two-billing')]!.Properties.AccessString, accessString('billing'));
    assert.equal(users[idOf('two-notification')]!.Properties.AccessString, accessString('notification'));
    template.hasResourceProperties('AWS::ElastiCache::UserGroup', {
      UserIds: [
        { Ref: idOf('two-default') },
        { Ref: idOf('two-billing') },
        { Ref: idOf('two-notification') },
      ],
    });
    const statement = only(template, 'AWS::IAM::Policy').resource.Properties.PolicyDocument.Statement[0];
    assert.deepEqual(statement.Resource, [
      { 'Fn::GetAtt': [only(template, 'AWS::ElastiCache::ServerlessCache').id, 'ARN'] },
      { 'Fn::GetAtt': [idOf('two-billing'), 'Arn'] },
    ]);
    assert.throws(
      () => cache.storeFor('Billing_2'),
      (e: unknown) => e instanceof ConstructConfigError && e.prop === 'service',
    );
  });
});

describe('idempotency table', () => {
  test('on demand, key id, TTL expiration (Powertools defaults), point-in-time recovery', () => {
    const { template } = synth('dev');
    const t = only(template, 'AWS::DynamoDB::Table').resource;
    assert.equal(t.Properties.BillingMode, 'PAY_PER_REQUEST');
    assert.deepEqual(t.Properties.KeySchema, [{ AttributeName: 'id', KeyType: 'HASH' }]);
    assert.deepEqual(t.Properties.AttributeDefinitions, [{ AttributeName: 'id', AttributeType: 'S' }]);
    assert.deepEqual(t.Properties.TimeToLiveSpecification, { AttributeName: 'expiration', Enabled: true });
    assert.deepEqual(t.Properties.PointInTimeRecoverySpecification, { PointInTimeRecoveryEnabled: true });
    assert.equal(t.DeletionPolicy, 'Delete');
  });

  test('prod keeps the table and the cache when the stack goes', () => {
    const { template } = synth('prod');
    const t = only(template, 'AWS::DynamoDB::Table').resource;
    assert.equal(t.DeletionPolicy, 'Retain');
    assert.equal(t.Properties.DeletionProtectionEnabled, true);
    assert.equal(only(template, 'AWS::ElastiCache::ServerlessCache').resource.DeletionPolicy, 'Retain');
  });
});
