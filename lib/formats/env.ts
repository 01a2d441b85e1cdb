/**
 * The environment a consumer reads to agree with its event source mapping's schema registry
 * settings (the consumer construct sets it). The names belong with the other names the runtime and
 * the CDK app share.
 */

/** Environment variable names. */
export const SCHEMA_REGISTRY_ENV = {
  /** The mapping's SchemaRegistryURI: a Glue registry ARN or a Confluent registry URL. */
  registryUri: 'KAFKA_SCHEMA_REGISTRY_URI',
  /** The Secrets Manager secret (BASIC_AUTH: `{"username","password"}`) of a Confluent registry. */
  registrySecretArn: 'KAFKA_SCHEMA_REGISTRY_SECRET_ARN',
  /** The mapping's EventRecordFormat: JSON or SOURCE. */
  eventRecordFormat: 'KAFKA_EVENT_RECORD_FORMAT',
} as const;
