/**
 * One declaration per consumer: what it is (name, handler name, topics) once, the sizing that
 * differs per environment beside it, and defaults for everything else. `infra/environments.ts`
 * lists the declarations; each environment deploys every declared consumer.
 */
import type { ConsumerConfig } from './cdk/environment-types.ts';

/** The fields a consumer must name; everything else of {@link ConsumerConfig} has a default. */
export interface ConsumerDeclaration
  extends Partial<Omit<ConsumerConfig, 'name' | 'handlerName' | 'topics'>> {
  /** Construct id and name part, e.g. `order-paid`. */
  readonly name: string;
  /** The `Handler` dimension, passed to the function (kafkaHandler takes it from there). */
  readonly handlerName: string;
  /** The source topics. */
  readonly topics: readonly string[];
  /** Settings of one environment (by its name) over the declaration's, e.g. `{ prod: { batchSize: 200 } }`. @default none */
  readonly environments?: Readonly<Record<string, Partial<Omit<ConsumerConfig, 'name'>>>>;
}

/**
 * The defaults of a declaration: `entry` `functions/<name>/handler.ts`, `service` the name,
 * `consumerGroupId` `<service>.<handlerName>`, and the sizing below.
 */
export const CONSUMER_DEFAULTS = {
  batchSize: 100,
  window: 'default',
  storePolicy: 'open',
  pollers: { minimum: 1, maximum: 2 },
  retryAttempts: 3,
  // The construct's default too: a new consumer group (first deploy, or a renamed group) starts at
  // the oldest retained record, so nothing produced before the mapping existed is skipped. Records
  // read again are safe: each event id runs its effect once. LATEST would silently skip them.
  startingPosition: 'TRIM_HORIZON',
  timeoutSeconds: 120,
  memoryMb: 512,
  usesIdempotencyTable: false,
} as const satisfies Partial<ConsumerConfig>;

/**
 * The consumer config of `declaration` in the environment called `environmentName`.
 *
 * @example
 * const orderPaid = { name: 'order-paid', handlerName: 'on-order-paid', topics: ['order-paid'] };
 * consumerIn(orderPaid, 'dev');
 * // { name: 'order-paid', entry: 'functions/order-paid/handler.ts', service: 'order-paid',
 * //   consumerGroupId: 'order-paid.on-order-paid', batchSize: 100, ... }
 */
export function consumerIn(declaration: ConsumerDeclaration, environmentName: string): ConsumerConfig {
  const { environments, ...declared } = declaration;
  const service = declared.service ?? declared.name;
  const merged: ConsumerConfig = {
    ...CONSUMER_DEFAULTS,
    entry: `functions/${declared.name}/handler.ts`,
    service,
    consumerGroupId: `${service}.${declared.handlerName}`,
    ...declared,
    ...environments?.[environmentName],
  };
  return merged;
}

/**
 * An environment's name in `environments` that is not one of `known` (a typo there would silently
 * leave that environment on the defaults).
 *
 * @throws {Error} naming the consumer and the unknown environment.
 * @example
 * checkDeclarations([{ name: 'n', handlerName: 'h', topics: ['t'], environments: { prd: {} } }], ['dev', 'prod']);
 * // throws: consumer 'n' has settings for environment 'prd', which is not one of dev, prod
 */
export function checkDeclarations(
  declarations: readonly ConsumerDeclaration[],
  known: readonly string[],
): void {
  const names = new Set<string>();
  for (const d of declarations) {
    if (names.has(d.name)) throw new Error(`consumer '${d.name}' is declared twice`);
    names.add(d.name);
    for (const env of Object.keys(d.environments ?? {})) {
      if (!known.includes(env)) {
        throw new Error(
          `consumer '${d.name}' has settings for environment '${env}', which is not one of ${known.join(', ')}`,
        );
      }
    }
  }
}
