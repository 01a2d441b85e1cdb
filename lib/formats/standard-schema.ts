/**
 * Validation of a decoded key or value with any Standard Schema parser (zod, valibot, arktype…):
 * the parser's output (coerced, defaulted) is what the handler gets.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';

/** Thrown when the parser rejects a value; the message lists up to three issues with their paths. */
export class ValidationFailure extends Error {
  readonly issues: readonly StandardSchemaV1.Issue[];
  constructor(issues: readonly StandardSchemaV1.Issue[]) {
    super(`rejected by parserSchema: ${describeIssues(issues)}`);
    this.name = 'ValidationFailure';
    this.issues = issues;
  }
}

function describeIssues(issues: readonly StandardSchemaV1.Issue[]): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const path = issue.path
      ?.map((p) => (typeof p === 'object' && p !== null && 'key' in p ? String(p.key) : String(p)))
      .join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return issues.length > 3 ? `${shown.join('; ')}; and ${issues.length - 3} more` : shown.join('; ');
}

function outcome<T>(result: StandardSchemaV1.Result<T>): T {
  if (result.issues) throw new ValidationFailure(result.issues);
  return result.value;
}

/**
 * The parser's output for `value`; a promise only for parsers that validate asynchronously.
 *
 * @throws {ValidationFailure} the value does not pass.
 * @example
 * const review = validateStandard(z.object({ rating: z.number() }), decoded);
 */
export function validateStandard<T>(schema: StandardSchemaV1<unknown, T>, value: unknown): T | Promise<T> {
  const result = schema['~standard'].validate(value);
  return result instanceof Promise ? result.then(outcome) : outcome(result);
}

/** @internal true for a Standard Schema object. */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  const standard = (value as { '~standard'?: { validate?: unknown } } | null)?.['~standard'];
  return typeof standard?.validate === 'function';
}
