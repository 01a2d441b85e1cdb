/**
 * Options resolved and validated once, at cold start. Every error names the option and why.
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import { dedupKeyPrefix } from '../contract/dedup-key.ts';
import { MAX_OPAQUE_BYTES } from '../contract/event-id-format.ts';
import { type EventIdReader, type EventIdSource, resolveEventIdSource } from '../contract/event-id-source.ts';
import type { PreviousKeyFormat } from '../contract/previous-key-formats.ts';
import {
  type ResolvedSettings,
  readSettings,
  resolveSettings,
  SETTINGS,
  type SettingDeclaration,
  valueAt,
} from '../contract/settings.ts';
import type { WindowName } from '../contract/windows.ts';
import { DEFAULT_NAMESPACE, EnvVar } from '../contract.ts';
import { DEFAULT_COMMAND_TIMEOUT_MS, validateRedisOptions } from '../dedup/redis-options.ts';
import { RedisDedupStore } from '../dedup/redis-store.ts';
import { RolloutDedupStore } from '../dedup/rollout-store.ts';
import type { DedupStore } from '../dedup/store.ts';
import { windowMs } from '../dedup/window.ts';
import { ConfigurationError } from '../errors.ts';
import { formatOf } from '../formats/resolve.ts';
import { type DecodeOptions, parseJson } from '../kafka/decode.ts';
import { MetricsEmitter } from '../observability/batch-metrics.ts';
import { createLogger } from '../observability/logger.ts';
import type { BusinessHandler, KafkaHandlerOptions, PoisonOptions } from './options.ts';
import type { PoisonSink } from './poison.ts';
import { isSqsQueueUrl, SQS_QUEUE_URL_SHAPE, SqsPoisonSink } from './sqs-poison-sink.ts';

const declared = (id: string) => SETTINGS.find((s) => s.option === id) as { default: number; min: number };
export const DEFAULT_RESERVE_MS = declared('reserveMs').default;
export const DEFAULT_LEASE_MS = declared('leaseMs').default;
/** Below this a renewal (every third of the lease) could not keep up with a Redis round trip. */
export const MIN_LEASE_MS = declared('leaseMs').min;
/** A group commit once this many records succeeded, or this long after the first of them. */
export const DEFAULT_COMMIT_EVERY = {
  records: declared('commitEvery.records').default,
  ms: declared('commitEvery.ms').default,
} as const;
export const DEFAULT_MAX_HEADER_BYTES = declared('maxHeaderBytes').default;

export interface ResolvedConfig<T> {
  readonly service: string;
  readonly handlerName: string;
  readonly keyPrefix: string;
  readonly windowMs: number;
  readonly onStoreError: 'open' | 'closed';
  readonly decode: DecodeOptions<T>;
  /** Where each record's event id comes from (resolved once). */
  readonly eventId: EventIdReader;
  readonly handle: BusinessHandler<T>;
  readonly reserveMs: number;
  /**
   * The longest one store call may take (3 × the Redis command timeout): a wait for a held claim
   * ends this long before the reserve (time-budget.ts). Absent: 3 × 250 ms.
   */
  readonly storeCallMs?: number;
  readonly leaseMs: number;
  /** Longest wait for a claim another invocation holds (0: none). */
  readonly heldClaimWaitMs: number;
  /** How records are ordered while they run (ordering.ts). */
  readonly ordering: 'partition' | 'key';
  /** Records running at once, at most, under key order; unbounded under partition order. */
  readonly concurrency: number;
  readonly commitEvery: { readonly records: number; readonly ms: number };
  readonly store: DedupStore;
  /** The poison sink and its predicate; undefined when records are never parked. */
  readonly poison:
    | { readonly sink: PoisonSink; readonly isPermanent?: (error: unknown) => boolean }
    | undefined;
  readonly logger: Logger;
  readonly metrics: MetricsEmitter;
}

function nonEmpty(option: string, value: string | undefined, hint: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new ConfigurationError(option, `is empty; ${hint}`);
  return value;
}

/**
 * The handler name: the code's, else the deployment's (`EnvVar.handlerName`). Both given and
 * different, the alarms would watch a `Handler` dimension that never gets data: refused.
 *
 * @internal
 */
function resolveHandlerName(inCode: string | undefined, inEnvironment: string | undefined): string {
  const deployed = inEnvironment?.trim() ? inEnvironment : undefined;
  if (inCode === undefined) {
    return nonEmpty(
      'handlerName',
      deployed,
      `name the handler (it is part of every dedup key): give handlerName or set ${EnvVar.handlerName}`,
    );
  }
  const named = nonEmpty('handlerName', inCode, 'name the handler: it is part of every dedup key');
  if (deployed !== undefined && deployed !== named) {
    throw new ConfigurationError(
      'handlerName',
      `'${named}' in the code differs from '${deployed}' in ${EnvVar.handlerName} (the deployment's handlerName, which its alarms watch): make them equal, or drop handlerName from the code`,
    );
  }
  return named;
}

/**
 * The service: the code's, else the deployment's (`EnvVar.deployedServiceName`, then
 * `EnvVar.serviceName`). The code's and the deployment's both given and different, the keys and
 * metrics would carry a service the alarms do not watch: refused, as for the handler name.
 *
 * @internal
 */
function resolveService(
  inCode: string | undefined,
  deployed: string | undefined,
  powertools: string | undefined,
): string {
  const fromDeployment = deployed?.trim() ? deployed : undefined;
  if (inCode === undefined) {
    return nonEmpty('service', fromDeployment ?? powertools, `set service or ${EnvVar.serviceName}`);
  }
  const named = nonEmpty('service', inCode, `set service or ${EnvVar.serviceName}`);
  if (fromDeployment !== undefined && fromDeployment !== named) {
    throw new ConfigurationError(
      'service',
      `'${named}' in the code differs from '${fromDeployment}' in ${EnvVar.deployedServiceName} (the deployment's service, which its alarms watch): make them equal, or drop service from the code`,
    );
  }
  return named;
}

/** @internal */
function resolvePoison(given: PoisonOptions | undefined): ResolvedConfig<unknown>['poison'] {
  if (given === undefined) return undefined;
  if (given === null || typeof given !== 'object')
    throw new ConfigurationError('poison', 'must be an object: { queueUrl } or { sink }');
  const { queueUrl, sink, isPermanent } = given;
  if (isPermanent !== undefined && typeof isPermanent !== 'function')
    throw new ConfigurationError('poison.isPermanent', 'must be a function of the error');
  if ((queueUrl === undefined) === (sink === undefined))
    throw new ConfigurationError('poison', 'give queueUrl or sink, one of them');
  if (sink !== undefined) {
    if (sink === null || typeof sink.park !== 'function')
      throw new ConfigurationError('poison.sink', 'must have park(entry, signal)');
    return { sink, isPermanent };
  }
  if (typeof queueUrl !== 'string' || !isSqsQueueUrl(queueUrl))
    throw new ConfigurationError('poison.queueUrl', SQS_QUEUE_URL_SHAPE);
  return { sink: new SqsPoisonSink({ queueUrl }), isPermanent };
}

/** The Redis command timeout the options give, when they give connection options with one. */
function commandTimeoutOf(redis: unknown): number | undefined {
  if (redis === null || typeof redis !== 'object' || 'pipeline' in redis) return undefined;
  const ms = (redis as { commandTimeoutMs?: unknown }).commandTimeoutMs;
  return typeof ms === 'number' ? ms : undefined;
}

/**
 * The declared settings (lib/contract/settings.ts) as the options give them, checked, with their
 * defaults and constraints. The function timeout defaults to the deployment's
 * (`EnvVar.functionTimeoutMs`, which KafkaConsumer sets from its `timeout`).
 *
 * @internal
 */
export function resolveOptionSettings(
  options: object,
  env: NodeJS.ProcessEnv = process.env,
  settings?: readonly SettingDeclaration[],
): ResolvedSettings {
  const fail = (option: string, reason: string): never => {
    throw new ConfigurationError(option, reason);
  };
  const commitEvery = (options as { commitEvery?: unknown }).commitEvery;
  if (commitEvery !== undefined && (commitEvery === null || typeof commitEvery !== 'object'))
    fail('commitEvery', 'must be an object: { records, ms }');
  const read = (setting: SettingDeclaration): unknown => {
    const value = valueAt(options, setting.option);
    if (value !== undefined || setting.option !== 'functionTimeoutMs') return value;
    const deployed = env[EnvVar.functionTimeoutMs];
    return deployed && /^\d+$/.test(deployed) ? Number(deployed) : undefined;
  };
  return resolveSettings(readSettings(read, 'option', fail, settings), 'option', fail, {
    ...(settings ? { settings } : {}),
  });
}

/**
 * The event id source: `eventId`, or the deprecated `dedupKey` function (a `message` source with
 * opaque ids), never both. Default: the Event-Id header, a ULID.
 */
function resolveEventId<T, K>(options: KafkaHandlerOptions<T, K>): EventIdReader {
  const legacy = options.dedupKey;
  if (legacy === undefined)
    return resolveEventIdSource(options.eventId as EventIdSource | undefined, 'eventId');
  if (options.eventId !== undefined)
    throw new ConfigurationError(
      'dedupKey',
      `give eventId (or ${EnvVar.eventIdSource} through dedupConfigFromEnv) or dedupKey, not both: dedupKey is eventId: { from: 'message', id }, which the deployment's variable would contradict`,
    );
  if (typeof legacy !== 'function')
    throw new ConfigurationError('dedupKey', 'must be a function of the message');
  try {
    return resolveEventIdSource(
      // 0.2.0 took any non-empty string: the largest limit keeps such ids readable in their keys.
      { from: 'message', id: legacy as (m: unknown) => string, format: 'opaque', maxBytes: MAX_OPAQUE_BYTES },
      'dedupKey',
    );
  } catch (error) {
    // Named as the caller gave it.
    if (error instanceof ConfigurationError && error.option === 'dedupKey.id')
      throw new ConfigurationError('dedupKey', error.message.replace(/^invalid option [^:]+: /, ''));
    throw error;
  }
}

/**
 * Resolve and check handler options.
 *
 * @throws {ConfigurationError} naming the option: empty service or handler name, a service or
 *   handler name other than the deployment's (`EnvVar.deployedServiceName`, `EnvVar.handlerName`), a window below
 *   10 minutes, an unparseable Redis URL, no store, a bad policy or limit, a previousKeyFormat
 *   other than '0.1.0' or '0.2.0', the removed readPreviousKeys.
 * @example
 * const config = resolveConfig({ handlerName: 'on-order-placed', redis: { url }, handle });
 */
export function resolveConfig<T, K = Buffer>(options: KafkaHandlerOptions<T, K>): ResolvedConfig<T> {
  if (!options || typeof options !== 'object') throw new ConfigurationError('options', 'must be an object');
  const service = resolveService(
    options.service,
    process.env[EnvVar.deployedServiceName],
    process.env[EnvVar.serviceName],
  );
  const handlerName = resolveHandlerName(options.handlerName, process.env[EnvVar.handlerName]);
  // A brace before the key's tag would become its hash tag: every key of the handler in one slot.
  for (const [option, value] of [
    ['service', service],
    ['handlerName', handlerName],
  ] as const) {
    if (/[{}]/.test(value))
      throw new ConfigurationError(option, `'${value}' has a { or }: they are kept for the key's bucket`);
  }
  if (typeof options.handle !== 'function')
    throw new ConfigurationError('handle', 'must be the business function');
  const settings = resolveOptionSettings(options);
  const { values } = settings;
  const onStoreError = values.onStoreError as 'open' | 'closed';
  const reserveMs = values.reserveMs as number;
  const leaseMs = values.leaseMs as number;
  const heldClaimWaitMs = values.heldClaimWaitMs as number;
  const ordering = values.ordering as 'partition' | 'key';
  // Unbounded (one per partition) under partition order.
  const concurrency = ordering === 'key' ? (values.concurrency as number) : Number.POSITIVE_INFINITY;
  const commitEvery: { records: number; ms: number } = {
    records: values['commitEvery.records'] as number,
    ms: values['commitEvery.ms'] as number,
  };
  const maxHeaderBytes = values.maxHeaderBytes as number;
  if (options.parse !== undefined && typeof options.parse !== 'function')
    throw new ConfigurationError('parse', 'must be a function');
  if (options.parse !== undefined && options.value !== undefined)
    throw new ConfigurationError('value', 'give parse or value, not both');
  const valueFormat = options.value === undefined ? undefined : formatOf<T>(options.value, 'value');
  const keyFormat = options.key === undefined ? undefined : formatOf<K>(options.key, 'key');
  const eventId = resolveEventId(options);
  const window = windowMs(values.window as WindowName | number);
  let store = options.store;
  if (!store) {
    if (!options.redis) {
      throw new ConfigurationError(
        'redis',
        'no Redis and no store: give redis: { url } (or an ioredis client), or store',
      );
    }
    if (!('pipeline' in options.redis)) validateRedisOptions(options.redis);
    store = new RedisDedupStore({
      redis: options.redis,
      eventsPerSecond: values.eventsPerSecond as number,
      // Rolling out from 0.3.0: its releases read only the string mark, so commit writes it too.
      stringMarks: values.previousKeyFormat === '0.3.0',
    });
  } else if (values.previousKeyFormat === '0.3.0' && store instanceof RedisDedupStore && !store.stringMarks) {
    throw new ConfigurationError(
      'previousKeyFormat',
      'is \'0.3.0\' but the store given writes no 0.3.0 string marks: make it with stringMarks: true (docs/consumer.md, "Key format")',
    );
  }
  // Removed in 0.3.0 (it read old keys, never wrote them): refused, not silently ignored.
  if ((options as { readPreviousKeys?: unknown }).readPreviousKeys !== undefined) {
    throw new ConfigurationError(
      'readPreviousKeys',
      "was replaced in 0.3.0 by previousKeyFormat: '0.1.0' or '0.2.0', the release deployed before (docs/consumer.md, \"Key format\")",
    );
  }
  const previousFormat = values.previousKeyFormat as PreviousKeyFormat | undefined;
  // Both keys of each event (0.3.0's took no turns: most of its keys differ); from 0.3.0 the store
  // also writes the string mark (above) that release reads.
  if (previousFormat) store = new RolloutDedupStore(store, previousFormat);
  // A group's size where the team gave none is the store's: on a cluster a group costs a script
  // per hash slot among its keys, so it is made larger there (DedupStore.commitGroupRecords).
  if (!settings.given.has('commitEvery.records') && store.commitGroupRecords !== undefined)
    commitEvery.records = store.commitGroupRecords;
  const logger = options.logger ?? createLogger(service);
  // Told once, at cold start: a value derived from another setting (the reserve from the timeout).
  for (const why of settings.derived) logger.warn(`settings: ${why}`);
  const namespace = process.env[EnvVar.metricsNamespace] || DEFAULT_NAMESPACE;
  return {
    service,
    handlerName,
    keyPrefix: dedupKeyPrefix(service, handlerName),
    windowMs: window,
    onStoreError,
    decode: {
      parse: valueFormat?.decoder('value') ?? ((options.parse ?? parseJson) as DecodeOptions<T>['parse']),
      key: keyFormat?.decoder('key'),
      maxHeaderBytes,
      eventId,
    },
    eventId,
    handle: options.handle as unknown as BusinessHandler<T>,
    reserveMs,
    storeCallMs: 3 * (commandTimeoutOf(options.redis) ?? DEFAULT_COMMAND_TIMEOUT_MS),
    leaseMs,
    heldClaimWaitMs,
    ordering,
    concurrency,
    commitEvery,
    store,
    poison: resolvePoison(options.poison),
    logger,
    metrics: new MetricsEmitter(namespace, service, handlerName),
  };
}
