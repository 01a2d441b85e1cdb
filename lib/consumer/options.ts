/**
 * The options of {@link kafkaHandler}. Validated once, at start-up (cold start), not per record.
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context, MSKRecord } from 'aws-lambda';
import type { Cluster, Redis } from 'ioredis';
import type { EventIdSource } from '../contract/event-id-source.ts';
import type { KafkaMessage } from '../contract/message.ts';
import type { PreviousKeyFormat } from '../contract/previous-key-formats.ts';
import type { RedisConnectionOptions } from '../dedup/redis-options.ts';
import type { RolloutDedupStore } from '../dedup/rollout-store.ts';
import type { DedupStore } from '../dedup/store.ts';
import type { WindowName } from '../dedup/window.ts';
import type { FormatConfig } from '../formats/resolve.ts';
import type { PoisonSink } from './poison.ts';

/** Counters a business function (or the effect layer) adds to the invocation's EMF flush. */
export interface RecordMetrics {
  /**
   * Count `value` (default 1) of metric `name` (unit Count), with the `service` dimension and
   * `dimensions`; summed over the invocation and flushed once with the toolkit's own metrics.
   */
  count(name: string, dimensions?: Record<string, string>, value?: number): void;
}

/** What a business function gets besides the message. */
export interface HandleContext {
  /** The Lambda context of the invocation. */
  readonly lambdaContext: Context;
  /** The Powertools logger, with the record's keys (event id, topic, partition, offset) appended. */
  readonly logger: Logger;
  /** The invocation's counters, e.g. `metrics.count('ReviewsThanked', { Channel: 'push' })`. */
  readonly metrics: RecordMetrics;
}

/** A plain business function of one decoded message. Throw to fail the record (it is retried). */
export type BusinessHandler<T, K = Buffer> = (
  message: KafkaMessage<T, K>,
  context: HandleContext,
) => Promise<void> | void;

/**
 * The poison sink: where a record that no retry can cure is parked (docs/consumer.md, "Poison
 * records"). An SQS queue by URL (`SqsPoisonSink`), or a sink of your own; and which handler errors
 * count as permanent besides a `PermanentError` (or any error with `permanent: true`).
 */
export type PoisonOptions = (
  | { /** The SQS queue's URL. */ queueUrl: string; sink?: never }
  | { /** A sink of your own, e.g. `new MemoryPoisonSink()` in tests. */ sink: PoisonSink; queueUrl?: never }
) & {
  /**
   * Also park a record when this answers true for what its handler threw. It must not throw (one
   * that does is taken as false).
   * @default only `PermanentError` and errors with `permanent: true`
   */
  isPermanent?: (error: unknown) => boolean;
};

/**
 * How the records of a batch are ordered while they run (docs/consumer.md, "Ordering"):
 * - `'key'` (default since 0.3.0): the records with the same Kafka key (in a partition) one at a
 *   time in offset order, different keys concurrently, at most `concurrency` records at once per
 *   invocation; a failure stops only the later records of its key. Records without a key keep
 *   partition order among themselves (one lane per partition), concurrently with the keyed ones.
 * - `'partition'`: the records of a partition one at a time in offset order, the partitions
 *   concurrently; a failure stops the rest of its partition. The order of releases before 0.3.0.
 */
export type Ordering = 'partition' | 'key';

export interface KafkaHandlerOptions<T, K = Buffer> {
  /**
   * How records are ordered while they run: `'key'` (one at a time per Kafka key, keys
   * concurrently) or `'partition'` (one at a time per partition, as releases before 0.3.0 did):
   * see {@link Ordering}. Choose `'partition'` when the handler relies on the order of a whole
   * partition. Variable `MSK_ONCE_ORDERING`, prop `ordering`, flag `--ordering`.
   * @default 'key'
   * @example 'partition'
   */
  ordering?: Ordering;
  /**
   * With key order only (refused with `ordering: 'partition'`, at cold start): records running at once per
   * invocation, at most, 1..1000. Variable `MSK_ONCE_CONCURRENCY`, prop `concurrency`.
   * @default 16
   * @example 64
   */
  concurrency?: number;
  /**
   * Service name: the first part of each dedup key and the `service` metric dimension. Given here
   * and in `EnvVar.deployedServiceName`, the two must be equal (checked at cold start).
   * @default the `EnvVar.deployedServiceName` variable (which the CDK construct sets from its `service` prop), else `EnvVar.serviceName`
   * @example 'orders'
   */
  service?: string;
  /**
   * Handler name: part of the key (`<service>:dedup:<handler>:{<tag>}<eventId>`) and the `Handler`
   * dimension. Given here and in `EnvVar.handlerName`, the two must be equal (checked at cold start).
   * @default the `EnvVar.handlerName` variable, which the CDK construct sets from its `handlerName` prop
   * @example 'on-order-placed'
   */
  handlerName?: string;
  /**
   * The Redis to claim in: connection options (a `redis://` or `rediss://` URL, cluster mode, TLS,
   * AUTH token or IAM), or an ioredis `Redis`/`Cluster` you made. One connection per container,
   * connected lazily on the first batch. Ignored when `store` is given.
   * @default none: give `redis` or `store`
   * @example { url: 'rediss://my-cache.example.com:6379', cluster: true }
   */
  redis?: RedisConnectionOptions | Redis | Cluster;
  /**
   * During a rollout of a new key format, the format of the release deployed before: '0.1.0',
   * '0.2.0' or '0.3.0'. Each event is then claimed, committed, released and renewed under its
   * current key and its key in that format (a {@link RolloutDedupStore} around the store, `store`
   * too; from 0.3.0 commits also write the string mark it reads), so the two releases never both
   * run it while both are deployed or after a rollback. Keep it for one dedup window after the
   * previous release stopped (docs/consumer.md, "Key format").
   * Variable `MSK_ONCE_PREVIOUS_KEY_FORMAT`, prop `previousKeyFormat`.
   * @default none
   * @example '0.2.0'
   */
  previousKeyFormat?: PreviousKeyFormat;
  /**
   * A store of your own, e.g. `new MemoryDedupStore()` for local runs.
   * @default a Redis store from `redis`
   */
  store?: DedupStore;
  /**
   * How long a DONE key keeps duplicates out: 'default' 24 h, 'critical' 7 d, 'analytics' 1 h, or
   * seconds (at least 600). Variable `MSK_ONCE_WINDOW`, prop `window`.
   * @default 'default'
   * @example 'critical'
   */
  window?: WindowName | number;
  /**
   * When the store fails or times out: 'open' (default) runs the handler without dedup and counts
   * it (`Metric.dedupErrors`); 'closed' fails the records so that they are retried and, at last, reach the DLQ.
   * Variable `MSK_ONCE_ON_STORE_ERROR` (was `DEDUP_STORE_POLICY`), prop `onStoreError` (was `storePolicy`).
   * @default 'open'
   */
  onStoreError?: 'open' | 'closed';
  /**
   * Decode a record value. Not called for tombstones (payload is null).
   * @default JSON of UTF-8
   */
  parse?: (value: Buffer, record: MSKRecord) => T;
  /**
   * The value's format, in the shape of Powertools' Kafka utility: `{ type: 'json', parserSchema }`,
   * or a format of `msk-once/formats` (`avro({ schema, registry })`, `protobuf(…)`, `jsonSchema(…)`,
   * `json(…)`). Decoded when the record runs, like `parse`; instead of `parse`.
   * @default JSON
   */
  value?: FormatConfig<T>;
  /**
   * The key's format (as `value`); `message.key` is then the decoded key.
   * @default the key's bytes
   */
  key?: FormatConfig<K>;
  /**
   * Where each record's event id (the tail of its dedup key, `message.eventId`) comes from: a header
   * and the id's form, the CloudEvents binding, the record key, a function of the decoded message,
   * or the position (docs/consumer.md, "Event id": what each catches and misses). A record whose
   * source gives no valid id fails with an `EventIdError` (retried, then the DLQ).
   * @default `{ from: 'header' }`, the `Event-Id` header holding a ULID (or `EnvVar.eventIdSource` through `dedupConfigFromEnv()`)
   * @example { from: 'cloudevents', format: 'uuid' }
   */
  eventId?: EventIdSource<T, K>;
  /**
   * @deprecated Use `eventId: { from: 'message', id }`. The same: a function of the decoded message
   * whose answer is checked as an opaque id. Not together with `eventId`.
   * @default none
   */
  dedupKey?: (message: KafkaMessage<T, K>) => string;
  /**
   * The business function.
   * @example async (message) => { await notify(message.payload.userId, message.eventId); }
   */
  handle: BusinessHandler<T, K>;
  /**
   * How long a claim lives unless renewed. While the invocation runs, the claims it holds are renewed
   * every third of this, so a crashed invocation's claims end within it (retries are not held off
   * for the whole function timeout). Capped by the invocation's remaining time. A store without
   * `extend` gets leases of the remaining time instead. Variable `MSK_ONCE_LEASE_MS`, prop `lease`.
   * @default 30000
   */
  leaseMs?: number;
  /**
   * How long a record whose claim another invocation holds (a retry arriving while that one still
   * runs, or after it crashed and before its lease ended) waits for it before it fails as held:
   * the claim is asked for again, with backoff, until the key is DONE (the record is then a
   * duplicate), or released or expired (the record is claimed and runs). Bounded as well by the
   * invocation's remaining time less `reserveMs`. The other records (other partitions, other keys)
   * run meanwhile. 0 fails a held record at once, as earlier releases did. The wait ends one store
   * call before the reserve. Variable `MSK_ONCE_HELD_CLAIM_WAIT_MS`, prop `heldClaimWait`.
   * @default `leaseMs` (a crashed owner's claim ends within one lease)
   */
  heldClaimWaitMs?: number;
  /**
   * Do not start a record when less than this much of the invocation's time is left; it is reported
   * failed and released instead of being killed half-way by the Lambda timeout. At most half the
   * function's time (`functionTimeoutMs`, and the first invocation's remaining time): a longer one
   * is cut to half (told in a WARN), so a 3 s function runs its records. Variable
   * `MSK_ONCE_RESERVE_MS`, prop `reserve`, flag `--reserve-ms`.
   * @default 5000
   */
  reserveMs?: number;
  /**
   * The function timeout, ms: the budget the reserve is derived from (and, with `dedupConfigFromEnv`
   * and an idempotency table, checked against the effect layer's need). Variable
   * `MSK_ONCE_FUNCTION_TIMEOUT_MS`, which KafkaConsumer sets from its `timeout`; flag `--timeout`.
   * @default the `EnvVar.functionTimeoutMs` variable, else the first invocation's remaining time
   */
  functionTimeoutMs?: number;
  /**
   * Commit the claims of succeeded records while the batch runs, in groups: a group is sent once
   * `records` have succeeded since the last one, or `ms` after the first of them, whichever comes
   * first (one store call, which no record waits for); on a cluster a full group waits for the one in
   * flight and keeps filling (its `ms` still sends it). A crash in the middle of a batch then re-runs
   * only the records since the last group, not the batch's finished work. `ms` is cut to a third of
   * `leaseMs` (a succeeded record is not renewed while its group waits). Variables
   * `MSK_ONCE_COMMIT_EVERY_RECORDS`, `MSK_ONCE_COMMIT_EVERY_MS`; prop `commitEvery`.
   * @default { records: 100, ms: 500 }; records 1,000 on a cluster (a group there costs a script per
   * hash slot among its keys), unless given
   * @example
   * commitEvery: { records: 100 } // a crash re-runs at most 100 succeeded records, on a cluster too
   */
  commitEvery?: { records?: number; ms?: number };
  /**
   * Park records that no retry can cure (undecodable, no valid Event-Id, a permanent handler error)
   * in a poison sink, instead of failing them: each counts as handled (`MessagesParked`), its key
   * turns DONE, and its partition goes on at once; only if the sink does not take it does it fail
   * and reach the on-failure destination after the mapping's retries. Off unless given
   * (docs/consumer.md, "Poison records", says why).
   * @default none: every failure is retried
   * @example { queueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/orders-poison' }
   */
  poison?: PoisonOptions;
  /**
   * Largest accepted header value, in bytes; a larger one fails the record. Variable
   * `MSK_ONCE_MAX_HEADER_BYTES`, prop `maxHeaderBytes`.
   * @default 16384
   */
  maxHeaderBytes?: number;
  /**
   * The handler's peak rate of new events per second: the store spreads DONE marks over enough
   * hashes that each stays in Redis's compact encoding at that rate (docs/performance.md). Part of
   * where marks live: change it like a key format. Variable `MSK_ONCE_EVENTS_PER_SECOND`, prop
   * `eventsPerSecond`.
   * @default 1000
   */
  eventsPerSecond?: number;
  /**
   * Powertools Logger.
   * @default one made for `service`
   */
  logger?: Logger;
}
