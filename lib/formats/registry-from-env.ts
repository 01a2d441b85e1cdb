/**
 * The registry a deployed consumer reads writer schemas from: the one its event source mapping
 * uses, as the consumer construct passes it (KAFKA_SCHEMA_REGISTRY_URI and, for a Confluent
 * registry, KAFKA_SCHEMA_REGISTRY_SECRET_ARN).
 */

import { EnvVar } from '../contract.ts';
import { ConfigurationError } from '../errors.ts';
import { importPeer } from '../optional-peer.ts';
import { type ConfluentAuth, ConfluentSchemaRegistry } from './confluent-registry.ts';
import { GlueSchemaRegistry } from './glue-registry.ts';
import type { SchemaRegistry, SchemaRegistryClientOptions } from './registry.ts';

export interface SchemaRegistryFromEnvOptions extends SchemaRegistryClientOptions {
  /** @default process.env */
  env?: Record<string, string | undefined>;
  /** Client settings for Glue and Secrets Manager (an endpoint override in tests). @default the SDK defaults */
  aws?: {
    region?: string;
    endpoint?: string;
    credentials?: { accessKeyId: string; secretAccessKey: string };
  };
}

/**
 * Read a BASIC_AUTH secret (`{"username":"…","password":"…"}`), as the mapping does.
 *
 * @internal
 */
export async function confluentAuthFromSecret(
  secretArn: string,
  aws: SchemaRegistryFromEnvOptions['aws'] = {},
): Promise<ConfluentAuth> {
  const sdk = await importPeer(
    '@aws-sdk/client-secrets-manager',
    'a Confluent registry whose credentials are in Secrets Manager (msk-once/formats)',
    () => import('@aws-sdk/client-secrets-manager'),
  );
  const client = new sdk.SecretsManagerClient({
    region: aws.region ?? secretArn.split(':')[3],
    endpoint: aws.endpoint,
    credentials: aws.credentials,
  });
  try {
    const answer = await client.send(new sdk.GetSecretValueCommand({ SecretId: secretArn }));
    let parsed: { username?: unknown; password?: unknown };
    try {
      parsed = JSON.parse(answer.SecretString ?? '');
    } catch {
      // Never the secret's text in the message.
      throw new Error(`secret ${secretArn} is not JSON with username and password`);
    }
    if (typeof parsed.username !== 'string' || typeof parsed.password !== 'string') {
      throw new Error(`secret ${secretArn} has no string username and password`);
    }
    return { username: parsed.username, password: parsed.password };
  } finally {
    client.destroy();
  }
}

/**
 * The mapping's registry, or `undefined` when KAFKA_SCHEMA_REGISTRY_URI is not set.
 *
 * @throws {ConfigurationError} naming the variable: a URI that is neither a Glue registry ARN nor an
 *   http(s) URL.
 * @example
 * const registry = schemaRegistryFromEnv();
 * export const handler = kafkaHandler<Review>({ …, value: avro({ schema: reviewSchema, registry }) });
 */
export function schemaRegistryFromEnv(
  options: SchemaRegistryFromEnvOptions = {},
): SchemaRegistry | undefined {
  const env = options.env ?? process.env;
  const uri = env[EnvVar.schemaRegistryUri];
  if (!uri) return undefined;
  const { timeoutMs, maxSchemas, aws } = options;
  if (uri.startsWith('arn:')) {
    try {
      return new GlueSchemaRegistry({ registryArn: uri, timeoutMs, maxSchemas, ...aws });
    } catch (error) {
      throw new ConfigurationError(EnvVar.schemaRegistryUri, (error as Error).message);
    }
  }
  if (!/^https?:\/\//.test(uri)) {
    throw new ConfigurationError(
      EnvVar.schemaRegistryUri,
      'is neither a Glue registry ARN nor an http(s) URL',
    );
  }
  const secretArn = env[EnvVar.schemaRegistrySecretArn];
  try {
    return new ConfluentSchemaRegistry({
      url: uri,
      timeoutMs,
      maxSchemas,
      auth: secretArn ? () => confluentAuthFromSecret(secretArn, aws) : undefined,
    });
  } catch (error) {
    throw new ConfigurationError(EnvVar.schemaRegistryUri, (error as Error).message);
  }
}
