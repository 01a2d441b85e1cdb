/** `msk-once dedup-key`: its required options are marked and enforced; an empty id names no key and is refused. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { PROJECT_ROOT } from '../../infra/build-app.ts';

function dedupKey(...args: string[]) {
  return spawnSync(process.execPath, ['--conditions=msk-once-source', 'cli/main.ts', 'dedup-key', ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

test('the help marks --service and --handler required; leaving one out is refused naming it', () => {
  const help = dedupKey('--help');
  assert.equal(help.status, 0);
  assert.match(help.stdout, /--service <name>\s+required: /);
  assert.match(help.stdout, /--handler <name>\s+required: /);
  const missing = dedupKey('--service', 's', '01JDQ7ZK8Y6D2V3X4W5T6R7S8A');
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /required option '--handler <name>' not specified/);
});

test('an empty or blank event id, service or handler is refused with a message naming it, and no key is printed', () => {
  for (const [args, message] of [
    [['--service', 's', '--handler', 'h', ''], /event id 1 of 1 is empty: give the record's Event-Id/],
    [['--service', 's', '--handler', 'h', '01JDQ7ZK8Y6D2V3X4W5T6R7S8A', '  '], /event id 2 of 2 is empty/],
    [['--service', '', '--handler', 'h', 'x'], /--service is empty/],
    [['--service', 's', '--handler', ' ', 'x'], /--handler is empty/],
  ] as const) {
    const r = dedupKey(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, message);
    assert.equal(r.stdout, '', 'no key printed');
  }
});
