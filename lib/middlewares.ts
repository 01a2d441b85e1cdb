/**
 * msk-once/middlewares: the consumer core kafkaHandler is made of, and its seams, for measuring or
 * probing an invocation (timing each stage, counting the records that ran, a crash between the run
 * and the commit). To write a consumer, use `kafkaHandler` from `msk-once`.
 *
 * One object runs an invocation top-down (lib/consumer/invocation.ts): decode the event, claim the
 * keys, run the lanes, settle the claims (commit or release), flush the metrics, answer. Its seams
 * are hooks called after each stage ({@link InvocationHooks}): add them to a kafkaHandler with
 * `handler.hook(...)`, or build the core yourself from {@link resolveConfig}. The pieces inside
 * (the claim session, the lease, the group commit) are not exported: nothing outside the core may
 * talk to the store, or move a record.
 *
 * @example
 * import { ConsumerCore, resolveConfig } from 'msk-once/middlewares';
 * const core = new ConsumerCore(resolveConfig({ handlerName: 'on-order-placed', redis: { url }, handle }));
 * core.hook({ afterStage: (stage, invocation, ms) => console.log(stage, ms) });
 * export const handler = (event, context) => core.invoke(event, context);
 */
export type { ClaimState, RunState } from './consumer/batch-record.ts';
export { type ResolvedConfig, resolveConfig } from './consumer/config.ts';
export {
  ConsumerCore,
  type InvocationHooks,
  type InvocationStage,
  type InvocationView,
  type RecordView,
} from './consumer/invocation.ts';
// The event id and dedup key of a record, read as the core reads them (the CLI's DLQ reader uses them).
export {
  canonicalEventId,
  eventIdOfRecord,
  type RecordKeyOptions,
  recordDedupKey,
} from './kafka/record-event-id.ts';
