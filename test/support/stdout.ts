/**
 * Capture what Powertools prints (EMF metrics, JSON logs) while `fn` runs.
 *
 * Powertools writes through the global console when POWERTOOLS_DEV is set (test/support/consumer.ts
 * sets it), so we capture console calls, one JSON document per call, and leave process.stdout to
 * the test runner's own report.
 */
const METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

export async function captureStdout<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const originals = METHODS.map((m) => console[m]);
  const lines: Record<string, unknown>[] = [];
  for (const m of METHODS) {
    console[m] = (...args: unknown[]) => {
      const first = args[0];
      if (typeof first !== 'string') return;
      try {
        const doc = JSON.parse(first);
        if (doc && typeof doc === 'object') lines.push(doc);
      } catch {}
    };
  }
  try {
    const result = await fn();
    return { result, lines };
  } finally {
    METHODS.forEach((m, i) => {
      console[m] = originals[i]!;
    });
  }
}

// Reading EMF is the emulator's job too (its summary sums metrics): one implementation, in lib/local.
export { emfDocuments, sumMetric as emfSum } from '../../testkit/output-capture.ts';
