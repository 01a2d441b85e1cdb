/**
 * `msk-once local` run as the npm scripts run it (the repository's own TypeScript through its export
 * condition), against the tests' Redis: one helper for the test files that drive the CLI.
 */
import { spawnSync } from 'node:child_process';
import { PROJECT_ROOT } from '../../infra/build-app.ts';
import { redisUrl } from './redis.ts';

/** How `msk-once local` is run: @default 2 partitions, batches of 5, the tests' Redis. */
export interface LocalCliRun {
  partitions?: number;
  batchSize?: number;
  env?: NodeJS.ProcessEnv;
}

/**
 * `msk-once local --handler <handler> --payloads <payloads>` with more options; it answers the exit
 * status, what the run printed (stdout, then stderr) and stderr alone.
 */
export function runLocal(
  handler: string,
  payloads: string,
  options: readonly string[],
  { partitions = 2, batchSize = 5, env = { ...process.env, REDIS_URL: redisUrl() } }: LocalCliRun = {},
): { status: number | null; out: string; stderr: string } {
  const r = spawnSync(
    process.execPath,
    [
      '--conditions=msk-once-source',
      'cli/main.ts',
      'local',
      '--handler',
      handler,
      '--payloads',
      payloads,
      '--partitions',
      String(partitions),
      '--batch-size',
      String(batchSize),
      ...options,
    ],
    { cwd: PROJECT_ROOT, env, encoding: 'utf8', timeout: 120_000 },
  );
  return { status: r.status, out: `${r.stdout}\n${r.stderr}`, stderr: r.stderr };
}

/**
 * A runner of `msk-once local --handler <handler> --payloads <payloads> --partitions 2 --batch-size 5`
 * with more options.
 *
 * @example
 * const local = localCli(payloadsFile);
 * const { status, out } = local('test/cli/fixtures/handler.ts', '--timeout', '3000');
 */
export function localCli(payloads: string) {
  return (handler: string, ...options: string[]) => runLocal(handler, payloads, options);
}
