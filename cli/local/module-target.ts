/**
 * `msk-once local --handler <module>[#export]`: your handler module under the local run.
 *
 * The module is imported once in this process, configured by the environment variables a deployed
 * function gets (the dedup Redis through the run's fault proxy, the store policy, a short lease so
 * that a crashed invocation's claims expire within the mapping's retries), exactly as
 * `kafkaHandler({ ...dedupConfigFromEnv(), ... })` reads them. A probe added with `.hook()` runs
 * inside the invocation, after its lanes ran and before the dedup commit; it counts, per
 * Event-Id, the records your `handle` completed (the run's "effects"), and kills the environment
 * once, at `--crash-after`, before the commit (the crash between the effect and its commit).
 *
 * The values are JSON, or built from the JSON payloads in the handler's format (local-registry.ts:
 * Avro, Protobuf or JSON Schema in the Confluent or Glue wire format, the schema in the test kit's
 * local registry, KAFKA_SCHEMA_REGISTRY_URI set for the handler). Poison payloads (meant to be
 * rejected) are published among the others and told to the verdict.
 *
 * A record run again because of an injected fault (the crash, or fail-open while Redis was down)
 * is a repeat of `handle` that only an idempotent effect (msk-once/effects) makes harmless; the
 * probe cannot see your effect, so the summary lists those repeats by cause and fails the run only
 * on a repeat no fault explains.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MSKEvent, MSKRecord } from 'aws-lambda';
import {
  CrashError,
  EventProducer,
  type ExecutionEnvironment,
  inProcess,
  type KafkaLog,
  LambdaFunction,
  type LambdaHandler,
} from '../../emulator/index.ts';
import { type DeclarativeEventIdSource, EnvVar, eventIdSourceText } from '../../lib/contract.ts';
import { eventIdOfRecord, type InvocationHooks } from '../../lib/middlewares.ts';
import { DuplicatingProducer } from '../../testkit/index.ts';
import { type LocalRegistry, localRegistryFor } from './local-registry.ts';
import type { RecordFormatOptions } from './record-format.ts';
import type { LocalTarget, PublishedEvents } from './run.ts';
import { type CloudEventsMode, type KeySpec, keyFunctionOf } from './shape-options.ts';

/** What `--handler` names: a module and an export. */
export interface HandlerReference {
  readonly module: string;
  readonly exportName: string;
}

/**
 * `./handler.mjs#onOrder` → the module and `onOrder`; the export defaults to `handler`.
 *
 * @example
 * parseHandlerReference('./dist/handler.js'); // { module: './dist/handler.js', exportName: 'handler' }
 */
export function parseHandlerReference(text: string): HandlerReference {
  const hash = text.lastIndexOf('#');
  const module = hash === -1 ? text : text.slice(0, hash);
  const exportName = hash === -1 ? 'handler' : text.slice(hash + 1);
  if (module === '' || exportName === '')
    throw new Error(`--handler '${text}' is not <module>[#export], e.g. ./handler.mjs#handler`);
  return { module, exportName };
}

/** One payload of a payload file, and where it is (`file:line`), for errors. */
export interface Payload {
  readonly value: unknown;
  readonly where: string;
}

/**
 * The payloads of a JSON lines file: one JSON value a line, blank lines skipped.
 *
 * @throws naming the file and line of a value that is not JSON.
 * @example
 * readPayloads('p.jsonl'); // [{ value: { orderId: 'o-1' }, where: 'p.jsonl:1' }, …]
 */
export function readPayloads(file: string): Payload[] {
  const payloads: Payload[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    try {
      payloads.push({ value: JSON.parse(line), where: `${file}:${i + 1}` });
    } catch (error) {
      throw new Error(`${file}:${i + 1} is not JSON: ${(error as Error).message}`);
    }
  }
  if (payloads.length === 0) throw new Error(`${file} holds no payloads (one JSON value a line)`);
  return payloads;
}

export interface ModuleTargetOptions {
  readonly handler: HandlerReference;
  /** Payloads to publish; undefined: `events` generated ones (`{ seq: i }`). */
  readonly payloads: Payload[] | undefined;
  /** Payloads the handler is meant to reject (they are expected in the DLQ, without effect). @default none */
  readonly poisonPayloads?: Payload[];
  /** How values are written: JSON, or a schema format in a registry's wire format. @default JSON */
  readonly recordFormat?: RecordFormatOptions;
  readonly events: number;
  readonly topic: string;
  readonly eventType: string | undefined;
  readonly duplicateRate: number;
  readonly seed: number;
  readonly timeoutMs: number;
  /**
   * The variables of the declared settings the run's flags gave (`--reserve-ms`, `--ordering`, ...),
   * set for the handler module as KafkaConsumer would set them. @default none
   */
  readonly variables?: Readonly<Record<string, string>>;
  /** Where the handler reads the event id (`--id-source`, `--id-format`). Default: the Event-Id header. */
  readonly idSource?: DeclarativeEventIdSource;
  /** Each event's record key (`--key`). Default: `record-<n>`, a key per event. */
  readonly key?: KeySpec;
  /** With a CloudEvents id source, the content mode (`--cloudevents`). @default 'binary' */
  readonly cloudEventsMode?: CloudEventsMode;
}

/** A kafkaHandler as the probe sees it: a handler with hooks. */
type MiddyHandler = LambdaHandler<MSKEvent> & {
  hook(hooks: InvocationHooks): unknown;
};

/**
 * What a module threw at import, in words: an Error's message (or its name), else what the value is
 * (a module may throw `undefined`, a string, an object without a message); never throws itself.
 *
 * @example
 * whatWasThrown(undefined); // 'it threw undefined, not an Error'
 */
export function whatWasThrown(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return thrown.message || `${thrown.name} without a message`;
    if (thrown === undefined || thrown === null) return `it threw ${thrown}, not an Error`;
    if (typeof thrown === 'string')
      return `it threw the string ${JSON.stringify(thrown.slice(0, 500))}, not an Error`;
    if (typeof thrown !== 'object' && typeof thrown !== 'function')
      return `it threw the ${typeof thrown} ${String(thrown)}, not an Error`;
    const message = (thrown as { message?: unknown }).message;
    const json = typeof message === 'string' ? message : JSON.stringify(thrown);
    return `it threw ${Array.isArray(thrown) ? 'a list' : `an ${typeof thrown}`}, not an Error${json ? `: ${json.slice(0, 500)}` : ''}`;
  } catch {
    return 'it threw a value that cannot be read, not an Error';
  }
}

/** The lease and reserve a local run gives the function: a crashed claim expires within the retries. */
export const LOCAL_LEASE_MS = 3_000;
export const LOCAL_RESERVE_MS = 500;

/**
 * @example
 * await runLocal(options, moduleTarget({ handler: parseHandlerReference('./handler.mjs'), payloads: undefined,
 *   events: 200, topic: 'events', eventType: undefined, duplicateRate: 0.05, seed: 7, timeoutMs: 5_000 }));
 */
export function moduleTarget(o: ModuleTargetOptions): LocalTarget {
  const url = pathToFileURL(resolve(o.handler.module)).href;
  let registry: LocalRegistry | undefined;
  /** Each event's record key and publish order, for the per-key order check. */
  const published = new Map<string, { key: string; index: number }>();
  /** The events each invocation completed for the first time, invocation by invocation. */
  const completions: string[][] = [];
  return {
    get describe() {
      const format = registry ? `, values ${registry.describe}` : ', JSON values';
      return `${o.handler.module}#${o.handler.exportName}, in process${format}`;
    },
    topic: o.topic,
    prefersOwnRedis: true,
    eventIdSource: o.idSource,
    async publish(log: KafkaLog, topic: string): Promise<PublishedEvents> {
      registry = await localRegistryFor(o.recordFormat, topic);
      const producer = new DuplicatingProducer(
        new EventProducer(log, {
          idSource: o.idSource,
          ...(registry ? { encode: registry.encode } : {}),
          ...(o.cloudEventsMode ? { cloudEventsMode: o.cloudEventsMode } : {}),
        }),
        { rate: o.duplicateRate, seed: o.seed },
      );
      const keyOf = o.key ? await keyFunctionOf(o.key) : undefined;
      const good =
        o.payloads ??
        Array.from({ length: o.events }, (_, seq) => ({ value: { seq }, where: `generated event ${seq}` }));
      const poisonous = o.poisonPayloads ?? [];
      // The poison payloads go among the good ones (spread evenly), as they come in a real topic.
      const all: { payload: Payload; poison: boolean }[] = good.map((payload) => ({
        payload,
        poison: false,
      }));
      poisonous.forEach((payload, i) => {
        const at = Math.floor(((i + 1) * all.length) / (poisonous.length + 1)) + i;
        all.splice(at, 0, { payload, poison: true });
      });
      const eventIds = new Set<string>();
      const poison = new Set<string>();
      for (const [i, { payload, poison: bad }] of all.entries()) {
        let event: { eventId: string };
        const key = keyOf ? keyOf(payload.value, payload.where) : `record-${i}`;
        try {
          event = producer.send({
            topic,
            key,
            payload: payload.value,
            ...(o.eventType === undefined ? {} : { eventType: o.eventType }),
          });
        } catch (error) {
          throw new Error(
            `${payload.where}: cannot be written as ${registry?.describe ?? 'JSON'}: ${(error as Error).message}`,
          );
        }
        eventIds.add(event.eventId);
        if (bad) poison.add(event.eventId);
        published.set(event.eventId, { key, index: i });
      }
      producer.flushDuplicates();
      return { eventIds, poison, duplicates: producer.duplicates };
    },
    async start(context) {
      // What the construct would give a deployed function (a module reads it at import).
      if (context.redisUrl) process.env[EnvVar.redisUrl] = context.redisUrl;
      else process.env[EnvVar.store] = 'memory';
      process.env[EnvVar.storePolicy] = context.policy;
      process.env[EnvVar.serviceName] = context.service;
      if (registry) Object.assign(process.env, registry.env);
      // The settings the flags gave, and the function timeout (the reserve follows it), as the construct sets them.
      Object.assign(process.env, o.variables ?? {});
      process.env[EnvVar.functionTimeoutMs] = String(o.timeoutMs);
      if (context.poisonQueueUrl) process.env[EnvVar.poisonQueueUrl] = context.poisonQueueUrl;
      // The handler's own source, for a handler that reads it with dedupConfigFromEnv().
      if (o.idSource) {
        const text = eventIdSourceText(o.idSource);
        process.env[EnvVar.eventIdSource] = text.source;
        if (text.format) process.env[EnvVar.eventIdFormat] = text.format;
      }
      process.env[EnvVar.leaseMs] ??= String(LOCAL_LEASE_MS);
      process.env[EnvVar.reserveMs] ??= String(LOCAL_RESERVE_MS);
      let mod: Record<string, unknown>;
      try {
        mod = (await import(url)) as Record<string, unknown>;
      } catch (error) {
        throw new Error(`cannot load --handler ${o.handler.module}: ${whatWasThrown(error)}`);
      }
      const handler = mod[o.handler.exportName] as MiddyHandler | undefined;
      if (typeof handler !== 'function' || typeof handler.hook !== 'function')
        throw new Error(
          `${o.handler.module} does not export a kafkaHandler named '${o.handler.exportName}' (a function with .hook())`,
        );

      const handled = new Map<string, number>();
      const crashed = new Set<string>();
      const unguarded = new Set<string>();
      // The environment each invocation's context was given in.
      const envOf = new WeakMap<object, ExecutionEnvironment>();
      let total = 0;
      let fired = context.crashAfter === 0;
      handler.hook({
        afterStage: (stage, invocation) => {
          // The lanes ran; the claims are not settled yet.
          if (stage !== 'run') return;
          const ran: string[] = [];
          const first: string[] = [];
          for (const partition of invocation.partitions)
            for (const record of partition) {
              if (record.outcome !== 'succeeded') continue;
              const id = eventIdOf(record.raw, o.idSource);
              if (id === undefined) continue;
              ran.push(id);
              if (!handled.has(id)) first.push(id);
              handled.set(id, (handled.get(id) ?? 0) + 1);
              if (record.claim === 'unguarded') unguarded.add(id);
            }
          total += ran.length;
          if (first.length > 0) completions.push(first);
          const env = envOf.get(invocation.lambdaContext);
          if (!fired && total >= context.crashAfter && env) {
            fired = true;
            for (const id of ran) crashed.add(id);
            fn.kill(new CrashError(`killed after ${total} records ran, before their dedup commit`), env);
            context.onCrash('after its records ran, before the dedup commit');
            return new Promise<void>(() => {}); // a dead process commits nothing
          }
        },
      });
      const fn = new LambdaFunction<MSKEvent>(
        inProcess((env) => (event, lambdaContext) => {
          envOf.set(lambdaContext, env);
          return handler(event, lambdaContext);
        }),
        { functionName: context.service, timeoutMs: o.timeoutMs },
      );
      return {
        fn,
        timeoutMs: o.timeoutMs,
        retries: {
          // One more than the waits need: the split after a crash counts as a retry (the emulator's reading).
          retryAttempts: 7,
          retryBackoffMs: (attempt: number) => Math.min(250 * 2 ** (attempt - 1), 3_000),
        },
        effects: () => handled,
        keyOrder: () => ({ published, completions, keyed: o.key !== undefined }),
        effectLabel: 'records your handle() completed',
        effectReplays: () => undefined,
        expectedRepeats: () => {
          const causes = new Map<string, string>();
          for (const [id, n] of handled) {
            if (n < 2) continue;
            if (crashed.has(id)) causes.set(id, 'ran again after the injected crash (before its commit)');
            else if (unguarded.has(id))
              causes.set(id, `ran without dedup while Redis was down (fail-${context.policy})`);
          }
          return causes;
        },
        settledOutput: async () => [],
        close: async () => {
          await fn.close();
          const close = (handler as { close?: () => Promise<void> }).close;
          if (typeof close === 'function') await close.call(handler).catch(() => {});
          await registry?.stop();
        },
      };
    },
  };
}

/** The record's id as the handler reads it (canonical, as published); undefined when it has none. */
function eventIdOf(record: MSKRecord, source: DeclarativeEventIdSource | undefined): string | undefined {
  try {
    return eventIdOfRecord(record, { eventId: source });
  } catch {
    return undefined;
  }
}
