/**
 * Optional peer dependencies: the packages only some entries or features need (a format's library,
 * an AWS SDK client, the IAM signer), which `npm i msk-once` does not install. A feature loads its
 * peer where it is used; when the peer is not installed, a {@link MissingPeerError} says which
 * feature needs it and the exact command that installs it, instead of Node's bare "Cannot find package".
 */
import { MissingPeerError } from './errors.ts';

/**
 * The module `load` imports, or a {@link MissingPeerError} naming `feature` when `packageName` is
 * not installed. `load` is a literal `() => import('pkg')` so that bundlers see and bundle it.
 *
 * @example
 * const avsc = await importPeer('avsc', 'the avro format (msk-once/formats)', () => import('avsc'));
 * @internal
 */
export async function importPeer<T>(
  packageName: string,
  feature: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (MissingPeerError.isMissing(error, packageName)) {
      throw new MissingPeerError(packageName, feature, { cause: error });
    }
    throw error;
  }
}
