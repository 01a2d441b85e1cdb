/**
 * KafkaConsumer: one msk-once Lambda consumer of MSK topics, deployed the way the core expects.
 *
 *   NodejsFunction (nodejs24.x, arm64, esbuild, source maps) in the VPC
 *     <- ManagedKafkaEventSource per topic, provisioned mode, retries, bisect, partial batch failures
 *     -> on failure: KafkaDlq (kafka://<dlqTopic>)
 *   role: only scoped statements (LeastPrivilegeRole drops the AWS managed policies on `*`)
 *
 * Metrics are read through metric* methods, permissions given through grant* methods.
 */
import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import {
  KafkaDlq,
  ManagedKafkaEventSource,
  type ProvisionedPollerConfig,
} from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { SCHEMA_REGISTRY_ERRORS_METRIC } from '../../lib/formats/index.ts';
import type { DedupWindow } from '../environment-types.ts';
import { groupArn, parseClusterArn, topicArn } from '../msk-arns.ts';
import {
  type ConsumerSchemaRegistryProps,
  mappingSchemaRegistry,
  schemaRegistryEnvironment,
  validateSchemaRegistry,
} from './consumer-schema-registry.ts';
import { validateConsumerProps } from './consumer-validation.ts';
import { dedupEnvironment, type IDedupStore } from './dedup-store.ts';
import { LeastPrivilegeRole } from './least-privilege-role.ts';

export interface KafkaConsumerProps {
  /** The handler file exporting `handler` (a kafkaHandler). */
  readonly entry: string;
  /** POWERTOOLS_SERVICE_NAME; the `service` metric dimension. */
  readonly service: string;
  /** The handlerName given to kafkaHandler; the `Handler` metric dimension of the alarms. */
  readonly handlerName: string;
  readonly clusterArn: string;
  readonly topics: readonly string[];
  /** Consumer group; with several topics each mapping joins `<consumerGroupId>.<topic>` (group ids must be unique per mapping). */
  readonly consumerGroupId: string;
  /** On-failure destination topic on the same cluster; must not be a source topic. */
  readonly dlqTopic: string;
  readonly vpc: ec2.IVpc;
  /** @default the VPC's private subnets */
  readonly vpcSubnets?: ec2.SubnetSelection;
  /** Added to the store's client security group. @default none */
  readonly securityGroups?: ec2.ISecurityGroup[];
  readonly dedupStore: IDedupStore;
  /** @default 'default' (24 h) */
  readonly window?: DedupWindow;
  /** @default 'open' */
  readonly storePolicy?: 'open' | 'closed';
  /** Required: retries, bisect, partial batch failures and the Kafka DLQ only work in provisioned mode. */
  readonly provisionedPollers?: ProvisionedPollerConfig;
  /** @default 100 */
  readonly batchSize?: number;
  /** @default 500 ms (the MSK default) */
  readonly maxBatchingWindow?: Duration;
  /** @default 3 */
  readonly retryAttempts?: number;
  /** Split a batch when the function throws (a bug or a crash), to isolate the record. @default true */
  readonly bisectBatchOnError?: boolean;
  /** @default no limit (-1) */
  readonly maxRecordAge?: Duration;
  /** @default TRIM_HORIZON */
  readonly startingPosition?: lambda.StartingPosition;
  /** At most 14 minutes. @default 2 minutes */
  readonly timeout?: Duration;
  /** @default 512 */
  readonly memorySize?: number;
  /** Extra environment, e.g. PUSH_PROVIDER_URL. */
  readonly environment?: Record<string, string>;
  /** Granted read/write of idempotency records and passed as IDEMPOTENCY_TABLE_NAME. @default none */
  readonly idempotencyTable?: dynamodb.ITable;
  /** @default 'MskOnce' */
  readonly metricsNamespace?: string;
  /** @default one month */
  readonly logRetention?: logs.RetentionDays;
  /** Where esbuild resolves packages from. @default the current directory */
  readonly projectRoot?: string;
  /**
   * The mappings validate records against this registry (Glue by ARN, Confluent by URL and secret)
   * and deliver them as JSON or SOURCE; the function gets the same settings in its environment.
   * @default none: records reach the function as producers wrote them
   */
  readonly schemaRegistry?: ConsumerSchemaRegistryProps;
}

const ENI_ACTIONS = [
  'ec2:CreateNetworkInterface',
  'ec2:DeleteNetworkInterface',
  'ec2:DescribeNetworkInterfaces',
  'ec2:AssignPrivateIpAddresses',
  'ec2:UnassignPrivateIpAddresses',
  'ec2:DescribeSubnets',
  'ec2:DescribeSecurityGroups',
  'ec2:DescribeVpcs',
];

export class KafkaConsumer extends Construct {
  readonly function: NodejsFunction;
  readonly role: LeastPrivilegeRole;
  readonly logGroup: logs.LogGroup;
  readonly eventSources: ManagedKafkaEventSource[] = [];
  readonly service: string;
  readonly handlerName: string;
  readonly topics: readonly string[];
  readonly dlqTopic: string;
  readonly metricsNamespace: string;

  /**
   * @example
   * new KafkaConsumer(stack, 'notification', {
   *   entry: 'functions/notification/handler.ts', service: 'notification', handlerName: 'on-review-created',
   *   clusterArn, topics: ['review-created'], consumerGroupId: 'notification', dlqTopic: 'msk-once-dlq',
   *   vpc, dedupStore: cache.storeFor('notification'), provisionedPollers: { minimumPollers: 1, maximumPollers: 2 },
   * });
   */
  constructor(scope: Construct, id: string, props: KafkaConsumerProps) {
    super(scope, id);
    validateConsumerProps(this.node.path, props);
    validateSchemaRegistry(this.node.path, props.schemaRegistry, props.environment);
    const cluster = parseClusterArn(props.clusterArn);
    this.service = props.service;
    this.handlerName = props.handlerName;
    this.topics = props.topics;
    this.dlqTopic = props.dlqTopic;
    this.metricsNamespace = props.metricsNamespace ?? 'MskOnce';

    this.role = new LeastPrivilegeRole(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `msk-once consumer ${props.service}/${props.handlerName}: scoped statements only`,
    });
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
    });

    const projectRoot = props.projectRoot ?? process.cwd();
    this.function = new NodejsFunction(this, 'Function', {
      entry: path.resolve(projectRoot, props.entry),
      handler: 'handler',
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.minutes(2),
      role: this.role,
      logGroup: this.logGroup,
      vpc: props.vpc,
      vpcSubnets: props.vpcSubnets ?? { subnets: props.vpc.privateSubnets },
      securityGroups: [props.dedupStore.clientSecurityGroup, ...(props.securityGroups ?? [])],
      projectRoot,
      depsLockFilePath: path.join(projectRoot, 'package-lock.json'),
      environment: {
        // Stack traces point at the TypeScript sources (the bundle ships its .map).
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: props.service,
        POWERTOOLS_METRICS_NAMESPACE: this.metricsNamespace,
        ...dedupEnvironment(props.dedupStore.endpoint),
        DEDUP_WINDOW: String(props.window ?? 'default'),
        DEDUP_STORE_POLICY: props.storePolicy ?? 'open',
        ...(props.idempotencyTable ? { IDEMPOTENCY_TABLE_NAME: props.idempotencyTable.tableName } : {}),
        ...props.environment,
        ...schemaRegistryEnvironment(props.schemaRegistry),
      },
      bundling: {
        // Local esbuild only: no Docker on build machines, and the same output everywhere.
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node24',
        mainFields: ['module', 'main'],
        minify: true,
        // Error and class names stay readable in logs (error.name) after minification.
        keepNames: true,
        sourceMap: true,
        sourcesContent: false,
        // ESM output still has CommonJS dependencies (ioredis) that call require().
        banner:
          "import { createRequire as __mskOnceRequire } from 'node:module'; const require = __mskOnceRequire(import.meta.url);",
      },
    });

    this.grantNetworkInterfaces();
    this.logGroup.grantWrite(this.role);
    props.dedupStore.grantConnect(this.role);
    if (props.idempotencyTable) this.grantIdempotencyTable(props.idempotencyTable);

    const groups = props.topics.map((t) =>
      props.topics.length === 1 ? props.consumerGroupId : `${props.consumerGroupId}.${t}`,
    );
    this.grantKafkaRead(cluster, groups);
    this.grantKafkaDlqWrite(cluster);

    props.topics.forEach((topic, i) => {
      const source = new ManagedKafkaEventSource({
        clusterArn: props.clusterArn,
        topic,
        consumerGroupId: groups[i],
        startingPosition: props.startingPosition ?? lambda.StartingPosition.TRIM_HORIZON,
        batchSize: props.batchSize ?? 100,
        maxBatchingWindow: props.maxBatchingWindow,
        provisionedPollerConfig: props.provisionedPollers,
        retryAttempts: props.retryAttempts ?? 3,
        bisectBatchOnError: props.bisectBatchOnError ?? true,
        reportBatchItemFailures: true,
        maxRecordAge: props.maxRecordAge,
        onFailure: new KafkaDlq(props.dlqTopic),
        schemaRegistryConfig: props.schemaRegistry ? mappingSchemaRegistry(props.schemaRegistry) : undefined,
        metricsConfig: {
          metrics: [
            lambda.MetricType.EVENT_COUNT,
            lambda.MetricType.ERROR_COUNT,
            lambda.MetricType.KAFKA_METRICS,
          ],
        },
      });
      this.function.addEventSource(source);
      this.eventSources.push(source);
    });
  }

  /** ENIs for the function in the VPC and for the event source mapping's pollers. */
  private grantNetworkInterfaces(): void {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ sid: 'NetworkInterfaces', actions: ENI_ACTIONS, resources: ['*'] }),
    );
  }

  /** Join the consumer groups and read the source topics (MSK IAM access control). */
  private grantKafkaRead(cluster: ReturnType<typeof parseClusterArn>, groups: string[]): void {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'DescribeCluster',
        actions: ['kafka:DescribeClusterV2', 'kafka:GetBootstrapBrokers'],
        resources: [cluster.arn],
      }),
    );
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'ConnectCluster',
        actions: [
          'kafka-cluster:Connect',
          'kafka-cluster:DescribeCluster',
          'kafka-cluster:DescribeClusterDynamicConfiguration',
        ],
        resources: [cluster.arn],
      }),
    );
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'ReadSourceTopics',
        actions: ['kafka-cluster:DescribeTopic', 'kafka-cluster:ReadData'],
        resources: this.topics.map((t) => topicArn(cluster, t)),
      }),
    );
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'UseConsumerGroups',
        actions: ['kafka-cluster:DescribeGroup', 'kafka-cluster:AlterGroup'],
        resources: groups.map((g) => groupArn(cluster, g)),
      }),
    );
  }

  /** KafkaDlq grants nothing: the mapping produces to the DLQ topic with this role. */
  private grantKafkaDlqWrite(cluster: ReturnType<typeof parseClusterArn>): void {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'WriteDlqTopic',
        actions: ['kafka-cluster:DescribeTopic', 'kafka-cluster:WriteData'],
        resources: [topicArn(cluster, this.dlqTopic)],
      }),
    );
  }

  /**
   * Item-level access for Powertools idempotency records (and rows kept in the same table).
   *
   * @example
   * consumer.grantIdempotencyTable(table.table);
   */
  grantIdempotencyTable(table: dynamodb.ITable): iam.Grant {
    return table.grant(
      this.role,
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    );
  }

  /** The ids of the event source mappings (one per topic), as CloudWatch's EventSourceMappingUUID. */
  get eventSourceMappingIds(): string[] {
    return this.eventSources.map((s) => s.eventSourceMappingId);
  }

  /**
   * One of the core's per-topic counters (MessagesProcessed, MessagesSucceeded, MessagesFailed,
   * MessagesDeduplicated), dimensions service, Topic, Handler.
   *
   * @example
   * consumer.metricMessages('MessagesFailed', 'review-created');
   */
  metricMessages(
    name: 'MessagesProcessed' | 'MessagesSucceeded' | 'MessagesFailed' | 'MessagesDeduplicated',
    topic: string,
    options?: cloudwatch.MetricOptions,
  ): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: this.metricsNamespace,
      metricName: name,
      dimensionsMap: { service: this.service, Topic: topic, Handler: this.handlerName },
      statistic: cloudwatch.Stats.SUM,
      period: Duration.minutes(5),
      ...options,
    });
  }

  /**
   * Deduplicated / processed over all topics of the consumer (0 when nothing was processed).
   *
   * @example
   * consumer.metricDedupRatio().createAlarm(this, 'Ratio', { threshold: 0.1, evaluationPeriods: 2 });
   */
  metricDedupRatio(options?: { period?: Duration }): cloudwatch.MathExpression {
    const usingMetrics: Record<string, cloudwatch.IMetric> = {};
    this.topics.forEach((t, i) => {
      usingMetrics[`dedup${i}`] = this.metricMessages('MessagesDeduplicated', t, options);
      usingMetrics[`processed${i}`] = this.metricMessages('MessagesProcessed', t, options);
    });
    const sum = (prefix: string) => this.topics.map((_, i) => `FILL(${prefix}${i}, 0)`).join(' + ');
    return new cloudwatch.MathExpression({
      expression: `IF((${sum('processed')}) > 0, (${sum('dedup')}) / (${sum('processed')}), 0)`,
      usingMetrics,
      label: `${this.service}/${this.handlerName} deduplicated / processed`,
      period: options?.period ?? Duration.minutes(5),
    });
  }

  /**
   * DedupErrors of the service summed over every Reason (a Metrics Insights query, so that a reason
   * added later is counted too).
   *
   * @example
   * consumer.metricDedupErrors().createAlarm(this, 'Errors', { threshold: 0, evaluationPeriods: 1 });
   */
  metricDedupErrors(options?: { period?: Duration }): cloudwatch.MathExpression {
    return new cloudwatch.MathExpression({
      expression: `SELECT SUM(DedupErrors) FROM SCHEMA("${this.metricsNamespace}", Reason, service) WHERE service = '${this.service}'`,
      usingMetrics: {},
      label: `${this.service} DedupErrors (all reasons)`,
      period: options?.period ?? Duration.minutes(5),
    });
  }

  /**
   * Failures of the effect layer's own store (EffectErrors, all reasons: DynamoDB unreachable,
   * throttled, a mark not saved after the effect ran, a mark not deleted after the effect failed).
   *
   * @example
   * consumer.metricEffectErrors().createAlarm(this, 'EffectErrors', { threshold: 0, evaluationPeriods: 1 });
   */
  metricEffectErrors(options?: { period?: Duration }): cloudwatch.MathExpression {
    return new cloudwatch.MathExpression({
      expression: `SELECT SUM(EffectErrors) FROM SCHEMA("${this.metricsNamespace}", Reason, service) WHERE service = '${this.service}'`,
      usingMetrics: {},
      label: `${this.service} EffectErrors (all reasons)`,
      period: options?.period ?? Duration.minutes(5),
    });
  }

  /**
   * Latency of one store round trip (DedupCheckDuration, ms), e.g. statistic 'p99'.
   *
   * @example
   * consumer.metricDedupCheckDuration({ statistic: 'p99' });
   */
  metricDedupCheckDuration(options?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: this.metricsNamespace,
      metricName: 'DedupCheckDuration',
      dimensionsMap: { service: this.service },
      statistic: 'p99',
      period: Duration.minutes(5),
      ...options,
    });
  }

  /**
   * Records that failed because the schema registry did (SchemaRegistryErrors, all reasons:
   * not-found, denied, timeout, unreachable, http, invalid).
   *
   * @example
   * consumer.metricSchemaRegistryErrors().createAlarm(this, 'Registry', { threshold: 0, evaluationPeriods: 1 });
   */
  metricSchemaRegistryErrors(options?: { period?: Duration }): cloudwatch.MathExpression {
    return new cloudwatch.MathExpression({
      expression: `SELECT SUM(${SCHEMA_REGISTRY_ERRORS_METRIC}) FROM SCHEMA("${this.metricsNamespace}", Reason, service) WHERE service = '${this.service}'`,
      usingMetrics: {},
      label: `${this.service} ${SCHEMA_REGISTRY_ERRORS_METRIC} (all reasons)`,
      period: options?.period ?? Duration.minutes(5),
    });
  }

  /** AWS/Lambda OffsetLag of the function: records written to its topics and not yet processed. */
  metricOffsetLag(options?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: 'AWS/Lambda',
      metricName: 'OffsetLag',
      dimensionsMap: { FunctionName: this.function.functionName },
      statistic: cloudwatch.Stats.MAXIMUM,
      period: Duration.minutes(5),
      ...options,
    });
  }

  /** The sum over this consumer's mappings of ESM metrics (ids `<prefix><i>`). */
  private metricMappings(
    metricNames: Record<string, string>,
    label: string,
    period = Duration.minutes(5),
  ): cloudwatch.MathExpression {
    const usingMetrics: Record<string, cloudwatch.IMetric> = {};
    for (const [prefix, metricName] of Object.entries(metricNames)) {
      this.eventSourceMappingIds.forEach((uuid, i) => {
        usingMetrics[`${prefix}${i}`] = new cloudwatch.Metric({
          namespace: 'AWS/Lambda',
          metricName,
          dimensionsMap: { EventSourceMappingUUID: uuid },
          statistic: cloudwatch.Stats.SUM,
          period,
        });
      });
    }
    return new cloudwatch.MathExpression({
      expression: Object.keys(usingMetrics)
        .map((k) => `FILL(${k}, 0)`)
        .join(' + '),
      usingMetrics,
      label,
      period,
    });
  }

  /**
   * Records the mappings wrote to the DLQ topic (ESM metric OnFailureDestinationDeliveredEventCount,
   * EventCount group, enabled by this construct).
   *
   * @example
   * consumer.metricDlqRecords().createAlarm(this, 'Dlq', { threshold: 0, evaluationPeriods: 1 });
   */
  metricDlqRecords(options?: { period?: Duration }): cloudwatch.MathExpression {
    return this.metricMappings(
      { dlq: 'OnFailureDestinationDeliveredEventCount' },
      `${this.service} records sent to ${this.dlqTopic}`,
      options?.period,
    );
  }

  /**
   * Records given up without reaching the DLQ: DroppedEventCount (EventCount group) plus
   * OnFailureDestinationDeliveryErrorCount (ErrorCount group).
   */
  metricRecordsLost(options?: { period?: Duration }): cloudwatch.MathExpression {
    return this.metricMappings(
      { dropped: 'DroppedEventCount', undelivered: 'OnFailureDestinationDeliveryErrorCount' },
      `${this.service} records dropped or not delivered to ${this.dlqTopic}`,
      options?.period,
    );
  }

  /** Function errors (a thrown error: the whole batch is retried). */
  metricErrors(options?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return this.function.metricErrors({ period: Duration.minutes(5), ...options });
  }

  /** Throttled invocations. */
  metricThrottles(options?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return this.function.metricThrottles({ period: Duration.minutes(5), ...options });
  }
}
