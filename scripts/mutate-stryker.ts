/**
 * `npm run mutate:stryker [-- <stryker options>]`: StrykerJS over the core (stryker.config.mjs), with
 * the Redis standalone and cluster the tests need started first (the same global setup as
 * `npm test`), and stopped after. Options after `--` go to `stryker run` (e.g. `--mutate
 * lib/consumer/poison.ts`, `--concurrency 2`). Slow: every mutant runs the test files that reached
 * it; the incremental file (reports/mutation/) lets a later run reuse the verdicts of unchanged code.
 */
import { spawn } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { globalSetup, globalTeardown } from '../test/support/global-setup.ts';

await globalSetup();
const bin = join(process.cwd(), 'node_modules', '.bin');
// The TAP runner spawns `node` from PATH: it must be this Node.js (type stripping), not an older one.
const env = {
  ...process.env,
  PATH: `${join(process.execPath, '..')}${delimiter}${bin}${delimiter}${process.env.PATH}`,
};
const child = spawn(process.execPath, [join(bin, 'stryker'), 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
await globalTeardown();
process.exit(code);
