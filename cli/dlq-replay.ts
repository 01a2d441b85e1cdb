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
import { formatPosition } from '../lib/contract.ts';
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
    const headers: LogHeader[] = [];
    for (const header of r.headers ?? [])
      for (const [name, bytes] of Object.entries(header)) headers.push({ name, value: Buffer.from(bytes) });
    return {
      position: where,
      topic: r.topic,
      key: r.key === undefined || r.key === null ? null : Buffer.from(r.key, 'base64'),
      value: r.value === undefined || r.value === null ? null : Buffer.from(r.value, 'base64'),
      headers,
    };
  });
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

/** `text` in single quotes for sh (msk-once replay and msk-once poison). */
export function shellQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
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
    const args = ['kcat', '-P', '-b', '"$BROKERS"', '-t', shellQuoted(topic ?? r.topic)];
    if (r.key !== null) {
      if (!isText(r.key))
        throw new ReplayError(`${r.position}: the key is binary; kcat takes a key as an argument (text)`);
      args.push('-k', shellQuoted(r.key.toString('utf8')));
    }
    for (const h of r.headers) {
      if (!isText(h.value))
        throw new ReplayError(`${r.position}: header ${h.name} is binary; kcat takes headers as text`);
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
        if (!isText(h.value) || /[,:]/.test(h.name) || /[,]/.test(value))
          throw new ReplayError(
            `${r.position}: header ${h.name} holds a separator (, or :) or is binary; use kcat`,
          );
        return `${h.name}:${value}`;
      });
      return `${headers.join(',')}\t${r.key?.toString('utf8') ?? ''}\t${r.value.toString('utf8')}\n`;
    })
    .join('');
}
