/**
 * Capture what a consumer prints (Powertools JSON logs, CloudWatch EMF metric documents) while the
 * emulator runs it, so that a local run can sum the metrics CloudWatch would have received and
 * keep the terminal for a progress bar.
 */

/** One EMF document, as Powertools Metrics prints it: `_aws.CloudWatchMetrics` plus values at the top level. */
export type JsonLine = Record<string, unknown>;

export interface StdoutCapture {
  /** Every JSON line printed so far. */
  lines(): JsonLine[];
  /** Put process.stdout.write back. */
  stop(): void;
}

/**
 * Take over process.stdout.write and process.stderr.write (Powertools prints errors and warnings
 * to stderr): JSON lines are kept, other text goes to `passThrough` (default: where it was going).
 *
 * @example
 * const capture = captureStdout();
 * await esm.drain();
 * capture.stop();
 * sumMetric(capture.lines(), contract.Metric.deduplicated);
 */
export function captureStdout(passThrough?: (text: string) => void): StdoutCapture {
  const kept: JsonLine[] = [];
  const restore = [process.stdout, process.stderr].map((stream) => {
    const original = stream.write.bind(stream);
    let partial = '';
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      // Bytes are not ours: node:test talks to its parent through stdout with binary messages.
      if (typeof chunk !== 'string') return original(chunk, ...(rest as []));
      partial += chunk;
      let newline = partial.indexOf('\n');
      while (newline >= 0) {
        const line = partial.slice(0, newline);
        partial = partial.slice(newline + 1);
        const parsed = parseJsonLine(line);
        if (parsed) kept.push(parsed);
        else if (passThrough) passThrough(`${line}\n`);
        else original(`${line}\n`);
        newline = partial.indexOf('\n');
      }
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof stream.write;
    return () => {
      stream.write = original;
    };
  });
  return {
    lines: () => kept,
    stop: () => {
      for (const undo of restore) undo();
    },
  };
}

/** A JSON object on one line, or undefined. */
export function parseJsonLine(line: string): JsonLine | undefined {
  const t = line.trim();
  if (!t.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(t) as unknown;
    return typeof value === 'object' && value !== null ? (value as JsonLine) : undefined;
  } catch {
    return undefined;
  }
}

/** EMF documents among the lines. */
export function emfDocuments(lines: readonly JsonLine[]): JsonLine[] {
  return lines.filter((l) => typeof l._aws === 'object' && l._aws !== null);
}

/**
 * Sum of a metric over EMF documents whose dimension values match `where` (arrays of values count each).
 *
 * @example
 * sumMetric(lines, contract.Metric.dedupErrors, { [contract.Dimension.reason]: 'connection' })
 */
export function sumMetric(
  lines: readonly JsonLine[],
  metric: string,
  where: Record<string, string> = {},
): number {
  let sum = 0;
  for (const doc of emfDocuments(lines)) {
    if (!Object.entries(where).every(([k, v]) => doc[k] === v)) continue;
    const value = doc[metric];
    if (Array.isArray(value)) sum += value.reduce((a: number, b: unknown) => a + Number(b), 0);
    else if (typeof value === 'number') sum += value;
  }
  return sum;
}

/** Every value of a metric (for percentiles of `contract.Metric.dedupCheckDuration`). */
export function metricValues(lines: readonly JsonLine[], metric: string): number[] {
  const values: number[] = [];
  for (const doc of emfDocuments(lines)) {
    const value = doc[metric];
    if (Array.isArray(value)) values.push(...value.map(Number));
    else if (typeof value === 'number') values.push(value);
  }
  return values;
}

/** The p-th percentile (0..100) of values, nearest rank; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
