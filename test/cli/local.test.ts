/**
 * `msk-once local --handler <module>[#export]` with a user's own handler module (not the demo's):
 * the run publishes the payload file, drives the handler through the emulated mapping with its
 * faults, prints the summary, and exits 1 when an effect ran twice or an event was lost.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { localCli } from '../support/local-cli.ts';

/** A control character other than the line feed that ends each printed line. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const dir = mkdtempSync(path.join(tmpdir(), 'msk-once-local-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const payloads = path.join(dir, 'p.jsonl');
writeFileSync(
  payloads,
  Array.from({ length: 40 }, (_, i) => JSON.stringify({ orderId: `o-${i}` })).join('\n'),
);

const local = localCli(payloads);

/** The number on the summary line that starts with `label`. */
function count(out: string, label: string): number {
  const m = out.match(new RegExp(`^\\s*${label}\\s+(\\d+)`, 'm'));
  assert.ok(m, `the summary has "${label}":\n${out}`);
  return Number(m[1]);
}

describe('msk-once local with your own handler module', () => {
  test('a correct handler: exit 0, every payload published and run, the repeats explained by the faults', () => {
    const { status, out } = local('test/cli/fixtures/handler.ts');
    assert.equal(status, 0, out);
    assert.match(out, /events produced\s+(\d+)\s+= 40 unique \+ (\d+) published twice/);
    const produced = count(out, 'events produced');
    const duplicates = produced - 40;
    assert.ok(duplicates > 0, 'the producer published some events twice');
    assert.equal(count(out, 'duplicates suppressed'), duplicates, 'each duplicate suppressed once');
    assert.ok(count(out, 'effects that happened') >= 40, out);
    assert.equal(count(out, 'records in the DLQ'), 0);
    assert.match(out, /OK: every event had its effect or is in the DLQ/);
  });

  test('--id-source/--id-format: events published with ce_id UUIDs, read by a handler configured from the environment', () => {
    const { status, out } = local(
      'test/cli/fixtures/id-source-handler.ts',
      '--id-source',
      'cloudevents',
      '--id-format',
      'uuid',
    );
    assert.equal(status, 0, out);
    const duplicates = count(out, 'events produced') - 40;
    assert.ok(duplicates > 0, 'the producer published some events twice');
    assert.equal(count(out, 'duplicates suppressed'), duplicates, 'each duplicate suppressed once');
    assert.equal(count(out, 'records in the DLQ'), 0);
    const refused = local('test/cli/fixtures/id-source-handler.ts', '--id-source', 'position');
    assert.equal(refused.status, 1, refused.out);
    assert.match(refused.out, /--id-source position: .*re-publishes/);
  });

  test('a handler that runs a duplicate twice (keyed by offset, not Event-Id): exit 1 naming the doubled effects', () => {
    const { status, out } = local(
      'test/cli/fixtures/handler.ts#keyedByOffset',
      '--no-redis-outage',
      '--crash-after',
      '0',
    );
    assert.equal(status, 1, out);
    assert.match(out, /FAILED: \d+ effect\(s\) happened twice/);
  });

  test('a handler that skips records it never ran (one key for all): exit 1 naming the lost events', () => {
    const { status, out } = local(
      'test/cli/fixtures/handler.ts#oneKey',
      '--no-redis-outage',
      '--crash-after',
      '0',
    );
    assert.equal(status, 1, out);
    assert.match(out, /FAILED: 39 event\(s\) lost/);
    assert.equal(count(out, 'effects that happened'), 1);
  });

  test('a handler whose error carries terminal controls and a newline: printed escaped, no line forged', () => {
    const { out } = local('test/cli/fixtures/handler.ts#hostile', '--no-redis-outage', '--crash-after', '0');
    assert.match(out, /records in the DLQ\s+[1-9]/, out);
    assert.doesNotMatch(out, CONTROL_BUT_LF, 'no control character but the line ends');
    assert.match(out, /cannot handle \\x1b\]52;c;ZXZpbA==\\x07/, 'the error is shown, escaped');
    assert.doesNotMatch(
      out,
      /^\s*OK: every event had its effect exactly once \(forged\)/m,
      'no forged verdict',
    );
  });
});
