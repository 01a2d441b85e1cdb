/**
 * `msk-once dlq <file|-> [--json] [--format … --schema …]` (`npm run dlq -- ...`): triage on-failure DLQ messages.
 *
 * Reads AWS's Kafka on-failure messages (a single message, a JSON array, JSON lines, or a topic dump
 * such as `kcat -C -t my-dlq -e -J` or the emulator's dumpTopic) and prints one row per failed record:
 * topic, partition, offset, event id, condition, approximate invoke count, the value (decoded with
 * `--format` and `--schema` as the handler decodes it), how it last failed and whether it failed
 * first or only stood behind another record; then the rows grouped by partition and first failed
 * offset (cli/dlq-groups.ts): the records whose cause to look at, and those only to replay.
 * Exit 0 when everything was read, 1 when some entries were not DLQ messages, 2 on usage errors.
 */
import { readFileSync } from 'node:fs';
import { formatPosition } from '../lib/contract.ts';
import { type DlqFormatOptions, dlqValueDecoder } from './dlq-decode.ts';
import { type DlqOrdering, formatDlqGroups, groupDlqRows } from './dlq-groups.ts';
import {
  type DlqIdOptions,
  type DlqRow,
  failureHasNoText,
  formatDlqTable,
  parseDlqText,
} from './dlq-reader.ts';
import { RecordFormatOptionError } from './local/record-format.ts';
import { readJsonLines, reasonsByPosition } from './log-reasons.ts';
import { printable, printableJson } from './terminal-text.ts';

export interface DlqCommandOptions extends DlqIdOptions {
  json?: boolean;
  /** A local run's `--output` file: the consumer's ERROR lines give each record the error it failed with. */
  logs?: string;
  /** How to decode values. @default shown as they are (text, or `<n bytes binary>`) */
  format?: DlqFormatOptions;
  /** The consumer's ordering: what a failed record held back. @default 'key' (the consumer's default) */
  ordering?: DlqOrdering;
}

/**
 * Read a DLQ file (or stdin for `-`): its rows and unreadable entries, or the exit code 2. With
 * {@link DlqIdOptions} the rows name each record's id (and dedup key) as the handler reads it.
 */
export function readDlqFile(file: string, ids: DlqIdOptions = {}): ReturnType<typeof parseDlqText> | number {
  try {
    return parseDlqText(readFileSync(file === '-' ? 0 : file, 'utf8'), ids);
  } catch (error) {
    console.error(`cannot read ${printable(file)}: ${printable((error as Error).message)}`);
    return 2;
  }
}

/**
 * Read `file` (or stdin for `-`), print its rows, answer the exit code.
 *
 * @example
 * process.exitCode = await runDlq('dlq.jsonl', { json: false });
 */
export async function runDlq(file: string, options: DlqCommandOptions): Promise<number> {
  let decode: Awaited<ReturnType<typeof dlqValueDecoder>>;
  try {
    decode = options.format ? await dlqValueDecoder(options.format) : undefined;
  } catch (error) {
    if (!(error instanceof RecordFormatOptionError)) throw error;
    console.error(printable(error.message));
    return 2;
  }
  const read = readDlqFile(file, options);
  if (typeof read === 'number') return read;
  const { rows, errors } = read;
  if (decode) for (const row of rows) if (row.record) row.value = await decode(row.record);
  let reasons = new Map<string, string>();
  if (options.logs) {
    const lines = readJsonLines(options.logs);
    if (typeof lines === 'number') return lines;
    reasons = reasonsByPosition(lines);
    for (const row of rows) {
      if (row.partition === null) continue;
      const reason = reasons.get(
        formatPosition({ topic: row.topic, partition: row.partition, offset: Number(row.offset) }),
      );
      if (reason) row.failure = row.lastError = reason;
    }
  }
  // Each row that only stood behind another is marked (`behind`), before either output.
  const groups = groupDlqRows(rows, options.ordering, (position) => reasons.get(position));
  // Everything printed from here on may quote the file (JSON.parse errors quote the bad text).
  for (const error of errors) console.error(`skipped ${printable(error.message)}`);
  if (options.json) {
    console.log(printableJson(rows.map(withoutRecord), 2));
  } else if (rows.length === 0) {
    console.log(`no DLQ messages in ${printable(file)}`);
  } else {
    console.log(formatDlqTable(rows));
    console.log(`\n${rows.length} failed record(s) in ${printable(file)}`);
    if (groups.length > 0) console.log(`\n${formatDlqGroups(groups)}`);
    if (rows.some(failureHasNoText))
      console.log(
        "AWS's on-failure records carry no error text (only whether the invocation failed): the function's log lines of the request shown say why" +
          (options.logs ? '' : '; for a local run, give its --output file with --logs'),
      );
  }
  return errors.length > 0 ? 1 : 0;
}

function withoutRecord({ record: _, ...row }: DlqRow): Omit<DlqRow, 'record'> {
  return row;
}
