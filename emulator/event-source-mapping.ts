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
 *   error and partial batch responses, only in provisioned mode (mapping-options.ts, refused
 *   otherwise by mapping-validation.ts); what happens to a failed batch (retry-policies.ts); the
 *   answer format and its validity rules (batch-response.ts).
 * - kafka-on-failure-destination.html / with-msk-on-failure.html: what the destination receives
 *   (on-failure.ts), how it is written and that it must exist (destination-writer.ts,
 *   destinations.ts).
 *
 * Where the pages are silent the emulator takes a named option with both behaviours, the most
 * conservative by default (mapping-options.ts): how a partial response is read, whether a split
 * counts as a retry, the backoff, the exhausted condition's word.
 *
 * This file keeps polling (batches, the batching window, payload limits, starting positions),
 * delivery (record age, invocation, reading the answer) and commits; it carries out the retry
 * policies' plans and counts what the destination writer reports in {@link MappingStats}.
 */
import { randomUUID } from 'node:crypto';
import type { MSKEvent } from 'aws-lambda';
import { partitionId } from '../lib/contract.ts';
import { AttemptLedger } from './attempt-ledger.ts';
import { judgeInvocation } from './batch-response.ts';
import { DestinationWriter, type FailedRecord } from './destination-writer.ts';
import { RecordTooLargeError } from './errors.ts';
import type { KafkaLog, LogRecord } from './kafka-log.ts';
import type { LambdaInvoker } from './lambda-runtime.ts';
import type { Batch } from './mapping-batch.ts';
import type {
  EventSourceMappingOptions,
  InvocationReport,
  ResolvedMappingOptions,
} from './mapping-options.ts';
import { checkSourceTopics, resolveMappingOptions } from './mapping-validation.ts';
import { LOCAL_CLUSTER, mskRecordSize, toMskEvent } from './msk-event.ts';
import type { OnFailureCondition } from './on-failure.ts';
import { parsePartitionId } from './partition-id.ts';
import { type RetryPlan, resumeFromLowest, retryFunctionError, retryReportedOnly } from './retry-policies.ts';
import type { MappingSchemaRegistry } from './schema-registry-mapping.ts';

/** Lambda's synchronous invocation payload limit. */
export const MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;
/** Bytes of the event around the records (eventSource, ARN, bootstrapServers, braces). */
const EVENT_OVERHEAD_BYTES = 512;

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
 * const esm = new EventSourceMapping(log, fn, { topics: ['order-placed'], batchSize: 100,
 *   provisionedPollers: {}, functionResponseTypes: ['ReportBatchItemFailures'], maximumRetryAttempts: 3,
 *   bisectBatchOnFunctionError: true, onFailureDestination: 'kafka://order-placed-dlq' });
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
  readonly #attempts = new AttemptLedger();
  readonly #destination: DestinationWriter;

  constructor(log: KafkaLog, fn: LambdaInvoker<MSKEvent>, options: EventSourceMappingOptions) {
    this.#log = log;
    this.#fn = fn;
    this.#o = resolveMappingOptions(options, options.cluster ?? LOCAL_CLUSTER);
    checkSourceTopics(log, this.#o.topics);
    this.consumerGroup = options.consumerGroup ?? `esm-${fn.functionName}`;
    this.destination = this.#o.destination?.text;
    this.#destination = new DestinationWriter(log, fn, this.#o, this.#attempts, this.uuid);
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
    for (const record of batch.records) if (this.#attempts.delivered(record)) this.stats.recordsRetried++;
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
      this.#carryOut(
        poller,
        this.#o.partialResponseReading === 'resume-from-lowest'
          ? resumeFromLowest(batch, verdict.lowest, result.requestId, this.#o, this.#attempts)
          : retryReportedOnly(batch, verdict.failed, result.requestId, this.#o, this.#attempts),
      );
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
    this.#carryOut(
      poller,
      retryFunctionError(batch, verdict.error, result.requestId, this.#o, this.#attempts),
    );
  }

  #report(report: InvocationReport): void {
    this.#o.onInvocation?.(report);
  }

  /**
   * A retry policy's plan: the exhausted records go to the destination, then the commits, then the
   * retries go to the head of the poller's queue (their partitions wait for them), after the backoff.
   */
  #carryOut(poller: PollerState, plan: RetryPlan): void {
    for (const group of plan.exhausted)
      this.#sendToDestination(group, this.#destination.exhaustedCondition());
    this.#commit(plan.commits);
    if (plan.split) this.stats.batchesSplit++;
    const retries = plan.retries.filter((b) => b.records.length > 0);
    if (retries.length === 0) return;
    const notBefore = this.#retryAt(plan.attempt);
    for (const retry of retries) retry.notBefore = notBefore;
    poller.pending.unshift(...retries);
  }

  #retryAt(attempt: number): number {
    return Date.now() + (attempt > 0 ? this.#o.retryBackoffMs(attempt) : 0);
  }

  /** The records are done for the mapping: to the destination (destination-writer.ts), counted here. */
  #sendToDestination(records: LogRecord[], condition: OnFailureCondition, why?: string): void {
    const send = this.#destination.write(records, condition, why);
    this.stats.destinationDeliveryFailures += send.deliveryFailures;
    const into =
      send.outcome === 'sent'
        ? this.stats.sentToDestination
        : send.outcome === 'discarded'
          ? this.stats.discarded
          : this.stats.undeliverable;
    into.push(...send.failed);
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
