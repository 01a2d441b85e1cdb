/**
 * Where and how long the effect layer keeps its marks, read once from the environment.
 */
import { EnvVar } from '../contract.ts';
import { ConfigurationError } from '../errors.ts';

/** Seven days: as long as the longest dedup window ('critical'), so the second line outlives the first. */
export const DEFAULT_EFFECT_EXPIRES_AFTER_SECONDS = 7 * 24 * 60 * 60;

/** Used when no Lambda context is given: the longest a Lambda may run (15 min), so a live call is never taken over. */
export const DEFAULT_IN_PROGRESS_MS = 15 * 60 * 1000;

/** The longest an effect may run unless told otherwise (the push client's default timeout). */
export const DEFAULT_MAX_EFFECT_MS = 3_000;

/** The settings of the effect layer. */
export interface EffectsConfig {
  /** The DynamoDB table of idempotency marks (key attribute `id`, TTL attribute `expiration`). */
  readonly tableName: string;
  /** First part of every mark's key (`<namespace>:<handler>:<effect>#<hash of event id>`): the service name. */
  readonly namespace: string;
  /**
   * Second part of every mark's key: the handler (or function) the effects run in, so that two
   * functions of one service keep apart marks. Default: AWS_LAMBDA_FUNCTION_NAME.
   */
  readonly handlerName?: string;
  /** How long a COMPLETED mark keeps repeats out, in seconds. */
  readonly expiresAfterSeconds: number;
}

/**
 * Read the effect layer's settings from the contract's variables ({@link EnvVar}): `idempotencyTable`
 * (required), `idempotencyExpiresAfterSeconds` (default 7 days), `serviceName` (the key namespace,
 * default `msk-once`) and `functionName` (the handler part of the key; Lambda sets it).
 *
 * @throws ConfigurationError naming the variable when one is missing or malformed.
 * @example
 * const config = effectsConfigFromEnv(process.env);
 * // { tableName: 'orders-idempotency', namespace: 'orders', handlerName: 'orders-fn', expiresAfterSeconds: 604800 }
 */
export function effectsConfigFromEnv(env: Readonly<Record<string, string | undefined>>): EffectsConfig {
  const tableName = env[EnvVar.idempotencyTable]?.trim();
  if (!tableName) {
    throw new ConfigurationError(
      EnvVar.idempotencyTable,
      'is not set; the effect layer needs the DynamoDB table of idempotency marks (fail-closed: effects are not run without it)',
    );
  }
  const handlerName = env[EnvVar.functionName]?.trim();
  return {
    tableName,
    namespace: env[EnvVar.serviceName]?.trim() || 'msk-once',
    ...(handlerName ? { handlerName } : {}),
    expiresAfterSeconds: parseExpiry(env[EnvVar.idempotencyExpiresAfterSeconds]),
  };
}

function parseExpiry(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_EFFECT_EXPIRES_AFTER_SECONDS;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 60) {
    throw new ConfigurationError(
      EnvVar.idempotencyExpiresAfterSeconds,
      `must be a whole number of seconds, at least 60 (got "${raw}"); a mark must outlive the retries of its event`,
    );
  }
  return seconds;
}
