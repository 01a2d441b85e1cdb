/**
 * Shared set-up of the infra tests: each environment's stack is synthesized once per test file
 * (bundling the fixture handler with esbuild) and its Template reused by every test.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import { buildApp, PROJECT_ROOT } from '../../infra/build-app.ts';
import type { ConsumerConfig, EnvironmentConfig } from '../../infra/cdk/environment-types.ts';
import { type ConsumerDeclaration, consumerIn } from '../../infra/consumer-declaration.ts';
import { type EnvironmentName, environment } from '../../infra/environments.ts';
import type { MskOnceStack } from '../../infra/msk-once-stack.ts';

export const FIXTURE_ENTRY = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'handler.ts',
);

/**
 * The shipped consumers' handlers (under functions/, which have their own tests) are replaced by the
 * fixture; a consumer a test declares keeps its own entry.
 */
export const fixtureEntry = (consumer: ConsumerConfig): string =>
  consumer.entry.startsWith('functions/') ? FIXTURE_ENTRY : consumer.entry;

/** A second consumer, as the README's "Add a consumer" steps declare one, with its own fixture handler. */
export const ORDER_PAID: ConsumerDeclaration = {
  name: 'order-paid',
  entry: 'test/infra/fixtures/order-paid.ts',
  handlerName: 'on-order-paid',
  topics: ['order-paid', 'order-refunded'],
  environments: { prod: { batchSize: 500 } },
};

/** The environment `name` with {@link ORDER_PAID} declared beside its own consumers. */
export function withOrderPaid(name: EnvironmentName): EnvironmentConfig {
  const shipped = environment(name);
  return { ...shipped, consumers: [...shipped.consumers, consumerIn(ORDER_PAID, name)] };
}

/** Synthesized CloudFormation JSON: untyped by nature; the assertions check its shape. */
// biome-ignore lint/suspicious/noExplicitAny: template JSON is checked value by value by the tests
export type Cfn = any;

export interface Synthesized {
  readonly stack: MskOnceStack;
  readonly template: Template;
}

/** The feature flags and settings of cdk.json, as the CLI passes them, so tests see what synth sees. */
export const CDK_JSON_CONTEXT: Record<string, unknown> = JSON.parse(
  readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8'),
).context;

const cache = new Map<string, Synthesized>();

/**
 * The stack and template of one environment (or of a config derived from one), built once.
 *
 * @example
 * const { template } = synth('dev');
 * template.resourceCountIs('AWS::Lambda::EventSourceMapping', 1);
 */
export function synth(
  name: EnvironmentName,
  config: EnvironmentConfig = environment(name),
  key: string = name,
): Synthesized {
  const hit = cache.get(key);
  if (hit) return hit;
  const { stacks } = buildApp({
    environments: [config],
    entryOverride: fixtureEntry,
    appProps: { context: CDK_JSON_CONTEXT },
  });
  const stack = stacks[0]!;
  const result = { stack, template: Template.fromStack(stack) };
  cache.set(key, result);
  return result;
}

/** The one resource of `type` whose logical id starts with `prefix` (fails otherwise). */
export function only(
  template: Template,
  type: string,
  props: Record<string, unknown> = {},
): { id: string; resource: Cfn } {
  const found = Object.entries(template.findResources(type, props));
  if (found.length !== 1) throw new Error(`expected one ${type}, found ${found.length}`);
  const [id, resource] = found[0]!;
  return { id, resource };
}

/**
 * The one resource of `type` that belongs to the consumer called `consumer` (its logical id starts
 * with the consumer's construct id), whatever other consumers the stack has.
 *
 * @example
 * const fn = ofConsumer(template, 'AWS::Lambda::Function', 'notification').resource.Properties;
 */
export function ofConsumer(
  template: Template,
  type: string,
  consumer: string,
  props: Record<string, unknown> = {},
): { id: string; resource: Cfn } {
  // CDK drops non-alphanumerics from logical ids; a child construct's name starts upper-case.
  const prefix = new RegExp(`^${consumer.replace(/[^A-Za-z0-9]/g, '')}[A-Z]`);
  const found = Object.entries(template.findResources(type, props)).filter(([id]) => prefix.test(id));
  if (found.length !== 1)
    throw new Error(`expected one ${type} of consumer ${consumer}, found ${found.length}`);
  const [id, resource] = found[0]!;
  return { id, resource };
}

/**
 * A bare stack in a test account with an imported one-AZ VPC: the scaffold of the construct tests
 * that build one piece at a time (no lookups, as synth must stay offline).
 */
export function bareStack(id: string): { stack: Stack; vpc: ec2.IVpc } {
  const stack = new Stack(new App(), id, { env: { account: '111111111111', region: 'eu-west-1' } });
  const vpc = ec2.Vpc.fromVpcAttributes(stack, 'Vpc', {
    vpcId: 'vpc-0a0000000000000a1',
    availabilityZones: ['eu-west-1a'],
    privateSubnetIds: ['subnet-0a00000000000000a'],
  });
  return { stack, vpc };
}
