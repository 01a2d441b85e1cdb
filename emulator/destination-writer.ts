/**
 * Writing records that are done for the event source mapping to its on-failure destination
 * (destinations.ts parses it, on-failure.ts builds what it receives):
 *
 * - a Kafka destination gets one message per record (kafka-on-failure-destination.html), with the
 *   record's key and an emulator-only `x-emulator-last-error` header;
 * - an SQS queue, SNS topic or S3 bucket gets one document for the group (with-msk-on-failure.html),
 *   an S3 bucket under an object key of the emulator's layout (AWS documents none for Kafka).
 *
 * "The destination topic must exist" (kafka-on-failure-destination.html): a send to a missing
 * destination writes nothing and is reported `undeliverable` (a DestinationDeliveryFailures), and
 * without a destination the records are `discarded`, as Lambda does; the caller commits past them
 * either way. It counts nothing itself: the mapping keeps the stats. @internal
 */
import { randomUUID } from 'node:crypto';
import { partitionId } from '../lib/contract.ts';
import type { AttemptLedger } from './attempt-ledger.ts';
import type { KafkaLog, LogRecord } from './kafka-log.ts';
import type { LambdaInvoker } from './lambda-runtime.ts';
import type { ResolvedMappingOptions } from './mapping-options.ts';
import { batchOnFailureRecord, type OnFailureCondition, onFailureMessage } from './on-failure.ts';

/** One record that left the mapping without succeeding: sent to the destination, discarded or lost. */
export interface FailedRecord {
  topic: string;
  partition: number;
  offset: number;
  condition: OnFailureCondition;
  approximateInvokeCount: number;
  /** The emulator's own knowledge of the last error (not part of AWS's message). */
  lastError: string;
}

/** How one send ended, for the mapping's stats. @internal */
export interface DestinationSend {
  /** `sent`: written; `discarded`: no destination; `undeliverable`: the destination does not exist. */
  readonly outcome: 'sent' | 'discarded' | 'undeliverable';
  readonly failed: FailedRecord[];
  /** AWS's `DestinationDeliveryFailures`: failed sends (one per message). */
  readonly deliveryFailures: number;
}

/** The settings the writer reads. @internal */
export type DestinationSettings = Pick<
  ResolvedMappingOptions,
  'destination' | 'destinations' | 'cluster' | 'exhaustedConditionName'
>;

/**
 * The on-failure side of one mapping. @internal
 *
 * @example
 * const writer = new DestinationWriter(log, fn, options, ledger, esm.uuid);
 * const send = writer.write(records, writer.exhaustedCondition());
 * send.outcome; // 'sent' when the destination took them
 */
export class DestinationWriter {
  readonly #log: KafkaLog;
  readonly #fn: LambdaInvoker<unknown>;
  readonly #o: DestinationSettings;
  readonly #ledger: AttemptLedger;
  /** The mapping's UUID: it names the S3 objects. */
  readonly #mapping: string;

  constructor(
    log: KafkaLog,
    fn: LambdaInvoker<unknown>,
    settings: DestinationSettings,
    ledger: AttemptLedger,
    mappingUuid: string,
  ) {
    this.#log = log;
    this.#fn = fn;
    this.#o = settings;
    this.#ledger = ledger;
    this.#mapping = mappingUuid;
  }

  /** The exhausted condition's word for this mapping's destination. */
  exhaustedCondition(): OnFailureCondition {
    const name = this.#o.exhaustedConditionName;
    if (name !== 'per-destination-page') return name;
    // kafka-on-failure-destination.html's example says RetriesExhausted; with-msk-on-failure.html
    // (SQS, SNS, S3) says RetryAttemptsExhausted.
    return this.#o.destination?.kind === 'kafka' ? 'RetriesExhausted' : 'RetryAttemptsExhausted';
  }

  /**
   * The records are done for the mapping: write them to the destination (Kafka: one message each;
   * SQS, SNS, S3: one document for the group), or report them discarded (no destination) or lost
   * (the destination does not exist). `why` replaces the last error (records that never reached
   * the function).
   */
  write(records: LogRecord[], condition: OnFailureCondition, why?: string): DestinationSend {
    const failed = records.map(
      (record): FailedRecord => ({
        topic: record.topic,
        partition: record.partition,
        offset: record.offset,
        condition,
        approximateInvokeCount: this.#ledger.invokeCount(record),
        lastError: why ?? this.#ledger.last(record)?.error ?? condition,
      }),
    );
    const destination = this.#o.destination;
    if (!destination) return { outcome: 'discarded', failed, deliveryFailures: 0 };
    const version = this.#fn.version ?? '$LATEST';
    if (destination.kind === 'kafka') {
      if (!this.#log.hasTopic(destination.topic))
        return { outcome: 'undeliverable', failed, deliveryFailures: records.length };
      records.forEach((record, i) => {
        const last = this.#ledger.last(record);
        const message = onFailureMessage({
          record,
          cluster: this.#o.cluster,
          functionArn: `${this.#fn.arn}:${version}`,
          executedVersion: version,
          condition,
          requestId: last?.requestId ?? '',
          approximateInvokeCount: failed[i]!.approximateInvokeCount,
          functionError: last?.functionError ?? false,
        });
        this.#log.append(destination.topic, {
          key: record.key,
          value: JSON.stringify(message),
          // Emulator-only header, so that a local triage can say why; AWS's message has no error text.
          headers: [
            { name: 'x-emulator-last-error', value: Buffer.from(failed[i]!.lastError.slice(0, 1000)) },
          ],
        });
      });
      return { outcome: 'sent', failed, deliveryFailures: 0 };
    }
    const last = this.#ledger.last(records[0]!);
    const document = batchOnFailureRecord({
      records,
      cluster: this.#o.cluster,
      functionArn: this.#fn.arn,
      executedVersion: version,
      condition,
      requestId: last?.requestId ?? '',
      approximateInvokeCount: Math.max(...failed.map((f) => f.approximateInvokeCount)),
      functionError: records.some((r) => this.#ledger.last(r)?.functionError),
      withPayload: destination.kind === 's3',
    });
    const delivered = this.#o.destinations?.deliver(
      destination.arn,
      JSON.stringify(document),
      this.#objectKey(records[0]!),
    );
    if (!delivered) return { outcome: 'undeliverable', failed, deliveryFailures: 1 };
    return { outcome: 'sent', failed, deliveryFailures: 0 };
  }

  /** An S3 destination's object key; AWS documents none for Kafka (the emulator's layout). */
  #objectKey(first: LogRecord): string {
    const now = new Date();
    const day = now.toISOString().slice(0, 10).replaceAll('-', '/');
    const at = now.toISOString().replaceAll(':', '.').slice(0, 19);
    return `aws/lambda/${this.#mapping}/${partitionId(first.topic, first.partition)}/${day}/${at}-${randomUUID()}`;
  }
}
