/**
 * What-if decode for bench/micro/what-if.ts: the core's decodeRecords middleware with findings 2–5
 * of docs/performance.md applied (base64 checked by length, the key copied out of the Buffer pool,
 * an ASCII fast path for headers, the value parsed on first access of `payload`). A measuring aid,
 * not a product decoder: a value `parse` rejects throws where the handler reads `payload`.
 * BENCH_CACHE_PAYLOAD=no parses on every access and keeps nothing: a stand-in for letting go of
 * each record's message once it has settled.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { Context, MSKEvent, MSKRecord } from 'aws-lambda';
import { attachBatch, type Batch, type BatchInternal, type BatchRecord } from '../../lib/consumer/batch.ts';
import type { KafkaBatchResponse, KafkaMessage, ResolvedConfig } from '../../lib/index.ts';
import { InvalidRecordError, normalizeEventId } from '../../lib/index.ts';

function base64(record: MSKRecord, field: string, text: string): Buffer {
  const buffer = Buffer.from(text, 'base64');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (text.length % 4 !== 0 || buffer.length !== (text.length / 4) * 3 - padding) {
    throw new InvalidRecordError(record, `${field} is not valid base64 (${text.length} characters)`);
  }
  return buffer;
}

function unpooled(buffer: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

function headerText(bytes: number[]): string {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! > 0x7f) return Buffer.from(bytes).toString('utf8');
  return String.fromCharCode.apply(null, bytes);
}

function decodeFast<T>(record: MSKRecord, config: ResolvedConfig<T>): KafkaMessage<T> {
  const headers: Record<string, string | string[]> = {};
  for (const entry of (record.headers ?? []) as unknown as Record<string, number[]>[]) {
    for (const name in entry) {
      const bytes = entry[name]!;
      if (!Array.isArray(bytes) || bytes.length > config.decode.maxHeaderBytes) {
        throw new InvalidRecordError(record, `header ${name} is not a byte array within the limit`);
      }
      const value = headerText(bytes);
      const seen = headers[name];
      if (seen === undefined) headers[name] = value;
      else if (typeof seen === 'string') headers[name] = [seen, value];
      else seen.push(value);
    }
  }
  const first = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const eventId = normalizeEventId(first('Event-Id') ?? '');
  if (eventId === undefined) throw new InvalidRecordError(record, 'no Event-Id header with a ULID');
  const value = record.value;
  let parsed: { payload: T | null } | undefined;
  return {
    eventId,
    correlationId: first('Correlation-Id'),
    eventType: first('Event-Type'),
    topic: record.topic,
    partition: record.partition,
    offset: record.offset,
    timestamp: record.timestamp,
    key: record.key ? unpooled(base64(record, 'key', record.key)) : undefined,
    headers,
    get payload(): T | null {
      const fresh = { payload: value ? config.decode.parse(base64(record, 'value', value), record) : null };
      if (process.env.BENCH_CACHE_PAYLOAD !== 'no') parsed ??= fresh;
      return (parsed ?? fresh).payload;
    },
  };
}

/**
 * @example
 * middy().use(flushMetrics()).use(decodeRecordsFast(config)).use(dedupClaims(config)).handler(runPartitions(config));
 */
export function decodeRecordsFast<T>(
  config: ResolvedConfig<T>,
): MiddlewareObj<MSKEvent, KafkaBatchResponse, Error, Context, BatchInternal<T>> {
  return {
    name: 'decodeRecordsFast',
    before: (request) => {
      const partitions: BatchRecord<T>[][] = [];
      for (const partitionId in request.event.records) {
        const records = request.event.records[partitionId]!;
        const list: BatchRecord<T>[] = new Array(records.length);
        for (let i = 0; i < records.length; i++) {
          const raw = records[i]!;
          const record: BatchRecord<T> = {
            raw,
            partitionId,
            message: undefined,
            valuePending: false,
            key: undefined,
            claim: 'none',
            outcome: undefined,
            running: false,
            error: undefined,
            original: undefined,
            settled: undefined,
          };
          try {
            record.message = decodeFast(raw, config);
            record.key = config.keyPrefix + record.message.eventId;
          } catch (error) {
            record.error = error as InvalidRecordError;
          }
          list[i] = record;
        }
        partitions.push(list);
      }
      const batch: Batch<T> = {
        owner: `${request.context?.awsRequestId ?? 'local'}/${randomUUID().slice(0, 8)}`,
        partitions,
        metrics: config.metrics.begin(),
        claimsSettled: false,
        renewal: undefined,
      };
      attachBatch(request, batch);
    },
  };
}
