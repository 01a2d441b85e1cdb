/**
 * `npm run triage -- --env <name> [--consumer <name>] [--since 2h] [--from <file>]` (see
 * cli/triage/main.ts): the triage with the CDK app's environments (infra/environments.ts), the
 * default AWS credential chain, in the environment's region unless AWS_REGION is set.
 */
import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { runTriage } from '../cli/triage/main.ts';
import { ENVIRONMENTS } from '../infra/environments.ts';

const argv = process.argv.slice(2);
const envName = argv[argv.indexOf('--env') + 1] ?? '';
const region =
  process.env.AWS_REGION ??
  (Object.hasOwn(ENVIRONMENTS, envName)
    ? ENVIRONMENTS[envName as keyof typeof ENVIRONMENTS].region
    : undefined);

runTriage(argv, {
  environments: ENVIRONMENTS,
  cloudWatch: new CloudWatchClient({ region }),
  logs: new CloudWatchLogsClient({ region }),
  out: (text) => process.stdout.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`triage failed: ${(error as Error)?.message ?? error}`);
    process.exitCode = 1;
  },
);
