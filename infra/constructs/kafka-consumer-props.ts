/**
 * The props of KafkaConsumer (kafka-consumer.ts), in a file of their own so that the construct and
 * its validation (consumer-validation.ts) both import them without importing each other.
 * Names of environment variables and metric dimensions are the contract's (lib/contract.ts).
 */
import type { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as ec2 from 'aws-cdk-lib/aws-ec2';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { ProvisionedPollerConfig } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { DedupWindow } from '../environment-types.ts';
import type { IDedupStore } from './dedup-store.ts';

export interface KafkaConsumerProps {
  /** The handler file exporting `handler` (a kafkaHandler). */
  readonly entry: string;
  /** The service name (`EnvVar.serviceName`); the `service` metric dimension. */
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
  /** `EnvVar.window`: a named window or seconds. @default 'default' (24 h) */
  readonly window?: DedupWindow;
  /** `EnvVar.storePolicy`. @default 'open' */
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
  /** Extra environment, e.g. PUSH_PROVIDER_URL; not the contract's variables, which come from the props. @default none */
  readonly environment?: Record<string, string>;
  /** Granted read/write of idempotency records and passed as `EnvVar.idempotencyTable`. @default none */
  readonly idempotencyTable?: dynamodb.ITable;
  /** The CloudWatch namespace (`EnvVar.metricsNamespace`). @default DEFAULT_NAMESPACE of the contract */
  readonly metricsNamespace?: string;
  /** @default one month */
  readonly logRetention?: logs.RetentionDays;
  /** Where esbuild resolves packages from. @default the current directory */
  readonly projectRoot?: string;
}
