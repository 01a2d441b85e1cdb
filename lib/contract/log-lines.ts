/**
 * The log lines that tools read (the runbook's Logs Insights queries, `msk-once triage`): their
 * `message` field and the limits of what they list.
 */

/** The message of the per-batch line that lists the records skipped as repeats or held. */
export const DUPLICATES_MESSAGE = 'duplicates skipped';

/** At most this many skipped records are listed by event id in that line; its counts cover all. */
export const MAX_LISTED_SKIPPED = 20;
