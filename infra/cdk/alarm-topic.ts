/**
 * AlarmTopic: where an environment's alarms go. Either an existing SNS topic (by ARN) or a new one,
 * encrypted with a customer managed key that CloudWatch may use (the AWS managed SNS key cannot be
 * used by CloudWatch alarms), TLS-only, with an optional e-mail subscription.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface AlarmTopicProps {
  /** Use this topic instead of creating one. */
  readonly topicArn?: string;
  /** Subscribed to a created topic. */
  readonly email?: string;
  /** What deleting the stack does to the created topic's KMS key. @default RemovalPolicy.DESTROY */
  readonly removalPolicy?: RemovalPolicy;
}

export class AlarmTopic extends Construct {
  readonly topic: sns.ITopic;

  /**
   * @example
   * const { topic } = new AlarmTopic(stack, 'Alarms', { email: 'oncall@example.com' });
   */
  constructor(scope: Construct, id: string, props: AlarmTopicProps) {
    super(scope, id);
    if (props.topicArn) {
      this.topic = sns.Topic.fromTopicArn(this, 'Topic', props.topicArn);
      return;
    }
    const key = new kms.Key(this, 'Key', {
      description: 'msk-once alarm topic encryption (CloudWatch may publish)',
      enableKeyRotation: true,
      // A KMS key is kept by default; the topic it encrypts goes with the stack, so the key may too.
      removalPolicy: props.removalPolicy ?? RemovalPolicy.DESTROY,
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'], // in a key policy '*' means this key
      }),
    );
    const topic = new sns.Topic(this, 'Topic', {
      masterKey: key,
      enforceSSL: true,
      displayName: 'msk-once alarms',
    });
    if (props.email) topic.addSubscription(new subscriptions.EmailSubscription(props.email));
    this.topic = topic;
  }
}
