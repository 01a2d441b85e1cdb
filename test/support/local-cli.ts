/**
 * `msk-once local` run as the npm scripts run it (the repository's own TypeScript through its export
 * condition), against the tests' Redis: one helper for the test files that drive the CLI.
 */
import { spawnSync } from 'node:child_process';
import { PROJECT_ROOT } from '../../infra/build-app.ts';
import { redisUrl } from './redis.ts';

/**
 * A runner of `msk-once local --handler <handler> --payloads <payloads> --partitions 2 --batch-size 5`
 * with more options; it answers the exit status and what the run printed (stdout, then stderr).
 *
 * @example
 * const local = localCli(payloadsFile);
 * const { status, out } = local('test/cli/fixtures/handler.ts', '--timeout', '3000');
 */
export function localCli(payloads: string) {
  return (handler: string, ...options: string[]): { status: number | null; out: string } => {
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
        '2',
        '--batch-size',
        '5',
        ...options,
      ],
      {
        cwd: PROJECT_ROOT,
        env: { ...process.env, REDIS_URL: redisUrl() },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
  };
}
