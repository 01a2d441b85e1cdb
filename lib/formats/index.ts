/**
 * msk-once/formats: Avro, Protobuf, JSON Schema and JSON keys and values, framed in the Confluent
 * or Glue wire format or delivered by an event source mapping with a schema registry, read with
 * writer schemas from a Confluent or Glue registry. Each format loads its library (avsc,
 * protobufjs, ajv) only when used, so a function bundles only the formats it imports.
 *
 * @example
 * import { kafkaHandler } from 'msk-once';
 * import { avro, schemaRegistryFromEnv } from 'msk-once/formats';
 *
 * export const handler = kafkaHandler<Review>({
 *   handlerName: 'on-order-placed',
 *   ...dedupConfigFromEnv(),
 *   value: avro({ schema: reviewSchema, registry: schemaRegistryFromEnv() }),
 *   async handle(message) { … message.payload … },
 * });
 */
export {
  type FormatName,
  RecordFormatError,
  type RegistryErrorReason,
  SchemaRegistryError,
  WireFormatError,
} from '../errors.ts';
export { type AvroFormatOptions, avro } from './avro.ts';
export { CONFLUENT_MAGIC_BYTE, frameConfluent, unframeConfluent } from './confluent.ts';
export {
  type ConfluentAuth,
  ConfluentSchemaRegistry,
  type ConfluentSchemaRegistryOptions,
} from './confluent-registry.ts';
export type {
  EventRecordFormat,
  FormatOptions,
  MSKRecordWithSchema,
  RecordField,
  RecordFormat,
  SchemaMetadata,
  WireFormat,
} from './format.ts';
export type { Frame } from './frame.ts';
export {
  frameGlue,
  GLUE_COMPRESSION_NONE,
  GLUE_COMPRESSION_ZLIB,
  GLUE_HEADER_VERSION,
  unframeGlue,
} from './glue.ts';
export {
  type GlueClientLike,
  type GlueCredentialIdentity,
  type GlueCredentials,
  GlueSchemaRegistry,
  type GlueSchemaRegistryOptions,
} from './glue-registry.ts';
export { type JsonFormatOptions, json } from './json.ts';
export { type JsonSchemaFormatOptions, jsonSchema } from './json-schema.ts';
export { type ProtobufFormatOptions, type ProtobufMessage, protobuf } from './protobuf.ts';
export type {
  RegisteredSchema,
  SchemaDataFormat,
  SchemaRegistry,
  SchemaRegistryClientOptions,
} from './registry.ts';
export { type SchemaRegistryFromEnvOptions, schemaRegistryFromEnv } from './registry-from-env.ts';
export { ValidationFailure, validateStandard } from './standard-schema.ts';
