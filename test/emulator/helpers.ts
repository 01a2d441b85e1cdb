/** Plain Lambda handlers for emulator tests (no msk-once core): they decode records and fail on demand. */
import type { MSKEvent, MSKRecord } from 'aws-lambda';
import {
  inProcess,
  KafkaLog,
  LambdaFunction,
  type LambdaFunctionOptions,
  type LambdaHandler,
} from '../../emulator/index.ts';

export interface Seen {
  topic: string;
  partition: number;
  offset: number;
  value: string | null;
}

/** A log with one topic of `partitions` partitions holding `count` records "v0".."v<count-1>" keyed round-robin. */
export function logWith(topic: string, partitions: number, count: number): KafkaLog {
  const log = new KafkaLog();
  log.createTopic(topic, partitions);
  for (let i = 0; i < count; i++) log.append(topic, { value: `v${i}`, partition: i % partitions });
  return log;
}

/**
 * A handler that records every record it runs and, per partition, stops at the first record for
 * which `fails` says so. It reports that record and (`report: 'rest'`, what the msk-once core does)
 * every later record of the partition that it did not run, or (`report: 'first'`) that record only.
 */
export function reportingHandler(
  fails: (r: MSKRecord, value: string | null) => boolean,
  seen: Seen[] = [],
  report: 'rest' | 'first' = 'rest',
): LambdaHandler<MSKEvent> {
  return async (event) => {
    const batchItemFailures: { itemIdentifier: { partition: string; offset: number } }[] = [];
    for (const [tp, records] of Object.entries(event.records)) {
      let stopped = false;
      for (const r of records) {
        const value = r.value === undefined ? null : Buffer.from(r.value, 'base64').toString();
        if (!stopped && fails(r, value)) stopped = true;
        else if (!stopped) {
          seen.push({ topic: r.topic, partition: r.partition, offset: r.offset, value });
          continue;
        }
        batchItemFailures.push({ itemIdentifier: { partition: tp, offset: r.offset } });
        if (report === 'first') break;
      }
    }
    return { batchItemFailures };
  };
}

/** Provisioned mode with partial batch responses on: the settings an msk-once consumer is deployed with. */
export const PARTIAL_RESPONSES = {
  provisionedPollers: {},
  functionResponseTypes: ['ReportBatchItemFailures'],
} as const;

export function fnOf(
  handler: LambdaHandler<MSKEvent>,
  options: LambdaFunctionOptions = {},
): LambdaFunction<MSKEvent> {
  return new LambdaFunction<MSKEvent>(
    inProcess(() => handler),
    {
      functionName: 'test-fn',
      timeoutMs: 5_000,
      ...options,
    },
  );
}
