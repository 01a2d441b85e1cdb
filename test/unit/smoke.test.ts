import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminCluster, adminClient } from '../support/redis.ts';

test('redis reachable', async () => {
  const r = adminClient();
  assert.equal(await r.ping(), 'PONG');
  await r.quit();
  const c = adminCluster();
  await c.set('a', '1');
  assert.equal(await c.get('a'), '1');
  await c.quit();
});
