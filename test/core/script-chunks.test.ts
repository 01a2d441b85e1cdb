/**
 * Issue 20, item 15: one slot's keys beyond one script's key limit ({@link KEYS_PER_SCRIPT}) go in
 * several scripts, and every key is claimed and committed: none is skipped or answered twice at a
 * chunk boundary. Standalone (every key in one run of scripts) and a cluster (one slot's keys).
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Cluster, Redis } from 'ioredis';
import { KEYS_PER_SCRIPT } from '../../lib/dedup/redis-store.ts';
import { RedisDedupStore } from '../../lib/index.ts';
import { keyState } from '../support/marks.ts';
import { adminClient, adminCluster, clusterNodes, redisUrl, uniqueService } from '../support/redis.ts';

const setups: [string, () => { store: RedisDedupStore; admin: Redis | Cluster }][] = [
  [
    'standalone',
    () => ({ store: new RedisDedupStore({ redis: { url: redisUrl() } }), admin: adminClient() }),
  ],
  [
    'cluster',
    () => {
      const [first] = clusterNodes();
      const url = `redis://${first!.host}:${first!.port}`;
      return { store: new RedisDedupStore({ redis: { url, cluster: true } }), admin: adminCluster() };
    },
  ],
];

for (const [mode, setup] of setups) {
  describe(`a slot with more keys than one script takes (${mode})`, () => {
    const { store, admin } = setup();
    after(async () => {
      await store.close();
      await admin.quit();
    });

    test(`${2 * KEYS_PER_SCRIPT + 500} keys of one slot: each claimed, then committed, none skipped at a chunk boundary`, async () => {
      const count = 2 * KEYS_PER_SCRIPT + 500;
      // One hash tag: one slot on a cluster, so one run of scripts of KEYS_PER_SCRIPT keys each.
      const tag = `{${uniqueService(`chunks-${mode}`)}}`;
      const keys = Array.from({ length: count }, (_, i) => `${tag}:${i}`);
      const claimed = await store.claim(keys, 'owner', 60_000);
      assert.equal(claimed.length, count);
      const notClaimed = claimed.flatMap((r, i) => (r === 'claimed' ? [] : [`${i}: ${String(r)}`]));
      assert.deepEqual(notClaimed, [], 'every key claimed, in order');
      // The keys beside each boundary, read back from Redis: the claim reached them all.
      const boundary = [0, KEYS_PER_SCRIPT - 1, KEYS_PER_SCRIPT, 2 * KEYS_PER_SCRIPT, count - 1];
      assert.deepEqual(
        await admin.mget(...boundary.map((i) => keys[i]!)),
        boundary.map(() => 'P:owner'),
      );
      await store.commit(keys, 'owner', 600_000);
      const values = await Promise.all(keys.map((k) => keyState(admin, k)));
      const notDone = values.flatMap((v, i) => (v === 'D' ? [] : [`${i}: ${v}`]));
      assert.deepEqual(notDone, [], 'every key committed');
      // And a second claim sees each one DONE.
      assert.ok((await store.claim(keys, 'other', 60_000)).every((r) => r === 'done'));
    });
  });
}

describe('how many keys one script takes (the sampled StrykerJS run)', () => {
  test(`a claim of ${2 * KEYS_PER_SCRIPT + 500} keys of one slot sends three scripts of at most ${KEYS_PER_SCRIPT} keys, so that none blocks Redis long`, async () => {
    const store = new RedisDedupStore({ redis: { url: redisUrl() } });
    try {
      await store.connect();
      // Each script the store sends, by its key count (its arguments: the script, the key count,
      // the keys, the rest); pipelined or not, a command reaches the connection by sendCommand.
      const sizes: number[] = [];
      const client = store.client as unknown as Redis;
      const send = client.sendCommand.bind(client);
      client.sendCommand = ((command: { name: string; args: unknown[] }, ...more: unknown[]) => {
        if (command.name === 'evalsha' || command.name === 'eval')
          sizes.push(Number(String(command.args[1])));
        return (send as (...a: unknown[]) => unknown)(command, ...more);
      }) as unknown as Redis['sendCommand'];
      const tag = `{${uniqueService('script-size')}}`;
      const keys = Array.from({ length: 2 * KEYS_PER_SCRIPT + 500 }, (_, i) => `${tag}:${i}`);
      const claimed = await store.claim(keys, 'owner', 60_000);
      assert.ok(
        claimed.every((r) => r === 'claimed'),
        'every key claimed',
      );
      assert.deepEqual(sizes, [KEYS_PER_SCRIPT, KEYS_PER_SCRIPT, 500]);
      await store.release(keys, 'owner');
    } finally {
      await store.close();
    }
  });
});
