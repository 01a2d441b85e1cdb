/**
 * Errors of the effect layer (the second line of defence). Each names the record and the effect,
 * so that a log line or a DLQ entry says which push or charge was held back and why.
 *
 * The layer is fail-closed: when the idempotency table cannot be asked, the effect is NOT run and
 * the record fails (the event source mapping retries it, then sends it to the DLQ).
 */
import type { EffectErrorReason } from '../contract.ts';
import { RecordError, type RecordPosition } from '../errors.ts';

/**
 * Why the idempotency table could not be used; `table-missing` and `access-denied` are set-up faults.
 * The `Reason` values of `Metric.effectErrors` (lib/contract.ts) other than `commit` and `release`.
 */
export type EffectStoreReason = Exclude<EffectErrorReason, 'commit' | 'release'>;

/** What an effect error is about: a record (topic, partition, offset), its event id and the effect's name. */
export interface EffectTarget extends RecordPosition {
  readonly eventId: string;
}

/** Base class: `instanceof EffectError` catches everything the effect layer throws on purpose. */
export class EffectError extends RecordError {
  readonly effect: string;
  constructor(target: EffectTarget, effect: string, reason: string, options?: ErrorOptions) {
    super(target, `effect ${effect} (event ${target.eventId}): ${reason}`, {
      ...options,
      eventId: target.eventId,
    });
    this.effect = effect;
  }
}

/**
 * The idempotency table failed or was too slow before the effect could be marked, so the effect was
 * not run. The record fails and is retried; nothing was sent.
 */
export class EffectStoreError extends EffectError {
  readonly reason: EffectStoreReason;
  constructor(target: EffectTarget, effect: string, reason: EffectStoreReason, options?: ErrorOptions) {
    super(
      target,
      effect,
      `idempotency store ${reason}, effect not run (fail-closed): ${describe(options?.cause)}`,
      options,
    );
    this.reason = reason;
  }
}

/**
 * Another call holds the mark of this effect (status INPROGRESS, its in-progress expiry not reached):
 * it may be sending right now. The record fails and is retried later, when that call has finished
 * (the repeat then gets its stored result) or its mark has expired (the repeat takes it over).
 */
export class EffectInProgressError extends EffectError {
  /** Not a fault: the consumer logs it as a warning and the record is retried later. */
  readonly retryLater = true as const;
  constructor(target: EffectTarget, effect: string, options?: ErrorOptions) {
    super(target, effect, 'another call is running this effect now; retry later', options);
  }
}

/**
 * Too little of the invocation's time was left to run the effect and save its mark before the
 * deadline (its worst case: `maxEffectMs` + `maxStoreCallMs`), so it was not started. In Lambda the
 * stack may answer at the deadline while an effect still runs and the sandbox is then frozen, not
 * killed: an effect that outlived its mark's in-progress expiry would be run again by the retry.
 * The record fails and is retried with a fresh invocation's time; nothing was sent.
 */
export class EffectOutOfTimeError extends EffectError {
  /** Not a fault: the consumer logs it as a warning and the record is retried later. */
  readonly retryLater = true as const;
  readonly remainingMs: number;
  readonly neededMs: number;
  constructor(target: EffectTarget, effect: string, remainingMs: number, neededMs: number) {
    super(
      target,
      effect,
      `not started: ${Math.max(0, Math.round(remainingMs))} ms left, its worst case needs ${neededMs} ms (the effect and saving its mark); retry later`,
    );
    this.remainingMs = remainingMs;
    this.neededMs = neededMs;
  }
}

/**
 * The event id already has a mark of this effect from a message of another topic: the same id for
 * two different events (a producer bug, or a producer that writes another topic's ids). The effect
 * is not run and the other message's result is not handed out. The record fails, is retried, and
 * reaches the DLQ; counted as EffectErrors{Reason=conflict}.
 */
export class EffectConflictError extends EffectError {
  constructor(target: EffectTarget, effect: string, options?: ErrorOptions) {
    super(
      target,
      effect,
      `the event id was already used by a message of another topic for this effect; not run (check the producers' Event-Id)`,
      options,
    );
  }
}

/**
 * The effect failed, and its mark could not be deleted. The retry is blocked until the mark's
 * in-progress expiry (the failed invocation's remaining time) passes; then it runs the effect again.
 * `cause` is the store error; `effectError` is what the effect threw.
 */
export class EffectReleaseError extends EffectError {
  readonly effectError: unknown;
  constructor(target: EffectTarget, effect: string, effectError: unknown, options?: ErrorOptions) {
    super(
      target,
      effect,
      `the effect failed (${describe(effectError)}) and its mark could not be deleted: ${describe(options?.cause)}`,
      options,
    );
    this.effectError = effectError;
  }
}

/**
 * The effect ran, but its COMPLETED mark could not be saved (after retries of transient errors, and
 * a save without the result for a result DynamoDB cannot hold), or another call took the mark over
 * while the effect ran. Never thrown: the effect has happened, and failing the record would only
 * make the retry repeat it. It is logged and counted; the caller gets the result.
 */
export class EffectCommitError extends EffectError {
  constructor(target: EffectTarget, effect: string, options?: ErrorOptions) {
    super(
      target,
      effect,
      `the effect ran but its result could not be saved: ${describe(options?.cause)}`,
      options,
    );
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
