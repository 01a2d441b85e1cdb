/**
 * StrykerJS over the core (lib/consumer, lib/dedup, lib/contract): mutants written by the tool, not
 * by the tests' authors. Run with `npm run mutate:stryker` (scripts/mutate-stryker.ts starts the
 * Redis cluster the tests need, then this). The TAP runner runs each test file as one test, in its
 * own `node` process with type stripping and the source condition; a mutant runs only the test files
 * that reached its code (coverage per test file). Narrow the scope with
 * `npm run mutate:stryker -- --mutate lib/consumer/poison.ts`.
 */
const scope = ['lib/consumer/**/*.ts', 'lib/dedup/**/*.ts', 'lib/contract/**/*.ts'];

/** The test files that exercise the core; each one runs alone, in key order of its name. */
const testFiles = [
  'test/core/bad-input-rules.test.ts',
  'test/core/batch-record.test.ts',
  'test/core/claim-loss.test.ts',
  'test/core/cleanup.test.ts',
  'test/core/config.test.ts',
  'test/core/connection-failures.test.ts',
  'test/core/contract.test.ts',
  'test/core/decode.test.ts',
  'test/core/dedup-key.test.ts',
  'test/core/event-id-normalisation.test.ts',
  'test/core/event-id-sources.test.ts',
  'test/core/group-commit.test.ts',
  'test/core/held-claim-wait.test.ts',
  'test/core/key-format.test.ts',
  'test/core/key-rollout.test.ts',
  'test/core/lease.test.ts',
  'test/core/never-worked.test.ts',
  'test/core/ordering.test.ts',
  'test/core/outcome-rules.test.ts',
  'test/core/poison.test.ts',
  'test/core/reconnect.test.ts',
  'test/core/secrets.test.ts',
  'test/core/semantics.test.ts',
  'test/core/stale-confirmation.test.ts',
  'test/core/stopped-partition.test.ts',
  'test/core/store-scripts.test.ts',
  'test/core/thrown-values.test.ts',
];

/** `STRYKER_TEST_FILES=a.test.ts,b.test.ts` narrows the test files (a first try of a small scope). */
const only = process.env.STRYKER_TEST_FILES?.split(',').filter(Boolean);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: scope,
  testRunner: 'tap',
  tap: {
    testFiles: only ?? testFiles,
    nodeArgs: ['--conditions=msk-once-source', '--test-reporter=tap', '-r', '{{hookFile}}', '{{testFile}}'],
    forceBail: true,
  },
  plugins: [
    '@stryker-mutator/tap-runner',
    './scripts/stryker-log-ignorer.mjs',
    './scripts/stryker-live-survivors.mjs',
  ],
  // The text of log lines is not mutated (scripts/stryker-log-ignorer.mjs says why).
  ignorers: ['log-text'],
  coverageAnalysis: 'perTest',
  // A mutant in code that runs at import reaches every test file: too slow for two shared cores.
  ignoreStatic: true,
  concurrency: 1,
  // A mutant that hangs waits its test file's dry-run time twice plus this: 10 s is ample for a
  // test file with real Redis and keeps a sweep of hanging mutants short.
  timeoutMS: 10_000,
  timeoutFactor: 2,
  incremental: true,
  // scripts/stryker-sweep.ts keeps one incremental report per source file.
  incrementalFile: process.env.STRYKER_INCREMENTAL_FILE ?? 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress-append-only', 'json', 'live-survivors'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['cdk.out', 'bench/results', 'model', 'reports', 'dist', '*.tgz'],
};
