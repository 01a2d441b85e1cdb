/** Shared scaffold of the format tests: a log, a producer, and handlers that record what they get. */
import type { MSKEvent } from 'aws-lambda';
import { KafkaLog, type LogRecord } from '../../emulator/kafka-log.ts';
import { toMskEvent } from '../../emulator/msk-event.ts';
import type { MappingSchemaRegistry } from '../../emulator/schema-registry-mapping.ts';
import { type KafkaHandlerOptions, type KafkaMessage, MemoryDedupStore } from '../../lib/index.ts';
import { testConsumers } from '../support/consumer.ts';

// Imported once per test file (one process each): the handlers below close after that file's tests.
const build = testConsumers();

export function logOf(topic: string, partitions = 1): KafkaLog {
  const log = new KafkaLog();
  log.createTopic(topic, partitions);
  return log;
}

/** The records as the mapping hands them on: as written, or through its schema registry step. */
export async function deliveredEvent(
  records: LogRecord[],
  mapping?: MappingSchemaRegistry,
): Promise<MSKEvent> {
  if (!mapping) return toMskEvent(records);
  const delivered: LogRecord[] = [];
  for (const record of records) {
    const verdict = await mapping.deliver(record);
    if (!verdict.ok)
      throw new Error(`the mapping refused ${record.offset}: ${verdict.condition} ${verdict.why}`);
    delivered.push(verdict.record);
  }
  return toMskEvent(delivered);
}

/** A kafkaHandler on an in-memory store that keeps every message it is handed. */
export function recordingHandler<T, K = Buffer>(
  options: Omit<KafkaHandlerOptions<T, K>, 'handle' | 'handlerName' | 'service'>,
  fails?: (message: KafkaMessage<T, K>) => boolean,
) {
  const seen: KafkaMessage<T, K>[] = [];
  const handler = build<T, K>({
    service: 'formats-test',
    handlerName: 'on-review',
    store: new MemoryDedupStore({ quiet: true }),
    ...options,
    handle: (message) => {
      if (fails?.(message)) throw new Error('business failure');
      seen.push(message);
    },
  });
  return { handler, seen };
}

/** A plain object of a decoded value (avsc records and protobufjs messages are class instances). */
export const plain = (value: unknown) => JSON.parse(JSON.stringify(value));
