/**
 * What a format needs from a schema registry: the writer schema of a schema id. Both registries
 * keep a schema id's schema forever, so a good answer is cached (bounded, oldest first out) and
 * never looked up twice; concurrent lookups of one id share one request, and every request is
 * bounded by a timeout, so a registry that is down costs a record at most `timeoutMs`.
 *
 * A failed lookup, or an answer the format could not use (see {@link SchemaRegistry.reject}), is
 * not cached: it is remembered for `retryFailedAfterMs` only, during which records of that id fail
 * at once with it (an outage costs one request per id per interval, not one per record), and the
 * next record after it asks again (a registry that was fixed is seen within the interval).
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
  /**
   * The answer for `id` could not be used (its definition does not parse, or cannot be read with
   * the reader schema): forget it and fail lookups of `id` with `error` until the retry interval
   * is over, then ask the registry again. Optional: a registry without it keeps its answer.
   */
  reject?(id: string, error: SchemaRegistryError): void;
}

/** Options every registry client takes. */
export interface SchemaRegistryClientOptions {
  /** Longest wait for one lookup, in ms; then the record fails (and is retried). Default: 2000. */
  timeoutMs?: number;
  /** Schemas kept in memory. Default: 1000. */
  maxSchemas?: number;
  /**
   * How long a failed lookup (or an answer a format could not use) is remembered, in ms: records
   * of that schema id fail at once meanwhile, then the registry is asked again. Default: 1000.
   */
  retryFailedAfterMs?: number;
}

export const DEFAULT_REGISTRY_TIMEOUT_MS = 2000;
export const DEFAULT_MAX_SCHEMAS = 1000;
export const DEFAULT_RETRY_FAILED_AFTER_MS = 1000;

/** A remembered failure: when it happened, and the error. */
interface Failed {
  readonly at: number;
  readonly error: SchemaRegistryError;
}

/**
 * The cache, single flight and timeout around one registry's lookup function.
 *
 * @internal
 */
export class SchemaLookup {
  readonly name: string;
  readonly timeoutMs: number;
  readonly retryFailedAfterMs: number;
  /** Requests that went to the registry (cache misses): the bench and tests read it. */
  requests = 0;
  readonly #fetch: (id: string, signal: AbortSignal) => Promise<RegisteredSchema>;
  readonly #cache: BoundedCache<string, RegisteredSchema>;
  readonly #inflight = new Map<string, Promise<RegisteredSchema>>();
  readonly #failed: BoundedCache<string, Failed>;

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
    const retryFailedAfterMs = options.retryFailedAfterMs ?? DEFAULT_RETRY_FAILED_AFTER_MS;
    if (!(Number.isFinite(retryFailedAfterMs) && retryFailedAfterMs >= 0)) {
      throw new RangeError(
        `retryFailedAfterMs ${retryFailedAfterMs} is not a number of milliseconds (0 or more)`,
      );
    }
    this.name = name;
    this.timeoutMs = timeoutMs;
    this.retryFailedAfterMs = retryFailedAfterMs;
    this.#fetch = fetch;
    this.#cache = new BoundedCache(maxSchemas);
    this.#failed = new BoundedCache(maxSchemas);
  }

  schema(id: string): RegisteredSchema | Promise<RegisteredSchema> {
    const hit = this.#cache.get(id);
    if (hit) return hit;
    const failed = this.#failed.get(id);
    if (failed) {
      const age = Date.now() - failed.at;
      if (age < this.retryFailedAfterMs) {
        const { error } = failed;
        return Promise.reject(
          new SchemaRegistryError(
            error.reason,
            id,
            `${error.detail} (remembered from ${age} ms ago; asked again after ${this.retryFailedAfterMs} ms)`,
            { cause: error },
          ),
        );
      }
      this.#failed.delete(id);
    }
    let pending = this.#inflight.get(id);
    if (!pending) {
      pending = this.#lookup(id).finally(() => this.#inflight.delete(id));
      this.#inflight.set(id, pending);
    }
    return pending;
  }

  /** See {@link SchemaRegistry.reject}. */
  reject(id: string, error: SchemaRegistryError): void {
    this.#cache.delete(id);
    this.#failed.set(id, { at: Date.now(), error });
  }

  async #lookup(id: string): Promise<RegisteredSchema> {
    this.requests++;
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const schema = await this.#fetch(id, signal);
      this.#cache.set(id, schema);
      return schema;
    } catch (error) {
      const failure =
        error instanceof SchemaRegistryError
          ? error
          : signal.aborted
            ? new SchemaRegistryError(
                'timeout',
                id,
                `${this.name} did not answer within ${this.timeoutMs} ms`,
                {
                  cause: error,
                },
              )
            : new SchemaRegistryError('unreachable', id, `${this.name}: ${describe(error)}`, {
                cause: error,
              });
      this.#failed.set(id, { at: Date.now(), error: failure });
      throw failure;
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
