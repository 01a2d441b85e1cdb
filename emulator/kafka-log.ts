/**
 * An in-process Kafka log for local runs and tests: topics of partitions of records, each record
 * with an offset, a timestamp, an optional key, an optional value (none = tombstone) and byte
 * headers; consumer groups keep one committed offset per partition. Nothing touches the network.
 *
 * What it keeps from Kafka: records of one partition are totally ordered by offset; a record with a
 * key always lands in the same partition (murmur2 of the key, as the Java client's default
 * partitioner); a committed offset is "the next offset to read", so a group that committed 10 has
 * consumed 0..9. What it leaves out: replication, retention, compaction, transactions.
 */
import { partitionId } from '../lib/contract.ts';
import { KafkaLogError } from './errors.ts';

/** A header as Kafka carries it: a name and raw bytes. A name may repeat. */
export interface LogHeader {
  readonly name: string;
  readonly value: Buffer;
}

/** One stored record. */
export interface LogRecord {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  /** Milliseconds since the epoch (CREATE_TIME: set by the producer, or the append time when not given). */
  readonly timestamp: number;
  readonly key: Buffer | null;
  /** `null` is a tombstone. */
  readonly value: Buffer | null;
  readonly headers: readonly LogHeader[];
}

/** What a producer hands to {@link KafkaLog.append}. */
export interface AppendRequest {
  key?: Buffer | string | null;
  value?: Buffer | string | null;
  headers?: readonly LogHeader[];
  /** Force a partition; default: murmur2(key) % partitions, or round-robin without a key. */
  partition?: number;
  timestamp?: number;
}

interface Topic {
  readonly partitions: LogRecord[][];
  nextRoundRobin: number;
}

/**
 * An in-memory Kafka cluster.
 *
 * @example
 * const log = new KafkaLog();
 * log.createTopic('order-placed', 3);
 * const { partition, offset } = log.append('order-placed', { key: 'user-1', value: '{"stars":5}' });
 * log.read('order-placed', partition, offset, 10); // [the record]
 */
export class KafkaLog {
  readonly #topics = new Map<string, Topic>();
  /** group -> "topic-partition" -> next offset to read */
  readonly #committed = new Map<string, Map<string, number>>();

  /** Create a topic; creating an existing one with the same partition count is a no-op. */
  createTopic(name: string, partitions = 1): void {
    if (!name || /[^a-zA-Z0-9._-]/.test(name)) throw new KafkaLogError(`invalid topic name "${name}"`);
    if (!Number.isInteger(partitions) || partitions < 1) {
      throw new KafkaLogError(`topic ${name}: partitions must be a positive integer, got ${partitions}`);
    }
    const existing = this.#topics.get(name);
    if (existing) {
      if (existing.partitions.length !== partitions) {
        throw new KafkaLogError(
          `topic ${name} exists with ${existing.partitions.length} partitions, not ${partitions}`,
        );
      }
      return;
    }
    this.#topics.set(name, { partitions: Array.from({ length: partitions }, () => []), nextRoundRobin: 0 });
  }

  hasTopic(name: string): boolean {
    return this.#topics.has(name);
  }

  topics(): string[] {
    return [...this.#topics.keys()];
  }

  partitionCount(topic: string): number {
    return this.#topic(topic).partitions.length;
  }

  /** Append one record; returns where it landed. */
  append(topic: string, request: AppendRequest): LogRecord {
    const t = this.#topic(topic);
    const key = toBuffer(request.key);
    let partition = request.partition;
    if (partition === undefined) {
      partition =
        key === null
          ? t.nextRoundRobin++ % t.partitions.length
          : (murmur2(key) & 0x7fffffff) % t.partitions.length;
    }
    const records = t.partitions[partition];
    if (!records) throw new KafkaLogError(`topic ${topic} has no partition ${partition}`);
    const record: LogRecord = {
      topic,
      partition,
      offset: records.length,
      timestamp: request.timestamp ?? Date.now(),
      key,
      value: toBuffer(request.value),
      headers: (request.headers ?? []).map((h) => ({ name: h.name, value: Buffer.from(h.value) })),
    };
    records.push(record);
    return record;
  }

  /** Up to `max` records of one partition from `fromOffset` on, in offset order. */
  read(topic: string, partition: number, fromOffset: number, max = Number.POSITIVE_INFINITY): LogRecord[] {
    const records = this.#partition(topic, partition);
    if (!Number.isInteger(fromOffset) || fromOffset < 0) {
      throw new KafkaLogError(`${partitionId(topic, partition)}: invalid offset ${fromOffset}`);
    }
    return records.slice(fromOffset, fromOffset + max);
  }

  /** The record at one offset, or undefined. */
  get(topic: string, partition: number, offset: number): LogRecord | undefined {
    return this.#partition(topic, partition)[offset];
  }

  /** The offset the next appended record of the partition will get (the log-end offset). */
  endOffset(topic: string, partition: number): number {
    return this.#partition(topic, partition).length;
  }

  /** Every record of a topic, partition by partition. */
  all(topic: string): LogRecord[] {
    return this.#topic(topic).partitions.flat();
  }

  /** The group's committed offset (next to read) of a partition; 0 when it never committed. */
  committed(group: string, topic: string, partition: number): number {
    return this.committedOffset(group, topic, partition) ?? 0;
  }

  /** The group's committed offset of a partition, or undefined when it never committed one. */
  committedOffset(group: string, topic: string, partition: number): number | undefined {
    this.#partition(topic, partition);
    return this.#committed.get(group)?.get(partitionId(topic, partition));
  }

  /**
   * The first offset whose timestamp is at or after `timestampMs` (Kafka's offsetsForTimes), or the
   * log end when there is none.
   */
  offsetForTime(topic: string, partition: number, timestampMs: number): number {
    const records = this.#partition(topic, partition);
    const at = records.findIndex((r) => r.timestamp >= timestampMs);
    return at === -1 ? records.length : at;
  }

  /** Commit `nextOffset` (the first offset NOT yet consumed). Going backwards is allowed, as in Kafka. */
  commit(group: string, topic: string, partition: number, nextOffset: number): void {
    const end = this.endOffset(topic, partition);
    if (!Number.isInteger(nextOffset) || nextOffset < 0 || nextOffset > end) {
      throw new KafkaLogError(
        `${partitionId(topic, partition)}: cannot commit offset ${nextOffset} (log end ${end})`,
      );
    }
    let offsets = this.#committed.get(group);
    if (!offsets) {
      offsets = new Map();
      this.#committed.set(group, offsets);
    }
    offsets.set(partitionId(topic, partition), nextOffset);
  }

  /** Forget a group's offsets (kafka-consumer-groups --delete): it reads everything again. */
  deleteGroup(group: string): void {
    this.#committed.delete(group);
  }

  /** Records between the group's committed offset and the log end, over all partitions of a topic. */
  lag(group: string, topic: string): number {
    let lag = 0;
    for (let p = 0; p < this.partitionCount(topic); p++)
      lag += this.endOffset(topic, p) - this.committed(group, topic, p);
    return lag;
  }

  #topic(name: string): Topic {
    const topic = this.#topics.get(name);
    if (!topic) throw new KafkaLogError(`unknown topic "${name}"`);
    return topic;
  }

  #partition(topic: string, partition: number): LogRecord[] {
    const records = this.#topic(topic).partitions[partition];
    if (!records) throw new KafkaLogError(`topic ${topic} has no partition ${partition}`);
    return records;
  }
}

function toBuffer(value: Buffer | string | null | undefined): Buffer | null {
  if (value === null || value === undefined) return null;
  return Buffer.isBuffer(value) ? Buffer.from(value) : Buffer.from(value, 'utf8');
}

/**
 * Kafka's murmur2 (the Java client's `Utils.murmur2`), so that keys land where a real producer puts them.
 *
 * @example
 * (murmur2(Buffer.from('user-1')) & 0x7fffffff) % 3 // the partition of key "user-1" in a 3-partition topic
 */
export function murmur2(data: Buffer): number {
  const length = data.length;
  const seed = 0x9747b28c;
  const m = 0x5bd1e995;
  const r = 24;
  let h = (seed ^ length) | 0;
  const length4 = Math.floor(length / 4);
  for (let i = 0; i < length4; i++) {
    const i4 = i * 4;
    let k =
      (data[i4]! & 0xff) |
      ((data[i4 + 1]! & 0xff) << 8) |
      ((data[i4 + 2]! & 0xff) << 16) |
      ((data[i4 + 3]! & 0xff) << 24);
    k = Math.imul(k, m);
    k ^= k >>> r;
    k = Math.imul(k, m);
    h = Math.imul(h, m);
    h ^= k;
  }
  const rest = length % 4;
  const tail = length & ~3;
  if (rest === 3) h ^= (data[tail + 2]! & 0xff) << 16;
  if (rest >= 2) h ^= (data[tail + 1]! & 0xff) << 8;
  if (rest >= 1) {
    h ^= data[tail]! & 0xff;
    h = Math.imul(h, m);
  }
  h ^= h >>> 13;
  h = Math.imul(h, m);
  h ^= h >>> 15;
  return h | 0;
}
