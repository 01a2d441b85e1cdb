/**
 * The error each record failed with, from the consumer's log lines: its ERROR lines name the
 * record (`topic`, `partition`, `offset`) and the error (`error.message`). A local run reads its
 * own output this way; `msk-once dlq --logs` reads a run's `--output` file.
 */
import { readFileSync } from 'node:fs';
import { formatPosition } from '../lib/contract.ts';
import { printable } from './terminal-text.ts';

/** The consumer's WARN line for a record it did not start for want of time. */
const OUT_OF_TIME = /^too little time left to start the record/;

/**
 * `topic-partition@offset` -> the last error logged for that record (or that it was not started
 * for want of time, naming the settings that decide it).
 *
 * @example
 * const reasons = reasonsByPosition(lines); // Map { 'orders-0@3' => 'order o-3: negative amount' }
 */
export function reasonsByPosition(lines: readonly Record<string, unknown>[]): Map<string, string> {
  const reasons = new Map<string, string>();
  for (const line of lines) {
    // A record released for want of time logs a WARN, not an error: say which settings decide it.
    if (line.level === 'WARN' && typeof line.offset === 'number' && OUT_OF_TIME.test(String(line.message))) {
      const position = { topic: String(line.topic), partition: Number(line.partition), offset: line.offset };
      reasons.set(
        formatPosition(position),
        `too little time left to start it (${String(line.remainingMs)} ms left, below reserveMs): give the function a longer timeout (--timeout, KafkaConsumer's timeout) or a shorter reserveMs`,
      );
      continue;
    }
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
