/**
 * `msk-once local` in a team's own shape (cli/local/shape-options.ts): records keyed by a payload
 * field or by a function of the payload, CloudEvents in structured and binary mode through the
 * handler's own id source, and the verdict's per-key order check (verdict.ts, judgeKeyOrder).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { judgeKeyOrder } from '../../cli/local/verdict.ts';
import { runLocal } from '../support/local-cli.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'msk-once-local-shape-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const ACCOUNTS = 12;
/** The team's structured events: their own attributes and ids, 60 payments over 12 accounts. */
const events = path.join(dir, 'payments.jsonl');
writeFileSync(
  events,
  Array.from({ length: 60 }, (_, i) =>
    JSON.stringify({
      specversion: '1.0',
      id: `pay-${i}`,
      source: '/payments',
      type: 'payment.charged',
      datacontenttype: 'application/json',
      data: { accountId: `a-${i % ACCOUNTS}`, amount: i },
    }),
  ).join('\n'),
);
const plain = path.join(dir, 'plain.jsonl');
writeFileSync(
  plain,
  Array.from({ length: 60 }, (_, i) => JSON.stringify({ accountId: `a-${i % ACCOUNTS}`, amount: i })).join(
    '\n',
  ),
);
const keys = path.join(dir, 'keys.mjs');
writeFileSync(keys, "export const keyOf = (payment) => 'account/' + payment.accountId;\n");

function local(payloads: string, ...options: string[]) {
  return runLocal('test/cli/fixtures/payment-handler.ts', payloads, options, { partitions: 3 });
}

describe('msk-once local in the team shape', () => {
  test('structured CloudEvents keyed by data.accountId: every payment once, per-key order held', () => {
    const { status, out } = local(events, '--cloudevents', 'structured', '--key', 'data.accountId');
    assert.equal(status, 0, out);
    assert.match(
      out,
      new RegExp(`per-key order\\s+held\\s+\\(60 events over ${ACCOUNTS} keys \\(--key\\)`),
      out,
    );
    assert.match(out, /OK: every event had its effect/);
  });

  test('binary CloudEvents keyed by a function of the payload from a module', () => {
    const { status, out } = local(plain, '--cloudevents', 'binary', '--key', `${keys}#keyOf`);
    assert.equal(status, 0, out);
    assert.match(
      out,
      new RegExp(`per-key order\\s+held\\s+\\(60 events over ${ACCOUNTS} keys \\(--key\\)`),
      out,
    );
  });

  test('a payload without the key field, and a key with --id-source key, are refused naming them', () => {
    const missing = local(plain, '--key', 'data.accountId');
    assert.equal(missing.status, 1, missing.out);
    assert.match(missing.out, /plain\.jsonl:1: --key data\.accountId: the payload has no data\.accountId/);
    const both = local(plain, '--key', 'accountId', '--id-source', 'key');
    assert.equal(both.status, 1, both.out);
    assert.match(both.out, /--key with --id-source key/);
  });
});

describe('judgeKeyOrder', () => {
  const published = new Map([
    ['e1', { key: 'a', index: 0 }],
    ['e2', { key: 'b', index: 1 }],
    ['e3', { key: 'a', index: 2 }],
    ['e4', { key: 'a', index: 3 }],
  ]);

  test('an event that took effect after a later one of its key is out of order; other keys are not', () => {
    const j = judgeKeyOrder(
      {
        published,
        completions: [
          ['e3', 'e2'],
          ['e1', 'e4'],
        ],
        keyed: true,
      },
      new Set(),
    );
    assert.deepEqual(j.outOfOrder, ['e1 (key a) after e3']);
    assert.equal(j.keys, 2);
    assert.equal(j.checked, 4);
  });

  test('in order across invocations, and events left out (DLQ, parked, poison) are not judged', () => {
    assert.deepEqual(
      judgeKeyOrder({ published, completions: [['e1'], ['e2', 'e3'], ['e4']], keyed: true }, new Set())
        .outOfOrder,
      [],
    );
    const j = judgeKeyOrder({ published, completions: [['e3'], ['e1']], keyed: true }, new Set(['e1']));
    assert.deepEqual(j.outOfOrder, []);
    assert.equal(j.checked, 1);
  });
});
