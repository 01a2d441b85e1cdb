/**
 * `msk-once local` reads the declared settings' flags (lib/contract/settings.ts) and checks them as
 * a deployment's: its defaults run a handler configured in code alone (the default 5 s reserve
 * within the default 5 s timeout), a constraint between two flags is refused naming both, and a
 * record released for want of time is reported naming the settings.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { reasonsByPosition } from '../../cli/log-reasons.ts';
import { localCli } from '../support/local-cli.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'msk-once-local-settings-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const payloads = path.join(dir, 'p.jsonl');
writeFileSync(
  payloads,
  Array.from({ length: 20 }, (_, i) => JSON.stringify({ orderId: `o-${i}` })).join('\n'),
);

const local = localCli(payloads);

describe('msk-once local: the declared settings', () => {
  test('the defaults run a handler configured in code alone (5 s reserve, 5 s timeout): exit 0', () => {
    const { status, out } = local('test/cli/fixtures/plain-options-handler.ts');
    assert.equal(status, 0, out);
    assert.match(out, /OK: every event had its effect or is in the DLQ/);
  });

  test('a constraint between two flags is refused naming both, and a value that works', () => {
    const concurrency = local(
      'test/cli/fixtures/handler.ts',
      '--ordering',
      'partition',
      '--concurrency',
      '8',
    );
    assert.notEqual(concurrency.status, 0);
    assert.match(
      concurrency.out,
      /--concurrency goes with key order only .*set --ordering to 'key', or drop --concurrency/,
    );
    const reserve = local('test/cli/fixtures/handler.ts', '--timeout', '3000', '--reserve-ms', '5000');
    assert.notEqual(reserve.status, 0);
    assert.match(
      reserve.out,
      /--reserve-ms 5000 ms is not below --timeout \(3000 ms\).*give --reserve-ms 1500 or less/,
    );
    const bound = local('test/cli/fixtures/handler.ts', '--concurrency', '5000', '--ordering', 'key');
    assert.notEqual(bound.status, 0);
    assert.match(bound.out, /--concurrency/);
  });

  test("a record released for want of time is reported naming the settings, not 'without an error of its own'", () => {
    const reasons = reasonsByPosition([
      {
        level: 'WARN',
        message: 'too little time left to start the record: released for a retry',
        topic: 'events',
        partition: 1,
        offset: 4,
        remainingMs: 900,
      },
    ]);
    assert.match(reasons.get('events-1@4')!, /900 ms left, below reserveMs.*--timeout.*reserveMs/);
  });
});
