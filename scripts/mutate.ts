/**
 * `npm run mutate [-- --only <name>] [-- --file <path prefix>]`: a fixed list of realistic one-line bugs in lib/ and infra/,
 * applied one at a time; for each, the test files that cover that code run, and the mutant is
 * killed when they fail. Prints the score and the survivors.
 *
 * Files are restored after each mutant, and also when the run is interrupted: the original is kept
 * in memory and in a backup under the system's temp directory, put back on exit, on SIGINT/SIGTERM,
 * and at the start of the next run if a previous one was killed outright (SIGKILL).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { globalSetup, globalTeardown } from '../test/support/global-setup.ts';

interface Mutation {
  name: string;
  file: string;
  /** Must occur exactly once in the file. */
  from: string;
  to: string;
  /** The test files that cover this code. */
  tests: string[];
}

const SEMANTICS = 'test/core/semantics.test.ts';
const SCRIPTS = 'test/core/store-scripts.test.ts';
const LOSS = 'test/core/claim-loss.test.ts';
const CLEANUP = 'test/core/cleanup.test.ts';
const OUTCOMES = 'test/core/outcome-rules.test.ts';
const GROUP = 'test/core/group-commit.test.ts';
const RULES = 'test/core/bad-input-rules.test.ts';
const DECODE = 'test/core/decode.test.ts';
const ALARMS = 'test/infra/alarms.test.ts';

const MUTATIONS: Mutation[] = [
  // The Redis store's scripts: owner and expiry branches.
  {
    name: 'claim: a DONE key taken for held',
    file: 'lib/dedup/redis-store.ts',
    from: `elseif old == '\${DONE}' then out[i] = 'd'`,
    to: `elseif old == '\${DONE}' then out[i] = 'h'`,
    tests: [SEMANTICS, SCRIPTS],
  },
  {
    name: 'commit: not after the lease ended',
    file: 'lib/dedup/redis-store.ts',
    from: `  if v == ARGV[1] or not v then redis.call('SET', key, '\${DONE}', 'PX', ARGV[2]) end`,
    to: `  if v == ARGV[1] then redis.call('SET', key, '\${DONE}', 'PX', ARGV[2]) end`,
    tests: [SCRIPTS],
  },
  {
    name: "commit: over another owner's claim",
    file: 'lib/dedup/redis-store.ts',
    from: `  if v == ARGV[1] or not v then redis.call('SET', key, '\${DONE}', 'PX', ARGV[2]) end`,
    to: `  if v ~= '\${DONE}' then redis.call('SET', key, '\${DONE}', 'PX', ARGV[2]) end`,
    tests: [SCRIPTS],
  },
  {
    name: 'release: by a former owner',
    file: 'lib/dedup/redis-store.ts',
    from: `  if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end`,
    to: `  redis.call('DEL', key)`,
    tests: [SCRIPTS, SEMANTICS],
  },
  {
    name: "renewal: touches a DONE key's TTL",
    file: 'lib/dedup/redis-store.ts',
    from: `  if v == ARGV[1] then redis.call('PEXPIRE', key, ARGV[2]) out[i] = 'r'`,
    to: `  if v == ARGV[1] or v == '\${DONE}' then redis.call('PEXPIRE', key, ARGV[2]) out[i] = 'r'`,
    tests: [SCRIPTS, LOSS],
  },
  {
    name: 'renewal: reports a lost claim as renewed',
    file: 'lib/dedup/redis-store.ts',
    from: `  elseif v == '\${DONE}' then out[i] = 'd' else out[i] = 'l' end`,
    to: `  elseif v == '\${DONE}' then out[i] = 'd' else out[i] = 'r' end`,
    tests: [LOSS],
  },
  {
    name: 'late claims are not released',
    file: 'lib/dedup/redis-store.ts',
    from: '        if (unused.length > 0) this.release(unused, owner).catch(() => {});',
    to: '',
    tests: [CLEANUP],
  },
  {
    name: 'memory store: extend renews a DONE key',
    file: 'lib/dedup/memory-store.ts',
    from: '      if (entry?.value === mine) {\n        entry.expiresAt = this.#now() + leaseMs;',
    to: '      if (entry) {\n        entry.expiresAt = this.#now() + leaseMs;',
    tests: [LOSS],
  },
  // The consumer core.
  {
    name: 'lease longer than the remaining time',
    file: 'lib/consumer/claim-session.ts',
    from: 'Math.min(config.leaseMs, left)',
    to: 'config.leaseMs',
    tests: [SEMANTICS],
  },
  {
    name: 'a held claim taken for claimed',
    file: 'lib/consumer/claim-session.ts',
    from: "else if (result === 'held') record.held();",
    to: "else if (result === 'held') record.claimed();",
    tests: [SEMANTICS],
  },
  {
    name: 'renewal stops while a handler outlives the answer',
    file: 'lib/consumer/claim-session.ts',
    from: '    if (!running) clearInterval(this.#timer);',
    to: '    clearInterval(this.#timer);',
    tests: [CLEANUP],
  },
  {
    name: 'no in-batch copy rule',
    file: 'lib/consumer/claim-session.ts',
    from: '        firsts.set(record.key, record);',
    to: '',
    tests: [SEMANTICS],
  },
  {
    name: 'lost claim: a DONE key not taken for a duplicate',
    file: 'lib/consumer/claim-session.ts',
    from: "record.lost(result === 'done')",
    to: 'record.lost(false)',
    tests: [LOSS],
  },
  {
    name: 'lost claims counted once per renewal',
    file: 'lib/consumer/claim-session.ts',
    from: "this.#batch.metrics.storeError('claim-lost', count);",
    to: "this.#batch.metrics.storeError('claim-lost');",
    tests: [LOSS],
  },
  {
    name: 'lease overrun judged on twice the lease',
    file: 'lib/consumer/claim-session.ts',
    from: '    if (since <= ms || !this.#firstLoss(record)) return;',
    to: '    if (since <= ms * 2 || !this.#firstLoss(record)) return;',
    tests: [LOSS],
  },
  {
    name: 'a stale claim is not confirmed before its record starts',
    file: 'lib/consumer/invocation.ts',
    from: '    const confirming = session.confirmIfStale(record);',
    to: '    const confirming: Promise<Error | undefined> | undefined = undefined;',
    tests: [LOSS],
  },
  {
    name: 'a renewal does not refresh the confirmation of the keys it renewed',
    file: 'lib/consumer/batch-record.ts',
    from: '    if (at > this.#confirmedAt) this.#confirmedAt = at;',
    to: '',
    tests: [LOSS],
  },
  {
    name: 'a lost claim of a running record counted at every renewal',
    file: 'lib/consumer/claim-session.ts',
    from: '      else if (!this.#firstLoss(record)) continue;',
    to: '      else this.#firstLoss(record);',
    tests: [OUTCOMES],
  },
  {
    name: 'key order: every record of a partition in one lane (keys wait for each other)',
    file: 'lib/consumer/ordering.ts',
    from: '      const key = record.raw.key ?? null;',
    to: '      const key = null;',
    tests: ['test/core/ordering.test.ts'],
  },
  {
    name: 'key order: a partition with an unguarded claim keeps its key lanes (a fail-open outage doubles)',
    file: 'lib/consumer/ordering.ts',
    from: "    if (records.some((record) => record.claim === 'unguarded')) {",
    to: '    if (false as boolean) {',
    tests: ['test/reliability/key-order-faults.test.ts'],
  },
  {
    name: 'opaque ids: a percent sign left unencoded (a:b and a%3Ab share a key)',
    file: 'lib/contract/event-id-format.ts',
    from: "for (const c of '-._~/+=@') OPAQUE[c.charCodeAt(0)] = 1;",
    to: "for (const c of '-._~/+=@%') OPAQUE[c.charCodeAt(0)] = 1;",
    tests: ['test/core/event-id-upgrade.test.ts'],
  },
  {
    name: 'a FIFO poison queue written without MessageGroupId',
    file: 'lib/consumer/sqs-poison-sink.ts',
    from: '        ...(this.#fifo ? fifoAttributes(entry) : {}),',
    to: '',
    tests: ['test/core/poison.test.ts'],
  },
  {
    name: 'structured CloudEvents told by content-type only',
    file: 'lib/contract/event-id-source.ts',
    from: '  return isStructured(headers) || headers[CLOUDEVENTS_ID_HEADER] === undefined;',
    to: '  return isStructured(headers);',
    tests: ['test/core/cloudevents-shape.test.ts'],
  },
  {
    name: 'a held claim fails at once, never waited for',
    file: 'lib/consumer/invocation.ts',
    from: "    if (record.claim === 'held' && config.heldClaimWaitMs > 0)",
    to: "    if (record.claim === 'held' && config.heldClaimWaitMs < 0)",
    tests: ['test/core/held-claim-wait.test.ts'],
  },
  {
    name: 'an undecodable record is never parked',
    file: 'lib/consumer/poison.ts',
    from: "    return 'invalid-record';",
    to: '    return undefined;',
    tests: ['test/core/poison.test.ts'],
  },
  {
    name: 'UUIDs kept in the case they came in (one id, two keys)',
    file: 'lib/contract/event-id-format.ts',
    from: '  const id = value.toLowerCase();',
    to: '  const id = value;',
    tests: ['test/core/event-id-normalisation.test.ts'],
  },
  {
    name: 'a store that never worked reported as an outage',
    file: 'lib/dedup/redis-store.ts',
    from: "    if (this.#worked || known.reason === 'misconfigured') return known;",
    to: '    return known;',
    tests: ['test/core/never-worked.test.ts'],
  },
  {
    name: 'a copy of an original found DONE fails',
    file: 'lib/consumer/batch-record.ts',
    from: "if (outcome === 'succeeded' || outcome === 'deduplicated' || outcome === 'parked')",
    to: "if (outcome === 'succeeded' || outcome === 'parked')",
    tests: [OUTCOMES],
  },
  {
    name: 'a record released after the answer is not told so',
    file: 'lib/consumer/invocation.ts',
    from: "    case 'released':",
    to: "    case 'released-never' as 'released':",
    tests: [OUTCOMES],
  },
  {
    name: 'group commit: succeeded records committed only at the end',
    file: 'lib/consumer/invocation.ts',
    from: "      if (record.claim === 'claimed') session.add(record);",
    to: '',
    tests: [GROUP],
  },
  {
    name: 'group commit: no group by time',
    file: 'lib/consumer/group-commit.ts',
    from: '      this.#timer = setTimeout(this.#flushNow, this.#config.commitEvery.ms);',
    to: '      this.#timer = setTimeout(() => {}, this.#config.commitEvery.ms);',
    tests: [GROUP],
  },
  {
    name: 'group commit: the answer does not wait for groups in flight',
    file: 'lib/consumer/group-commit.ts',
    from: '    const calls = [...this.#inFlight];',
    to: '    const calls: Promise<void>[] = [];',
    tests: [GROUP],
  },
  {
    name: 'reserveMs ignored',
    file: 'lib/consumer/invocation.ts',
    from: 'if (left < reserve) {',
    to: 'if (left < 0) {',
    tests: [SEMANTICS],
  },
  {
    name: 'a failure does not stop its partition',
    file: 'lib/consumer/invocation.ts',
    from: "    if (record.outcome === 'failed') failed = record;",
    to: '',
    tests: [SEMANTICS],
  },
  {
    name: 'the raw (string) offset reported',
    file: 'lib/consumer/invocation.ts',
    from: 'offset: reportedOffset(record.raw) }',
    to: 'offset: record.raw.offset }',
    tests: [RULES],
  },
  {
    name: 'a copy of an unguarded record',
    file: 'lib/consumer/batch-record.ts',
    from: "    if (state === 'claimed' || state === 'unguarded' || (followHeld && state === 'held')) {",
    to: "    if (state === 'claimed' || (followHeld && state === 'held')) {",
    tests: [CLEANUP],
  },
  {
    name: 'an empty custom key accepted',
    file: 'lib/contract/event-id-format.ts',
    from: "  if (value.length === 0) return { reason: 'is empty' };",
    to: '',
    tests: ['test/core/dedup-key.test.ts'],
  },
  {
    name: 'offsets sorted backwards',
    file: 'lib/consumer/decode-event.ts',
    from: 'return [...records].sort((a, b) => at(a) - at(b));',
    to: 'return [...records].sort((a, b) => at(b) - at(a));',
    tests: [RULES],
  },
  {
    name: 'thrown non-Errors logged as they are',
    file: 'lib/observability/thrown.ts',
    from: '  if (!attempt(() => value instanceof Error, false)) return false;',
    to: '',
    tests: ['test/core/thrown-values.test.ts'],
  },
  {
    name: 'outcome counters not incremented',
    file: 'lib/observability/batch-metrics.ts',
    from: '    if (c) c[outcome]++;',
    to: '    if (c) c[outcome] += 0;',
    tests: ['test/core/metrics.test.ts', SEMANTICS],
  },
  // Decoding.
  {
    // (Dropping the length check instead would be an equivalent mutant: a length that is no
    // multiple of 4 never matches the decoded length's formula either.)
    name: 'base64 characters not checked',
    file: 'lib/kafka/decode.ts',
    from: 'if (text.length % 4 !== 0 || bytes.length !== (text.length / 4) * 3 - padding) {',
    to: 'if (text.length % 4 !== 0) {',
    tests: [DECODE],
  },
  {
    name: 'header bytes up to 511',
    file: 'lib/contract/bytes.ts',
    from: 'if ((b & 255) !== b) return false;',
    to: 'if ((b & 511) !== b) return false;',
    tests: [RULES],
  },
  {
    name: 'two Event-Ids: first wins',
    file: 'lib/contract/event-id-source.ts',
    from: '    if (eventId !== undefined && id !== eventId)',
    to: '    if (eventId !== undefined && id.length !== eventId.length)',
    tests: [RULES],
  },
  {
    name: 'JSON null taken for a payload',
    file: 'lib/kafka/decode.ts',
    from: '  if (parsed === null || parsed === undefined) {',
    to: '  if (parsed === undefined) {',
    tests: [RULES],
  },
  {
    name: 'a ULID past 48 bits accepted',
    file: 'lib/contract/envelope.ts',
    from: '  if (value.charCodeAt(0) > 55) return undefined;',
    to: '  if (value.charCodeAt(0) > 57) return undefined;',
    tests: [DECODE],
  },
  // Alarms and the CDK app.
  {
    name: 'DLQ alarm pages from the second record',
    file: 'lib/alarms.ts',
    from: "      'OnFailureDestinationDeliveredEventCount > 0',\n      0,",
    to: "      'OnFailureDestinationDeliveredEventCount > 0',\n      1,",
    tests: [ALARMS],
  },
  {
    name: 'records-lost alarm pages from the second record',
    file: 'lib/alarms.ts',
    from: "rule('recordsLost', 'DroppedEventCount > 0', 0,",
    to: "rule('recordsLost', 'DroppedEventCount > 0', 1,",
    tests: [ALARMS],
  },
  {
    name: 'dedup-errors alarm pages from the second error',
    file: 'lib/alarms.ts',
    // The source text of a template literal in lib/alarms.ts, not a template of this file.
    from: `      \`\${Metric.dedupErrors} > 0 (any \${Dimension.reason})\`,\n      0,`,
    to: `      \`\${Metric.dedupErrors} > 0 (any \${Dimension.reason})\`,\n      1,`,
    tests: [ALARMS],
  },
  {
    name: 'effect-errors alarm pages from the second error',
    file: 'lib/alarms.ts',
    from: "      'EffectErrors > 0 (any Reason)',\n      0,",
    to: "      'EffectErrors > 0 (any Reason)',\n      1,",
    tests: [ALARMS],
  },
  {
    name: 'no bisect on error by default',
    file: 'infra/cdk/kafka-consumer.ts',
    from: 'bisectBatchOnError: props.bisectBatchOnError ?? true,',
    to: 'bisectBatchOnError: props.bisectBatchOnError ?? false,',
    tests: ['test/infra/consumer.test.ts'],
  },
  {
    name: 'no partial batch failures',
    file: 'infra/cdk/kafka-consumer.ts',
    from: 'reportBatchItemFailures: true,',
    to: 'reportBatchItemFailures: false,',
    tests: ['test/infra/consumer.test.ts'],
  },
  {
    name: 'three retries whatever the props',
    file: 'infra/cdk/kafka-consumer.ts',
    from: 'retryAttempts: props.retryAttempts ?? 3,',
    to: 'retryAttempts: 3,',
    tests: ['test/infra/consumer.test.ts', 'test/infra/environments.test.ts'],
  },
];

const BACKUPS = join(tmpdir(), 'msk-once-mutate');
const backupOf = (file: string) => join(BACKUPS, file.replaceAll('/', '__'));

/** Put back any file a previous run left mutated (killed outright, without its handlers). */
function restoreLeftovers(): void {
  if (!existsSync(BACKUPS)) return;
  for (const name of readdirSync(BACKUPS)) {
    const file = name.replaceAll('__', '/');
    writeFileSync(file, readFileSync(join(BACKUPS, name)));
    rmSync(join(BACKUPS, name));
    console.log(`restored ${file} from a previous interrupted run`);
  }
}

let applied: { file: string; original: string } | undefined;
function restore(): void {
  if (!applied) return;
  writeFileSync(applied.file, applied.original);
  rmSync(backupOf(applied.file), { force: true });
  applied = undefined;
}

function apply(m: Mutation): void {
  const original = readFileSync(m.file, 'utf8');
  const at = original.indexOf(m.from);
  if (at < 0 || original.indexOf(m.from, at + 1) >= 0) {
    throw new Error(`mutation '${m.name}': the text to change must occur exactly once in ${m.file}`);
  }
  mkdirSync(BACKUPS, { recursive: true });
  writeFileSync(backupOf(m.file), original);
  applied = { file: m.file, original };
  writeFileSync(m.file, original.slice(0, at) + m.to + original.slice(at + m.from.length));
}

/** Run test files; true when they pass. */
function testsPass(files: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--conditions=msk-once-source', '--test', '--test-timeout=120000', '--test-concurrency=1', ...files],
      { stdio: 'ignore', env: process.env },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { only: { type: 'string' }, file: { type: 'string' } } });
  restoreLeftovers();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      restore();
      process.exit(130);
    });
  }
  process.on('exit', restore);
  const chosen = MUTATIONS.filter(
    (m) => (!values.only || m.name.includes(values.only)) && (!values.file || m.file.startsWith(values.file)),
  );
  await globalSetup(); // Redis for the tests, once for every mutant
  try {
    // Each covering file must pass unmutated; one that does not (a flaky or broken file on this
    // machine) cannot judge a mutant, and is left out, saying so.
    const all = [...new Set(chosen.flatMap((m) => m.tests))];
    const green = new Set<string>();
    for (const file of all) {
      if (await testsPass([file])) green.add(file);
      else console.log(`left out: ${file} fails without any mutation`);
    }
    const survivors: Mutation[] = [];
    const untested: Mutation[] = [];
    const started = performance.now();
    for (const [i, m] of chosen.entries()) {
      const tests = m.tests.filter((t) => green.has(t));
      if (tests.length === 0) {
        untested.push(m);
        console.log(
          `${String(i + 1).padStart(2)}/${chosen.length} UNTESTED ${m.name}: no covering file passes unmutated`,
        );
        continue;
      }
      apply(m);
      let killed: boolean;
      try {
        killed = !(await testsPass(tests));
      } finally {
        restore();
      }
      if (!killed) survivors.push(m);
      console.log(
        `${String(i + 1).padStart(2)}/${chosen.length} ${killed ? 'killed  ' : 'SURVIVED'} ${m.name} (${m.file})`,
      );
    }
    // Untested mutants count as survivors: the score never gains from a broken test file.
    survivors.push(...untested);
    const killed = chosen.length - survivors.length;
    console.log(
      `\nmutation score: ${killed}/${chosen.length} killed (${((100 * killed) / chosen.length).toFixed(1)}%) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    for (const s of survivors)
      console.log(`survivor: ${s.name} (${s.file}), covered by ${s.tests.join(', ')}`);
    return killed / chosen.length >= 0.95 ? 0 : 1;
  } finally {
    await globalTeardown();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    restore();
    console.error(`mutate failed: ${(error as Error)?.message ?? error}`);
    process.exit(2);
  },
);
