/**
 * `msk-once replay <file|-> --for kcat|kafka-console-producer --out <path> [--topic <name>]`: the
 * records of a DLQ dump written back for the Kafka CLI tools (cli/dlq-replay.ts says how), with
 * the command that produces them. Exit 0 when written, 1 when a record cannot be carried by the
 * tool chosen (named), 2 on usage errors.
 */
import { writeFileSync } from 'node:fs';
import { readDlqFile } from './dlq.ts';
import {
  commandTopic,
  consoleProducerLines,
  ReplayError,
  replayRecords,
  shellQuoted,
  writeKcatReplay,
} from './dlq-replay.ts';
import { printable } from './terminal-text.ts';

export interface ReplayOptions {
  for: 'kcat' | 'kafka-console-producer';
  out: string;
  topic?: string;
}

/**
 * @example
 * process.exitCode = runReplay('dlq.jsonl', { for: 'kcat', out: 'replay' });
 */
export function runReplay(file: string, o: ReplayOptions): number {
  const read = readDlqFile(file);
  if (typeof read === 'number') return read;
  for (const error of read.errors) console.error(`skipped ${printable(error.message)}`);
  if (read.errors.length > 0) {
    console.error(
      'not written: some entries are not DLQ messages (fix or remove them first; nothing is left out silently)',
    );
    return 1;
  }
  try {
    const records = replayRecords(read.rows);
    if (o.for === 'kcat') {
      const script = writeKcatReplay(records, o.out, o.topic);
      console.log(`${records.length} record(s) written to ${printable(script)}; produce them with:`);
      console.log(
        `  BROKERS=<bootstrap servers> sh ${printable(shellQuoted(script))} [-F client.properties | -X security.protocol=SSL …]`,
      );
    } else {
      writeFileSync(o.out, consoleProducerLines(records));
      // Quoted for the shell the operator pastes it in: a DLQ record's topic is producer-controlled.
      const topic = shellQuoted(
        o.topic !== undefined
          ? commandTopic(o.topic, '--topic')
          : [...new Set(records.map((r) => commandTopic(r.topic, r.position)))].join(','),
      );
      console.log(`${records.length} record(s) written to ${printable(o.out)}; produce them with:`);
      console.log(
        `  kafka-console-producer.sh --bootstrap-server $BS --producer.config client.properties --topic ${printable(topic)} \\\n` +
          "    --property parse.headers=true --property headers.delimiter=$'\\t' --property headers.separator=, \\\n" +
          "    --property headers.key.separator=: --property parse.key=true --property key.separator=$'\\t' < " +
          printable(shellQuoted(o.out)),
      );
      if (o.topic === undefined && new Set(records.map((r) => r.topic)).size > 1)
        console.log('  (the records come from several topics: split the file by topic, or give --topic)');
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ReplayError)) throw error;
    console.error(`not written: ${printable(error.message)}`);
    return 1;
  }
}
