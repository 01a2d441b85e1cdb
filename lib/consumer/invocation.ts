/**
 * Invocation: one invocation of a kafkaHandler, top-down in one function ({@link Invocation.run}):
 * decode the event, claim the keys, run the lanes, settle the claims, flush the metrics, answer.
 * The invocation is the batch (its records and where they tally their outcomes); its claim
 * session (claim-session.ts) is the only part that talks to the dedup store. {@link ConsumerCore}
 * is the same for every invocation of one handler (made at cold start): the resolved options,
 * what the store did since the cold start, and the hooks.
 *
 * Guarantees:
 * - every record of the event has an outcome in the answer or is reported failed: the answer
 *   names every record that did not succeed, the failed one and every later one of its lane, so
 *   that a mapping that retries only the reported records cannot commit a record that never ran,
 *   and one that resumes from the lowest reported offset meets the later records that succeeded as
 *   duplicates (docs/consumer.md, "What a stopped partition reports", "Ordering");
 * - the records of a lane run one at a time in offset order, lanes run concurrently; a lane is a
 *   partition under `ordering: 'partition'` (the default), the records of one Kafka key in a
 *   partition under `ordering: 'key'` (its keyless records: one lane per partition; ordering.ts),
 *   where at most `concurrency` records run at once (slots.ts). The first failure stops its lane;
 * - no record is started before its claim is made, or with less than `reserveMs` of the invocation
 *   left, or after the invocation answered;
 * - the claims are settled before the metrics are flushed (so their round trips and errors are in
 *   the flush), on success and on error alike; one flush, and one skipped-records line, per
 *   invocation; on error, records without an outcome are counted as failed;
 * - the invocation ends by the Lambda timeout less 5 ms (as middy's early timeout did): then its
 *   claims are settled (a running handler keeps its claim until it ends), the metrics flushed, and
 *   it fails with an InvocationTimeoutError, so the mapping retries the batch;
 * - every log line of the invocation carries the Lambda request id (`function_request_id`): the
 *   logger is given the invocation's context first.
 * Does not: retry anything itself (retries come from the event source mapping), or talk to the
 * store (the claim session does).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context, MSKEvent, MSKRecord } from 'aws-lambda';
import type { KafkaBatchItemFailure, KafkaBatchResponse } from '../contract/message.ts';
import {
  ClaimHeldError,
  ClaimLostError,
  HandlerError,
  InvocationTimeoutError,
  OutOfTimeError,
  PartitionStoppedError,
  StoreUnavailableError,
} from '../errors.ts';
import { offsetOf } from '../kafka/decode.ts';
import type { InvocationMetrics } from '../observability/batch-metrics.ts';
import { recordKeys } from '../observability/logger.ts';
import { countRegistryError } from '../observability/schema-registry-metrics.ts';
import { SkippedRecords } from '../observability/skipped-records.ts';
import { readThrown } from '../observability/thrown.ts';
import type { Batch } from './batch.ts';
import type { BatchRecord } from './batch-record.ts';
import { ClaimSession, StoreHealth } from './claim-session.ts';
import type { ResolvedConfig } from './config.ts';
import { decodeEvent } from './decode-event.ts';
import { LoopTurns } from './loop-turns.ts';
import type { HandleContext, RecordMetrics } from './options.ts';
import { lanesOf } from './ordering.ts';
import { parkOrFail, willPark } from './park-record.ts';
import { Slots } from './slots.ts';
import { TimeBudget } from './time-budget.ts';

/** The invocation ends this long before the Lambda timeout (middy's early timeout, which it replaces). */
const EARLY_MS = 5;
// setTimeout's longest delay; a longer remaining time (a hand-made context) sets no deadline.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** When the lanes must have ended: a promise that rejects then, and the way to cancel it. */
interface Deadline {
  readonly expired: Promise<never>;
  clear(): void;
}

/** The stages of an invocation, in order. */
export type InvocationStage = 'decode' | 'claim' | 'run' | 'settle' | 'flush';

/** A record of the invocation as a hook sees it (read-only). */
export type RecordView<T = unknown> = Pick<
  BatchRecord<T>,
  'raw' | 'partitionId' | 'key' | 'claim' | 'run' | 'outcome' | 'error' | 'message'
>;

/** The invocation as a hook sees it. */
export interface InvocationView<T = unknown> {
  /** The Lambda context the invocation was called with. */
  readonly lambdaContext: Context;
  /** The records per partition, each in offset order (empty before `decode`). */
  readonly partitions: readonly (readonly RecordView<T>[])[];
  /**
   * Resolves once every part of the batch's claim answered (at once when it was one call): after
   * the `claim` stage, records of later parts may still wait for theirs.
   */
  readonly claimsAnswered: Promise<void>;
}

/**
 * Seams of the invocation, for measuring and probing it (the bench times its stages, `msk-once
 * local` counts the records that ran and kills the process between the run and the commit). A
 * hook runs inside the invocation, awaited: a hook that throws fails the invocation as a bug in
 * the core would (its claims settled, the batch retried); one that never returns holds it, as a
 * dead process would. Hooks of an invocation that ran out of time are not called after it did.
 */
export interface InvocationHooks<T = unknown> {
  /**
   * A stage ended: `decode` (the records are read, nothing claimed), `claim` (the claims sent and
   * answered: all of them, or where the store claims in parts the first part; nothing run), `run`
   * (every lane ran; the claims are not settled yet: a crash here leaves them to their lease),
   * `settle` (committed or released), `flush` (metrics emitted; the answer is next).
   * `ms`: how long the stage took.
   */
  afterStage?(stage: InvocationStage, invocation: InvocationView<T>, ms: number): void | Promise<void>;
}

/** The second argument of a business function; its logger is made only when asked for. */
class RecordContext<T> implements HandleContext {
  readonly lambdaContext: Context;
  readonly metrics: RecordMetrics;
  readonly #base: Logger;
  readonly #record: BatchRecord<T>;
  #logger: Logger | undefined;

  constructor(lambdaContext: Context, base: Logger, record: BatchRecord<T>, metrics: RecordMetrics) {
    this.lambdaContext = lambdaContext;
    this.metrics = metrics;
    this.#base = base;
    this.#record = record;
  }

  get logger(): Logger {
    if (!this.#logger) {
      this.#logger = this.#base.createChild({
        persistentKeys: recordKeys(this.#record.raw, this.#record.message),
      });
    }
    return this.#logger;
  }
}

function reportedOffset(raw: MSKRecord): number {
  const offset = offsetOf(raw);
  return Number.isNaN(offset) ? raw.offset : offset;
}

function remainingMs(context: Context | undefined): number {
  const remaining = context?.getRemainingTimeInMillis?.();
  return typeof remaining === 'number' ? remaining : Number.POSITIVE_INFINITY;
}

/**
 * One invocation (see the module's guarantees). Made per invocation by {@link ConsumerCore}.
 *
 * @example
 * const answer = await new Invocation(config, health, budget, hooks, event, context).run();
 * @internal
 */
export class Invocation<T> implements Batch<T>, InvocationView<T> {
  readonly lambdaContext: Context;
  /** The claim owner token of this invocation: the request id and a random part. */
  readonly owner: string;
  readonly metrics: InvocationMetrics;
  readonly skipped = new SkippedRecords();
  partitions: BatchRecord<T>[][] = [];
  readonly #config: ResolvedConfig<T>;
  readonly #event: MSKEvent;
  readonly #hooks: readonly InvocationHooks<T>[];
  readonly #session: ClaimSession<T>;
  readonly #budget: TimeBudget;
  // The invocation ran out of time: it answered (failed) already, its hooks are not called again.
  #over = false;
  // When the current stage started (for the hooks).
  #stageStart = performance.now();
  readonly #turns = new LoopTurns();

  constructor(
    config: ResolvedConfig<T>,
    health: StoreHealth,
    budget: TimeBudget,
    hooks: readonly InvocationHooks<T>[],
    event: MSKEvent,
    context: Context,
  ) {
    this.#config = config;
    this.#budget = budget;
    this.#event = event;
    this.#hooks = hooks;
    this.lambdaContext = context;
    this.owner = `${context?.awsRequestId ?? 'local'}/${randomUUID().slice(0, 8)}`;
    this.metrics = config.metrics.begin();
    this.#session = new ClaimSession(config, health, budget, this, context);
  }

  get claimsAnswered(): Promise<void> {
    return this.#session.answered;
  }

  /** Where a claimed record that succeeded or was parked has its claim committed: the claim session. */
  get commits(): ClaimSession<T> {
    return this.#session;
  }

  /** Run the invocation and answer the event source mapping. */
  async run(): Promise<KafkaBatchResponse> {
    const config = this.#config;
    const context = this.lambdaContext;
    // Every line of this invocation (the business function's too) carries its request id.
    if (context) config.logger.addContext(context);
    const session = this.#session;
    let deadline: Deadline | undefined;
    try {
      const decoded = decodeEvent(config, this.#event, this);
      this.partitions = decoded instanceof Promise ? await decoded : decoded;
      await this.#after('decode');
      await session.claim();
      await this.#after('claim');
      // The lanes run against the clock (what middy's early timeout bounded: the handler).
      deadline = this.#deadline();
      const lanes = this.#runLanes();
      if (deadline) {
        // Lost to the deadline: the lanes go on, each record ending as its released claim says.
        lanes.catch(() => undefined);
        await Promise.race([lanes, deadline.expired]);
        deadline.clear();
      } else await lanes;
      await this.#after('run');
      const answer = this.#answer();
      await session.settle();
      await this.#after('settle');
      this.#flush();
      await this.#after('flush');
      return answer;
    } catch (error) {
      deadline?.clear();
      // Out of time, or a bug: the whole batch is retried; keep what succeeded, count the rest failed.
      await session.settle();
      for (const partition of this.partitions) {
        for (const record of partition) {
          if (record.outcome === undefined) this.metrics.record(record.raw.topic, 'failed');
        }
      }
      this.#flush();
      throw error;
    }
  }

  /** The time the invocation has: it answers (fails) by the Lambda timeout less {@link EARLY_MS}. */
  #deadline(): Deadline | undefined {
    const remaining = this.lambdaContext?.getRemainingTimeInMillis?.();
    if (typeof remaining !== 'number' || !(remaining < MAX_TIMER_MS)) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          this.#over = true;
          reject(
            new InvocationTimeoutError(
              `the invocation ran out of time (${remaining} ms left at its start, answered ${EARLY_MS} ms before the Lambda timeout): the batch is retried`,
            ),
          );
        },
        Math.max(0, remaining - EARLY_MS),
      );
    });
    return { expired, clear: () => clearTimeout(timer) };
  }

  /** The metrics, once, and the batch's one skipped-records line. */
  #flush(): void {
    this.metrics.flush();
    this.skipped.log(this.#config.logger);
  }

  /** Call the hooks after `stage`, with its time (since the last hooks returned, or the start). */
  async #after(stage: InvocationStage): Promise<void> {
    const hooks = this.#hooks;
    if (hooks.length === 0 || this.#over) return;
    const ms = performance.now() - this.#stageStart;
    for (const hook of hooks) await hook.afterStage?.(stage, this, ms);
    this.#stageStart = performance.now();
  }

  /** Every record that did not succeed, as the event source mapping reads a partial batch response. */
  #answer(): KafkaBatchResponse {
    // Not the first failure alone: AWS's Kafka page says a partial response lets Lambda "retry
    // only the failed records", and under that reading an unnamed record behind it would be
    // committed without having run.
    const batchItemFailures: KafkaBatchItemFailure[] = [];
    for (const records of this.partitions) {
      for (const record of records) {
        if (record.outcome === 'failed')
          batchItemFailures.push({
            // A number, as the event source mapping expects, even when a hand-made event sent a string.
            itemIdentifier: { partition: record.partitionId, offset: reportedOffset(record.raw) },
          });
      }
    }
    return { batchItemFailures };
  }

  /** Every lane, concurrently. */
  async #runLanes(): Promise<void> {
    const config = this.#config;
    const slots = config.ordering === 'key' ? new Slots(config.concurrency) : undefined;
    const lanes = lanesOf(this.partitions, config.ordering);
    await Promise.all(lanes.map((records) => this.#runLane(records, slots)));
  }

  /** One lane (a partition, or one key of a partition): in offset order, stopped by its first failure. */
  async #runLane(records: BatchRecord<T>[], slots: Slots | undefined): Promise<void> {
    let failed: BatchRecord<T> | undefined;
    for (const record of records) {
      // Every few records the event loop gets a turn, even when no handler waits (loop-turns.ts).
      const turn = this.#turns.next();
      if (turn) await turn;
      if (failed) {
        record.failed(
          new PartitionStoppedError(
            record.raw,
            `not run: offset ${failed.raw.offset} of this ${slots ? 'key' : 'partition'} failed first`,
          ),
        );
        continue;
      }
      await this.#runRecord(record, slots);
      if (record.outcome === 'failed') failed = record;
    }
  }

  /** Run one record, or decide that it does not run; it always ends with an outcome. */
  async #runRecord(record: BatchRecord<T>, slots: Slots | undefined): Promise<void> {
    const config = this.#config;
    // Its claim was sent in a later part (claim-session.ts): it waits for that part's answer.
    const claimAnswer = record.claimAnswer;
    if (claimAnswer) await claimAnswer;
    if (record.invalid) return parkOrFail(config, record, this, this.lambdaContext, record.invalid);
    // Held by another invocation: wait for it (holding no slot) before deciding.
    if (record.claim === 'held' && config.heldClaimWaitMs > 0) await this.#session.waitIfHeld(record);
    const claim = record.claim;
    // Under key order a record that may start takes a slot first; the rest (duplicates, held, a copy
    // waiting on its original) take none. Its claim is confirmed after the slot, not before it.
    if (slots && (claim === 'claimed' || claim === 'unguarded')) {
      const wait = slots.take();
      if (wait) await wait;
      try {
        return await this.#decideAndRun(record);
      } finally {
        slots.give();
      }
    }
    return this.#decideAndRun(record);
  }

  /** Run one record whose turn came, or decide that it does not run; it always ends with an outcome. */
  async #decideAndRun(record: BatchRecord<T>): Promise<void> {
    const config = this.#config;
    const context = this.lambdaContext;
    const session = this.#session;
    const { raw } = record;
    // A claim confirmed longer than a lease ago may have ended: the claims are renewed, each
    // confirmed by its own answer, before this record starts.
    const confirming = session.confirmIfStale(record);
    if (confirming) {
      const refused = await confirming;
      if (refused) return record.failed(refused);
    }
    switch (record.claim) {
      case 'duplicate':
        return record.deduplicated();
      case 'held':
        config.logger.warn(
          'claim held by another invocation: failing the record so it is retried later',
          recordKeys(raw, record.message),
        );
        return record.failed(
          new ClaimHeldError(raw, 'another invocation holds the claim', { eventId: record.message?.eventId }),
        );
      case 'refused': {
        // The store's error says why (host:port and the cause, never a secret: lib/dedup/connect-failure.ts).
        const cause = record.error;
        return record.failed(
          new StoreUnavailableError(
            raw,
            `dedup store unavailable and onStoreError is closed${cause ? `: ${cause.message}` : ''}`,
            cause ? { cause } : undefined,
          ),
        );
      }
      case 'copy':
        return record.follow();
      case 'lost':
        return record.failed(
          new ClaimLostError(
            raw,
            'this invocation lost its claim before the record started (counted as claim-lost)',
            {
              eventId: record.message?.eventId,
            },
          ),
        );
      case 'released':
        // The invocation already answered (out of time) while this lane was busy: its claim is
        // released, so starting the record now could run it alongside its retry.
        return record.failed(new OutOfTimeError(raw, 'the invocation already answered'));
    }
    // claimed or unguarded: parse the value, then run it, if there is time.
    let invalid = record.parsePayload(config.decode);
    if (invalid instanceof Promise) invalid = await invalid;
    if (invalid) {
      countRegistryError(this.metrics, invalid);
      if (!willPark(config, invalid))
        config.logger.error('invalid record: it fails and is retried, then sent to the DLQ', {
          ...recordKeys(raw, record.message),
          error: invalid,
        });
      return parkOrFail(config, record, this, context, invalid);
    }
    const left = remainingMs(context);
    const reserve = this.#budget.reserveFor(context);
    if (left < reserve) {
      config.logger.warn('too little time left to start the record: released for a retry', {
        ...recordKeys(raw, record.message),
        remainingMs: left,
      });
      return record.failed(new OutOfTimeError(raw, `${left} ms left, below reserveMs ${reserve}`));
    }
    const message = record.start();
    const guarded = record.claim === 'claimed';
    try {
      await config.handle(message, new RecordContext(context, config.logger, record, this.metrics));
      if (guarded) session.ended(record);
      record.succeeded();
      // Committed with the next group, while the batch goes on: a crash re-runs only what came since.
      if (record.claim === 'claimed') session.add(record);
    } catch (error) {
      if (guarded) session.ended(record);
      // Whatever was thrown is read through readThrown: an odd value must not fail the invocation.
      const thrown = readThrown(error);
      const failure = new HandlerError(raw, `handler failed: ${thrown.text}`, {
        cause: thrown.error,
        eventId: message.eventId,
      });
      if (thrown.retryLater) {
        config.logger.warn('handler asked for a retry later', {
          ...recordKeys(raw, message),
          error: thrown.error,
        });
      } else if (!willPark(config, failure, error)) {
        // What was thrown, as it may be logged (its own name kept; odd values as a plain copy).
        config.logger.error('handler failed: the record is retried, then sent to the DLQ', {
          ...recordKeys(raw, message),
          error: thrown.error,
        });
      }
      return parkOrFail(config, record, this, context, failure, error);
    }
  }
}

/**
 * The core of one kafkaHandler, made at cold start: the resolved options, what the store did since
 * the cold start, and the hooks; it runs each invocation as an {@link Invocation}.
 *
 * @example
 * const core = new ConsumerCore(resolveConfig({ handlerName: 'on-order-placed', redis: { url }, handle }));
 * core.hook({ afterStage: (stage, invocation, ms) => console.log(stage, ms) });
 * const answer = await core.invoke(event, context);
 */
export class ConsumerCore<T = unknown> {
  readonly config: ResolvedConfig<T>;
  readonly #health = new StoreHealth();
  // The function's time, learnt at the first invocation: this handler's, as its store health is.
  readonly #budget: TimeBudget;
  readonly #hooks: InvocationHooks<T>[] = [];

  constructor(config: ResolvedConfig<T>) {
    this.config = config;
    this.#budget = new TimeBudget(config);
  }

  /** Add hooks; every later invocation calls them, in the order added. */
  hook(hooks: InvocationHooks<T>): this {
    this.#hooks.push(hooks);
    return this;
  }

  /** Run one invocation. */
  invoke(event: MSKEvent, context: Context): Promise<KafkaBatchResponse> {
    return new Invocation(this.config, this.#health, this.#budget, this.#hooks, event, context).run();
  }

  /** Close the store's connections: for tests and local runs (in Lambda the connection is kept). */
  close(): Promise<void> {
    return this.config.store.close();
  }
}
