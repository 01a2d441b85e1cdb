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
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Annotations, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { KafkaDlq, ManagedKafkaEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  DEFAULT_NAMESPACE,
  Dimension,
  EnvVar,
  type HeldClaimWaitOutcome,
  METRIC_DIMENSIONS,
  Metric,
  type MetricName,
  type RecordCounter,
} from '../../lib/contract.ts';
import { absentRuntimePeers, esbuildAvailable } from './bundling-tools.ts';
import {
  mappingSchemaRegistry,
  schemaRegistryEnvironment,
  validateSchemaRegistry,
} from './consumer-schema-registry.ts';
import { DEFAULT_TIMEOUT, eventIdEnvironment, validateConsumerProps } from './consumer-validation.ts';
import { dedupEnvironment } from './dedup-store.ts';
import { ConstructConfigError } from './errors.ts';
import type { KafkaConsumerProps } from './kafka-consumer-props.ts';
import { LeastPrivilegeRole } from './least-privilege-role.ts';
import { groupArn, parseClusterArn, topicArn } from './msk-arns.ts';

export type { KafkaConsumerProps };

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
  /** The poison sink's queue (`poisonQueue`), or undefined when there is none. */
  readonly poisonQueue: sqs.IQueue | undefined;
  readonly metricsNamespace: string;

  /**
   * @example
   * new KafkaConsumer(stack, 'orders', {
   *   entry: 'src/orders/handler.ts', service: 'orders', handlerName: 'on-order-placed',
   *   clusterArn, topics: ['order-placed'], consumerGroupId: 'orders', dlqTopic: 'msk-once-dlq',
   *   vpc, dedupStore: cache.storeFor('orders'), provisionedPollers: { minimumPollers: 1, maximumPollers: 2 },
   * });
   */
  constructor(scope: Construct, id: string, props: KafkaConsumerProps) {
    super(scope, id);
    const settings = validateConsumerProps(this.node.path, props);
    for (const note of settings.notes) Annotations.of(this).addWarningV2('msk-once:settings', note);
    validateSchemaRegistry(this.node.path, props.schemaRegistry, props.environment);
    const cluster = parseClusterArn(props.clusterArn);
    this.service = props.service;
    this.handlerName = props.handlerName;
    this.topics = props.topics;
    this.dlqTopic = props.dlqTopic;
    this.metricsNamespace = props.metricsNamespace ?? DEFAULT_NAMESPACE;

    this.role = new LeastPrivilegeRole(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `msk-once consumer ${props.service}/${props.handlerName}: scoped statements only`,
    });
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName: props.logGroupName,
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      // A log group outlives its stack by default; only an environment that keeps its data keeps it.
      removalPolicy: props.logRemovalPolicy ?? RemovalPolicy.DESTROY,
    });

    const projectRoot = props.projectRoot ?? process.cwd();
    // Without esbuild NodejsFunction switches to Docker bundling and fails with a Docker error;
    // say what to install instead (synths that skip bundling, e.g. `cdk ls`, need nothing).
    if (Stack.of(this).bundlingRequired && !esbuildAvailable(projectRoot)) {
      throw new ConstructConfigError(
        this.node.path,
        'entry',
        `cannot be bundled: KafkaConsumer bundles with a local esbuild (never Docker), which is not installed in ${projectRoot} nor on the PATH: run \`npm i -D esbuild\``,
      );
    }
    this.function = new NodejsFunction(this, 'Function', {
      entry: path.resolve(projectRoot, props.entry),
      functionName: props.functionName,
      handler: 'handler',
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? DEFAULT_TIMEOUT,
      role: this.role,
      logGroup: this.logGroup,
      vpc: props.vpc,
      vpcSubnets: props.vpcSubnets ?? { subnets: props.vpc.privateSubnets },
      securityGroups: [props.dedupStore.clientSecurityGroup, ...(props.securityGroups ?? [])],
      projectRoot,
      // The project's lock file when it has one (npm); otherwise CDK looks for yarn's or pnpm's.
      ...(existsSync(path.join(projectRoot, 'package-lock.json'))
        ? { depsLockFilePath: path.join(projectRoot, 'package-lock.json') }
        : {}),
      environment: {
        // Stack traces point at the TypeScript sources (the bundle ships its .map).
        NODE_OPTIONS: '--enable-source-maps',
        [EnvVar.serviceName]: props.service,
        // kafkaHandler compares its service with this one: a different one in the code fails at cold start.
        [EnvVar.deployedServiceName]: props.service,
        // kafkaHandler takes its handlerName from here, so the alarms' Handler dimension is the code's.
        [EnvVar.handlerName]: props.handlerName,
        [EnvVar.metricsNamespace]: this.metricsNamespace,
        ...dedupEnvironment(props.dedupStore.endpoint),
        [EnvVar.window]: 'default',
        [EnvVar.onStoreError]: 'open',
        // The declared settings the props give (lib/contract/settings.ts), and the timeout.
        ...settings.environment,
        ...(props.eventId ? eventIdEnvironment(props.eventId) : {}),
        ...(props.idempotencyTable ? { [EnvVar.idempotencyTable]: props.idempotencyTable.tableName } : {}),
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
        // Everything in the bundle, the AWS SDK too: the ElastiCache IAM token needs
        // @smithy/signature-v4 and @aws-sdk/credential-provider-node, which are not documented
        // contents of the Lambda runtime (the default would leave @aws-sdk/* and @smithy/* out).
        bundleAwsSDK: true,
        // msk-once's optional peers the project has not installed stay out of the bundle (the
        // function does not use them; if it did, it would fail naming the package to install).
        externalModules: absentRuntimePeers(projectRoot),
        ...(props.bundlingConditions?.length
          ? { esbuildArgs: { '--conditions': props.bundlingConditions.join(',') } }
          : {}),
        // ESM output still has CommonJS dependencies (ioredis) that call require().
        banner:
          "import { createRequire as __mskOnceRequire } from 'node:module'; const require = __mskOnceRequire(import.meta.url);",
      },
    });

    this.grantNetworkInterfaces();
    this.logGroup.grantWrite(this.role);
    props.dedupStore.grantConnect(this.role);
    if (props.idempotencyTable) this.grantIdempotencyTable(props.idempotencyTable);
    this.poisonQueue =
      props.poisonQueue === true
        ? new sqs.Queue(this, 'PoisonQueue', {
            encryption: sqs.QueueEncryption.SQS_MANAGED,
            enforceSSL: true,
            retentionPeriod: Duration.days(14),
            // Parked records are data: kept with the stack's data where the environment keeps it.
            removalPolicy: props.poisonQueueRemovalPolicy ?? RemovalPolicy.DESTROY,
          })
        : props.poisonQueue || undefined;
    if (this.poisonQueue) {
      this.function.addEnvironment(EnvVar.poisonQueueUrl, this.poisonQueue.queueUrl);
      this.grantPoisonQueueWrite(this.poisonQueue);
    }

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
    this.configureObservability(props);
  }

  /**
   * Tracing (X-Ray active, kafkaHandler's spans through `EnvVar.traceEnabled`) and the mappings'
   * system logs: aws-cdk-lib's ManagedKafkaEventSource has no prop for `LoggingConfig`, so it is
   * set on each mapping's CloudFormation resource.
   */
  private configureObservability(props: KafkaConsumerProps): void {
    const tracing = props.tracing ?? true;
    this.function.addEnvironment(EnvVar.traceEnabled, String(tracing));
    if (tracing) {
      (this.function.node.defaultChild as lambda.CfnFunction).tracingConfig = { mode: 'Active' };
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          sid: 'XRayTraces',
          actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'],
          resources: ['*'], // X-Ray's write actions support no resource-level permissions
        }),
      );
    }
    const level = props.mappingSystemLogLevel ?? 'WARN';
    if (level === 'none') return;
    for (const mapping of this.mappingResources) {
      mapping.addPropertyOverride('LoggingConfig', { SystemLogLevel: level });
    }
  }

  /** The CloudFormation resources of the event source mappings, one per topic. */
  get mappingResources(): lambda.CfnEventSourceMapping[] {
    return this.function.node
      .findAll()
      .filter((c): c is lambda.CfnEventSourceMapping => c instanceof lambda.CfnEventSourceMapping);
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

  /**
   * KafkaDlq grants nothing: the mapping produces to the DLQ topic with this role. An idempotent
   * producer (the Kafka client default since 3.0) also needs WriteDataIdempotently, a cluster
   * action: MSK's IAM policy docs say that, unlike Kafka ACLs, WriteData on one topic does not imply it.
   */
  private grantKafkaDlqWrite(cluster: ReturnType<typeof parseClusterArn>): void {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'WriteIdempotently',
        actions: ['kafka-cluster:WriteDataIdempotently'],
        resources: [cluster.arn],
      }),
    );
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

  /**
   * What parking a record needs: `sqs:SendMessage` on the queue, and its customer managed key's
   * data keys when it has one. Not `grantSendMessages` (which adds GetQueueAttributes and GetQueueUrl:
   * the function has the URL and reads nothing).
   *
   * @example
   * consumer.grantPoisonQueueWrite(queue);
   */
  grantPoisonQueueWrite(queue: sqs.IQueue): iam.Grant {
    const grant = iam.Grant.addToPrincipal({
      grantee: this.role,
      actions: ['sqs:SendMessage'],
      resourceArns: [queue.queueArn],
    });
    queue.encryptionMasterKey?.grant(this.role, 'kms:GenerateDataKey', 'kms:Decrypt');
    return grant;
  }

  /** The ids of the event source mappings (one per topic), as CloudWatch's EventSourceMappingUUID. */
  get eventSourceMappingIds(): string[] {
    return this.eventSources.map((s) => s.eventSourceMappingId);
  }

  /**
   * One of the core's per-topic counters (`RECORD_COUNTERS` of the contract: processed, succeeded,
   * failed, deduplicated) or `Metric.parked`, dimensions service, Topic, Handler.
   *
   * @example
   * consumer.metricMessages(Metric.failed, 'order-placed');
   */
  metricMessages(
    name: RecordCounter | typeof Metric.parked,
    topic: string,
    options?: cloudwatch.MetricOptions,
  ): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: this.metricsNamespace,
      metricName: name,
      dimensionsMap: {
        [Dimension.service]: this.service,
        [Dimension.topic]: topic,
        [Dimension.handler]: this.handlerName,
      },
      statistic: cloudwatch.Stats.SUM,
      period: Duration.minutes(5),
      ...options,
    });
  }

  /**
   * Deduplicated / processed over all topics of the consumer, or over `topics` of them (0 when
   * nothing was processed). Two metrics per topic: an alarm holds five topics at most (see
   * `alarmGroups` of msk-once/alarms); ConsumerAlarms splits a larger consumer.
   *
   * @example
   * consumer.metricDedupRatio().createAlarm(this, 'Ratio', { threshold: 0.1, evaluationPeriods: 2 });
   */
  metricDedupRatio(options?: { period?: Duration; topics?: readonly string[] }): cloudwatch.MathExpression {
    const usingMetrics: Record<string, cloudwatch.IMetric> = {};
    const period = options?.period ?? Duration.minutes(5);
    const indexes = (options?.topics ?? this.topics).map((t) => {
      const i = this.topics.indexOf(t);
      if (i < 0)
        throw new Error(`metricDedupRatio: '${t}' is not a topic of ${this.service}/${this.handlerName}`);
      return i;
    });
    for (const i of indexes) {
      const t = this.topics[i]!;
      usingMetrics[`dedup${i}`] = this.metricMessages(Metric.deduplicated, t, { period });
      usingMetrics[`processed${i}`] = this.metricMessages(Metric.processed, t, { period });
    }
    const sum = (prefix: string) => indexes.map((i) => `FILL(${prefix}${i}, 0)`).join(' + ');
    return new cloudwatch.MathExpression({
      expression: `IF((${sum('processed')}) > 0, (${sum('dedup')}) / (${sum('processed')}), 0)`,
      usingMetrics,
      label: `${this.service}/${this.handlerName} deduplicated / processed`,
      period,
    });
  }

  /**
   * The sum over every Reason of this service's `metric` (a Metrics Insights query over the
   * metric's dimension set, so that a reason added later is counted too).
   */
  private metricAllReasons(metric: MetricName, period = Duration.minutes(5)): cloudwatch.MathExpression {
    const schema = [`"${this.metricsNamespace}"`, ...METRIC_DIMENSIONS[metric]].join(', ');
    return new cloudwatch.MathExpression({
      expression: `SELECT SUM(${metric}) FROM SCHEMA(${schema}) WHERE ${Dimension.service} = '${this.service}'`,
      usingMetrics: {},
      label: `${this.service} ${metric} (all reasons)`,
      period,
    });
  }

  /**
   * Failed dedup store calls of the service (`Metric.dedupErrors`), summed over every Reason.
   *
   * @example
   * consumer.metricDedupErrors().createAlarm(this, 'Errors', { threshold: 0, evaluationPeriods: 1 });
   */
  metricDedupErrors(options?: { period?: Duration }): cloudwatch.MathExpression {
    return this.metricAllReasons(Metric.dedupErrors, options?.period);
  }

  /**
   * Failures of the effect layer's own store (`Metric.effectErrors`, all reasons: DynamoDB
   * unreachable, throttled, a mark not saved after the effect ran, a mark not deleted after the
   * effect failed).
   *
   * @example
   * consumer.metricEffectErrors().createAlarm(this, 'EffectStore', { threshold: 0, evaluationPeriods: 1 });
   */
  metricEffectErrors(options?: { period?: Duration }): cloudwatch.MathExpression {
    return this.metricAllReasons(Metric.effectErrors, options?.period);
  }

  /**
   * Latency of one store round trip (`Metric.dedupCheckDuration`, ms), e.g. statistic 'p99'.
   *
   * @example
   * consumer.metricDedupCheckDuration({ statistic: 'p99' });
   */
  metricDedupCheckDuration(options?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: this.metricsNamespace,
      metricName: Metric.dedupCheckDuration,
      dimensionsMap: { [Dimension.service]: this.service },
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
    return this.metricAllReasons(Metric.schemaRegistryErrors, options?.period);
  }

  /**
   * Waits for a claim another invocation held (`Metric.heldClaimWaits`), for one Reason: `claimed`
   * (freed, then run), `done` (committed meanwhile: a duplicate) or `still-held` (failed as held at
   * the bound); a rising `still-held` means retries meet claims that outlive the wait.
   *
   * @example
   * consumer.metricHeldClaimWaits('still-held').createAlarm(this, 'StillHeld', { threshold: 10, evaluationPeriods: 2 });
   */
  metricHeldClaimWaits(reason: HeldClaimWaitOutcome, options?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: this.metricsNamespace,
      metricName: Metric.heldClaimWaits,
      dimensionsMap: { [Dimension.service]: this.service, [Dimension.reason]: reason },
      statistic: 'Sum',
      period: Duration.minutes(5),
      ...options,
    });
  }

  /**
   * DONE marks the handler's commits wrote into mark hashes past Redis's compact encoding
   * (`Metric.marksNotCompact`, dimensions service and Handler, emitted only when non-zero): the
   * handler runs above its declared `eventsPerSecond`, and those hashes cost about 3x the memory per
   * event. A capacity warning, not a store failure (`metricDedupErrors` does not count it). The sum
   * over 5 minutes unless `options` say otherwise.
   *
   * @example
   * consumer.metricMarksNotCompact().createAlarm(this, 'NotCompact', { threshold: 0, evaluationPeriods: 3 });
   */
  metricMarksNotCompact(options?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: this.metricsNamespace,
      metricName: Metric.marksNotCompact,
      dimensionsMap: { [Dimension.service]: this.service, [Dimension.handler]: this.handlerName },
      statistic: cloudwatch.Stats.SUM,
      period: Duration.minutes(5),
      ...options,
    });
  }

  /**
   * Poison records the sink did not take (`Metric.poisonSinkErrors`): they failed instead, to be
   * retried, then to the DLQ topic.
   *
   * @example
   * consumer.metricPoisonSinkErrors().createAlarm(this, 'Sink', { threshold: 0, evaluationPeriods: 1 });
   */
  metricPoisonSinkErrors(options?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: this.metricsNamespace,
      metricName: Metric.poisonSinkErrors,
      dimensionsMap: { [Dimension.service]: this.service },
      statistic: cloudwatch.Stats.SUM,
      period: Duration.minutes(5),
      ...options,
    });
  }

  /**
   * Records parked in the poison queue (its ApproximateNumberOfMessagesVisible, maximum).
   *
   * @throws {Error} when the consumer has no poison queue.
   */
  metricPoisonQueueDepth(options?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return this.requirePoisonQueue('metricPoisonQueueDepth').metricApproximateNumberOfMessagesVisible({
      statistic: cloudwatch.Stats.MAXIMUM,
      period: Duration.minutes(5),
      ...options,
    });
  }

  /**
   * Age of the oldest parked record, seconds (the queue's ApproximateAgeOfOldestMessage, maximum).
   *
   * @throws {Error} when the consumer has no poison queue.
   */
  metricPoisonQueueAge(options?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return this.requirePoisonQueue('metricPoisonQueueAge').metricApproximateAgeOfOldestMessage({
      statistic: cloudwatch.Stats.MAXIMUM,
      period: Duration.minutes(5),
      ...options,
    });
  }

  private requirePoisonQueue(method: string): sqs.IQueue {
    if (!this.poisonQueue)
      throw new Error(`${method}: ${this.service}/${this.handlerName} has no poisonQueue`);
    return this.poisonQueue;
  }

  /** Duration of the function's invocations (AWS/Lambda Duration), e.g. statistic 'p99'. */
  metricDuration(options?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return this.function.metricDuration({ period: Duration.minutes(5), ...options });
  }

  /** Invocations running at once (AWS/Lambda ConcurrentExecutions, maximum). */
  metricConcurrentExecutions(options?: cloudwatch.MetricOptions): cloudwatch.Metric {
    return this.function.metric('ConcurrentExecutions', {
      statistic: cloudwatch.Stats.MAXIMUM,
      period: Duration.minutes(5),
      ...options,
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

  /** One ESM metric of mapping `i` (dimension EventSourceMappingUUID). */
  private metricMapping(
    i: number,
    metricName: string,
    statistic: string,
    period: Duration,
  ): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: 'AWS/Lambda',
      metricName,
      dimensionsMap: { EventSourceMappingUUID: this.eventSourceMappingIds[i]! },
      statistic,
      period,
    });
  }

  /** Indexes of the mappings `mappings` names (all of them by default), checked. */
  private mappingIndexes(mappings: readonly number[] | undefined): number[] {
    const all = this.eventSourceMappingIds.map((_, i) => i);
    if (mappings === undefined) return all;
    for (const i of mappings) {
      if (!Number.isInteger(i) || i < 0 || i >= all.length)
        throw new Error(`mapping index ${i} is not one of the ${all.length} mappings of ${this.service}`);
    }
    return [...mappings];
  }

  /** The sum over this consumer's mappings (or those of `mappings`) of ESM counters (ids `<prefix><i>`). */
  private metricMappings(
    metricNames: Record<string, string>,
    label: string,
    period = Duration.minutes(5),
    mappings?: readonly number[],
  ): cloudwatch.MathExpression {
    const usingMetrics: Record<string, cloudwatch.IMetric> = {};
    const indexes = this.mappingIndexes(mappings);
    for (const [prefix, metricName] of Object.entries(metricNames)) {
      for (const i of indexes) {
        usingMetrics[`${prefix}${i}`] = this.metricMapping(i, metricName, cloudwatch.Stats.SUM, period);
      }
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
   * The largest MaxOffsetLag of this consumer's mappings (KafkaMetrics group, enabled by this
   * construct): records behind on the most lagging partition, per mapping. More precise than the
   * function's OffsetLag, which adds every partition of every mapping together.
   *
   * @example
   * consumer.metricMaxOffsetLag().createAlarm(this, 'Lag', { threshold: 10_000, evaluationPeriods: 3 });
   */
  metricMaxOffsetLag(options?: {
    period?: Duration;
    mappings?: readonly number[];
  }): cloudwatch.MathExpression {
    const period = options?.period ?? Duration.minutes(5);
    const usingMetrics: Record<string, cloudwatch.IMetric> = {};
    for (const i of this.mappingIndexes(options?.mappings)) {
      usingMetrics[`lag${i}`] = this.metricMapping(i, 'MaxOffsetLag', cloudwatch.Stats.MAXIMUM, period);
    }
    return new cloudwatch.MathExpression({
      expression: `MAX([${Object.keys(usingMetrics).join(', ')}])`,
      usingMetrics,
      label: `${this.service} MaxOffsetLag (largest of its mappings)`,
      period,
    });
  }

  /**
   * Polling and offset commit errors of this consumer's mappings (ErrorCount group):
   * PollingErrorCount + CommitErrorCount.
   *
   * @example
   * consumer.metricMappingErrors().createAlarm(this, 'Polling', { threshold: 0, evaluationPeriods: 3 });
   */
  metricMappingErrors(options?: {
    period?: Duration;
    mappings?: readonly number[];
  }): cloudwatch.MathExpression {
    return this.metricMappings(
      { polling: 'PollingErrorCount', commit: 'CommitErrorCount' },
      `${this.service} mapping polling + commit errors`,
      options?.period,
      options?.mappings,
    );
  }

  /**
   * 1 in a period where some mapping of this consumer had records waiting (MaxOffsetLag > 0) and
   * invoked none (InvokedEventCount = 0), else 0. No data at all when the mappings report nothing.
   *
   * @example
   * consumer.metricMappingStalled().createAlarm(this, 'Stalled', { threshold: 0, evaluationPeriods: 3 });
   */
  metricMappingStalled(options?: {
    period?: Duration;
    mappings?: readonly number[];
  }): cloudwatch.MathExpression {
    const period = options?.period ?? Duration.minutes(5);
    const perMapping: Record<string, cloudwatch.IMetric> = {};
    for (const i of this.mappingIndexes(options?.mappings)) {
      perMapping[`stalled${i}`] = new cloudwatch.MathExpression({
        expression: `IF(FILL(lag${i}, 0) > 0 AND FILL(invoked${i}, 0) == 0, 1, 0)`,
        usingMetrics: {
          [`lag${i}`]: this.metricMapping(i, 'MaxOffsetLag', cloudwatch.Stats.MAXIMUM, period),
          [`invoked${i}`]: this.metricMapping(i, 'InvokedEventCount', cloudwatch.Stats.SUM, period),
        },
        period,
      });
    }
    const ids = Object.keys(perMapping);
    return new cloudwatch.MathExpression({
      expression: `MAX([${ids.join(', ')}])`,
      usingMetrics: perMapping,
      label: `${this.service} mappings with waiting records and no invocation`,
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
  metricDlqRecords(options?: { period?: Duration; mappings?: readonly number[] }): cloudwatch.MathExpression {
    return this.metricMappings(
      { dlq: 'OnFailureDestinationDeliveredEventCount' },
      `${this.service} records sent to ${this.dlqTopic}`,
      options?.period,
      options?.mappings,
    );
  }

  /**
   * Records given up without reaching the DLQ: DroppedEventCount (EventCount group). A record whose
   * write to the on-failure destination failed is in it already (its failed write is also counted
   * in OnFailureDestinationDeliveryErrorCount, ErrorCount group): adding the two would count that
   * record twice.
   *
   * @example
   * consumer.metricRecordsLost().createAlarm(this, 'Lost', { threshold: 0, evaluationPeriods: 1 });
   */
  metricRecordsLost(options?: {
    period?: Duration;
    mappings?: readonly number[];
  }): cloudwatch.MathExpression {
    return this.metricMappings(
      { dropped: 'DroppedEventCount' },
      `${this.service} records given up without reaching ${this.dlqTopic}`,
      options?.period,
      options?.mappings,
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
