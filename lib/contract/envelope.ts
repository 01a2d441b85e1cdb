/**
 * The event envelope carried in Kafka headers: Event-Id (a ULID, the dedup key unless the handler
 * names another event id source), Correlation-Id, Event-Type; and the canonical form of an Event-Id.
 */

/** The envelope: Kafka headers a producer sets once per event and the consumer reads. */
export const Header = {
  /** A ULID made once when the event is created; the dedup key. */
  eventId: 'Event-Id',
  /** Shared by every event of one logical chain; never a dedup key. */
  correlationId: 'Correlation-Id',
  /** The event's type, e.g. `order.placed`. */
  eventType: 'Event-Type',
} as const;

/** The header names of {@link Header}, under their long-standing export names. */
export const EVENT_ID_HEADER = Header.eventId;
export const CORRELATION_ID_HEADER = Header.correlationId;
export const EVENT_TYPE_HEADER = Header.eventType;

/**
 * 1 at the char codes of Crockford's base32 (ULID's alphabet: 0-9, A-Z without I, L, O, U), in
 * either case: ASCII only, so that no other character can fold into one (`ſ`.toUpperCase() is `S`).
 */
const CROCKFORD_BASE32 = new Uint8Array(128);
for (const c of '0123456789ABCDEFGHJKMNPQRSTVWXYZ') {
  CROCKFORD_BASE32[c.charCodeAt(0)] = 1;
  CROCKFORD_BASE32[c.toLowerCase().charCodeAt(0)] = 1;
}

/**
 * The Event-Id in canonical form (upper case), or `undefined` when it is not a ULID.
 * ULIDs are case-insensitive; producers that lower-case them still name the same event. Only the
 * 26 ASCII characters of the alphabet count: the id is checked before any case folding, so a
 * non-ASCII character (`ſ`, `ß`, `ﬆ`) never aliases a real ULID.
 *
 * @example
 * normalizeEventId('01arz3ndektsv4rrffq69g5fav'); // '01ARZ3NDEKTSV4RRFFQ69G5FAV'
 */
export function normalizeEventId(value: string): string | undefined {
  if (value.length !== 26) return undefined;
  // A first character above '7' overflows the 48-bit timestamp: not a ULID.
  if (value.charCodeAt(0) > 55) return undefined;
  // Per record: a loop over a table, not ulid's isValid (which splits the id into 26 strings).
  for (let i = 0; i < 26; i++) {
    const code = value.charCodeAt(i);
    if (code > 127 || CROCKFORD_BASE32[code] === 0) return undefined;
  }
  return value.toUpperCase();
}
