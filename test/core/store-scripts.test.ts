/**
 * The store's owner and expiry branches, against a real Redis: standalone (the many-key Lua
 * scripts) and a cluster (one script per key). Each case stages the key as another invocation or
 * the clock left it, then has a former owner commit, renew or release, and reads the key back.
 *
 *   commit  IN_PROGRESS(mine) -> DONE;  absent (my lease ended) -> DONE;  anyone else's: untouched
 *   extend  IN_PROGRESS(mine) -> lease renewed;  anyone else's, DONE or absent: untouched
 *   release IN_PROGRESS(mine) -> absent;  anyone else's or DONE: untouched
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import calculateSlot from 'cluster-key-slot';
import type { Cluster, Redis } from 'ioredis';
import { ConfigurationError, RedisDedupStore } from '../../lib/index.ts';
import { adminClient, adminCluster, clusterNodes, redisUrl, uniqueService } from '../support/redis.ts';

const FORMER = 'former-owner';
const WINDOW_MS = 600_000;
const LEASE_MS = 60_000;

const setups: [string, () => { store: RedisDedupStore; admin: Redis | Cluster }][] = [
  [
    'standalone',
    () => ({ store: new RedisDedupStore({ redis: { url: redisUrl() } }), admin: adminClient() }),
  ],
  [
    'cluster',
    () => {
      const [first] = clusterNodes();
      return {
        store: new RedisDedupStore({
          redis: { url: `redis://${first!.host}:${first!.port}`, cluster: true },
        }),
        admin: adminCluster(),
      };
    },
  ],
];

for (const [mode, setup] of setups) {
  describe(`store scripts, owner and expiry branches (${mode})`, () => {
    const { store, admin } = setup();
    after(async () => {
      await store.close();
      await admin.quit();
    });
    // Several keys per call so that both the per-key and the many-key paths run for real.
    const keys = (name: string) => [0, 1, 2].map((i) => `${uniqueService(`scripts-${mode}`)}:${name}:${i}`);
    const state = async (key: string) => ({ value: await admin.get(key), pttl: await admin.pttl(key) });

    test('a commit after the lease ended (key gone) marks DONE for the window: the effect happened', async () => {
      const ks = keys('commit-late');
      await store.claim(ks, FORMER, 50);
      await new Promise((r) => setTimeout(r, 120)); // the lease ends, nobody claims
      for (const k of ks) assert.equal(await admin.exists(k), 0);
      await store.commit(ks, FORMER, WINDOW_MS);
      for (const k of ks) {
        const { value, pttl } = await state(k);
        assert.equal(value, 'D');
        assert.ok(pttl > WINDOW_MS - 10_000 && pttl <= WINDOW_MS, `DONE for the window, PTTL ${pttl}`);
      }
    });

    test("a commit after the lease ended and a new owner claimed: the new owner's claim stays as it was", async () => {
      const ks = keys('commit-taken');
      for (const k of ks) await admin.set(k, 'P:new-owner', 'PX', 5_000);
      await store.commit(ks, FORMER, WINDOW_MS);
      for (const k of ks) {
        const { value, pttl } = await state(k);
        assert.equal(value, 'P:new-owner');
        assert.ok(pttl <= 5_000, `its lease not changed, PTTL ${pttl}`);
      }
    });

    test("a former owner's commit leaves a DONE key and its TTL alone", async () => {
      const ks = keys('commit-done');
      for (const k of ks) await admin.set(k, 'D', 'PX', 5_000);
      await store.commit(ks, FORMER, WINDOW_MS);
      for (const k of ks) {
        const { value, pttl } = await state(k);
        assert.equal(value, 'D');
        assert.ok(pttl <= 5_000, `the window is not restarted, PTTL ${pttl}`);
      }
    });

    test("a former owner's renewal touches neither a new owner's lease nor a DONE key's TTL, nor revives a gone key", async () => {
      const [claimedByOther, done, gone] = keys('extend');
      await admin.set(claimedByOther!, 'P:new-owner', 'PX', 5_000);
      await admin.set(done!, 'D', 'PX', 5_000);
      await store.extend([claimedByOther!, done!, gone!], FORMER, LEASE_MS);
      assert.deepEqual(await state(claimedByOther!).then((s) => s.value), 'P:new-owner');
      assert.ok((await admin.pttl(claimedByOther!)) <= 5_000, 'the new lease is not extended');
      assert.equal(await admin.get(done!), 'D');
      assert.ok((await admin.pttl(done!)) <= 5_000, "the DONE key's window is not changed");
      assert.equal(await admin.exists(gone!), 0, 'a renewal does not bring a gone claim back');
    });

    test('the owner renews its own lease', async () => {
      const ks = keys('extend-mine');
      assert.deepEqual(await store.claim(ks, FORMER, 2_000), ['claimed', 'claimed', 'claimed']);
      await store.extend(ks, FORMER, LEASE_MS);
      for (const k of ks) {
        const pttl = await admin.pttl(k);
        assert.ok(pttl > LEASE_MS - 10_000, `renewed, PTTL ${pttl}`);
      }
    });

    test("a former owner's release deletes neither a new owner's claim nor a DONE key, nor changes their TTL", async () => {
      const [claimedByOther, done] = keys('release');
      await admin.set(claimedByOther!, 'P:new-owner', 'PX', 5_000);
      await admin.set(done!, 'D', 'PX', 5_000);
      await store.release([claimedByOther!, done!], FORMER);
      assert.equal(await admin.get(claimedByOther!), 'P:new-owner');
      assert.ok((await admin.pttl(claimedByOther!)) <= 5_000);
      assert.equal(await admin.get(done!), 'D');
      assert.ok((await admin.pttl(done!)) <= 5_000);
    });

    test('a reply error (a key of the wrong type) is one error per round trip, not a copy per key', async () => {
      const ks = keys('wrongtype');
      await admin.rpush(ks[1]!, 'not a claim');
      const results = await store.claim(ks, FORMER, LEASE_MS);
      const errors = results.filter((r): r is Error => r instanceof Error);
      assert.ok(errors.length >= 1, `an error for the wrong-typed key: ${results}`);
      assert.equal(new Set(errors).size, 1, 'the same error object for every key it covers');
      assert.match(errors[0]!.message, /WRONGTYPE/);
    });

    test('one claim call over absent, DONE and held keys of one slot answers per key (the many-key script)', async () => {
      // One hash tag: the keys share a slot, so the cluster sends them as one script too.
      const tag = `{${uniqueService(`scripts-${mode}-mix`)}}`;
      const [free, done, held] = ['free', 'done', 'held'].map((name) => `${tag}:${name}`);
      await admin.set(done!, 'D', 'PX', WINDOW_MS);
      await admin.set(held!, 'P:another-owner', 'PX', LEASE_MS);
      assert.deepEqual(await store.claim([free!, done!, held!], FORMER, LEASE_MS), [
        'claimed',
        'done',
        'held',
      ]);
      assert.equal(await admin.get(done!), 'D', 'a DONE key stays DONE');
      assert.equal(await admin.get(held!), 'P:another-owner', "another owner's claim stays its own");
    });

    test('the owner releases its own claim (a retry may claim it at once), and commits its own to DONE', async () => {
      const [released, committed] = keys('mine');
      await store.claim([released!, committed!], FORMER, LEASE_MS);
      await store.release([released!], FORMER);
      assert.equal(await admin.exists(released!), 0);
      assert.deepEqual(await store.claim([released!], 'retry', LEASE_MS), ['claimed']);
      await store.commit([committed!], FORMER, WINDOW_MS);
      assert.equal(await admin.get(committed!), 'D');
      assert.deepEqual(await store.claim([committed!], 'retry', LEASE_MS), ['done']);
    });
  });
}

describe("a cluster slot map that lacks a key's slot (ioredis's map while a slot has no master in it)", () => {
  test('the key goes through the cluster client and the slot map is asked again: every key answered, no TypeError', async () => {
    const [first] = clusterNodes();
    const store = new RedisDedupStore({
      redis: { url: `redis://${first!.host}:${first!.port}`, cluster: true },
    });
    const admin = adminCluster();
    try {
      await store.connect();
      const service = uniqueService('slot-hole');
      const keys = [0, 1, 2, 3].map((i) => `{${service}-${i}}:k`);
      const [lacking, other] = [keys[0]!, keys.find((k) => calculateSlot(k) !== calculateSlot(keys[0]!))!];
      const slots = (store.client as unknown as Cluster).slots;
      delete slots[calculateSlot(lacking)];
      assert.deepEqual(await store.claim([lacking, other], FORMER, LEASE_MS), ['claimed', 'claimed']);
      assert.equal(await admin.get(lacking), `P:${FORMER}`);
      assert.equal(await admin.get(other), `P:${FORMER}`);
      await store.release([lacking, other], FORMER);
    } finally {
      await store.close();
      await admin.quit();
    }
  });
});

describe('a cluster whose slot map is current (the sampled StrykerJS run)', () => {
  test('claims, commits and releases across slots ask for no slot map (no CLUSTER SLOTS per batch)', async () => {
    const [first] = clusterNodes();
    const store = new RedisDedupStore({
      redis: { url: `redis://${first!.host}:${first!.port}`, cluster: true },
    });
    try {
      await store.connect();
      const cluster = store.client as unknown as Cluster;
      let asked = 0;
      const refresh = cluster.refreshSlotsCache.bind(cluster);
      cluster.refreshSlotsCache = (callback?: (error?: Error | null) => void) => {
        asked++;
        refresh(callback);
      };
      const service = uniqueService('slots-current');
      const keys = [0, 1, 2, 3, 4, 5].map((i) => `{${service}-${i}}:k`);
      assert.ok(new Set(keys.map((k) => calculateSlot(k))).size > 1, 'keys in several slots');
      assert.deepEqual(await store.claim(keys, FORMER, LEASE_MS), new Array(keys.length).fill('claimed'));
      await store.commit(keys.slice(0, 3), FORMER, WINDOW_MS);
      await store.release(keys.slice(3), FORMER);
      assert.equal(asked, 0);
    } finally {
      await store.close();
    }
  });
});

describe("the store's options (the sampled StrykerJS run)", () => {
  test('no redis at all (undefined or null, from JavaScript) is a ConfigurationError naming redis.url, not a TypeError', () => {
    for (const redis of [undefined, null]) {
      assert.throws(
        () => new RedisDedupStore({ redis } as never),
        (e: unknown) =>
          e instanceof ConfigurationError && e.option === 'redis.url' && /is empty/.test(e.message),
        String(redis),
      );
    }
  });
});
