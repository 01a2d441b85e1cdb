/**
 * A real-shaped MSK event for benchmarks: records keyed "<topic>-<partition>", base64 key and
 * value, headers as one-entry objects of byte arrays (Event-Id is a ULID), 1 KB JSON values.
 */
import type { MSKEvent, MSKRecord } from 'aws-lambda';
import { monotonicFactory } from 'ulid';
// The two small modules, not the toolkit's entry: the benchmark's processes load only what they measure.
import { CORRELATION_ID_HEADER, EVENT_ID_HEADER, EVENT_TYPE_HEADER } from '../lib/contract/envelope.ts';
import { partitionId } from '../lib/contract/position.ts';
import { seededRandom } from '../testkit/seeded-random.ts';

/** What to generate. */
/** The batch every bench case uses: 4 partitions, 1 KB JSON values, one topic. */
export const BENCH_BATCH = { partitions: 4, valueBytes: 1024, topic: 'review-created' } as const;

export interface EventSpec {
  /** How many records in the batch. */
  records: number;
  /** How many partitions the records are spread over (round robin, offsets ascending). */
  partitions: number;
  /** Exact size of each JSON value in bytes, before base64. */
  valueBytes: number;
  topic: string;
  /** First offset of every partition; move it per repetition so that offsets look like a live topic. */
  firstOffset?: number;
}

/** A generated batch and what the harness needs to know about it. */
export interface GeneratedBatch {
  event: MSKEvent;
  /** Event-Id of each record, in generation order (record i sits in partition i % partitions). */
  eventIds: string[];
  /** The records in generation order (the same objects as in `event.records`). */
  records: MSKRecord[];
  /** Size of `JSON.stringify(event)`, the payload Lambda hands the runtime. */
  jsonBytes: number;
}

const nextUlid = monotonicFactory();
const filler = 'The delivery was quick and the product matches the description. '.repeat(40);

/**
 * A JSON review of exactly `bytes` bytes (ASCII), distinct per `n`.
 *
 * @example
 * reviewJson(7, 1024).length; // 1024
 */
export function reviewJson(n: number, bytes: number): string {
  const head = {
    type: 'ReviewCreated',
    reviewId: `rev-${n.toString(36).padStart(8, '0')}`,
    productId: `prod-${(n % 9973).toString(36)}`,
    userId: `user-${(n % 104729).toString(36)}`,
    rating: (n % 5) + 1,
    createdAt: new Date(1_767_225_600_000 + n * 1000).toISOString(),
    title: `Review number ${n}`,
    body: '',
  };
  const empty = JSON.stringify(head).length;
  if (empty > bytes) throw new Error(`valueBytes ${bytes} is too small for a review (needs ${empty})`);
  head.body = filler.slice(0, bytes - empty).padEnd(bytes - empty, '.');
  return JSON.stringify(head);
}

function headerBytes(value: string): number[] {
  return Array.from(Buffer.from(value, 'utf8'));
}

/**
 * Build one MSK event.
 *
 * @example
 * const { event, eventIds } = makeEvent({ records: 1000, partitions: 4, valueBytes: 1024, topic: 'review-created' });
 */
export function makeEvent(spec: EventSpec): GeneratedBatch {
  const { records: count, partitions, valueBytes, topic } = spec;
  const firstOffset = spec.firstOffset ?? 1_000_000;
  const byPartition: Record<string, MSKRecord[]> = {};
  for (let p = 0; p < partitions; p++) byPartition[partitionId(topic, p)] = [];
  const eventIds: string[] = [];
  const records: MSKRecord[] = [];
  const baseTime = Date.now();
  for (let i = 0; i < count; i++) {
    const partition = i % partitions;
    const eventId = nextUlid();
    eventIds.push(eventId);
    const record: MSKRecord = {
      topic,
      partition,
      offset: firstOffset + Math.floor(i / partitions),
      timestamp: baseTime + i,
      timestampType: 'CREATE_TIME',
      key: Buffer.from(`user-${i % 104729}`).toString('base64'),
      value: Buffer.from(reviewJson(i, valueBytes)).toString('base64'),
      headers: [
        { [EVENT_ID_HEADER]: headerBytes(eventId) },
        { [CORRELATION_ID_HEADER]: headerBytes(`corr-${eventId}`) },
        { [EVENT_TYPE_HEADER]: headerBytes('ReviewCreated') },
      ] as unknown as MSKRecord['headers'],
    };
    byPartition[partitionId(topic, partition)]!.push(record);
    records.push(record);
  }
  const event: MSKEvent = {
    eventSource: 'aws:kafka',
    eventSourceArn:
      'arn:aws:kafka:eu-west-1:123456789012:cluster/bench/abcd1234-0000-0000-0000-000000000000-1',
    bootstrapServers: 'b-1.bench.abcd12.c2.kafka.eu-west-1.amazonaws.com:9098',
    records: byPartition,
  };
  return { event, eventIds, records, jsonBytes: Buffer.byteLength(JSON.stringify(event)) };
}

/**
 * The same records (same topic, partition, offset, headers), as an earlier delivery would carry them.
 *
 * @example
 * await contender.invoke(subEvent(batch, pickDuplicates(batch.records.length, 0.3)));
 */
export function subEvent(batch: GeneratedBatch, indices: readonly number[]): MSKEvent {
  const records: Record<string, MSKRecord[]> = {};
  for (const i of [...indices].sort((a, b) => a - b)) {
    const record = batch.records[i]!;
    const key = partitionId(record.topic, record.partition);
    const list = records[key] ?? [];
    list.push(record);
    records[key] = list;
  }
  return { ...batch.event, records };
}

/**
 * `round(fraction * count)` distinct record indices, chosen with a fixed seed.
 *
 * @example
 * pickDuplicates(10, 0.3); // three indices, the same every run
 */
export function pickDuplicates(count: number, fraction: number, seed = 42): number[] {
  const indices = Array.from({ length: count }, (_, i) => i);
  const random = seededRandom(seed);
  for (let i = indices.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [indices[i], indices[j]] = [indices[j]!, indices[i]!];
  }
  return indices.slice(0, Math.round(count * fraction)).sort((a, b) => a - b);
}
