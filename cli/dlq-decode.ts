/**
 * `msk-once dlq --format …`: the values of DLQ records decoded as the handler decodes them, with
 * msk-once/formats itself (the same decoders, framing and registry clients), so that an Avro order
 * shows as its fields instead of `<18 bytes binary>`.
 *
 * The schema: a file (the reader schema; the wire format of each value is told by its first byte:
 * 0 Confluent, 3 Glue, else unframed), or a registry (a Confluent-compatible http(s) URL, or a
 * Glue registry ARN with the default AWS credentials): the writer schema of each value's schema id.
 *
 * Guarantees: a value that does not decode shows why (`<cannot decode as avro: …>`), never a guess;
 * the registry URL's credentials are not printed. Does not: decode keys.
 */
import { readFileSync } from 'node:fs';
import type { MSKRecord } from 'aws-lambda';
import {
  avro,
  ConfluentSchemaRegistry,
  GlueSchemaRegistry,
  json,
  jsonSchema,
  protobuf,
  type RecordFormat,
  type SchemaRegistry,
  type WireFormat,
} from '../lib/formats/index.ts';
import { type RecordFormatName, RecordFormatOptionError, redactedUrl } from './local/record-format.ts';

/** What `msk-once dlq` was told about the values. */
export interface DlqFormatOptions {
  readonly format: RecordFormatName;
  /** A schema file, a registry URL (http(s)://…) or a Glue registry ARN. */
  readonly schema: string | undefined;
  readonly messageType: string | undefined;
}

/** Decodes one record's value to text (JSON of what the handler would get). */
export type ValueDecoder = (record: MSKRecord) => Promise<string>;

function registryOf(source: string): SchemaRegistry {
  if (source.startsWith('arn:')) return new GlueSchemaRegistry({ registryArn: source });
  const url = new URL(source);
  const auth =
    url.username || url.password
      ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
      : undefined;
  return new ConfluentSchemaRegistry({ url: redactedUrl(url).replace(/\/$/, ''), ...(auth ? { auth } : {}) });
}

function wireOf(bytes: Buffer): WireFormat {
  if (bytes.length >= 5 && bytes[0] === 0) return 'confluent';
  if (bytes.length >= 18 && bytes[0] === 3) return 'glue';
  return 'none';
}

/**
 * The decoder for `o`, or undefined when the values are to be shown as they are (no `--format`).
 *
 * @throws {RecordFormatOptionError} naming the option: a schema missing, unreadable or of another format.
 * @example
 * const decode = await dlqValueDecoder({ format: 'avro', schema: 'order.avsc', messageType: undefined });
 * row.value = await decode!(record);
 */
export async function dlqValueDecoder(o: DlqFormatOptions): Promise<ValueDecoder | undefined> {
  const remote = o.schema !== undefined && /^(https?:\/\/|arn:)/.test(o.schema);
  const registry = remote ? registryOf(o.schema!) : undefined;
  let text: string | undefined;
  if (o.schema !== undefined && !remote) {
    try {
      text = readFileSync(o.schema, 'utf8');
    } catch (error) {
      throw new RecordFormatOptionError(`--schema ${o.schema}: ${(error as Error).message}`);
    }
  }
  if (o.format !== 'json' && o.format !== 'json-schema' && text === undefined && registry === undefined)
    throw new RecordFormatOptionError(
      `--format ${o.format} needs --schema <file, registry URL or Glue registry ARN>`,
    );
  let protoType: { decode(bytes: Uint8Array): unknown } | undefined;
  if (o.format === 'protobuf' && text !== undefined) {
    if (o.messageType === undefined)
      throw new RecordFormatOptionError('--format protobuf with a .proto file needs --message-type');
    const protobufjs = (await import('protobufjs')).default;
    protoType = protobufjs.parse(text, { keepCase: true }).root.lookupType(o.messageType);
  }
  const formats = new Map<WireFormat, RecordFormat>();
  const formatFor = (wire: WireFormat): RecordFormat => {
    let format = formats.get(wire);
    if (format) return format;
    const common = { wireFormat: wire, ...(registry ? { registry } : {}) };
    if (o.format === 'avro') format = avro({ ...common, ...(text ? { schema: text } : {}) });
    else if (o.format === 'protobuf')
      format = protobuf({ ...common, ...(protoType ? { schema: protoType } : {}) });
    else if (o.format === 'json-schema')
      format = jsonSchema({ ...common, ...(text ? { schema: JSON.parse(text) as object } : {}) });
    else format = json();
    formats.set(wire, format);
    return format;
  };
  if (o.format === 'json' && text === undefined && registry === undefined) return undefined;
  const decoders = new Map<WireFormat, ReturnType<RecordFormat['decoder']>>();
  return async (record) => {
    if (record.value === null || record.value === undefined) return '(tombstone)';
    const bytes = Buffer.from(record.value, 'base64');
    const wire = registry ? (registry.kind === 'glue' ? 'glue' : 'confluent') : wireOf(bytes);
    let decoder = decoders.get(wire);
    if (!decoder) {
      decoder = formatFor(wire).decoder('value');
      decoders.set(wire, decoder);
    }
    try {
      const value = await decoder(bytes, record);
      return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v));
    } catch (error) {
      return `<cannot decode as ${o.format}: ${(error as Error).message}>`;
    }
  };
}
