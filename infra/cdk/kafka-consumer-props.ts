/**
 * The props of KafkaConsumer (kafka-consumer.ts), in a file of their own so that the construct and
 * its validation (consumer-validation.ts) both import them without importing each other.
 * Names of environment variables and metric dimensions are the contract's (lib/contract.ts).
 */
import type { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as ec2 from 'aws-cdk-lib/aws-ec2';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { ProvisionedPollerConfig } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { EVENT_ID_FORMATS, PreviousKeyFormat } from '../../lib/contract.ts';
import type { ConsumerSchemaRegistryProps } from './consumer-schema-registry.ts';
import type { IDedupStore } from './dedup-store.ts';
import type { DedupWindow } from './environment-types.ts';

export interface KafkaConsumerProps {
  /** The handler file exporting `handler` (a kafkaHandler). */
  readonly entry: string;
  /**
   * The service name (`EnvVar.serviceName`); the `service` metric dimension of the alarms, passed
   * to the function as `EnvVar.deployedServiceName` too: a different service in the code fails at cold start.
   */
  readonly service: string;
  /**
   * The `Handler` metric dimension of the alarms, passed to the function as `EnvVar.handlerName`:
   * kafkaHandler takes it from there (a different handlerName in the code fails at cold start).
   */
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
  /** `EnvVar.window`: a named window or seconds. @default 'default' (24 h) */
  readonly window?: DedupWindow;
  /**
   * `EnvVar.onStoreError`: when the store fails, 'open' runs the record without dedup (counted),
   * 'closed' fails it (retried, then the DLQ); kafkaHandler's `onStoreError`.
   * @default 'open'
   */
  readonly onStoreError?: 'open' | 'closed';
  /** @deprecated Use `onStoreError` (the same setting; read for one release, with a synth warning). */
  readonly storePolicy?: 'open' | 'closed';
  /**
   * `EnvVar.reserveMs`: do not start a record with less than this left of the invocation (it is
   * released for a retry). At most half the `timeout`, derived from it when not given; one as long
   * as the timeout is refused at synth.
   * @default 5 seconds, at most half the timeout
   */
  readonly reserve?: Duration;
  /**
   * `EnvVar.leaseMs`: how long a claim lives unless renewed (renewed every third of it while the
   * invocation runs); a crashed invocation's claims end within it.
   * @default 30 seconds
   */
  readonly lease?: Duration;
  /**
   * `EnvVar.commitEveryRecords`, `EnvVar.commitEveryMs`: a group commit once `records` succeeded, or
   * `ms` after the first of them; `ms` at most a third of the lease (refused at synth when given
   * longer, derived when not).
   * @default { records: 100, ms: 500 }; records 1,000 on a cluster (a group there costs a script per
   * hash slot among its keys), unless given
   */
  readonly commitEvery?: { readonly records?: number; readonly ms?: number };
  /** `EnvVar.maxHeaderBytes`: largest accepted header value, bytes. @default 16384 */
  readonly maxHeaderBytes?: number;
  /**
   * `EnvVar.eventsPerSecond`: the handler's peak rate of new events per second, which spreads its
   * DONE marks over enough hashes to stay compact. Change it like a key format. @default 1000
   */
  readonly eventsPerSecond?: number;
  /**
   * `EnvVar.previousKeyFormat`: during the rollout of a new key format, the format of the release
   * deployed before ('0.1.0' or '0.2.0'); each event is claimed and committed under both keys. Keep
   * it for one dedup window after the previous release stopped, then remove it (docs/consumer.md,
   * "Key format"). Checked at synth.
   * @default none
   */
  readonly previousKeyFormat?: PreviousKeyFormat;
  /**
   * `EnvVar.ordering`: how the function's kafkaHandler orders records while they run (read with
   * `dedupConfigFromEnv`). 'key' runs each Kafka key's records in offset order and different keys
   * concurrently (up to `concurrency`), so a slow or failing record holds back only its own key;
   * 'partition' runs a partition's records one at a time, as releases before 0.3.0 did. Choose
   * 'partition' when the handler relies on the order of a whole partition (docs/consumer.md,
   * "Ordering"). Checked at synth.
   * @default 'key'
   */
  readonly ordering?: 'partition' | 'key';
  /**
   * `EnvVar.concurrency`: with key order only (refused with 'partition'), the records run at once per invocation,
   * 1..1000; size it to what the handler's downstream takes. Checked at synth.
   * @default 16
   */
  readonly concurrency?: number;
  /**
   * `EnvVar.heldClaimWaitMs`: how long a record whose claim another invocation holds waits for it
   * before it fails as held; zero fails it at once. Checked at synth.
   * @default one lease (30 seconds)
   */
  readonly heldClaimWait?: Duration;
  /**
   * `EnvVar.eventIdSource` and `EnvVar.eventIdFormat`: where the function reads each record's event
   * id, for `dedupConfigFromEnv()`: a header (`{ from: 'header', header: 'X-Id', format: 'uuid' }`),
   * the CloudEvents binding, the record key, or the position (docs/consumer.md, "Event id"). A
   * function of the message is code: give it to kafkaHandler instead. Checked at synth.
   * @default the Event-Id header, a ULID
   */
  readonly eventId?: ConsumerEventIdSource;
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
  /**
   * At most 14 minutes; passed to the function as `EnvVar.functionTimeoutMs`, the time budget the
   * reserve is derived from. With an `idempotencyTable`, longer than the effect layer's need
   * (`EFFECT_TIME_NEED_MS` and a second; refused at synth otherwise).
   * @default 2 minutes
   */
  readonly timeout?: Duration;
  /** @default 512 */
  readonly memorySize?: number;
  /**
   * Extra environment, e.g. PUSH_PROVIDER_URL; not the variables the construct sets from its props
   * (every declared setting's, the store's, the names'): refused at synth, naming the prop to set.
   * @default none
   */
  readonly environment?: Record<string, string>;
  /**
   * The poison sink: where the function parks a record no retry can cure (undecodable, no valid
   * Event-Id, a `PermanentError`) instead of failing it into `dlqTopic` with the records behind it.
   * `true` creates an SQS queue (SSE by SQS, TLS only, 14 days' retention); or give a queue. Its URL
   * goes to `EnvVar.poisonQueueUrl` (which `dedupConfigFromEnv()` reads), and the role gets
   * `sqs:SendMessage` on it alone (plus `kms:GenerateDataKey` and `kms:Decrypt` on its key, if it
   * has a customer managed one). The function runs in the VPC: it needs a route to SQS (a NAT
   * gateway or an `sqs` interface endpoint), else every write times out and the record falls back
   * to failing. Off by default: a parked record counts as handled, so a sink is a choice of where
   * its team looks (docs/consumer.md, "Poison records").
   * @default false (no poison sink: every failure is retried, then sent to `dlqTopic`)
   */
  readonly poisonQueue?: boolean | sqs.IQueue;
  /**
   * X-Ray active tracing of the function, and kafkaHandler's spans of each invocation (claim, run,
   * commit; the dedup decision as annotations) through Powertools Tracer: `EnvVar.traceEnabled` is
   * set to `true`. The spans need `@aws-lambda-powertools/tracer` installed (an optional peer;
   * without it the function says so once and runs untraced). The role gets xray:PutTraceSegments
   * and xray:PutTelemetryRecords.
   * @default true
   */
  readonly tracing?: boolean;
  /**
   * The level of the event source mappings' own system logs (`LoggingConfig.SystemLogLevel`,
   * provisioned mode only): what the pollers say of polling, offsets, retries and the DLQ, in the
   * function's log group, one log stream per mapping. `DEBUG` is the most detail, `WARN` the least;
   * `none` sends none.
   * @default 'WARN'
   */
  readonly mappingSystemLogLevel?: MappingSystemLogLevel;
  /**
   * What deleting the stack does to the poison queue created by `poisonQueue: true` (parked records
   * are data: an environment that keeps its data keeps them).
   * @default RemovalPolicy.DESTROY
   */
  readonly poisonQueueRemovalPolicy?: RemovalPolicy;
  /**
   * Granted read/write of idempotency records and passed as `EnvVar.idempotencyTable`. A `Table`
   * is named beside `ITable`: under `exactOptionalPropertyTypes` aws-cdk-lib's `Table` is not
   * assignable to its own `ITable`. @default none
   */
  readonly idempotencyTable?: dynamodb.ITable | dynamodb.Table;
  /** The CloudWatch namespace (`EnvVar.metricsNamespace`). @default DEFAULT_NAMESPACE of the contract */
  readonly metricsNamespace?: string;
  /** @default one month */
  readonly logRetention?: logs.RetentionDays;
  /** The Lambda function's name (at most 64 characters). @default generated by CloudFormation */
  readonly functionName?: string;
  /** The log group's name. @default generated by CloudFormation */
  readonly logGroupName?: string;
  /** What deleting the stack does to the log group. @default RemovalPolicy.DESTROY */
  readonly logRemovalPolicy?: RemovalPolicy;
  /** Where esbuild resolves packages from. @default the current directory */
  readonly projectRoot?: string;
  /**
   * Extra package.json export conditions esbuild resolves imports with, e.g. `['my-source']` when the
   * handler imports its own package by name and that package maps the condition to its sources.
   * @default none (the packages' `import` and `default` exports)
   */
  readonly bundlingConditions?: readonly string[];
  /**
   * The mappings validate records against this registry (Glue by ARN, Confluent by URL and secret)
   * and deliver them as JSON or SOURCE; the function gets the same settings in its environment.
   * @default none: records reach the function as producers wrote them
   */
  readonly schemaRegistry?: ConsumerSchemaRegistryProps;
}

/** `LoggingConfig.SystemLogLevel` of the event source mappings, or `none` for no system logs. */
export type MappingSystemLogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'none';

/** Where the function reads the event id: the declarative sources (what an environment variable carries). */
export type ConsumerEventIdSource =
  | {
      readonly from: 'header';
      readonly header?: string;
      readonly format?: (typeof EVENT_ID_FORMATS)[number];
      readonly maxBytes?: number;
    }
  | {
      readonly from: 'cloudevents' | 'key';
      readonly format?: (typeof EVENT_ID_FORMATS)[number];
      readonly maxBytes?: number;
    }
  | { readonly from: 'position' };
