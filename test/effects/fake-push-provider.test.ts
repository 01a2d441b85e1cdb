import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type FakePushProvider, startFakePushProvider } from '../../demo/fake-push-provider.ts';

let provider: FakePushProvider;
before(async () => {
  provider = await startFakePushProvider();
});
after(async () => {
  await provider.stop();
});

const push = (body: unknown, signal?: AbortSignal) =>
  fetch(`${provider.url}/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });

test('records deliveries and counts them per collapse id', async () => {
  provider.reset();
  for (const collapseId of ['A', 'B', 'A']) {
    const res = await push({ to: 'user-1', title: 'New review', collapseId });
    assert.equal(res.status, 200);
    assert.match(((await res.json()) as { id: string }).id, /^push-\d+$/);
  }
  assert.deepEqual(provider.countsByCollapseId(), { A: 2, B: 1 });
  assert.deepEqual(
    provider.deliveries().map((d) => [d.to, d.collapseId]),
    [
      ['user-1', 'A'],
      ['user-1', 'B'],
      ['user-1', 'A'],
    ],
  );
  const listed = (await (await fetch(`${provider.url}/deliveries`)).json()) as unknown[];
  assert.equal(listed.length, 3);
});

test('failNext refuses pushes without delivering them; recover() ends it', async () => {
  provider.reset();
  provider.failNext(2, 503);
  assert.equal((await push({ to: 'u', title: 't', collapseId: 'X' })).status, 503);
  assert.equal((await push({ to: 'u', title: 't', collapseId: 'X' })).status, 503);
  assert.equal((await push({ to: 'u', title: 't', collapseId: 'X' })).status, 200);
  provider.failAll(500);
  assert.equal((await push({ to: 'u', title: 't', collapseId: 'X' })).status, 500);
  provider.recover();
  assert.equal((await push({ to: 'u', title: 't', collapseId: 'X' })).status, 200);
  assert.deepEqual(provider.countsByCollapseId(), { X: 2 });
  assert.equal(provider.attempts(), 5);
});

test('slowDown delivers but answers late: a client that gives up has still sent the push', async () => {
  provider.reset();
  provider.slowDown(2_000);
  await assert.rejects(push({ to: 'u', title: 't', collapseId: 'late' }, AbortSignal.timeout(100)));
  provider.recover();
  assert.deepEqual(provider.countsByCollapseId(), { late: 1 });
});

test('refuses what APNs would refuse, with a reason', async () => {
  const res = await push({ to: 'u', title: 't', collapseId: 'x'.repeat(65) });
  assert.equal(res.status, 400);
  assert.match(((await res.json()) as { error: string }).error, /over 64 bytes/);
  assert.equal((await push({ title: 't' })).status, 400);
  assert.equal((await fetch(`${provider.url}/push`, { method: 'POST', body: '{nope' })).status, 400);
});
