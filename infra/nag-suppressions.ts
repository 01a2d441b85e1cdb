/**
 * The cdk-nag findings this design accepts, each acknowledged on the narrowest construct with the
 * reason a reviewer needs. Everything else cdk-nag reports fails the synth.
 */
import { Validations } from 'aws-cdk-lib';
import type { DedupCache } from './cdk/dedup-cache.ts';
import type { KafkaConsumer } from './cdk/kafka-consumer.ts';

export const ACKNOWLEDGED = {
  eniWildcard: {
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'Only the NetworkInterfaces statement uses Resource "*": ec2:Describe* (NetworkInterfaces, Subnets, SecurityGroups, Vpcs) ' +
      'support no resource-level permissions, and Lambda validates the execution role for Create/Delete/Assign/UnassignPrivateIpAddresses ' +
      'against "*" when it creates a VPC function or an MSK event source mapping (scoped ARNs fail with "The provided execution role does ' +
      'not have permissions to call CreateNetworkInterface on EC2"). This is what AWSLambdaVPCAccessExecutionRole/AWSLambdaMSKExecutionRole ' +
      'grant, minus their kafka:* and logs:* on "*", which this role scopes to the cluster, topics, groups and its log group. ' +
      'With tracing on, the XRayTraces statement too: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level ' +
      'permissions (what AWSXRayDaemonWriteAccess grants).',
  },
  poisonQueueNoDlq: {
    id: 'AwsSolutions-SQS3',
    reason:
      'The poison queue is the end of the line: people read it (msk-once triage, the runbook) and decide, replay or drop, each parked ' +
      'record; a DLQ of its own would only move them out of sight. Its depth and oldest age page (ConsumerAlarms).',
  },
  replicationGroupIamAuth: {
    id: 'AwsSolutions-AEC6',
    reason:
      'The replication group authenticates with IAM (RBAC user group with an IAM-mode user, TLS required), which replaces the shared ' +
      'Redis AUTH token the rule looks for: tokens are short-lived SigV4 signatures of the function role, and access is limited by ' +
      "elasticache:Connect and the user's access string.",
  },
} as const;

/** The consumer role's ENI statement; the poison queue's missing DLQ. */
function acknowledgeConsumer(consumer: KafkaConsumer): void {
  Validations.of(consumer.role).acknowledge(ACKNOWLEDGED.eniWildcard);
  if (consumer.poisonQueue) Validations.of(consumer.poisonQueue).acknowledge(ACKNOWLEDGED.poisonQueueNoDlq);
}

/** IAM auth on a replication group (only when there is no AUTH token). */
function acknowledgeCache(cache: DedupCache): void {
  if (cache.replicationGroup && cache.userGroup)
    Validations.of(cache.replicationGroup).acknowledge(ACKNOWLEDGED.replicationGroupIamAuth);
}

/** What of a stack the acknowledged findings sit on (MskOnceStack has it; typed apart to keep the stack's import one-way). */
export interface NagScope {
  readonly consumers: readonly KafkaConsumer[];
  readonly cache: DedupCache;
}

/**
 * Acknowledge the accepted findings on `stack`'s constructs.
 *
 * @example
 * suppressExpectedFindings(this);
 */
export function suppressExpectedFindings(stack: NagScope): void {
  for (const consumer of stack.consumers) acknowledgeConsumer(consumer);
  acknowledgeCache(stack.cache);
}
