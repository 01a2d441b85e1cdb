/**
 * An execution role that takes no AWS managed policies.
 *
 * Why: `ManagedKafkaEventSource.bind` always attaches `AWSLambdaMSKExecutionRole`, and a function in a
 * VPC gets `AWSLambdaVPCAccessExecutionRole`; both grant kafka:*, ec2:* and logs:* on `*`. This role
 * ignores them (and records that it did) so that every permission is one of the scoped statements the
 * consumer construct adds itself.
 */
import type { IManagedPolicy, RoleProps } from 'aws-cdk-lib/aws-iam';
import { Role } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

export class LeastPrivilegeRole extends Role {
  /** Managed policies that constructs tried to attach, left out on purpose. */
  readonly ignoredManagedPolicies: IManagedPolicy[] = [];

  /**
   * @example
   * const role = new LeastPrivilegeRole(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
   */
  constructor(scope: Construct, id: string, props: Omit<RoleProps, 'managedPolicies'>) {
    super(scope, id, props);
  }

  /** Records the policy instead of attaching it; see the class comment. */
  override addManagedPolicy(policy: IManagedPolicy): void {
    this.ignoredManagedPolicies.push(policy);
  }
}
