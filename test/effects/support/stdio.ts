/** Capture stdout and stderr (Powertools writes INFO and EMF to stdout, WARN and ERROR to stderr). */
export async function captureOutput<T>(fn: () => Promise<T>): Promise<{ result: T; text: string }> {
  let text = '';
  const patch = (stream: NodeJS.WriteStream) => {
    const original = stream.write.bind(stream);
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      cb?.();
      return true;
    }) as typeof stream.write;
    return () => {
      stream.write = original;
    };
  };
  const restoreOut = patch(process.stdout);
  const restoreErr = patch(process.stderr);
  try {
    return { result: await fn(), text };
  } finally {
    restoreOut();
    restoreErr();
  }
}
