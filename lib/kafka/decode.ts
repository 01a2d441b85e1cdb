/**
 * Decode one record of an MSK event: base64 key and value, byte-array headers, the envelope.
 * A record that cannot be decoded gets an {@link InvalidRecordError} naming it and the reason;
 * it never throws past the batch.
 */
import type { MSKRecord } from 'aws-lambda';
import { isByteArray } from '../contract/bytes.ts';
import { CORRELATION_ID_HEADER, EVENT_TYPE_HEADER } from '../contract/envelope.ts';
import { type EventIdReader, resolveEventIdSource } from '../contract/event-id-source.ts';
import type { KafkaHeaders, KafkaMessage } from '../contract/message.ts';
import { type EventIdError, InvalidRecordError } from '../errors.ts';
import { readThrown } from '../observability/thrown.ts';

/**
 * A message whose payload its owner may still fill: what {@link decodeEnvelope} returns. Whoever
 * receives it as a {@link KafkaMessage} sees every field read-only; only the code holding this
 * type (the decoder, the consumer's record) writes the payload, and without a cast.
 * @internal
 */
export interface PendingMessage<T> extends KafkaMessage<T> {
  payload: T | null;
  /** Empty until the payload is decoded when the id source reads the payload. */
  eventId: string;
}

/** How to decode a record's value (and key) and how large a header may be. */
export interface DecodeOptions<T> {
  /**
   * Decode a value. A promise only when the decoder has to wait (a format's library loading, a
   * schema registry lookup); plain JSON never does.
   */
  parse: (value: Buffer, record: MSKRecord, eventId?: string) => T | Promise<T>;
  /** Decode a key (a key format); without it the key stays the record's bytes. */
  key?: (key: Buffer, record: MSKRecord, eventId?: string) => unknown;
  maxHeaderBytes: number;
  /** Where the event id comes from (resolved). Default: the Event-Id header, a ULID. */
  eventId?: EventIdReader;
}

/**
 * Decode base64 and make sure nothing was skipped: Buffer.from() drops characters outside the
 * alphabet silently, so a decoded length short of what the text's length promises means the text
 * was not base64. (Cheaper than a regular expression over every value; URL-safe letters pass.)
 */
function base64(record: MSKRecord, field: 'key' | 'value', text: unknown): Buffer {
  if (typeof text !== 'string') {
    throw new InvalidRecordError(record, `${field} is ${describeType(text)}, not base64 text`);
  }
  const bytes = Buffer.from(text, 'base64');
  if (text.length % 4 !== 0 || bytes.length !== decodedLength(text)) {
    throw new InvalidRecordError(record, `${field} is not valid base64 (${text.length} characters)`);
  }
  return bytes;
}

/**
 * Where {@link scratchBase64} decodes bytes that need no buffer of their own: grown to the longest
 * such field seen, up to {@link SCRATCH_MAX_BYTES}.
 */
let scratch = Buffer.allocUnsafeSlow(256);
/** A longer field is decoded into a buffer of its own, so that the scratch stays this small. */
const SCRATCH_MAX_BYTES = 64 * 1024;

/**
 * Decode base64 `text` and check it as {@link base64} does, into a buffer that is only valid until
 * the next call: its first `decodedLength(text)` bytes. For bytes that are read once and dropped (a
 * key checked before its claim; the default JSON value, read once into its string), so that a batch
 * does not make a buffer per record for them.
 */
function scratchBase64(record: MSKRecord, field: 'key' | 'value', text: unknown): Buffer {
  if (typeof text !== 'string') {
    throw new InvalidRecordError(record, `${field} is ${describeType(text)}, not base64 text`);
  }
  const length = decodedLength(text);
  let into = scratch;
  if (length > into.length) {
    into = Buffer.allocUnsafeSlow(length);
    if (length <= SCRATCH_MAX_BYTES) scratch = into;
  }
  if (text.length % 4 !== 0 || into.write(text, 0, length, 'base64') !== length) {
    throw new InvalidRecordError(record, `${field} is not valid base64 (${text.length} characters)`);
  }
  return into;
}

/** The bytes base64 `text` of a whole number of quads holds (less its padding). */
function decodedLength(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor(text.length / 4) * 3 - padding);
}

/**
 * Throw as {@link base64} would, without keeping the bytes: a key is checked when the record is
 * decoded (before its claim), and decoded only when the record runs, so that a batch does not hold
 * a buffer per record from its start to its end.
 */
function checkBase64(record: MSKRecord, field: 'key' | 'value', text: unknown): void {
  scratchBase64(record, field, text);
}

/**
 * A key or value is there unless its field is absent, null or empty (a tombstone has no value);
 * anything else present, a number included, must be base64 text.
 * @internal
 */
export function hasValue(field: unknown): boolean {
  return field !== undefined && field !== null && field !== '';
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' || type === 'undefined' ? `an ${type}` : `a ${type}`;
}

/**
 * The offset of a raw record as a number: the MSK event carries numbers; a hand-made event may
 * carry decimal strings. Both the in-order check and the sort use this one reading, so they can
 * never disagree. NaN for anything else (the record then fails, see {@link decodeEnvelope}).
 */
export function offsetOf(record: MSKRecord): number {
  const offset = record.offset as unknown;
  if (typeof offset === 'number') return Number.isSafeInteger(offset) && offset >= 0 ? offset : Number.NaN;
  if (typeof offset === 'string' && /^\d{1,16}$/.test(offset)) return Number(offset);
  return Number.NaN;
}

/** A copy of a small buffer that owns its memory: a slice of Buffer's shared pool would keep the pool slab (and the values decoded next to it) alive for as long as the message lives. */
function own(bytes: Buffer): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(copy);
  return copy;
}

/** JSON of UTF-8, the default `parse`. */
export function parseJson(value: Buffer): unknown {
  return JSON.parse(value.toString('utf8'));
}

/** UTF-8 text of a header's bytes; short ASCII (Event-Id, Correlation-Id...) skips the Buffer. */
function utf8(bytes: number[]): string {
  if (bytes.length <= 128) {
    let ascii = true;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (!(b >= 0 && b <= 127)) {
        ascii = false;
        break;
      }
    }
    if (ascii) return String.fromCharCode.apply(null, bytes);
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeaders(record: MSKRecord, maxHeaderBytes: number): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  const list = record.headers;
  if (list === undefined || list === null) return headers;
  if (!Array.isArray(list)) throw new InvalidRecordError(record, 'headers is not an array');
  for (const entry of list) {
    if (entry === null || typeof entry !== 'object')
      throw new InvalidRecordError(record, `a header is ${describeType(entry)}, not { name: bytes }`);
    for (const name in entry) {
      const bytes = entry[name];
      if (!Array.isArray(bytes)) throw new InvalidRecordError(record, `header ${name} is not a byte array`);
      if (!isByteArray(bytes)) {
        throw new InvalidRecordError(record, `header ${name} holds a value that is not a byte (0..255)`);
      }
      if (bytes.length > maxHeaderBytes) {
        throw new InvalidRecordError(
          record,
          `header ${name} is ${bytes.length} bytes, over the ${maxHeaderBytes}-byte limit`,
        );
      }
      const value = utf8(bytes);
      const seen = headers[name];
      if (seen === undefined) headers[name] = value;
      else if (typeof seen === 'string') headers[name] = [seen, value];
      else seen.push(value);
    }
  }
  return headers;
}

function single(headers: KafkaHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The default source: the Event-Id header, a ULID. */
const DEFAULT_EVENT_ID: EventIdReader = resolveEventIdSource(undefined);

/**
 * Decode a record into the message a business function sees.
 *
 * @throws {InvalidRecordError} malformed base64, a missing or invalid Event-Id, an oversize header,
 *   or a value `parse` rejects; the message names the record and the reason.
 * @example
 * const message = decodeRecord(event.records['orders-0'][0], { parse: parseJson, maxHeaderBytes: 16384 });
 */
export function decodeRecord<T>(record: MSKRecord, options: DecodeOptions<T>): PendingMessage<T> {
  const message = decodeEnvelope<T>(record, options);
  if (decodePayload(record, options, message) instanceof Promise) {
    throw new TypeError(
      'decodeRecord decodes synchronously; this format has to wait: await decodePayload instead',
    );
  }
  const source = options.eventId ?? DEFAULT_EVENT_ID;
  if (message.eventId === '') message.eventId = source.read(record, message);
  return message;
}

/**
 * Everything but the value and the key: enough to claim the record. The consumer decodes both only
 * when the record runs, so duplicates are never parsed and payloads do not all live at once. The
 * key is checked here (malformed base64 fails the record before its claim) and `message.key` stays
 * undefined until {@link decodePayload}, unless the event id is read from the key.
 *
 * @throws {InvalidRecordError} malformed base64 key, an oversize header; an {@link EventIdError} when
 *   the id source (default: the Event-Id header) gives no valid id. With a source that reads the
 *   payload, `eventId` stays empty until the payload is decoded.
 * @example
 * const message = decodeEnvelope(record, { parse: parseJson, maxHeaderBytes: 16384 }); // payload: null
 */
export function decodeEnvelope<T>(record: MSKRecord, options: DecodeOptions<T>): PendingMessage<T> {
  if (Number.isNaN(offsetOf(record))) {
    throw new InvalidRecordError(
      record,
      `offset ${JSON.stringify(record.offset)} is not a whole number >= 0`,
    );
  }
  const headers = decodeHeaders(record, options.maxHeaderBytes);
  const source = options.eventId ?? DEFAULT_EVENT_ID;
  // The key's bytes wait for decodePayload (when the record runs), unless the id is read from them.
  const hasKey = hasValue(record.key);
  if (hasKey && source.from !== 'key') checkBase64(record, 'key', record.key);
  const message: PendingMessage<T> = {
    eventId: '',
    correlationId: single(headers, CORRELATION_ID_HEADER),
    eventType: single(headers, EVENT_TYPE_HEADER),
    topic: record.topic,
    partition: record.partition,
    offset: record.offset,
    timestamp: record.timestamp,
    key: hasKey && source.from === 'key' ? own(base64(record, 'key', record.key)) : undefined,
    headers,
    payload: null,
  };
  // A source that reads the payload fills the id once the payload is decoded (see decodeRecord).
  if (!source.needsPayload(headers)) message.eventId = source.read(record, message);
  return message;
}

function rejected(
  record: MSKRecord,
  field: 'key' | 'value',
  error: unknown,
  eventId?: string,
): InvalidRecordError {
  // Format errors already name the record, the format and the schema id.
  if (error instanceof InvalidRecordError) return error;
  return new InvalidRecordError(
    record,
    `${field} rejected by ${field === 'value' ? 'parse' : 'the key format'}: ${readThrown(error).text}`,
    {
      cause: readThrown(error).error,
      eventId,
    },
  );
}

/**
 * The parsed value; `null` for a tombstone (no value: the field absent, null or empty), for which
 * parse is not called. `payload: null` means a tombstone and nothing else: a value that parses to
 * null (the JSON text `null`) is refused, so a handler can tell a deletion from a message.
 * A promise only when `parse` has to wait (see {@link DecodeOptions.parse}).
 *
 * @throws {InvalidRecordError} malformed base64, or a value `parse` rejects (a promise rejects with it).
 * @example
 * const payload = decodeValue(record, options, message.eventId);
 */
export function decodeValue<T>(
  record: MSKRecord,
  options: DecodeOptions<T>,
  eventId?: string,
): T | null | Promise<T | null> {
  const text = record.value as unknown;
  if (!hasValue(text)) return null;
  if (options.parse === parseJson) {
    // The default JSON reads the bytes once, into its string: they need no buffer of their own
    // (a custom parse may keep the buffer it is given, so it gets one).
    const bytes = scratchBase64(record, 'value', text);
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8', 0, decodedLength(text as string)));
    } catch (error) {
      throw rejected(record, 'value', error, eventId);
    }
    return notNull(record, json as T, eventId);
  }
  const value = base64(record, 'value', text);
  let parsed: T | Promise<T>;
  try {
    const out: T | PromiseLike<T> = options.parse(value, record, eventId);
    // Any thenable is awaited, not only a Promise: handed on as is, the handler would get it as
    // the payload. Promise.resolve adopts it (a throwing `then` becomes a rejection).
    parsed = isThenable(out) ? Promise.resolve(out as PromiseLike<T>) : (out as T);
  } catch (error) {
    throw rejected(record, 'value', error, eventId);
  }
  return parsed instanceof Promise
    ? parsed.then(
        (p) => notNull(record, p, eventId),
        (error) => {
          throw rejected(record, 'value', error, eventId);
        },
      )
    : notNull(record, parsed, eventId);
}

/**
 * True for a value with a callable `then` (what `await` would wait for). Reading `then` may throw
 * (a getter): the caller's catch turns that into the record's failure.
 */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function notNull<T>(record: MSKRecord, parsed: T, eventId: string | undefined): T {
  if (parsed === null || parsed === undefined) {
    throw new InvalidRecordError(
      record,
      `value parses to ${parsed}: payload null means a tombstone (a record without a value), so a message may not be null`,
      { eventId },
    );
  }
  return parsed;
}

/**
 * Decode what waits until the record runs into `message`: the payload and the key (its bytes, or
 * what its format makes of them). Returns a promise only when a decoder has to wait; otherwise it
 * is done on return.
 *
 * @throws {InvalidRecordError} a value or key its format rejects (a promise rejects with it).
 * @example
 * const pending = decodePayload(record, config.decode, message);
 * if (pending) await pending;
 */
export function decodePayload<T>(
  record: MSKRecord,
  options: DecodeOptions<T>,
  message: PendingMessage<T>,
): undefined | Promise<void> {
  // Empty while a source that reads the payload has not read it yet.
  const eventId = message.eventId || undefined;
  // With a key format the key's type is the format's (KafkaMessage's K), not the record's bytes.
  const target = message as Omit<PendingMessage<T>, 'key'> & { key?: unknown };
  // The key's bytes, unless decodeEnvelope decoded them already (an id read from the key). Before
  // the value, so that a key that throws leaves no value promise unhandled.
  const bytes =
    message.key === undefined && hasValue(record.key) ? own(base64(record, 'key', record.key)) : message.key;
  const payload = decodeValue(record, options, eventId);
  let key: unknown = bytes;
  if (options.key && bytes !== undefined) {
    try {
      key = options.key(bytes as Buffer, record, eventId);
      if (isThenable(key)) key = Promise.resolve(key);
    } catch (error) {
      // The value's own failure, if any, is superseded: do not leave its promise unhandled.
      if (payload instanceof Promise) payload.catch(() => {});
      throw rejected(record, 'key', error, eventId);
    }
    if (key instanceof Promise) {
      key = key.catch((error) => {
        throw rejected(record, 'key', error, eventId);
      });
    }
  }
  if (payload instanceof Promise || key instanceof Promise) {
    return Promise.all([payload, key]).then(([p, k]) => {
      target.payload = p;
      target.key = k;
    });
  }
  target.payload = payload;
  target.key = key;
  return undefined;
}
