/**
 * The key formats before the current one (dedup-key.ts), for a rollout: the key an event had under the
 * format a previous release wrote, so that the rollout store (`RolloutDedupStore`) claims and commits
 * both while two releases run side by side.
 *
 * - `0.1.0`: `<service>:dedup:<handler>:<EVENT-ID>` (no tag).
 * - `0.2.0`: `<service>:dedup:<handler>:{<tag>}<EVENT-ID>`, one of 128 tags shared by every
 *   handler, picked by FNV-1a of the event id modulo 128.
 * - `0.3.0`: `<service>:dedup:<handler>:{<tag>}<EVENT-ID>`, the current format's 512 tags per
 *   handler, the bucket FNV-1a of the event id modulo 512 (no turns: dedup-key.ts); its DONE was
 *   the key holding 'D' for the window (hash fields since 0.4.0: dedup-mark.ts). The current store
 *   reads that string mark on any key, and writes it too while rolling out from 0.3.0. A quarter
 *   of the events keep their 0.3.0 key (the turn their time gives is their 0.3.0 bucket's).
 *
 * Guarantees: the very key those releases wrote (test/core/key-rollout.test.ts checks it against
 * their code from git history). Does not guarantee anything about formats after the current one.
 */
import { ConfigurationError } from '../errors.ts';
import { eventIdOfKey, fnv1a, KEY_BUCKETS, keyInBucket, prefixOfKey } from './dedup-key.ts';
import { idBeforeEncoding } from './event-id-format.ts';

/**
 * Key formats of previous releases a rollout can keep writing (`EnvVar.previousKeyFormat`):
 * `0.1.0` (no tag), `0.2.0` (128 tags shared by every handler), `0.3.0` (no turns, string DONE marks).
 */
export const PREVIOUS_KEY_FORMATS = ['0.1.0', '0.2.0', '0.3.0'] as const;

/** A name of {@link PREVIOUS_KEY_FORMATS}. */
export type PreviousKeyFormat = (typeof PREVIOUS_KEY_FORMATS)[number];

/** 0.2.0's 128 tags: tag `i` hashes into slots `[128 i, 128 (i + 1))`, for every handler alike. */
const TAGS_0_2_0: readonly string[] = [
  '14 10 6u 18 6l 6h 07 03 4n 29 25 21 3 7 4w 4s',
  '0j 0n 0b 0f 1a 1e 0s 0w f b n j w s 3z 2d',
  '15 11 6t 19 6m 6i 06 02 4o 28 24 20 2 6 4v 4r',
  '0k 0o 0c 0g 0z 1d 0r 0v g c o k v r 2a z',
  '16 12 6w 6s 6n 09 05 01 4l 4h 27 23 1 5 9 38',
  '0h 0l 1z 0d 0y 1g 0q 0u d 3e l h u q 2b y',
  '17 13 6v 6r 6o 08 04 00 4m 4i 26 22 0 4 8 39',
  '0i 0m 0a 0e 0x 1f 0p 0t e a m i t p 2c x',
]
  .join(' ')
  .split(' ')
  .map((tag) => `{${tag}}`);

/**
 * The key of the same event in a previous format, from a key in the current one (its prefix and
 * event id), or `undefined` for a key without a tag (not made by dedupKey).
 *
 * @example
 * previousFormatKey('0.1.0', 's:dedup:h:{HNCJ@}01J9...'); // 's:dedup:h:01J9...'
 * previousFormatKey('0.2.0', 's:dedup:h:{HNCJ@}01J9...'); // 's:dedup:h:{0j}01J9...' (its 0.2.0 bucket)
 */
export function previousFormatKey(format: PreviousKeyFormat, key: string): string | undefined {
  const prefix = prefixOfKey(key);
  const eventId = eventIdOfKey(key);
  if (prefix === undefined || eventId === undefined) return undefined;
  return previousKeyOf(format, prefix, eventId);
}

/**
 * The key an event had in a previous format, from its prefix and event id.
 *
 * @example
 * previousKeyOf('0.1.0', 's:dedup:h:', '01J9...'); // 's:dedup:h:01J9...'
 */
export function previousKeyOf(format: PreviousKeyFormat, prefix: string, eventId: string): string {
  if (format === '0.3.0') return keyInBucket(prefix, fnv1a(eventId) % KEY_BUCKETS, eventId);
  // Those releases stored an opaque id as given (`notif:u1`), the current one encoded (`notif%3Au1`):
  // the key they wrote is that of the id before encoding. A hashed id (over its byte limit) cannot be
  // undone: its previous key is named by the hash, a key they never wrote (docs/consumer.md, "Event id").
  const id = idBeforeEncoding(eventId) ?? eventId;
  return format === '0.1.0' ? prefix + id : prefix + TAGS_0_2_0[fnv1a(id) % 128] + id;
}

/**
 * Check a setting that names a previous key format; `undefined` or `''` is none.
 *
 * @throws {ConfigurationError} naming `option` for anything but '0.1.0', '0.2.0' or '0.3.0'.
 * @example
 * checkPreviousKeyFormat('0.2.0', 'previousKeyFormat'); // '0.2.0'
 */
export function checkPreviousKeyFormat(value: unknown, option: string): PreviousKeyFormat | undefined {
  if (value === undefined || value === '') return undefined;
  if ((PREVIOUS_KEY_FORMATS as readonly unknown[]).includes(value)) return value as PreviousKeyFormat;
  throw new ConfigurationError(
    option,
    // Not quoted: a token pasted into the variable by mistake would land in the init error.
    `is not a previous key format (${String(value).length} characters, not shown): name the release deployed before, ${PREVIOUS_KEY_FORMATS.map((f) => `'${f}'`).join(' or ')} (docs/consumer.md, "Key format")`,
  );
}
