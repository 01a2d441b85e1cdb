/** One way of deduplicating a batch, as the harness drives it. */
import type { MSKEvent } from 'aws-lambda';

/** What one invocation did; the harness checks it against what the batch should give. */
export interface InvocationCount {
  /** Records whose business handler ran. */
  handled: number;
  /** Records skipped as duplicates. */
  duplicates: number;
  /** Records reported failed. */
  failed: number;
}

export interface Contender {
  /** Short id in tables and JSON: 'kafkaHandler', 'naive', 'powertools'. */
  readonly id: string;
  /** One Lambda invocation on `event`. */
  invoke(event: MSKEvent): Promise<InvocationCount>;
  /** Close connections. */
  close(): Promise<void>;
}
