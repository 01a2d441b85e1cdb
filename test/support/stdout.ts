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

/** JSON documents, one a line (for output read from a child process). */
export function parseJsonLines(text: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t.startsWith('{')) continue;
    try {
      out.push(JSON.parse(t));
    } catch {}
  }
  return out;
}

/** EMF documents only. */
export function emfDocuments(lines: Record<string, unknown>[]) {
  return lines.filter((l) => typeof l._aws === 'object');
}

/** Sum of a metric across EMF documents whose dimension values match `where`. */
export function emfSum(
  lines: Record<string, unknown>[],
  metric: string,
  where: Record<string, string> = {},
): number {
  let sum = 0;
  for (const doc of emfDocuments(lines)) {
    if (!Object.entries(where).every(([k, v]) => doc[k] === v)) continue;
    const value = doc[metric];
    if (Array.isArray(value)) sum += value.reduce((a: number, b: number) => a + b, 0);
    else if (typeof value === 'number') sum += value;
  }
  return sum;
}
