/**
 * The DLQ topic's settings, in one place for both ways of creating it: the AWS::MSK::Topic resource
 * (environments with `createDlqTopic: true`) and the kafka-topics.sh command of infra/README.md
 * (the others). No CDK here.
 */

export interface DlqTopicSettings {
  /** The DLQ is written on failures only; a few partitions are plenty. */
  readonly partitions: number;
  readonly replicationFactor: number;
  /** Time to triage and replay before Kafka deletes a failed record. */
  readonly retentionDays: number;
  /** Writes need this many in-sync replicas (with acks=all). */
  readonly minInSyncReplicas: number;
  /** Largest DLQ message: see {@link dlqMaxMessageBytes}. */
  readonly maxMessageBytes: number;
}

/** Kafka's default `message.max.bytes` (1 MiB plus the batch overhead): the largest source record. */
export const KAFKA_DEFAULT_MAX_MESSAGE_BYTES = 1_048_588;

/**
 * The `max.message.bytes` a DLQ topic needs for records of up to `sourceMaxMessageBytes`: a DLQ
 * message is JSON holding the record's key and value in base64 (4/3 of their size) plus its
 * headers and the failure metadata (64 KiB allowed), rounded up to whole MiB.
 *
 * @example
 * dlqMaxMessageBytes(); // 2097152 (2 MiB) for sources at Kafka's 1 MiB default
 */
export function dlqMaxMessageBytes(sourceMaxMessageBytes = KAFKA_DEFAULT_MAX_MESSAGE_BYTES): number {
  const MiB = 1024 * 1024;
  const needed = Math.ceil((sourceMaxMessageBytes * 4) / 3) + 64 * 1024;
  return Math.ceil(needed / MiB) * MiB;
}

export const DEFAULT_DLQ_TOPIC_SETTINGS: DlqTopicSettings = {
  partitions: 3,
  replicationFactor: 3,
  retentionDays: 14,
  minInSyncReplicas: 2,
  maxMessageBytes: dlqMaxMessageBytes(),
};

/** The topic-level configs, as Kafka names them. */
export function dlqTopicConfigs(s: DlqTopicSettings): Record<string, string> {
  return {
    'cleanup.policy': 'delete',
    'retention.ms': String(s.retentionDays * 24 * 60 * 60 * 1000),
    'max.message.bytes': String(s.maxMessageBytes),
    'min.insync.replicas': String(s.minInSyncReplicas),
  };
}

/**
 * The copy-pasteable command that creates the DLQ topic from a host with the MSK IAM client
 * (`$BS` the IAM bootstrap string, `client.properties` as in docs/runbook.md).
 *
 * @example
 * kafkaTopicsCommand('msk-once-dlq', DEFAULT_DLQ_TOPIC_SETTINGS);
 */
export function kafkaTopicsCommand(topic: string, s: DlqTopicSettings): string {
  const configs = Object.entries(dlqTopicConfigs(s))
    .map(([k, v]) => `--config ${k}=${v}`)
    .join(' ');
  return [
    'kafka-topics.sh --bootstrap-server $BS --command-config client.properties --create --if-not-exists \\',
    `  --topic ${topic} --partitions ${s.partitions} --replication-factor ${s.replicationFactor} \\`,
    `  ${configs}`,
  ].join('\n');
}
