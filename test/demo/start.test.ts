/** `npm start` end to end on a small run: the real notification consumer, faults, the summary, exit 0. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseDlqText } from '../../cli/dlq-reader.ts';
import { Metric } from '../../lib/contract.ts';

const small = [
  '--events',
  '200',
  '--partitions',
  '3',
  '--batch-size',
  '20',
  '--crash-after',
  '50',
  '--poison',
  '2',
];

for (const runtime of ['worker', 'in-process']) {
  test(`npm start (${runtime}): duplicates, a crash and a Redis outage; every event once or in the DLQ`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'start-'));
    const dlqFile = join(dir, 'dlq.jsonl');
    const output = join(dir, 'run.jsonl');
    const run = spawnSync(
      process.execPath,
      ['demo/start.ts', ...small, '--runtime', runtime, '--dlq-file', dlqFile, '--output', output],
      { encoding: 'utf8', timeout: 100_000 },
    );
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stderr, new RegExp(`runtime ${runtime}`));
    assert.match(run.stdout, /events produced\s+20\d\s+= 200 unique/);
    assert.match(run.stdout, /consumer killed after 50 records/);
    assert.match(run.stdout, /Redis down for 4 invocations/);
    assert.match(run.stdout, new RegExp(`FIRED\\s+dedup-errors\\s+${Metric.dedupErrors} > 0`));
    assert.match(
      run.stdout,
      /[1-9]\d* more answered by the effect layer/,
      'the crashed records came again, answered by the effect layer',
    );
    assert.match(run.stdout, /OK: every event had its effect exactly once or is in the DLQ/);
    assert.match(run.stderr, /100%/);
    const rows = parseDlqText(readFileSync(dlqFile, 'utf8')).rows;
    assert.ok(rows.length >= 1 && rows.every((r) => r.condition === 'RetriesExhausted'));
    assert.match(run.stdout, new RegExp(`records in the DLQ\\s+${rows.length}`));
    // The run's output, read by the triage, fires what the summary said fired.
    const triage = spawnSync(process.execPath, ['scripts/triage.ts', '--env', 'dev', '--from', output], {
      encoding: 'utf8',
    });
    assert.equal(triage.status, 0, triage.stderr);
    const fired = [...run.stdout.matchAll(/FIRED\s+(\S+)/g)].map((m) => m[1]).sort();
    const wouldFire = [...triage.stdout.matchAll(/WOULD FIRE {2}msk-once-dev-notification-(\S+)/g)]
      .map((m) => m[1])
      .sort();
    assert.deepEqual(wouldFire, fired);
    // The commands the run prints for its files are ones that work, run as printed.
    for (const [file, label] of [
      [output, 'Output'],
      [dlqFile, 'DLQ'],
    ] as const) {
      const printed = run.stdout.match(new RegExp(`^${label} written to \\S+: (npm run .+)$`, 'm'));
      assert.ok(printed, `the run prints how to read ${file}:\n${run.stdout}`);
      const [npm, runWord, script, ...args] = printed[1]!.split(' ');
      assert.deepEqual([npm, runWord], ['npm', 'run']);
      const next = spawnSync('npm', ['run', '--silent', script!, ...args], { encoding: 'utf8' });
      assert.equal(next.status, 0, `${printed[1]}: ${next.stdout}\n${next.stderr}`);
      assert.match(next.stdout, label === 'Output' ? /would have fired/ : /failed record\(s\) in/);
    }
  });
}

test('npm start --poison-sink: the poison events are parked in the local SQS queue, no good record reaches the DLQ', () => {
  const run = spawnSync(
    process.execPath,
    ['demo/start.ts', ...small, '--runtime', 'in-process', '--poison-sink'],
    { encoding: 'utf8', timeout: 100_000 },
  );
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /parked in the poison queue 2 {2}\(2 poison, 0 not poison/);
  assert.match(run.stdout, /good records in the DLQ 0 /);
  assert.match(run.stdout, /effects that happened\s+198 /);
  assert.match(run.stdout, /OK: every event had its effect/);
});

test('npm start rejects a bad option with its name', () => {
  const run = spawnSync(process.execPath, ['demo/start.ts', '--store-policy', 'maybe'], {
    encoding: 'utf8',
  });
  assert.equal(run.status, 2);
  assert.match(
    run.stderr,
    /--store-policy <policy>' argument 'maybe' is invalid\. Allowed choices are open, closed/,
  );
});
