/**
 * The error each record failed with, from the consumer's log lines: its ERROR lines name the
 * record (`topic`, `partition`, `offset`) and the error (`error.message`). A local run reads its
 * own output this way; `msk-once dlq --logs` reads a run's `--output` file.
 */
import { readFileSync } from 'node:fs';
import { formatPosition } from '../lib/contract.ts';
import { printable } from './terminal-text.ts';

/**
 * `topic-partition@offset` -> the last error logged for that record.
 *
 * @example
 * const reasons = reasonsByPosition(lines); // Map { 'orders-0@3' => 'order o-3: negative amount' }
 */
export function reasonsByPosition(lines: readonly Record<string, unknown>[]): Map<string, string> {
  const reasons = new Map<string, string>();
  for (const line of lines) {
    const error = line.error as { message?: string } | undefined;
    if (line.level === 'ERROR' && typeof line.offset === 'number' && error?.message) {
      const position = { topic: String(line.topic), partition: Number(line.partition), offset: line.offset };
      reasons.set(formatPosition(position), error.message);
    }
  }
  return reasons;
}

/** The JSON object lines of a file (others skipped), or the exit code 2 after saying why. */
export function readJsonLines(file: string): Record<string, unknown>[] | number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`cannot read ${printable(file)}: ${printable((error as Error).message)}`);
    return 2;
  }
  const lines: Record<string, unknown>[] = [];
  for (const line of text.split('\n')) {
    if (!line.trimStart().startsWith('{')) continue;
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {}
  }
  return lines;
}
