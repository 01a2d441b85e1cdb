/**
 * Group commit (issue 20, item 2): a consumer killed for real in the middle of a batch re-runs, at
 * the retry, only the records started since its last group commit, not the batch's finished work.
 * The consumer runs in a child process against the real Redis and is killed with SIGKILL.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import { RedisDedupStore } from '../../lib/index.ts';
import { emfDocuments, lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, PARTITION_ORDER, sleep, testConsumers } from '../support/consumer.ts';
import type { ChildSpec } from '../support/consumer-child.ts';
import { startConsumerProcess } from '../support/consumer-process.ts';
import { keyState } from '../support/marks.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

const admin = adminClient();
const build = testConsumers(PARTITION_ORDER);
after(() => admin.quit());

const LEASE = 1000;

/** Wait (not a timed assertion: the check after it decides) until `n` of `keys` are DONE, 10 s at most. */
async function untilDone(keys: string[], n: number) {
  for (let i = 0; i < 200; i++) {
    const values = await Promise.all(keys.map((k) => keyState(admin, k)));
    if (values.filter((v) => v === 'D').length >= n) return;
    await sleep(50);
  }
}

/** Wait until none of `keys` is held any more (the killed owner's leases ended). */
async function untilReleased(keys: string[]) {
  for (;;) {
    const values = await Promise.all(keys.map((k) => keyState(admin, k)));
    if (values.every((v) => v === null || v === 'D')) return;
    await sleep(100);
  }
}

async function crashAndRetry(
  name: string,
  total: number,
  hangAt: number,
  commitEvery: ChildSpec['commitEvery'],
  doneBeforeKill: number,
) {
  const service = uniqueService(name);
  const key = (id: string) => dedupKey(dedupKeyPrefix(service, 'h'), id);
  const ids = Array.from({ length: total }, () => ulid());
  const records = ids.map((eventId, i) => ({ partition: 0, offset: i + 1, eventId }));
  const consumer = startConsumerProcess({
    redisUrl: redisUrl(),
    service,
    leaseMs: LEASE,
    records,
    hangOn: ids[hangAt - 1],
    commitEvery,
  });
  await consumer.started(hangAt);
  // The groups of what finished are sent without waiting: let them land before the kill.
  await untilDone(ids.map(key), doneBeforeKill);
  await consumer.kill();
  assert.deepEqual(
    consumer.ran,
    ids.slice(0, hangAt),
    'the killed consumer started the first records in order',
  );
  await untilReleased(ids.map(key));
  // The retry of the whole batch, by another consumer.
  const ranAgain: string[] = [];
  const retry = build({
    service,
    handlerName: 'h',
    redis: { url: redisUrl() },
    leaseMs: LEASE,
    reserveMs: 0,
    handle: (m) => {
      ranAgain.push(m.eventId);
    },
  });
  const { response } = await invoke(
    retry,
    mskEvent(records.map((r) => mskRecord(r))),
    lambdaContext({ timeoutMs: 60_000 }),
  );
  assert.deepEqual(response.batchItemFailures, []);
  const reRun = ranAgain.filter((id) => consumer.ran.includes(id));
  return { ids, reRun, ranAgain };
}

describe('a consumer killed in the middle of a batch', () => {
  test('every N records: the retry re-runs only the records started since the last group commit', async () => {
    // 11 records succeed, the 12th hangs: groups of 4 committed 1-4 and 5-8; 9-11 wait for their group.
    const { ids, reRun, ranAgain } = await crashAndRetry('group-n', 16, 12, { records: 4, ms: 60_000 }, 8);
    assert.deepEqual(
      reRun,
      ids.slice(12 - reRun.length, 12),
      'at most the records since the last group (9 to 12, or 12 after the timer group) ran again',
    );
    assert.ok(reRun.length <= 4, `re-runs bounded by the group size: ${reRun.length}`);
    assert.deepEqual(ranAgain, ids.slice(8), 'and the records never started ran once');
  });

  test('every M ms: a slow record lets the group of the records before it be committed', async () => {
    // 5 records succeed, the 6th hangs: 100 ms after the first success their group goes, though it is not full.
    const { ids, reRun } = await crashAndRetry('group-ms', 8, 6, { records: 1000, ms: 100 }, 5);
    assert.deepEqual(reRun, [ids[5]], 'only the record that was running ran again');
  });
});

describe('a group commit that fails', () => {
  test('leaves its records succeeded, counted and logged as a failed commit', async () => {
    const service = uniqueService('group-fail');
    const inner = new RedisDedupStore({ redis: { url: redisUrl() } });
    let commits = 0;
    // The second group's round trip fails, a moment later (as a timeout would); the others reach Redis.
    const store = {
      claim: inner.claim.bind(inner),
      extend: inner.extend.bind(inner),
      release: inner.release.bind(inner),
      close: inner.close.bind(inner),
      commit: (keys: readonly string[], owner: string, windowMs: number) =>
        ++commits === 2
          ? sleep(50).then(() => Promise.reject(new Error('Command timed out')))
          : inner.commit(keys, owner, windowMs),
    };
    const handler = build({
      service,
      handlerName: 'h',
      store,
      reserveMs: 0,
      commitEvery: { records: 2, ms: 60_000 },
      handle: () => {},
    });
    const ids = Array.from({ length: 5 }, () => ulid());
    const { response, lines } = await invoke(
      handler,
      mskEvent(ids.map((eventId, i) => mskRecord({ offset: i + 1, eventId }))),
    );
    assert.deepEqual(response.batchItemFailures, [], 'every record stands');
    const key = (id: string) => dedupKey(dedupKeyPrefix(service, 'h'), id);
    const values = await Promise.all(ids.map((id) => keyState(admin, key(id))));
    assert.deepEqual(
      values.map((v) => v === 'D'),
      [true, true, false, false, true],
      'only the failed group is not DONE',
    );
    const errors = emfDocuments(lines).filter((d) => 'DedupErrors' in d);
    assert.equal(
      errors.reduce((n, d) => n + (d.DedupErrors as number), 0),
      1,
      'the failed commit counted once',
    );
    assert.match(lines.map((l) => JSON.stringify(l)).join('\n'), /could not mark DONE after success/);
  });
});
