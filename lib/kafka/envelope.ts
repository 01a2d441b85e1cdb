/**
 * The event envelope carried in Kafka headers: Event-Id (a ULID, the dedup key), Correlation-Id, Event-Type.
 */
import { isValid } from 'ulid';
import { Header } from '../contract.ts';

/** The header names (`Header` of the contract), under their long-standing export names. */
export const EVENT_ID_HEADER = Header.eventId;
export const CORRELATION_ID_HEADER = Header.correlationId;
export const EVENT_TYPE_HEADER = Header.eventType;

/**
 * The Event-Id in canonical form (upper case), or `undefined` when it is not a ULID.
 * ULIDs are case-insensitive; producers that lower-case them still name the same event.
 *
 * @example
 * normalizeEventId('01arz3ndektsv4rrffq69g5fav'); // '01ARZ3NDEKTSV4RRFFQ69G5FAV'
 */
export function normalizeEventId(value: string): string | undefined {
  if (value.length !== 26) return undefined;
  const upper = value.toUpperCase();
  // A first character above '7' overflows the 48-bit timestamp: not a ULID, whatever isValid says.
  return upper.charCodeAt(0) <= 55 && isValid(upper) ? upper : undefined;
}
