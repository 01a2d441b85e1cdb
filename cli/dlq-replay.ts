/**
 * Replaying the records of a DLQ dump: each record produced again to its source topic with its key
 * and every header it had, the Event-Id first among them, so that the consumer skips a replayed
 * event that did run meanwhile (DONE in Redis) and runs the others once.
 *
 * Three ways out:
 * - `kcat`: a shell script of one `kcat -P` per record, the value in a file of its own (kcat sends
 *   a file given as an argument as one message, so binary values such as Avro go as they are), the
 *   key with `-k`, each header with `-H name=value`; kcat's `-H` applies to a whole invocation,
 *   hence one invocation per record;
 * - `kafka-console-producer`: lines `headers<TAB>key<TAB>value` for `parse.headers=true`,
 *   `parse.key=true` with tab separators (text values only: the console producer reads lines);
 * - the emulator: the records appended to the source topic of a {@link KafkaLog}.
 *
 * Guarantees: a record that cannot be written faithfully in the chosen form (a binary key, a
 * binary value for the console producer, a summary message without record content) is refused,
 * naming it; none is left out silently. Does not: decide which records to replay (select them first).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KafkaLog, LogHeader } from '../emulator/index.ts';
import { formatPosition, isByteArray } from '../lib/contract.ts';
import type { DlqRow } from './dlq-reader.ts';

/** A record to produce again, as the DLQ message holds it. */
export interface ReplayRecord {
  /** `topic-partition@offset` where it was first (for messages and errors). */
  readonly position: string;
  readonly topic: string;
  readonly key: Buffer | null;
  readonly value: Buffer | null;
  readonly headers: readonly LogHeader[];
}

/** A record that cannot be replayed in the form asked, naming it. */
export class ReplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplayError';
  }
}

/**
 * The records of DLQ rows, ready to produce again.
 *
 * @throws {ReplayError} for a row without record content (an SQS/SNS summary: read the records
 *   from the source topic by their offsets instead).
 * @example
 * const records = replayRecords(parseDlqText(readFileSync('dlq.jsonl', 'utf8')).rows);
 */
export function replayRecords(rows: readonly DlqRow[]): ReplayRecord[] {
  return rows.map((row) => {
    const where =
      row.partition === null
        ? `${row.topic} ${row.offset}`
        : formatPosition({ topic: row.topic, partition: row.partition, offset: Number(row.offset) });
    const r = row.record;
    if (!r)
      throw new ReplayError(
        `${where}: the message holds no record (an SQS/SNS summary): read it from the source topic by its offsets`,
      );
    // A dump is producer-controlled text: each field checked for its type, never coerced (a
    // `headers: "x"` would become a header named 0, a numeric topic would crash the quoting).
    const record = r as unknown as Record<string, unknown>;
    if (typeof record.topic !== 'string' || record.topic === '')
      throw new ReplayError(
        `${where}: the record's topic is ${describeField(record.topic)}, not a topic name`,
      );
    const headers: LogHeader[] = [];
    if (record.headers !== undefined && record.headers !== null) {
      if (!Array.isArray(record.headers))
        throw new ReplayError(
          `${where}: the record's headers are ${describeField(record.headers)}, not a list of {name: bytes}`,
        );
      for (const header of record.headers as unknown[]) {
        if (header === null || typeof header !== 'object' || Array.isArray(header))
          throw new ReplayError(`${where}: a header is ${describeField(header)}, not {name: bytes}`);
        for (const [name, bytes] of Object.entries(header)) {
          if (!isByteArray(bytes))
            throw new ReplayError(`${where}: header ${JSON.stringify(name)} is not a list of bytes`);
          headers.push({ name, value: Buffer.from(bytes) });
        }
      }
    }
    return {
      position: where,
      topic: record.topic,
      key: base64Field(record.key, 'key', where),
      value: base64Field(record.value, 'value', where),
      headers,
    };
  });
}

/** What a dump holds where a string was expected, in a few words (never the value itself). */
function describeField(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A key or value of the dump: absent/null, or base64 text. */
function base64Field(value: unknown, field: 'key' | 'value', where: string): Buffer | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string')
    throw new ReplayError(`${where}: the record's ${field} is ${describeField(value)}, not base64 text`);
  return Buffer.from(value, 'base64');
}

/**
 * Append the records to their source topics (or `topic`) of an emulated Kafka log.
 *
 * @example
 * replayThroughEmulator(log, replayRecords(rows));
 */
export function replayThroughEmulator(
  log: KafkaLog,
  records: readonly ReplayRecord[],
  topic?: string,
): number {
  for (const r of records)
    log.append(topic ?? r.topic, { key: r.key, value: r.value, headers: [...r.headers] });
  return records.length;
}

function isText(bytes: Buffer): boolean {
  const text = bytes.toString('utf8');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control byte makes it binary
  return Buffer.from(text, 'utf8').equals(bytes) && !/[\u0000-\u001f\u007f]/.test(text);
}

/**
 * `text` in single quotes for sh and bash (msk-once replay and msk-once poison): nothing inside is
 * expanded (`$(…)`, backticks, `;`).
 *
 * @example
 * shellQuoted("orders$(touch x)"); // "'orders$(touch x)'"
 */
export function shellQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: a control character breaks a line or a terminal
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A topic name to print in a command: refused when it holds a control character (a TAB or a
 * newline would not survive being shown, nor pasted).
 *
 * @throws {ReplayError} naming the record.
 */
export function commandTopic(topic: string, position: string): string {
  if (CONTROL.test(topic))
    throw new ReplayError(`${position}: the topic holds a control character; it cannot go on a command line`);
  return topic;
}

/**
 * A kcat replay: `<dir>/replay.sh` and `<dir>/values/<n>.bin`; run it as
 * `BROKERS=<bootstrap servers> sh <dir>/replay.sh [kcat options, e.g. -F client.properties]`.
 *
 * @throws {ReplayError} naming a record whose key or a header is not text (kcat takes them as arguments).
 * @example
 * writeKcatReplay(records, 'replay'); // then: BROKERS=$BS sh replay/replay.sh -X security.protocol=SSL
 */
export function writeKcatReplay(records: readonly ReplayRecord[], dir: string, topic?: string): string {
  const lines = [
    '#!/bin/sh',
    `# ${records.length} record(s) of a DLQ dump, produced again with kcat: one \`kcat -P\` per record (-H sets`,
    '# headers for a whole invocation), the value a file of its own (one file, one message), -k the key.',
    '# Usage: BROKERS=<bootstrap servers> sh replay.sh [more kcat options, e.g. -F client.properties]',
    'set -eu',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template
    ': "${BROKERS:?set BROKERS to the bootstrap servers}"',
    'here=$(dirname "$0")',
  ];
  mkdirSync(join(dir, 'values'), { recursive: true });
  records.forEach((r, i) => {
    const args = [
      'kcat',
      '-P',
      '-b',
      '"$BROKERS"',
      '-t',
      shellQuoted(commandTopic(topic ?? r.topic, r.position)),
    ];
    if (r.key !== null) {
      if (!isText(r.key))
        throw new ReplayError(`${r.position}: the key is binary; kcat takes a key as an argument (text)`);
      args.push('-k', shellQuoted(r.key.toString('utf8')));
    }
    for (const h of r.headers) {
      if (!isText(h.value))
        throw new ReplayError(
          `${r.position}: header ${JSON.stringify(h.name)} is binary; kcat takes headers as text`,
        );
      if (!isText(Buffer.from(h.name)) || h.name.includes('='))
        throw new ReplayError(
          `${r.position}: header ${JSON.stringify(h.name)} holds = or a control character; kcat's -H name=value cannot carry it`,
        );
      args.push('-H', shellQuoted(`${h.name}=${h.value.toString('utf8')}`));
    }
    args.push('"$@"');
    if (r.value === null) {
      // A tombstone: one empty line, sent as a NULL value (-Z).
      lines.push(`printf '\\n' | ${[...args.slice(0, 2), '-Z', ...args.slice(2)].join(' ')}`);
      return;
    }
    const file = `values/${String(i + 1).padStart(6, '0')}.bin`;
    writeFileSync(join(dir, file), r.value);
    lines.push(`${args.join(' ')} "$here/${file}"`);
  });
  const script = join(dir, 'replay.sh');
  writeFileSync(script, `${lines.join('\n')}\n`, { mode: 0o755 });
  return script;
}

/**
 * Lines for kafka-console-producer: `headers<TAB>key<TAB>value`, headers as `name:value,name:value`.
 * Produce them with `--property parse.headers=true --property headers.delimiter=$'\t'
 * --property headers.separator=, --property headers.key.separator=: --property parse.key=true
 * --property key.separator=$'\t'`.
 *
 * @throws {ReplayError} naming a record the console producer cannot carry: a value or key that is
 *   not one line of text (binary: use kcat), a tombstone, a header with a separator in it.
 * @example
 * writeFileSync('replay.tsv', consoleProducerLines(records));
 */
export function consoleProducerLines(records: readonly ReplayRecord[]): string {
  return records
    .map((r) => {
      if (r.value === null)
        throw new ReplayError(
          `${r.position}: a tombstone; the console producer cannot send a null value (use kcat)`,
        );
      if (!isText(r.value))
        throw new ReplayError(
          `${r.position}: the value is binary (Avro, Protobuf…): the console producer reads text lines; use --for kcat`,
        );
      if (r.key !== null && !isText(r.key))
        throw new ReplayError(`${r.position}: the key is binary; use kcat`);
      const headers = r.headers.map((h) => {
        const value = h.value.toString('utf8');
        // TAB and newline are separators of the line too: isText refuses every control character.
        if (!isText(h.value) || !isText(Buffer.from(h.name)) || /[,:]/.test(h.name) || /[,]/.test(value))
          throw new ReplayError(
            `${r.position}: header ${JSON.stringify(h.name)} holds a separator (, : TAB or a newline) or is binary; use kcat`,
          );
        return `${h.name}:${value}`;
      });
      return `${headers.join(',')}\t${r.key?.toString('utf8') ?? ''}\t${r.value.toString('utf8')}\n`;
    })
    .join('');
}
