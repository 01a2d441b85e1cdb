/**
 * Read on-failure DLQ messages back for triage: AWS's Kafka-destination format (one message per
 * record, `payload` = an aws:kafka event with that record), the SQS/SNS format (a batch summary,
 * `KafkaBatchInfo.recordsInfo`, no record content), the S3 format (the same with `payload`, the
 * whole event as an escaped JSON string: one row per record), as received (an SNS notification,
 * an `aws sqs receive-message` answer), and dumps of a DLQ topic (ours, or a consumer's JSON lines
 * whose `value` is the message as text or base64).
 */
import type { MSKRecord } from 'aws-lambda';
import { type KafkaLog, parsePartitionId } from '../emulator/index.ts';
import { type DeclarativeEventIdSource, dedupKey, EVENT_ID_HEADER, isByteArray } from '../lib/contract.ts';
import { eventIdOfRecord } from '../lib/middlewares.ts';
import { printable } from './terminal-text.ts';

/** One row of the triage table. */
export interface DlqRow {
  topic: string;
  partition: number | null;
  /** A single offset, or "first..last" for a batch summary. */
  offset: string;
  eventId: string | null;
  condition: string;
  approximateInvokeCount: number | null;
  /** The record value as text (JSON kept as is), `(tombstone)`, `<n bytes binary>`, or null when the format has none. */
  value: string | null;
  /** Why, when the dump carries the emulator's `x-emulator-last-error` header (AWS's messages do not say). */
  lastError: string | null;
  timestamp: string | null;
  /**
   * How the record last failed, in the words of what the message carries: the error text where
   * there is one (the emulator's header), else AWS's `responseContext` (a function error, or a
   * success whose answer reported the record) and the request id whose log lines say why. AWS's
   * on-failure records carry no error text (kafka-on-failure-destination.html, with-msk-on-failure.html).
   */
  failure?: string;
  /** `requestContext.requestId`: the last invocation that carried the record. */
  requestId?: string | null;
  /** The record itself (Kafka-destination messages): its key, value and headers, for decoding and replay. */
  record?: MSKRecord;
  /** The record's dedup key, as the consumer names it, when a service and handler were given and the record has a valid id. */
  dedupKey?: string | null;
  /** `topic-partition@offset` of the record this one only stood behind (cli/dlq-groups.ts); unset when it failed first. */
  behind?: string;
}

/**
 * How the rows name a record's event id: the handler's source (read as the consumer reads it; a
 * record whose source gives no valid id shows none), and with `keyPrefix` its dedup key too.
 * Without a source the Event-Id header is shown as it came (a bad one included, for triage).
 */
export interface DlqIdOptions {
  eventId?: DeclarativeEventIdSource;
  /** `<service>:dedup:<handler>:` (dedupKeyPrefix): each row gets the record's dedup key. */
  keyPrefix?: string;
}

/** The emulator's note for a record the function reported in its partial batch response. */
const REPORTED = 'reported in batchItemFailures';

/** How a record last failed, from what its message carries (see {@link DlqRow.failure}). */
function failureOf(message: Record<string, unknown>, lastError: string | null): string {
  if (lastError !== null && lastError !== REPORTED) return lastError;
  const response = isObject(message.responseContext) ? message.responseContext : null;
  if (response === null) return 'never reached the function (no responseContext)';
  if (typeof response.functionError === 'string')
    return `the invocation failed (functionError ${response.functionError}: threw, timed out or was killed)`;
  return 'the function reported it failed (batchItemFailures)';
}

/** Whether a row's failure is AWS's metadata only (no error text): the logs of its request say why. */
export function failureHasNoText(row: DlqRow): boolean {
  return row.failure !== undefined && row.failure !== row.lastError;
}

/** Input that is not a DLQ message; names where it is. */
export class DlqFormatError extends Error {
  constructor(where: string, reason: string) {
    super(`${where}: ${reason}`);
    this.name = 'DlqFormatError';
  }
}

/**
 * Parse a file's text: one JSON message, a JSON array of them, or JSON lines (messages or dump lines).
 * Unreadable entries are returned as errors next to the rows, so that one bad line does not hide the rest.
 *
 * @example
 * const { rows, errors } = parseDlqText(readFileSync('dlq.jsonl', 'utf8'));
 */
export function parseDlqText(
  text: string,
  options: DlqIdOptions = {},
): { rows: DlqRow[]; errors: DlqFormatError[] } {
  const rows: DlqRow[] = [];
  const errors: DlqFormatError[] = [];
  const trimmed = text.trim();
  if (!trimmed) return { rows, errors };
  let items: { where: string; value: unknown }[];
  try {
    const whole = JSON.parse(trimmed) as unknown;
    items = Array.isArray(whole)
      ? whole.map((value, i) => ({ where: `item ${i + 1}`, value }))
      : [{ where: 'message', value: whole }];
  } catch {
    items = [];
    trimmed.split('\n').forEach((line, i) => {
      if (!line.trim()) return;
      try {
        items.push({ where: `line ${i + 1}`, value: JSON.parse(line) });
      } catch (error) {
        errors.push(new DlqFormatError(`line ${i + 1}`, `not JSON (${(error as Error).message})`));
      }
    });
  }
  for (const item of items) {
    try {
      // One by one: spreading a message of 130k records into push() overflows the call stack.
      for (const row of rowsOf(item.value, item.where, options)) rows.push(row);
    } catch (error) {
      errors.push(
        error instanceof DlqFormatError ? error : new DlqFormatError(item.where, (error as Error).message),
      );
    }
  }
  return { rows, errors };
}

/**
 * Rows of one entry: an on-failure message, a dump line wrapping one in `value`, an SNS
 * notification carrying one in `Message`, or an `aws sqs receive-message` answer (`Messages[].Body`).
 */
export function rowsOf(entry: unknown, where = 'message', options: DlqIdOptions = {}): DlqRow[] {
  if (!isObject(entry)) throw new DlqFormatError(where, 'not a JSON object');
  if (isObject(entry.requestContext)) return messageRows(entry, where, null, options);
  if (entry.Type === 'Notification' && typeof entry.Message === 'string')
    return rowsOf(unwrapValue(entry.Message, where), where, options);
  if (Array.isArray(entry.Messages)) {
    return entry.Messages.flatMap((m, i) =>
      rowsOf(
        unwrapValue(isObject(m) ? m.Body : undefined, `${where}, message ${i + 1}`),
        `${where}, message ${i + 1}`,
        options,
      ),
    );
  }
  // A dump line: ours has `value`; `kcat -J` has `payload` (text) and headers as [name, value, ...].
  if ('value' in entry || typeof entry.payload === 'string') {
    const lastError = headerText(entry.headers, 'x-emulator-last-error');
    const inner = unwrapValue('value' in entry ? entry.value : entry.payload, where);
    return messageRows(inner, where, lastError, options);
  }
  throw new DlqFormatError(
    where,
    'neither an on-failure message (requestContext) nor a topic dump line (value)',
  );
}

function unwrapValue(value: unknown, where: string): Record<string, unknown> {
  if (isObject(value)) return value;
  if (typeof value !== 'string')
    throw new DlqFormatError(where, 'dump line value is neither text nor an object');
  for (const text of [value, Buffer.from(value, 'base64').toString('utf8')]) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (isObject(parsed)) return parsed;
    } catch {}
  }
  throw new DlqFormatError(where, 'the text is not an on-failure message (JSON, or base64 of JSON)');
}

function messageRows(
  message: Record<string, unknown>,
  where: string,
  lastError: string | null,
  options: DlqIdOptions,
): DlqRow[] {
  const ctx = message.requestContext;
  if (!isObject(ctx)) throw new DlqFormatError(where, 'no requestContext: not an on-failure message');
  const condition = typeof ctx.condition === 'string' ? ctx.condition : '?';
  const count = typeof ctx.approximateInvokeCount === 'number' ? ctx.approximateInvokeCount : null;
  const requestId = typeof ctx.requestId === 'string' && ctx.requestId !== '' ? ctx.requestId : null;
  const failure = failureOf(message, lastError);
  const info = isObject(message.KafkaBatchInfo) ? message.KafkaBatchInfo : {};
  let payload = message.payload;
  if (typeof payload === 'string') {
    try {
      payload = JSON.parse(payload); // the S3 destination carries the event as escaped JSON
    } catch {}
  }
  const rows: DlqRow[] = [];
  if (isObject(payload) && isObject(payload.records)) {
    for (const [tp, records] of Object.entries(payload.records)) {
      if (!Array.isArray(records))
        throw new DlqFormatError(where, `payload.records["${tp}"] is not an array`);
      for (const r of records as MSKRecord[]) {
        // A topic that is not text (a hand-made dump) is named by the partition it was listed under.
        const key =
          typeof r.topic !== 'string' || typeof r.partition !== 'number' ? partitionOf(tp, where) : undefined;
        const topic = typeof r.topic === 'string' ? r.topic : key!.topic;
        const partition = typeof r.partition === 'number' ? r.partition : key!.partition;
        const eventId =
          options.eventId || options.keyPrefix
            ? idOf({ ...r, topic, partition }, options)
            : eventIdOf(r.headers);
        rows.push({
          topic,
          partition,
          offset: String(r.offset),
          eventId,
          ...(options.keyPrefix === undefined
            ? {}
            : { dedupKey: eventId === null ? null : dedupKey(options.keyPrefix, eventId) }),
          condition,
          approximateInvokeCount: count,
          value: decodeValue(r.value),
          lastError,
          timestamp: typeof r.timestamp === 'number' ? new Date(r.timestamp).toISOString() : null,
          failure,
          requestId,
          record: r,
        });
      }
    }
    return rows;
  }
  // SQS/SNS format (with-msk-on-failure.html): offsets per topic-partition, no record content.
  if (isObject(info.recordsInfo)) {
    for (const [tp, range] of Object.entries(info.recordsInfo)) {
      const r = isObject(range) ? range : {};
      const { topic, partition } = partitionOf(tp, where);
      rows.push({
        topic,
        partition,
        offset: `${r.firstRecordOffset ?? '?'}..${r.lastRecordOffset ?? '?'}`,
        eventId: null,
        condition,
        approximateInvokeCount: count,
        value: null,
        lastError,
        timestamp: typeof r.firstRecordTimestamp === 'string' ? r.firstRecordTimestamp : null,
        failure,
        requestId,
      });
    }
    return rows;
  }
  throw new DlqFormatError(where, 'on-failure message without payload.records or KafkaBatchInfo.recordsInfo');
}

function partitionOf(tp: string, where: string): { topic: string; partition: number } {
  try {
    return parsePartitionId(tp);
  } catch (error) {
    throw new DlqFormatError(where, (error as Error).message);
  }
}

/**
 * The record's Event-Id by the consumer's rules (docs/consumer.md, "Bad input"): the header name
 * matched exactly, its bytes 0..255, and two different ids are no id at all (the consumer failed
 * that record for it). Null when there is none to show.
 */
function eventIdOf(headers: unknown): string | null {
  if (!Array.isArray(headers)) return null;
  let found: string | null = null;
  for (const header of headers) {
    if (!isObject(header)) continue;
    const bytes = (header as Record<string, unknown>)[EVENT_ID_HEADER];
    if (bytes === undefined) continue;
    if (!isByteArray(bytes)) return null;
    const id = Buffer.from(bytes).toString('utf8');
    if (found === null) found = id;
    else if (found.toUpperCase() !== id.toUpperCase()) return null;
  }
  return found;
}

/** The record's id as the consumer reads it with the handler's source; null when the consumer found none. */
function idOf(record: MSKRecord, options: DlqIdOptions): string | null {
  try {
    return eventIdOfRecord(record, { eventId: options.eventId });
  } catch {
    return null;
  }
}

function decodeValue(value: unknown): string | null {
  if (value === undefined || value === null) return '(tombstone)';
  if (typeof value !== 'string') return '(value is not base64 text)';
  const bytes = Buffer.from(value, 'base64');
  const text = bytes.toString('utf8');
  // Valid UTF-8 without control characters reads as text; anything else is shown as binary.
  if (Buffer.from(text, 'utf8').equals(bytes) && !hasControlBytes(bytes)) return text;
  return `<${bytes.length} bytes binary>`;
}

/** NUL..BS and SO..US: bytes that text (JSON, UTF-8 prose) does not contain. */
function hasControlBytes(bytes: Buffer): boolean {
  return bytes.some((b) => b <= 0x08 || (b >= 0x0e && b <= 0x1f));
}

function headerText(headers: unknown, name: string): string | null {
  if (isObject(headers) && typeof headers[name] === 'string') return headers[name] as string;
  if (Array.isArray(headers)) {
    const at = headers.indexOf(name);
    if (at >= 0 && at % 2 === 0 && typeof headers[at + 1] === 'string') return headers[at + 1] as string;
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A topic as JSON lines (what `npm run dlq` reads): key base64, headers as text, value as text.
 *
 * @example
 * writeFileSync('dlq.jsonl', dumpTopic(log, 'order-placed-dlq'));
 */
export function dumpTopic(log: KafkaLog, topic: string): string {
  return log
    .all(topic)
    .map((r) =>
      JSON.stringify({
        topic: r.topic,
        partition: r.partition,
        offset: r.offset,
        timestamp: r.timestamp,
        key: r.key?.toString('base64') ?? null,
        headers: Object.fromEntries(r.headers.map((h) => [h.name, h.value.toString('utf8')])),
        value: r.value?.toString('utf8') ?? null,
      }),
    )
    .map((line) => `${line}\n`)
    .join('');
}

/**
 * The triage table as text: one line per failed record. Every cell is {@link printable}: a DLQ
 * file is producer-controlled text, and none of it reaches the terminal as a control sequence.
 *
 * @example
 * console.log(formatDlqTable(rows));
 */
export function formatDlqTable(rows: readonly DlqRow[], valueWidth = 60): string {
  const withKeys = rows.some((r) => r.dedupKey !== undefined);
  const header = [
    'topic',
    'partition',
    'offset',
    'event id',
    'condition',
    'invokes',
    'value',
    'how it last failed',
    'request',
    'stood',
  ];
  if (withKeys) header.splice(4, 0, 'dedup key');
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  const table = rows.map((r) => [
    printable(r.topic),
    r.partition === null ? '-' : printable(String(r.partition)),
    cut(printable(r.offset), 24),
    r.eventId === null ? '-' : printable(r.eventId),
    printable(r.condition),
    r.approximateInvokeCount === null ? '-' : printable(String(r.approximateInvokeCount)),
    r.value === null ? '-' : cut(printable(r.value.replace(/[ \t\n\r]+/g, ' ')), valueWidth),
    cut(printable(r.failure ?? r.lastError ?? '-'), 70),
    r.requestId ? printable(r.requestId) : '-',
    r.behind ? `behind ${printable(r.behind)}` : r.partition === null ? '-' : 'failed first',
  ]);
  if (withKeys) {
    for (let i = 0; i < table.length; i++) table[i]!.splice(4, 0, printable(rows[i]!.dedupKey ?? '-'));
  }
  // A loop, not Math.max(...column): a spread of 130k rows overflows the call stack.
  const widths = header.map((h) => h.length);
  for (const row of table) {
    for (let i = 0; i < row.length; i++) if (row[i]!.length > widths[i]!) widths[i] = row[i]!.length;
  }
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...table.map(line)].join('\n');
}
