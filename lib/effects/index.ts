/**
 * The effect layer (second line of defence): at most once per (event id, effect name), on
 * Powertools idempotency + DynamoDB, fail-closed. See docs/effects.md.
 *
 * @example
 * import { effect, collapseIdsFor } from './lib/effects/index.ts';
 * await effect(message, 'send-receipt', () => push.send({ collapseId: collapseIdsFor(message.eventId).apnsCollapseId }), ctx);
 */
export {
  APNS_COLLAPSE_ID_MAX_BYTES,
  type CollapseIds,
  collapseIdsFor,
  WEB_PUSH_TOPIC_MAX_CHARS,
} from './collapse-ids.ts';
export {
  DEFAULT_EFFECT_EXPIRES_AFTER_SECONDS,
  DEFAULT_IN_PROGRESS_MS,
  DEFAULT_MAX_EFFECT_MS,
  type EffectsConfig,
  effectsConfigFromEnv,
} from './config.ts';
export {
  createEffectsDynamoDBClient,
  EFFECTS_CLIENT_DEFAULTS,
  EFFECTS_CLIENT_WORST_CALL_MS,
  effectsDynamoDBClient,
} from './dynamodb-client.ts';
export {
  createEffect,
  EFFECT_ERRORS_METRIC,
  type Effect,
  type EffectCallContext,
  type EffectLogger,
  type EffectOptions,
  type EffectOutcome,
  type EffectRunOptions,
  type EffectSubject,
  effect,
} from './effect.ts';
export {
  EffectCommitError,
  EffectConflictError,
  EffectError,
  EffectInProgressError,
  EffectOutOfTimeError,
  EffectReleaseError,
  EffectStoreError,
  type EffectStoreReason,
  type EffectTarget,
} from './errors.ts';
export { type EffectMarkOf, effectMarkKey, effectMarkPrefix } from './mark-key.ts';
export { MARK_ATTRIBUTES } from './mark-table.ts';
export { storeReasonOf } from './store-reason.ts';
