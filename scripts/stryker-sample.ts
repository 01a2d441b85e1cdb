/**
 * `npm run mutate:sample -- [--size N] [--seed S] [--list] [--summary] [--rerun [--only f:l,...]] [--coverage a,b]`: the generated-mutant score
 * of the whole core (lib/consumer, lib/dedup, lib/contract), estimated from a uniform random sample
 * of StrykerJS's own mutants, with its confidence interval.
 *
 * Why a sample: the core has about 5,000 mutants; every one against the test files that reach it
 * takes many hours on this machine (scripts/stryker-sweep.ts measures whole files, a few at a time).
 * A uniform sample of a few hundred gives the score within a few points, with a stated interval,
 * and every survivor it finds is a real gap to pin or an equivalent to judge.
 *
 * How (nothing here judges a mutant by hand):
 * 1. StrykerJS's instrumenter lists every mutant of the core, with the same mutators and the same
 *    log-text ignorer as `npm run mutate:stryker` (scripts/stryker-log-ignorer.mjs).
 * 2. Coverage per test file: each test/core file runs once under NODE_V8_COVERAGE (its child
 *    processes too). Type stripping keeps every offset, so V8's block counts say which test files
 *    run the mutant's code: the same per-test-file coverage StrykerJS's TAP runner uses.
 * 3. The sample is drawn with the project's seeded generator (testkit/seeded-random.ts), so a run
 *    is reproducible.
 * 4. Each sampled mutant is written into its source file (in this worktree: run it in a worktree of
 *    its own) and the covering test files run one at a time, the file's mirror tests first, until
 *    one fails (killed) or runs past three times its unmutated time plus 20 s (timed out, counted as
 *    killed, as StrykerJS does). No covering file: no coverage, counted as surviving.
 * 5. Results are appended to bench/results/mutation-sample.json as they come, so a stopped run
 *    goes on where it was; `--summary` prints the score, its 95 % Wilson interval and the
 *    survivors, with the equivalent ones (scripts/stryker-equivalent.ts) taken out.
 * 6. After pins are added: `--rerun [--only file:line,...]` runs the surviving and uncovered
 *    mutants (at those places) again; coverage is measured for new test files, and again for
 *    changed ones named in `--coverage`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { globalSetup, globalTeardown } from '../test/support/global-setup.ts';
import { seededRandom } from '../testkit/seeded-random.ts';
import { EQUIVALENT } from './stryker-equivalent.ts';
// @ts-expect-error: a plain ES module with JSDoc types, no declaration file
import { strykerPlugins } from './stryker-log-ignorer.mjs';
import { SWEEP } from './stryker-sweep.ts';

const ROOT = process.cwd();
const CORE = ['lib/consumer', 'lib/dedup', 'lib/contract'];
const RESULTS = 'bench/results/mutation-sample.json';
const COVERAGE = 'reports/mutation/coverage.json';

/** One mutant: lines 1-based, columns 0-based (as in StrykerJS's reports). */
export interface SampledMutant {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  mutator: string;
  replacement: string;
}

interface Outcome extends SampledMutant {
  /** `equivalent`: judged so by hand before it was drawn (scripts/stryker-equivalent.ts), not run. */
  status: 'killed' | 'timeout' | 'survived' | 'no-coverage' | 'equivalent';
  /** The mutated line as it was when the mutant ran (the file may have changed since). */
  source?: string;
  /** The test file that failed (killed). */
  by?: string;
  ran: number;
  seconds: number;
}

const key = (m: SampledMutant) => `${m.file}:${m.line}:${m.column}:${m.mutator}:${m.replacement}`;

function coreFiles(): string[] {
  return CORE.flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
      .map((f) => `${dir}/${f}`),
  ).sort();
}

/** Every mutant StrykerJS makes in the core, the log text left out as `npm run mutate:stryker` does. */
export async function listMutants(): Promise<SampledMutant[]> {
  const quiet = {
    isTraceEnabled: () => false,
    isDebugEnabled: () => false,
    isInfoEnabled: () => false,
    isWarnEnabled: () => false,
    isErrorEnabled: () => true,
    isFatalEnabled: () => true,
    trace() {},
    debug() {},
    info() {},
    warn() {},
    error: (...args: unknown[]) => console.error(...args),
    fatal: (...args: unknown[]) => console.error(...args),
  };
  // biome-ignore lint/suspicious/noExplicitAny: the instrumenter takes StrykerJS's Logger; this one prints errors only
  const instrumenter = new Instrumenter(quiet as any);
  const files = coreFiles().map((name) => ({
    name,
    content: readFileSync(name, 'utf8'),
    mutate: true as const,
  }));
  const logText = (strykerPlugins as { value: unknown }[])[0]!.value as {
    shouldIgnore: (path: unknown) => string | undefined;
  };
  const { mutants } = await instrumenter.instrument(files, {
    plugins: null,
    excludedMutations: [],
    // biome-ignore lint/suspicious/noExplicitAny: the ignorer plugin's value is an Ignorer
    ignorers: [logText as any],
  });
  return mutants
    .filter((m) => m.status !== 'Ignored')
    .map((m) => ({
      file: m.fileName.startsWith('/') ? m.fileName.slice(ROOT.length + 1) : m.fileName,
      line: m.location.start.line + 1,
      column: m.location.start.column,
      endLine: m.location.end.line + 1,
      endColumn: m.location.end.column,
      mutator: m.mutatorName,
      replacement: m.replacement,
    }));
}

export function drawSample(all: SampledMutant[], size: number, seed: number): SampledMutant[] {
  const next = seededRandom(seed);
  const pool = all.slice();
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, size);
}

function offsetOf(source: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) at = source.indexOf('\n', at) + 1;
  return at + column;
}

interface FileCoverage {
  /** Test file → its run time (s) unmutated. */
  seconds: Record<string, number>;
  /** Source file → test file → per process, V8's block ranges [start, end, count]. */
  ranges: Record<string, Record<string, [number, number, number][][]>>;
}

function runTest(file: string, env: NodeJS.ProcessEnv, timeoutMs: number) {
  return new Promise<{ passed: boolean; timedOut: boolean; seconds: number }>((done) => {
    const started = Date.now();
    const child = spawn(
      process.execPath,
      ['--conditions=msk-once-source', '--test', '--test-timeout=120000', '--test-concurrency=1', file],
      { stdio: 'ignore', env, detached: true },
    );
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The whole group: a test file's Redis children and consumer processes too.
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ passed: code === 0 && !timedOut, timedOut, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/** Each test/core file once under V8 coverage: which source ranges it runs, and how long it takes. */
/**
 * Coverage of the test/core files not measured yet (all of them the first time), and again of
 * `again` (test files changed since): kept in reports/mutation/coverage.json.
 */
async function measureCoverage(again: string[]): Promise<FileCoverage> {
  const result: FileCoverage = existsSync(COVERAGE)
    ? (JSON.parse(readFileSync(COVERAGE, 'utf8')) as FileCoverage)
    : { seconds: {}, ranges: {} };
  const tests = readdirSync('test/core')
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `test/core/${f}`)
    .filter((t) => !(t in result.seconds) || again.includes(t))
    .sort();
  for (const perTest of Object.values(result.ranges)) for (const t of tests) delete perTest[t];
  const sources = new Set(coreFiles());
  for (const test of tests) {
    const dir = resolve('reports/mutation/v8', test.replace(/[/.]/g, '_'));
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const run = await runTest(test, { ...process.env, NODE_V8_COVERAGE: dir }, 600_000);
    result.seconds[test] = run.seconds;
    console.log(`coverage ${test}: ${run.passed ? 'passed' : 'FAILED'} in ${run.seconds.toFixed(1)} s`);
    if (!run.passed) throw new Error(`${test} fails unmutated: the sample needs a green suite`);
    for (const name of readdirSync(dir)) {
      const data = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
        result: {
          url: string;
          functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
        }[];
      };
      for (const script of data.result) {
        if (!script.url.startsWith('file://')) continue;
        const path = decodeURIComponent(new URL(script.url).pathname);
        if (!path.startsWith(`${ROOT}/`)) continue;
        const rel = path.slice(ROOT.length + 1);
        if (!sources.has(rel)) continue;
        const list: [number, number, number][] = [];
        for (const fn of script.functions)
          for (const r of fn.ranges) list.push([r.startOffset, r.endOffset, r.count]);
        const perTest = result.ranges[rel] ?? {};
        result.ranges[rel] = perTest;
        perTest[test] = [...(perTest[test] ?? []), list];
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync('reports/mutation', { recursive: true });
  writeFileSync(COVERAGE, JSON.stringify(result));
  return result;
}

/**
 * Did `test` run the code from `start` to `end` of `file`? Per process, V8's block ranges nest and
 * the innermost one holding the mutant has the count; any process that ran it counts.
 */
function covers(cov: FileCoverage, file: string, test: string, start: number, end: number): boolean {
  for (const ranges of cov.ranges[file]?.[test] ?? []) {
    let best: [number, number, number] | undefined;
    for (const r of ranges)
      if (r[0] <= start && end <= r[1] && (!best || r[1] - r[0] <= best[1] - best[0])) best = r;
    if (best && best[2] > 0) return true;
  }
  return false;
}

function loadResults(): Outcome[] {
  return existsSync(RESULTS)
    ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as { outcomes: Outcome[] }).outcomes
    : [];
}

function saveResults(meta: object, outcomes: Outcome[]): void {
  writeFileSync(RESULTS, `${JSON.stringify({ ...meta, outcomes }, null, 1)}\n`);
}

function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [c - h, c + h];
}

export function isEquivalent(m: SampledMutant): boolean {
  return EQUIVALENT.some(
    (e) =>
      e.file === m.file && e.line === m.line && e.mutator === m.mutator && e.replacement === m.replacement,
  );
}

function summary(): void {
  const outcomes = loadResults();
  const judged = outcomes.filter((o) => isEquivalent(o));
  const valid = outcomes.filter((o) => !isEquivalent(o));
  const killed = valid.filter((o) => o.status === 'killed' || o.status === 'timeout').length;
  const [lo, hi] = wilson(killed, valid.length);
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  console.log(
    `sampled ${outcomes.length}: killed ${valid.filter((o) => o.status === 'killed').length}, timed out ${
      valid.filter((o) => o.status === 'timeout').length
    }, survived ${valid.filter((o) => o.status === 'survived').length}, no coverage ${
      valid.filter((o) => o.status === 'no-coverage').length
    }, equivalent ${judged.length}`,
  );
  console.log(`score ${pct(killed / Math.max(1, valid.length))} (95 % interval ${pct(lo)} to ${pct(hi)})`);
  const byDir = new Map<string, [number, number]>();
  for (const o of valid) {
    const dir = o.file.split('/').slice(0, 2).join('/');
    const t = byDir.get(dir) ?? [0, 0];
    t[1]++;
    if (o.status === 'killed' || o.status === 'timeout') t[0]++;
    byDir.set(dir, t);
  }
  for (const [dir, [k, n]] of byDir) console.log(`  ${dir}: ${k}/${n} ${pct(k / n)}`);
  const left = valid.filter((o) => o.status === 'survived' || o.status === 'no-coverage');
  if (left.length) {
    console.log('\nSurvivors not judged equivalent:');
    for (const o of left) {
      const source = o.source ?? readFileSync(o.file, 'utf8').split('\n')[o.line - 1]?.trim();
      console.log(
        `  ${o.status} ${o.file}:${o.line}:${o.column} ${o.mutator} → ${JSON.stringify(o.replacement)}\n      ${source}`,
      );
    }
  }
}

async function run(
  size: number,
  seed: number,
  remeasure: string[],
  rerun: boolean,
  only: string[],
): Promise<void> {
  const all = await listMutants();
  const sample = drawSample(all, size, seed);
  const meta = { seed, size, mutantsInCore: all.length, drawnAt: new Date().toISOString().slice(0, 10) };
  // --rerun: the survivors run again (against tests added or changed since), the rest stay.
  // With `--only file:line,...` only the survivors at those places (the ones pins were added for).
  const again = (o: Outcome) =>
    rerun &&
    (o.status === 'survived' || o.status === 'no-coverage') &&
    (only.length === 0 || only.includes(`${o.file}:${o.line}`));
  const outcomes = loadResults().filter((o) => !again(o));
  const done = new Set(outcomes.map(key));
  console.log(
    `${all.length} mutants in the core; sample of ${size} (seed ${seed}); ${done.size} already run`,
  );
  await globalSetup();
  let restoreFile: { file: string; text: string } | undefined;
  const restore = () => {
    if (restoreFile) writeFileSync(restoreFile.file, restoreFile.text);
    restoreFile = undefined;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      restore();
      void globalTeardown().finally(() => process.exit(130));
    });
  try {
    const cov = await measureCoverage(remeasure);
    for (const m of sample) {
      if (done.has(key(m))) continue;
      while (existsSync('.stryker-pause')) await new Promise((r) => setTimeout(r, 2000));
      const text = readFileSync(m.file, 'utf8');
      const start = offsetOf(text, m.line, m.column);
      const end = offsetOf(text, m.endLine, m.endColumn);
      const mirror = (SWEEP[m.file] ?? []).map((t) => `test/core/${t}.test.ts`);
      const covering = Object.keys(cov.seconds).filter((t) => covers(cov, m.file, t, start, end));
      const ordered = [
        ...mirror.filter((t) => covering.includes(t)),
        ...covering.filter((t) => !mirror.includes(t)).sort((a, b) => cov.seconds[a]! - cov.seconds[b]!),
      ];
      const began = Date.now();
      let outcome: Outcome['status'] = isEquivalent(m)
        ? 'equivalent'
        : ordered.length
          ? 'survived'
          : 'no-coverage';
      let by: string | undefined;
      let ran = 0;
      if (outcome === 'survived') {
        restoreFile = { file: m.file, text };
        writeFileSync(m.file, text.slice(0, start) + m.replacement + text.slice(end));
        for (const test of ordered) {
          ran++;
          const r = await runTest(test, process.env, cov.seconds[test]! * 3000 + 20_000);
          if (!r.passed) {
            outcome = r.timedOut ? 'timeout' : 'killed';
            by = test;
            break;
          }
        }
        restore();
      }
      const o: Outcome = {
        ...m,
        status: outcome,
        by,
        ran,
        seconds: Math.round((Date.now() - began) / 1000),
        source: text.split('\n')[m.line - 1]?.trim(),
      };
      outcomes.push(o);
      saveResults(meta, outcomes);
      console.log(
        `${outcomes.length}/${size} ${outcome}${by ? ` by ${by}` : ''} (${ran} files, ${o.seconds} s) ${m.file}:${m.line}:${m.column} ${m.mutator} → ${JSON.stringify(m.replacement).slice(0, 80)}`,
      );
    }
  } finally {
    restore();
    await globalTeardown();
  }
  summary();
}

const { values } = parseArgs({
  args: import.meta.main ? process.argv.slice(2) : [],
  options: {
    size: { type: 'string', default: '400' },
    seed: { type: 'string', default: '20261202' },
    list: { type: 'boolean', default: false },
    summary: { type: 'boolean', default: false },
    rerun: { type: 'boolean', default: false },
    coverage: { type: 'string', default: '' },
    only: { type: 'string', default: '' },
  },
});
if (!import.meta.main) {
  // Imported for its pieces: run nothing.
} else if (values.summary) summary();
else if (values.list) {
  const all = await listMutants();
  const perFile = new Map<string, number>();
  for (const m of all) perFile.set(m.file, (perFile.get(m.file) ?? 0) + 1);
  for (const [f, n] of [...perFile].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(5)} ${f}`);
  console.log(`${String(all.length).padStart(5)} mutants in the core`);
} else
  await run(
    Number(values.size),
    Number(values.seed),
    values.coverage.split(',').filter(Boolean),
    values.rerun,
    values.only.split(',').filter(Boolean),
  );
