/**
 * The second line of defence: run an external effect (a push, a charge, an e-mail) at most once per
 * (handler, effect name, event id), across invocations and containers, on Powertools idempotency
 * with a DynamoDB persistence layer (mark-table.ts).
 *
 *   too little time left      --> EffectOutOfTimeError               (not started; retried later)
 *   absent / expired          --mark INPROGRESS (conditional put)--> run the effect
 *   effect returned           --COMPLETED + result-->                a repeat gets the stored result
 *   result cannot be stored   --COMPLETED, no receipt-->             a repeat gets undefined (outcome: receipt false)
 *   effect threw              --mark deleted-->                      the retry runs it again
 *   INPROGRESS, live          --> EffectInProgressError              (the record is retried later)
 *   INPROGRESS, expiry passed --> taken over                         (its owner was killed)
 *   same id, another topic    --> EffectConflictError                (not run, no result handed out)
 *   the table cannot be asked --> EffectStoreError                   (fail-closed: not run)
 *
 * The in-progress expiry is the invocation's deadline (its remaining time when the mark is
 * written). Nothing stops an effect at that deadline: middy answers then and Lambda freezes the
 * sandbox with the effect half-way, so an effect is only started when the time left covers its
 * worst case (the effect, then saving its mark). See docs/effects.md.
 */
import { randomUUID } from 'node:crypto';
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import type { KafkaMessage } from '../contract/message.ts';
import { Dimension, type EffectErrorReason, EnvVar, Metric } from '../contract.ts';
import { ConfigurationError } from '../errors.ts';
import {
  DEFAULT_EFFECT_EXPIRES_AFTER_SECONDS,
  DEFAULT_IN_PROGRESS_MS,
  DEFAULT_MAX_EFFECT_MS,
  type EffectsConfig,
  effectsConfigFromEnv,
} from './config.ts';
import { EFFECTS_CLIENT_WORST_CALL_MS, effectsDynamoDBClient } from './dynamodb-client.ts';
import {
  EffectCommitError,
  EffectConflictError,
  EffectInProgressError,
  EffectOutOfTimeError,
  EffectReleaseError,
  EffectStoreError,
  type EffectTarget,
} from './errors.ts';
import { effectMarkPrefix } from './mark-key.ts';
import { EffectMarkTable } from './mark-table.ts';
import { storeReasonOf } from './store-reason.ts';

/** What an effect is keyed by and named after in errors: the record's event id and position. */
export type EffectSubject = Pick<KafkaMessage, 'eventId' | 'topic' | 'partition' | 'offset'>;

/** Where a commit failure is logged: the Powertools Logger of the record, or anything alike. */
export interface EffectLogger {
  error(message: string, ...extra: unknown[]): void;
  warn(message: string, ...extra: unknown[]): void;
}

/**
 * Per call: the Lambda context (its remaining time is the mark's in-progress expiry and the
 * budget the effect must fit in) and a logger. The second argument of a business handler
 * (`{ lambdaContext, logger, metrics }`) fits as it is.
 */
export interface EffectCallContext {
  readonly lambdaContext?: Pick<Context, 'getRemainingTimeInMillis'>;
  readonly logger?: EffectLogger;
  /** Where `Metric.effectErrors` is counted by `Reason`: the consumer's HandleContext.metrics. */
  readonly metrics?: { count(name: string, dimensions?: Record<string, string>, value?: number): void };
}

/** Per effect call. */
export interface EffectRunOptions {
  /**
   * The longest this effect may take (`fn` gets an AbortSignal that fires then, and should stop).
   * Default: the runner's `maxEffectMs`.
   */
  readonly maxEffectMs?: number;
}

/** The metric counting failures of the effect layer's own store (not of the effects): `Metric.effectErrors` of the contract. */
export const EFFECT_ERRORS_METRIC = Metric.effectErrors;

const countStoreError = (context: EffectCallContext, reason: EffectErrorReason): void =>
  context.metrics?.count(EFFECT_ERRORS_METRIC, { [Dimension.reason]: reason });

/**
 * Run `fn` at most once for this message's event id, this handler and this effect name; a repeat
 * gets the stored result. The result must be JSON data (stored in DynamoDB, at most 400 KB): the
 * first call gets the same JSON copy a repeat gets. A repeat gets `undefined` when the result was
 * not JSON data or could not be stored (a number above MAX_SAFE_INTEGER, an item over 400 KB).
 */
export type Effect = (<R>(
  message: EffectSubject,
  name: string,
  fn: (signal: AbortSignal) => Promise<R> | R,
  context?: EffectCallContext,
  options?: EffectRunOptions,
) => Promise<R | undefined>) & {
  /**
   * The same call, answering what happened: whether this call ran the effect, and on a repeat
   * whether the first run's result (its receipt) was stored, so that a repeat without a receipt
   * is told apart from an effect that returned `undefined`.
   *
   * @example
   * const charged = await effect.outcome(message, 'charge', (signal) => psp.charge(order, { signal }), ctx);
   * if (!charged.ran && !charged.receipt) logger.warn('charged before; its receipt was not stored');
   */
  outcome<R>(
    message: EffectSubject,
    name: string,
    fn: (signal: AbortSignal) => Promise<R> | R,
    context?: EffectCallContext,
    options?: EffectRunOptions,
  ): Promise<EffectOutcome<R>>;
};

/** What {@link Effect.outcome} answers. */
export type EffectOutcome<R> =
  /** This call ran the effect: `result` is the JSON copy of what it returned (`undefined` when not JSON data). */
  | { readonly ran: true; readonly result: R | undefined }
  /** A repeat: the effect ran before; `result` is what it returned then, `undefined` included. */
  | { readonly ran: false; readonly receipt: true; readonly result: R | undefined }
  /**
   * A repeat whose first result was not stored (not JSON data, over DynamoDB's 400 KB item, or a
   * number it cannot hold): the effect happened, what it returned is unknown.
   */
  | { readonly ran: false; readonly receipt: false; readonly result: undefined };

/**
 * What a mark holds in place of a result that could not be stored, so that a repeat knows there was
 * one (a mark saved without data is an effect that returned `undefined`, or a mark of 0.2.0).
 */
const NO_RECEIPT = Object.freeze({ 'msk-once.effect': 'no-receipt' });
function isNoReceipt(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<string, unknown>)['msk-once.effect'] === 'no-receipt'
  );
}

/** Options of {@link createEffect}. */
export interface EffectOptions extends Partial<EffectsConfig> {
  /** The idempotency table; required here (use {@link effectsConfigFromEnv} to read it from the environment). */
  readonly tableName: string;
  /** The DynamoDB client. Default: the container's shared fail-fast client. */
  readonly client?: DynamoDBClient;
  /** In-progress expiry when a call brings no Lambda context. Default: 15 minutes. */
  readonly inProgressMsWithoutContext?: number;
  /** Logger for calls that bring none. Default: console. */
  readonly logger?: EffectLogger;
  /** The longest an effect may take, unless a call says otherwise. Default: 3000 ms. */
  readonly maxEffectMs?: number;
  /**
   * The longest one call of the table may take with `client` (kept free for saving a mark after
   * its effect). Default: 6500 ms, the worst case of the default client (2 attempts of 1 s connect
   * + 2 s answer, plus back-off).
   */
  readonly maxStoreCallMs?: number;
}

const EFFECT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

function milliseconds(option: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(Number.isFinite(value) && value >= 0))
    throw new ConfigurationError(option, `${value} is not a number of milliseconds >= 0`);
  return value;
}

/** How a failed save of COMPLETED is handled: tried again, saved without the result, or given up. */
type SaveFailure = 'transient' | 'taken-over' | 'unstorable';

function saveFailureOf(error: unknown): SaveFailure {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    if (e.name === 'ConditionalCheckFailedException') return 'taken-over';
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (typeof status === 'number' && status >= 500) return 'transient';
  }
  const reason = storeReasonOf(error);
  return reason === 'timeout' || reason === 'connection' || reason === 'throttled'
    ? 'transient'
    : 'unstorable';
}

/**
 * Make an {@link Effect} runner bound to one idempotency table and one handler.
 *
 * @example
 * const effect = createEffect({ tableName: 'orders-idempotency', namespace: 'orders', handlerName: 'on-order-placed' });
 * // in a business handler:
 * async handle(message, ctx) {
 *   const receipt = await effect(message, 'send-receipt', (signal) => push.send(message.payload, { signal }), ctx);
 * }
 */
export function createEffect(options: EffectOptions): Effect {
  const namespace = options.namespace ?? 'msk-once';
  const handlerName = options.handlerName ?? process.env.AWS_LAMBDA_FUNCTION_NAME;
  if (typeof handlerName !== 'string' || handlerName.trim() === '') {
    throw new ConfigurationError(
      'handlerName',
      'is not set and neither is AWS_LAMBDA_FUNCTION_NAME: name the handler, it is part of every mark key',
    );
  }
  const expiresAfterSeconds = options.expiresAfterSeconds ?? DEFAULT_EFFECT_EXPIRES_AFTER_SECONDS;
  const fallbackMs = options.inProgressMsWithoutContext ?? DEFAULT_IN_PROGRESS_MS;
  const defaultMaxEffectMs = milliseconds('maxEffectMs', options.maxEffectMs, DEFAULT_MAX_EFFECT_MS);
  const maxStoreCallMs = milliseconds('maxStoreCallMs', options.maxStoreCallMs, EFFECTS_CLIENT_WORST_CALL_MS);
  const defaultLogger = options.logger ?? console;
  let client = options.client;
  let warnedDisabled = false;

  const outcome = async function outcome<R>(
    message: EffectSubject,
    name: string,
    fn: (signal: AbortSignal) => Promise<R> | R,
    context: EffectCallContext = {},
    run: EffectRunOptions = {},
  ): Promise<EffectOutcome<R>> {
    if (!EFFECT_NAME.test(name)) {
      throw new ConfigurationError(
        'effect name',
        `"${name}" must be 1-100 characters of letters, digits, _ . -`,
      );
    }
    if (typeof message?.eventId !== 'string' || message.eventId === '') {
      throw new ConfigurationError('effect message', `effect ${name} needs a message with an eventId`);
    }
    const maxEffectMs = milliseconds('maxEffectMs', run.maxEffectMs, defaultMaxEffectMs);
    const target: EffectTarget = message;
    const logger = context.logger ?? defaultLogger;
    const remaining = () => context.lambdaContext?.getRemainingTimeInMillis() ?? fallbackMs;
    // The effect and the save of its mark must both end before the deadline (the mark's
    // in-progress expiry): after it, a retry may take the mark over and run the effect again.
    const neededMs = maxEffectMs + maxStoreCallMs;
    const outOfTime = () => new EffectOutOfTimeError(target, name, remaining(), neededMs);
    if (remaining() < neededMs) throw outOfTime();

    client ??= effectsDynamoDBClient();
    // A layer per call: its owner token tells this call's own writes from another call's.
    const layer = new EffectMarkTable({ client, tableName: options.tableName, owner: randomUUID() });
    const config = new IdempotencyConfig({
      throwOnNoIdempotencyKey: true,
      expiresAfterSeconds,
      eventKeyJmesPath: 'eventId',
      // The same event id on another topic is another event: refused, not answered with this one's result.
      payloadValidationJmesPath: 'topic',
    });
    // Powertools skips `in_progress_expiration` for 0, which would hold the mark for days: >= 1 ms.
    config.registerLambdaContext({
      getRemainingTimeInMillis: () => Math.max(1, remaining()),
    } as Context);
    if (!config.isEnabled() && !warnedDisabled) {
      warnedDisabled = true;
      logger.warn(`${EnvVar.idempotencyDisabled} is set: effects run without their idempotency guard`);
    }
    const payload = { eventId: message.eventId, topic: message.topic };

    // Where the call got to, so that an error can be told apart: before the effect (store, or no
    // time left once marked), from the effect itself, or after it (the save).
    const at: { stage: 'marking' | 'late' | 'running' | 'ran' | 'threw' } = { stage: 'marking' };
    let result: R | undefined;
    let thrown: unknown;
    const guarded = async (_payload: typeof payload): Promise<unknown> => {
      // Marking took its time: check again (the mark is deleted when this throws).
      if (remaining() < neededMs) {
        at.stage = 'late';
        throw outOfTime();
      }
      at.stage = 'running';
      const started = performance.now();
      let raw: R;
      try {
        raw = await fn(AbortSignal.timeout(Math.max(1, maxEffectMs)));
      } catch (error) {
        at.stage = 'threw';
        thrown = error;
        throw error;
      }
      at.stage = 'ran';
      // Past this point the effect has happened: nothing may throw, or its mark would be deleted.
      const took = performance.now() - started;
      if (took > maxEffectMs) {
        logger.warn(
          `effect ${name} took ${Math.round(took)} ms, more than its maxEffectMs ${maxEffectMs}: a frozen invocation could have left it unsaved past its mark's expiry`,
        );
      }
      try {
        result = asStored(raw);
      } catch (error) {
        logger.error(
          `effect ${name} returned a value that is not JSON data; it is kept as undefined`,
          error as Error,
        );
        return NO_RECEIPT;
      }
      return result;
    };

    /** The effect ran and Powertools could not save COMPLETED: try again, or without the result. */
    const completeAfterFailedSave = async (error: unknown): Promise<EffectOutcome<R>> => {
      let cause = (error as Error)?.cause ?? error;
      let withResult = result !== undefined;
      for (let attempt = 1; attempt <= 3; attempt++) {
        const failure = saveFailureOf(cause);
        if (failure === 'taken-over') break;
        if (failure === 'unstorable') {
          if (!withResult) break;
          withResult = false;
          logger.warn(
            `effect ${name} ran; its result cannot be stored (${describe(cause)}): its mark is saved COMPLETED without it, a repeat gets undefined`,
          );
        } else {
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        }
        // No time for one more call: leave it (the mark ends at its in-progress expiry).
        if (remaining() < maxStoreCallMs) break;
        try {
          await layer.saveSuccess(payload, withResult ? (result as never) : (NO_RECEIPT as never));
          return { ran: true, result };
        } catch (again) {
          cause = again;
        }
      }
      const takenOver = saveFailureOf(cause) === 'taken-over';
      countStoreError(context, takenOver ? 'taken-over' : 'commit');
      logger.error(
        takenOver
          ? 'effect ran but another call took its mark over meanwhile (the effect may have happened twice)'
          : 'effect ran but its mark was not saved',
        new EffectCommitError(target, name, { cause }),
      );
      return { ran: true, result };
    };

    const runOnce = makeIdempotent(guarded, {
      persistenceStore: layer,
      config,
      keyPrefix: effectMarkPrefix({ namespace, handlerName, effect: name }),
    });
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await runOnce(payload);
        // This call ran it, or Powertools answered a repeat from the mark.
        if (at.stage === 'ran') return { ran: true, result };
        if (isNoReceipt(answer)) return { ran: false, receipt: false, result: undefined };
        return { ran: false, receipt: true, result: answer as R | undefined };
      } catch (error) {
        if (at.stage === 'late') throw outOfTime();
        if (at.stage === 'ran') return completeAfterFailedSave(error);
        if (at.stage === 'threw') {
          if (error === thrown) throw error;
          countStoreError(context, 'release');
          throw new EffectReleaseError(target, name, thrown, { cause: error });
        }
        const kind = error instanceof Error ? error.name : '';
        // The mark was there when the put failed and gone when it was read (its owner failed and
        // deleted it): nothing ran here, so mark again. Powertools for Python retries this too.
        if (kind === 'IdempotencyItemNotFoundError' && attempt < 3) continue;
        if (kind === 'IdempotencyAlreadyInProgressError') {
          throw new EffectInProgressError(target, name, { cause: error });
        }
        if (kind === 'IdempotencyValidationError') {
          countStoreError(context, 'conflict');
          throw new EffectConflictError(target, name, { cause: error });
        }
        const reason = storeReasonOf(error);
        countStoreError(context, reason);
        throw new EffectStoreError(target, name, reason, { cause: error });
      }
    }
  };
  const effect = async <R>(
    message: EffectSubject,
    name: string,
    fn: (signal: AbortSignal) => Promise<R> | R,
    context?: EffectCallContext,
    run?: EffectRunOptions,
  ): Promise<R | undefined> => (await outcome(message, name, fn, context, run)).result;
  return Object.assign(effect, { outcome });
}

let fromEnv: Effect | undefined;

/**
 * Run `fn` at most once per (event id, effect name), with the table, namespace and handler from the
 * environment ({@link effectsConfigFromEnv}) and the container's shared client. Pass the handler's
 * context so that the mark's in-progress expiry is the invocation's deadline and the effect is
 * only started when it fits before it.
 *
 * @throws EffectStoreError when the table cannot be asked (the effect is not run);
 *   EffectInProgressError when another call is running it; EffectOutOfTimeError when too little
 *   time is left; EffectConflictError when another topic's message used this event id; whatever
 *   `fn` threw (its mark deleted).
 * @example
 * export const handler = kafkaHandler<OrderPlaced>({
 *   handlerName: 'on-order-placed',
 *   async handle(message, ctx) {
 *     await effect(message, 'send-receipt', (signal) => push.send({ to: message.payload!.userId }, { signal }), ctx);
 *   },
 * });
 */
export const effect: Effect = Object.assign(
  async <R>(
    message: EffectSubject,
    name: string,
    fn: (signal: AbortSignal) => Promise<R> | R,
    context?: EffectCallContext,
    options?: EffectRunOptions,
  ): Promise<R | undefined> => {
    fromEnv ??= createEffect(effectsConfigFromEnv(process.env));
    return fromEnv(message, name, fn, context, options);
  },
  {
    outcome<R>(
      message: EffectSubject,
      name: string,
      fn: (signal: AbortSignal) => Promise<R> | R,
      context?: EffectCallContext,
      options?: EffectRunOptions,
    ): Promise<EffectOutcome<R>> {
      fromEnv ??= createEffect(effectsConfigFromEnv(process.env));
      return fromEnv.outcome(message, name, fn, context, options);
    },
  },
);

/** The JSON copy DynamoDB will hold, so the first call and a repeat see the same value. */
function asStored<R>(value: R): R | undefined {
  const json = JSON.stringify(value);
  return json === undefined ? undefined : (JSON.parse(json) as R);
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
