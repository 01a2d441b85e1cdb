/** Turn case results into the table rows, the target verdicts and the printed table. */
import type { BundleResult } from './bundle.ts';
import type { FloorResult } from './floor.ts';
import type { CaseResult } from './harness.ts';
import type { MemoryResult } from './memory.ts';
import { round } from './stats.ts';

export interface Row {
  mode: string;
  records: number;
  duplicates: number;
  contender: string;
  recordsPerSecond: number;
  msPerBatch: number;
  /** recordsPerSecond / naive's, same mode, size and duplicate share. */
  xNaive: number;
  /** recordsPerSecond / Powertools', same mode, size and duplicate share. */
  xPowertools: number;
  /** recordsPerSecond / the floor's records per second (same mode). */
  ofFloor: number;
  repetitions: number;
}

export interface ModeReport {
  mode: string;
  target: string;
  floor: FloorResult;
  cases: CaseResult[];
  rows: Row[];
  memory?: MemoryResult;
}

export interface Verdict {
  target: string;
  goal: string;
  measured: string;
  met: boolean;
}

/**
 * One row per case, with the ratios to the baselines of the same mode, size and duplicate share.
 *
 * @example
 * const rows = rowsOf('standalone', cases, floor);
 */
export function rowsOf(mode: string, cases: readonly CaseResult[], floor: FloorResult): Row[] {
  const find = (c: CaseResult, id: string) =>
    cases.find((o) => o.contender === id && o.records === c.records && o.duplicates === c.duplicates);
  return cases.map((c) => ({
    mode,
    records: c.records,
    duplicates: c.duplicates,
    contender: c.contender,
    recordsPerSecond: Math.round(c.recordsPerSecond),
    msPerBatch: round(c.medianMs, 2),
    xNaive: round(c.recordsPerSecond / (find(c, 'naive')?.recordsPerSecond ?? Number.NaN), 2),
    xPowertools: round(c.recordsPerSecond / (find(c, 'powertools')?.recordsPerSecond ?? Number.NaN), 2),
    ofFloor: round(c.recordsPerSecond / floor.recordsPerSecond, 3),
    repetitions: c.repetitions,
  }));
}

/**
 * The issue's targets, judged on the 10,000-record rows of kafkaHandler, the memory runs and the bundle.
 *
 * @example
 * for (const v of verdicts(modes, bundle)) console.log(v.met, v.target);
 */
export function verdicts(
  modes: readonly ModeReport[],
  bundle: { fn: BundleResult; core: BundleResult; ioredis: BundleResult } | undefined,
): Verdict[] {
  const out: Verdict[] = [];
  for (const m of modes) {
    for (const row of m.rows.filter((r) => r.contender === 'kafkaHandler' && r.records === 10_000)) {
      const at = `${m.mode}, 10,000 records, ${row.duplicates * 100}% duplicates`;
      out.push({
        target: `x naive (${at})`,
        goal: '>= 20',
        measured: `${row.xNaive}x`,
        met: row.xNaive >= 20,
      });
      out.push({
        target: `x Powertools (${at})`,
        goal: '>= 50',
        measured: `${row.xPowertools}x`,
        met: row.xPowertools >= 50,
      });
      out.push({
        target: `of floor (${at})`,
        goal: '>= 0.5',
        measured: `${row.ofFloor}`,
        met: row.ofFloor >= 0.5,
      });
    }
    if (m.memory) {
      const size = `${round(m.memory.eventBytes / 2 ** 20, 1)} MB event JSON`;
      out.push({
        target: `peak memory above the process baseline, parsed event included (${m.mode}, 10,000 x 1 KB)`,
        goal: '<= 3x event size',
        measured: `${round(m.memory.ratioToEvent, 2)}x of ${size}`,
        met: m.memory.ratioToEvent <= 3,
      });
      out.push({
        target: `peak memory the handler adds to the delivered (parsed) event (${m.mode}, 10,000 x 1 KB)`,
        goal: '<= 3x event size',
        measured: `${round(m.memory.handlerRatioToEvent, 2)}x of ${size}`,
        met: m.memory.handlerRatioToEvent <= 3,
      });
    }
  }
  if (bundle) {
    out.push({
      target: `bundle size (${bundle.fn.entry})`,
      goal: '< 500 KB',
      measured: `${round(bundle.fn.bytes / 1024, 1)} KB`,
      met: bundle.fn.bytes < 500 * 1024,
    });
  }
  return out;
}

const pad = (s: string | number, n: number) => String(s).padStart(n);

/**
 * The table as printed by `npm run bench` (and pasted into docs/performance.md).
 *
 * @example
 * console.log(formatTable(modes));
 */
export function formatTable(modes: readonly ModeReport[]): string {
  const lines: string[] = [];
  lines.push(
    `| mode | records | dups | contender | records/s | ms/batch | x naive | x Powertools | of floor | reps |`,
    `| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |`,
  );
  for (const m of modes) {
    for (const r of m.rows) {
      lines.push(
        `| ${m.mode} | ${pad(r.records, 6)} | ${pad(`${r.duplicates * 100}%`, 3)} | ${r.contender.padEnd(12)} | ${pad(r.recordsPerSecond.toLocaleString('en-US'), 9)} | ${pad(r.msPerBatch.toFixed(1), 8)} | ${pad(r.xNaive.toFixed(2), 6)} | ${pad(r.xPowertools.toFixed(2), 6)} | ${pad(r.ofFloor.toFixed(3), 6)} | ${pad(r.repetitions, 2)} |`,
      );
    }
    lines.push(
      `| ${m.mode} | floor | | redis-benchmark | ${pad(Math.round(m.floor.recordsPerSecond).toLocaleString('en-US'), 9)} | | | | 1.000 | ${m.floor.samples.length} |`,
    );
  }
  return lines.join('\n');
}
