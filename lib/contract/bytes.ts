/**
 * How the MSK event carries bytes outside base64: a header value is an array of byte values.
 * The runtime and the tools that read MSK events or DLQ rows check them the same way.
 */

/**
 * True when every element is a whole number 0..255. A header value outside it would be wrapped
 * modulo 256 by Buffer.from, so 0x130 could alias another Event-Id's 0x30: such a record fails.
 *
 * @example
 * isByteArray([69, 118]); // true
 * isByteArray([0x130]); // false
 */
export function isByteArray(bytes: unknown): bytes is number[] {
  if (!Array.isArray(bytes)) return false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    // A non-number, a fraction, a negative or a value above 255 never equals itself masked.
    if ((b & 255) !== b) return false;
  }
  return true;
}
