/**
 * How a record's key or value goes from bytes to what the handler gets, whatever the format:
 *
 * 1. the event source mapping already decoded it (a schema registry on the mapping, EventRecordFormat
 *    JSON: the record carries `valueSchemaMetadata`/`keySchemaMetadata` and JSON text) -> JSON.parse;
 * 2. the mapping took the registry's framing off (EventRecordFormat SOURCE: the metadata names the
 *    schema id) -> the format decodes the body;
 * 3. no registry on the mapping: the bytes are as the producer wrote them, framed in the Confluent or
 *    Glue wire format (or not at all) -> framing off, then the format decodes the body;
 * then, with a registry, the writer schema of the schema id comes from it (cached), and the format
 * reads the body with it (Avro resolves it into the reader schema); last, an optional Standard
 * Schema validates the result.
 *
 * Everything is synchronous unless it has to wait (the format's library loading on the first record
 * of a container, a schema id not yet in the cache): only then is a promise returned, so JSON and
 * cached schemas never cost an await.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { MSKRecord } from 'aws-lambda';
import { EnvVar } from '../contract.ts';
import {
  ConfigurationError,
  type FormatName,
  RecordFormatError,
  SchemaRegistryError,
  type WireFormatError,
} from '../errors.ts';
import { readMessageIndexes, unframeConfluent } from './confluent.ts';
import type { Frame } from './frame.ts';
import { readVarint, unframeGlue } from './glue.ts';
import type { RegisteredSchema, SchemaDataFormat, SchemaRegistry } from './registry.ts';
import { isStandardSchema, validateStandard } from './standard-schema.ts';

/** The mapping's EventRecordFormat when it has a schema registry. */
export type EventRecordFormat = 'JSON' | 'SOURCE';

/** How producers framed the bytes: Confluent's magic byte and id, Glue's header, or nothing. */
export type WireFormat = 'confluent' | 'glue' | 'none';

/** What the mapping adds to a record whose key or value it validated against its registry. */
export interface SchemaMetadata {
  /** AVRO, PROTOBUF or JSON. */
  readonly dataFormat: string;
  /** The schema id: a decimal number (Confluent) or a schema version UUID (Glue). */
  readonly schemaId?: string;
}

/** A record as the mapping delivers it with a registry configured. */
export type MSKRecordWithSchema = MSKRecord & {
  readonly valueSchemaMetadata?: SchemaMetadata;
  readonly keySchemaMetadata?: SchemaMetadata;
};

/** Which part of the record a decoder reads. */
export type RecordField = 'key' | 'value';

/**
 * Decodes one field of a record: the value, or a promise while it waits for a library or a schema.
 * Failures are {@link RecordFormatError}s naming the record, the format and the schema id.
 *
 * @internal
 */
export type FieldDecoder<T> = (bytes: Buffer, record: MSKRecord, eventId?: string) => T | Promise<T>;

/**
 * A record format, as `kafkaHandler`'s `value` and `key` options take it: made by `json()`,
 * `avro()`, `protobuf()` or `jsonSchema()`.
 */
export interface RecordFormat<T = unknown> {
  readonly type: FormatName;
  /** Whether every decode returns at once (plain JSON); otherwise a decode may return a promise. */
  readonly synchronous: boolean;
  /** @internal The decoder of `field`; made once, at cold start. */
  decoder(field: RecordField): FieldDecoder<T>;
}

/** The options every format shares. */
export interface FormatOptions<T> {
  /**
   * A Standard Schema (zod, valibot, arktype…) the decoded value must pass; its output is what the
   * handler gets. A value it rejects fails the record. @default none
   */
  parserSchema?: StandardSchemaV1<unknown, T>;
  /**
   * Where writer schemas come from, by the schema id the record carries. Without one, the reader
   * schema is taken to be the writer schema. @default none
   */
  registry?: SchemaRegistry | undefined;
  /**
   * How producers framed records that reach the function as written (no `*SchemaMetadata`).
   * @default the registry's kind ('confluent' or 'glue'), else 'none'
   */
  wireFormat?: WireFormat;
  /**
   * The mapping's EventRecordFormat, for records that carry `*SchemaMetadata`.
   * @default process.env.KAFKA_EVENT_RECORD_FORMAT (the consumer construct sets it)
   */
  eventRecordFormat?: EventRecordFormat;
}

/**
 * What a format plugs into the pipeline: how to read a body once the framing is off.
 *
 * @internal
 */
export interface BodyCodec<T> {
  readonly type: FormatName;
  /** Protobuf: message indexes follow the framing. */
  readonly indexed: boolean;
  /** The registry's data format this codec reads; plain JSON reads any. */
  readonly dataFormat: SchemaDataFormat | undefined;
  /** Load the format's library (a dynamic import, so functions that do not use it do not bundle it). */
  load: (() => Promise<void>) | undefined;
  /**
   * Make what reading with `writer` needs (parse it, resolve it into the reader schema), cached
   * per schema id. Throws when the registry's answer cannot be used: the answer is then rejected.
   */
  prepare(writer: RegisteredSchema): void;
  /** Read `frame.body`; `writer` is the registry's schema for `frame.schemaId`, when there is a registry. */
  decode(frame: Frame, writer: RegisteredSchema | undefined): T;
}

const GLUE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** @internal A Glue schema version id (a UUID) rather than a Confluent one (a number). */
export function isGlueSchemaId(id: string | undefined): boolean {
  return id !== undefined && GLUE_ID.test(id);
}

/** @internal The framing of a SOURCE record: the mapping took the header off, Protobuf keeps its indexes. */
function sourceFrame(bytes: Buffer, schemaId: string | undefined, indexed: boolean): Frame {
  if (!indexed) return { schemaId, body: bytes };
  if (isGlueSchemaId(schemaId)) {
    const index = readVarint(bytes, 0);
    return { schemaId, body: bytes.subarray(index.next), messageIndexes: [index.value] };
  }
  const { indexes, next } = readMessageIndexes(bytes, 0);
  return { schemaId, body: bytes.subarray(next), messageIndexes: indexes };
}

function unframe(wire: WireFormat, bytes: Buffer, indexed: boolean): Frame {
  if (wire === 'confluent') return unframeConfluent(bytes, indexed);
  if (wire === 'glue') return unframeGlue(bytes, indexed);
  return { schemaId: undefined, body: bytes };
}

function eventRecordFormatOf(
  option: EventRecordFormat | undefined,
  field: RecordField,
): EventRecordFormat | undefined {
  const value = option ?? (process.env[EnvVar.eventRecordFormat] || undefined);
  if (value !== undefined && value !== 'JSON' && value !== 'SOURCE') {
    const name = option === undefined ? EnvVar.eventRecordFormat : `${field}.eventRecordFormat`;
    throw new ConfigurationError(name, `'${value}' is neither JSON nor SOURCE`);
  }
  return value;
}

/**
 * The decoder of one field for a format's codec and options.
 *
 * @internal
 */
export function fieldDecoder<T>(
  codec: BodyCodec<unknown>,
  options: FormatOptions<T>,
  field: RecordField,
): FieldDecoder<T> {
  const recordFormat = eventRecordFormatOf(options.eventRecordFormat, field);
  const wire = options.wireFormat ?? options.registry?.kind ?? 'none';
  if (wire !== 'confluent' && wire !== 'glue' && wire !== 'none') {
    throw new ConfigurationError(`${field}.wireFormat`, `'${wire}' is not confluent, glue or none`);
  }
  if (options.parserSchema !== undefined && !isStandardSchema(options.parserSchema)) {
    throw new ConfigurationError(
      `${field}.parserSchema`,
      'is not a Standard Schema (zod, valibot, arktype…)',
    );
  }
  const { registry, parserSchema } = options;
  const metadataOf = (record: MSKRecord) =>
    field === 'value'
      ? (record as MSKRecordWithSchema).valueSchemaMetadata
      : (record as MSKRecordWithSchema).keySchemaMetadata;

  const failure = (record: MSKRecord, schemaId: string | undefined, error: unknown, eventId?: string) =>
    error instanceof RecordFormatError
      ? error
      : new RecordFormatError(
          record,
          field,
          codec.type,
          schemaId,
          (error as Error)?.message ?? String(error),
          {
            cause: error,
            eventId,
          },
        );

  const validate = (
    record: MSKRecord,
    schemaId: string | undefined,
    value: unknown,
    eventId?: string,
  ): T | Promise<T> => {
    if (!parserSchema) return value as T;
    let checked: T | Promise<T>;
    try {
      checked = validateStandard(parserSchema, value);
    } catch (error) {
      throw failure(record, schemaId, error, eventId);
    }
    return checked instanceof Promise
      ? checked.catch((error) => {
          throw failure(record, schemaId, error, eventId);
        })
      : checked;
  };

  const read = (record: MSKRecord, frame: Frame, writer: RegisteredSchema | undefined, eventId?: string) => {
    if (writer) {
      // A record of another format (a producer writing to the wrong topic): the record's fault,
      // not the registry's, whose answer other formats sharing it may well use.
      if (codec.dataFormat !== undefined && writer.dataFormat !== codec.dataFormat) {
        throw failure(
          record,
          frame.schemaId,
          new Error(`the registry says schema ${writer.id} is ${writer.dataFormat}, not ${codec.dataFormat}`),
          eventId,
        );
      }
      try {
        codec.prepare(writer);
      } catch (error) {
        // The registry's answer, not the record, is at fault: it is rejected, so the registry is
        // asked again after its retry interval instead of failing this id for the container's life.
        const invalid = new SchemaRegistryError(
          'invalid',
          writer.id,
          `${registry!.name} answered a schema the ${codec.type} format cannot use: ${(error as Error).message}`,
          { cause: error },
        );
        registry!.reject?.(writer.id, invalid);
        throw failure(record, frame.schemaId, invalid, eventId);
      }
    }
    let value: unknown;
    try {
      value = codec.decode(frame, writer);
    } catch (error) {
      throw failure(record, frame.schemaId, error, eventId);
    }
    return validate(record, frame.schemaId, value, eventId);
  };

  const decode = (bytes: Buffer, record: MSKRecord, eventId?: string): T | Promise<T> => {
    const metadata = metadataOf(record);
    if (metadata && recordFormat === 'JSON') {
      // The mapping decoded it against its registry: JSON text, whatever the source format.
      let value: unknown;
      try {
        value = JSON.parse(bytes.toString('utf8'));
      } catch (error) {
        throw failure(
          record,
          metadata.schemaId,
          new Error(`the mapping's JSON does not parse: ${(error as Error).message}`),
          eventId,
        );
      }
      return validate(record, metadata.schemaId, value, eventId);
    }
    if (metadata && recordFormat !== 'SOURCE') {
      throw failure(
        record,
        metadata.schemaId,
        new Error(
          `the record carries ${field}SchemaMetadata (the mapping has a schema registry) but the record format is not known: set ${EnvVar.eventRecordFormat} or ${field}.eventRecordFormat to JSON or SOURCE`,
        ),
        eventId,
      );
    }
    let frame: Frame;
    try {
      frame = metadata
        ? sourceFrame(bytes, metadata.schemaId, codec.indexed)
        : unframe(wire, bytes, codec.indexed);
    } catch (error) {
      throw failure(record, metadata?.schemaId ?? (error as WireFormatError).schemaId, error, eventId);
    }
    if (!registry || frame.schemaId === undefined) return read(record, frame, undefined, eventId);
    let writer: RegisteredSchema | Promise<RegisteredSchema>;
    try {
      writer = registry.schema(frame.schemaId);
    } catch (error) {
      throw failure(record, frame.schemaId, error, eventId);
    }
    if (writer instanceof Promise) {
      return writer.then(
        (schema) => read(record, frame, schema, eventId),
        (error) => {
          throw failure(record, frame.schemaId, error, eventId);
        },
      );
    }
    return read(record, frame, writer, eventId);
  };

  if (!codec.load) return decode;
  // Start loading the library now (cold start), so the first record rarely waits; a load that
  // fails is tried again by the next record, which fails meanwhile (and is retried).
  let loaded = false;
  let loading: Promise<void> | undefined;
  const load = () => {
    loading ??= codec.load!().then(
      () => {
        loaded = true;
      },
      (error) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  load().catch(() => {});
  return (bytes, record, eventId) => {
    if (loaded) return decode(bytes, record, eventId);
    return load().then(
      () => decode(bytes, record, eventId),
      (error) => {
        throw failure(
          record,
          undefined,
          new Error(`the ${codec.type} format did not load: ${(error as Error).message}`, { cause: error }),
          eventId,
        );
      },
    );
  };
}
