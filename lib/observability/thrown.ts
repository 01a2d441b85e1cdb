/**
 * Reading a thrown value safely. A business function may throw anything: an object whose
 * `message` getter throws, `Object.create(null)` (no toString), a Proxy that throws on every read,
 * an Error whose `retryLater` getter throws, an Error that is its own cause or has an Error
 * property that points back at it (the log formatter recurses until the stack overflows), an
 * Error whose own `toJSON` (or that of a value in its properties) throws. The catch path must not fail on any of them,
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

/** Most values the check below walks in one thrown value's own properties; past it, a copy is logged. */
const MAX_VALUES = 256;

/**
 * True when the logger can serialize `value`'s own properties without throwing: every value
 * reachable through them read without an exception, none reached twice (the logger follows an
 * Error-valued property into its own properties until the stack overflows, and a getter may make
 * a new object each read), and no `toJSON` but Date's (it may throw, and JSON.stringify calls it).
 */
function plainProperties(value: object, seen: Set<unknown>, budget: { left: number }): boolean {
  for (const key in value) {
    // An assigned cause is enumerable; wellBehaved follows the chain of causes itself.
    if (key === 'cause' && value instanceof Error) continue;
    if (--budget.left < 0) return false;
    const field = (value as Record<string, unknown>)[key];
    if (field === null || (typeof field !== 'object' && typeof field !== 'function')) continue;
    if (seen.has(field)) return false;
    seen.add(field);
    if (field instanceof Date) continue;
    if (typeof (field as { toJSON?: unknown }).toJSON === 'function') return false;
    if (!plainProperties(field, seen, budget)) return false;
  }
  return true;
}

/**
 * True when logging `value` as is cannot throw: an Error whose fields read plainly, causes acyclic,
 * own properties serializable ({@link plainProperties}), no `toJSON` of its own.
 */
function wellBehaved(value: unknown): value is Error {
  if (!attempt(() => value instanceof Error, false)) return false;
  return attempt(() => {
    const seen = new Set<unknown>();
    const budget = { left: MAX_VALUES };
    let at: unknown = value;
    for (let depth = 0; at instanceof Error; depth++) {
      if (seen.has(at) || depth > MAX_CAUSES) return false;
      seen.add(at);
      // Reads each field the formatter reads (and walks the rest, as it does).
      const { name, message, stack } = at;
      if (
        typeof message !== 'string' ||
        typeof name !== 'string' ||
        (stack !== undefined && typeof stack !== 'string')
      )
        return false;
      if (typeof (at as { toJSON?: unknown }).toJSON === 'function') return false;
      if (!plainProperties(at, seen, budget)) return false;
      void (at as { retryLater?: unknown }).retryLater;
      at = at.cause;
    }
    return true;
  }, false);
}

/** Own enumerable fields of plain types (`code`, `statusCode`...): what a copy keeps of the rest. */
const KEPT_TYPES = new Set(['string', 'number', 'boolean']);

/** A plain Error with the same text, its causes copied the same way (bounded, cycles cut). */
function copyOf(value: unknown, depth: number): Error {
  const copy = new Error(describe(value));
  copy.name = attempt(() => {
    const name = (value as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? name : 'ThrownValue';
  }, 'ThrownValue');
  const stack = attempt(() => (value as { stack?: unknown } | null)?.stack, undefined);
  if (typeof stack === 'string') copy.stack = stack;
  attempt(() => {
    if (typeof value !== 'object' || value === null) return;
    let kept = 0;
    for (const key in value) {
      if (key === 'name' || key === 'message' || key === 'stack' || key === 'cause' || key === 'toJSON')
        continue;
      const field = attempt(() => (value as Record<string, unknown>)[key], undefined);
      if (!KEPT_TYPES.has(typeof field)) continue;
      (copy as unknown as Record<string, unknown>)[key] =
        typeof field === 'string' ? field.slice(0, MAX_TEXT) : field;
      if (++kept >= MAX_CAUSES * 4) break;
    }
  }, undefined);
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
