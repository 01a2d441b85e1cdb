/** Small statistics for timing samples. */

/**
 * The median of `samples` (the mean of the middle two for an even count).
 *
 * @example
 * median([3, 1, 2]); // 2
 */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Rounded to `digits` decimals, for JSON that stays readable.
 *
 * @example
 * round(3.14159, 2); // 3.14
 */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
