/**
 * Checks of {@link KafkaConsumerProps} that AWS would only reject at deploy time (or never, and then
 * lose records). Each error names the property.
 */
import { Duration, Token } from 'aws-cdk-lib';
import {
  EnvVar,
  EVENT_ID_FORMATS,
  EVENT_ID_SOURCES,
  MAX_OPAQUE_ID_BYTES,
  MIN_WINDOW_SECONDS,
  PREVIOUS_KEY_FORMATS,
  WINDOWS,
} from '../../lib/contract.ts';
import { ConstructConfigError } from './errors.ts';
import type { ConsumerEventIdSource, KafkaConsumerProps } from './kafka-consumer-props.ts';

/** The Kafka ESM invokes a function for at most 14 minutes. */
export const MAX_KAFKA_TIMEOUT = Duration.minutes(14);
export const MAX_BATCH_SIZE = 10_000;
/** Variables the construct derives from its props; `environment` may not override them. */
const OWNED_VARIABLES: ReadonlySet<string> = new Set([
  EnvVar.serviceName,
  EnvVar.handlerName,
  EnvVar.deployedServiceName,
  EnvVar.metricsNamespace,
  EnvVar.idempotencyTable,
  EnvVar.poisonQueueUrl,
  'NODE_OPTIONS',
]);
/** The contract's `DEDUP_ENV_VARS` share this prefix; a future one is the construct's too. */
const DEDUP_FAMILY = /^DEDUP_/;
const isOwned = (name: string): boolean => OWNED_VARIABLES.has(name) || DEDUP_FAMILY.test(name);
// One source of truth with the core: the same minimum and the same named windows.
const NAMED_WINDOWS: string[] = Object.keys(WINDOWS);

/**
 * Throw the first problem found.
 *
 * @throws {ConstructConfigError}
 * @example
 * validateConsumerProps('Stack/orders', props);
 */
export function validateConsumerProps(path: string, props: KafkaConsumerProps): void {
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
  if (
    props.previousKeyFormat !== undefined &&
    !(PREVIOUS_KEY_FORMATS as readonly string[]).includes(props.previousKeyFormat)
  ) {
    fail(
      'previousKeyFormat',
      `'${props.previousKeyFormat}' is not a previous key format: name the release deployed before, ${PREVIOUS_KEY_FORMATS.join(' or ')}`,
    );
  }
  if (props.ordering !== undefined && props.ordering !== 'partition' && props.ordering !== 'key')
    fail('ordering', `'${props.ordering}' is neither 'partition' nor 'key'`);
  if (props.concurrency !== undefined) {
    if (props.ordering !== 'key')
      fail('concurrency', "goes with ordering: 'key' only (partition order runs one record per partition)");
    if (!Number.isInteger(props.concurrency) || props.concurrency < 1 || props.concurrency > 1000)
      fail('concurrency', `${props.concurrency} is not a whole number of records 1..1000`);
  }
  if (props.heldClaimWait !== undefined && props.heldClaimWait.toMilliseconds() > 15 * 60 * 1000)
    fail('heldClaimWait', 'is longer than any Lambda invocation (15 minutes)');
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
    if (isOwned(name)) {
      fail(
        `environment.${name}`,
        'is set by the construct from its own props (service, handlerName, window, storePolicy, dedupStore, idempotencyTable); ' +
          'set the prop instead, so that the alarms and permissions match what the function does',
      );
    }
  }
  if (props.functionName !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(props.functionName)) {
    fail(
      'functionName',
      `'${props.functionName}' is not 1..64 letters, digits, '-' or '_' (Lambda's rule for function names)`,
    );
  }
  const window = props.window ?? 'default';
  if (typeof window === 'number') {
    if (!Number.isInteger(window) || window < MIN_WINDOW_SECONDS) {
      fail(
        'window',
        `${window} s is below ${MIN_WINDOW_SECONDS} s: retries and a consumer-group rebalance can redeliver after the key expired, and the repeat would run again`,
      );
    }
  } else if (!NAMED_WINDOWS.includes(window)) {
    fail('window', `'${window}' is not ${NAMED_WINDOWS.join(', ')} or a number of seconds`);
  }
}

/**
 * The `eventId` prop as the function's variables (`EnvVar.eventIdSource`, `EnvVar.eventIdFormat`),
 * checked so that a mistake fails the synth, naming the prop, not every cold start.
 *
 * @throws {ConstructConfigError} through `fail`.
 * @example
 * eventIdEnvironment({ from: 'cloudevents', format: 'uuid' }); // { DEDUP_EVENT_ID_SOURCE: 'cloudevents', DEDUP_EVENT_ID_FORMAT: 'uuid' }
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
