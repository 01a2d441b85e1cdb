/**
 * The records a batch did not run because of their dedup key, said once per batch in one log line,
 * so that a dedup-ratio alarm can be explained from the logs (which events, where, why) without a
 * line per record. The runbook's Logs Insights queries and `npm run triage` read these fields:
 *
 *   { "level": "INFO", "message": "duplicates skipped",
 *     "duplicates": 3,          // skipped as repeats: duplicatesDone + duplicatesInBatch
 *     "duplicatesDone": 2,      // DONE earlier (a redelivery, or the producer published it again)
 *     "duplicatesInBatch": 1,   // a later copy of an event of this batch, which ran once
 *     "held": 1,                // another invocation holds the claim: failed now, retried later
 *     "skipped": [{ "eventId": "01J...", "position": "orders-3@120", "cause": "done" }, ...],  // first 20
 *     "skippedOmitted": 0,      // skipped records not listed
 *     "byPartition": { "orders-3": 4 } }
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import { DUPLICATES_MESSAGE, MAX_LISTED_SKIPPED } from '../contract/log-lines.ts';
import { formatPosition, partitionId, type RecordPosition } from '../contract/position.ts';

/** Why a record did not run: DONE earlier, a copy in the same batch, or held by another invocation. */
export type SkipCause = 'done' | 'in-batch' | 'held';

interface Listed {
  readonly eventId: string | undefined;
  readonly position: string;
  readonly cause: SkipCause;
}

/**
 * The skipped records of one batch. `note` costs nothing until a record is skipped.
 *
 * @example
 * const skipped = new SkippedRecords();
 * skipped.note(record, '01J...', 'done');
 * skipped.log(logger); // one INFO line, or none when nothing was skipped
 */
export class SkippedRecords {
  #done = 0;
  #inBatch = 0;
  #held = 0;
  #listed: Listed[] | undefined;
  #byPartition: Map<string, number> | undefined;

  /** A record was not run for `cause`. */
  note(position: RecordPosition, eventId: string | undefined, cause: SkipCause): void {
    if (cause === 'done') this.#done++;
    else if (cause === 'in-batch') this.#inBatch++;
    else this.#held++;
    this.#listed ??= [];
    if (this.#listed.length < MAX_LISTED_SKIPPED) {
      this.#listed.push({ eventId, position: formatPosition(position), cause });
    }
    this.#byPartition ??= new Map();
    const id = partitionId(position.topic, position.partition);
    this.#byPartition.set(id, (this.#byPartition.get(id) ?? 0) + 1);
  }

  /** How many records were noted. */
  get count(): number {
    return this.#done + this.#inBatch + this.#held;
  }

  /** The fields of the line (empty when nothing was skipped). @internal */
  fields(): Record<string, unknown> | undefined {
    if (this.count === 0) return undefined;
    return {
      duplicates: this.#done + this.#inBatch,
      duplicatesDone: this.#done,
      duplicatesInBatch: this.#inBatch,
      held: this.#held,
      skipped: this.#listed,
      skippedOmitted: this.count - (this.#listed?.length ?? 0),
      byPartition: Object.fromEntries(this.#byPartition ?? []),
    };
  }

  /** Write the batch's line once; nothing when no record was skipped. */
  log(logger: Logger): void {
    const fields = this.fields();
    if (!fields) return;
    logger.info(DUPLICATES_MESSAGE, fields);
    this.#done = this.#inBatch = this.#held = 0;
    this.#listed = undefined;
    this.#byPartition = undefined;
  }
}
