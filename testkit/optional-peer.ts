/**
 * The test kit's optional peers (avsc, protobufjs, dynalite, the DynamoDB client), loaded on
 * first use so that `msk-once/testkit` loads without them; a missing one is a
 * {@link MissingPeerError} with the `npm i -D` that installs it.
 */
import { createRequire } from 'node:module';
import { MissingPeerError } from '../lib/index.ts';

const load = createRequire(import.meta.url);

/**
 * The CommonJS export of `packageName`, or a {@link MissingPeerError} naming `feature`.
 *
 * @example
 * const avsc = requirePeer<typeof import('avsc')>('avsc', 'encodeWithSchema (msk-once/testkit)');
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

/**
 * The module `importer` loads, or a {@link MissingPeerError} naming `feature` when `packageName`
 * is not installed.
 *
 * @example
 * const { default: dynalite } = await importPeer('dynalite', 'startLocalDynamoDB', () => import('dynalite'));
 * @internal
 */
export async function importPeer<T>(
  packageName: string,
  feature: string,
  importer: () => Promise<T>,
): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    if (MissingPeerError.isMissing(error, packageName)) {
      throw new MissingPeerError(packageName, feature, { cause: error, dev: true });
    }
    throw error;
  }
}
