import type { SchemaRegistryErrorReason, StoreErrorReason as StoreReason } from './contract.ts';
import { formatPosition, type RecordPosition } from './kafka/position.ts';

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

/** Why a dedup store call failed, as counted in the `Reason` dimension of `Metric.dedupErrors`. */
export type StoreErrorReason = StoreReason;

/** The dedup store (Redis) failed or was too slow. */
export class DedupStoreError extends MskOnceError {
  readonly reason: StoreErrorReason;
  constructor(reason: StoreErrorReason, message: string, options?: ErrorOptions) {
    super(`dedup store ${reason}: ${message}`, options);
    this.reason = reason;
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
