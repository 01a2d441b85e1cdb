/**
 * Bundle a function as this project deploys it (infra/cdk/kafka-consumer.ts: esbuild, ESM,
 * node24, mainFields module/main, minified, keepNames, external source map; the AWS SDK external as
 * the runtime provides it) and measure its size and its module load time in fresh processes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { build } from 'esbuild';
import { median } from './stats.ts';

export interface BundleResult {
  entry: string;
  /** The .mjs Lambda loads. */
  bytes: number;
  /** The source map shipped next to it (read only when an error stack is mapped). */
  mapBytes: number;
  /** Each run's time to `import()` the bundle in a fresh Node process, ms. */
  loadSamplesMs: number[];
  loadMs: number;
  /** Spawn to exit of `node bundle-loader` (Node start + import), ms. */
  processMs: number;
  /** RSS right after the import, MB. */
  rssMb: number;
  /** The largest contributors to the minified output (package, or folder of this project). */
  largest: { name: string; bytes: number }[];
}

const outDir = join('node_modules', '.cache', 'msk-once-bench');

/** The shim esbuild's ESM output needs for CommonJS dependencies (ioredis) that call require(). */
const banner = "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);";

/**
 * Bundle `entry` into a temporary folder, then import it `runs` times in fresh processes.
 *
 * @example
 * const result = await bundleAndLoad('functions/notification/handler.ts', { [EnvVar.redisUrl]: 'redis://127.0.0.1:6379' });
 */
export async function bundleAndLoad(
  entry: string,
  env: Record<string, string>,
  runs = 7,
): Promise<BundleResult> {
  if (!existsSync(entry)) throw new Error(`bundle entry ${entry} does not exist`);
  // Inside the project so that the external AWS SDK resolves from node_modules, as the Lambda runtime provides it.
  const outfile = join(outDir, `${basename(dirname(entry))}-${basename(entry, '.ts')}.mjs`);
  mkdirSync(outDir, { recursive: true });
  const built = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    mainFields: ['module', 'main'],
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    external: ['@aws-sdk/*'],
    banner: { js: banner },
    logLevel: 'error',
    metafile: true,
  });
  const byPackage = new Map<string, number>();
  for (const [path, input] of Object.entries(built.metafile.outputs[outfile]?.inputs ?? {})) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
    const name = match ? match[1]! : path.split('/').slice(0, 2).join('/');
    byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
  }
  const largest = [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, bytes]) => ({ name, bytes }));
  const loader = new URL('./load-child.ts', import.meta.url).pathname;
  const loadSamplesMs: number[] = [];
  const processSamples: number[] = [];
  let rssMb = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const child = spawnSync(process.execPath, [loader, outfile], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    const elapsed = performance.now() - start;
    if (child.status !== 0) throw new Error(`loading ${entry} failed: ${child.stderr.slice(-1500)}`);
    const line = JSON.parse(child.stdout.trim().split('\n').pop()!) as { loadMs: number; rssMb: number };
    loadSamplesMs.push(line.loadMs);
    processSamples.push(elapsed);
    rssMb = line.rssMb;
  }
  return {
    entry,
    bytes: statSync(outfile).size,
    mapBytes: statSync(`${outfile}.map`).size,
    largest,
    loadSamplesMs,
    loadMs: median(loadSamplesMs),
    processMs: median(processSamples),
    rssMb,
  };
}
