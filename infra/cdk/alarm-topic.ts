/**
 * AlarmTopic: where an environment's alarms go. Either an existing SNS topic (by ARN) or a new one,
 * encrypted with a customer managed key that CloudWatch may use (the AWS managed SNS key cannot be
 * used by CloudWatch alarms), TLS-only, with an optional e-mail subscription.
 *
 * A created topic has a topic policy of its own (the TLS-only Deny), which replaces SNS's default
 * one: without a statement allowing `cloudwatch.amazonaws.com` to `sns:Publish`, every alarm action
 * fails with "is not authorized to perform: SNS:Publish" (AWS knowledge center, "Why didn't I receive
 * an SNS notification for my CloudWatch alarm trigger"). Both the topic policy and the key policy
 * allow CloudWatch, each scoped to this account (`aws:SourceAccount`) and to the alarms of this
 * environment (`aws:SourceArn`), so that no other account's alarm can use them (confused deputy).
 */
import { Aws, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface AlarmTopicProps {
  /**
   * Use this topic instead of creating one. Its access policy (and its key's, if encrypted) must let
   * `cloudwatch.amazonaws.com` publish: nothing in this stack can show or change that.
   * @default a topic is created
   */
  readonly topicArn?: string;
  /** Subscribed to a created topic. @default no subscription */
  readonly email?: string;
  /** What deleting the stack does to the created topic's KMS key. @default RemovalPolicy.DESTROY */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * The names of the alarms that publish start with this (e.g. `shop-prod-`): the `aws:SourceArn`
   * condition of the topic and key policies allows those alarms only.
   * @default '' (every alarm of the account and region)
   */
  readonly alarmNamePrefix?: string;
}

/** The principal CloudWatch alarms act as when they publish to SNS and use its topic's key. */
export const CLOUDWATCH_ALARMS_PRINCIPAL = 'cloudwatch.amazonaws.com';

export class AlarmTopic extends Construct {
  readonly topic: sns.ITopic;
  /** The created topic's key; undefined for an imported topic. */
  readonly key?: kms.Key;

  /**
   * @example
   * const { topic } = new AlarmTopic(stack, 'Alarms', { email: 'oncall@example.com', alarmNamePrefix: 'shop-prod-' });
   */
  constructor(scope: Construct, id: string, props: AlarmTopicProps) {
    super(scope, id);
    if (props.topicArn) {
      this.topic = sns.Topic.fromTopicArn(this, 'Topic', props.topicArn);
      return;
    }
    // Only this account's alarms of this environment, in this region.
    const fromOurAlarms = {
      StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
      ArnLike: {
        'aws:SourceArn': `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:${props.alarmNamePrefix ?? ''}*`,
      },
    };
    const key = new kms.Key(this, 'Key', {
      description: 'msk-once alarm topic encryption (CloudWatch may publish)',
      enableKeyRotation: true,
      // A KMS key is kept by default; the topic it encrypts goes with the stack, so the key may too.
      removalPolicy: props.removalPolicy ?? RemovalPolicy.DESTROY,
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new iam.ServicePrincipal(CLOUDWATCH_ALARMS_PRINCIPAL)],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'], // in a key policy '*' means this key
        conditions: fromOurAlarms,
      }),
    );
    const topic = new sns.Topic(this, 'Topic', {
      masterKey: key,
      enforceSSL: true,
      displayName: 'msk-once alarms',
    });
    topic.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new iam.ServicePrincipal(CLOUDWATCH_ALARMS_PRINCIPAL)],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: fromOurAlarms,
      }),
    );
    if (props.email) topic.addSubscription(new subscriptions.EmailSubscription(props.email));
    this.topic = topic;
    this.key = key;
  }
}
