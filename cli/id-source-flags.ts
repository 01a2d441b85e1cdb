/**
 * `--id-source` and `--id-format`: the handler's event id source on the command line, in the text
 * form of its environment variables (`EnvVar.eventIdSource`, `EnvVar.eventIdFormat`), so that a
 * tool names the same id (and key) as the deployed consumer.
 */
import { type DeclarativeEventIdSource, parseEventIdSource } from '../lib/contract.ts';

export const ID_SOURCE_FLAG = '--id-source <source>';
export const ID_SOURCE_HELP =
  'where the handler reads the event id (its MSK_ONCE_EVENT_ID_SOURCE): header (Event-Id), header:<name>, cloudevents, key or position; a function source: give what it returns with --id-format opaque';
export const ID_FORMAT_FLAG = '--id-format <format>';
export const ID_FORMAT_HELP =
  'the id form (its MSK_ONCE_EVENT_ID_FORMAT): ulid (default for a header), uuid, opaque or opaque:<maxBytes>';

/** The flags as commander hands them. */
export interface IdFlags {
  idSource?: string;
  idFormat?: string;
}

/**
 * The source the flags name; undefined when neither is given.
 *
 * @throws {ConfigurationError} naming the flag.
 * @example
 * idSourceOf({ idSource: 'cloudevents', idFormat: 'uuid' }); // { from: 'cloudevents', format: 'uuid' }
 */
export function idSourceOf(flags: IdFlags): DeclarativeEventIdSource | undefined {
  return parseEventIdSource(flags.idSource, flags.idFormat, { source: '--id-source', format: '--id-format' });
}
