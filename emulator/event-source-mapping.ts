/**
 * An event source mapping (ESM) for Kafka, in process: it polls the {@link KafkaLog}, invokes a
 * Lambda function ({@link LambdaInvoker}) with MSK events, commits offsets and writes failed records to an on-failure
 * topic, following AWS's documented rules (each rule below names its page, all under
 * https://docs.aws.amazon.com/lambda/latest/dg/):
 *
 * - with-msk.html / with-msk-configure.html: "Lambda reads messages sequentially for each Kafka topic
 *   partition. A single Lambda payload can contain messages from multiple partitions." Batches go up
 *   to BatchSize (1..10,000, default 100) records and the 6 MB synchronous payload limit. "After Lambda
 *   processes each batch, it commits the offsets of the messages in that batch. If your function
 *   returns an error for any of the messages in a batch, Lambda retries the whole batch."
 * - kafka-retry-configurations.html: MaximumRetryAttempts ("doesn't count the initial invocation";
 *   -1 = infinite; with infinite retries and an on-failure destination Lambda applies at most 10),
 *   MaximumRecordAgeInSeconds, BisectBatchOnFunctionError ("split the batch into two smaller batches and
 *   retry each separately"), and ReportBatchItemFailures: the answer
 *   `{batchItemFailures:[{itemIdentifier:{partition:'<topic>-<n>',offset:N}}]}`; "an empty valid JSON
 *   or null" = success; "any invalid topic-partition_number or offset returned that was not present in
 *   the invoked event will be treated as failure and entire batch will be retried".
 * - kafka-on-failure-destination.html / with-msk-on-failure.html: on exhaustion one message per failed
 *   record to the destination topic (see on-failure.ts), keyed with the record's key; the destination
 *   must not be a source topic.
 *
 * Where the docs are silent the emulator picks one reading and says so:
 * - a partially failed partition resumes from the LOWEST reported offset of that partition (the
 *   Kinesis rule, services-kinesis-batchfailurereporting.html); records before it are committed;
 * - retries are counted per record: a reported record is blamed alone (the records after it were not
 *   run); a function error blames every record of the batch. On exhaustion only the blamed records
 *   go to the destination; the rest of the partition is delivered again;
 * - splitting a batch does not count as a retry (as for Kinesis);
 * - without a destination, exhausted records are skipped (lost), as Lambda does, and counted.
 * - retries happen after `retryBackoffMs(attempt)`; AWS's own backoff is not documented. A waiting
 *   partition is not polled meanwhile (its order holds); the poller goes on with its other partitions.
 */
import type { MSKEvent } from 'aws-lambda';
import { formatPosition, partitionId } from '../lib/index.ts';
import { judgeInvocation } from './batch-response.ts';
import { MappingConfigurationError } from './errors.ts';
import type { KafkaLog, LogRecord } from './kafka-log.ts';
import type { LambdaInvoker } from './lambda-runtime.ts';
import { type ClusterIdentity, LOCAL_CLUSTER, mskRecordSize, toMskEvent } from './msk-event.ts';
import { type OnFailureCondition, onFailureMessage } from './on-failure.ts';
import { parsePartitionId } from './partition-id.ts';
import type { MappingSchemaRegistry } from './schema-registry-mapping.ts';

/** Lambda's synchronous invocation payload limit. */
export const MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;
/** Bytes of the event around the records (eventSource, ARN, bootstrapServers, braces). */
const EVENT_OVERHEAD_BYTES = 512;

export interface EventSourceMappingOptions {
  topics: string[];
  /** Default: the mapping's UUID-like name, as Lambda uses the ESM UUID as the consumer group id. */
  consumerGroup?: string;
  /** 1..10,000; default 100. */
  batchSize?: number;
  /** Default 6 MB. */
  maxPayloadBytes?: number;
  /** -1 (default) = infinite; 0..10,000. With an on-failure topic, infinite becomes 10. */
  maximumRetryAttempts?: number;
  /** -1 (default) = infinite; else 60..604,800 seconds. */
  maximumRecordAgeSeconds?: number;
  bisectBatchOnFunctionError?: boolean;
  /** FunctionResponseTypes: ['ReportBatchItemFailures']. Default true (msk-once handlers answer with it). */
  reportBatchItemFailures?: boolean;
  /** `kafka://<topic>` or `<topic>`: the on-failure destination topic (created if missing, 1 partition). */
  onFailureTopic?: string;
  cluster?: ClusterIdentity;
  /** Parallel pollers; partition p of every topic belongs to poller p % concurrency. Default 1. */
  concurrency?: number;
  /** Wait before retrying a failed record for the `attempt`-th time (1-based). Default: no wait. */
  retryBackoffMs?: (attempt: number) => number;
  /**
   * SchemaRegistryConfig (schema-registry-mapping.ts): records are validated against the registry
   * and delivered as JSON or SOURCE with their schema metadata; SCHEMA_NOT_FOUND and
   * DESERIALIZATION_ERROR records go to the on-failure topic without reaching the function.
   */
  schemaRegistry?: MappingSchemaRegistry;
  /** Fault injection: change the event before the function sees it (e.g. corrupt a record's base64). */
  mutateEvent?: (event: MSKEvent) => MSKEvent;
  /** Called after every invocation (progress bars, traces). */
  onInvocation?: (report: InvocationReport) => void;
}

/** What one invocation carried and how it ended. */
export interface InvocationReport {
  requestId: string;
  records: number;
  partitions: string[];
  outcome: 'success' | 'partial' | 'error';
  /** For 'error': why the whole batch failed. */
  error?: string;
  /** For 'partial': the reported failures. */
  failed?: { partition: string; offset: number }[];
  environmentDied?: boolean;
}

/** One record written to the on-failure topic (or skipped when there is none). */
export interface FailedRecord {
  topic: string;
  partition: number;
  offset: number;
  condition: OnFailureCondition;
  approximateInvokeCount: number;
  /** The emulator's own knowledge of the last error (not part of AWS's message). */
  lastError: string;
}

export interface MappingStats {
  invocations: number;
  functionErrors: number;
  invalidResponses: number;
  partialFailures: number;
  /** Records handed to the function, counting every delivery. */
  recordsDelivered: number;
  /** Deliveries of a record that had been delivered before (retries and redeliveries). */
  recordsRetried: number;
  batchesSplit: number;
  /** Polls held back because the schema registry did not answer (counted when a registry is set). */
  registryStalls?: number;
  /** Records sent to the destination, and records dropped because there was none. */
  sentToDestination: FailedRecord[];
  discarded: FailedRecord[];
}

interface Batch {
  /** A retry waits until then (ms since the epoch); other partitions go on meanwhile. */
  notBefore?: number;
  /** The schema registry step has run on these records (they are as the function gets them). */
  validated?: boolean;
  /** When the registry step first failed to get an answer for this batch. */
  stalledSince?: number;
  records: LogRecord[];
  /** Per topic-partition: the offset right after the range this batch covers (skipped records included). */
  ends: Map<string, number>;
}

interface PollerState {
  readonly index: number;
  readonly partitions: { topic: string; partition: number }[];
  position: Map<string, number>;
  pending: Batch[];
  rotate: number;
}

/**
 * The emulated event source mapping.
 *
 * @example
 * const esm = new EventSourceMapping(log, fn, { topics: ['review-created'], batchSize: 100,
 *   maximumRetryAttempts: 3, bisectBatchOnFunctionError: true, onFailureTopic: 'kafka://review-created-dlq' });
 * await esm.drain();            // until every record is committed (done or in the DLQ)
 * esm.stats.sentToDestination;  // what went to the DLQ and why
 */
export class EventSourceMapping {
  readonly stats: MappingStats = {
    invocations: 0,
    functionErrors: 0,
    invalidResponses: 0,
    partialFailures: 0,
    recordsDelivered: 0,
    recordsRetried: 0,
    batchesSplit: 0,
    sentToDestination: [],
    discarded: [],
  };
  readonly consumerGroup: string;
  readonly destination: string | undefined;
  readonly #log: KafkaLog;
  readonly #fn: LambdaInvoker<MSKEvent>;
  readonly #o: Required<
    Omit<
      EventSourceMappingOptions,
      'consumerGroup' | 'onFailureTopic' | 'onInvocation' | 'mutateEvent' | 'schemaRegistry'
    >
  > &
    Pick<EventSourceMappingOptions, 'onInvocation' | 'mutateEvent' | 'schemaRegistry'>;
  readonly #maxRetries: number;
  #pollers: PollerState[] = [];
  readonly #blamed = new Map<string, number>();
  readonly #invoked = new Map<string, number>();
  readonly #lastError = new Map<string, { requestId: string; error: string; functionError: boolean }>();

  constructor(log: KafkaLog, fn: LambdaInvoker<MSKEvent>, options: EventSourceMappingOptions) {
    this.#log = log;
    this.#fn = fn;
    this.#o = {
      topics: options.topics,
      batchSize: options.batchSize ?? 100,
      maxPayloadBytes: options.maxPayloadBytes ?? MAX_PAYLOAD_BYTES,
      maximumRetryAttempts: options.maximumRetryAttempts ?? -1,
      maximumRecordAgeSeconds: options.maximumRecordAgeSeconds ?? -1,
      bisectBatchOnFunctionError: options.bisectBatchOnFunctionError ?? false,
      reportBatchItemFailures: options.reportBatchItemFailures ?? true,
      cluster: options.cluster ?? LOCAL_CLUSTER,
      concurrency: options.concurrency ?? 1,
      retryBackoffMs: options.retryBackoffMs ?? (() => 0),
      onInvocation: options.onInvocation,
      mutateEvent: options.mutateEvent,
      schemaRegistry: options.schemaRegistry,
    };
    this.consumerGroup = options.consumerGroup ?? `esm-${fn.functionName}`;
    this.destination = options.onFailureTopic?.replace(/^kafka:\/\//, '');
    this.#validate();
    // kafka-on-failure-destination.html: infinite retries + a destination = at most 10 retries.
    const retries = this.#o.maximumRetryAttempts;
    this.#maxRetries = retries === -1 ? (this.destination ? 10 : Number.POSITIVE_INFINITY) : retries;
    if (this.destination && !log.hasTopic(this.destination)) log.createTopic(this.destination, 1);
    this.restart();
  }

  /**
   * Forget everything not committed (a poller restart or a rebalance): the next poll starts at each
   * partition's committed offset, so an uncommitted tail is delivered again.
   */
  restart(): void {
    const n = this.#o.concurrency;
    this.#pollers = Array.from({ length: n }, (_, index) => ({
      index,
      partitions: [],
      position: new Map(),
      pending: [],
      rotate: 0,
    }));
    for (const topic of this.#o.topics) {
      for (let p = 0; p < this.#log.partitionCount(topic); p++) {
        const poller = this.#pollers[p % n]!;
        poller.partitions.push({ topic, partition: p });
        poller.position.set(partitionId(topic, p), this.#log.committed(this.consumerGroup, topic, p));
      }
    }
  }

  /** Records not yet committed, over every source topic (the OffsetLag metric). */
  get offsetLag(): number {
    return this.#o.topics.reduce((sum, t) => sum + this.#log.lag(this.consumerGroup, t), 0);
  }

  /** Records not yet committed on the most lagging partition (the ESM's MaxOffsetLag metric). */
  get maxOffsetLag(): number {
    let max = 0;
    for (const topic of this.#o.topics) {
      for (let p = 0; p < this.#log.partitionCount(topic); p++) {
        const lag = this.#log.endOffset(topic, p) - this.#log.committed(this.consumerGroup, topic, p);
        if (lag > max) max = lag;
      }
    }
    return max;
  }

  /**
   * Poll and invoke until every partition is committed up to the log end (new records appended
   * meanwhile are taken too). Throws when `maxInvocations` is reached first (a poison record with
   * infinite retries and no destination never drains, as in AWS).
   */
  async drain(options: { maxInvocations?: number } = {}): Promise<void> {
    const limit = options.maxInvocations ?? 100_000;
    const start = this.stats.invocations;
    await Promise.all(
      this.#pollers.map(async (poller) => {
        for (;;) {
          if (this.stats.invocations - start >= limit) {
            throw new Error(
              `event source mapping did not drain within ${limit} invocations (offset lag ${this.offsetLag})`,
            );
          }
          const batch = await this.#next(poller);
          if (!batch) return;
          await this.#deliver(poller, batch);
        }
      }),
    );
  }

  /** Run exactly one invocation (of the first poller with work); false when there was nothing to do. */
  async step(): Promise<boolean> {
    for (const poller of this.#pollers) {
      const batch = await this.#next(poller);
      if (batch) {
        await this.#deliver(poller, batch);
        return true;
      }
    }
    return false;
  }

  /**
   * The poller's next batch: a retry whose wait is over, else fresh records of the partitions that
   * have no retry waiting, else (only waiting retries left) the first retry once its wait is over.
   * Undefined when the poller's partitions are all committed up to the log end.
   */
  async #next(poller: PollerState): Promise<Batch | undefined> {
    for (;;) {
      const ready = poller.pending.findIndex((b) => (b.notBefore ?? 0) <= Date.now());
      let batch = ready >= 0 ? poller.pending.splice(ready, 1)[0] : this.#poll(poller);
      while (batch && batch.records.length === 0) {
        this.#commit(batch.ends);
        batch = this.#poll(poller);
      }
      if (batch && !(await this.#validateSchemas(poller, batch))) continue;
      if (batch && batch.records.length === 0) {
        // Every record went to the destination at the registry step: nothing to invoke with.
        this.#commit(batch.ends);
        continue;
      }
      if (batch) return batch;
      if (poller.pending.length === 0) return undefined;
      const wake = Math.min(...poller.pending.map((b) => b.notBefore ?? 0));
      await new Promise((r) => setTimeout(r, Math.max(1, wake - Date.now())));
    }
  }

  /**
   * Run the schema registry step once per batch: failed records go to the destination now, the rest
   * are replaced by what the function gets. False when the registry did not answer: the batch waits.
   */
  async #validateSchemas(poller: PollerState, batch: Batch): Promise<boolean> {
    const step = this.#o.schemaRegistry;
    if (!step || batch.validated) return true;
    const verdicts: Awaited<ReturnType<MappingSchemaRegistry['deliver']>>[] = [];
    try {
      for (const record of batch.records) verdicts.push(await step.deliver(record));
    } catch (error) {
      batch.stalledSince ??= Date.now();
      if (Date.now() - batch.stalledSince > step.maxStallMs) {
        throw new Error(
          `the schema registry did not answer for ${step.maxStallMs} ms: ${(error as Error).message}`,
        );
      }
      this.stats.registryStalls = (this.stats.registryStalls ?? 0) + 1;
      batch.notBefore = Date.now() + step.retryMs;
      poller.pending.unshift(batch);
      return false;
    }
    const delivered: LogRecord[] = [];
    verdicts.forEach((verdict, i) => {
      if (verdict.ok) delivered.push(verdict.record);
      else this.#fail(batch.records[i]!, verdict.condition, verdict.why);
    });
    batch.records = delivered;
    batch.validated = true;
    return true;
  }

  #validate(): void {
    const o = this.#o;
    if (!Number.isInteger(o.batchSize) || o.batchSize < 1 || o.batchSize > 10_000) {
      throw new MappingConfigurationError(`batchSize must be 1..10000 (with-msk.html), got ${o.batchSize}`);
    }
    const r = o.maximumRetryAttempts;
    if (!Number.isInteger(r) || r < -1 || r > 10_000) {
      throw new MappingConfigurationError(`maximumRetryAttempts must be -1 or 0..10000, got ${r}`);
    }
    const age = o.maximumRecordAgeSeconds;
    if (age !== -1 && (!Number.isInteger(age) || age < 60 || age > 604_800)) {
      throw new MappingConfigurationError(`maximumRecordAgeSeconds must be -1 or 60..604800, got ${age}`);
    }
    if (this.destination && o.topics.includes(this.destination)) {
      throw new MappingConfigurationError(
        `on-failure topic ${this.destination} is also a source topic: Lambda blocks this to prevent loops (kafka-on-failure-destination.html)`,
      );
    }
    for (const topic of o.topics) {
      if (!this.#log.hasTopic(topic))
        throw new MappingConfigurationError(`source topic ${topic} does not exist`);
    }
  }

  /** Take the next batch of fresh records: up to batchSize records and the payload limit. */
  #poll(poller: PollerState): Batch | undefined {
    const records: LogRecord[] = [];
    const ends = new Map<string, number>();
    let bytes = EVENT_OVERHEAD_BYTES;
    const parts = poller.partitions;
    // A partition with a retry waiting is not polled: its records stay in offset order.
    const blocked = new Set(poller.pending.flatMap((b) => [...b.ends.keys()]));
    let full = false;
    for (let i = 0; i < parts.length && !full; i++) {
      const { topic, partition } = parts[(poller.rotate + i) % parts.length]!;
      const tp = partitionId(topic, partition);
      if (blocked.has(tp)) continue;
      let position = poller.position.get(tp)!;
      const available = this.#log.read(topic, partition, position, this.#o.batchSize - records.length);
      for (const record of available) {
        const size = mskRecordSize(record);
        if (this.#tooOld(record)) {
          this.#fail(record, 'RecordAgeExceeded', 'older than MaximumRecordAgeInSeconds');
        } else if (size + EVENT_OVERHEAD_BYTES > this.#o.maxPayloadBytes) {
          this.#fail(
            record,
            'MaximumPayloadSizeExceeded',
            `record is ${size} bytes in the event, over the ${this.#o.maxPayloadBytes}-byte payload limit`,
          );
        } else if (bytes + size > this.#o.maxPayloadBytes) {
          full = true;
          break;
        } else {
          bytes += size;
          records.push(record);
        }
        position = record.offset + 1;
      }
      if (position !== poller.position.get(tp)) {
        poller.position.set(tp, position);
        ends.set(tp, position);
      }
      if (records.length >= this.#o.batchSize) full = true;
    }
    poller.rotate++;
    if (ends.size === 0) return undefined;
    return { records, ends };
  }

  #tooOld(record: LogRecord): boolean {
    const age = this.#o.maximumRecordAgeSeconds;
    return age !== -1 && Date.now() - record.timestamp > age * 1000;
  }

  async #deliver(poller: PollerState, batch: Batch): Promise<void> {
    const event = toMskEvent(batch.records, this.#o.cluster);
    for (const record of batch.records) {
      const key = recordKey(record);
      const before = this.#invoked.get(key) ?? 0;
      if (before > 0) this.stats.recordsRetried++;
      this.#invoked.set(key, before + 1);
    }
    this.stats.invocations++;
    this.stats.recordsDelivered += batch.records.length;
    const result = await this.#fn.invoke(
      this.#o.mutateEvent ? this.#o.mutateEvent(structuredClone(event)) : event,
    );
    const verdict = judgeInvocation(event, result, this.#o.reportBatchItemFailures);
    const partitions = Object.keys(event.records);
    if (verdict.kind === 'success') {
      this.#commit(batch.ends);
      this.#report({
        requestId: result.requestId,
        records: batch.records.length,
        partitions,
        outcome: 'success',
      });
      return;
    }
    if (verdict.kind === 'partial') {
      this.stats.partialFailures++;
      this.#report({
        requestId: result.requestId,
        records: batch.records.length,
        partitions,
        outcome: 'partial',
        failed: verdict.failed,
      });
      await this.#onPartial(poller, batch, verdict.lowest, result.requestId);
      return;
    }
    this.stats.functionErrors++;
    if (verdict.invalid) this.stats.invalidResponses++;
    this.#report({
      requestId: result.requestId,
      records: batch.records.length,
      partitions,
      outcome: 'error',
      error: verdict.error,
      environmentDied: !result.ok && result.environmentDied,
    });
    await this.#onFunctionError(poller, batch, verdict.error, result.requestId);
  }

  #report(report: InvocationReport): void {
    this.#o.onInvocation?.(report);
  }

  async #onPartial(
    poller: PollerState,
    batch: Batch,
    lowest: Map<string, number>,
    requestId: string,
  ): Promise<void> {
    const retry: Batch = { records: [], ends: new Map(), validated: batch.validated };
    const commits = new Map<string, number>();
    let attempt = 0;
    for (const [tp, end] of batch.ends) {
      const failedAt = lowest.get(tp);
      if (failedAt === undefined) {
        commits.set(tp, end);
        continue;
      }
      const rest = batch.records.filter(
        (r) => partitionId(r.topic, r.partition) === tp && r.offset >= failedAt,
      );
      const head = rest[0]!;
      const key = recordKey(head);
      const blamed = (this.#blamed.get(key) ?? 0) + 1;
      this.#blamed.set(key, blamed);
      this.#lastError.set(key, { requestId, error: 'reported in batchItemFailures', functionError: false });
      if (blamed > this.#maxRetries) {
        this.#fail(head, 'RetryAttemptsExhausted');
        rest.shift();
        commits.set(tp, head.offset + 1);
      } else {
        commits.set(tp, failedAt);
        attempt = Math.max(attempt, blamed);
      }
      if (rest.length > 0) {
        retry.records.push(...rest);
        retry.ends.set(tp, end);
      } else {
        commits.set(tp, end);
      }
    }
    this.#commit(commits);
    if (retry.records.length > 0) {
      retry.notBefore = this.#retryAt(attempt);
      poller.pending.unshift(retry);
    }
  }

  async #onFunctionError(poller: PollerState, batch: Batch, error: string, requestId: string): Promise<void> {
    let attempt = 0;
    for (const record of batch.records) {
      this.#lastError.set(recordKey(record), { requestId, error, functionError: true });
    }
    if (this.#o.bisectBatchOnFunctionError && batch.records.length > 1) {
      // Splitting is not a retry: the halves are tried next, first half first (offset order).
      this.stats.batchesSplit++;
      const half = Math.ceil(batch.records.length / 2);
      const first = batch.records.slice(0, half);
      const second = batch.records.slice(half);
      const firstEnds = new Map<string, number>();
      for (const r of first) firstEnds.set(partitionId(r.topic, r.partition), r.offset + 1);
      const secondEnds = new Map<string, number>();
      for (const [tp, end] of batch.ends) {
        if (second.some((r) => partitionId(r.topic, r.partition) === tp) || !firstEnds.has(tp))
          secondEnds.set(tp, end);
        else firstEnds.set(tp, end);
      }
      poller.pending.unshift(
        { records: first, ends: firstEnds, validated: batch.validated },
        { records: second, ends: secondEnds, validated: batch.validated },
      );
      return;
    }
    let exhausted = false;
    for (const record of batch.records) {
      const key = recordKey(record);
      const blamed = (this.#blamed.get(key) ?? 0) + 1;
      this.#blamed.set(key, blamed);
      attempt = Math.max(attempt, blamed);
      if (blamed > this.#maxRetries) exhausted = true;
    }
    if (exhausted) {
      for (const record of batch.records) this.#fail(record, 'RetryAttemptsExhausted');
      this.#commit(batch.ends);
      return;
    }
    batch.notBefore = this.#retryAt(attempt);
    poller.pending.unshift(batch);
  }

  #retryAt(attempt: number): number {
    return Date.now() + (attempt > 0 ? this.#o.retryBackoffMs(attempt) : 0);
  }

  /** Send one record to the destination (or count it skipped): it is done for the mapping. */
  #fail(record: LogRecord, condition: OnFailureCondition, why?: string): void {
    const key = recordKey(record);
    const last = this.#lastError.get(key);
    const failed: FailedRecord = {
      topic: record.topic,
      partition: record.partition,
      offset: record.offset,
      condition,
      approximateInvokeCount: this.#invoked.get(key) ?? 0,
      lastError: why ?? last?.error ?? condition,
    };
    if (!this.destination) {
      this.stats.discarded.push(failed);
      return;
    }
    const message = onFailureMessage({
      record,
      cluster: this.#o.cluster,
      functionArn: this.#fn.arn,
      condition,
      requestId: last?.requestId ?? '',
      approximateInvokeCount: failed.approximateInvokeCount,
      functionError: last?.functionError ?? false,
    });
    this.#log.append(this.destination, {
      key: record.key,
      value: JSON.stringify(message),
      // Emulator-only header, so that a local triage can say why; AWS's message has no error text.
      headers: [{ name: 'x-emulator-last-error', value: Buffer.from(failed.lastError.slice(0, 1000)) }],
    });
    this.stats.sentToDestination.push(failed);
  }

  #commit(offsets: Map<string, number>): void {
    for (const [tp, next] of offsets) {
      const { topic, partition } = parsePartitionId(tp);
      if (next > this.#log.committed(this.consumerGroup, topic, partition)) {
        this.#log.commit(this.consumerGroup, topic, partition, next);
      }
    }
  }
}

function recordKey(record: LogRecord): string {
  return formatPosition(record);
}
