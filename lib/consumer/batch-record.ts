/**
 * BatchRecord: one record of an invocation's batch, and the only owner of its state, from its
 * decoded envelope to the end of its claim. The middlewares and the runner move it through the
 * named transitions below; any other move throws a RecordLifecycleError (a bug: the invocation
 * fails and the whole batch is retried, rather than a record being run twice or dropped).
 *
 * Two strands. The claim: what the dedup store answered, then how this invocation lets go of it.
 *
 *   none --claimed----> claimed --committed--> committed      it succeeded: the key turns DONE
 *    |                     |    --released---> released       it failed, or never ran
 *    |                     |----outlived-----> outliving --committed | released--> (as above)
 *    |                     |                   still running when the invocation answered
 *    |                     '----lost(done)---> duplicate | lost   a renewal found the key DONE, or
 *    |                                         gone or another's, before the record started
 *    |                     (confirmed(at): a renewal found it still held; the claim stays claimed)
 *    |--unguarded--> unguarded --released--> released         store down, policy open; nothing is
 *    |                                                        held, but after the answer it may not start
 *    |--duplicate--> duplicate                                DONE already
 *    |--held-------> held --heldEnded--> claimed | duplicate  another invocation holds the key;
 *    |                                      waited for, it was freed and claimed here, or turned DONE
 *    |--refused----> refused                                  store down, policy closed
 *    '--copyOf(o)--> copy          when o is claimed or unguarded (or held, to be waited for): it follows o's outcome
 *                    o's state     when o is duplicate, held or refused
 *   A record that could not be decoded has no key: its claim stays none and it fails.
 *
 * The run:
 *
 *   waiting --start--> running --succeeded--> succeeded
 *    |                         '--failed----> failed
 *    |--failed--------> failed           not run: invalid, held, refused, lost, out of time, stopped
 *    |--deduplicated--> deduplicated     a duplicate
 *    |--follow--------> deduplicated | failed   a copy, once its original has an outcome
 *    '--poisoned------> poisoned --parked--> parked   no retry can cure it: written to the poison
 *       (from waiting or running)  '--failed--> failed   sink (handled), or reported when that failed
 *
 * `start` needs the claim claimed or unguarded and the payload parsed (`parsePayload`, which
 * fills the message's payload: duplicates are never parsed). A succeeded record's claim is
 * committed, never released; a running one's is neither (it outlives the answer). A parked record's
 * claim is committed too (the key turns DONE), so a redelivery skips it instead of parking it again.
 * Each outcome is tallied once where it happens (the invocation's metrics; a record skipped for
 * its key, or held, in the batch's skipped-records line), and the record lets go of its message.
 */
import type { MSKRecord } from 'aws-lambda';
import type { KafkaMessage } from '../contract/message.ts';
import { ClaimHeldError, type InvalidRecordError, RecordLifecycleError } from '../errors.ts';
import { type DecodeOptions, decodePayload, type PendingMessage } from '../kafka/decode.ts';
import type { InvocationMetrics, RecordOutcome } from '../observability/batch-metrics.ts';
import type { SkippedRecords } from '../observability/skipped-records.ts';

/** Where the records of a batch tally their outcomes (the batch itself). */
export interface Tally {
  readonly metrics: InvocationMetrics;
  readonly skipped: SkippedRecords;
}

/** Where the record stands with the dedup store (see the diagram above). */
export type ClaimState =
  | 'none'
  | 'claimed'
  | 'unguarded'
  | 'duplicate'
  | 'held'
  | 'refused'
  | 'copy'
  | 'lost'
  | 'outliving'
  | 'committed'
  | 'released';

/** Where the record's run stands: waiting, running, or its outcome. */
export type RunState = 'waiting' | 'running' | 'poisoned' | RecordOutcome;

/** @internal */
export class BatchRecord<T> {
  readonly raw: MSKRecord;
  /** `<topic>-<partition>`, as the MSK event and the batch response name it. */
  readonly partitionId: string;
  /** The dedup key; undefined when the record could not be decoded. */
  readonly key: string | undefined;
  /** Why the record could not be decoded (it fails without being claimed). */
  readonly invalid: InvalidRecordError | undefined;
  readonly #tally: Tally;
  #message: PendingMessage<T> | undefined;
  #payloadPending: boolean;
  #claim: ClaimState = 'none';
  #run: RunState = 'waiting';
  #error: Error | undefined;
  #original: BatchRecord<T> | undefined;
  // performance.now() when a claim or renewal last confirmed that this invocation holds the key.
  #confirmedAt = 0;
  // Made only when something waits for the outcome: a copy, or a claim that outlives the answer.
  #settled: PromiseWithResolvers<void> | undefined;
  /**
   * A poison sink write that passed its bound: the record failed, but the write may yet land (true
   * when it did). Its claim is settled only then (park-record.ts).
   */
  parkInFlight: Promise<boolean> | undefined;
  /**
   * The claim of this record's part still to answer (the claim session's, claim-session.ts): its
   * claim stays none until then, and its lane waits for it before deciding anything.
   */
  claimAnswer: Promise<void> | undefined;

  /**
   * @param message the decoded envelope (undefined when decoding failed before it)
   * @param key the dedup key (undefined when the record is invalid)
   * @param payloadPending the value is still to be parsed by {@link parsePayload}
   * @param invalid why the record could not be decoded
   */
  constructor(
    raw: MSKRecord,
    partitionId: string,
    tally: Tally,
    message: PendingMessage<T> | undefined,
    key: string | undefined,
    payloadPending: boolean,
    invalid?: InvalidRecordError,
  ) {
    this.raw = raw;
    this.partitionId = partitionId;
    this.key = invalid ? undefined : key;
    this.invalid = invalid;
    this.#tally = tally;
    this.#message = message;
    this.#payloadPending = payloadPending;
    this.#error = invalid;
  }

  get claim(): ClaimState {
    return this.#claim;
  }

  get run(): RunState {
    return this.#run;
  }

  /** The outcome, once there is one. */
  get outcome(): RecordOutcome | undefined {
    const run = this.#run;
    return run === 'waiting' || run === 'running' || run === 'poisoned' ? undefined : run;
  }

  /** Why the record failed (or could not be decoded; before its outcome, the store error that refused its claim). */
  get error(): Error | undefined {
    return this.#error;
  }

  /** The decoded message, read-only; let go once the record has an outcome. */
  get message(): KafkaMessage<T> | undefined {
    return this.#message;
  }

  // --- the claim ---

  /** This invocation holds the key, as the claim sent at `at` (`performance.now()`) answered. */
  claimed(at = 0): void {
    this.#fromNone('claimed');
    this.#confirmedAt = at;
  }

  /**
   * When (`performance.now()` at sending) a claim or renewal last answered that this invocation
   * holds the key: the key lives at least a lease after that. Per record, because a renewal
   * confirms only the keys it renewed.
   */
  get confirmedAt(): number {
    return this.#confirmedAt;
  }

  /** A renewal sent at `at` answered that this invocation still holds the key. */
  confirmed(at: number): void {
    if (this.#claim !== 'claimed' && this.#claim !== 'outliving') this.#illegal('confirmed');
    if (at > this.#confirmedAt) this.#confirmedAt = at;
  }

  /** The store failed and the policy is open: the record runs without a claim. */
  unguarded(): void {
    this.#fromNone('unguarded');
  }

  /** The key is DONE: a repeat of an event that already had its effect. */
  duplicate(): void {
    this.#fromNone('duplicate');
  }

  /** Another invocation holds the key: the record fails now and is retried later. */
  held(): void {
    this.#fromNone('held');
  }

  /**
   * A held claim, waited for, ended before the record started: the key was freed (released, or its
   * lease ended) and this invocation claimed it with the claim sent at `at` (`performance.now()`),
   * or its owner committed it (DONE: the record is a duplicate).
   */
  heldEnded(result: 'claimed' | 'done', at = 0): void {
    if (this.#claim !== 'held' || this.#run !== 'waiting') this.#illegal(`heldEnded(${result})`);
    if (result === 'claimed') {
      this.#claim = 'claimed';
      this.#confirmedAt = at;
    } else this.#claim = 'duplicate';
  }

  /**
   * The store failed and the policy is closed: the record fails and is retried. `cause` (the store's
   * error) becomes the cause of the record's failure, so the DLQ and the logs say why the store failed.
   */
  refused(cause?: Error): void {
    this.#fromNone('refused');
    this.#error = cause;
  }

  /**
   * An earlier record of this batch, `original`, carries the same key and was asked for it. If the
   * original will run, this record follows its outcome ({@link follow}); if not, it shares its state.
   */
  copyOf(original: BatchRecord<T>, followHeld = false): void {
    const state = original.#claim;
    if (original === this || original.key !== this.key) this.#illegal('copyOf (not the same key)');
    // A held original that will wait for its claim may yet run: the copy follows it, and only the
    // original asks the store again.
    if (state === 'claimed' || state === 'unguarded' || (followHeld && state === 'held')) {
      this.#fromNone('copy');
      this.#original = original;
    } else if (state === 'duplicate' || state === 'held' || state === 'refused') {
      this.#fromNone(state);
      if (state === 'refused') this.#error = original.#error;
    } else this.#illegal(`copyOf an original whose claim is ${state}`);
  }

  /** The key turns DONE: the record succeeded, or was parked in the poison sink. */
  committed(): void {
    const run = this.#run;
    // A failed record whose late write to the poison sink landed: parked after all.
    const lateParked = run === 'failed' && this.#claim === 'outliving' && this.parkInFlight !== undefined;
    if (
      (this.#claim !== 'claimed' && this.#claim !== 'outliving') ||
      (run !== 'succeeded' && run !== 'parked' && !lateParked)
    )
      this.#illegal('committed');
    this.#claim = 'committed';
  }

  /**
   * This invocation lets go of the record: a claimed key is deleted so a retry runs it; an
   * unguarded record holds nothing, but may no longer start. Never for a succeeded, parked or running
   * one (a record still being parked may be: the invocation failed, and the batch comes again).
   */
  released(): void {
    const claim = this.#claim;
    const run = this.#run;
    const legal =
      claim === 'unguarded' ||
      ((claim === 'claimed' || claim === 'outliving') &&
        run !== 'running' &&
        run !== 'succeeded' &&
        run !== 'parked');
    if (!legal) this.#illegal('released');
    this.#claim = 'released';
  }

  /**
   * A renewal found that this invocation no longer holds the key of a record that has not started:
   * DONE now (another invocation finished the event: the record is a duplicate), or gone or
   * another owner's (Redis lost the write, or the lease ended: the record fails and is retried).
   */
  lost(nowDone: boolean): void {
    if (this.#claim !== 'claimed' || this.#run !== 'waiting') this.#illegal('lost');
    this.#claim = nowDone ? 'duplicate' : 'lost';
  }

  /**
   * The invocation answered while the record runs (or is being parked, or a write of it to the
   * poison sink is still in flight): its claim is settled when that ends.
   */
  outlived(): void {
    const run = this.#run;
    if (
      this.#claim !== 'claimed' ||
      (run !== 'running' && run !== 'poisoned' && this.parkInFlight === undefined)
    )
      this.#illegal('outlived');
    this.#claim = 'outliving';
  }

  // --- the run ---

  /**
   * Fill the message's payload (and its key, with a key format), once, just before the record
   * runs. Returns why the value cannot be decoded (malformed base64, a value `parse` or its format
   * rejects), leaving the record waiting to be failed; a promise of that only when a decoder has
   * to wait (a format loading, a schema registry lookup), so JSON stays synchronous. Throws only
   * for an illegal move.
   */
  parsePayload(
    decode: DecodeOptions<T>,
  ): InvalidRecordError | undefined | Promise<InvalidRecordError | undefined> {
    if (this.#run !== 'waiting' || !this.#mayRun()) this.#illegal('parsePayload');
    if (!this.#payloadPending) return undefined;
    let pending: Promise<void> | undefined;
    try {
      pending = decodePayload(this.raw, decode, this.#message!);
    } catch (error) {
      return error as InvalidRecordError;
    }
    if (!pending) {
      this.#payloadPending = false;
      return undefined;
    }
    return pending.then(
      () => {
        this.#payloadPending = false;
        return undefined;
      },
      (error) => error as InvalidRecordError,
    );
  }

  /** The business function starts on the record; returns the message to hand it. */
  start(): KafkaMessage<T> {
    if (this.#run !== 'waiting' || !this.#mayRun() || this.#payloadPending || !this.#message)
      this.#illegal('start');
    this.#run = 'running';
    return this.#message!;
  }

  /** The business function returned. */
  succeeded(): void {
    if (this.#run !== 'running') this.#illegal('succeeded');
    this.#finish('succeeded', undefined);
  }

  /**
   * The business function threw, or the record is not run for `error`'s reason; or, being parked,
   * the poison sink did not take it.
   */
  failed(error: Error): void {
    const run = this.#run;
    if (run !== 'waiting' && run !== 'running' && run !== 'poisoned') this.#illegal('failed');
    this.#finish('failed', error);
  }

  /**
   * No retry can cure the record (`error` says why): it is being written to the poison sink. Not an
   * outcome yet: {@link parked} once the sink took it, {@link failed} if it did not.
   */
  poisoned(error: Error): void {
    if (this.#run !== 'waiting' && this.#run !== 'running') this.#illegal('poisoned');
    this.#run = 'poisoned';
    this.#error = error;
  }

  /** The poison sink took the record: it counts as handled, and its partition goes on. */
  parked(): void {
    if (this.#run !== 'poisoned') this.#illegal('parked');
    this.#finish('parked', this.#error);
  }

  /** Skipped: its key is DONE already. */
  deduplicated(): void {
    if (this.#run !== 'waiting' || this.#claim !== 'duplicate') this.#illegal('deduplicated');
    this.#finish('deduplicated', undefined);
  }

  /**
   * A copy takes its original's outcome once there is one: deduplicated if the original
   * succeeded (or was itself deduplicated), failed otherwise (the retry runs it again).
   */
  follow(): Promise<void> {
    if (this.#run !== 'waiting' || this.#claim !== 'copy') this.#illegal('follow');
    return this.#takeOutcomeOf(this.#original!);
  }

  async #takeOutcomeOf(original: BatchRecord<T>): Promise<void> {
    await original.whenSettled();
    const outcome = original.#run;
    // A parked original handled the event (its key is DONE): the copy is a repeat of it.
    if (outcome === 'succeeded' || outcome === 'deduplicated' || outcome === 'parked')
      this.#finish('deduplicated', undefined);
    else {
      this.#finish(
        'failed',
        new ClaimHeldError(
          this.raw,
          `an earlier copy of this event in the batch (${original.partitionId}@${original.raw.offset}) did not succeed`,
        ),
      );
    }
  }

  /** Resolves once the record has an outcome. */
  whenSettled(): Promise<void> {
    if (this.outcome !== undefined) return Promise.resolve();
    this.#settled ??= Promise.withResolvers<void>();
    return this.#settled.promise;
  }

  #mayRun(): boolean {
    return this.#claim === 'claimed' || this.#claim === 'unguarded';
  }

  #fromNone(next: ClaimState): void {
    if (this.#claim !== 'none' || this.key === undefined) this.#illegal(next);
    this.#claim = next;
  }

  #finish(outcome: RecordOutcome, error: Error | undefined): void {
    this.#run = outcome;
    this.#error = error;
    const tally = this.#tally;
    tally.metrics.record(this.raw.topic, outcome);
    // Skipped for its key (a copy that followed its original ran once, in-batch) or held elsewhere.
    if (outcome === 'deduplicated') {
      tally.skipped.note(this.raw, this.#message?.eventId, this.#claim === 'copy' ? 'in-batch' : 'done');
    } else if (this.#claim === 'held') tally.skipped.note(this.raw, this.#message?.eventId, 'held');
    // Its payload need not outlive its turn (a copy reads only the outcome).
    this.#message = undefined;
    this.#settled?.resolve();
  }

  #illegal(transition: string): never {
    throw new RecordLifecycleError(
      this.raw,
      `${transition} is not allowed with claim '${this.#claim}' and run '${this.#run}' (a bug in the consumer)`,
    );
  }
}

/**
 * V8 holds the hidden classes a constructor's instances go through only weakly: when every record
 * of a batch is garbage and a full collection runs, they are dropped, and the optimised code of
 * every method that relied on them is thrown away and rebuilt during the next batch (measured at
 * about a quarter more CPU in the runner and the claim step at 10,000 records). A plain object
 * literal does not suffer this; a class does, unless one instance lives on: this one does.
 * @internal (exported so that no bundler or linter drops it as unused)
 */
export const shapeKeeper: object = new BatchRecord<unknown>(
  { topic: '', partition: 0, offset: -1 } as MSKRecord,
  '',
  {} as Tally,
  { eventId: '', topic: '', partition: 0, offset: -1, timestamp: 0, headers: {}, payload: null },
  '',
  false,
);
