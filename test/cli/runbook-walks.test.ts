/**
 * The runbook as on-call follows it (docs/runbook.md, docs/triage.md "Runbook walks"): a local run
 * drives the emulated mapping into the alarms (a handler that always fails one order, the run's
 * injected Redis outage and crash), then the runbook's own commands run on what it left:
 * `msk-once triage --from <run>` must name each alarm's cause and the records to act on, and
 * `msk-once dlq <dump> --logs <run>` must say which record failed first and which only stood
 * behind it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PROJECT_ROOT } from '../../infra/build-app.ts';
import { redisUrl } from '../support/redis.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'msk-once-runbook-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const run = path.join(dir, 'run.jsonl');
const dlq = path.join(dir, 'dlq.jsonl');
/** What test/cli/fixtures/runbook-handlers.ts#failsOneOrder throws (not imported: it builds a handler from the environment). */
const CAUSE = 'order o-3: the payment provider refused it';

function cli(...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['--conditions=msk-once-source', 'cli/main.ts', ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, REDIS_URL: redisUrl() },
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

/** The triage's block of one alarm: from its WOULD FIRE line to the next alarm's. */
function block(triage: string, section: string): string {
  const start = triage.search(new RegExp(`^WOULD FIRE  \\S+-${section}  `, 'm'));
  assert.ok(start >= 0, `the triage says ${section} would fire:\n${triage}`);
  const rest = triage.slice(start + 1);
  const next = rest.search(/^WOULD FIRE/m);
  return next < 0 ? triage.slice(start) : triage.slice(start, start + 1 + next);
}

let triage: string;

before(() => {
  const payloads = path.join(dir, 'p.jsonl');
  writeFileSync(
    payloads,
    Array.from({ length: 20 }, (_, i) => JSON.stringify({ orderId: `o-${i}` })).join('\n'),
  );
  // One partition in partition order (key order, the default, holds back no other key), so that
  // the records behind the failing order are held back by it; the run's default faults stay on
  // (Redis down for four invocations, one crashed invocation).
  const local = cli(
    'local',
    '--ordering',
    'partition',
    '--handler',
    'test/cli/fixtures/runbook-handlers.ts#failsOneOrder',
    '--payloads',
    payloads,
    '--partitions',
    '1',
    '--batch-size',
    '10',
    '--seed',
    '7',
    '--output',
    run,
    '--dlq-file',
    dlq,
  );
  assert.match(local.out, /records in the DLQ\s+[1-9]/, local.out);
  const t = cli('triage', '--from', run);
  assert.equal(t.status, 0, t.out);
  triage = t.out;
});

describe('runbook walks on the emulator', () => {
  test('dedup-errors: the triage names the store failure, its reason and the fail-open line', () => {
    const b = block(triage, 'dedup-errors');
    assert.match(b, /errors, by Reason: connection \d+/);
    assert.match(
      b,
      /WARN "dedup store failed: running records without dedup \(fail-open\)" \(RedisConnectionError/,
    );
  });

  test('function-errors: a crash that left no line is said to be one; failed records are not given as its cause', () => {
    const b = block(triage, 'function-errors');
    assert.match(b, /no log line explains it: .*crash/);
    assert.doesNotMatch(
      b,
      /\d+ x ERROR "handler failed/,
      'a record-level line is not the cause of a whole invocation failing',
    );
    assert.match(b, /record-level error line\(s\) .* see dlq-records/);
  });

  test('dlq-records: the triage names the cause; msk-once dlq the record that failed first and those behind it', () => {
    const b = block(triage, 'dlq-records');
    assert.match(b, /records written to the DLQ/);
    assert.ok(b.includes(CAUSE), `the cause is named:\n${b}`);
    assert.match(b, /msk-once dlq <dump>/);
    // The consumer's ordering: what a failed record held back.
    const d = cli('dlq', dlq, '--logs', run, '--ordering', 'partition');
    assert.equal(d.status, 0, d.out);
    const first = d.out.match(
      /^ {2}(events-0@(\d+)) {2}failed first \(event [0-9A-Z]{26}\), request [0-9a-f-]{36}: (.*)$/m,
    );
    assert.ok(first, `one record failed first:\n${d.out}`);
    assert.equal(first[3], CAUSE);
    const behind = d.out.match(/^ {6}(\d+) behind it, not run: offsets (.*)$/m);
    assert.ok(behind, `the records behind it are named:\n${d.out}`);
    assert.equal((d.out.match(/failed first \(event/g) ?? []).length, 1, 'a single cause');
    assert.match(
      d.out,
      new RegExp(
        `by partition and first failed offset: 1 record\\(s\\) failed first, ${behind[1]} only stood behind them`,
      ),
    );
    // Every row of the table says where it stood.
    const rows = d.out.split('\n').filter((l) => /^events\s+0\s+\d+/.test(l));
    assert.equal(rows.length, 1 + Number(behind[1]));
    assert.equal(rows.filter((l) => l.endsWith(`behind ${first[1]}`)).length, Number(behind[1]));
  });
});
