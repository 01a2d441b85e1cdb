/**
 * `npm run mutate:sweep [-- <source file>...] [--summary]`: StrykerJS over the core one source file
 * at a time, each against the few test files that exercise it (its mirror test first, so that a
 * killed mutant bails early), not every test file that happens to import the library. A whole-core
 * run makes each surviving mutant run ~30 test files with real Redis: hours on two shared cores.
 *
 * Each file keeps its own incremental report (reports/mutation/files/<file>.json), so a later
 * sweep re-runs only the mutants of changed code or changed tests, and the sums below are read from
 * those reports. A file's score is measured against its listed test files only: a lower bound of
 * what the whole suite kills.
 *
 * `--summary` only prints the table (no mutant is run). Creating `.stryker-pause` in the worktree
 * holds the sweep before its next file (one test process at a time on a shared machine).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { globalSetup, globalTeardown } from '../test/support/global-setup.ts';
import { EQUIVALENT } from './stryker-equivalent.ts';

/** Source file → the test files (under test/core/) that exercise it, the mirror test first. */
export const SWEEP: Record<string, string[]> = {
  'lib/consumer/group-commit.ts': ['group-commit-groups', 'group-commit', 'consumer-pins'],
  'lib/consumer/batch-record.ts': ['batch-record-moves', 'batch-record', 'outcome-rules'],
  'lib/consumer/claim-session.ts': ['claim-session', 'held-claim-wait', 'consumer-pins'],
  'lib/consumer/invocation.ts': ['invocation', 'consumer-pins'],
  'lib/dedup/redis-store.ts': ['store-scripts', 'script-chunks'],
  'lib/contract/dedup-key.ts': ['key-format', 'dedup-key', 'contract'],
  'lib/dedup/connect-failure.ts': ['connection-failure-pins', 'connection-failures'],
  'lib/consumer/ordering.ts': ['ordering', 'consumer-pins'],
  'lib/contract/event-id-format.ts': ['event-id-normalisation', 'id-form-pins', 'event-id-upgrade'],
  'lib/contract/event-id-source.ts': ['event-id-sources', 'event-id-normalisation', 'id-form-pins'],
  'lib/consumer/time-budget.ts': ['time-budget', 'held-claim-wait', 'invocation', 'consumer-pins'],
  'lib/consumer/slots.ts': ['slots', 'ordering', 'consumer-pins'],
  'lib/consumer/park-record.ts': ['park-record', 'poison', 'outcome-rules', 'batch-record'],
  'lib/consumer/poison.ts': ['poison', 'cloudevents-shape', 'park-record'],
  'lib/consumer/decode-event.ts': ['decode', 'bad-input-rules'],
  'lib/dedup/redact.ts': ['secrets'],
  'lib/dedup/rollout-store.ts': ['key-rollout', 'store-acl'],
  'lib/consumer/config.ts': ['config', 'settings'],
  'lib/consumer/env.ts': ['config', 'settings'],
  'lib/contract/settings.ts': ['settings', 'settings-docs', 'config'],
  'lib/dedup/redis-connection.ts': ['reconnect', 'never-worked', 'connection-failures', 'tls-auth'],
  'lib/dedup/fresh-auth.ts': ['fresh-auth', 'iam-token-age', 'tls-auth'],
  'lib/dedup/redis-options.ts': ['tls-auth', 'config'],
  'lib/consumer/sqs-poison-sink.ts': ['sqs-poison-sink', 'poison'],
  'lib/contract/sha256.ts': ['event-id-upgrade', 'key-format'],
};

const REPORTS = 'reports/mutation/files';
const slug = (file: string) => file.replace(/[/.]/g, '_');
const reportOf = (file: string) => join(REPORTS, `${slug(file)}.json`);

interface Counts {
  mutants: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  errors: number;
  ignored: number;
  equivalent: number;
}

interface ReportMutant {
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number; column: number } };
}

/** The mutants of `file` in its report, with the survivors judged equivalent taken out of the score. */
function countsOf(file: string): { counts: Counts; survivors: string[] } | undefined {
  const path = reportOf(file);
  if (!existsSync(path)) return undefined;
  const report = JSON.parse(readFileSync(path, 'utf8')) as {
    files: Record<string, { mutants: ReportMutant[]; source: string }>;
  };
  const entry = report.files[file];
  if (!entry) return undefined;
  const lines = entry.source.split('\n');
  const counts: Counts = {
    mutants: 0,
    killed: 0,
    timeout: 0,
    survived: 0,
    noCoverage: 0,
    errors: 0,
    ignored: 0,
    equivalent: 0,
  };
  const survivors: string[] = [];
  for (const m of entry.mutants) {
    counts.mutants++;
    const line = m.location.start.line;
    const where = `${file}:${line}:${m.location.start.column} ${m.mutatorName} → ${JSON.stringify(m.replacement ?? '')}`;
    switch (m.status) {
      case 'Killed':
        counts.killed++;
        break;
      case 'Timeout':
        counts.timeout++;
        break;
      case 'Survived':
      case 'NoCoverage': {
        const judged = EQUIVALENT.find(
          (e) =>
            e.file === file &&
            e.line === line &&
            e.mutator === m.mutatorName &&
            (m.replacement ?? '') === e.replacement,
        );
        if (judged) counts.equivalent++;
        else {
          if (m.status === 'Survived') counts.survived++;
          else counts.noCoverage++;
          survivors.push(
            `${m.status === 'Survived' ? 'survived' : 'no coverage'} ${where}\n      ${lines[line - 1]?.trim()}`,
          );
        }
        break;
      }
      case 'Ignored':
        counts.ignored++;
        break;
      default:
        counts.errors++;
    }
  }
  return { counts, survivors };
}

const score = (c: Counts) => {
  const valid = c.killed + c.timeout + c.survived + c.noCoverage;
  return valid === 0 ? '-' : `${((100 * (c.killed + c.timeout)) / valid).toFixed(1)} %`;
};

function summary(): void {
  const total: Counts = {
    mutants: 0,
    killed: 0,
    timeout: 0,
    survived: 0,
    noCoverage: 0,
    errors: 0,
    ignored: 0,
    equivalent: 0,
  };
  const rows: string[] = [];
  const allSurvivors: string[] = [];
  const measured = new Set(
    existsSync(REPORTS) ? readdirSync(REPORTS, { withFileTypes: true }).map((d) => d.name) : [],
  );
  for (const file of Object.keys(SWEEP)) {
    if (!measured.has(`${slug(file)}.json`)) continue;
    const got = countsOf(file);
    if (!got) continue;
    const c = got.counts;
    for (const k of Object.keys(total) as (keyof Counts)[]) total[k] += c[k];
    rows.push(
      `| ${file} | ${c.mutants} | ${c.killed} | ${c.timeout} | ${c.survived} | ${c.noCoverage} | ${c.errors} | ${c.ignored} | ${c.equivalent} | ${score(c)} |`,
    );
    allSurvivors.push(...got.survivors);
  }
  console.log(
    '| file | mutants | killed | timed out | survived | no coverage | errors | ignored | equivalent | score |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) console.log(r);
  const t = total;
  console.log(
    `| **measured** | ${t.mutants} | ${t.killed} | ${t.timeout} | ${t.survived} | ${t.noCoverage} | ${t.errors} | ${t.ignored} | ${t.equivalent} | **${score(t)}** |`,
  );
  const unmeasured = Object.keys(SWEEP).filter((f) => !measured.has(`${slug(f)}.json`));
  if (unmeasured.length) console.log(`\nNot measured yet: ${unmeasured.join(', ')}`);
  if (allSurvivors.length) console.log(`\nSurvivors not judged equivalent:\n  ${allSurvivors.join('\n  ')}`);
}

async function sweep(files: string[]): Promise<number> {
  mkdirSync(REPORTS, { recursive: true });
  await globalSetup();
  const bin = join(process.cwd(), 'node_modules', '.bin');
  // The TAP runner spawns `node` from PATH: it must be this Node.js (type stripping), not an older one.
  const path = `${join(process.execPath, '..')}${delimiter}${bin}${delimiter}${process.env.PATH}`;
  let failed = 0;
  let current: ReturnType<typeof spawn> | undefined;
  // Stopped (Ctrl-C, kill): stop the run under way and the Redis cluster the setup started.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      current?.kill('SIGINT');
      void globalTeardown().finally(() => process.exit(130));
    });
  }
  for (const file of files) {
    while (existsSync('.stryker-pause')) await sleep(2000);
    const tests = SWEEP[file]!.map((t) => `test/core/${t}.test.ts`).join(',');
    const started = Date.now();
    console.log(`\n=== ${file} (${tests})`);
    const child = spawn(process.execPath, [join(bin, 'stryker'), 'run', '--mutate', file], {
      stdio: 'inherit',
      env: {
        ...process.env,
        PATH: path,
        STRYKER_TEST_FILES: tests,
        STRYKER_INCREMENTAL_FILE: reportOf(file),
      },
    });
    current = child;
    const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
    console.log(`=== ${file}: exit ${code} after ${Math.round((Date.now() - started) / 1000)} s`);
    if (code !== 0) failed++;
  }
  await globalTeardown();
  return failed;
}

const args = process.argv.slice(2);
if (!import.meta.main) {
  // Imported for its table (scripts/stryker-sample.ts): run nothing.
} else if (args.includes('--summary')) {
  summary();
} else {
  const chosen = args.filter((a) => !a.startsWith('--'));
  const unknown = chosen.filter((f) => !SWEEP[f]);
  if (unknown.length) {
    console.error(`Not in the sweep's table: ${unknown.join(', ')}`);
    process.exit(2);
  }
  const failed = await sweep(chosen.length ? chosen : Object.keys(SWEEP));
  summary();
  process.exit(failed ? 1 : 0);
}
