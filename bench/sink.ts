/**
 * Where Powertools output goes during timing: nowhere, but counted. Metrics are still built and
 * serialised to EMF JSON and handed to stdout.write (the work a real invocation does); only the
 * bytes are dropped instead of reaching the terminal.
 */
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { Metric } from '../lib/contract.ts';

const PROCESSED = JSON.stringify(Metric.processed);

/** A stream that drops what it gets and counts it. */
export class CountingSink extends Writable {
  bytes = 0;
  lines = 0;
  /** The last EMF document with the message counts, to cross-check them against the batch. */
  lastCounts = '';
  take(text: string): void {
    this.bytes += text.length;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lines++;
    if (text.includes(PROCESSED)) this.lastCounts = text;
  }
  override _write(
    chunk: Buffer | string,
    _encoding: BufferEncoding,
    done: (error?: Error | null) => void,
  ): void {
    this.take(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    done();
  }
}

/**
 * Point a Powertools Logger (or Metrics) instance's private `console` at `sink`.
 *
 * @example
 * const sink = new CountingSink();
 * silence(logger, sink);
 */
export function silence(target: object, sink: CountingSink): void {
  (target as { console: Console }).console = new Console({ stdout: sink, stderr: sink });
}

/**
 * Run `fn` with process.stdout.write sending its bytes to `sink`. Powertools Metrics instances the
 * handler makes itself hold process.stdout, so this is where their EMF lands.
 *
 * @example
 * const response = await toSink(sink, () => handler(event, context));
 */
export async function toSink<T>(sink: CountingSink, fn: () => Promise<T>): Promise<T> {
  const original = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    sink.take(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }) as typeof process.stdout.write;
  try {
    return await fn();
  } finally {
    process.stdout.write = original;
  }
}
