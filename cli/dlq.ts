/**
 * `msk-once dlq <file|-> [--json]` (`npm run dlq -- ...`): triage on-failure DLQ messages.
 *
 * Reads AWS's Kafka on-failure messages (a single message, a JSON array, JSON lines, or a topic dump
 * such as `kcat -C -t my-dlq -e -J` or the emulator's dumpTopic) and prints one row per failed record:
 * topic, partition, offset, event id, condition, approximate invoke count and the decoded value.
 * Exit 0 when everything was read, 1 when some entries were not DLQ messages, 2 on usage errors.
 */
import { readFileSync } from 'node:fs';
import { type DlqIdOptions, formatDlqTable, parseDlqText } from './dlq-reader.ts';
import { printable, printableJson } from './terminal-text.ts';

/**
 * Read `file` (or stdin for `-`), print its rows, answer the exit code.
 *
 * @example
 * process.exitCode = runDlq('dlq.jsonl', { json: false });
 */
export function runDlq(file: string, options: { json?: boolean } & DlqIdOptions): number {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    console.error(`cannot read ${printable(file)}: ${printable((error as Error).message)}`);
    return 2;
  }
  const { rows, errors } = parseDlqText(text, options);
  // Everything printed from here on may quote the file (JSON.parse errors quote the bad text).
  for (const error of errors) console.error(`skipped ${printable(error.message)}`);
  if (options.json) {
    console.log(printableJson(rows, 2));
  } else if (rows.length === 0) {
    console.log(`no DLQ messages in ${printable(file)}`);
  } else {
    console.log(formatDlqTable(rows));
    console.log(`\n${rows.length} failed record(s) in ${printable(file)}`);
  }
  return errors.length > 0 ? 1 : 0;
}
