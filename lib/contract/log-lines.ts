/**
 * The log lines that tools read (the runbook's Logs Insights queries, `msk-once triage`): their
 * `message` field and the limits of what they list.
 */

/**
 * The message of the WARN line a commit logs when DONE marks went into hashes past Redis's compact
 * encoding (more than 128 fields: dedup-mark.ts), with `overfullMarks`, how many: the handler runs
 * above its declared `eventsPerSecond`.
 */
export const MARKS_NOT_COMPACT_MESSAGE =
  'dedup marks went into hashes past the compact encoding: the handler runs above its declared eventsPerSecond; raise it (like a key format change)';

/** The message of the per-batch line that lists the records skipped as repeats or held. */
export const DUPLICATES_MESSAGE = 'duplicates skipped';

/** At most this many skipped records are listed by event id in that line; its counts cover all. */
export const MAX_LISTED_SKIPPED = 20;
