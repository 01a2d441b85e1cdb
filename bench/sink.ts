/**
 * Where Powertools output goes during timing: nowhere, but counted. Metrics are still built and
 * serialised to EMF JSON (the work a real invocation does); only the write to stdout is dropped.
 */
import { Console } from 'node:console';
import { Writable } from 'node:stream';

/** A stream that drops what it gets and counts it. */
export class CountingSink extends Writable {
  bytes = 0;
  lines = 0;
  /** The last chunk written, to check what was emitted (e.g. the EMF document). */
  last = '';
  override _write(
    chunk: Buffer | string,
    _encoding: BufferEncoding,
    done: (error?: Error | null) => void,
  ): void {
    const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    this.bytes += text.length;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lines++;
    this.last = text;
    done();
  }
}

/**
 * Point a Powertools Metrics or Logger instance's private `console` at `sink`.
 *
 * @example
 * const sink = new CountingSink();
 * silence(metrics, sink); // metrics.publishStoredMetrics() still serialises, the bytes land in sink
 */
export function silence(target: object, sink: CountingSink): void {
  const quiet = new Console({ stdout: sink, stderr: sink });
  (target as { console: Console }).console = quiet;
}
