/** The percentile of raw values, nearest rank (the repository's harness; not published). */

/**
 * The p-th percentile (0..100) of values, nearest rank; 0 for none.
 *
 * @example
 * percentile([1, 2, 3, 4], 50); // 2
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
