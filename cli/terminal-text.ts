/**
 * Producer-controlled text made safe to print: the one sanitizer of every `msk-once` command that
 * shows such text (`dlq`, `local` and `triage`). A producer controls what lands in a DLQ file (the
 * Event-Id header, the value, even the topic of a hand-made file) and what a handler's error quotes
 * of a record (logged, then read back by `local` and `triage`), so every string shown is stripped of
 * what a terminal would act on instead of show: C0 controls (ESC starts colour, cursor and OSC
 * sequences, CR rewrites the line), DEL, the C1 controls (U+009B is a one-byte CSI on many
 * terminals) and the Unicode bidirectional controls and line separators (text that reads
 * differently from what it is). Each becomes a visible `\xNN` or `\uNNNN`; LF too, so that a
 * newline inside an error cannot start a line of its own. Callers escape each quoted part (or each
 * line they built) and join the lines themselves.
 *
 * Guarantees: no C0, DEL, C1 or bidi control of the input reaches the output. Does not: shorten
 * text or judge what printable text says.
 */

// C0, DEL, C1; ALM, LRM/RLM, LRE..RLO, LRI..PDI; LINE and PARAGRAPH SEPARATOR.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
// What JSON.stringify leaves raw (it escapes U+0000..U+001F itself).
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

function escaped(char: string): string {
  const code = char.charCodeAt(0);
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every control character shown as an escape, never sent raw.
 *
 * @example
 * printable('01J\u001b]8;;http://evil\u0007x'); // '01J\\x1b]8;;http://evil\\x07x'
 */
export function printable(text: string): string {
  return text.replace(UNSAFE, escaped);
}

/**
 * JSON of `value` with the characters JSON.stringify leaves raw (DEL, C1, bidi controls, line
 * separators) written as `\uNNNN` escapes: the same JSON for a parser, inert on a terminal.
 *
 * @example
 * printableJson({ eventId: '\u009b31m' }); // '{"eventId":"\\u009b31m"}'
 */
export function printableJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    UNSAFE_IN_JSON,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
