/**
 * `msk-once local --handler <module>`: a module that throws at import is named with what it threw,
 * whatever that is (issue 31, defect 6: a non-Error printed as `cannot load --handler …: undefined`).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { moduleTarget, parseHandlerReference, whatWasThrown } from '../../cli/local/module-target.ts';
import type { LocalTarget } from '../../cli/local/run.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'msk-once-handler-load-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function loadError(source: string, name: string): Promise<string> {
  const file = path.join(dir, `${name}.mjs`);
  writeFileSync(file, source);
  const target = moduleTarget({
    handler: parseHandlerReference(file),
    payloads: undefined,
    events: 1,
    topic: 'events',
    eventType: undefined,
    duplicateRate: 0,
    seed: 1,
    timeoutMs: 5_000,
  });
  const context = { policy: 'open', service: 'svc' } as unknown as Parameters<LocalTarget['start']>[0];
  const error = await target.start(context).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  assert.ok(error instanceof Error, 'the load fails');
  return error.message;
}

describe('a handler module that throws at import', () => {
  for (const [what, source, said] of [
    ['undefined', 'throw undefined;', /cannot load --handler .*: it threw undefined, not an Error$/],
    ['null', 'throw null;', /: it threw null, not an Error$/],
    ['a string', "throw 'no config';", /: it threw the string "no config", not an Error$/],
    ['a number', 'throw 42;', /: it threw the number 42, not an Error$/],
    ['an object', "throw { code: 'E_CONF' };", /: it threw an object, not an Error: \{"code":"E_CONF"\}$/],
    ['an Error', "throw new Error('missing TABLE_NAME');", /: missing TABLE_NAME$/],
    ['an Error without a message', 'throw new TypeError();', /: TypeError without a message$/],
  ] as const) {
    test(`${what}: the message says what was thrown`, async () => {
      assert.match(await loadError(source, what.replaceAll(' ', '-')), said);
    });
  }

  test('a value whose reading throws: described, not thrown again', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
      },
    );
    assert.equal(whatWasThrown(hostile), 'it threw a value that cannot be read, not an Error');
  });
});
