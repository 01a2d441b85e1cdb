/**
 * Reading a thrown value safely. A business function may throw anything: an object whose
 * `message` getter throws, `Object.create(null)` (no toString), a Proxy that throws on every read,
 * an Error whose `retryLater` getter throws, an Error that is its own cause (the log formatter
 * recurses on `cause` until the stack overflows). The catch path must not fail on any of them,
 * or the whole batch fails with it, retry after retry, succeeded records included.
 * @internal
 */

/** What the consumer needs of a thrown value, read without letting anything escape. */
export interface Thrown {
  /** One line for the record's error: `name: message`, or a description of a non-Error. */
  readonly text: string;
  /** The value asked for a retry later (`retryLater === true`). */
  readonly retryLater: boolean;
  /** The value itself when it is a well-behaved Error, else a plain Error describing it: safe to log. */
  readonly error: Error;
}

const MAX_CAUSES = 8;
const MAX_TEXT = 500;

function attempt<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** A short description of any value, never throwing. */
function describe(value: unknown): string {
  return attempt(() => {
    if (value === null || value === undefined) return String(value);
    const type = typeof value;
    if (type === 'string') return (value as string).slice(0, MAX_TEXT);
    if (type !== 'object' && type !== 'function') return String(value);
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string') {
      const name = (value as { name?: unknown }).name;
      return `${typeof name === 'string' ? `${name}: ` : ''}${message}`.slice(0, MAX_TEXT);
    }
    return `a thrown ${Object.prototype.toString.call(value)} without a message`;
  }, 'a thrown value that cannot be read');
}

/** True when logging `value` as is cannot throw: an Error whose fields read plainly, causes acyclic. */
function wellBehaved(value: unknown): value is Error {
  if (!attempt(() => value instanceof Error, false)) return false;
  return attempt(() => {
    const seen = new Set<unknown>();
    let at: unknown = value;
    for (let depth = 0; at instanceof Error; depth++) {
      if (seen.has(at) || depth > MAX_CAUSES) return false;
      seen.add(at);
      // Reads each field the formatter reads (and enumerates the rest, as it does).
      const { name, message, stack } = at;
      if (
        typeof message !== 'string' ||
        typeof name !== 'string' ||
        (stack !== undefined && typeof stack !== 'string')
      )
        return false;
      for (const key in at) void (at as unknown as Record<string, unknown>)[key];
      void (at as { retryLater?: unknown }).retryLater;
      at = at.cause;
    }
    return true;
  }, false);
}

/** A plain Error with the same text, its causes copied the same way (bounded, cycles cut). */
function copyOf(value: unknown, depth: number): Error {
  const copy = new Error(describe(value));
  copy.name = attempt(() => {
    const name = (value as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? name : 'ThrownValue';
  }, 'ThrownValue');
  const stack = attempt(() => (value as { stack?: unknown } | null)?.stack, undefined);
  if (typeof stack === 'string') copy.stack = stack;
  const cause = attempt(() => (value as { cause?: unknown } | null)?.cause, undefined);
  if (cause !== undefined && cause !== value && depth < MAX_CAUSES) copy.cause = copyOf(cause, depth + 1);
  return copy;
}

/**
 * @example
 * catch (error) { const thrown = readThrown(error); logger.error('failed', { error: thrown.error }); }
 */
export function readThrown(value: unknown): Thrown {
  const retryLater = attempt(() => (value as { retryLater?: unknown } | null)?.retryLater === true, false);
  if (wellBehaved(value)) return { text: describe(value), retryLater, error: value };
  const error = copyOf(value, 0);
  return { text: error.message, retryLater, error };
}
