/**
 * What a consumer prints (Powertools JSON logs, CloudWatch EMF metric documents), captured so that
 * a test can assert on it and a local run can sum the metrics CloudWatch would have received. One
 * collector of JSON lines behind three ways in:
 *
 * - {@link captureConsoleOutput}: Powertools in dev mode (`POWERTOOLS_DEV=true`) prints through
 *   the global console; capture those calls and leave process.stdout to the test runner.
 * - {@link captureProcessOutput} / {@link startProcessOutputCapture}: take over process.stdout
 *   and process.stderr (Powertools' default: INFO and EMF to stdout, WARN and ERROR to stderr).
 * - {@link collectOutputLines}: the lines of a worker-thread function (`workerThread({ onOutput })`),
 *   which arrive as a stream of their own, possibly after the invocation's answer.
 *
 * Then the EMF readers: {@link emfDocuments}, {@link sumMetric}, {@link metricValues}, {@link percentile}.
 */

/** One JSON object printed on one line: a log entry or an EMF document. */
export type JsonLine = Record<string, unknown>;

/** What was printed: the JSON lines, and all the text (JSON and other lines). */
export interface PrintedOutput {
  /** Every JSON line printed so far. */
  lines(): JsonLine[];
  /** Everything printed so far, one line after the other. */
  text(): string;
}

/** A capture that runs until stopped. */
export interface OutputCapture extends PrintedOutput {
  /** Put process.stdout.write and process.stderr.write back. */
  stop(): void;
}

/** The lines of a stream printed line by line (a worker thread's stdout and stderr). */
export interface OutputLines extends PrintedOutput {
  /** Take one line (pass it as `onOutput`). */
  readonly line: (line: string) => void;
  /**
   * Wait until nothing was printed for `quietMs` (at most `maxMs`): a thread's output is a stream
   * of its own and can come after its answer (the last EMF document of a run, say).
   */
  settled(quietMs?: number, maxMs?: number): Promise<void>;
}

/** The result of a captured call, with what it printed. */
export interface CapturedOutput<T> {
  result: T;
  lines: JsonLine[];
  text: string;
}

/** Keeps JSON lines and the text; the one place printed output is split and parsed. */
class LineCollector {
  readonly #kept: JsonLine[] = [];
  readonly #text: string[] = [];
  #partial = '';
  lastAt = 0;

  /** One complete line; true when it was JSON. */
  line(line: string): boolean {
    this.lastAt = Date.now();
    this.#text.push(line);
    const parsed = parseJsonLine(line);
    if (parsed) this.#kept.push(parsed);
    return parsed !== undefined;
  }

  /** A chunk of a stream: complete lines are taken, the rest waits for its newline. */
  chunk(text: string, other: (line: string) => void): void {
    this.#partial += text;
    let newline = this.#partial.indexOf('\n');
    while (newline >= 0) {
      const line = this.#partial.slice(0, newline);
      this.#partial = this.#partial.slice(newline + 1);
      if (!this.line(line)) other(`${line}\n`);
      newline = this.#partial.indexOf('\n');
    }
  }

  lines(): JsonLine[] {
    return this.#kept;
  }

  text(): string {
    return this.#text.join('\n');
  }
}

/**
 * Run `fn` with the global console captured: what Powertools prints in dev mode (`POWERTOOLS_DEV=true`;
 * set `POWERTOOLS_METRICS_DISABLED=false` too, or dev mode switches metrics off). One JSON document
 * per console call; calls with other arguments are dropped.
 *
 * @example
 * process.env[contract.EnvVar.powertoolsDev] = 'true';
 * process.env[contract.EnvVar.metricsDisabled] = 'false';
 * const { result, lines } = await captureConsoleOutput(() => handler(event, lambdaContext()));
 * sumMetric(lines, contract.Metric.processed);
 */
export async function captureConsoleOutput<T>(fn: () => Promise<T>): Promise<CapturedOutput<T>> {
  const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
  const originals = methods.map((m) => console[m]);
  const collector = new LineCollector();
  for (const m of methods) {
    console[m] = (...args: unknown[]) => {
      if (typeof args[0] === 'string') collector.line(args[0]);
    };
  }
  try {
    const result = await fn();
    return { result, lines: collector.lines(), text: collector.text() };
  } finally {
    methods.forEach((m, i) => {
      console[m] = originals[i]!;
    });
  }
}

/**
 * Take over process.stdout.write and process.stderr.write until `stop()`: JSON lines are kept, other
 * text goes to `passThrough` (default: where it was going). Bytes (not text) pass untouched:
 * node:test talks to its parent through stdout with binary messages.
 *
 * @example
 * const capture = startProcessOutputCapture(() => {});
 * await esm.drain();
 * capture.stop();
 * sumMetric(capture.lines(), contract.Metric.deduplicated);
 */
export function startProcessOutputCapture(passThrough?: (text: string) => void): OutputCapture {
  const collector = new LineCollector();
  const restore = [process.stdout, process.stderr].map((stream) => {
    const original = stream.write.bind(stream);
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      if (typeof chunk !== 'string') return original(chunk, ...(rest as []));
      collector.chunk(chunk, passThrough ?? ((text) => original(text)));
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof stream.write;
    return () => {
      stream.write = original;
    };
  });
  return {
    lines: () => collector.lines(),
    text: () => collector.text(),
    stop: () => {
      for (const undo of restore) undo();
    },
  };
}

/**
 * Run `fn` with process.stdout and process.stderr captured (see {@link startProcessOutputCapture}).
 *
 * @example
 * const { lines } = await captureProcessOutput(() => esm.drain());
 * assert.ok(sumMetric(lines, contract.Metric.dedupErrors) > 0);
 */
export async function captureProcessOutput<T>(
  fn: () => Promise<T>,
  passThrough?: (text: string) => void,
): Promise<CapturedOutput<T>> {
  const capture = startProcessOutputCapture(passThrough);
  try {
    const result = await fn();
    return { result, lines: capture.lines(), text: capture.text() };
  } finally {
    capture.stop();
  }
}

/**
 * A sink for output that arrives line by line, such as a worker-thread function's.
 *
 * @example
 * const output = collectOutputLines();
 * const fn = new LambdaFunction(workerThread({ module, onOutput: output.line }), { timeoutMs: 7_000 });
 * await esm.drain();
 * await output.settled();
 * sumMetric(output.lines(), contract.Metric.processed);
 */
export function collectOutputLines(): OutputLines {
  const collector = new LineCollector();
  return {
    line: (line) => {
      collector.line(line);
    },
    lines: () => collector.lines(),
    text: () => collector.text(),
    settled: async (quietMs = 200, maxMs = 2_000) => {
      const until = Date.now() + maxMs;
      while (Date.now() < until && Date.now() - collector.lastAt < quietMs) {
        await new Promise((r) => setTimeout(r, quietMs / 4));
      }
    },
  };
}

/**
 * A JSON object on one line, or undefined.
 *
 * @example
 * parseJsonLine('{"level":"ERROR"}'); // { level: 'ERROR' }
 * parseJsonLine('plain text');        // undefined
 */
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

/**
 * EMF documents among the lines (`_aws.CloudWatchMetrics` plus values at the top level).
 *
 * @example
 * emfDocuments(lines).length; // one per flush
 */
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

/**
 * Every value of a metric, in printing order (for percentiles of `contract.Metric.dedupCheckDuration`).
 *
 * @example
 * percentile(metricValues(lines, contract.Metric.dedupCheckDuration), 99);
 */
export function metricValues(lines: readonly JsonLine[], metric: string): number[] {
  const values: number[] = [];
  for (const doc of emfDocuments(lines)) {
    const value = doc[metric];
    if (Array.isArray(value)) values.push(...value.map(Number));
    else if (typeof value === 'number') values.push(value);
  }
  return values;
}
