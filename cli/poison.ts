/**
 * `msk-once poison <file|-> [--json] [--replay-script <path>]`: the records a consumer parked in its
 * poison queue (`poisonQueue`), read from `aws sqs receive-message` output (or JSON lines of the
 * parked documents, `msk-once.poison/1`), listed with their position, event id, reason and error,
 * grouped by cause; and a script that runs them again: each record read back from its topic at its
 * position (the parked document does not carry the value), its dedup key deleted (it was committed
 * DONE when parked, so that a redelivery is not parked twice) and the record produced again with its
 * key and headers, the Event-Id among them. Every value that reaches the terminal or the script is
 * escaped or quoted (the same quoting as `msk-once replay`). Exit 0 when everything was read, 1
 * when some entries are not parked documents, 2 on usage errors.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { eventIdOfKey, markField, markHashKey, markLayout } from '../lib/contract.ts';
import type { PoisonEntry } from '../lib/index.ts';
import { shellQuoted } from './dlq-replay.ts';
import { printable, printableJson } from './terminal-text.ts';

export interface PoisonCommandOptions {
  json?: boolean;
  /** Write the replay script there. @default none */
  replayScript?: string;
  /** The consumer's window, seconds, and declared rate: where its DONE marks live. @default 86400, 1000 */
  window?: string | number;
  eventsPerSecond?: string | number;
}

/** Deletes a DONE mark's field (hex, the last argument) from the hashes before it: the runbook's. */
const DELETE_MARK_LUA =
  "local f = ARGV[1]:gsub('..', function(h) return string.char(tonumber(h, 16)) end) local n = 0 for _, k in ipairs(KEYS) do n = n + redis.call('HDEL', k, f) end return n";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The parked documents of `text` and what could not be read (named by where it was). */
export function parsePoisonText(text: string): { entries: PoisonEntry[]; errors: string[] } {
  const entries: PoisonEntry[] = [];
  const errors: string[] = [];
  const take = (doc: unknown, where: string): void => {
    if (isObject(doc) && Array.isArray(doc.Messages)) {
      for (const [i, m] of doc.Messages.entries())
        take(isObject(m) ? m.Body : undefined, `${where} Messages[${i}]`);
      return;
    }
    if (typeof doc === 'string') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(doc);
      } catch {
        errors.push(`${where}: the body is not JSON`);
        return;
      }
      take(parsed, where);
      return;
    }
    if (isObject(doc) && doc.kind === 'msk-once.poison/1' && typeof doc.topic === 'string') {
      entries.push(doc as unknown as PoisonEntry);
      return;
    }
    errors.push(`${where}: not a parked record (kind msk-once.poison/1)`);
  };
  const trimmed = text.trim();
  if (trimmed === '') return { entries, errors };
  try {
    take(JSON.parse(trimmed), 'the file');
  } catch {
    trimmed.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      try {
        take(JSON.parse(line), `line ${i + 1}`);
      } catch {
        errors.push(`line ${i + 1}: not JSON`);
      }
    });
  }
  return { entries, errors };
}

/** The parked records grouped by cause: reason and error name, most frequent first. */
export function poisonGroups(entries: readonly PoisonEntry[]): { cause: string; entries: PoisonEntry[] }[] {
  const groups = new Map<string, PoisonEntry[]>();
  for (const e of entries) {
    const cause = `${e.reason} ${e.error.name}`;
    groups.set(cause, [...(groups.get(cause) ?? []), e]);
  }
  return [...groups]
    .map(([cause, list]) => ({ cause, entries: list }))
    .sort((a, b) => b.entries.length - a.entries.length);
}

/**
 * A script that runs the parked records again: `BROKERS=<servers> sh <script> [kcat options]`,
 * with `DEL_KEY` the command that deletes one dedup key (default `redis-cli -u "$REDIS_URL" DEL`)
 * and `DEL_MARK` the one that deletes its DONE mark (a hash field since 0.4.0: the count of hashes, 1,
 * the mark's hash, then the field in hex; default a `redis-cli EVAL`). Made with the consumer's
 * window and rate.
 * A record whose key was cut when parked (it ends with `...`) is read back with its own key.
 */
export function poisonReplayScript(
  entries: readonly PoisonEntry[],
  marks: { windowSeconds: number; eventsPerSecond: number } = {
    windowSeconds: 86_400,
    eventsPerSecond: 1000,
  },
): string {
  const layout = markLayout(Math.round(marks.windowSeconds * 1000), marks.eventsPerSecond);
  const lines = [
    '#!/bin/sh',
    `# ${entries.length} parked record(s), run again: each read back from its topic at its position, its`,
    '# dedup key deleted (committed DONE when it was parked), then produced again with its key and headers.',
    '# Usage: BROKERS=<bootstrap servers> [DEL_KEY="<command deleting one key>"] sh replay-parked.sh [kcat options]',
    'set -eu',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template
    ': "${BROKERS:?set BROKERS to the bootstrap servers}"',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template
    'DEL_KEY=${DEL_KEY:-redis-cli -u "$REDIS_URL" DEL}',
    // A function, not a variable's default: the script text holds spaces.
    `del_mark() { if [ -n "\${DEL_MARK:-}" ]; then $DEL_MARK "$@"; else redis-cli -u "$REDIS_URL" EVAL "${DELETE_MARK_LUA}" "$@"; fi; }`,
    'work=$(mktemp -d)',
  ];
  entries.forEach((e, i) => {
    const file = `"$work/${i + 1}.bin"`;
    const at = [
      '-t',
      shellQuoted(e.topic),
      '-p',
      String(Number(e.partition)),
      '-o',
      String(Number(e.offset)),
    ];
    lines.push(`# ${e.position.replace(/[^\w@.:-]/g, '?')}: ${e.reason}`);
    lines.push(`kcat -C -b "$BROKERS" ${at.join(' ')} -c 1 -e -D '' -f '%s' "$@" > ${file}`);
    if (e.dedupKey) {
      lines.push(`$DEL_KEY ${shellQuoted(e.dedupKey)}`);
      const hash = markHashKey(e.dedupKey, layout);
      const id = eventIdOfKey(e.dedupKey);
      if (id !== undefined && hash !== undefined)
        lines.push(`del_mark 1 ${shellQuoted(hash)} ${Buffer.from(markField(id)).toString('hex')}`);
    }
    const produce = ['kcat', '-P', '-b', '"$BROKERS"', '-t', shellQuoted(e.topic)];
    if (e.key !== undefined && !e.key.endsWith('...')) {
      produce.push('-k', shellQuoted(Buffer.from(e.key, 'base64').toString('utf8')));
    } else if (e.key !== undefined) {
      lines.push(`key=$(kcat -C -b "$BROKERS" ${at.join(' ')} -c 1 -e -D '' -f '%k' "$@")`);
      produce.push('-k', '"$key"');
    }
    for (const [name, value] of Object.entries(e.headers ?? {}))
      produce.push('-H', shellQuoted(`${name}=${value}`));
    produce.push('"$@"', file);
    lines.push(produce.join(' '));
  });
  lines.push('rm -r "$work"');
  return `${lines.join('\n')}\n`;
}

/**
 * @example
 * process.exitCode = runPoison('parked.json', { replayScript: 'replay-parked.sh' });
 */
export function runPoison(file: string, o: PoisonCommandOptions): number {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    console.error(`cannot read ${printable(file)}: ${printable((error as Error).message)}`);
    return 2;
  }
  const { entries, errors } = parsePoisonText(text);
  for (const error of errors) console.error(`skipped ${printable(error)}`);
  if (o.json) console.log(printableJson(entries, 2));
  else if (entries.length === 0) console.log(`no parked records in ${printable(file)}`);
  else {
    for (const g of poisonGroups(entries)) {
      console.log(`${g.entries.length} x ${printable(g.cause)}`);
      for (const e of g.entries)
        console.log(
          `  ${printable(e.position)}  event ${printable(e.eventId ?? '-')}  parked ${printable(e.parkedAt)}: ${printable(e.error.message)}` +
            (e.dedupKey ? `\n      dedup key ${printable(e.dedupKey)}` : ''),
        );
    }
    console.log(`\n${entries.length} parked record(s) in ${printable(file)}`);
  }
  if (o.replayScript) {
    const marks = {
      windowSeconds: Number(o.window ?? 86_400),
      eventsPerSecond: Number(o.eventsPerSecond ?? 1000),
    };
    writeFileSync(o.replayScript, poisonReplayScript(entries, marks), { mode: 0o755 });
    console.log(
      `replay script written to ${printable(o.replayScript)}: BROKERS=<bootstrap servers> sh ${printable(o.replayScript)} [-F kcat.conf]` +
        ' (fix the cause first; then delete the messages from the queue)',
    );
  }
  return errors.length > 0 ? 1 : 0;
}
