/**
 * The accepted forms of an event id, and the one canonical form each is compared in. An id becomes
 * the tail of a Redis key (`<prefix>{<tag>}<id>`), so every form is checked character by character
 * before any case folding:
 * - `ulid`: 26 characters of Crockford base32, either case; canonical upper case.
 * - `uuid`: 8-4-4-4-12 hex digits with hyphens, either case; canonical lower case. No braces, no
 *   `urn:uuid:`, not the nil or max UUID (a producer sending one for every event would make all of
 *   them one key).
 * - `opaque`: any non-empty text. An id of `A-Z a-z 0-9 - . _ ~ / + = @` (URL-safe and base64 text)
 *   within the byte limit is itself; any other is encoded (`%XX`, `%uXXXX`), or hashed when the
 *   encoding is over the limit ({@link checkOpaqueId}): never refused for its characters, so every
 *   id a 0.2.0 `dedupKey` returned still runs. Case-sensitive and never folded: `Inv-2` and
 *   `inv-2` are two ids.
 *
 * Guarantees: two inputs map to one canonical id only when they are the same id in the form's own
 * rules (ULID and UUID are case-insensitive; opaque ids are not; a hashed opaque id, only if
 * SHA-256 collides); no canonical id holds `{`, `}`, `:`, a glob character, whitespace, a control
 * character or anything outside ASCII, so no id can make its own hash tag, shift the key's parts or
 * alias another id through a Unicode look-alike (non-ASCII is encoded, not normalised: NFC/NFKC
 * would fold `ﬁ` onto `fi`).
 * Does not guarantee: that the producer made the id once per event (that is the producer's side).
 */
import { normalizeEventId } from './envelope.ts';
import { sha256Base64Url } from './sha256.ts';

/**
 * The declarative event id sources (the text of `EnvVar.eventIdSource`; `header` takes a name
 * as `header:<name>`), and the id forms (`EnvVar.eventIdFormat`; `opaque` takes a byte limit as
 * `opaque:<maxBytes>`, at most {@link MAX_OPAQUE_ID_BYTES}).
 */
export const EVENT_ID_SOURCES = ['header', 'cloudevents', 'key', 'position'] as const;
export const EVENT_ID_FORMATS = ['ulid', 'uuid', 'opaque'] as const;
export const MAX_OPAQUE_ID_BYTES = 512;

/** The forms an event id may take. */
export type EventIdFormat = (typeof EVENT_ID_FORMATS)[number];

/** The byte limit of an opaque id unless one is given. */
export const DEFAULT_OPAQUE_MAX_BYTES = 128;

/** The largest byte limit an opaque id may be given (a key is stored once per event for the window). */
export const MAX_OPAQUE_BYTES = MAX_OPAQUE_ID_BYTES;

/** The characters an opaque id may hold, as the docs and errors name them. */
export const OPAQUE_CHARACTERS = 'A-Z a-z 0-9 - . _ ~ / + = @';

// 1 at the char codes of the opaque alphabet (ASCII only, so no other character can be mistaken for one).
const OPAQUE = new Uint8Array(128);
for (let c = 0x30; c <= 0x39; c++) OPAQUE[c] = 1;
for (let c = 0x41; c <= 0x5a; c++) OPAQUE[c] = 1;
for (let c = 0x61; c <= 0x7a; c++) OPAQUE[c] = 1;
for (const c of '-._~/+=@') OPAQUE[c.charCodeAt(0)] = 1;

// What a String(x) or template of a missing field makes: refused, or every such record would be one key.
const PLACEHOLDERS = new Set(['undefined', 'null', 'NaN', 'Infinity', '-Infinity']);

/** What an opaque id over its byte limit (or whose encoding is) is stored as: this, then a hash. */
export const HASHED_ID_PREFIX = '%h';

/**
 * The opaque id in canonical form, or why it is not one. Per record: one loop over the characters.
 *
 * - An id of the safe alphabet ({@link OPAQUE_CHARACTERS}) within `maxBytes` is itself: its key is
 *   the key it always had.
 * - Any other id (a `:` of `notif:u1:r9:thanks`, a space, a brace, non-ASCII text: anything a 0.2.0
 *   `dedupKey` could return) is encoded, never refused for its characters: each UTF-16 code unit
 *   outside the alphabet becomes `%XX` (ASCII, two upper-case hex digits) or `%uXXXX` (any other
 *   unit, a lone surrogate included); `%` is not in the alphabet, so an encoded id always holds one
 *   and never equals a safe id. No folding: `ınv-2` and `inv-2` stay two ids.
 * - When the encoded id is over `maxBytes`, the id is stored as {@link HASHED_ID_PREFIX} and the
 *   SHA-256 of its encoding in base64url (45 characters): `%h` follows no encoding's `%`, so it
 *   never equals an encoded or safe id; two ids then share a key only if SHA-256 collides.
 *
 * Refused: the empty id, and the text a missing field turns into (`undefined`, `null`, `NaN`,
 * `Infinity`, `-Infinity`): every such record would be one key.
 *
 * @internal
 */
export function checkOpaqueId(value: string, maxBytes: number): string | { reason: string } {
  if (value.length === 0) return { reason: 'is empty' };
  if (PLACEHOLDERS.has(value)) return { reason: `is '${value}', what a missing field turns into as text` };
  // The alphabet is ASCII, so characters and bytes count alike once every character passed.
  let safe = true;
  for (let i = 0; i < value.length && safe; i++) {
    const code = value.charCodeAt(i);
    if (code > 127 || OPAQUE[code] === 0) safe = false;
  }
  if (safe && value.length <= maxBytes) return value;
  const encoded = safe ? value : encodeOpaqueId(value);
  if (encoded.length <= maxBytes) return encoded;
  return HASHED_ID_PREFIX + sha256Base64Url(encoded);
}

const HEX_DIGITS = '0123456789ABCDEF';

/** `%XX` / `%uXXXX` for each code unit outside the alphabet: a prefix-free code, so injective. */
function encodeOpaqueId(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 127 && OPAQUE[code] === 1) out += value[i];
    else if (code <= 127) out += `%${HEX_DIGITS[code >> 4]}${HEX_DIGITS[code & 15]}`;
    else out += `%u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return out;
}

/**
 * The id as the producer gave it, from its canonical opaque form: the encoding undone (ULIDs, UUIDs
 * and safe ids hold no `%` and come back as they are); `undefined` for a hashed id (not reversible).
 * What a previous key format, which stored the id as given, named the event by.
 *
 * @internal
 * @example
 * idBeforeEncoding('notif%3Au1%3Ar9%3Athanks'); // 'notif:u1:r9:thanks'
 */
export function idBeforeEncoding(canonical: string): string | undefined {
  if (!canonical.includes('%')) return canonical;
  if (canonical.startsWith(HASHED_ID_PREFIX)) return undefined;
  return canonical.replace(
    /%u([0-9A-F]{4})|%([0-9A-F]{2})/g,
    (_m, unit: string | undefined, ascii: string | undefined) =>
      String.fromCharCode(Number.parseInt((unit ?? ascii)!, 16)),
  );
}

const HEX = new Uint8Array(128);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;

/**
 * A UUID in canonical form (lower case, hyphenated), or `undefined` when `value` is not one, or is
 * the nil or max UUID.
 *
 * @example
 * normalizeUuid('3F2504E0-4F89-11D3-9A0C-0305E82C3301'); // '3f2504e0-4f89-11d3-9a0c-0305e82c3301'
 */
export function normalizeUuid(value: string): string | undefined {
  if (value.length !== 36) return undefined;
  for (let i = 0; i < 36; i++) {
    const code = value.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (code !== 0x2d) return undefined;
    } else if (code > 127 || HEX[code] === 0) return undefined;
  }
  const id = value.toLowerCase();
  if (id === '00000000-0000-0000-0000-000000000000' || id === 'ffffffff-ffff-ffff-ffff-ffffffffffff')
    return undefined;
  return id;
}

/**
 * An id in its form's canonical form, or why it is not one of that form.
 *
 * @internal
 * @example
 * canonicalIdOfForm('01arz3ndektsv4rrffq69g5fav', 'ulid', 128); // '01ARZ3NDEKTSV4RRFFQ69G5FAV'
 */
export function canonicalIdOfForm(
  value: string,
  format: EventIdFormat,
  maxBytes: number,
): string | { reason: string } {
  if (format === 'ulid') return normalizeEventId(value) ?? { reason: 'is not a ULID' };
  if (format === 'uuid') {
    return (
      normalizeUuid(value) ?? {
        reason: 'is not a UUID (8-4-4-4-12 hex digits, not the nil or max UUID)',
      }
    );
  }
  return checkOpaqueId(value, maxBytes);
}

/**
 * An id as an error may show it: at most 64 characters, anything outside printable ASCII as `\u....`
 * (an id is producer-controlled text and lands in logs and terminals).
 *
 * @internal
 */
export function shownId(value: string): string {
  const cut = value.length > 64 ? `${value.slice(0, 64)}…` : value;
  return cut.replace(/[^\x20-\x7e…]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
