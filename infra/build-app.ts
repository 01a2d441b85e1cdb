/**
 * Build the CDK app for the environments selected by `-c env=<name|all>`, with cdk-nag's
 * AwsSolutions checks on every stack (a validation plugin: a violation that is not acknowledged fails synth).
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, type AppProps, Validations } from 'aws-cdk-lib';
import nag from 'cdk-nag';
import { STACK_NAME_PREFIX } from './app-names.ts';
import type { ConsumerConfig, EnvironmentConfig } from './cdk/environment-types.ts';
import { selectEnvironments } from './environments.ts';
import { MskOnceStack } from './msk-once-stack.ts';

/** The repository root (entries and package-lock.json are relative to it). */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildAppOptions {
  /** Environments to build; default: from the `env` context (`-c env=...`). */
  readonly environments?: readonly EnvironmentConfig[];
  readonly appProps?: AppProps;
  /** Replace every consumer's handler entry, or those a function maps to another (tests). @default none */
  readonly entryOverride?: string | ((consumer: ConsumerConfig) => string);
}

/** The stack id of an environment. */
export function stackId(config: EnvironmentConfig): string {
  return `${STACK_NAME_PREFIX}-${config.name}`;
}

/**
 * The app and its stacks.
 *
 * @throws {UnknownEnvironmentError} when `-c env=` is missing or unknown.
 * @example
 * const { app, stacks } = buildApp({ environments: [environment('dev')] });
 * app.synth();
 */
export function buildApp(options: BuildAppOptions = {}): { app: App; stacks: MskOnceStack[] } {
  const app = new App(options.appProps);
  const environments = options.environments ?? selectEnvironments(app.node.tryGetContext('env'));
  const stacks = environments.map(
    (config) =>
      new MskOnceStack(app, stackId(config), {
        config,
        env: { account: config.account, region: config.region },
        projectRoot: PROJECT_ROOT,
        entryOverride: options.entryOverride,
        description: `msk-once consumers, dedup cache, alarms and dashboard (${config.name})`,
        tags: { project: 'msk-once', environment: config.name },
        // An environment that keeps its data (prod) cannot be deleted by a stray `cdk destroy`.
        terminationProtection: config.retainData,
      }),
  );
  Validations.of(app).addPlugins(new nag.AwsSolutionsChecks(app, { verbose: true }));
  return { app, stacks };
}
