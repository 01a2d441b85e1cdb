/**
 * Where a record's event id (the tail of its dedup key) comes from: a header (by default the
 * `Event-Id` header, a ULID), the CloudEvents Kafka binding (`ce_id` in binary mode, `id` of the
 * JSON event in structured mode), the record key, a function of the decoded message, or the
 * record's position (`<topic>-<partition>@<offset>`).
 *
 * Guarantees: one resolved reader per handler, made at cold start; every tool that names a key
 * (the consumer, the DLQ reader, `msk-once dedup-key`, the test kit) reads the id through it, so
 * they agree. A record whose source gives no valid id gets an {@link EventIdError} naming the record
 * and the source: it fails (retried, then the DLQ), never falls back to another id or an empty one.
 * Does not guarantee: that the id is the event's (a producer that publishes one event twice with
 * two ids makes two events; with `position` every publish is its own event).
 */
import { ConfigurationError, EventIdError } from '../errors.ts';
import { Header } from './envelope.ts';
import {
  canonicalIdOfForm,
  DEFAULT_OPAQUE_MAX_BYTES,
  EVENT_ID_FORMATS,
  type EventIdFormat,
  MAX_OPAQUE_BYTES,
  shownId,
} from './event-id-format.ts';
import type { KafkaHeaders, KafkaMessage } from './message.ts';
import { formatPosition, type RecordPosition } from './position.ts';

/** The id's form: `ulid` or `uuid`, or `opaque` with an optional byte limit (`maxBytes`, default 128). */
export type EventIdFormatChoice =
  | { readonly format?: 'ulid' | 'uuid'; readonly maxBytes?: never }
  | { readonly format: 'opaque'; readonly maxBytes?: number };

/** The CloudEvents Kafka binding's header of the id in binary mode. */
export const CLOUDEVENTS_ID_HEADER = 'ce_id';
/** The header that tells the binding's modes apart (structured when it starts with `application/cloudevents`). */
export const CONTENT_TYPE_HEADER = 'content-type';

/**
 * Where the event id comes from; the sources exclude each other. Without one: `{ from: 'header' }`,
 * the `Event-Id` header holding a ULID.
 * - `header`: a header by name (case-sensitive, as Kafka's are). Format default `ulid`.
 * - `cloudevents`: the CloudEvents Kafka binding. Structured mode (`content-type`
 *   `application/cloudevents+json`, or no `content-type` and no `ce_id` header but a value with
 *   `specversion` and `id`) reads `id` of the decoded value (decoded before the claim); otherwise
 *   (binary) the `ce_id` header. Format default `opaque` (the spec's id is any non-empty string);
 *   `uuid` for Java/.NET producers that send UUIDs.
 * - `key`: the record key's bytes as UTF-8 text. Format default `opaque`.
 * - `message`: a function of the decoded message (payload and key decoded before the claim, with
 *   any format, one that waits for a registry included). A string, or a safe integer. Format default
 *   `opaque`. Its `message.eventId` is empty while it runs: it is what the function names.
 * - `position`: `<topic>-<partition>@<offset>`. Catches redeliveries only (docs/consumer.md, "Event id").
 */
export type EventIdSource<T = unknown, K = Buffer> =
  | ({ readonly from: 'header'; readonly header?: string } & EventIdFormatChoice)
  | ({ readonly from: 'cloudevents' } & EventIdFormatChoice)
  | ({ readonly from: 'key' } & EventIdFormatChoice)
  | ({
      readonly from: 'message';
      readonly id: (message: KafkaMessage<T, K>) => string | number | bigint;
    } & EventIdFormatChoice)
  | { readonly from: 'position' };

/** The sources that are data, not code: what an environment variable or a command line can carry. */
export type DeclarativeEventIdSource = Exclude<EventIdSource, { from: 'message' }>;

/** What every source names itself in errors and tools. */
export type EventIdSourceName = EventIdSource['from'];

/**
 * The resolved source of a handler: how to read a record's id, once its envelope (and, when
 * {@link needsPayload} says so, its payload) is decoded.
 *
 * @internal
 */
export interface EventIdReader {
  /** Names the source in errors, e.g. `header Event-Id (ulid)`. */
  readonly describe: string;
  readonly from: EventIdSourceName;
  readonly format: EventIdFormat;
  readonly maxBytes: number;
  /** The message's decoded payload is needed to read this record's id. */
  needsPayload(headers: KafkaHeaders): boolean;
  /** True when some record may need its payload (a `message` or `cloudevents` source). */
  readonly mayNeedPayload: boolean;
  /** The canonical id of the record; throws an {@link EventIdError} naming the record and the source. */
  read(record: RecordPosition, message: KafkaMessage<unknown, unknown>): string;
  /** An id a tool was given, in canonical form, or why it is not one of this source's form. */
  canonical(value: string): string | { reason: string };
}

function single(headers: KafkaHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isStructured(headers: KafkaHeaders): boolean {
  const type = single(headers, CONTENT_TYPE_HEADER);
  return type !== undefined && type.slice(0, 23).toLowerCase() === 'application/cloudevents';
}

function checkFormat(
  given: EventIdFormatChoice & { from: string },
  fallback: EventIdFormat,
  option: string,
): { format: EventIdFormat; maxBytes: number } {
  const format = given.format ?? fallback;
  if (!EVENT_ID_FORMATS.includes(format))
    throw new ConfigurationError(`${option}.format`, `'${format}' is not ${EVENT_ID_FORMATS.join(', ')}`);
  const maxBytes = given.maxBytes ?? DEFAULT_OPAQUE_MAX_BYTES;
  if (given.maxBytes !== undefined && format !== 'opaque')
    throw new ConfigurationError(`${option}.maxBytes`, `applies to format 'opaque' only, not '${format}'`);
  if (!(Number.isInteger(maxBytes) && maxBytes >= 1 && maxBytes <= MAX_OPAQUE_BYTES))
    throw new ConfigurationError(
      `${option}.maxBytes`,
      `${maxBytes} is not a whole number of bytes in 1..${MAX_OPAQUE_BYTES}`,
    );
  return { format, maxBytes };
}

/** A header's name is text a producer sends as is: ASCII without control characters or spaces. */
function checkHeaderName(name: unknown, option: string): string {
  if (typeof name !== 'string' || !/^[\x21-\x7e]{1,249}$/.test(name))
    throw new ConfigurationError(
      option,
      'must be a header name: 1 to 249 printable ASCII characters, no spaces',
    );
  return name;
}

/**
 * Resolve a source once, at cold start.
 *
 * @internal
 * @throws {ConfigurationError} naming `option` (or its field): an unknown `from`, a format other than
 *   ulid/uuid/opaque, a byte limit outside 1..512 or given with another format, a bad header name,
 *   a `message` source without a function (or an async one).
 * @example
 * const reader = resolveEventIdSource({ from: 'cloudevents', format: 'uuid' }, 'eventId');
 */
export function resolveEventIdSource(
  source: EventIdSource<never, never> | EventIdSource | undefined,
  option = 'eventId',
): EventIdReader {
  const given = (source ?? { from: 'header' }) as EventIdSource;
  if (given === null || typeof given !== 'object')
    throw new ConfigurationError(
      option,
      "must be an object: { from: 'header' | 'cloudevents' | 'key' | 'message' | 'position', ... }",
    );
  switch (given.from) {
    case 'header': {
      const header =
        given.header === undefined ? Header.eventId : checkHeaderName(given.header, `${option}.header`);
      const { format, maxBytes } = checkFormat(given, 'ulid', option);
      return headerReader(header, format, maxBytes, `header ${header} (${format})`);
    }
    case 'cloudevents': {
      const { format, maxBytes } = checkFormat(given, 'opaque', option);
      return cloudEventsReader(format, maxBytes);
    }
    case 'key': {
      const { format, maxBytes } = checkFormat(given, 'opaque', option);
      return envelopeReader('key', format, maxBytes, `record key (${format})`, (_record, message) => {
        const key = message.key;
        if (key === undefined) return { missing: 'the record has no key' };
        const bytes = key as Buffer;
        const text = bytes.toString('utf8');
        if (!Buffer.from(text, 'utf8').equals(bytes)) return { invalid: 'the key is not UTF-8 text' };
        return text;
      });
    }
    case 'position':
      if ('format' in given && (given as { format?: unknown }).format !== undefined)
        throw new ConfigurationError(
          `${option}.format`,
          'a position is always <topic>-<partition>@<offset>: no format',
        );
      return envelopeReader(
        'position',
        'opaque',
        MAX_OPAQUE_BYTES,
        'position (<topic>-<partition>@<offset>)',
        // A hand-made event may give the offset as decimal text ('03'): named by its number, as the
        // batch response names it, so one position never makes two keys (decodeEnvelope refused the rest).
        (record) =>
          formatPosition({ topic: record.topic, partition: record.partition, offset: Number(record.offset) }),
      );
    case 'message': {
      if (typeof given.id !== 'function')
        throw new ConfigurationError(`${option}.id`, 'must be a function of the decoded message');
      if (given.id.constructor?.name === 'AsyncFunction')
        throw new ConfigurationError(
          `${option}.id`,
          'is an async function: it must return the id itself, not a Promise',
        );
      const { format, maxBytes } = checkFormat(given, 'opaque', option);
      return messageReader(
        given.id as (m: KafkaMessage<unknown, unknown>) => unknown,
        format,
        maxBytes,
        option,
      );
    }
    default:
      throw new ConfigurationError(
        `${option}.from`,
        `'${String((given as { from?: unknown }).from)}' is not header, cloudevents, key, message or position`,
      );
  }
}

type Found = string | { missing: string } | { invalid: string };

function fail(record: RecordPosition, describe: string, why: string): never {
  throw new EventIdError(record, describe, why);
}

function checked(
  record: RecordPosition,
  describe: string,
  label: string,
  format: EventIdFormat,
  maxBytes: number,
  value: string,
): string {
  const id = canonicalIdOfForm(value, format, maxBytes);
  if (typeof id === 'string') return id;
  return fail(record, describe, `${label} '${shownId(value)}' ${id.reason}`);
}

function base(from: EventIdSourceName, format: EventIdFormat, maxBytes: number, describe: string) {
  return {
    describe,
    from,
    format,
    maxBytes,
    canonical: (value: string) => canonicalIdOfForm(value, format, maxBytes),
  };
}

function envelopeReader(
  from: EventIdSourceName,
  format: EventIdFormat,
  maxBytes: number,
  describe: string,
  find: (record: RecordPosition, message: KafkaMessage<unknown, unknown>) => Found,
): EventIdReader {
  return {
    ...base(from, format, maxBytes, describe),
    mayNeedPayload: false,
    needsPayload: () => false,
    read(record, message) {
      const found = find(record, message);
      if (typeof found === 'string') return checked(record, describe, from, format, maxBytes, found);
      return fail(record, describe, 'missing' in found ? found.missing : found.invalid);
    },
  };
}

/**
 * A header's id. The same id twice is one id (in canonical form); two different ones fail the record:
 * neither may silently win, or one event's key would be claimed for another.
 */
function headerReader(
  header: string,
  format: EventIdFormat,
  maxBytes: number,
  describe: string,
): EventIdReader {
  const lower = header.toLowerCase();
  return {
    ...base('header', format, maxBytes, describe),
    mayNeedPayload: false,
    needsPayload: () => false,
    read: (record, message) => readHeader(record, message.headers, header, lower, describe, format, maxBytes),
  };
}

function readHeader(
  record: RecordPosition,
  headers: KafkaHeaders,
  header: string,
  lower: string,
  describe: string,
  format: EventIdFormat,
  maxBytes: number,
): string {
  const raw = headers[header];
  if (raw === undefined) {
    let near = '';
    for (const name in headers) {
      if (name.toLowerCase() === lower) near = ` (found '${shownId(name)}': header names are case-sensitive)`;
    }
    return fail(record, describe, `no ${header} header${near}`);
  }
  if (typeof raw === 'string') return checked(record, describe, header, format, maxBytes, raw);
  let eventId: string | undefined;
  for (const value of raw) {
    const id = checked(record, describe, header, format, maxBytes, value);
    if (eventId !== undefined && id !== eventId)
      fail(
        record,
        describe,
        `two different ${header} headers (${eventId}, ${id}): which event it is cannot be told`,
      );
    eventId = id;
  }
  return eventId!;
}

/**
 * A record is read in structured mode when its `content-type` says so, or, when it carries neither
 * that nor a `ce_id` header (many producers leave `content-type` out), when its value has the shape
 * of a structured event: an object with `specversion` and `id`. It is never refused for the missing
 * header alone.
 */
function readsValue(headers: KafkaHeaders): boolean {
  return isStructured(headers) || headers[CLOUDEVENTS_ID_HEADER] === undefined;
}

function isStructuredShape(value: unknown): value is { id?: unknown } {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    'specversion' in value &&
    'id' in value
  );
}

function cloudEventsReader(format: EventIdFormat, maxBytes: number): EventIdReader {
  const describe = `CloudEvents id (${format}: ${CLOUDEVENTS_ID_HEADER} header, or id of a structured event: content-type application/cloudevents+json, or a value with specversion and id)`;
  return {
    ...base('cloudevents', format, maxBytes, describe),
    mayNeedPayload: true,
    needsPayload: readsValue,
    read(record, message) {
      // Binary unless the content-type says structured, or no ce_id header and a structured shape.
      const headers = message.headers;
      if (
        !isStructured(headers) &&
        (headers[CLOUDEVENTS_ID_HEADER] !== undefined || !isStructuredShape(message.payload))
      )
        return readHeader(
          record,
          message.headers,
          CLOUDEVENTS_ID_HEADER,
          CLOUDEVENTS_ID_HEADER,
          describe,
          format,
          maxBytes,
        );
      const type = single(message.headers, CONTENT_TYPE_HEADER);
      if (
        type !== undefined &&
        isStructured(message.headers) &&
        !/^application\/cloudevents\+json\s*(;|$)/i.test(type)
      )
        fail(
          record,
          describe,
          `content-type '${shownId(type)}' is a structured event format other than JSON`,
        );
      const event = message.payload as { id?: unknown } | null;
      if (event === null || typeof event !== 'object' || Array.isArray(event))
        fail(record, describe, 'the structured event is not a JSON object');
      const id = event.id;
      if (id === undefined) fail(record, describe, 'the structured event has no id');
      if (typeof id !== 'string')
        fail(record, describe, `the structured event's id is ${typeName(id)}, not a string`);
      return checked(record, describe, "the structured event's id", format, maxBytes, id);
    },
  };
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function messageReader(
  id: (message: KafkaMessage<unknown, unknown>) => unknown,
  format: EventIdFormat,
  maxBytes: number,
  option: string,
): EventIdReader {
  // Named as the handler gave it: `eventId` function, or the deprecated `dedupKey`.
  const describe = `${option} function (${format})`;
  return {
    ...base('message', format, maxBytes, describe),
    mayNeedPayload: true,
    needsPayload: () => true,
    read(record, message) {
      let value: unknown;
      try {
        value = id(message);
      } catch (error) {
        throw new EventIdError(
          record,
          describe,
          `it threw: ${error instanceof Error ? error.message : String(error)}`,
          {
            cause: error,
          },
        );
      }
      if (typeof value === 'string')
        return checked(record, describe, "the id function's answer", format, maxBytes, value);
      if ((typeof value === 'number' && Number.isSafeInteger(value)) || typeof value === 'bigint')
        return checked(record, describe, "the id function's answer", format, maxBytes, String(value));
      const what =
        value === null || value === undefined
          ? `returned ${value}`
          : typeof (value as PromiseLike<unknown>).then === 'function'
            ? 'returned a Promise (the id function must be synchronous)'
            : typeof value === 'number'
              ? `returned ${value}, not a safe integer`
              : `returned ${typeName(value)}`;
      return fail(record, describe, `${what}, not a string or a safe integer`);
    },
  };
}

/**
 * Read a source from its text form, as an environment variable or a command line carries it:
 * `source` is `header`, `header:<name>`, `cloudevents`, `key` or `position`; `format` is `ulid`,
 * `uuid`, `opaque` or `opaque:<maxBytes>`. Both empty: the default (undefined).
 *
 * @throws {ConfigurationError} naming `names.source` or `names.format`, and what they take; never
 *   quoting the value (a token pasted into the wrong variable stays out of the init error).
 * @example
 * parseEventIdSource('header:ce_id', 'uuid'); // { from: 'header', header: 'ce_id', format: 'uuid' }
 */
export function parseEventIdSource(
  source: string | undefined,
  format: string | undefined,
  names: { source: string; format: string } = { source: 'source', format: 'format' },
): DeclarativeEventIdSource | undefined {
  const s = source?.trim() ?? '';
  const f = format?.trim() ?? '';
  if (s === '' && f === '') return undefined;
  // Never the value: a token pasted into the wrong variable stays out of the init error.
  const shown = (v: string) => `(${v.length} characters, not shown)`;
  let choice: EventIdFormatChoice = {};
  if (f !== '') {
    const m = /^(ulid|uuid|opaque)(?::(\d+))?$/.exec(f);
    if (!m || (m[2] !== undefined && m[1] !== 'opaque'))
      throw new ConfigurationError(
        names.format,
        `${shown(f)} is not ulid, uuid, opaque or opaque:<maxBytes>`,
      );
    choice =
      m[1] === 'opaque'
        ? { format: 'opaque', ...(m[2] ? { maxBytes: Number(m[2]) } : {}) }
        : { format: m[1] as 'ulid' | 'uuid' };
  }
  const [kind, ...rest] = (s === '' ? 'header' : s).split(':');
  const arg = rest.join(':');
  let parsed: DeclarativeEventIdSource;
  if (kind === 'header') parsed = { from: 'header', ...(arg ? { header: arg } : {}), ...choice };
  else if (arg !== '')
    throw new ConfigurationError(names.source, `${shown(s)}: only header takes a name (header:<name>)`);
  else if (kind === 'cloudevents') parsed = { from: 'cloudevents', ...choice };
  else if (kind === 'key') parsed = { from: 'key', ...choice };
  else if (kind === 'position') {
    if (f !== '') throw new ConfigurationError(names.format, 'a position source takes no format');
    parsed = { from: 'position' };
  } else
    throw new ConfigurationError(
      names.source,
      `${shown(s)} is not header, header:<name>, cloudevents, key or position`,
    );
  // Checked as the consumer will check it, naming the variable or flag.
  try {
    resolveEventIdSource(parsed, names.source);
  } catch (error) {
    if (error instanceof ConfigurationError)
      throw new ConfigurationError(
        error.option.includes('format') || error.option.includes('maxBytes') ? names.format : names.source,
        error.message.replace(/^invalid option [^:]+: /, ''),
      );
    throw error;
  }
  return parsed;
}

/**
 * The text form of a declarative source ({@link parseEventIdSource} reads it back); what the CDK
 * construct writes into the function's environment.
 *
 * @example
 * eventIdSourceText({ from: 'cloudevents', format: 'uuid' }); // { source: 'cloudevents', format: 'uuid' }
 */
export function eventIdSourceText(source: DeclarativeEventIdSource): { source: string; format?: string } {
  const sourceText =
    source.from === 'header' && source.header !== undefined ? `header:${source.header}` : source.from;
  if (source.from === 'position' || source.format === undefined) return { source: sourceText };
  const format =
    source.format === 'opaque' && source.maxBytes !== undefined ? `opaque:${source.maxBytes}` : source.format;
  return { source: sourceText, format };
}
