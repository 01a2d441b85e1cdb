/**
 * The DynamoDB client of the effect layer: one per container, made on first use, with short
 * timeouts and one retry so that an unreachable or hung DynamoDB fails the record fast instead of
 * eating the invocation.
 */
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';

/** Connect within 1 s, answer within 2 s, try twice: at worst about 6 s per store call. */
export const EFFECTS_CLIENT_DEFAULTS = {
  maxAttempts: 2,
  requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000, throwOnRequestTimeout: true },
} as const satisfies DynamoDBClientConfig;

/**
 * The longest one call of the default client may take: two attempts of (connect 1 s + answer 2 s),
 * plus 500 ms for the retry's back-off. The effect runner keeps this much time for saving a mark.
 */
export const EFFECTS_CLIENT_WORST_CALL_MS =
  EFFECTS_CLIENT_DEFAULTS.maxAttempts *
    (EFFECTS_CLIENT_DEFAULTS.requestHandler.connectionTimeout +
      EFFECTS_CLIENT_DEFAULTS.requestHandler.requestTimeout) +
  500;

let shared: DynamoDBClient | undefined;

/**
 * Make a DynamoDB client with the effect layer's fail-fast defaults; `config` overrides them
 * (an `endpoint` for dynalite, a `region`, `credentials`).
 *
 * @example
 * const client = createEffectsDynamoDBClient({ endpoint: 'http://127.0.0.1:4567', region: 'local' });
 */
export function createEffectsDynamoDBClient(config: DynamoDBClientConfig = {}): DynamoDBClient {
  return new DynamoDBClient({ ...EFFECTS_CLIENT_DEFAULTS, ...config });
}

/**
 * The container's shared client, made lazily on the first call (Lambda keeps it across invocations).
 * Region, credentials and endpoint come from the usual AWS SDK environment (AWS_REGION,
 * AWS_ENDPOINT_URL_DYNAMODB, ...).
 *
 * @example
 * const client = effectsDynamoDBClient();
 * client === effectsDynamoDBClient(); // true
 */
export function effectsDynamoDBClient(): DynamoDBClient {
  shared ??= createEffectsDynamoDBClient();
  return shared;
}
