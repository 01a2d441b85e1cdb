/**
 * The shape of one deployment environment (dev, staging, prod): where the MSK cluster and the VPC
 * are, which consumers run there, and where their alarms go. Plain data, so that `cdk synth`
 * needs no lookups and no credentials.
 */
import type { WindowName } from '../../lib/contract.ts';
import type { DlqTopicSettings } from './dlq-topic-settings.ts';

/** A dedup window: a named one of the contract's `WINDOWS` (24 h, 7 d, 1 h) or seconds (at least 600). */
export type DedupWindow = WindowName | number;

/** One Lambda consumer of one or more topics. */
export interface ConsumerConfig {
  /** Construct id and name part, e.g. `orders`. */
  readonly name: string;
  /** The handler file, relative to the repository root, exporting `handler`. */
  readonly entry: string;
  /** The service name (`EnvVar.serviceName`) and the `service` metric dimension. */
  readonly service: string;
  /**
   * The `Handler` metric dimension, passed to the function as `EnvVar.handlerName`; kafkaHandler in
   * `entry` takes it from there (naming another one in the code fails at cold start).
   */
  readonly handlerName: string;
  readonly topics: readonly string[];
  /** Kafka consumer group; with several topics each mapping joins `<group>.<topic>`. */
  readonly consumerGroupId: string;
  /** Records per invocation, 1..10000. */
  readonly batchSize: number;
  readonly window: DedupWindow;
  /** What a Redis failure does: run without dedup (open) or fail the record (closed). */
  readonly storePolicy: 'open' | 'closed';
  /** Provisioned-mode event pollers (needed for retries, bisect, partial failures and the DLQ). */
  readonly pollers: { readonly minimum: number; readonly maximum: number; readonly groupName?: string };
  /** Retries of a failed record before it goes to the DLQ topic, 0..10000. */
  readonly retryAttempts: number;
  /** Records older than this go to the DLQ without being retried further. Default: no limit. */
  readonly maxRecordAgeSeconds?: number;
  /** Where a new consumer group starts. */
  readonly startingPosition: 'LATEST' | 'TRIM_HORIZON';
  /** Function timeout, at most 840 s (the Kafka ESM limit). Default 120. */
  readonly timeoutSeconds?: number;
  /** Default 512. */
  readonly memoryMb?: number;
  /** True when handlers run effects through Powertools idempotency (the table is passed as `EnvVar.idempotencyTable`). */
  readonly usesIdempotencyTable: boolean;
  /**
   * Park records no retry can cure in an SQS queue of the consumer's own (KafkaConsumer's
   * `poisonQueue: true`), with alarms on its depth, its oldest message and PoisonSinkErrors; kept
   * with the environment's data (`retainData`). The functions need a route to SQS. Default false.
   */
  readonly poisonQueue?: boolean;
  /** X-Ray active tracing and kafkaHandler's spans (KafkaConsumer's `tracing`). Default true. */
  readonly tracing?: boolean;
  /** The mappings' system log level (KafkaConsumer's `mappingSystemLogLevel`). Default WARN. */
  readonly mappingSystemLogLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'none';
  /** Extra environment variables, e.g. PUSH_PROVIDER_URL. */
  readonly environment?: Readonly<Record<string, string>>;
}

/** ElastiCache Serverless (Valkey, TLS always, IAM auth). */
export interface ServerlessCacheConfig {
  readonly kind: 'serverless';
  /**
   * Valkey major version.
   * @default '9' (SERVERLESS_VALKEY_MAJOR)
   */
  readonly majorEngineVersion?: string;
  /** Upper bounds that cap the bill. */
  readonly maxDataStorageGb?: number;
  readonly maxEcpuPerSecond?: number;
}

/** A node-based replication group (cluster mode on, TLS, IAM auth or an AUTH token). */
export interface ReplicationGroupCacheConfig {
  readonly kind: 'replication-group';
  readonly nodeType: string;
  readonly shards: number;
  readonly replicasPerShard: number;
  /** `iam` (recommended) or `token` (AUTH token from a generated Secrets Manager secret). */
  readonly auth: 'iam' | 'token';
  /**
   * Valkey engine version; its cluster-mode parameter group is named from its major version.
   * @default '9.0' (NODE_BASED_VALKEY_VERSION)
   */
  readonly engineVersion?: string;
}

export type CacheConfig = ServerlessCacheConfig | ReplicationGroupCacheConfig;

export interface AlarmConfig {
  /** An existing SNS topic for alarm actions; when absent the stack creates one. */
  readonly topicArn?: string;
  /** Subscribed to the created topic. */
  readonly email?: string;
  /** Base of the runbook links in alarm descriptions, e.g. https://github.com/org/repo/blob/main/docs/runbook.md */
  readonly runbookUrl: string;
  /** Deduplicated / processed records (`Metric.deduplicated` / `Metric.processed`) above this for 10 minutes. Default 0.1. */
  readonly dedupRatio?: number;
  /** p99 of `Metric.dedupCheckDuration` above this (ms). Default 50. */
  readonly checkP99Ms?: number;
  /** MaxOffsetLag of a mapping (records behind on its most lagging partition) above this for 15 minutes. */
  readonly offsetLag: number;
  /**
   * Whether a mapping that reports no metrics at all for 15 minutes pages (`page`: mapping-stalled
   * treats missing data as breaching) or not (`ignore`, the default: AWS does not say a mapping's
   * metrics are emitted while it is idle, so an idle environment would page).
   */
  readonly silentMapping?: 'page' | 'ignore';
  /** Age (s) of the oldest record parked in a poison queue that pages. Default 4 days. */
  readonly poisonAgeSeconds?: number;
}

export interface EnvironmentConfig {
  readonly name: string;
  /**
   * The prefix of the environment's named resources: the cache and dashboard are called this, each
   * consumer's function `<namePrefix>-<consumer>` (its log group and alarms after it), e.g. `shop-prod`.
   */
  readonly namePrefix: string;
  readonly account: string;
  readonly region: string;
  readonly mskClusterArn: string;
  readonly vpc: {
    readonly vpcId: string;
    readonly availabilityZones: readonly string[];
    /** Private subnets (one per AZ, same order) for the functions and the cache. */
    readonly privateSubnetIds: readonly string[];
    /** Security groups attached to every function in addition to the consumers' own (e.g. VPC endpoints). */
    readonly extraFunctionSecurityGroupIds?: readonly string[];
  };
  readonly dlqTopic: string;
  /**
   * Create the DLQ topic with the stack (AWS::MSK::Topic: MSK Provisioned, Kafka 3.6.0 or later),
   * or not (create it with the command of infra/README.md before the first deploy).
   */
  readonly createDlqTopic: boolean;
  /** Partitions, retention and so on of the DLQ topic. Default DEFAULT_DLQ_TOPIC_SETTINGS. */
  readonly dlqTopicSettings?: Partial<DlqTopicSettings>;
  readonly consumers: readonly ConsumerConfig[];
  readonly cache: CacheConfig;
  readonly alarms: AlarmConfig;
  /** CloudWatch EMF namespace of the functions. Default: the contract's `DEFAULT_NAMESPACE`. */
  readonly metricsNamespace?: string;
  /** Days of function logs. */
  readonly logRetentionDays: number;
  /**
   * Keep data when the stack is deleted (prod: true): the idempotency table, the cache with its
   * users, user group and security group, the log groups and a created DLQ topic. Otherwise the
   * stack leaves nothing behind.
   */
  readonly retainData: boolean;
}
