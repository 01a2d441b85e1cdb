/**
 * The schema registry of a KafkaConsumer's event source mappings (SchemaRegistryConfig, provisioned
 * mode only): a Glue registry by ARN, or a Confluent registry by URL with its BASIC_AUTH secret.
 * The mapping validates the chosen attributes against it and delivers them as JSON or in their
 * SOURCE format with `*SchemaMetadata`; the function gets the same registry and record format in
 * its environment, so that `schemaRegistryFromEnv()` and the formats of msk-once/formats agree
 * with the mapping.
 *
 * Permissions, granted to the role the mapping and the function share (by aws-cdk-lib's
 * GlueSchemaRegistry / ConfluentSchemaRegistry): Glue: `glue:GetRegistry` on the registry,
 * `glue:GetSchemaVersion` on the registry and its schemas; Confluent: read of the one secret
 * (GetSecretValue, DescribeSecret, and kms:Decrypt through its key when it has one).
 */

import { Token } from 'aws-cdk-lib';
import {
  EventRecordFormat,
  type ISchemaRegistry,
  KafkaSchemaRegistryAccessConfigType,
  KafkaSchemaValidationAttribute,
} from 'aws-cdk-lib/aws-lambda';
import { ConfluentSchemaRegistry, GlueSchemaRegistry } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { EnvVar } from '../../lib/contract.ts';
import { ConstructConfigError } from './errors.ts';

interface RegistryCommon {
  /** How the mapping hands records on: JSON (it decodes them) or SOURCE (as written, framing removed). */
  readonly eventRecordFormat: 'JSON' | 'SOURCE';
  /** Which attributes the mapping validates (and, for JSON, decodes). @default ['VALUE'] */
  readonly validate?: readonly ('KEY' | 'VALUE')[];
}

/** A Glue Schema Registry, by ARN. */
export interface GlueRegistryProps extends RegistryCommon {
  readonly kind: 'glue';
  /** `arn:<partition>:glue:<region>:<account>:registry/<name>` */
  readonly registryArn: string;
}

/** A Confluent Schema Registry (Platform or Cloud), by URL, with its credentials in Secrets Manager. */
export interface ConfluentRegistryProps extends RegistryCommon {
  readonly kind: 'confluent';
  /** `https://…` */
  readonly url: string;
  /** BASIC_AUTH: a secret `{"username": "…", "password": "…"}` (a Confluent Cloud API key and secret). */
  readonly secret: secretsmanager.ISecret;
}

export type ConsumerSchemaRegistryProps = GlueRegistryProps | ConfluentRegistryProps;

const GLUE_ARN = /^arn:[^:]+:glue:[^:]+:\d{12}:registry\/[^/]+$/;

/**
 * Throw the first problem, naming `schemaRegistry.<prop>`.
 *
 * @throws {ConstructConfigError}
 * @example
 * validateSchemaRegistry('Stack/orders', props.schemaRegistry, props.environment);
 */
export function validateSchemaRegistry(
  path: string,
  props: ConsumerSchemaRegistryProps | undefined,
  environment: Record<string, string> | undefined,
): void {
  if (!props) return;
  const fail = (prop: string, reason: string): never => {
    throw new ConstructConfigError(path, `schemaRegistry.${prop}`, reason);
  };
  if (props.eventRecordFormat !== 'JSON' && props.eventRecordFormat !== 'SOURCE') {
    fail('eventRecordFormat', `'${props.eventRecordFormat}' is neither JSON nor SOURCE`);
  }
  const validate = props.validate ?? ['VALUE'];
  if (
    validate.length === 0 ||
    validate.some((a) => a !== 'KEY' && a !== 'VALUE') ||
    new Set(validate).size !== validate.length
  ) {
    fail('validate', `must list KEY and/or VALUE once each, got [${validate.join(', ')}]`);
  }
  if (props.kind === 'glue') {
    if (!Token.isUnresolved(props.registryArn) && !GLUE_ARN.test(props.registryArn)) {
      fail(
        'registryArn',
        `'${props.registryArn}' is not a Glue registry ARN (arn:aws:glue:<region>:<account>:registry/<name>)`,
      );
    }
  } else if (props.kind === 'confluent') {
    if (!Token.isUnresolved(props.url) && !/^https:\/\/[^/@\s]+/.test(props.url)) {
      fail('url', 'must be an https:// URL without credentials in it (they belong in the secret)');
    }
    if (!props.secret) fail('secret', 'is required: the mapping authenticates with BASIC_AUTH from it');
  } else {
    fail('kind', `'${(props as { kind?: string }).kind}' is neither glue nor confluent`);
  }
  for (const name of [EnvVar.schemaRegistryUri, EnvVar.schemaRegistrySecretArn, EnvVar.eventRecordFormat]) {
    if (environment && name in environment) {
      throw new ConstructConfigError(path, 'environment', `sets ${name}, which schemaRegistry owns`);
    }
  }
}

/**
 * The aws-cdk-lib schema registry of the mappings; binding it grants the role its permissions.
 *
 * @example
 * new ManagedKafkaEventSource({ …, schemaRegistryConfig: mappingSchemaRegistry(props.schemaRegistry) });
 */
export function mappingSchemaRegistry(props: ConsumerSchemaRegistryProps): ISchemaRegistry {
  const common = {
    eventRecordFormat: props.eventRecordFormat === 'JSON' ? EventRecordFormat.JSON : EventRecordFormat.SOURCE,
    schemaValidationConfigs: (props.validate ?? ['VALUE']).map((a) => ({
      attribute: a === 'KEY' ? KafkaSchemaValidationAttribute.KEY : KafkaSchemaValidationAttribute.VALUE,
    })),
  };
  if (props.kind === 'glue')
    return new GlueSchemaRegistry({ ...common, schemaRegistryArn: props.registryArn });
  return new ConfluentSchemaRegistry({
    ...common,
    schemaRegistryUri: props.url,
    authenticationType: KafkaSchemaRegistryAccessConfigType.BASIC_AUTH,
    secret: props.secret,
  });
}

/**
 * What the function needs to agree with its mappings (read by msk-once/formats).
 *
 * @example
 * environment: { ...schemaRegistryEnvironment(props.schemaRegistry) }
 */
export function schemaRegistryEnvironment(
  props: ConsumerSchemaRegistryProps | undefined,
): Record<string, string> {
  if (!props) return {};
  return {
    [EnvVar.eventRecordFormat]: props.eventRecordFormat,
    [EnvVar.schemaRegistryUri]: props.kind === 'glue' ? props.registryArn : props.url,
    ...(props.kind === 'confluent' ? { [EnvVar.schemaRegistrySecretArn]: props.secret.secretArn } : {}),
  };
}
