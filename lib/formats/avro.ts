/**
 * Apache Avro, with avsc (loaded on first use). With a registry, each record is read with the
 * schema it was written with (the writer schema of its schema id) and resolved into the reader
 * schema given here, following Avro's schema resolution rules: a field added with a default is
 * filled in, a field removed is skipped, a promotable type (int -> long, float -> double…) is
 * promoted, so producers and consumers can evolve their schemas apart.
 */
import type { Resolver, Type } from 'avsc';
import { ConfigurationError } from '../errors.ts';
import { importPeer } from '../optional-peer.ts';
import { type AvroBounds, boundedTypeHook } from './avro-bounds.ts';
import { BoundedCache } from './bounded-cache.ts';
import { type BodyCodec, type FormatOptions, fieldDecoder, type RecordFormat } from './format.ts';
import type { Frame } from './frame.ts';
import type { RegisteredSchema } from './registry.ts';

export interface AvroFormatOptions<T> extends FormatOptions<T> {
  /**
   * The reader schema: an Avro schema object or its JSON text. Records written with another
   * schema (known from the registry) are resolved into it.
   * @default the writer schema of each record (needs a registry)
   */
  schema?: string | object;
  /**
   * The most array items that encode in no bytes at all (`null`, an empty record) one value may
   * hold. Every other array and map is bounded by the bytes of the value (an item takes at least
   * one byte); these cannot be, so a hostile count of them is refused here.
   * @default 100000
   */
  maxZeroByteItems?: number;
}

/** Default of {@link AvroFormatOptions.maxZeroByteItems}: some 1 MB of array slots at most. */
export const DEFAULT_MAX_ZERO_BYTE_ITEMS = 100_000;

type Avsc = typeof import('avsc');

/** Resolved writer schemas kept per format: one entry per schema id seen. */
const MAX_WRITERS = 256;

/** A writer schema, parsed, and how it resolves into the reader schema (or why it does not). */
interface Writer {
  type: Type;
  resolver: Resolver | undefined;
  incompatible: Error | undefined;
}

class AvroCodec implements BodyCodec<unknown> {
  readonly type = 'avro' as const;
  readonly indexed = false;
  readonly dataFormat = 'AVRO' as const;
  readonly #schema: string | object | undefined;
  readonly #option: string;
  readonly #writers = new BoundedCache<string, Writer>(MAX_WRITERS);
  readonly #bounds: AvroBounds;
  #avsc: Avsc | undefined;
  /** avsc's typeHook (boundedTypeHook's, typed as avsc takes it). */
  #typeHook: ((schema: unknown, opts: object) => Type | undefined) | undefined;
  #reader: Type | undefined;

  constructor(schema: string | object | undefined, option: string, maxZeroByteItems: number) {
    this.#schema = schema;
    this.#option = option;
    this.#bounds = { maxZeroByteItems, zeroByteItemsLeft: maxZeroByteItems };
  }

  load = async () => {
    const module = (await importPeer(
      'avsc',
      'the avro format (msk-once/formats)',
      () => import('avsc'),
    )) as Avsc & { default?: Avsc };
    const avsc = module.default ?? module;
    this.#typeHook = boundedTypeHook(avsc, this.#bounds) as (
      schema: unknown,
      opts: object,
    ) => Type | undefined;
    if (this.#schema !== undefined) {
      const schema = typeof this.#schema === 'string' ? JSON.parse(this.#schema) : this.#schema;
      try {
        this.#reader = avsc.Type.forSchema(schema, { typeHook: this.#typeHook });
      } catch (error) {
        throw new Error(`${this.#option} is not an Avro schema: ${(error as Error).message}`);
      }
    }
    this.#avsc = avsc;
  };

  /** Throws when the registry's answer is not an Avro schema (prepare rejects it then). */
  #writer(writer: RegisteredSchema): Writer {
    let entry = this.#writers.get(writer.id);
    if (!entry) {
      const type = this.#avsc!.Type.forSchema(JSON.parse(writer.definition), {
        typeHook: this.#typeHook,
      });
      let resolver: Resolver | undefined;
      let incompatible: Error | undefined;
      if (this.#reader) {
        try {
          resolver = this.#reader.createResolver(type);
        } catch (error) {
          // The registry's answer is fine, the records of this id are not readable here: kept, so
          // each record fails at once, and not held against the registry.
          incompatible = new Error(
            `records written with schema ${writer.id} cannot be read with the reader schema: ${(error as Error).message}`,
          );
        }
      }
      entry = { type, resolver, incompatible };
      this.#writers.set(writer.id, entry);
    }
    return entry;
  }

  prepare(writer: RegisteredSchema): void {
    this.#writer(writer);
  }

  decode(frame: Frame, writer: RegisteredSchema | undefined): unknown {
    this.#bounds.zeroByteItemsLeft = this.#bounds.maxZeroByteItems;
    if (!writer) {
      if (!this.#reader) throw new Error('no reader schema and no registry to read the writer schema from');
      return this.#reader.fromBuffer(frame.body);
    }
    const { type, resolver, incompatible } = this.#writer(writer);
    if (incompatible) throw incompatible;
    return this.#reader ? this.#reader.fromBuffer(frame.body, resolver) : type.fromBuffer(frame.body);
  }
}

/**
 * Avro values (or keys).
 *
 * @example
 * import { avro, ConfluentSchemaRegistry } from 'msk-once/formats';
 * const registry = new ConfluentSchemaRegistry({ url: process.env.SCHEMA_REGISTRY_URL! });
 * export const handler = kafkaHandler<Review>({ …, value: avro({ schema: reviewSchema, registry }) });
 */
export function avro<T = unknown>(options: AvroFormatOptions<T>): RecordFormat<T> {
  return {
    type: 'avro',
    synchronous: false,
    decoder: (field) => {
      if (options?.schema === undefined && options?.registry === undefined) {
        throw new ConfigurationError(
          `${field}.schema`,
          'avro needs a reader schema, or a registry to read writer schemas from',
        );
      }
      if (typeof options.schema === 'string') {
        try {
          JSON.parse(options.schema);
        } catch (error) {
          throw new ConfigurationError(
            `${field}.schema`,
            `is not Avro schema JSON: ${(error as Error).message}`,
          );
        }
      }
      const maxZeroByteItems = options.maxZeroByteItems ?? DEFAULT_MAX_ZERO_BYTE_ITEMS;
      if (!(Number.isInteger(maxZeroByteItems) && maxZeroByteItems >= 0)) {
        throw new ConfigurationError(
          `${field}.maxZeroByteItems`,
          `${maxZeroByteItems} is not a whole number of items (0 or more)`,
        );
      }
      return fieldDecoder<T>(
        new AvroCodec(options.schema, `${field}.schema`, maxZeroByteItems),
        options,
        field,
      );
    },
  };
}
