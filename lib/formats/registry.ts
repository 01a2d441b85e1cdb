/**
 * What a format needs from a schema registry: the writer schema of a schema id. Both registries
 * keep a schema id's schema forever, so the answer is cached (bounded, oldest first out) and never looked up twice; concurrent lookups of one id share one request, and every
 * request is bounded by a timeout, so a registry that is down costs a record at most `timeoutMs`.
 */
import { SchemaRegistryError } from '../errors.ts';
import { BoundedCache } from './bounded-cache.ts';

/** The data formats both registries know (Glue's DataFormat, Confluent's schemaType). */
export type SchemaDataFormat = 'AVRO' | 'PROTOBUF' | 'JSON';

/** One schema version as a registry returns it. */
export interface RegisteredSchema {
  /** The id records carry: a decimal number (Confluent) or the schema version UUID (Glue). */
  readonly id: string;
  readonly dataFormat: SchemaDataFormat;
  /** The schema text: Avro JSON, a .proto file, or a JSON Schema. */
  readonly definition: string;
}

/**
 * A schema registry client.
 *
 * @example
 * const schema = await registry.schema('42'); // { id: '42', dataFormat: 'AVRO', definition: '{"type":"record",…}' }
 */
export interface SchemaRegistry {
  /** Which registry, hence which wire format its ids come in. */
  readonly kind: 'confluent' | 'glue';
  /** Names the registry in errors and logs: its origin or ARN, never a credential. */
  readonly name: string;
  /**
   * The schema of `id`: the value itself when cached (no await on the hot path), else a promise.
   * Rejects with a {@link SchemaRegistryError} (not-found, denied, timeout, unreachable, http, invalid).
   */
  schema(id: string): RegisteredSchema | Promise<RegisteredSchema>;
}

/** Options every registry client takes. */
export interface SchemaRegistryClientOptions {
  /** Longest wait for one lookup, in ms; then the record fails (and is retried). Default: 2000. */
  timeoutMs?: number;
  /** Schemas kept in memory. Default: 1000. */
  maxSchemas?: number;
}

export const DEFAULT_REGISTRY_TIMEOUT_MS = 2000;
export const DEFAULT_MAX_SCHEMAS = 1000;

/**
 * The cache, single flight and timeout around one registry's lookup function.
 *
 * @internal
 */
export class SchemaLookup {
  readonly name: string;
  readonly timeoutMs: number;
  /** Requests that went to the registry (cache misses): the bench and tests read it. */
  requests = 0;
  readonly #fetch: (id: string, signal: AbortSignal) => Promise<RegisteredSchema>;
  readonly #cache: BoundedCache<string, RegisteredSchema>;
  readonly #inflight = new Map<string, Promise<RegisteredSchema>>();

  constructor(
    name: string,
    options: SchemaRegistryClientOptions,
    fetch: (id: string, signal: AbortSignal) => Promise<RegisteredSchema>,
  ) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_REGISTRY_TIMEOUT_MS;
    if (!(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
      throw new RangeError(`timeoutMs ${timeoutMs} is not a positive number of milliseconds`);
    }
    const maxSchemas = options.maxSchemas ?? DEFAULT_MAX_SCHEMAS;
    if (!(Number.isInteger(maxSchemas) && maxSchemas > 0)) {
      throw new RangeError(`maxSchemas ${maxSchemas} is not a positive whole number`);
    }
    this.name = name;
    this.timeoutMs = timeoutMs;
    this.#fetch = fetch;
    this.#cache = new BoundedCache(maxSchemas);
  }

  schema(id: string): RegisteredSchema | Promise<RegisteredSchema> {
    const hit = this.#cache.get(id);
    if (hit) return hit;
    let pending = this.#inflight.get(id);
    if (!pending) {
      pending = this.#lookup(id).finally(() => this.#inflight.delete(id));
      this.#inflight.set(id, pending);
    }
    return pending;
  }

  async #lookup(id: string): Promise<RegisteredSchema> {
    this.requests++;
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const schema = await this.#fetch(id, signal);
      this.#cache.set(id, schema);
      return schema;
    } catch (error) {
      if (error instanceof SchemaRegistryError) throw error;
      if (signal.aborted) {
        throw new SchemaRegistryError(
          'timeout',
          id,
          `${this.name} did not answer within ${this.timeoutMs} ms`,
          {
            cause: error,
          },
        );
      }
      throw new SchemaRegistryError('unreachable', id, `${this.name}: ${describe(error)}`, { cause: error });
    }
  }
}

/** A network error's message with its code (fetch hides ECONNREFUSED in `cause`). */
function describe(error: unknown): string {
  const e = error as { message?: string; code?: string; cause?: { code?: string; message?: string } };
  const code = e?.code ?? e?.cause?.code;
  const message = e?.cause?.message ?? e?.message ?? String(error);
  return code && !message.includes(code) ? `${code} ${message}` : message;
}
