/**
 * An event source mapping (ESM) for Kafka, in process: it polls the {@link KafkaLog}, invokes a
 * Lambda function ({@link LambdaInvoker}) with MSK events, commits offsets and sends failed records
 * to an on-failure destination. docs/emulator.md has one row per rule: what AWS documents (quoted,
 * with its page), what the emulator does, and whether that is documented behaviour or the
 * emulator's labelled choice. In short (pages under https://docs.aws.amazon.com/lambda/latest/dg/):
 *
 * - with-msk.html: "Lambda reads messages sequentially for each Kafka topic partition. A single
 *   Lambda payload can contain messages from multiple partitions." Batches go up to BatchSize and
 *   the 6 MB payload; an invocation starts when the batch is full or the batching window (500 ms by
 *   default for Kafka, invocation-eventsourcemapping.html) has passed since the first record.
 *   "After Lambda processes each batch, it commits the offsets of the messages in that batch."
 * - kafka-retry-configurations.html: retries, record age (checked before every attempt), split on
 *   error and partial batch responses, only in provisioned mode (mapping-options.ts); the answer
 *   format and its validity rules (batch-response.ts).
 * - kafka-on-failure-destination.html / with-msk-on-failure.html: what the destination receives
 *   (on-failure.ts), and that it must exist (destinations.ts).
 *
 * Where the pages are silent the emulator takes a named option with both behaviours, the most
 * conservative by default (mapping-options.ts): how a partial response is read, whether a split
 * counts as a retry, the backoff, the exhausted condition's word.
 */
import { randomUUID } from 'node:crypto';
import type { MSKEvent } from 'aws-lambda';
import { formatPosition, partitionId } from '../lib/index.ts';
import { judgeInvocation } from './batch-response.ts';
import { MappingConfigurationError, RecordTooLargeError } from './errors.ts';
import type { KafkaLog, LogRecord } from './kafka-log.ts';
import type { LambdaInvoker } from './lambda-runtime.ts';
import {
  type EventSourceMappingOptions,
  type InvocationReport,
  type ResolvedMappingOptions,
  resolveMappingOptions,
} from './mapping-options.ts';
import { LOCAL_CLUSTER, mskRecordSize, toMskEvent } from './msk-event.ts';
import { batchOnFailureRecord, type OnFailureCondition, onFailureMessage } from './on-failure.ts';
import { parsePartitionId } from './partition-id.ts';
import type { MappingSchemaRegistry } from './schema-registry-mapping.ts';

/** Lambda's synchronous invocation payload limit. */
export const MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;
/** Bytes of the event around the records (eventSource, ARN, bootstrapServers, braces). */
const EVENT_OVERHEAD_BYTES = 512;

/** One record that left the mapping without succeeding: sent to the destination, discarded or lost. */
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
  /** Records past MaximumRecordAgeInSeconds when an attempt was due. */
  recordsExpired: number;
  /** Records written to the on-failure destination. */
  sentToDestination: FailedRecord[];
  /** Records dropped because the mapping has no destination (Lambda discards them and goes on). */
  discarded: FailedRecord[];
  /** Records lost because the destination does not exist: the send failed, the offsets moved on. */
  undeliverable: FailedRecord[];
  /** AWS's `DestinationDeliveryFailures` metric: sends to the destination that failed (one per message). */
  destinationDeliveryFailures: number;
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
  /** When the first record of the next batch was seen (the batching window runs from there). */
  windowOpenedAt: number | undefined;
  /** Partitions that cannot go past a record too large for any event (and no destination to take it). */
  stuck: Map<string, LogRecord>;
}

/**
 * The emulated event source mapping.
 *
 * @example
 * const esm = new EventSourceMapping(log, fn, { topics: ['review-created'], batchSize: 100,
 *   provisionedPollers: {}, functionResponseTypes: ['ReportBatchItemFailures'], maximumRetryAttempts: 3,
 *   bisectBatchOnFunctionError: true, onFailureDestination: 'kafka://review-created-dlq' });
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
    recordsExpired: 0,
    sentToDestination: [],
    discarded: [],
    undeliverable: [],
    destinationDeliveryFailures: 0,
  };
  /** The mapping's UUID (it names the S3 objects of an S3 destination). */
  readonly uuid = randomUUID();
  readonly consumerGroup: string;
  /** The on-failure destination as configured (`kafka://<topic>` or an ARN). */
  readonly destination: string | undefined;
  readonly #log: KafkaLog;
  readonly #fn: LambdaInvoker<MSKEvent>;
  readonly #o: ResolvedMappingOptions;
  /** Where each partition starts when its group has no committed offset (StartingPosition). */
  readonly #start = new Map<string, number>();
  #pollers: PollerState[] = [];
  readonly #blamed = new Map<string, number>();
  readonly #invoked = new Map<string, number>();
  readonly #lastError = new Map<string, { requestId: string; error: string; functionError: boolean }>();

  constructor(log: KafkaLog, fn: LambdaInvoker<MSKEvent>, options: EventSourceMappingOptions) {
    this.#log = log;
    this.#fn = fn;
    this.#o = resolveMappingOptions(options, options.cluster ?? LOCAL_CLUSTER);
    for (const topic of this.#o.topics) {
      if (!log.hasTopic(topic)) throw new MappingConfigurationError(`source topic ${topic} does not exist`);
    }
    this.consumerGroup = options.consumerGroup ?? `esm-${fn.functionName}`;
    this.destination = this.#o.destination?.text;
    // kafka-starting-positions.html: LATEST "starts reading just after the most recent record",
    // TRIM_HORIZON "from the last untrimmed record" (this log trims nothing: offset 0), AT_TIMESTAMP
    // "from a position defined by a timestamp, in Unix time seconds". Resolved once, when the
    // mapping is created.
    for (const topic of this.#o.topics) {
      for (let p = 0; p < log.partitionCount(topic); p++) {
        const tp = partitionId(topic, p);
        if (this.#o.startingPosition === 'LATEST') this.#start.set(tp, log.endOffset(topic, p));
        else if (this.#o.startingPosition === 'AT_TIMESTAMP')
          this.#start.set(tp, log.offsetForTime(topic, p, this.#o.startingPositionTimestamp! * 1000));
        else this.#start.set(tp, 0);
      }
    }
    this.restart();
  }

  /**
   * Forget everything not committed (a poller restart or a rebalance): the next poll starts at each
   * partition's committed offset (or its starting position), so an uncommitted tail is delivered again.
   */
  restart(): void {
    const n = this.#o.concurrency;
    this.#pollers = Array.from({ length: n }, (_, index) => ({
      index,
      partitions: [],
      position: new Map(),
      pending: [],
      rotate: 0,
      windowOpenedAt: undefined,
      stuck: new Map(),
    }));
    for (const topic of this.#o.topics) {
      for (let p = 0; p < this.#log.partitionCount(topic); p++) {
        const poller = this.#pollers[p % n]!;
        poller.partitions.push({ topic, partition: p });
        poller.position.set(partitionId(topic, p), this.#committedOrStart(topic, p));
      }
    }
  }

  /** Records between the committed offset (or starting position) and the log end (the OffsetLag metric). */
  get offsetLag(): number {
    let lag = 0;
    for (const topic of this.#o.topics) {
      for (let p = 0; p < this.#log.partitionCount(topic); p++)
        lag += this.#log.endOffset(topic, p) - this.#committedOrStart(topic, p);
    }
    return lag;
  }

  /** Records not yet committed on the most lagging partition (the ESM's MaxOffsetLag metric). */
  get maxOffsetLag(): number {
    let max = 0;
    for (const topic of this.#o.topics) {
      for (let p = 0; p < this.#log.partitionCount(topic); p++) {
        const lag = this.#log.endOffset(topic, p) - this.#committedOrStart(topic, p);
        if (lag > max) max = lag;
      }
    }
    return max;
  }

  /**
   * Poll and invoke until every partition is committed up to the log end (new records appended
   * meanwhile are taken too). Throws when `maxInvocations` is reached first (a poison record with
   * infinite retries and no destination never drains, as in AWS), and at the end when a partition
   * is stuck behind a record too large for any event ({@link RecordTooLargeError}).
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
    const stuck = this.#pollers.flatMap((p) => [...p.stuck.values()]);
    if (stuck.length > 0) throw new RecordTooLargeError(stuck, this.#o.maxPayloadBytes);
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

  #committedOrStart(topic: string, partition: number): number {
    return (
      this.#log.committedOffset(this.consumerGroup, topic, partition) ??
      this.#start.get(partitionId(topic, partition))!
    );
  }

  /**
   * The poller's next batch: a retry whose wait is over, else fresh records of the partitions that
   * have no retry waiting once the batch is full or its batching window has passed, else (only
   * waits left) whatever comes first. Undefined when there is nothing left to deliver.
   */
  async #next(poller: PollerState): Promise<Batch | undefined> {
    for (;;) {
      const now = Date.now();
      const ready = poller.pending.findIndex((b) => (b.notBefore ?? 0) <= now);
      if (ready >= 0) {
        const retry = poller.pending.splice(ready, 1)[0]!;
        if (await this.#validateSchemas(poller, retry)) return retry;
        continue;
      }
      let wake = Number.POSITIVE_INFINITY;
      const waiting = this.#waiting(poller);
      if (waiting !== 'none') {
        poller.windowOpenedAt ??= now;
        const windowEnds = poller.windowOpenedAt + this.#o.batchingWindowMs;
        if (waiting === 'full' || now >= windowEnds) {
          poller.windowOpenedAt = undefined;
          const batch = this.#poll(poller);
          if (!batch || !(await this.#validateSchemas(poller, batch))) continue;
          if (batch.records.length > 0) return batch;
          this.#commit(batch.ends); // every record of it went to the destination
          continue;
        }
        wake = windowEnds;
      }
      for (const b of poller.pending) wake = Math.min(wake, b.notBefore ?? 0);
      if (wake === Number.POSITIVE_INFINITY) return undefined;
      await new Promise((r) => setTimeout(r, Math.max(1, wake - Date.now())));
    }
  }

  /**
   * Run the schema registry step once per batch (schema-registry-mapping.ts): failed records go to
   * the destination now, the rest are replaced by what the function gets. False when the registry
   * did not answer: the batch waits (its partitions stay blocked).
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
      else this.#sendToDestination([batch.records[i]!], verdict.condition, verdict.why);
    });
    batch.records = delivered;
    batch.validated = true;
    return true;
  }

  /** Partitions the poller may take fresh records from: no retry waiting, not stuck. */
  #open(poller: PollerState): { topic: string; partition: number; tp: string }[] {
    const blocked = new Set(poller.pending.flatMap((b) => [...b.ends.keys()]));
    const open: { topic: string; partition: number; tp: string }[] = [];
    for (const { topic, partition } of poller.partitions) {
      const tp = partitionId(topic, partition);
      if (!blocked.has(tp) && !poller.stuck.has(tp)) open.push({ topic, partition, tp });
    }
    return open;
  }

  /** Whether fresh records wait, and whether they already fill a batch (count or payload). */
  #waiting(poller: PollerState): 'none' | 'partial' | 'full' {
    const open = this.#open(poller);
    let available = 0;
    for (const { topic, partition, tp } of open)
      available += this.#log.endOffset(topic, partition) - poller.position.get(tp)!;
    if (available === 0) return 'none';
    if (available >= this.#o.batchSize || this.#o.batchingWindowMs === 0) return 'full';
    let bytes = EVENT_OVERHEAD_BYTES;
    for (const { topic, partition, tp } of open) {
      for (const record of this.#log.read(topic, partition, poller.position.get(tp)!)) {
        bytes += mskRecordSize(record);
        if (bytes > this.#o.maxPayloadBytes) return 'full';
      }
    }
    return 'partial';
  }

  /** Take the next batch of fresh records: up to batchSize records and the payload limit. */
  #poll(poller: PollerState): Batch | undefined {
    const records: LogRecord[] = [];
    const ends = new Map<string, number>();
    let bytes = EVENT_OVERHEAD_BYTES;
    const parts = this.#open(poller);
    let full = false;
    for (let i = 0; i < parts.length && !full; i++) {
      const { topic, partition, tp } = parts[(poller.rotate + i) % parts.length]!;
      let position = poller.position.get(tp)!;
      const available = this.#log.read(topic, partition, position, this.#o.batchSize - records.length);
      for (const record of available) {
        const size = mskRecordSize(record);
        if (size + EVENT_OVERHEAD_BYTES > this.#o.maxPayloadBytes) {
          if (!this.#o.destination) {
            // No destination to take it: the partition stops here rather than skip it (a labelled choice).
            poller.stuck.set(tp, record);
            break;
          }
          this.#sendToDestination(
            [record],
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

  #tooOld(record: LogRecord, now: number): boolean {
    const age = this.#o.maximumRecordAgeSeconds;
    return age !== -1 && now - record.timestamp > age * 1000;
  }

  async #deliver(poller: PollerState, batch: Batch): Promise<void> {
    // kafka-retry-configurations.html: "The maximum age of a record that Lambda sends to your
    // function": checked before every attempt, retries included.
    if (this.#o.maximumRecordAgeSeconds !== -1) {
      const now = Date.now();
      const old = batch.records.filter((r) => this.#tooOld(r, now));
      if (old.length > 0) {
        this.stats.recordsExpired += old.length;
        this.#sendToDestination(
          old,
          'RecordAgeExceeded',
          `older than MaximumRecordAgeInSeconds (${this.#o.maximumRecordAgeSeconds} s)`,
        );
        batch.records = batch.records.filter((r) => !old.includes(r));
        if (batch.records.length === 0) {
          this.#commit(batch.ends);
          return;
        }
      }
    }
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
      if (this.#o.partialResponseReading === 'resume-from-lowest')
        this.#resumeFromLowest(poller, batch, verdict.lowest, result.requestId);
      else this.#retryReportedOnly(poller, batch, verdict.failed, result.requestId);
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
    this.#onFunctionError(poller, batch, verdict.error, result.requestId);
  }

  #report(report: InvocationReport): void {
    this.#o.onInvocation?.(report);
  }

  /** Count one more failed attempt of a record and remember why; returns the count. */
  #blame(record: LogRecord, requestId: string, error: string, functionError: boolean): number {
    const key = recordKey(record);
    const blamed = (this.#blamed.get(key) ?? 0) + 1;
    this.#blamed.set(key, blamed);
    this.#lastError.set(key, { requestId, error, functionError });
    return blamed;
  }

  /**
   * `resume-from-lowest`: per partition, the lowest reported record is blamed (the later ones are
   * delivered again whatever the answer said of them); the records before it commit.
   */
  #resumeFromLowest(poller: PollerState, batch: Batch, lowest: Map<string, number>, requestId: string): void {
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
      const blamed = this.#blame(head, requestId, 'reported in batchItemFailures', false);
      if (blamed > this.#o.maxRetries) {
        this.#sendToDestination([head], this.#exhausted());
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
    this.#retryLater(poller, retry, attempt);
  }

  /**
   * `retry-reported-only`: the reported records are blamed and retried (in offset order, their
   * partition waits for them); every other record of the batch is a success and commits.
   */
  #retryReportedOnly(
    poller: PollerState,
    batch: Batch,
    failed: { partition: string; offset: number }[],
    requestId: string,
  ): void {
    const reported = new Map<string, Set<number>>();
    for (const f of failed) {
      const offsets = reported.get(f.partition) ?? new Set<number>();
      reported.set(f.partition, offsets.add(f.offset));
    }
    const retry: Batch = { records: [], ends: new Map(), validated: batch.validated };
    const commits = new Map<string, number>();
    let attempt = 0;
    for (const [tp, end] of batch.ends) {
      const offsets = reported.get(tp);
      const again: LogRecord[] = [];
      const exhausted: LogRecord[] = [];
      for (const record of batch.records) {
        if (!offsets?.has(record.offset) || partitionId(record.topic, record.partition) !== tp) continue;
        const blamed = this.#blame(record, requestId, 'reported in batchItemFailures', false);
        if (blamed > this.#o.maxRetries) exhausted.push(record);
        else {
          again.push(record);
          attempt = Math.max(attempt, blamed);
        }
      }
      if (exhausted.length > 0) this.#sendToDestination(exhausted, this.#exhausted());
      if (again.length > 0) {
        retry.records.push(...again);
        retry.ends.set(tp, end);
        commits.set(tp, again[0]!.offset);
      } else {
        commits.set(tp, end);
      }
    }
    this.#commit(commits);
    this.#retryLater(poller, retry, attempt);
  }

  #onFunctionError(poller: PollerState, batch: Batch, error: string, requestId: string): void {
    const split = this.#o.bisectBatchOnFunctionError && batch.records.length > 1;
    let attempt = 0;
    let records = batch.records;
    if (!split || this.#o.bisectCountsAsRetry) {
      const exhausted: LogRecord[] = [];
      for (const record of records) {
        const blamed = this.#blame(record, requestId, error, true);
        attempt = Math.max(attempt, blamed);
        if (blamed > this.#o.maxRetries) exhausted.push(record);
      }
      if (exhausted.length > 0) {
        // Without a split the batch fails as one: all of it goes; with a split only the used-up records.
        const gone = split ? exhausted : records;
        this.#sendToDestination(gone, this.#exhausted());
        records = records.filter((r) => !gone.includes(r));
        if (records.length === 0) {
          this.#commit(batch.ends);
          return;
        }
      }
    } else {
      for (const record of records)
        this.#lastError.set(recordKey(record), { requestId, error, functionError: true });
    }
    if (!split || records.length < 2) {
      this.#retryLater(poller, { records, ends: batch.ends, validated: batch.validated }, attempt);
      return;
    }
    // kafka-retry-configurations.html: "split the batch into two smaller batches and retry each
    // separately"; the halves come next, first half first (offset order).
    this.stats.batchesSplit++;
    const half = Math.ceil(records.length / 2);
    const first = records.slice(0, half);
    const second = records.slice(half);
    const firstEnds = new Map<string, number>();
    for (const r of first) firstEnds.set(partitionId(r.topic, r.partition), r.offset + 1);
    const secondEnds = new Map<string, number>();
    for (const [tp, end] of batch.ends) {
      if (second.some((r) => partitionId(r.topic, r.partition) === tp) || !firstEnds.has(tp))
        secondEnds.set(tp, end);
      else firstEnds.set(tp, end);
    }
    const notBefore = this.#retryAt(attempt);
    poller.pending.unshift(
      { records: first, ends: firstEnds, notBefore, validated: batch.validated },
      { records: second, ends: secondEnds, notBefore, validated: batch.validated },
    );
  }

  #retryLater(poller: PollerState, retry: Batch, attempt: number): void {
    if (retry.records.length === 0) return;
    retry.notBefore = this.#retryAt(attempt);
    poller.pending.unshift(retry);
  }

  #retryAt(attempt: number): number {
    return Date.now() + (attempt > 0 ? this.#o.retryBackoffMs(attempt) : 0);
  }

  /** The exhausted condition's word for this mapping's destination. */
  #exhausted(): OnFailureCondition {
    const name = this.#o.exhaustedConditionName;
    if (name !== 'per-destination-page') return name;
    // kafka-on-failure-destination.html's example says RetriesExhausted; with-msk-on-failure.html
    // (SQS, SNS, S3) says RetryAttemptsExhausted.
    return this.#o.destination?.kind === 'kafka' ? 'RetriesExhausted' : 'RetryAttemptsExhausted';
  }

  /**
   * The records are done for the mapping: write them to the destination (Kafka: one message each;
   * SQS, SNS, S3: one document for the group), or count them discarded (no destination) or lost
   * (the destination does not exist: a DestinationDeliveryFailures).
   */
  #sendToDestination(records: LogRecord[], condition: OnFailureCondition, why?: string): void {
    const failed = records.map((record): FailedRecord => {
      const key = recordKey(record);
      return {
        topic: record.topic,
        partition: record.partition,
        offset: record.offset,
        condition,
        approximateInvokeCount: this.#invoked.get(key) ?? 0,
        lastError: why ?? this.#lastError.get(key)?.error ?? condition,
      };
    });
    const destination = this.#o.destination;
    if (!destination) {
      this.stats.discarded.push(...failed);
      return;
    }
    const version = this.#fn.version ?? '$LATEST';
    if (destination.kind === 'kafka') {
      if (!this.#log.hasTopic(destination.topic)) {
        this.stats.destinationDeliveryFailures += records.length;
        this.stats.undeliverable.push(...failed);
        return;
      }
      records.forEach((record, i) => {
        const last = this.#lastError.get(recordKey(record));
        const message = onFailureMessage({
          record,
          cluster: this.#o.cluster,
          functionArn: `${this.#fn.arn}:${version}`,
          executedVersion: version,
          condition,
          requestId: last?.requestId ?? '',
          approximateInvokeCount: failed[i]!.approximateInvokeCount,
          functionError: last?.functionError ?? false,
        });
        this.#log.append(destination.topic, {
          key: record.key,
          value: JSON.stringify(message),
          // Emulator-only header, so that a local triage can say why; AWS's message has no error text.
          headers: [
            { name: 'x-emulator-last-error', value: Buffer.from(failed[i]!.lastError.slice(0, 1000)) },
          ],
        });
      });
      this.stats.sentToDestination.push(...failed);
      return;
    }
    const last = this.#lastError.get(recordKey(records[0]!));
    const document = batchOnFailureRecord({
      records,
      cluster: this.#o.cluster,
      functionArn: this.#fn.arn,
      executedVersion: version,
      condition,
      requestId: last?.requestId ?? '',
      approximateInvokeCount: Math.max(...failed.map((f) => f.approximateInvokeCount)),
      functionError: records.some((r) => this.#lastError.get(recordKey(r))?.functionError),
      withPayload: destination.kind === 's3',
    });
    const delivered = this.#o.destinations?.deliver(
      destination.arn,
      JSON.stringify(document),
      this.#objectKey(records[0]!),
    );
    if (!delivered) {
      this.stats.destinationDeliveryFailures++;
      this.stats.undeliverable.push(...failed);
      return;
    }
    this.stats.sentToDestination.push(...failed);
  }

  /** An S3 destination's object key; AWS documents none for Kafka (the emulator's layout). */
  #objectKey(first: LogRecord): string {
    const now = new Date();
    const day = now.toISOString().slice(0, 10).replaceAll('-', '/');
    const at = now.toISOString().replaceAll(':', '.').slice(0, 19);
    return `aws/lambda/${this.uuid}/${partitionId(first.topic, first.partition)}/${day}/${at}-${randomUUID()}`;
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
