/** `msk-once dedup-key` names the very key the consumer wrote (one function computes both). */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, test } from 'node:test';
import { ulid } from 'ulid';
import { PROJECT_ROOT } from '../../infra/build-app.ts';
import { markField } from '../../lib/contract.ts';
import { kafkaHandler } from '../../lib/index.ts';
import { mskEvent, mskRecord } from '../../testkit/index.ts';
import { dedupKey as dedupKey020 } from '../fixtures/releases/v0.2.0/lib/dedup/key.ts';
import { dedupKey as dedupKey030 } from '../fixtures/releases/v0.3.0/lib/contract/dedup-key.ts';
import { invoke } from '../support/consumer.ts';
import { keyState } from '../support/marks.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

const admin = adminClient();
after(() => admin.quit());

function cli(...args: string[]) {
  const r = spawnSync(
    process.execPath,
    ['--conditions=msk-once-source', 'cli/main.ts', 'dedup-key', ...args],
    {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim().split('\n');
}

test('the key the CLI prints for an event id is the key the consumer marked DONE', async () => {
  const service = uniqueService('cli-key');
  const ids = [ulid().toLowerCase(), ulid()];
  const handler = kafkaHandler({ service, handlerName: 'h', redis: { url: redisUrl() }, handle() {} });
  try {
    await invoke(handler, mskEvent(ids.map((eventId, offset) => mskRecord({ offset, eventId }))));
  } finally {
    await handler.close();
  }
  const keys = cli('--service', service, '--handler', 'h', ...ids);
  assert.equal(keys.length, 2);
  // The lease key the consumer claimed; its DONE mark is a field of a hash beside it.
  for (const key of keys) assert.equal(await keyState(admin, key), 'D', key);
  const [v010] = cli('--service', service, '--handler', 'h', '--previous-format', '0.1.0', ids[0]!);
  assert.equal(v010, `${service}:dedup:h:${ids[0]!.toUpperCase()}`);
  // 0.2.0's key, as 0.2.0's own code (from git history, test/fixtures/releases) names it.
  const [v020] = cli('--service', service, '--handler', 'h', '--previous-format', '0.2.0', ids[0]!);
  assert.equal(v020, dedupKey020(`${service}:dedup:h:`, ids[0]!.toUpperCase()));
  // 0.3.0's key, as 0.3.0's own code names it (no turns).
  const [v030] = cli('--service', service, '--handler', 'h', '--previous-format', '0.3.0', ids[0]!);
  assert.equal(v030, dedupKey030(`${service}:dedup:h:`, ids[0]!.toUpperCase()));
});

/** The runbook's delete of a DONE mark (docs/runbook.md, "Delete one event's dedup mark"). */
const DELETE_MARK_LUA =
  "local f = ARGV[1]:gsub('..', function(h) return string.char(tonumber(h, 16)) end) local n = 0 for _, k in ipairs(KEYS) do n = n + redis.call('HDEL', k, f) end return n";

test('--mark names the field and the hash of the mark the consumer wrote; the runbook deletes it and the event runs again', async () => {
  const service = uniqueService('cli-mark');
  const id = ulid();
  let runs = 0;
  const handler = kafkaHandler({
    service,
    handlerName: 'h',
    redis: { url: redisUrl() },
    window: 3600,
    handle() {
      runs++;
    },
  });
  try {
    const event = mskEvent([mskRecord({ offset: 0, eventId: id })]);
    await invoke(handler, event);
    const [line] = cli('--mark', '--window', '3600', '--service', service, '--handler', 'h', id);
    const [field, ...hashes] = line!.split(' ');
    assert.equal(field, Buffer.from(id.length === 26 ? markField(id) : []).toString('hex'));
    assert.equal(hashes.length, 1, 'one hash a mark bucket');
    assert.notEqual(await admin.hget(hashes[0]!, Buffer.from(field!, 'hex')), null, 'the mark is in it');
    await invoke(handler, event);
    assert.equal(runs, 1, 'a duplicate');
    assert.equal(await admin.eval(DELETE_MARK_LUA, hashes.length, ...hashes, field!), 1);
    await invoke(handler, event);
    assert.equal(runs, 2, 'its mark deleted, it runs again');
  } finally {
    await handler.close();
  }
});

test('an unknown --previous-format is refused, naming the formats', () => {
  const r = spawnSync(
    process.execPath,
    [
      '--conditions=msk-once-source',
      'cli/main.ts',
      'dedup-key',
      '--service',
      's',
      '--handler',
      'h',
      '--previous-format',
      '0.9',
      'x',
    ],
    { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--previous-format '0\.9' is not 0\.1\.0 or 0\.2\.0 or 0\.3\.0/);
});
