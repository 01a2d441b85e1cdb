/**
 * How the event source mapping reads an invocation's outcome, per
 * https://docs.aws.amazon.com/lambda/latest/dg/kafka-retry-configurations.html ("PartialBatchResponse"):
 * `{ batchItemFailures: [{ itemIdentifier: { partition: '<topic>-<n>', offset: N } }] }`.
 * "If you return an empty valid JSON or null, the event source mapping will consider a batch as
 * successfully processed. Any invalid topic-partition_number or offset returned that was not present
 * in the invoked event will be treated as failure and entire batch will be retried."
 */
import type { MSKEvent } from 'aws-lambda';
import type { InvocationResult } from './lambda-runtime.ts';

export type Verdict =
  | { kind: 'success' }
  /** Valid reported failures; `lowest` is where each failed partition resumes. */
  | { kind: 'partial'; lowest: Map<string, number>; failed: { partition: string; offset: number }[] }
  /** A function error: thrown, timed out, crashed, or an invalid answer (`invalid`). */
  | { kind: 'error'; error: string; invalid: boolean };

/**
 * Classify an invocation. Without ReportBatchItemFailures the answer is ignored (success unless the
 * function failed). An offset must be a JSON number, as in AWS's examples.
 *
 * @example
 * judgeInvocation(event, { ok: true, response: { batchItemFailures: [] }, requestId }, true) // { kind: 'success' }
 */
export function judgeInvocation(
  event: MSKEvent,
  result: InvocationResult,
  reportBatchItemFailures: boolean,
): Verdict {
  if (!result.ok)
    return { kind: 'error', error: `${result.errorType}: ${result.errorMessage}`, invalid: false };
  if (!reportBatchItemFailures) return { kind: 'success' };
  const response = result.response;
  if (response === null || response === undefined) return { kind: 'success' };
  const invalid = (why: string): Verdict => ({
    kind: 'error',
    error: `invalid batch response: ${why}`,
    invalid: true,
  });
  if (typeof response !== 'object' || Array.isArray(response))
    return invalid(`not a JSON object: ${preview(response)}`);
  const failures = (response as { batchItemFailures?: unknown }).batchItemFailures;
  if (failures === null || failures === undefined) return { kind: 'success' };
  if (!Array.isArray(failures)) return invalid(`batchItemFailures is not an array: ${preview(failures)}`);
  if (failures.length === 0) return { kind: 'success' };
  const lowest = new Map<string, number>();
  const failed: { partition: string; offset: number }[] = [];
  for (const item of failures) {
    const id = (item as { itemIdentifier?: unknown } | null)?.itemIdentifier as
      | { partition?: unknown; offset?: unknown }
      | undefined;
    const partition = id?.partition;
    const offset = id?.offset;
    if (typeof partition !== 'string' || typeof offset !== 'number')
      return invalid(`malformed item ${preview(item)}`);
    const records = event.records[partition];
    if (!records) return invalid(`partition ${partition} was not in the event`);
    if (!records.some((r) => r.offset === offset))
      return invalid(`offset ${offset} of ${partition} was not in the event`);
    failed.push({ partition, offset });
    lowest.set(partition, Math.min(lowest.get(partition) ?? offset, offset));
  }
  return { kind: 'partial', lowest, failed };
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
