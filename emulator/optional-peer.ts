/**
 * The emulator's optional peers (ulid), loaded on first use: the emulator runs in Node, never in a
 * bundled function, so a synchronous require is enough.
 */
import { createRequire } from 'node:module';
import { MissingPeerError } from '../lib/index.ts';

const load = createRequire(import.meta.url);

/**
 * The CommonJS export of `packageName`, or a {@link MissingPeerError} naming `feature`.
 *
 * @example
 * const { ulid } = requirePeer<typeof import('ulid')>('ulid', 'msk-once/emulator');
 * @internal
 */
export function requirePeer<T>(packageName: string, feature: string): T {
  try {
    return load(packageName) as T;
  } catch (error) {
    if (MissingPeerError.isMissing(error, packageName)) {
      throw new MissingPeerError(packageName, feature, { cause: error, dev: true });
    }
    throw error;
  }
}
