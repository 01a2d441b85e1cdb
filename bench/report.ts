/**
 * Turn results into the table rows, the target verdicts and the printed tables: the loopback
 * cases against the two floors, the latency-mode cases, the stage timings. Pure: no I/O.
 */
import type { BundleResult } from './bundle.ts';
import type { FloorResult } from './floor.ts';
import type { CaseResult } from './harness.ts';
import type { LatencyRun, LoopbackCall } from './latency.ts';
import type { MemoryResult } from './memory.ts';
import type { StagesResult } from './stages.ts';
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
  /** recordsPerSecond / the server floor's records per second (same mode). */
  ofFloor: number;
  /** recordsPerSecond / the one-connection floor's records per second (same mode). */
  ofOneConnectionFloor: number;
  repetitions: number;
}

/** A latency-mode row: a {@link Row} without the floors (no floor is measured through the proxy). */
export interface LatencyRow extends Omit<Row, 'ofFloor' | 'ofOneConnectionFloor'> {
  /** Delay the proxy added to every chunk, each way, ms. */
  delayMsEachWay: number;
  /** Measured PING round trip through the proxy, ms. */
  pingMs: number;
}

export interface ModeReport {
  mode: string;
  target: string;
  /** redis-benchmark, 50 connections, -P 100. */
  floor: FloorResult;
  /** redis-benchmark, one connection, -P 1000 (absent in results written before it existed). */
  oneConnectionFloor?: FloorResult;
  cases: CaseResult[];
  rows: Row[];
  memory?: MemoryResult;
  /** The naive baseline's memory in the same run (absent in results written before it existed). */
  memoryNaive?: MemoryResult;
}

export interface Verdict {
  target: string;
  goal: string;
  measured: string;
  met: boolean;
}

/** A figure the run records next to the verdicts without judging it. */
export interface Recorded {
  target: string;
  measured: string;
}

/** Everything the verdicts are judged on. */
export interface Figures {
  modes: readonly ModeReport[];
  bundle?: { fn: BundleResult; core: BundleResult; ioredis: BundleResult } | undefined;
  latency?: readonly LatencyRun[] | undefined;
  /** Stage timings on standalone Redis over loopback. */
  stages?: StagesResult | undefined;
  /**
   * kafkaHandler alone on the standalone Redis and on the cluster, taking turns call by call
   * (10,000 records, per duplicate share): what the cluster / standalone verdict is judged on
   * when present, since each mode's own cases run minutes apart and the machine drifts between
   * them (docs/performance.md).
   */
  clusterTurns?: readonly ClusterTurns[] | undefined;
}

/** One duplicate share of {@link Figures.clusterTurns}: the two targets' cases of kafkaHandler alone. */
export interface ClusterTurns {
  duplicates: number;
  standalone: CaseResult;
  cluster: CaseResult;
}

/** The latency setting the goals are set for (same AZ); the others are recorded only. */
export const JUDGED_DELAY_MS = 0.25;

/** Ratios of each case to the naive and Powertools cases alike in every other way. */
function ratios<C extends { contender: string; recordsPerSecond: number }>(
  c: C,
  all: readonly C[],
  alike: (a: C, b: C) => boolean,
): { xNaive: number; xPowertools: number } {
  const of = (id: string) =>
    all.find((o) => o.contender === id && alike(o, c))?.recordsPerSecond ?? Number.NaN;
  return {
    xNaive: round(c.recordsPerSecond / of('naive'), 2),
    xPowertools: round(c.recordsPerSecond / of('powertools'), 2),
  };
}

/**
 * One row per case, with the ratios to the baselines of the same mode, size and duplicate share,
 * and to the two floors.
 *
 * @example
 * const rows = rowsOf('standalone', cases, floor, oneConnectionFloor);
 */
export function rowsOf(
  mode: string,
  cases: readonly CaseResult[],
  floor: FloorResult,
  oneConnectionFloor?: FloorResult,
): Row[] {
  return cases.map((c) => ({
    mode,
    records: c.records,
    duplicates: c.duplicates,
    contender: c.contender,
    recordsPerSecond: Math.round(c.recordsPerSecond),
    msPerBatch: round(c.medianMs, 2),
    ...ratios(c, cases, (a, b) => a.records === b.records && a.duplicates === b.duplicates),
    ofFloor: round(c.recordsPerSecond / floor.recordsPerSecond, 3),
    ofOneConnectionFloor: round(c.recordsPerSecond / (oneConnectionFloor?.recordsPerSecond ?? Number.NaN), 3),
    repetitions: c.repetitions,
  }));
}

/**
 * One row per latency-mode case, with the ratios to the baselines of the same mode, setting, size
 * and duplicate share.
 *
 * @example
 * const rows = latencyRowsOf(runs);
 */
export function latencyRowsOf(runs: readonly LatencyRun[]): LatencyRow[] {
  return runs.flatMap((run) =>
    run.cases.map((c) => ({
      mode: run.mode,
      delayMsEachWay: run.delayMsEachWay,
      pingMs: round(run.rtt.proxiedMs, 3),
      records: c.records,
      duplicates: c.duplicates,
      contender: c.contender,
      recordsPerSecond: Math.round(c.recordsPerSecond),
      msPerBatch: round(c.medianMs, 2),
      ...ratios(c, run.cases, (a, b) => a.records === b.records && a.duplicates === b.duplicates),
      repetitions: c.repetitions,
    })),
  );
}

const thousands = (n: number) => n.toLocaleString('en-US');
const latencyLabel = (r: LatencyRow, withDuplicates: boolean) =>
  `latency ${r.delayMsEachWay} ms each way, ${thousands(r.records)} records, ${withDuplicates ? `${r.duplicates * 100}% duplicates, ` : ''}${r.mode}`;

/**
 * Milliseconds the one-connection floor takes for the commands of `records` records (two each).
 *
 * @example
 * oneConnectionFloorMs(10_000, floor); // 20,000 / SET/s, in ms
 */
export function oneConnectionFloorMs(records: number, floor: FloorResult): number {
  return ((2 * records) / floor.setsPerSecond) * 1000;
}

/**
 * The issue's targets: judged on the 10,000-record loopback rows of kafkaHandler, the memory
 * runs, the bundle, the latency-mode rows at {@link JUDGED_DELAY_MS} (0% duplicates) and the stage
 * timings.
 *
 * @example
 * for (const v of verdicts({ modes, bundle, latency, stages })) console.log(v.met, v.target);
 */
export function verdicts(figures: Figures): Verdict[] {
  const { modes, bundle, latency, stages } = figures;
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
        measured: `${round(m.memory.handlerRatioToEvent, 2)}x of ${size}${m.memoryNaive ? `; the naive baseline ${round(m.memoryNaive.handlerRatioToEvent, 2)}x` : ''}${m.memory.runs ? ` (medians of ${m.memory.runs} runs)` : ''}`,
        met: m.memory.handlerRatioToEvent <= 3,
      });
    }
  }
  const standalone = modes.find((m) => m.mode === 'standalone');
  const cluster = modes.find((m) => m.mode === 'cluster');
  if (standalone && cluster) {
    for (const s of standalone.rows.filter((r) => r.contender === 'kafkaHandler' && r.records === 10_000)) {
      const c = cluster.rows.find(
        (r) => r.contender === 'kafkaHandler' && r.records === s.records && r.duplicates === s.duplicates,
      );
      if (!c) continue;
      const target = `cluster vs standalone throughput (10,000 records, ${s.duplicates * 100}% duplicates)`;
      const apart = round(c.recordsPerSecond / s.recordsPerSecond, 2);
      const turns = figures.clusterTurns?.find((t) => t.duplicates === s.duplicates);
      if (turns) {
        const ratio = round(turns.cluster.recordsPerSecond / turns.standalone.recordsPerSecond, 2);
        out.push({
          target,
          goal: '>= 0.8',
          measured: `${ratio} taking turns (${thousands(Math.round(turns.cluster.recordsPerSecond))} vs ${thousands(Math.round(turns.standalone.recordsPerSecond))} records/s, medians of ${turns.cluster.repetitions}); the modes' own runs ${apart}`,
          met: ratio >= 0.8,
        });
        continue;
      }
      out.push({
        target,
        goal: '>= 0.8',
        measured: `${apart} (${thousands(c.recordsPerSecond)} vs ${thousands(s.recordsPerSecond)} records/s)`,
        met: apart >= 0.8,
      });
    }
  }
  for (const row of latencyRowsOf(latency ?? [])) {
    if (row.contender !== 'kafkaHandler' || row.delayMsEachWay !== JUDGED_DELAY_MS || row.duplicates !== 0)
      continue;
    const at = latencyLabel(row, false);
    out.push({ target: `x naive (${at})`, goal: '>= 50', measured: `${row.xNaive}x`, met: row.xNaive >= 50 });
    out.push({
      target: `x Powertools (${at})`,
      goal: '>= 100',
      measured: `${row.xPowertools}x`,
      met: row.xPowertools >= 100,
    });
  }
  if (stages) {
    const at = `${thousands(stages.records)} records, standalone, loopback`;
    const sum = round(stages.sumUsPerRecord, 2);
    out.push({
      target: `stages per record (${at})`,
      goal: '<= 8 µs per record (decode + claim + run of a no-op + commit + metrics)',
      measured: `${sum} µs (${stages.stages.map((s) => `${s.stage} ${round(s.usPerRecord, 2)}`).join(', ')})`,
      met: sum <= 8,
    });
    const floor = standalone?.oneConnectionFloor;
    if (floor) {
      const floorMs = oneConnectionFloorMs(stages.records, floor);
      const claimCommit = stages.claimPlusCommitMs;
      out.push({
        target: `claim + commit vs single-connection floor (${at})`,
        goal: `<= 2x the one-connection floor's time for ${thousands(2 * stages.records)} SETs`,
        measured: `${round(claimCommit, 1)} ms vs ${round(floorMs, 1)} ms (${round(claimCommit / floorMs, 2)}x; ${thousands(Math.round(floor.setsPerSecond))} SET/s)`,
        met: claimCommit <= 2 * floorMs,
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

/**
 * The most the ratios can be over a network that adds `delayMs` each way and costs neither end any
 * CPU, from the calls straight to Redis: a baseline sends one command at a time (the proxy writes
 * two chunks a command for it), so such a network adds `records x commands a record x 2 x delayMs`
 * to its call; it only adds waits to kafkaHandler's, which stays at least its loopback call.
 * NaN where a contender is missing.
 *
 * @example
 * ceilingOf(run.loopback, 0.25); // { xNaive: 38.2, xPowertools: 82 }
 */
export function ceilingOf(
  loopback: readonly LoopbackCall[],
  delayMs: number,
): { xNaive: number; xPowertools: number } {
  const ours = loopback.find((c) => c.contender === 'kafkaHandler')?.medianMs ?? Number.NaN;
  const over = (id: string) => {
    const c = loopback.find((l) => l.contender === id);
    if (!c) return Number.NaN;
    return round((c.medianMs + c.records * c.commandsPerRecord * 2 * delayMs) / ours, 1);
  };
  return { xNaive: over('naive'), xPowertools: over('powertools') };
}

/**
 * The latency-mode ratios that are recorded but not judged: duplicates at the judged setting, and
 * every other setting; then, per mode and setting, the ceiling ({@link ceilingOf}) where the run
 * measured the calls straight to Redis.
 *
 * @example
 * for (const r of recorded(latency)) console.log(r.target, r.measured);
 */
export function recorded(latency: readonly LatencyRun[] | undefined): Recorded[] {
  const out: Recorded[] = [];
  for (const row of latencyRowsOf(latency ?? [])) {
    if (row.contender !== 'kafkaHandler') continue;
    if (row.delayMsEachWay === JUDGED_DELAY_MS && row.duplicates === 0) continue;
    const at = latencyLabel(row, true);
    out.push({ target: `x naive (${at})`, measured: `${row.xNaive}x` });
    out.push({ target: `x Powertools (${at})`, measured: `${row.xPowertools}x` });
  }
  for (const run of latency ?? []) {
    if (!run.loopback) continue;
    const ceiling = ceilingOf(run.loopback, run.delayMsEachWay);
    const records = thousands(run.loopback[0]?.records ?? 0);
    const at = `latency ${run.delayMsEachWay} ms each way, ${records} records, ${run.mode}, over a network that costs no CPU: the most this machine allows`;
    out.push({ target: `ceiling x naive (${at})`, measured: `${ceiling.xNaive}x` });
    out.push({ target: `ceiling x Powertools (${at})`, measured: `${ceiling.xPowertools}x` });
  }
  return out;
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const fixed = (n: number | undefined, digits: number) =>
  n === undefined || Number.isNaN(n) ? '' : n.toFixed(digits);

/**
 * The loopback table as printed by `npm run bench` (and pasted into docs/performance.md).
 *
 * @example
 * console.log(formatTable(modes));
 */
export function formatTable(modes: readonly ModeReport[]): string {
  const lines: string[] = [];
  lines.push(
    `| mode | records | dups | contender | records/s | ms/batch | x naive | x Powertools | of floor | of 1-conn floor | reps |`,
    `| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
  );
  for (const m of modes) {
    for (const r of m.rows) {
      lines.push(
        `| ${m.mode} | ${pad(r.records, 6)} | ${pad(`${r.duplicates * 100}%`, 3)} | ${r.contender.padEnd(12)} | ${pad(thousands(r.recordsPerSecond), 9)} | ${pad(r.msPerBatch.toFixed(1), 8)} | ${pad(r.xNaive.toFixed(2), 6)} | ${pad(r.xPowertools.toFixed(2), 6)} | ${pad(r.ofFloor.toFixed(3), 6)} | ${pad(fixed(r.ofOneConnectionFloor, 3), 6)} | ${pad(r.repetitions, 2)} |`,
      );
    }
    const one = m.oneConnectionFloor;
    lines.push(
      `| ${m.mode} | floor | | redis-benchmark -c ${m.floor.clients ?? 50} -P ${m.floor.pipeline ?? 100} | ${pad(thousands(Math.round(m.floor.recordsPerSecond)), 9)} | | | | 1.000 | ${one ? pad((m.floor.recordsPerSecond / one.recordsPerSecond).toFixed(3), 6) : ''} | ${m.floor.samples.length} |`,
    );
    if (one)
      lines.push(
        `| ${m.mode} | 1-conn floor | | redis-benchmark -c 1 -P ${one.pipeline} | ${pad(thousands(Math.round(one.recordsPerSecond)), 9)} | | | | ${pad((one.recordsPerSecond / m.floor.recordsPerSecond).toFixed(3), 6)} | 1.000 | ${one.samples.length} |`,
      );
  }
  return lines.join('\n');
}

/** A markdown table after a blank line, when it has rows. */
function appendTable(lines: string[], head: string, rule: string, rows: readonly string[]): void {
  if (rows.length > 0) lines.push('', head, rule, ...rows);
}

/**
 * The latency-mode tables: the PING round trips per setting, then the cases.
 *
 * @example
 * console.log(formatLatency(runs));
 */
export function formatLatency(runs: readonly LatencyRun[]): string {
  const lines = [
    '| mode | delay each way | PING direct | PING through the proxy | added per round trip |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  for (const r of runs)
    lines.push(
      `| ${r.mode} | ${r.delayMsEachWay} ms | ${r.rtt.directMs.toFixed(3)} ms | ${r.rtt.proxiedMs.toFixed(3)} ms | ${r.rtt.addedMs.toFixed(3)} ms |`,
    );
  lines.push(
    '',
    '| mode | each way | records | dups | contender | records/s | ms/batch | x naive | x Powertools | reps |',
    '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const r of latencyRowsOf(runs))
    lines.push(
      `| ${r.mode} | ${r.delayMsEachWay} ms | ${pad(r.records, 5)} | ${pad(`${r.duplicates * 100}%`, 3)} | ${r.contender.padEnd(12)} | ${pad(thousands(r.recordsPerSecond), 7)} | ${pad(r.msPerBatch.toFixed(1), 8)} | ${pad(r.xNaive.toFixed(2), 6)} | ${pad(r.xPowertools.toFixed(2), 6)} | ${pad(r.repetitions, 2)} |`,
    );
  // What the instrument itself did in each contender's timed calls (results from 2026-12-04 on).
  appendTable(
    lines,
    '| mode | each way | dups | contender | proxy: chunks a call | mean late | CPU a call |',
    '| --- | ---: | ---: | --- | ---: | ---: | ---: |',
    runs.flatMap((r) =>
      (r.proxy ?? []).map(
        (p) =>
          `| ${r.mode} | ${r.delayMsEachWay} ms | ${pad(`${p.duplicates * 100}%`, 3)} | ${p.contender.padEnd(12)} | ${pad(p.chunksPerCall.toFixed(0), 6)} | ${pad(p.meanLateUs.toFixed(0), 4)} µs | ${pad(p.cpuMsPerCall.toFixed(1), 7)} ms |`,
      ),
    ),
  );
  // The calls straight to Redis, once a mode (results from 2026-12-04, late night, on).
  appendTable(
    lines,
    '| mode | no proxy | contender | ms/batch | commands a record | calls |',
    '| --- | --- | --- | ---: | ---: | ---: |',
    runs
      .filter((r, i) => runs.findIndex((o) => o.mode === r.mode) === i)
      .flatMap((r) =>
        (r.loopback ?? []).map(
          (c) =>
            `| ${r.mode} | loopback | ${c.contender.padEnd(12)} | ${pad(c.medianMs.toFixed(1), 8)} | ${pad(c.commandsPerRecord.toFixed(2), 5)} | ${pad(c.calls, 2)} |`,
        ),
      ),
  );
  return lines.join('\n');
}

/**
 * The stage timings, per batch and per record, with their sum and claim + commit.
 *
 * @example
 * console.log(formatStages(stages, standalone.oneConnectionFloor));
 */
export function formatStages(stages: StagesResult, oneConnectionFloor?: FloorResult): string {
  const lines = [
    `Stages, ${thousands(stages.records)} records, ${stages.duplicates * 100}% duplicates, standalone, loopback (median of ${stages.repetitions}):`,
    '',
    '| stage | middy hook | ms/batch | µs/record |',
    '| --- | --- | ---: | ---: |',
  ];
  for (const s of stages.stages)
    lines.push(`| ${s.stage} | ${s.hook} | ${s.medianMs.toFixed(1)} | ${s.usPerRecord.toFixed(2)} |`);
  lines.push(
    `| sum of the stages | | ${((stages.sumUsPerRecord * stages.records) / 1000).toFixed(1)} | ${stages.sumUsPerRecord.toFixed(2)} |`,
    `| claim + commit | | ${stages.claimPlusCommitMs.toFixed(1)} | ${((stages.claimPlusCommitMs * 1000) / stages.records).toFixed(2)} |`,
  );
  if (oneConnectionFloor) {
    const ms = oneConnectionFloorMs(stages.records, oneConnectionFloor);
    lines.push(
      `| one-connection floor, ${thousands(2 * stages.records)} SETs | | ${ms.toFixed(1)} | ${((ms * 1000) / stages.records).toFixed(2)} |`,
    );
  }
  lines.push(
    `| the whole call | | ${stages.totalMs.toFixed(1)} | ${((stages.totalMs * 1000) / stages.records).toFixed(2)} |`,
  );
  return lines.join('\n');
}
