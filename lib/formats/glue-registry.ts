/**
 * An AWS Glue Schema Registry client: `GetSchemaVersion` by schema version id, through the AWS SDK
 * (`@aws-sdk/client-glue`, loaded on the first lookup: the Lambda Node.js runtime ships it, so
 * deployed bundles leave it out). The role needs `glue:GetSchemaVersion` on the registry's schemas
 * (the consumer construct grants it).
 */
import type { GetSchemaVersionCommandOutput, GlueClient, GlueClientConfig } from '@aws-sdk/client-glue';
import { SchemaRegistryError } from '../errors.ts';
import { importPeer } from '../optional-peer.ts';
import {
  type RegisteredSchema,
  SchemaLookup,
  type SchemaRegistry,
  type SchemaRegistryClientOptions,
} from './registry.ts';

/**
 * AWS credentials, or a function that gives them (what `@aws-sdk/client-glue`'s `credentials`
 * takes). The options of this file name the SDK's types structurally, so that the declarations of
 * msk-once/formats import nothing from `@aws-sdk/client-glue`: a project without a Glue registry
 * type-checks without the client installed, under `skipLibCheck: false`.
 */
export type GlueCredentials =
  | GlueCredentialIdentity
  // biome-ignore lint/suspicious/noExplicitAny: the SDK's provider takes optional identity properties
  | ((...args: any[]) => Promise<GlueCredentialIdentity>);

export interface GlueCredentialIdentity {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string | undefined;
  readonly expiration?: Date | undefined;
}

/** A Glue client: `new GlueClient(...)` of `@aws-sdk/client-glue`, or anything that sends its commands. */
export interface GlueClientLike {
  // biome-ignore lint/suspicious/noExplicitAny: GlueClient#send is overloaded per command
  send(command: any, options?: any): Promise<any>;
}

export interface GlueSchemaRegistryOptions extends SchemaRegistryClientOptions {
  /** The registry's ARN: names it in errors; its region is the default region. @default none */
  registryArn?: string;
  /** @default the ARN's region, else AWS_REGION */
  region?: string;
  /** An endpoint override (a VPC endpoint, or a local stand-in in tests). @default the regional endpoint */
  endpoint?: string;
  /** @default the SDK's default credential chain */
  credentials?: GlueCredentials;
  /** A client of your own (a `GlueClient`); the options above are then ignored. @default one made on the first lookup */
  client?: GlueClientLike;
}

const ARN = /^arn:[^:]+:glue:([^:]+):\d{12}:registry\/[^/]+$/;

/** How Glue's error names map to the SchemaRegistryErrors reasons. */
function reasonOf(name: string | undefined): 'not-found' | 'denied' | 'invalid' | undefined {
  if (name === 'EntityNotFoundException') return 'not-found';
  if (name === 'AccessDeniedException') return 'denied';
  if (name === 'InvalidInputException') return 'invalid';
  return undefined;
}

/**
 * @example
 * const registry = new GlueSchemaRegistry({ registryArn: 'arn:aws:glue:eu-west-1:123456789012:registry/orders' });
 * const handler = kafkaHandler({ …, value: avro({ schema: orderSchema, registry }) });
 */
export class GlueSchemaRegistry implements SchemaRegistry {
  readonly kind = 'glue' as const;
  readonly name: string;
  readonly #lookup: SchemaLookup;
  readonly #options: GlueSchemaRegistryOptions;
  #client:
    | Promise<{ client: GlueClient; command: typeof import('@aws-sdk/client-glue').GetSchemaVersionCommand }>
    | undefined;

  constructor(options: GlueSchemaRegistryOptions = {}) {
    if (options.registryArn !== undefined && !ARN.test(options.registryArn)) {
      throw new RangeError(
        `registryArn ${options.registryArn} is not a Glue registry ARN (arn:aws:glue:<region>:<account>:registry/<name>)`,
      );
    }
    this.#options = options;
    this.name = `Glue schema registry ${options.registryArn ?? options.endpoint ?? 'of the account'}`;
    this.#lookup = new SchemaLookup(this.name, options, (id, signal) => this.#fetch(id, signal));
  }

  /** Lookups that went to the registry (cache misses). */
  get requests(): number {
    return this.#lookup.requests;
  }

  schema(id: string): RegisteredSchema | Promise<RegisteredSchema> {
    return this.#lookup.schema(id);
  }

  /** Forget the answer for `id` (a format could not use it); ask again after the retry interval. */
  reject(id: string, error: SchemaRegistryError): void {
    this.#lookup.reject(id, error);
  }

  #sdk() {
    this.#client ??= importPeer(
      '@aws-sdk/client-glue',
      'the Glue schema registry (msk-once/formats)',
      () => import('@aws-sdk/client-glue'),
    ).then((sdk) => {
      const o = this.#options;
      const client =
        (o.client as GlueClient | undefined) ??
        new sdk.GlueClient({
          region: o.region ?? o.registryArn?.match(ARN)?.[1] ?? process.env.AWS_REGION,
          endpoint: o.endpoint,
          credentials: o.credentials as GlueClientConfig['credentials'],
          // The lookup's own timeout bounds the whole call; one retry covers a dropped connection.
          maxAttempts: 2,
        });
      return { client, command: sdk.GetSchemaVersionCommand };
    });
    return this.#client;
  }

  async #fetch(id: string, signal: AbortSignal): Promise<RegisteredSchema> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
      throw new SchemaRegistryError('invalid', id, `${this.name}: Glue schema version ids are UUIDs`);
    }
    const { client, command } = await this.#sdk();
    let answer: GetSchemaVersionCommandOutput;
    try {
      answer = await client.send(new command({ SchemaVersionId: id }), { abortSignal: signal });
    } catch (error) {
      const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const reason = reasonOf(e.name);
      if (reason)
        throw new SchemaRegistryError(reason, id, `${this.name}: ${e.name}: ${e.message}`, { cause: error });
      if (!signal.aborted && e.$metadata?.httpStatusCode) {
        throw new SchemaRegistryError(
          'http',
          id,
          `${this.name} answered HTTP ${e.$metadata.httpStatusCode} (${e.name})`,
          {
            cause: error,
          },
        );
      }
      throw error;
    }
    if (answer.Status !== undefined && answer.Status !== 'AVAILABLE') {
      throw new SchemaRegistryError(
        'not-found',
        id,
        `${this.name}: schema version ${id} is ${answer.Status}, not AVAILABLE`,
      );
    }
    const format = answer.DataFormat;
    if (
      typeof answer.SchemaDefinition !== 'string' ||
      (format !== 'AVRO' && format !== 'PROTOBUF' && format !== 'JSON')
    ) {
      throw new SchemaRegistryError(
        'invalid',
        id,
        `${this.name} answered without a schema definition and data format`,
      );
    }
    return { id, dataFormat: format, definition: answer.SchemaDefinition };
  }
}
