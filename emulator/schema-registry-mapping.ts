/**
 * The event source mapping's schema registry integration (SchemaRegistryConfig, provisioned mode),
 * from https://docs.aws.amazon.com/lambda/latest/dg/services-consume-kafka-events.html:
 *
 * - for each attribute to validate (SchemaValidationConfigs: KEY, VALUE) the mapping reads the schema
 *   id from the producer's framing and looks the schema up; not found -> the record goes to the
 *   on-failure destination with condition SCHEMA_NOT_FOUND (dropped without one), the function
 *   never sees it;
 * - it deserializes the attribute with that schema; failure -> DESERIALIZATION_ERROR, likewise;
 * - EventRecordFormat JSON: the attribute is delivered as (base64 of) JSON text; SOURCE: in its
 *   source format with the schema metadata (header, schema id) removed; either way the record
 *   carries `valueSchemaMetadata` / `keySchemaMetadata`: `{ dataFormat, schemaId }`.
 *
 * Where the docs are silent the emulator picks one reading and says so: Protobuf SOURCE values keep
 * their message indexes (as Powertools expects), Glue zlib bodies are delivered inflated; JSON
 * renders Avro bytes/fixed as base64 and Protobuf longs and enums as strings; a registry that does
 * not answer holds the batch back (retried after `retryMs`, for at most `maxStallMs`) rather than
 * failing its records.
 */

import type { MSKRecord } from 'aws-lambda';
import {
  avro,
  jsonSchema,
  protobuf,
  RecordFormatError,
  type RegisteredSchema,
  type SchemaMetadata,
  type SchemaRegistry,
  SchemaRegistryError,
  unframeConfluent,
  unframeGlue,
} from '../lib/formats/index.ts';
import type { LogRecord } from './kafka-log.ts';

/** A log record as the mapping hands it on, with the metadata its registry step added. */
export type DeliveredRecord = LogRecord & {
  readonly keySchemaMetadata?: SchemaMetadata;
  readonly valueSchemaMetadata?: SchemaMetadata;
};

export type SchemaRegistryCondition = 'SCHEMA_NOT_FOUND' | 'DESERIALIZATION_ERROR';

export interface MappingSchemaRegistryOptions {
  /** The registry the mapping validates against (a client from msk-once/formats). */
  registry: SchemaRegistry;
  eventRecordFormat: 'JSON' | 'SOURCE';
  /** SchemaValidationConfigs. Default: ['VALUE']. */
  attributes?: readonly ('KEY' | 'VALUE')[];
  /** How long a batch waits when the registry does not answer. Default: 200 ms. */
  retryMs?: number;
  /** After this long without an answer the mapping gives up: `drain()` rejects, naming the error. Default: 10 s. */
  maxStallMs?: number;
}

/** The mapping's verdict on one record. */
export type RegistryVerdict =
  | { ok: true; record: DeliveredRecord }
  | { ok: false; condition: SchemaRegistryCondition; why: string };

/** Avro `bytes`/`fixed` as base64, longs beyond JSON as strings: what JSON can carry. */
function jsonReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (
    value &&
    typeof value === 'object' &&
    (value as { type?: unknown }).type === 'Buffer' &&
    Array.isArray((value as { data?: unknown }).data)
  ) {
    return Buffer.from((value as { data: number[] }).data).toString('base64');
  }
  return value;
}

/**
 * @example
 * const registryStep = new MappingSchemaRegistry({ registry, eventRecordFormat: 'SOURCE' });
 * const esm = new EventSourceMapping(log, fn, { topics: ['reviews'], provisionedPollers: {}, schemaRegistry: registryStep });
 */
export class MappingSchemaRegistry {
  readonly eventRecordFormat: 'JSON' | 'SOURCE';
  readonly attributes: readonly ('KEY' | 'VALUE')[];
  readonly retryMs: number;
  readonly maxStallMs: number;
  readonly #registry: SchemaRegistry;
  readonly #decoders: Record<RegisteredSchema['dataFormat'], (bytes: Buffer, record: MSKRecord) => unknown>;

  constructor(options: MappingSchemaRegistryOptions) {
    if (options.eventRecordFormat !== 'JSON' && options.eventRecordFormat !== 'SOURCE') {
      throw new RangeError(`eventRecordFormat must be JSON or SOURCE, got ${options.eventRecordFormat}`);
    }
    this.#registry = options.registry;
    this.eventRecordFormat = options.eventRecordFormat;
    this.attributes = options.attributes ?? ['VALUE'];
    this.retryMs = options.retryMs ?? 200;
    this.maxStallMs = options.maxStallMs ?? 10_000;
    // The writer schema is the only schema: the mapping has no reader schema of its own.
    const shared = { registry: options.registry, wireFormat: options.registry.kind };
    this.#decoders = {
      AVRO: avro(shared).decoder('value'),
      PROTOBUF: protobuf(shared).decoder('value'),
      JSON: jsonSchema(shared).decoder('value'),
    };
  }

  /**
   * Validate and convert one record; throws a {@link SchemaRegistryError} when the registry does not
   * answer (the caller holds the batch back).
   */
  async deliver(record: LogRecord): Promise<RegistryVerdict> {
    let out: DeliveredRecord = record;
    for (const attribute of this.attributes) {
      const bytes = attribute === 'VALUE' ? record.value : record.key;
      if (bytes === null || bytes.length === 0) continue;
      const verdict = await this.#convert(record, bytes);
      if (!verdict.ok) return verdict;
      out =
        attribute === 'VALUE'
          ? { ...out, value: verdict.bytes, valueSchemaMetadata: verdict.metadata }
          : { ...out, key: verdict.bytes, keySchemaMetadata: verdict.metadata };
    }
    return { ok: true, record: out };
  }

  async #convert(
    record: LogRecord,
    bytes: Buffer,
  ): Promise<
    | { ok: true; bytes: Buffer; metadata: SchemaMetadata }
    | { ok: false; condition: SchemaRegistryCondition; why: string }
  > {
    let schemaId: string | undefined;
    let source: Buffer;
    try {
      const frame = this.#registry.kind === 'confluent' ? unframeConfluent(bytes) : unframeGlue(bytes);
      schemaId = frame.schemaId!;
      source = frame.body;
    } catch (error) {
      return { ok: false, condition: 'DESERIALIZATION_ERROR', why: (error as Error).message };
    }
    let schema: RegisteredSchema;
    try {
      schema = await this.#registry.schema(schemaId);
    } catch (error) {
      if (error instanceof SchemaRegistryError && error.reason === 'not-found') {
        return { ok: false, condition: 'SCHEMA_NOT_FOUND', why: error.message };
      }
      throw error;
    }
    let decoded: unknown;
    try {
      const position = {
        topic: record.topic,
        partition: record.partition,
        offset: record.offset,
      } as MSKRecord;
      decoded = await this.#decoders[schema.dataFormat](bytes, position);
    } catch (error) {
      if (
        error instanceof RecordFormatError &&
        error.registryReason &&
        error.cause instanceof SchemaRegistryError
      ) {
        throw error.cause;
      }
      return { ok: false, condition: 'DESERIALIZATION_ERROR', why: (error as Error).message };
    }
    const metadata: SchemaMetadata = { dataFormat: schema.dataFormat, schemaId };
    if (this.eventRecordFormat === 'SOURCE') return { ok: true, bytes: source, metadata };
    return { ok: true, bytes: Buffer.from(JSON.stringify(decoded, jsonReplacer)), metadata };
  }
}
