/**
 * A Confluent Schema Registry client (Confluent Platform, Confluent Cloud, or any registry speaking
 * its REST API): `GET /schemas/ids/{id}`, the one call a consumer needs.
 */
import { SchemaRegistryError } from '../errors.ts';
import {
  type RegisteredSchema,
  type SchemaDataFormat,
  SchemaLookup,
  type SchemaRegistry,
  type SchemaRegistryClientOptions,
} from './registry.ts';

/** Basic auth (user name and password, or a Confluent Cloud API key and secret), or a bearer token. */
export type ConfluentAuth = { username: string; password: string } | { bearerToken: string };

export interface ConfluentSchemaRegistryOptions extends SchemaRegistryClientOptions {
  /** The registry's base URL, e.g. `https://psrc-xxxx.eu-west-1.aws.confluent.cloud`. */
  url: string;
  /**
   * Credentials, or a function that fetches them once (e.g. from Secrets Manager, as
   * schemaRegistryFromEnv does). Default: none, or the URL's user info.
   */
  auth?: ConfluentAuth | (() => Promise<ConfluentAuth>);
}

/** A reset or closed socket: what a stale pooled connection looks like to fetch. */
function isStaleConnection(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  return code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET';
}

function authorization(auth: ConfluentAuth): string {
  if ('bearerToken' in auth) return `Bearer ${auth.bearerToken}`;
  return `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
}

/**
 * @example
 * const registry = new ConfluentSchemaRegistry({ url: 'https://registry.internal:8081', auth: { username, password } });
 * const handler = kafkaHandler({ …, value: avro({ schema: reviewSchema, registry }) });
 */
export class ConfluentSchemaRegistry implements SchemaRegistry {
  readonly kind = 'confluent' as const;
  readonly name: string;
  readonly #base: string;
  readonly #lookup: SchemaLookup;
  readonly #auth: ConfluentSchemaRegistryOptions['auth'];
  #header: Promise<string | undefined> | undefined;

  constructor(options: ConfluentSchemaRegistryOptions) {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      // The text may hold credentials: not echoed.
      throw new RangeError('url is not a URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new RangeError(`url protocol ${url.protocol} is neither https: nor http:`);
    }
    let auth = options.auth;
    if (!auth && url.username) {
      auth = { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
    }
    url.username = '';
    url.password = '';
    this.#base = url.href.replace(/\/+$/, '');
    this.name = `Confluent schema registry ${url.origin}`;
    this.#auth = auth;
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

  #authorization(): Promise<string | undefined> {
    const auth = this.#auth;
    if (!auth) return Promise.resolve(undefined);
    this.#header ??= (typeof auth === 'function' ? auth() : Promise.resolve(auth)).then(authorization);
    // A failed credential fetch is tried again by the next lookup.
    this.#header.catch(() => {
      this.#header = undefined;
    });
    return this.#header;
  }

  async #fetch(id: string, signal: AbortSignal): Promise<RegisteredSchema> {
    if (!/^\d+$/.test(id)) {
      throw new SchemaRegistryError('invalid', id, `${this.name}: Confluent schema ids are numbers`);
    }
    const headers: Record<string, string> = { accept: 'application/vnd.schemaregistry.v1+json' };
    const auth = await this.#authorization();
    if (auth) headers.authorization = auth;
    const url = `${this.#base}/schemas/ids/${id}`;
    let response: Response;
    try {
      response = await fetch(url, { headers, signal });
    } catch (error) {
      // A pooled keep-alive connection the registry closed meanwhile fails at once: one more try,
      // within the same timeout, on a fresh connection. Anything else fails the lookup.
      if (signal.aborted || !isStaleConnection(error)) throw error;
      response = await fetch(url, { headers, signal });
    }
    const text = await response.text();
    if (response.status === 404) {
      throw new SchemaRegistryError('not-found', id, `${this.name} has no schema ${id} (HTTP 404)`);
    }
    if (response.status === 401 || response.status === 403) {
      throw new SchemaRegistryError(
        'denied',
        id,
        `${this.name} refused the credentials (HTTP ${response.status})`,
      );
    }
    if (!response.ok) {
      throw new SchemaRegistryError('http', id, `${this.name} answered HTTP ${response.status}`);
    }
    let body: { schema?: unknown; schemaType?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      throw new SchemaRegistryError('invalid', id, `${this.name} answered with something other than JSON`);
    }
    if (typeof body.schema !== 'string') {
      throw new SchemaRegistryError('invalid', id, `${this.name} answered without a schema`);
    }
    const type = body.schemaType ?? 'AVRO';
    if (type !== 'AVRO' && type !== 'PROTOBUF' && type !== 'JSON') {
      throw new SchemaRegistryError('invalid', id, `${this.name}: unknown schemaType ${String(type)}`);
    }
    return { id, dataFormat: type as SchemaDataFormat, definition: body.schema };
  }
}
