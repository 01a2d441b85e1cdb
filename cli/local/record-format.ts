/**
 * The record format of `msk-once local` and `msk-once dlq`: JSON, or Avro, Protobuf or JSON Schema
 * with a schema read from a file or from a Confluent-compatible registry, and the wire format the
 * producers frame values in (Confluent: magic byte and schema id; Glue: header and schema version id).
 *
 * Guarantees: a schema that cannot be read or fetched is an error naming the option and the file
 * or URL (never the URL's credentials). Does not: validate a JSON Schema payload before publishing
 * (the handler's format does, as it would in production).
 */
import { readFileSync } from 'node:fs';
import type { SchemaSpec } from '../../testkit/index.ts';

/** The formats the tools speak, as `--format` names them. */
export const RECORD_FORMATS = ['json', 'avro', 'protobuf', 'json-schema'] as const;
export type RecordFormatName = (typeof RECORD_FORMATS)[number];

/** The wire formats producers frame schema-encoded values in. */
export const WIRE_FORMATS = ['confluent', 'glue'] as const;
export type WireFormatName = (typeof WIRE_FORMATS)[number];

/** What `--format`, `--schema`, `--message-type` and `--wire` say. */
export interface RecordFormatOptions {
  readonly format: RecordFormatName;
  /** A schema file, or an http(s) URL of a Confluent-compatible registry. */
  readonly schema: string | undefined;
  /** Protobuf: the message type of the value. */
  readonly messageType: string | undefined;
  readonly wire: WireFormatName;
}

/** A command line's format options that do not fit together, naming the option. */
export class RecordFormatOptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordFormatOptionError';
  }
}

/** The URL as it may be printed: no user name or password. */
export function redactedUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

/**
 * The schema text `--schema` names: the file's text, or the registry's schema (a URL of
 * `/schemas/ids/<id>` or `/subjects/<subject>/versions/<v>` as given; a bare registry URL: the
 * latest version of `<subject>`).
 *
 * @example
 * const text = await schemaText('order-paid.avsc', 'order-paid-value');
 */
export async function schemaText(source: string, subject: string): Promise<string> {
  if (!/^https?:\/\//.test(source)) {
    try {
      return readFileSync(source, 'utf8');
    } catch (error) {
      throw new RecordFormatOptionError(`--schema ${source}: ${(error as Error).message}`);
    }
  }
  const url = new URL(source);
  const headers: Record<string, string> = { accept: 'application/vnd.schemaregistry.v1+json' };
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  }
  const shown = redactedUrl(url);
  const target = new URL(shown);
  if (!/\/(schemas\/ids\/\d+|subjects\/[^/]+\/versions\/[^/]+)\/?$/.test(target.pathname)) {
    target.pathname = `${target.pathname.replace(/\/$/, '')}/subjects/${encodeURIComponent(subject)}/versions/latest`;
  }
  let answer: Response;
  try {
    answer = await fetch(target, { headers, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new RecordFormatOptionError(
      `--schema: the registry at ${target.href} did not answer: ${(error as Error).message}`,
    );
  }
  const body = (await answer.json().catch(() => ({}))) as { schema?: unknown; message?: unknown };
  if (!answer.ok || typeof body.schema !== 'string') {
    throw new RecordFormatOptionError(
      `--schema: ${target.href} answered ${answer.status}${typeof body.message === 'string' ? ` (${body.message})` : ''}, not a schema`,
    );
  }
  return body.schema;
}

/**
 * The schema spec the test kit's producer encodes with; undefined for plain JSON.
 *
 * @throws {RecordFormatOptionError} naming the option that is missing or does not fit.
 * @example
 * const spec = await schemaSpecOf({ format: 'avro', schema: 'order.avsc', messageType: undefined, wire: 'confluent' }, 'orders-value');
 */
export async function schemaSpecOf(o: RecordFormatOptions, subject: string): Promise<SchemaSpec | undefined> {
  if (o.format === 'json') {
    if (o.schema !== undefined)
      throw new RecordFormatOptionError('--schema needs --format avro, protobuf or json-schema');
    return undefined;
  }
  if (o.schema === undefined)
    throw new RecordFormatOptionError(`--format ${o.format} needs --schema <file or registry URL>`);
  if (o.format !== 'protobuf' && o.messageType !== undefined)
    throw new RecordFormatOptionError('--message-type is for --format protobuf');
  const text = await schemaText(o.schema, subject);
  if (o.format === 'avro') return { format: 'avro', schema: text };
  if (o.format === 'protobuf') {
    if (o.messageType === undefined)
      throw new RecordFormatOptionError('--format protobuf needs --message-type <the value message type>');
    return { format: 'protobuf', proto: text, messageType: o.messageType };
  }
  try {
    return { format: 'json-schema', schema: JSON.parse(text) as object };
  } catch (error) {
    throw new RecordFormatOptionError(
      `--schema ${o.schema} is not a JSON Schema (JSON): ${(error as Error).message}`,
    );
  }
}
