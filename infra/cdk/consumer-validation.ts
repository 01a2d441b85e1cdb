/**
 * Checks of {@link KafkaConsumerProps} that AWS would only reject at deploy time (or never, and then
 * lose records). Each error names the property.
 */
import { Duration, Token } from 'aws-cdk-lib';
import {
  DEPRECATED_ENV_VARS,
  EnvVar,
  EVENT_ID_FORMATS,
  EVENT_ID_SOURCES,
  MAX_OPAQUE_ID_BYTES,
  oldNames,
  readSettings,
  resolveSettings,
  SETTINGS,
  type SettingDeclaration,
  valueAt,
} from '../../lib/contract.ts';
import { ConstructConfigError } from './errors.ts';
import type { ConsumerEventIdSource, KafkaConsumerProps } from './kafka-consumer-props.ts';

/** The Kafka ESM invokes a function for at most 14 minutes. */
export const MAX_KAFKA_TIMEOUT = Duration.minutes(14);
export const MAX_BATCH_SIZE = 10_000;
/** The default `timeout` of the function. */
export const DEFAULT_TIMEOUT = Duration.minutes(2);

/**
 * Variables the construct sets from its props, and the prop each comes from; `environment` may not
 * set them. Every declared setting's variable (and its 0.2.0 name) is here, from the declaration.
 */
export const OWNED_VARIABLES: ReadonlyMap<string, string> = ownedVariables();

function ownedVariables(): Map<string, string> {
  const owned = new Map<string, string>([
    [EnvVar.serviceName, 'service'],
    [EnvVar.handlerName, 'handlerName'],
    [EnvVar.deployedServiceName, 'service'],
    [EnvVar.metricsNamespace, 'metricsNamespace'],
    [EnvVar.idempotencyTable, 'idempotencyTable'],
    [EnvVar.poisonQueueUrl, 'poisonQueue'],
    [EnvVar.eventIdSource, 'eventId'],
    [EnvVar.eventIdFormat, 'eventId'],
    ['NODE_OPTIONS', 'entry (source maps)'],
  ]);
  for (const setting of SETTINGS)
    for (const name of [setting.variable, ...oldNames(setting, 'variable')])
      owned.set(name, setting.prop ?? 'timeout');
  // A 0.2.0 name is owned by the prop of the variable that replaced it.
  for (const [old, now] of Object.entries(DEPRECATED_ENV_VARS))
    if (!owned.has(old) && owned.has(now)) owned.set(old, owned.get(now)!);
  return owned;
}
/** The contract's `DEDUP_ENV_VARS` (the store's connection) share this prefix: `dedupStore`'s. */
const DEDUP_FAMILY = /^DEDUP_/;
/** The prop that sets `name`, when the construct sets it. */
function ownerOf(name: string): string | undefined {
  return OWNED_VARIABLES.get(name) ?? (DEDUP_FAMILY.test(name) ? 'dedupStore' : undefined);
}

/** A prop's value as the declaration reads it: a Duration in milliseconds; undefined for a token. */
function propValue(props: KafkaConsumerProps, setting: SettingDeclaration, path: string): unknown {
  const value = valueAt(props, path);
  if (value === undefined || !setting.propIsDuration) return value;
  if (!(value instanceof Duration)) return Number.NaN;
  const ms = value.toMilliseconds();
  return Token.isUnresolved(ms) ? undefined : ms;
}

/** The declared settings of a consumer: the variables they make, and what was derived or deprecated. */
export interface ConsumerSettings {
  /** The variables of the settings the props give (and the function timeout, always). */
  readonly environment: Record<string, string>;
  /** Sentences for synth annotations: values derived from others, deprecated props used. */
  readonly notes: readonly string[];
}

/**
 * The declared settings (lib/contract/settings.ts) from the props, checked with the constraints
 * between them as kafkaHandler checks them at cold start, named by the props.
 *
 * @throws {ConstructConfigError} naming the prop (both props for a constraint).
 * @example
 * const { environment } = consumerSettings('Stack/orders', props);
 */
export function consumerSettings(
  path: string,
  props: KafkaConsumerProps,
  settings: readonly SettingDeclaration[] = SETTINGS,
): ConsumerSettings {
  const fail = (prop: string, reason: string): never => {
    throw new ConstructConfigError(path, prop, reason);
  };
  const notes: string[] = [];
  const read = (setting: SettingDeclaration): unknown => {
    if (setting.prop === undefined) return undefined;
    let value = propValue(props, setting, setting.prop);
    for (const old of oldNames(setting, 'prop')) {
      const was = propValue(props, setting, old);
      if (was === undefined) continue;
      if (value !== undefined && value !== was)
        fail(
          old,
          `is the deprecated name of ${setting.prop}, which says otherwise: give ${setting.prop} alone`,
        );
      notes.push(`${old} is deprecated: use ${setting.prop} (the same setting, read for one release)`);
      value = was;
    }
    return value;
  };
  const given = readSettings(read, 'prop', fail, settings);
  const timeout = settings.find((s) => s.prop === 'timeout');
  const values = { ...given.values };
  // The function always has a timeout: the construct's default when the prop is not set.
  if (timeout && values[timeout.option] === undefined)
    values[timeout.option] = DEFAULT_TIMEOUT.toMilliseconds();
  const resolved = resolveSettings({ values, given: given.given }, 'prop', fail, {
    settings,
    facts: { effects: props.idempotencyTable !== undefined },
  });
  notes.push(...resolved.derived);
  const environment: Record<string, string> = {};
  for (const setting of settings) {
    const value = setting === timeout ? values[setting.option] : given.values[setting.option];
    if (value !== undefined) environment[setting.variable] = String(value);
  }
  return { environment, notes };
}

/**
 * Throw the first problem found; answer the declared settings' variables (consumerSettings).
 *
 * @throws {ConstructConfigError}
 * @example
 * validateConsumerProps('Stack/orders', props);
 */
export function validateConsumerProps(path: string, props: KafkaConsumerProps): ConsumerSettings {
  const fail = (prop: string, reason: string): never => {
    throw new ConstructConfigError(path, prop, reason);
  };
  if (props.topics.length === 0) fail('topics', 'is empty: a consumer needs at least one source topic');
  if (new Set(props.topics).size !== props.topics.length)
    fail('topics', `has a topic twice: ${props.topics.join(', ')}`);
  if (props.topics.includes(props.dlqTopic)) {
    fail(
      'dlqTopic',
      `'${props.dlqTopic}' is also a source topic (topics): failed records would be fed back to the same consumer; Lambda rejects a destination equal to a source topic`,
    );
  }
  const retrySettings = (
    [
      ['retryAttempts', props.retryAttempts],
      ['bisectBatchOnError', props.bisectBatchOnError],
      ['maxRecordAge', props.maxRecordAge],
      ['dlqTopic', props.dlqTopic],
    ] as const
  ).filter(([, v]) => v !== undefined);
  if (props.provisionedPollers === undefined) {
    fail(
      'provisionedPollers',
      `is not set, but ${retrySettings.map(([k]) => k).join(', ') || 'reportBatchItemFailures'} need provisioned mode: ` +
        'without it Lambda ignores retry settings, the Kafka DLQ and the partial batch failures that kafkaHandler returns',
    );
  }
  const pollers = props.provisionedPollers!;
  const min = pollers.minimumPollers ?? 1;
  const max = pollers.maximumPollers ?? 200;
  if (!Number.isInteger(min) || min < 1 || min > 200)
    fail('provisionedPollers.minimumPollers', `${min} is not 1..200`);
  if (!Number.isInteger(max) || max < 1 || max > 2000)
    fail('provisionedPollers.maximumPollers', `${max} is not 1..2000`);
  if (min > max) fail('provisionedPollers', `minimumPollers ${min} is above maximumPollers ${max}`);
  if (props.eventId !== undefined) eventIdEnvironment(props.eventId, fail);
  // Removed in 0.3.0: a stack still setting it (plain JS, or a cast) would believe it is covered.
  if ((props as { readPreviousKeys?: unknown }).readPreviousKeys !== undefined)
    fail(
      'readPreviousKeys',
      'was replaced in 0.3.0 by previousKeyFormat (0.1.0 or 0.2.0, the release deployed before)',
    );
  const batchSize = props.batchSize ?? 100;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
    fail('batchSize', `${batchSize} is not 1..${MAX_BATCH_SIZE} (the Kafka event source limit)`);
  }
  if (
    props.retryAttempts !== undefined &&
    (!Number.isInteger(props.retryAttempts) || props.retryAttempts < 0 || props.retryAttempts > 10_000)
  ) {
    fail(
      'retryAttempts',
      `${props.retryAttempts} is not 0..10000 (infinite retries are capped at 10 with a DLQ; say how many)`,
    );
  }
  if (props.maxRecordAge !== undefined && !Token.isUnresolved(props.maxRecordAge.toSeconds())) {
    const s = props.maxRecordAge.toSeconds();
    if (s < 60 || s > 604_800) fail('maxRecordAge', `${s} s is not 60 s..7 days`);
  }
  if (props.timeout && props.timeout.toSeconds() > MAX_KAFKA_TIMEOUT.toSeconds()) {
    fail(
      'timeout',
      `${props.timeout.toHumanString()} is above 14 minutes, the longest a Kafka event source mapping waits for a function`,
    );
  }
  for (const name of Object.keys(props.environment ?? {})) {
    const owner = ownerOf(name);
    if (owner !== undefined) {
      fail(
        `environment.${name}`,
        `is set by the construct from its prop ${owner}: set ${owner} instead, so that the checks at synth, the alarms and the permissions match what the function does`,
      );
    }
  }
  if (props.functionName !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(props.functionName)) {
    fail(
      'functionName',
      `'${props.functionName}' is not 1..64 letters, digits, '-' or '_' (Lambda's rule for function names)`,
    );
  }
  return consumerSettings(path, props);
}

/**
 * The `eventId` prop as the function's variables (`EnvVar.eventIdSource`, `EnvVar.eventIdFormat`),
 * checked so that a mistake fails the synth, naming the prop, not every cold start.
 *
 * @throws {ConstructConfigError} through `fail`.
 * @example
 * eventIdEnvironment({ from: 'cloudevents', format: 'uuid' }); // { MSK_ONCE_EVENT_ID_SOURCE: 'cloudevents', MSK_ONCE_EVENT_ID_FORMAT: 'uuid' }
 */
export function eventIdEnvironment(
  source: ConsumerEventIdSource,
  fail: (prop: string, reason: string) => never = (prop, reason) => {
    throw new ConstructConfigError('KafkaConsumer', prop, reason);
  },
): Record<string, string> {
  if (source === null || typeof source !== 'object')
    fail('eventId', "must be { from: 'header' | 'cloudevents' | 'key' | 'position' }");
  if (!(EVENT_ID_SOURCES as readonly string[]).includes(source.from)) {
    fail(
      'eventId.from',
      `'${String(source.from)}' is not ${EVENT_ID_SOURCES.join(', ')}${(source.from as string) === 'message' ? ' (a function of the message is code: give it to kafkaHandler)' : ''}`,
    );
  }
  if (source.from === 'position') {
    if ('format' in source) fail('eventId.format', 'a position source takes no format');
    return { [EnvVar.eventIdSource]: 'position' };
  }
  let text: string = source.from;
  if (source.from === 'header' && source.header !== undefined) {
    if (typeof source.header !== 'string' || !/^[\x21-\x7e]{1,249}$/.test(source.header))
      fail('eventId.header', 'must be a header name: 1 to 249 printable ASCII characters, no spaces');
    text = `header:${source.header}`;
  }
  const env: Record<string, string> = { [EnvVar.eventIdSource]: text };
  if (source.format !== undefined && !(EVENT_ID_FORMATS as readonly string[]).includes(source.format))
    fail('eventId.format', `'${String(source.format)}' is not ${EVENT_ID_FORMATS.join(', ')}`);
  if (source.maxBytes !== undefined) {
    if (source.format !== 'opaque') fail('eventId.maxBytes', "applies to format 'opaque' only");
    if (
      !(Number.isInteger(source.maxBytes) && source.maxBytes >= 1 && source.maxBytes <= MAX_OPAQUE_ID_BYTES)
    )
      fail(
        'eventId.maxBytes',
        `${source.maxBytes} is not a whole number of bytes in 1..${MAX_OPAQUE_ID_BYTES}`,
      );
  }
  if (source.format !== undefined)
    env[EnvVar.eventIdFormat] =
      source.maxBytes === undefined ? source.format : `${source.format}:${source.maxBytes}`;
  return env;
}
