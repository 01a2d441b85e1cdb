/**
 * DlqTopic: the consumers' on-failure topic, created by CloudFormation (AWS::MSK::Topic). The event
 * source mapping does not create its destination topic; without it every record that exhausts its
 * retries is lost. AWS::MSK::Topic needs an MSK Provisioned cluster on Kafka 3.6.0 or later: for
 * other clusters create the topic with the command of infra/README.md instead.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as msk from 'aws-cdk-lib/aws-msk';
import { Construct } from 'constructs';
import { type DlqTopicSettings, dlqTopicConfigs } from './dlq-topic-settings.ts';

export interface DlqTopicProps {
  readonly clusterArn: string;
  readonly topicName: string;
  readonly settings: DlqTopicSettings;
  /** What deleting the stack does to the topic and the failed records in it. @default RemovalPolicy.DESTROY */
  readonly removalPolicy?: RemovalPolicy;
}

export class DlqTopic extends Construct {
  readonly topic: msk.CfnTopic;

  /**
   * @example
   * new DlqTopic(stack, 'DlqTopic', { clusterArn, topicName: 'msk-once-dlq', settings: DEFAULT_DLQ_TOPIC_SETTINGS });
   */
  constructor(scope: Construct, id: string, props: DlqTopicProps) {
    super(scope, id);
    const s = props.settings;
    this.topic = new msk.CfnTopic(this, 'Topic', {
      clusterArn: props.clusterArn,
      topicName: props.topicName,
      partitionCount: s.partitions,
      replicationFactor: s.replicationFactor,
      // "Topic configurations encoded as a Base64 string": a JSON object of Kafka topic configs.
      configs: Buffer.from(JSON.stringify(dlqTopicConfigs(s))).toString('base64'),
    });
    this.topic.applyRemovalPolicy(props.removalPolicy ?? RemovalPolicy.DESTROY);
  }
}
