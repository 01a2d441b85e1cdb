/**
 * `npm run dlq -- <file|-> [--json]`: triage on-failure DLQ messages.
 *
 * Reads AWS's Kafka on-failure messages (a single message, a JSON array, JSON lines, or a topic dump
 * such as `kcat -C -t my-dlq -e -J` or the emulator's dumpTopic) and prints one row per failed record:
 * topic, partition, offset, event id, condition, approximate invoke count and the decoded value.
 * Exit 0 when everything was read, 1 when some entries were not DLQ messages, 2 on usage errors.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatDlqTable, parseDlqText } from './dlq-reader.ts';
import { printable, printableJson } from './terminal-text.ts';

const usage = 'usage: npm run dlq -- <file with DLQ messages, or - for stdin> [--json]';

function main(): number {
  let parsed: ReturnType<
    typeof parseArgs<{
      options: { json: { type: 'boolean' }; help: { type: 'boolean' } };
      allowPositionals: true;
    }>
  >;
  try {
    parsed = parseArgs({
      options: { json: { type: 'boolean' }, help: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(usage);
    return 0;
  }
  const [file] = parsed.positionals;
  if (!file || parsed.positionals.length > 1) {
    console.error(usage);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    console.error(`cannot read ${printable(file)}: ${printable((error as Error).message)}`);
    return 2;
  }
  const { rows, errors } = parseDlqText(text);
  // Everything printed from here on may quote the file (JSON.parse errors quote the bad text).
  for (const error of errors) console.error(`skipped ${printable(error.message)}`);
  if (parsed.values.json) {
    console.log(printableJson(rows, 2));
  } else if (rows.length === 0) {
    console.log(`no DLQ messages in ${printable(file)}`);
  } else {
    console.log(formatDlqTable(rows));
    console.log(`\n${rows.length} failed record(s) in ${printable(file)}`);
  }
  return errors.length > 0 ? 1 : 0;
}

process.exitCode = main();
