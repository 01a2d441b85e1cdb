/**
 * MskOnceStack: everything one environment runs. The VPC, the MSK cluster and the DLQ topic exist
 * already and are referenced by id; this stack adds the dedup cache, the idempotency table, one
 * KafkaConsumer per configured consumer with its alarms, the alarm topic and the dashboard.
 */
import { CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { consumerResourceNames } from '../lib/alarms.ts';
import { AlarmTopic } from './cdk/alarm-topic.ts';
import { ConsumerAlarms } from './cdk/consumer-alarms.ts';
import { ConsumersDashboard } from './cdk/consumers-dashboard.ts';
import { DedupCache } from './cdk/dedup-cache.ts';
import { DlqTopic } from './cdk/dlq-topic.ts';
import { DEFAULT_DLQ_TOPIC_SETTINGS } from './cdk/dlq-topic-settings.ts';
import type { ConsumerConfig, EnvironmentConfig } from './cdk/environment-types.ts';
import { IdempotencyTable } from './cdk/idempotency-table.ts';
import { KafkaConsumer } from './cdk/kafka-consumer.ts';
import { suppressExpectedFindings } from './nag-suppressions.ts';

export interface MskOnceStackProps extends StackProps {
  readonly config: EnvironmentConfig;
  /** Where entries and package-lock.json are. */
  readonly projectRoot: string;
  /** Replace every consumer's entry (tests use a small fixture handler). */
  readonly entryOverride?: string | ((consumer: ConsumerConfig) => string);
}

export class MskOnceStack extends Stack {
  readonly consumers: KafkaConsumer[] = [];
  readonly cache: DedupCache;
  readonly idempotencyTable: IdempotencyTable;
  readonly alarmTopic: AlarmTopic;
  /** The DLQ topic, when the environment creates it. */
  readonly dlqTopic?: DlqTopic;

  /**
   * @example
   * new MskOnceStack(app, stackId(environment('dev')), { config: environment('dev'), projectRoot: process.cwd(), env: { account, region } });
   */
  constructor(scope: Construct, id: string, props: MskOnceStackProps) {
    super(scope, id, props);
    const config = props.config;
    const prefix = config.namePrefix;
    const retain = config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    const vpc = ec2.Vpc.fromVpcAttributes(this, 'Vpc', {
      vpcId: config.vpc.vpcId,
      availabilityZones: [...config.vpc.availabilityZones],
      privateSubnetIds: [...config.vpc.privateSubnetIds],
    });
    Validations.of(vpc).acknowledge({
      id: 'Annotation::@aws-cdk/aws-ec2:noSubnetRouteTableId',
      reason:
        "Nothing in this stack reads the subnets' route tables (it adds no routes and no gateway endpoints).",
    });
    const extraSgs = (config.vpc.extraFunctionSecurityGroupIds ?? []).map((sgId, i) =>
      ec2.SecurityGroup.fromSecurityGroupId(this, `ExtraSg${i}`, sgId, { mutable: false }),
    );

    this.cache = new DedupCache(this, 'DedupCache', {
      vpc,
      name: prefix,
      config: config.cache,
      removalPolicy: retain,
    });
    // HTTPS out: DynamoDB, the push provider and other AWS APIs (through endpoints or NAT).
    this.cache.clientSecurityGroup.addEgressRule(
      ec2.Peer.anyIpv4(),
      ec2.Port.tcp(443),
      'HTTPS to AWS APIs and providers',
    );

    this.idempotencyTable = new IdempotencyTable(this, 'Idempotency', { removalPolicy: retain });
    this.alarmTopic = new AlarmTopic(this, 'Alarms', {
      topicArn: config.alarms.topicArn,
      email: config.alarms.email,
      // The key protects the topic alone, which holds no data and goes with the stack: so may the key.
      removalPolicy: RemovalPolicy.DESTROY,
      // Every alarm of this stack is named `<namePrefix>-<consumer>-<section>`.
      alarmNamePrefix: `${prefix}-`,
    });
    if (config.createDlqTopic) {
      this.dlqTopic = new DlqTopic(this, 'Dlq', {
        clusterArn: config.mskClusterArn,
        topicName: config.dlqTopic,
        settings: { ...DEFAULT_DLQ_TOPIC_SETTINGS, ...config.dlqTopicSettings },
        removalPolicy: retain,
      });
    }

    for (const consumerConfig of config.consumers) {
      const consumer = this.addConsumer(consumerConfig, props, vpc, extraSgs);
      // The mapping's destination exists before the mapping can send anything to it.
      if (this.dlqTopic) consumer.node.addDependency(this.dlqTopic);
      new ConsumerAlarms(this, `${consumerConfig.name}Alarms`, {
        consumer,
        topic: this.alarmTopic.topic,
        runbookUrl: config.alarms.runbookUrl,
        namePrefix: prefix,
        dedupRatio: config.alarms.dedupRatio,
        checkP99Ms: config.alarms.checkP99Ms,
        offsetLag: config.alarms.offsetLag,
        silentMapping: config.alarms.silentMapping,
        poisonAgeSeconds: config.alarms.poisonAgeSeconds,
      });
    }
    new ConsumersDashboard(this, 'Dashboard', {
      dashboardName: prefix,
      consumers: this.consumers,
      cache: { name: prefix, kind: config.cache.kind },
    });
    // What the runbook's commands need: `aws cloudformation describe-stacks --stack-name <stack> --query Stacks[0].Outputs`.
    new CfnOutput(this, 'DlqTopic', {
      value: config.dlqTopic,
      description: 'On-failure destination topic of every consumer',
    });
    new CfnOutput(this, 'DashboardName', { value: prefix, description: 'CloudWatch dashboard name' });
    for (const consumer of this.consumers) {
      const id = consumer.node.id;
      new CfnOutput(this, `${id}FunctionName`, { value: consumer.function.functionName });
      new CfnOutput(this, `${id}LogGroup`, { value: consumer.logGroup.logGroupName });
      new CfnOutput(this, `${id}EventSourceMappings`, {
        value: Fn.join(',', consumer.eventSourceMappingIds),
      });
    }
    suppressExpectedFindings(this);
  }

  private addConsumer(
    c: ConsumerConfig,
    props: MskOnceStackProps,
    vpc: ec2.IVpc,
    extraSgs: ec2.ISecurityGroup[],
  ): KafkaConsumer {
    const config = props.config;
    const names = consumerResourceNames(config.namePrefix, c.name);
    const consumer = new KafkaConsumer(this, c.name, {
      functionName: names.functionName,
      logGroupName: names.logGroupName,
      logRemovalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      entry:
        typeof props.entryOverride === 'function' ? props.entryOverride(c) : (props.entryOverride ?? c.entry),
      projectRoot: props.projectRoot,
      // The repository's functions import msk-once by name: bundle its TypeScript, not a dist build.
      bundlingConditions: ['msk-once-source'],
      service: c.service,
      handlerName: c.handlerName,
      clusterArn: config.mskClusterArn,
      topics: c.topics,
      consumerGroupId: c.consumerGroupId,
      dlqTopic: config.dlqTopic,
      vpc,
      securityGroups: extraSgs,
      dedupStore: this.cache.storeFor(c.service),
      window: c.window,
      onStoreError: c.storePolicy,
      provisionedPollers: {
        minimumPollers: c.pollers.minimum,
        maximumPollers: c.pollers.maximum,
        pollerGroupName: c.pollers.groupName,
      },
      batchSize: c.batchSize,
      retryAttempts: c.retryAttempts,
      maxRecordAge: c.maxRecordAgeSeconds === undefined ? undefined : Duration.seconds(c.maxRecordAgeSeconds),
      startingPosition: lambda.StartingPosition[c.startingPosition],
      timeout: c.timeoutSeconds === undefined ? undefined : Duration.seconds(c.timeoutSeconds),
      memorySize: c.memoryMb,
      environment: { ...c.environment },
      idempotencyTable: c.usesIdempotencyTable ? this.idempotencyTable.table : undefined,
      poisonQueue: c.poisonQueue ?? false,
      poisonQueueRemovalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      tracing: c.tracing,
      mappingSystemLogLevel: c.mappingSystemLogLevel,
      metricsNamespace: config.metricsNamespace,
      logRetention: config.logRetentionDays as logs.RetentionDays,
    });
    this.consumers.push(consumer);
    return consumer;
  }
}
