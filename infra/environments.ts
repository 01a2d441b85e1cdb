/**
 * The environments this app deploys to. `cdk deploy -c env=<name>` picks one; `-c env=all` (what
 * `npm run synth` uses) builds every one, so a broken environment is found before a deploy.
 *
 * Account ids, ARNs and ids below are the placeholders of a fresh checkout: replace them with your
 * own before deploying. Everything is given by id, never looked up, so synth needs no credentials.
 *
 * Before the first deploy of an environment: the DLQ topic must exist on the cluster (Lambda does not
 * create it; `createDlqTopic: true` has the stack create it), the cluster must allow IAM access
 * control, and its security group must admit itself (the event source mapping's pollers connect
 * from the cluster's own subnets and security groups). infra/README.md has the whole procedure.
 */

import { RESOURCE_PREFIX } from './app-names.ts';
import type { ConsumerConfig, EnvironmentConfig } from './cdk/environment-types.ts';
import { type ConsumerDeclaration, checkDeclarations, consumerIn } from './consumer-declaration.ts';

/** Where alarm descriptions link to; anchors are those of docs/runbook.md. */
const RUNBOOK_URL = 'https://github.com/msk-once/msk-once/blob/main/docs/runbook.md';

/**
 * The consumers, one declaration each (infra/consumer-declaration.ts has the defaults); every
 * environment deploys every one. To add a consumer: write its handler at `functions/<name>/handler.ts`
 * and add its declaration here.
 */
export const CONSUMERS: readonly ConsumerDeclaration[] = [
  {
    name: 'notification',
    handlerName: 'on-review-created',
    topics: ['review-created'],
    usesIdempotencyTable: true,
    environments: {
      dev: { environment: { PUSH_PROVIDER_URL: 'https://push.dev.example.com' } },
      staging: {
        pollers: { minimum: 1, maximum: 4 },
        environment: { PUSH_PROVIDER_URL: 'https://push.staging.example.com' },
      },
      prod: {
        batchSize: 200,
        pollers: { minimum: 2, maximum: 10, groupName: 'msk-once-prod' },
        retryAttempts: 5,
        maxRecordAgeSeconds: 6 * 60 * 60,
        environment: { PUSH_PROVIDER_URL: 'https://push.example.com' },
      },
    },
  },
];

/** The consumers of the environment called `name`. */
const consumersOf = (name: string): ConsumerConfig[] => CONSUMERS.map((c) => consumerIn(c, name));

export const ENVIRONMENTS = {
  dev: {
    name: 'dev',
    namePrefix: `${RESOURCE_PREFIX}-dev`,
    account: '111111111111',
    region: 'eu-west-1',
    mskClusterArn:
      'arn:aws:kafka:eu-west-1:111111111111:cluster/msk-dev/0a1b2c3d-1111-2222-3333-444455556666-1',
    vpc: {
      vpcId: 'vpc-0d000000000000001',
      availabilityZones: ['eu-west-1a', 'eu-west-1b'],
      privateSubnetIds: ['subnet-0d00000000000000a', 'subnet-0d00000000000000b'],
    },
    dlqTopic: 'msk-once-dlq',
    createDlqTopic: true,
    consumers: consumersOf('dev'),
    cache: { kind: 'serverless', maxDataStorageGb: 1, maxEcpuPerSecond: 5000 },
    alarms: { runbookUrl: RUNBOOK_URL, offsetLag: 10_000, email: 'msk-once-dev@example.com' },
    logRetentionDays: 14,
    retainData: false,
  },
  staging: {
    name: 'staging',
    namePrefix: `${RESOURCE_PREFIX}-staging`,
    account: '222222222222',
    region: 'eu-west-1',
    mskClusterArn:
      'arn:aws:kafka:eu-west-1:222222222222:cluster/msk-staging/1b2c3d4e-1111-2222-3333-444455556666-2',
    vpc: {
      vpcId: 'vpc-05000000000000001',
      availabilityZones: ['eu-west-1a', 'eu-west-1b', 'eu-west-1c'],
      privateSubnetIds: ['subnet-0500000000000000a', 'subnet-0500000000000000b', 'subnet-0500000000000000c'],
    },
    dlqTopic: 'msk-once-dlq',
    createDlqTopic: true,
    consumers: consumersOf('staging'),
    // Staging runs the node-based option, so that both cache kinds are exercised before prod.
    cache: {
      kind: 'replication-group',
      nodeType: 'cache.t4g.small',
      shards: 1,
      replicasPerShard: 1,
      auth: 'iam',
    },
    alarms: { runbookUrl: RUNBOOK_URL, offsetLag: 10_000, email: 'msk-once-staging@example.com' },
    logRetentionDays: 30,
    retainData: false,
  },
  prod: {
    name: 'prod',
    namePrefix: `${RESOURCE_PREFIX}-prod`,
    account: '333333333333',
    region: 'eu-west-1',
    mskClusterArn:
      'arn:aws:kafka:eu-west-1:333333333333:cluster/msk-prod/2c3d4e5f-1111-2222-3333-444455556666-3',
    vpc: {
      vpcId: 'vpc-0f000000000000001',
      availabilityZones: ['eu-west-1a', 'eu-west-1b', 'eu-west-1c'],
      privateSubnetIds: ['subnet-0f00000000000000a', 'subnet-0f00000000000000b', 'subnet-0f00000000000000c'],
      extraFunctionSecurityGroupIds: ['sg-0f0000000000e0001'],
    },
    dlqTopic: 'msk-once-dlq',
    // Prod's DLQ topic outlives any stack: created once with the command of infra/README.md.
    createDlqTopic: false,
    consumers: consumersOf('prod'),
    cache: { kind: 'serverless', maxDataStorageGb: 10, maxEcpuPerSecond: 50_000 },
    alarms: {
      runbookUrl: RUNBOOK_URL,
      offsetLag: 50_000,
      // A topic of the stack's own, so that its policies (CloudWatch may publish, scoped to this
      // account's alarms) are in the template and checked by test/infra/alarm-delivery.test.ts.
      // An existing topic (`topicArn`) works too, if its own policies allow the same.
      email: 'msk-once-oncall@example.com',
    },
    logRetentionDays: 90,
    retainData: true,
  },
} as const satisfies Record<string, EnvironmentConfig>;

export type EnvironmentName = keyof typeof ENVIRONMENTS;

/** Names accepted by {@link environment}. */
export const ENVIRONMENT_NAMES = Object.keys(ENVIRONMENTS) as EnvironmentName[];

checkDeclarations(CONSUMERS, ENVIRONMENT_NAMES);

/** An unknown or missing `-c env=<name>`. */
export class UnknownEnvironmentError extends Error {
  readonly given: string | undefined;
  constructor(given: string | undefined) {
    const known = ENVIRONMENT_NAMES.join(', ');
    super(
      given === undefined || given === ''
        ? `No environment given: run cdk with -c env=<name>, one of: ${known} (or -c env=all to synthesize every one)`
        : `Unknown environment '${given}': known environments are ${known} (or all)`,
    );
    this.name = 'UnknownEnvironmentError';
    this.given = given;
  }
}

/**
 * The environment called `name`.
 *
 * @throws {UnknownEnvironmentError} listing the known names.
 * @example
 * const staging = environment('staging'); // staging.region === 'eu-west-1'
 */
export function environment(name: string | undefined): EnvironmentConfig {
  if (name === undefined || !Object.hasOwn(ENVIRONMENTS, name)) throw new UnknownEnvironmentError(name);
  return ENVIRONMENTS[name as EnvironmentName];
}

/**
 * The environments selected by a `-c env=` value: one name, or `all`.
 *
 * @example
 * selectEnvironments('all').map((e) => e.name); // ['dev', 'staging', 'prod']
 */
export function selectEnvironments(value: string | undefined): EnvironmentConfig[] {
  if (value === 'all') return ENVIRONMENT_NAMES.map((n) => ENVIRONMENTS[n]);
  return [environment(value)];
}
