/**
 * The triage of function-errors names what failed whole invocations, not the records that failed
 * one by one: a crash that left no line of its own is said to be one (with where to look), and the
 * record-level InvalidRecordError lines of the same range are set apart, not listed as its cause.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { evaluateAlarm, findings } from '../../cli/triage/analysis.ts';
import { analyzeLogLines } from '../../cli/triage/log-lines.ts';
import { Signals } from '../../cli/triage/signals.ts';
import { alarmRules } from '../../lib/alarms.ts';

/** One invocation of two failed as a whole; 15 records of other invocations failed as invalid. */
function run(extra: Record<string, unknown>[] = []): string[] {
  const s = new Signals(300_000);
  s.set('invocations', undefined, 0, 2);
  s.set('functionErrors', undefined, 0, 1);
  const invalid = Array.from({ length: 15 }, (_, i) => ({
    level: 'ERROR',
    message: 'record cannot be decoded: it fails without running',
    topic: 'orders',
    partition: 0,
    offset: 100 + i,
    error: { name: 'InvalidRecordError', message: `orders-0@${100 + i}: no Event-Id header` },
  }));
  const e = evaluateAlarm(alarmRules().functionErrors, s, { assumeSustained: true });
  assert.equal(e.state, 'ALARM');
  return findings(e, s, analyzeLogLines([...invalid, ...extra]));
}

describe('triage: function-errors', () => {
  test('a crash that left no line: said so, with where to look; the invalid records set apart', () => {
    const lines = run();
    assert.match(lines[0] ?? '', /^1 of 2 invocations/);
    assert.ok(
      !lines.some((l) => /^\d+ x ERROR .*InvalidRecordError/.test(l)),
      `record-level lines are not the cause:\n${lines.join('\n')}`,
    );
    assert.match(lines.join('\n'), /no log line explains it: .*timeout, out of memory, a crash/);
    assert.match(lines.join('\n'), /15 record-level error line\(s\) .* not invocations: see dlq-records/);
  });

  test("the runtime's line of an error that escaped the handler is the cause", () => {
    const lines = run([
      {
        level: 'ERROR',
        message: {
          errorType: 'TypeError',
          errorMessage: "Cannot read properties of undefined (reading 'id')",
        },
      },
    ]);
    assert.match(
      lines[1] ?? '',
      /^1 x ERROR "error escaped the handler \(the runtime's line\)" \(TypeError: Cannot read/,
    );
    assert.ok(!lines.join('\n').includes('no log line explains it'));
  });
});
