/**
 * The poison sink: where a record goes that no retry can cure, instead of failing its partition
 * through the mapping's retries and into the on-failure destination with the records behind it.
 * This file says which failures are poison and what a parked record's entry holds.
 *
 * Poison: a record that cannot be decoded ({@link InvalidRecordError}: malformed base64 or headers,
 * a missing or invalid Event-Id, a dedup key function that failed, a value its format rejects), but
 * not a schema registry that failed (a retry may reach it), and a handler error that says it is
 * permanent ({@link PermanentError}, `permanent: true`, or the `isPermanent` option). Nothing else:
 * a held claim, a store outage, a lost claim or too little time are passing trouble, retried.
 */
import type { MSKRecord } from 'aws-lambda';
import { CORRELATION_ID_HEADER, EVENT_ID_HEADER } from '../contract/envelope.ts';
import type { KafkaMessage } from '../contract/message.ts';
import { formatPosition } from '../contract/position.ts';
import { isCredentialHeader } from '../dedup/redact.ts';
import { InvalidRecordError, isPermanent, RecordFormatError } from '../errors.ts';

/** Why a record was parked: it could not be decoded, or its handler said no retry can cure it. */
export type PoisonReason = 'invalid-record' | 'permanent';

/**
 * What a poison sink receives for one record: where it sits, its ids, its headers and why it
 * failed. The value is not copied: it stays in the topic at `position` (read it from there to
 * replay). Bounded to {@link MAX_POISON_ENTRY_BYTES} as JSON; header values whose names (or values)
 * suggest a credential are not copied. Every header of a repeated name is kept (`name#n`).
 */
export interface PoisonEntry {
  /** The format of this document. */
  readonly kind: 'msk-once.poison/1';
  /** `<topic>-<partition>@<offset>`. */
  readonly position: string;
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  /** The record's timestamp (ms since the epoch), as the MSK event gave it. */
  readonly timestamp: number | undefined;
  readonly service: string;
  readonly handler: string;
  readonly eventId: string | undefined;
  readonly correlationId: string | undefined;
  /**
   * The dedup key, committed DONE when the record was parked, so that a redelivery does not park it
   * again: delete it before replaying the record by hand within the dedup window.
   */
  readonly dedupKey: string | undefined;
  /** The Kafka key, base64 (at most {@link MAX_KEY_CHARS} characters; cut keys end with `...`). */
  readonly key: string | undefined;
  /** Header values as UTF-8 text, each at most {@link MAX_HEADER_CHARS} characters. */
  readonly headers: Record<string, string>;
  readonly reason: PoisonReason;
  /** What failed, its message at most {@link MAX_ERROR_CHARS} characters. */
  readonly error: { readonly name: string; readonly message: string };
  /** When the function parked it (ISO 8601). */
  readonly parkedAt: string;
}

/**
 * Where parked records go. `park` resolves once the entry is stored; it rejects (or times out
 * through `signal`) when it is not, and the record then fails and is retried as without a sink.
 *
 * @example
 * const sink: PoisonSink = { park: async (entry) => { await myQueue.put(JSON.stringify(entry)); } };
 */
export interface PoisonSink {
  park(entry: PoisonEntry, signal: AbortSignal): Promise<void>;
}

export const MAX_POISON_ENTRY_BYTES = 64 * 1024;
export const MAX_ERROR_CHARS = 2000;
export const MAX_HEADER_CHARS = 512;
export const MAX_KEY_CHARS = 1024;
const MAX_HEADERS = 64;

/**
 * Whether `error` makes the record poison, and why; undefined for a failure a retry may cure.
 * `thrown` is what the handler threw (for a {@link PermanentError} or the `isPermanent` predicate).
 *
 * @internal
 */
export function poisonReason(
  error: Error,
  thrown: unknown,
  predicate: ((error: unknown) => boolean) | undefined,
): PoisonReason | undefined {
  if (error instanceof InvalidRecordError) {
    // A registry that failed is not the record's fault: the next attempt may reach it.
    if (error instanceof RecordFormatError && error.registryReason !== undefined) return undefined;
    return 'invalid-record';
  }
  if (thrown === undefined) return undefined;
  if (isPermanent(thrown)) return 'permanent';
  if (predicate) {
    try {
      if (predicate(thrown) === true) return 'permanent';
    } catch {
      // A predicate that throws cannot say the error is permanent: the record is retried.
    }
  }
  return undefined;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 3)}...`;
}

function headersOf(raw: MSKRecord): Record<string, string> {
  const out: Record<string, string> = {};
  const list = (raw as { headers?: unknown }).headers;
  if (!Array.isArray(list)) return out;
  let n = 0;
  for (const entry of list) {
    if (entry === null || typeof entry !== 'object') continue;
    for (const [name, bytes] of Object.entries(entry as Record<string, unknown>)) {
      if (n++ >= MAX_HEADERS) return out;
      let text: string;
      try {
        text = Array.isArray(bytes) ? Buffer.from(bytes as number[]).toString('utf8') : '(not a byte array)';
      } catch {
        text = '(not a byte array)';
      }
      // An Authorization, a token or a key a producer forwarded (by its name, or a value such as
      // `Bearer …` under any name): lib/dedup/redact.ts holds the one list.
      if (isCredentialHeader(name, text)) text = '(not copied: it may hold a credential)';
      // A second header of the same name is kept beside the first, not over it.
      out[name in out ? `${name}#${n}` : name] = cut(text, MAX_HEADER_CHARS);
    }
  }
  return out;
}

/**
 * The entry for a record: from its message when it was decoded, else from its raw headers.
 *
 * @internal
 */
export function poisonEntry(
  raw: MSKRecord,
  message: KafkaMessage<unknown> | undefined,
  dedupKey: string | undefined,
  reason: PoisonReason,
  error: Error,
  who: { service: string; handler: string },
): PoisonEntry {
  const headers = headersOf(raw);
  const position = { topic: raw.topic, partition: raw.partition, offset: Number(raw.offset) };
  const key = typeof raw.key === 'string' ? cut(raw.key, MAX_KEY_CHARS) : undefined;
  const entry: PoisonEntry = {
    kind: 'msk-once.poison/1',
    position: formatPosition(position),
    ...position,
    timestamp: typeof raw.timestamp === 'number' ? raw.timestamp : undefined,
    service: who.service,
    handler: who.handler,
    eventId: message?.eventId ?? (error as { eventId?: string }).eventId ?? headers[EVENT_ID_HEADER],
    correlationId: message?.correlationId ?? headers[CORRELATION_ID_HEADER],
    dedupKey,
    key,
    headers,
    reason,
    error: { name: error.name, message: cut(error.message, MAX_ERROR_CHARS) },
    parkedAt: new Date().toISOString(),
  };
  // Headers are what can make an entry large: past the bound they go, the rest stays.
  if (entryBytes(entry) <= MAX_POISON_ENTRY_BYTES) return entry;
  const lighter = { ...entry, headers: { '(headers)': 'not copied: the entry would exceed 64 KiB' } };
  if (entryBytes(lighter) <= MAX_POISON_ENTRY_BYTES) return lighter;
  // Still too large (a long topic, event id or key, an error text of wide characters): every text
  // field is cut, so the bound holds whatever the record held.
  return {
    ...lighter,
    position: cut(lighter.position, 600),
    topic: cut(lighter.topic, 300),
    eventId: lighter.eventId === undefined ? undefined : cut(lighter.eventId, 300),
    correlationId: lighter.correlationId === undefined ? undefined : cut(lighter.correlationId, 300),
    dedupKey: lighter.dedupKey === undefined ? undefined : cut(lighter.dedupKey, 600),
    key: lighter.key === undefined ? undefined : cut(lighter.key, 300),
    error: { name: cut(lighter.error.name, 200), message: cut(lighter.error.message, 2000) },
  };
}

function entryBytes(entry: PoisonEntry): number {
  return Buffer.byteLength(JSON.stringify(entry));
}

/**
 * A poison sink in memory: for tests and local runs (each container has its own).
 *
 * @example
 * const sink = new MemoryPoisonSink();
 * kafkaHandler({ handlerName: 'h', store, poison: { sink }, handle });
 * sink.entries; // what was parked
 */
export class MemoryPoisonSink implements PoisonSink {
  readonly entries: PoisonEntry[] = [];
  #failing: Error | undefined;

  async park(entry: PoisonEntry): Promise<void> {
    if (this.#failing) throw this.#failing;
    this.entries.push(entry);
  }

  /** Refuse every entry with `error` until {@link recover}. */
  fail(error: Error = new Error('poison sink unavailable')): void {
    this.#failing = error;
  }

  recover(): void {
    this.#failing = undefined;
  }
}
