/**
 * The DynamoDB table of effect-level idempotency records (Powertools idempotency, second line of
 * defence). Attribute names are Powertools' defaults: key `id`, TTL `expiration`, and `status`,
 * `data`, `in_progress_expiration` written by the library.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';

export interface IdempotencyTableProps {
  /** @default RemovalPolicy.DESTROY; prod retains (records of effects that happened) */
  readonly removalPolicy?: RemovalPolicy;
}

export class IdempotencyTable extends Construct {
  readonly table: dynamodb.Table;

  /**
   * @example
   * const { table } = new IdempotencyTable(stack, 'Idempotency', { removalPolicy: RemovalPolicy.RETAIN });
   */
  constructor(scope: Construct, id: string, props: IdempotencyTableProps = {}) {
    super(scope, id);
    const retain = props.removalPolicy === RemovalPolicy.RETAIN;
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: 'expiration',
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: retain,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.DESTROY,
    });
  }
}
