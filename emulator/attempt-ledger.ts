/**
 * What the event source mapping remembers of each record across attempts: how often it was handed
 * to the function (the on-failure message's `approximateInvokeCount`), how many failed attempts it
 * was blamed for (the retry budget), and the last error that carried it. Keyed by the record's
 * position (`topic-partition@offset`), so a record delivered again after a restart keeps its counts.
 *
 * It guarantees nothing about memory: it grows with every record that was ever delivered (the
 * emulator runs bounded local workloads). @internal
 */
import { formatPosition } from '../lib/contract.ts';
import type { LogRecord } from './kafka-log.ts';

/** The last invocation that carried a record and how it ended. @internal */
export interface LastAttempt {
  readonly requestId: string;
  readonly error: string;
  /** Whether it ended in a function error (thrown, timed out, crashed, invalid answer). */
  readonly functionError: boolean;
}

/**
 * Per-record delivery and failure counts of one mapping. @internal
 *
 * @example
 * const ledger = new AttemptLedger();
 * ledger.delivered(record);                                  // false: its first delivery
 * ledger.blame(record, requestId, 'timed out', true);        // 1: its first failed attempt
 * ledger.invokeCount(record);                                // 1
 */
export class AttemptLedger {
  readonly #invoked = new Map<string, number>();
  readonly #blamed = new Map<string, number>();
  readonly #last = new Map<string, LastAttempt>();

  /** Count one more delivery of the record; true when it had been delivered before (a retry). */
  delivered(record: LogRecord): boolean {
    const key = formatPosition(record);
    const before = this.#invoked.get(key) ?? 0;
    this.#invoked.set(key, before + 1);
    return before > 0;
  }

  /** How often the record was handed to the function. */
  invokeCount(record: LogRecord): number {
    return this.#invoked.get(formatPosition(record)) ?? 0;
  }

  /** Count one more failed attempt of the record and remember why; returns the count. */
  blame(record: LogRecord, requestId: string, error: string, functionError: boolean): number {
    const key = formatPosition(record);
    const blamed = (this.#blamed.get(key) ?? 0) + 1;
    this.#blamed.set(key, blamed);
    this.#last.set(key, { requestId, error, functionError });
    return blamed;
  }

  /** Remember why an attempt failed without counting it (a split that is not a retry). */
  note(record: LogRecord, requestId: string, error: string, functionError: boolean): void {
    this.#last.set(formatPosition(record), { requestId, error, functionError });
  }

  /** The last failed attempt of the record, if any. */
  last(record: LogRecord): LastAttempt | undefined {
    return this.#last.get(formatPosition(record));
  }
}
