/**
 * What KafkaConsumer's bundling needs from the project it bundles: esbuild (local bundling only;
 * without it NodejsFunction would switch to Docker, which the construct never wants), and which
 * of msk-once's optional peers are installed (an absent one is left out of the bundle, so that
 * esbuild does not fail on a feature the function does not use; using it then names the package).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

/**
 * The optional peers the runtime entries load on first use (`msk-once`, `msk-once/formats`).
 * @internal
 */
export const RUNTIME_OPTIONAL_PEERS = [
  '@smithy/signature-v4',
  '@aws-sdk/credential-provider-node',
  '@aws-sdk/client-glue',
  '@aws-sdk/client-secrets-manager',
  '@aws-sdk/client-sqs',
  '@aws-lambda-powertools/tracer',
  'avsc',
  'protobufjs',
  'ajv',
] as const;

function installed(projectRoot: string, name: string): boolean {
  for (let dir = path.resolve(projectRoot); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'node_modules', name, 'package.json'))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

/**
 * True when esbuild can run locally for `projectRoot`: installed in its node_modules (or above),
 * or on the PATH, the two places NodejsFunction looks.
 *
 * @example
 * if (!esbuildAvailable(process.cwd())) throw new Error('npm i -D esbuild');
 * @internal
 */
export function esbuildAvailable(projectRoot: string): boolean {
  if (installed(projectRoot, 'esbuild')) return true;
  try {
    createRequire(path.join(path.resolve(projectRoot), 'package.json')).resolve('esbuild');
    return true;
  } catch {
    // Not resolvable from the project: try the PATH.
  }
  return spawnSync('esbuild', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * The optional peers of the runtime that `projectRoot` has not installed: external to the bundle.
 *
 * @example
 * const externalModules = absentRuntimePeers(process.cwd()); // e.g. ['avsc', 'protobufjs']
 * @internal
 */
export function absentRuntimePeers(projectRoot: string): string[] {
  return RUNTIME_OPTIONAL_PEERS.filter((name) => !installed(projectRoot, name));
}
