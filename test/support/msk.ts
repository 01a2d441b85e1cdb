/** Hand-built MSK events and Lambda contexts for the consumer tests. */
import type { Context, MSKEvent, MSKRecord } from 'aws-lambda';
import { ulid } from 'ulid';

export interface RecordSpec {
  topic?: string;
  partition?: number;
  offset: number;
  eventId?: string | null;
  correlationId?: string;
  eventType?: string;
  value?: unknown;
  /** Raw base64 value, used as is (for malformed input). */
  rawValue?: string | null;
  key?: string;
  headers?: Record<string, string | number[]>[];
}

const bytes = (text: string) => [...Buffer.from(text, 'utf8')];

export function mskRecord(spec: RecordSpec): MSKRecord {
  const headers: Record<string, number[]>[] = [];
  if (spec.eventId !== null) headers.push({ 'Event-Id': bytes(spec.eventId ?? ulid()) });
  if (spec.correlationId) headers.push({ 'Correlation-Id': bytes(spec.correlationId) });
  if (spec.eventType) headers.push({ 'Event-Type': bytes(spec.eventType) });
  for (const h of spec.headers ?? []) {
    for (const [name, value] of Object.entries(h))
      headers.push({ [name]: typeof value === 'string' ? bytes(value) : value });
  }
  const value =
    spec.rawValue !== undefined
      ? spec.rawValue
      : Buffer.from(JSON.stringify(spec.value ?? { n: spec.offset }), 'utf8').toString('base64');
  return {
    topic: spec.topic ?? 'orders',
    partition: spec.partition ?? 0,
    offset: spec.offset,
    timestamp: 1_700_000_000_000 + spec.offset,
    timestampType: 'CREATE_TIME',
    key: Buffer.from(spec.key ?? `k${spec.offset}`).toString('base64'),
    value: value as string,
    headers,
  };
}

export function mskEvent(records: MSKRecord[]): MSKEvent {
  const grouped: Record<string, MSKRecord[]> = {};
  for (const r of records) {
    const id = `${r.topic}-${r.partition}`;
    grouped[id] ??= [];
    grouped[id].push(r);
  }
  return {
    eventSource: 'aws:kafka',
    eventSourceArn: 'arn:aws:kafka:eu-west-1:123456789012:cluster/test/abc',
    bootstrapServers: 'b-1.test:9098',
    records: grouped,
  };
}

/** A Lambda context whose deadline is `timeoutMs` from now. */
export function lambdaContext(timeoutMs = 60_000, requestId = `req-${ulid()}`): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'test-fn',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:test-fn',
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: '/aws/lambda/test-fn',
    logStreamName: 'x',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}

export function failedOffsets(response: {
  batchItemFailures: { itemIdentifier: { partition: string; offset: number } }[];
}) {
  return response.batchItemFailures
    .map((f) => `${f.itemIdentifier.partition}@${f.itemIdentifier.offset}`)
    .sort();
}
