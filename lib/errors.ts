import { formatPosition, type RecordPosition } from './contract/position.ts';
import type { SchemaRegistryErrorReason, StoreErrorReason } from './contract/reasons.ts';

export type { RecordPosition };

/**
 * Every error msk-once raises, in one place. Record-level errors name the record
 * (topic, partition, offset) so that a log line or a DLQ entry says which one and why.
 */

/** Base class: `instanceof MskOnceError` catches everything the toolkit throws on purpose. */
export class MskOnceError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A bad option, found at start-up (cold start), naming the option and why. */
export class ConfigurationError extends MskOnceError {
  readonly option: string;
  constructor(option: string, reason: string) {
    super(`invalid option ${option}: ${reason}`);
    this.option = option;
  }
}

/** The base of errors about one record; the message starts with `<topic>-<partition>@<offset>`. */
export class RecordError extends MskOnceError {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  readonly eventId: string | undefined;
  constructor(position: RecordPosition, reason: string, options?: ErrorOptions & { eventId?: string }) {
    super(`record ${formatPosition(position)}: ${reason}`, options);
    this.topic = position.topic;
    this.partition = position.partition;
    this.offset = position.offset;
    this.eventId = options?.eventId;
  }
}

/**
 * The record cannot be decoded: malformed base64, a missing or invalid Event-Id, an oversize
 * header, or a value that `parse` rejects. The handler is not called; the record fails, is
 * retried by the event source mapping and, retries exhausted, lands in the on-failure DLQ.
 */
export class InvalidRecordError extends RecordError {}

/**
 * The record's event id source gave no valid id: the header or field is missing, holds no id of the
 * configured form, or the id function threw or returned something else. The message names the
 * record, why, and the source (`record orders-0@7: no Event-Id header (event id source: header Event-Id (ulid))`).
 * The record fails and is retried, then reaches the DLQ; it is never claimed under another key.
 * `permanent`: the same bytes give the same answer on every retry (a poison record).
 */
export class EventIdError extends InvalidRecordError {
  /** The source, as the handler's configuration names it (e.g. `header ce_id (uuid)`). */
  readonly source: string;
  /** Always true: retrying the record cannot give it an id. */
  readonly permanent = true as const;
  constructor(position: RecordPosition, source: string, reason: string, options?: ErrorOptions) {
    super(position, `${reason} (event id source: ${source})`, options);
    this.source = source;
  }
}

/**
 * An error a business function throws to say "not now, retry later" (another invocation is on it):
 * the record fails as usual but is logged as a warning, not as a handler failure.
 * Any error with `retryLater: true` counts, so optional parts need not import this class.
 */
export interface RetryLater {
  readonly retryLater: true;
}

/** True for errors that ask for a retry rather than report a fault ({@link RetryLater}). */
export function isRetryLater(error: unknown): error is RetryLater {
  try {
    return (error as Partial<RetryLater> | null)?.retryLater === true;
  } catch {
    // A throwing getter (or Proxy trap) is no request for a retry.
    return false;
  }
}

/**
 * What a business function throws when no retry can cure the record (a value its rules reject, an
 * entity that will never exist): with a poison sink configured (`poison`), the record is parked
 * there and counts as handled, so its partition goes on at once; without one it fails as any
 * error does. Any error with `permanent: true` counts too, so optional parts need not import this.
 *
 * @example
 * if (review.rating > 5) throw new PermanentError(`rating ${review.rating} is out of range`);
 */
export class PermanentError extends MskOnceError {
  readonly permanent = true as const;
}

/** True for errors that no retry can cure ({@link PermanentError}, or any `permanent: true`). */
export function isPermanent(error: unknown): boolean {
  try {
    return (error as { permanent?: unknown } | null)?.permanent === true;
  } catch {
    // A throwing getter (or Proxy trap) is no claim to be permanent.
    return false;
  }
}

/**
 * The poison sink did not take a record (the queue refused it, timed out, or was unreachable):
 * the record is reported failed instead, so it is retried and, at last, reaches the on-failure
 * destination. `cause` holds the sink's error.
 */
export class PoisonSinkError extends RecordError {}

/** The business handler threw; `cause` holds what it threw. */
export class HandlerError extends RecordError {}

/** Another invocation holds the claim (IN_PROGRESS): the record is reported failed and retried later. */
export class ClaimHeldError extends RecordError {}

/**
 * This invocation's claim on the record's key was lost before the record started (Redis lost the
 * write in a restart or failover, or the lease ended): it is not run now, but reported failed and
 * retried, so that it cannot run alongside an invocation that claimed the key since.
 */
export class ClaimLostError extends RecordError {}

/** An earlier record of the same partition failed, so this one was not run (offset order). */
export class PartitionStoppedError extends RecordError {}

/** Too little of the invocation's time was left to start this record; it was released for a retry. */
export class OutOfTimeError extends RecordError {}

/**
 * The invocation ran out of time before it could answer (the Lambda timeout less 5 ms, as middy's
 * early timeout did): its claims were settled (a running handler keeps its claim until it ends)
 * and the invocation fails, so the mapping retries the batch. Named `TimeoutError`, as middy's was.
 */
export class InvocationTimeoutError extends MskOnceError {
  constructor(message: string) {
    super(message);
    this.name = 'TimeoutError';
  }
}

/** The dedup store (Redis) failed or was too slow. */
export class DedupStoreError extends MskOnceError {
  readonly reason: StoreErrorReason;
  /** What went wrong, without the reason in front. */
  readonly detail: string;
  constructor(reason: StoreErrorReason, message: string, options?: ErrorOptions) {
    super(`dedup store ${reason}: ${message}`, options);
    this.reason = reason;
    this.detail = message;
  }
}

/**
 * What went wrong between the function and Redis, in the reader's words: the host name does not
 * resolve (`dns`), nothing listens on the port (`refused`), TLS on one side only or a certificate
 * refused (`tls`), the user or token refused (`auth`), a command the ACL user may not run
 * (`permission`), no answer in time (`timeout`), or the connection went away (`closed`).
 */
export type RedisProblem = 'dns' | 'refused' | 'tls' | 'auth' | 'permission' | 'timeout' | 'closed';

/**
 * The Redis of the dedup store could not be reached, or refused this client. The message names
 * the address (`host:port`) and the cause, and what to check; it never quotes a password or token
 * (ioredis's own text, secrets scrubbed, is the `cause`). `reason` is the metric's: `misconfigured`
 * while no store call has worked since the cold start, the outage's reason after.
 */
export class RedisConnectionError extends DedupStoreError {
  readonly problem: RedisProblem;
  /** `host:port` of the node that failed. */
  readonly address: string;
  constructor(
    reason: StoreErrorReason,
    problem: RedisProblem,
    address: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(reason, message, options);
    this.problem = problem;
    this.address = address;
  }
}

/** Under `onStoreError: 'closed'`, the store failed, so the record was not run (it is retried). */
export class StoreUnavailableError extends RecordError {}

/**
 * A bug in the consumer, not in the record: a record's state was moved in a way its lifecycle
 * forbids (e.g. started after its claim was released). The invocation fails, so the whole batch
 * is retried rather than a record run twice or lost.
 */
export class RecordLifecycleError extends RecordError {}

/** Why a schema registry lookup failed, as counted in the SchemaRegistryErrors metric's Reason dimension. */
export type RegistryErrorReason = SchemaRegistryErrorReason;

/**
 * A schema registry lookup failed. The message names the registry (its origin or ARN, never a
 * credential) and the schema id; a record that needed the schema fails with a {@link RecordFormatError}
 * whose `cause` is this error.
 */
export class SchemaRegistryError extends MskOnceError {
  readonly reason: RegistryErrorReason;
  readonly schemaId: string;
  /** What went wrong, without the reason and id in front. */
  readonly detail: string;
  constructor(reason: RegistryErrorReason, schemaId: string, message: string, options?: ErrorOptions) {
    super(`schema registry ${reason} for schema id ${schemaId}: ${message}`, options);
    this.reason = reason;
    this.schemaId = schemaId;
    this.detail = message;
  }
}

/** The formats a record's key or value can be decoded from (msk-once/formats). */
export type FormatName = 'json' | 'avro' | 'protobuf' | 'json-schema';

/**
 * A record's key or value could not be decoded in its format: bad bytes, a wire-format header that
 * is not there, an unknown schema id, an unreachable registry, a schema the reader cannot read, or a
 * value its validation rejects. The message reads
 * `record <topic>-<partition>@<offset>: value (avro, schema id 42): <why>`; the record fails, is
 * retried and, retries exhausted, reaches the DLQ; the rest of the batch is not affected.
 */
export class RecordFormatError extends InvalidRecordError {
  readonly field: 'key' | 'value';
  readonly format: FormatName;
  readonly schemaId: string | undefined;
  /** Set when the registry failed (not when the bytes are bad): the SchemaRegistryErrors Reason. */
  readonly registryReason: RegistryErrorReason | undefined;
  constructor(
    position: RecordPosition,
    field: 'key' | 'value',
    format: FormatName,
    schemaId: string | undefined,
    reason: string,
    options?: ErrorOptions & { eventId?: string },
  ) {
    const schema = schemaId === undefined ? 'no schema id' : `schema id ${schemaId}`;
    super(position, `${field} (${format}, ${schema}): ${reason}`, options);
    this.field = field;
    this.format = format;
    this.schemaId = schemaId;
    this.registryReason = options?.cause instanceof SchemaRegistryError ? options.cause.reason : undefined;
  }
}

/** A value's wire-format framing (Confluent or Glue) is not there or is cut short. */
export class WireFormatError extends MskOnceError {
  /** The schema id of the framing, when the header was read before the failure. */
  readonly schemaId: string | undefined;
  constructor(message: string, options?: ErrorOptions & { schemaId?: string }) {
    super(message, options);
    this.schemaId = options?.schemaId;
  }
}

/**
 * A feature was used whose optional peer dependency is not installed (a format's library, an AWS
 * SDK client, the IAM signer): `npm i msk-once` installs only what the runtime root needs. The
 * message names the feature and the command that installs the package.
 */
export class MissingPeerError extends MskOnceError {
  /** The package to install, e.g. `avsc`. */
  readonly packageName: string;
  /** What needs it, e.g. `the avro format (msk-once/formats)`. */
  readonly feature: string;
  /** The command that installs it, e.g. `npm i avsc`. */
  readonly install: string;
  constructor(packageName: string, feature: string, options?: ErrorOptions & { dev?: boolean }) {
    const install = `npm i ${options?.dev ? '-D ' : ''}${packageName}`;
    super(`${feature} needs the package ${packageName}, which is not installed: run \`${install}\``, options);
    this.packageName = packageName;
    this.feature = feature;
    this.install = install;
  }

  /**
   * True when `error` is Node's "package not installed" for `packageName` (a missing file inside an
   * installed package is another failure, and false).
   *
   * @example
   * try { await import('avsc'); } catch (error) { if (MissingPeerError.isMissing(error, 'avsc')) ... }
   */
  static isMissing(error: unknown, packageName: string): boolean {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
    const quoted = packageName.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    return typeof message === 'string' && new RegExp(`['"]${quoted}(/[^'"]*)?['"]`).test(message);
  }
}
