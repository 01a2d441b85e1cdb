/**
 * The `Reason` dimension values of the error metrics ({@link Metric} of metrics.ts): why a dedup
 * store call, an effect mark or a schema registry lookup failed.
 */

/**
 * Why a dedup store call failed: a Redis timeout, a lost or refused connection, a Lua/script error,
 * anything else; or `misconfigured`: no store call has worked since the function's cold start (a
 * wrong host, port, TLS setting, token or ACL, or a Redis already down when the container started).
 */
export const STORE_ERROR_REASONS = ['timeout', 'connection', 'script', 'unknown', 'misconfigured'] as const;

/**
 * Claims this invocation held and may have lost under a running batch: `claim-lost` (a renewal
 * found the key gone, DONE or another owner's: Redis lost writes in a restart or failover) and
 * `lease-overrun` (a record ended more than a lease after the last confirmed renewal: the event
 * loop was blocked, or renewals failed, so another invocation may have run it too). One count
 * per record.
 */
export const CLAIM_LOSS_REASONS = ['claim-lost', 'lease-overrun'] as const;

/**
 * Records key order left exposed: `key-order-exposed`, a record that succeeded above a failed
 * record of another key in its partition and whose DONE mark did not land (its commit failed). A
 * mapping that resumes from the lowest reported offset runs it again once its lease ends
 * (docs/consumer.md, "Ordering"). One count per record.
 */
export const KEY_ORDER_REASONS = ['key-order-exposed'] as const;

/** The `Reason` values of {@link Metric} `dedupErrors`: {@link STORE_ERROR_REASONS}, {@link CLAIM_LOSS_REASONS}, then {@link KEY_ORDER_REASONS}. */
export const DEDUP_ERROR_REASONS = [
  ...STORE_ERROR_REASONS,
  ...CLAIM_LOSS_REASONS,
  ...KEY_ORDER_REASONS,
] as const;

/** One of {@link DEDUP_ERROR_REASONS}. */
export type DedupErrorReason = (typeof DEDUP_ERROR_REASONS)[number];

/**
 * The `Reason` values of {@link Metric} `heldClaimWaits`, how a wait for a claim another invocation
 * held ended: `claimed` (it was released or its lease ended: the record ran here), `done` (its
 * owner committed it: a duplicate), `still-held` (held until the wait's bound: the record failed).
 */
export const HELD_CLAIM_WAIT_OUTCOMES = ['claimed', 'done', 'still-held'] as const;

/** One of {@link HELD_CLAIM_WAIT_OUTCOMES}. */
export type HeldClaimWaitOutcome = (typeof HELD_CLAIM_WAIT_OUTCOMES)[number];

/** One of {@link STORE_ERROR_REASONS}. */
export type StoreErrorReason = (typeof STORE_ERROR_REASONS)[number];

/**
 * The `Reason` values of {@link Metric} `effectErrors`: why the idempotency table could not be
 * asked (the effect was not run), plus `commit` (the effect ran, its mark was not saved),
 * `release` (the effect failed, its mark was not deleted), `conflict` (the event id has a mark
 * from another topic: not run) and `taken-over` (the effect ran while another call took its mark
 * over: it may have happened twice).
 */
export const EFFECT_ERROR_REASONS = [
  'timeout',
  'connection',
  'throttled',
  'table-missing',
  'access-denied',
  'unknown',
  'commit',
  'release',
  'conflict',
  'taken-over',
] as const;

/** One of {@link EFFECT_ERROR_REASONS}. */
export type EffectErrorReason = (typeof EFFECT_ERROR_REASONS)[number];

/**
 * The `Reason` values of {@link Metric} `schemaRegistryErrors`: the schema id is unknown, the
 * credentials were refused, the registry did not answer in time, could not be reached, answered an
 * HTTP error, or answered something that is not a schema.
 */
export const SCHEMA_REGISTRY_ERROR_REASONS = [
  'not-found',
  'denied',
  'timeout',
  'unreachable',
  'http',
  'invalid',
] as const;

/** One of {@link SCHEMA_REGISTRY_ERROR_REASONS}. */
export type SchemaRegistryErrorReason = (typeof SCHEMA_REGISTRY_ERROR_REASONS)[number];
