/**
 * The event id and dedup key of a raw record, read the way the consumer reads them: for the tools
 * that name a key from a record (the DLQ reader, the test kit) so that they agree with the consumer.
 */
import type { MSKRecord } from 'aws-lambda';
import { dedupKey, dedupKeyPrefix } from '../contract/dedup-key.ts';
import { type EventIdSource, resolveEventIdSource } from '../contract/event-id-source.ts';
import { type DecodeOptions, decodeEnvelope, decodePayload, parseJson } from './decode.ts';

/** What names a record's key: the handler's service and name, its id source, and how its value parses. */
export interface RecordKeyOptions {
  /** Where the id comes from, as the handler is configured. Default: the Event-Id header, a ULID. */
  readonly eventId?: EventIdSource<never, never> | EventIdSource;
  /** How the value parses when the source reads the payload (synchronously). Default: JSON. */
  readonly parse?: (value: Buffer, record: MSKRecord) => unknown;
  /** Default: 16 KiB, the consumer's. */
  readonly maxHeaderBytes?: number;
}

/**
 * The record's event id in canonical form, as the consumer reads it.
 *
 * @throws {EventIdError} when the source gives no valid id (the consumer fails such a record);
 *   {@link InvalidRecordError} for a record the consumer cannot decode at all.
 * @example
 * eventIdOfRecord(record, { eventId: { from: 'cloudevents', format: 'uuid' } }); // '3f25…'
 */
export function eventIdOfRecord(record: MSKRecord, options: RecordKeyOptions = {}): string {
  const reader = resolveEventIdSource(options.eventId);
  const decode: DecodeOptions<unknown> = {
    parse: options.parse ?? parseJson,
    maxHeaderBytes: options.maxHeaderBytes ?? 16 * 1024,
    eventId: reader,
  };
  const message = decodeEnvelope(record, decode);
  if (message.eventId !== '') return message.eventId;
  if (decodePayload(record, decode, message) instanceof Promise)
    throw new TypeError('eventIdOfRecord decodes synchronously: give a parse that does not wait');
  return reader.read(record, message);
}

/**
 * The record's dedup key under a handler, as the consumer names it.
 *
 * @throws as {@link eventIdOfRecord}.
 * @example
 * recordDedupKey(record, 'orders', 'on-order-placed'); // 'orders:dedup:on-order-placed:{…}01J9…'
 */
export function recordDedupKey(
  record: MSKRecord,
  service: string,
  handlerName: string,
  options: RecordKeyOptions = {},
): string {
  return dedupKey(dedupKeyPrefix(service, handlerName), eventIdOfRecord(record, options));
}

/**
 * An id a person or tool was given (e.g. on the command line), in the canonical form the consumer
 * compares it in under `source`, or why the consumer would refuse it.
 *
 * @example
 * canonicalEventId('3F2504E0-4F89-11D3-9A0C-0305E82C3301', { from: 'cloudevents', format: 'uuid' });
 * // '3f2504e0-4f89-11d3-9a0c-0305e82c3301'
 */
export function canonicalEventId(
  value: string,
  source?: EventIdSource<never, never> | EventIdSource,
): string | { reason: string } {
  const reader = resolveEventIdSource(source);
  const id = reader.canonical(value);
  return typeof id === 'string'
    ? id
    : { reason: `'${value.slice(0, 64)}' ${id.reason} (event id source: ${reader.describe})` };
}
