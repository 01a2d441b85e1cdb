/**
 * The second line of defence: run an external effect (a push, a charge, an e-mail) at most once per
 * (event id, effect name), across invocations and containers, on Powertools idempotency with its
 * DynamoDB persistence layer.
 *
 *   absent / expired          --mark INPROGRESS (conditional put)--> run the effect
 *   effect returned           --COMPLETED + result-->                a repeat gets the stored result
 *   effect threw              --mark deleted-->                      the retry runs it again
 *   INPROGRESS, live          --> EffectInProgressError              (the record is retried later)
 *   INPROGRESS, expiry passed --> taken over                         (its owner was killed)
 *   the table cannot be asked --> EffectStoreError                   (fail-closed: not run)
 *
 * The in-progress expiry is the invocation's remaining time (Lambda kills the owner then), taken
 * from the Lambda context given with each call.
 */
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { Dimension, type EffectErrorReason, EnvVar, Metric } from '../contract.ts';
import { ConfigurationError } from '../errors.ts';
import type { KafkaMessage } from '../kafka/message.ts';
import {
  DEFAULT_EFFECT_EXPIRES_AFTER_SECONDS,
  DEFAULT_IN_PROGRESS_MS,
  type EffectsConfig,
  effectsConfigFromEnv,
} from './config.ts';
import { effectsDynamoDBClient } from './dynamodb-client.ts';
import {
  EffectCommitError,
  EffectInProgressError,
  EffectReleaseError,
  EffectStoreError,
  type EffectTarget,
} from './errors.ts';
import { storeReasonOf } from './store-reason.ts';

/** What an effect is keyed by and named after in errors: the record's event id and position. */
export type EffectSubject = Pick<KafkaMessage, 'eventId' | 'topic' | 'partition' | 'offset'>;

/** Where a commit failure is logged: the Powertools Logger of the record, or anything alike. */
export interface EffectLogger {
  error(message: string, ...extra: unknown[]): void;
  warn(message: string, ...extra: unknown[]): void;
}

/**
 * Per call: the Lambda context (its remaining time is the mark's in-progress expiry) and a logger.
 * The second argument of a business handler (`{ lambdaContext, logger }`) fits as it is.
 */
export interface EffectCallContext {
  readonly lambdaContext?: Pick<Context, 'getRemainingTimeInMillis'>;
  readonly logger?: EffectLogger;
  /** Where `Metric.effectErrors` is counted by `Reason`: the consumer's HandleContext.metrics. */
  readonly metrics?: { count(name: string, dimensions?: Record<string, string>, value?: number): void };
}

/** The metric counting failures of the effect layer's own store (not of the effects): `Metric.effectErrors` of the contract. */
export const EFFECT_ERRORS_METRIC = Metric.effectErrors;

const countStoreError = (context: EffectCallContext, reason: EffectErrorReason): void =>
  context.metrics?.count(EFFECT_ERRORS_METRIC, { [Dimension.reason]: reason });

/**
 * Run `fn` at most once for this message's event id and this effect name; a repeat gets the stored
 * result. The result must be JSON data (it is stored in DynamoDB, at most 400 KB): the first call
 * gets the same JSON copy a repeat gets.
 */
export type Effect = <R>(
  message: EffectSubject,
  name: string,
  fn: () => Promise<R> | R,
  context?: EffectCallContext,
) => Promise<R>;

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
}

const EFFECT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

/**
 * Make an {@link Effect} runner bound to one idempotency table.
 *
 * @example
 * const effect = createEffect({ tableName: 'notification-idempotency', namespace: 'notification' });
 * // in a business handler:
 * async handle(message, ctx) {
 *   const receipt = await effect(message, 'send-push', () => push.send(message.payload), ctx);
 * }
 */
export function createEffect(options: EffectOptions): Effect {
  const namespace = options.namespace ?? 'msk-once';
  const expiresAfterSeconds = options.expiresAfterSeconds ?? DEFAULT_EFFECT_EXPIRES_AFTER_SECONDS;
  const fallbackMs = options.inProgressMsWithoutContext ?? DEFAULT_IN_PROGRESS_MS;
  const defaultLogger = options.logger ?? console;
  const layers = new Map<string, DynamoDBPersistenceLayer>();
  let client = options.client;
  let warnedDisabled = false;

  // One persistence layer per effect name: Powertools keeps the key prefix on the layer, so sharing
  // one between names would let a concurrent call of another effect change the key mid-flight.
  const layerFor = (name: string): DynamoDBPersistenceLayer => {
    let layer = layers.get(name);
    if (!layer) {
      client ??= effectsDynamoDBClient();
      layer = new DynamoDBPersistenceLayer({ tableName: options.tableName, awsSdkV3Client: client });
      layers.set(name, layer);
    }
    return layer;
  };

  return async function effect<R>(
    message: EffectSubject,
    name: string,
    fn: () => Promise<R> | R,
    context: EffectCallContext = {},
  ): Promise<R> {
    if (!EFFECT_NAME.test(name)) {
      throw new ConfigurationError(
        'effect name',
        `"${name}" must be 1-100 characters of letters, digits, _ . -`,
      );
    }
    if (typeof message?.eventId !== 'string' || message.eventId === '') {
      throw new ConfigurationError('effect message', `effect ${name} needs a message with an eventId`);
    }
    const target: EffectTarget = message;
    const logger = context.logger ?? defaultLogger;
    const config = new IdempotencyConfig({ throwOnNoIdempotencyKey: true, expiresAfterSeconds });
    // The mark's in-progress expiry is the invocation's remaining time when Powertools writes it.
    // Powertools skips `in_progress_expiration` for 0, which would hold the mark for days: >= 1 ms.
    config.registerLambdaContext({
      getRemainingTimeInMillis: () =>
        Math.max(1, context.lambdaContext?.getRemainingTimeInMillis() ?? fallbackMs),
    } as Context);
    if (!config.isEnabled() && !warnedDisabled) {
      warnedDisabled = true;
      logger.warn(`${EnvVar.idempotencyDisabled} is set: effects run without their idempotency guard`);
    }

    // Where the call got to, so that an error can be told apart: before the effect (store), from
    // the effect itself, or after it (the commit).
    const at: { stage: 'marking' | 'running' | 'ran' | 'threw' } = { stage: 'marking' };
    let result: R | undefined;
    let thrown: unknown;
    const guarded = async (_eventId: string): Promise<R | undefined> => {
      at.stage = 'running';
      let raw: R;
      try {
        raw = await fn();
      } catch (error) {
        at.stage = 'threw';
        thrown = error;
        throw error;
      }
      at.stage = 'ran';
      // Past this point the effect has happened: nothing may throw, or its mark would be deleted.
      try {
        result = asStored(raw);
      } catch (error) {
        logger.error(
          `effect ${name} returned a value that is not JSON data; it is kept as undefined`,
          error as Error,
        );
      }
      return result;
    };

    const run = makeIdempotent(guarded, {
      persistenceStore: layerFor(name),
      config,
      keyPrefix: `${namespace}.${name}`,
    });
    for (let attempt = 1; ; attempt++) {
      try {
        return (await run(message.eventId)) as R;
      } catch (error) {
        if (at.stage === 'ran') {
          countStoreError(context, 'commit');
          logger.error(
            'effect ran but its mark was not saved',
            new EffectCommitError(target, name, { cause: error }),
          );
          return result as R;
        }
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
        const reason = storeReasonOf(error);
        countStoreError(context, reason);
        throw new EffectStoreError(target, name, reason, { cause: error });
      }
    }
  };
}

let fromEnv: Effect | undefined;

/**
 * Run `fn` at most once per (event id, effect name), with the table and namespace from the
 * environment ({@link effectsConfigFromEnv}) and the container's shared client.
 * Pass the handler's context so that the mark's in-progress expiry is the invocation's remaining time.
 *
 * @throws EffectStoreError when the table cannot be asked (the effect is not run);
 *   EffectInProgressError when another call is running it; whatever `fn` threw (its mark deleted).
 * @example
 * export const handler = kafkaHandler<ReviewCreated>({
 *   handlerName: 'on-review-created',
 *   async handle(message, ctx) {
 *     await effect(message, 'send-push', () => push.send({ to: message.payload!.userId }), ctx);
 *   },
 * });
 */
export const effect: Effect = async (message, name, fn, context) => {
  fromEnv ??= createEffect(effectsConfigFromEnv(process.env));
  return fromEnv(message, name, fn, context);
};

/** The JSON copy DynamoDB will hold, so the first call and a repeat see the same value. */
function asStored<R>(value: R): R | undefined {
  const json = JSON.stringify(value);
  return json === undefined ? undefined : (JSON.parse(json) as R);
}
