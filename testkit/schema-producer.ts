/**
 * A producer of schema-encoded records for tests and local runs: Avro (avsc), Protobuf (protobufjs)
 * and JSON Schema values encoded by the libraries themselves, registered in a local Confluent or
 * Glue registry and framed in that registry's wire format (Confluent: magic byte, schema id,
 * Protobuf message indexes; Glue: header version, compression incl. zlib, schema version id,
 * Protobuf message index), then appended to the emulator's Kafka log with the envelope headers
 * (Event-Id once per event, Correlation-Id, Event-Type).
 */

import { deflateSync } from 'node:zlib';
import type * as protobufjs from 'protobufjs';
import { ulid } from 'ulid';
import type { KafkaLog, LogHeader, LogRecord } from '../emulator/index.ts';
import type { DeclarativeEventIdSource } from '../lib/contract.ts';
import type { LocalConfluentRegistry } from './local-confluent-registry.ts';
import type { LocalGlueRegistry } from './local-glue-registry.ts';
import { requirePeer } from './optional-peer.ts';

// Each format's library is loaded when a record of that format is encoded: a JSON-only test
// needs neither (optional peers: `npm i -D avsc`, `npm i -D protobufjs`).
const FEATURE = 'encodeWithSchema / SchemaProducer (msk-once/testkit)';
const avscOf = () => requirePeer<typeof import('avsc')>('avsc', `${FEATURE} with Avro`);
const protobufOf = () => requirePeer<typeof import('protobufjs')>('protobufjs', `${FEATURE} with Protobuf`);

/** What to encode with: an Avro schema, a .proto and one of its message types, or a JSON Schema. */
export type SchemaSpec =
  | { format: 'avro'; schema: object | string }
  | { format: 'protobuf'; proto: string; messageType: string }
  | { format: 'json-schema'; schema: object };

/** How to frame the encoded bytes. */
export type Framing =
  | { wire: 'confluent'; schemaId: number }
  | { wire: 'glue'; schemaVersionId: string; compression?: 'none' | 'zlib' }
  | { wire: 'none' };

function zigzag(value: number, out: number[]): void {
  let raw = value >= 0 ? value * 2 : -value * 2 - 1;
  while (raw >= 0x80) {
    out.push((raw & 0x7f) | 0x80);
    raw = Math.floor(raw / 128);
  }
  out.push(raw);
}

function unsigned(value: number, out: number[]): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

/** The message types of a namespace, in declaration order. */
function messagesOf(ns: protobufjs.NamespaceBase): protobufjs.Type[] {
  return ns.nestedArray.filter((n): n is protobufjs.Type => n instanceof protobufOf().Type);
}

/** The namespace holding the file's top-level messages (below its package). */
function fileScope(root: protobufjs.Root, pkg: string | undefined): protobufjs.NamespaceBase {
  return pkg ? (root.lookup(pkg) as protobufjs.Namespace) : root;
}

/** Confluent's message index path of `type`: its index among the file's top-level messages, then nested. */
function confluentIndexes(scope: protobufjs.NamespaceBase, type: protobufjs.Type): number[] {
  const path: protobufjs.Type[] = [];
  for (let t: protobufjs.ReflectionObject | null = type; t && t !== scope; t = t.parent) {
    if (t instanceof protobufOf().Type) path.unshift(t);
  }
  const indexes: number[] = [];
  let siblings = messagesOf(scope);
  for (const t of path) {
    indexes.push(siblings.indexOf(t));
    siblings = messagesOf(t);
  }
  return indexes;
}

/** Glue's message index of `type`: its rank among all the file's messages sorted by full name. */
function glueIndex(scope: protobufjs.NamespaceBase, type: protobufjs.Type): number {
  const all: protobufjs.Type[] = [];
  let level = messagesOf(scope);
  while (level.length > 0) {
    all.push(...level);
    level = level.flatMap(messagesOf);
  }
  const names = all.map((t) => t.fullName.replace(/^\./, '')).sort();
  return names.indexOf(type.fullName.replace(/^\./, ''));
}

/**
 * Encode `value` with the library of its format and frame it.
 *
 * @example
 * const bytes = encodeWithSchema({ format: 'avro', schema: reviewSchema }, review, { wire: 'confluent', schemaId: 1 });
 */
export function encodeWithSchema(spec: SchemaSpec, value: unknown, framing: Framing): Buffer {
  let body: Buffer;
  let indexes: { confluent: number[]; glue: number } | undefined;
  if (spec.format === 'avro') {
    const schema = typeof spec.schema === 'string' ? JSON.parse(spec.schema) : spec.schema;
    body = avscOf().Type.forSchema(schema).toBuffer(value);
  } else if (spec.format === 'protobuf') {
    const parsed = protobufOf().parse(spec.proto, { keepCase: true });
    const type = parsed.root.lookupType(spec.messageType);
    const problem = type.verify(value as Record<string, unknown>);
    if (problem) throw new Error(`value does not fit ${spec.messageType}: ${problem}`);
    body = Buffer.from(type.encode(type.fromObject(value as Record<string, unknown>)).finish());
    const scope = fileScope(parsed.root, parsed.package);
    indexes = { confluent: confluentIndexes(scope, type), glue: glueIndex(scope, type) };
  } else {
    body = Buffer.from(JSON.stringify(value));
  }
  if (framing.wire === 'none') return body;
  if (framing.wire === 'confluent') {
    const header = Buffer.alloc(5);
    header.writeUInt32BE(framing.schemaId, 1);
    const index: number[] = [];
    if (indexes) {
      if (indexes.confluent.length === 1 && indexes.confluent[0] === 0) index.push(0);
      else {
        zigzag(indexes.confluent.length, index);
        for (const i of indexes.confluent) zigzag(i, index);
      }
    }
    return Buffer.concat([header, Buffer.from(index), body]);
  }
  const index: number[] = [];
  if (indexes) unsigned(indexes.glue, index);
  const payload = Buffer.concat([Buffer.from(index), body]);
  const zlib = framing.compression === 'zlib';
  return Buffer.concat([
    Buffer.from([3, zlib ? 5 : 0]),
    Buffer.from(framing.schemaVersionId.replaceAll('-', ''), 'hex'),
    zlib ? deflateSync(payload) : payload,
  ]);
}

/** The schema text a registry stores for `spec`. */
function definitionOf(spec: SchemaSpec): { text: string; format: 'AVRO' | 'PROTOBUF' | 'JSON' } {
  if (spec.format === 'avro') {
    return {
      text: typeof spec.schema === 'string' ? spec.schema : JSON.stringify(spec.schema),
      format: 'AVRO',
    };
  }
  if (spec.format === 'protobuf') return { text: spec.proto, format: 'PROTOBUF' };
  return { text: JSON.stringify(spec.schema), format: 'JSON' };
}

export interface SchemaEvent {
  topic: string;
  payload: unknown;
  schema: SchemaSpec;
  /** A plain text key, or a key encoded with a schema of its own (registered as `<topic>-key`). */
  key?: string | { payload: unknown; schema: SchemaSpec };
  /** Default: a new ULID. Give the same id to publish the same event again (a duplicate). */
  eventId?: string;
  /**
   * Where the consumer reads the id (its `eventId`): the id goes into that header, `ce_id`
   * (`cloudevents`, binary mode) or the record key (`key`, instead of `key` above); with a source
   * other than the default no Event-Id header is sent (a payload source: put the id in `payload`).
   * @default the Event-Id header
   */
  idSource?: DeclarativeEventIdSource | { readonly from: 'message' };
  eventType?: string;
  correlationId?: string;
  /** Glue only: deflate the payload. Default: none. */
  compression?: 'none' | 'zlib';
  partition?: number;
}

/**
 * @example
 * const registry = await startLocalConfluentRegistry();
 * const producer = new SchemaProducer(log, { confluent: registry });
 * producer.send({ topic: 'reviews', payload: review, schema: { format: 'avro', schema: reviewSchema } });
 */
export class SchemaProducer {
  readonly #log: KafkaLog;
  readonly #confluent: LocalConfluentRegistry | undefined;
  readonly #glue: LocalGlueRegistry | undefined;
  readonly #glueIds = new Map<string, string>();

  /** With `confluent` or `glue`, values are registered and framed for it; with neither, unframed. */
  constructor(
    log: KafkaLog,
    registry: { confluent?: LocalConfluentRegistry; glue?: LocalGlueRegistry } = {},
  ) {
    if (registry.confluent && registry.glue) throw new Error('give one registry, confluent or glue');
    this.#log = log;
    this.#confluent = registry.confluent;
    this.#glue = registry.glue;
  }

  /** Register `spec` under `subject` and return how to frame values written with it. */
  framing(subject: string, spec: SchemaSpec, compression?: 'none' | 'zlib'): Framing {
    const { text, format } = definitionOf(spec);
    if (this.#confluent)
      return { wire: 'confluent', schemaId: this.#confluent.register(subject, text, format) };
    if (this.#glue) {
      const key = `${subject}\n${format}\n${text}`;
      let id = this.#glueIds.get(key);
      if (!id) {
        id = this.#glue.register(subject, text, format);
        this.#glueIds.set(key, id);
      }
      return { wire: 'glue', schemaVersionId: id, compression };
    }
    return { wire: 'none' };
  }

  /** Encode, frame and append one event; returns the record and the schema id it carries. */
  send(event: SchemaEvent): { record: LogRecord; eventId: string; schemaId: string | undefined } {
    const eventId = event.eventId ?? ulid();
    const framing = this.framing(`${event.topic}-value`, event.schema, event.compression);
    const value = encodeWithSchema(event.schema, event.payload, framing);
    const source = event.idSource ?? { from: 'header' };
    let key: Buffer | string | null = null;
    if (source.from === 'key') key = eventId;
    else if (typeof event.key === 'string') key = event.key;
    else if (event.key) {
      key = encodeWithSchema(
        event.key.schema,
        event.key.payload,
        this.framing(`${event.topic}-key`, event.key.schema, event.compression),
      );
    }
    const headers: LogHeader[] = [];
    if (source.from === 'header')
      headers.push({ name: source.header ?? 'Event-Id', value: Buffer.from(eventId) });
    else if (source.from === 'cloudevents') headers.push({ name: 'ce_id', value: Buffer.from(eventId) });
    headers.push({ name: 'Correlation-Id', value: Buffer.from(event.correlationId ?? eventId) });
    if (event.eventType) headers.push({ name: 'Event-Type', value: Buffer.from(event.eventType) });
    const record = this.#log.append(event.topic, { key, value, headers, partition: event.partition });
    const schemaId =
      framing.wire === 'confluent'
        ? String(framing.schemaId)
        : framing.wire === 'glue'
          ? framing.schemaVersionId
          : undefined;
    return { record, eventId, schemaId };
  }
}
