/**
 * The store's owner and expiry branches, against a real Redis: standalone (the many-key Lua
 * scripts) and a cluster (one script per slot). Each case stages the lease key, a DONE mark (a hash
 * field, dedup-mark.ts) or a 0.3.0 string mark as another invocation or the clock left it, then has
 * a former owner claim, commit, renew or release, and reads the keys back.
 *
 *   claim   a fresh mark (its slice within the window's), or a 0.3.0 string mark: done; else SET NX
 *   commit  mark -> field of its bucket's hash = the slice (TTL: window + slice from the commit; a
 *           hash past its fill loses its stale marks);
 *           IN_PROGRESS(mine) -> absent; anyone else's lease: untouched (the mark is written: the
 *           effect happened); a 0.3.0 string mark: untouched
 *   extend  IN_PROGRESS(mine) -> lease renewed;  anyone else's, DONE or absent: untouched
 *   release IN_PROGRESS(mine) -> absent;  anyone else's or DONE: untouched
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import calculateSlot from 'cluster-key-slot';
import type { Cluster, Redis } from 'ioredis';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract/dedup-key.ts';
import {
  COMPACT_HASH_FIELDS,
  MARK_PRUNE_EVERY_SLICES,
  MARK_PRUNE_FIELDS,
  MARK_SLICE_MODULUS,
  MARK_SLICES,
  markField,
  markFreshUntil,
  markHashKey,
  markIsFresh,
  markLayout,
  markSlice,
  markValue,
} from '../../lib/contract/dedup-mark.ts';
import { RedisDedupStore, type RedisDedupStoreOptions } from '../../lib/dedup/redis-store.ts';
import { ConfigurationError } from '../../lib/index.ts';
import { adminClient, adminCluster, clusterNodes, redisUrl, uniqueService } from '../support/redis.ts';

const FORMER = 'former-owner';
const WINDOW_MS = 600_000;
const LEASE_MS = 60_000;
const layout = markLayout(WINDOW_MS);

const setups: [string, () => RedisDedupStoreOptions['redis'], () => Redis | Cluster][] = [
  ['standalone', () => ({ url: redisUrl() }), adminClient],
  [
    'cluster',
    () => {
      const [first] = clusterNodes();
      return { url: `redis://${first!.host}:${first!.port}`, cluster: true };
    },
    adminCluster,
  ],
];

for (const [mode, redis, makeAdmin] of setups) {
  describe(`store scripts, owner and expiry branches (${mode})`, () => {
    const stores: RedisDedupStore[] = [];
    const storeAt = (options: Omit<RedisDedupStoreOptions, 'redis'> = {}) => {
      const made = new RedisDedupStore({ redis: redis(), ...options });
      stores.push(made);
      return made;
    };
    const store = storeAt();
    const admin = makeAdmin();
    after(async () => {
      await Promise.all(stores.map((s) => s.close()));
      await admin.quit();
    });
    // Several keys per call so that both the per-key and the many-key paths run for real.
    const keys = (name: string) => {
      const prefix = dedupKeyPrefix(uniqueService(`scripts-${mode}`), name);
      return [0, 1, 2].map(() => dedupKey(prefix, ulid()));
    };
    /** The hash and field of a key's mark. */
    const markOf = (key: string) => {
      const hash = markHashKey(key, layout)!;
      const field = Buffer.from(markField(key.slice(key.indexOf('}') + 1)));
      return { hash, field };
    };
    /** The key's mark is there and fresh now. */
    const marked = async (key: string) => {
      const { hash, field } = markOf(key);
      const value = await admin.hget(hash, field);
      return value !== null && markIsFresh(Number(value), markValue(markSlice(layout, Date.now())));
    };

    test('a commit marks DONE in the mark hash (the slice as its value) for at least the window, at most window + slice, and lets the lease go', async () => {
      const ks = keys('commit');
      assert.deepEqual(await store.claim(ks, FORMER, LEASE_MS, WINDOW_MS), ['claimed', 'claimed', 'claimed']);
      const before = Date.now();
      await store.commit(ks, FORMER, WINDOW_MS);
      for (const k of ks) {
        assert.ok(await marked(k), 'the mark is a field of the mark hash');
        assert.equal(await admin.exists(k), 0, 'the lease is gone');
        const { hash, field } = markOf(k);
        const value = Number(await admin.hget(hash, field));
        assert.ok([0, 1].includes(markValue(markSlice(layout, Date.now()) - value)), `slice ${value}`);
        const counts = markFreshUntil(layout, before) - before;
        assert.ok(counts >= WINDOW_MS && counts <= WINDOW_MS + layout.sliceMs);
        const pttl = await admin.pttl(hash);
        const ttl = layout.ttlMs + layout.sliceMs;
        assert.ok(pttl > ttl - 5_000 && pttl <= ttl, `PTTL ${pttl}`);
        assert.equal(
          ttl,
          WINDOW_MS + 2 * layout.sliceMs,
          "the hash lives a window + two slices from its slice's first commit",
        );
        assert.equal(await admin.type(hash), 'hash');
      }
      assert.deepEqual(await store.claim(ks, 'retry', LEASE_MS, WINDOW_MS), ['done', 'done', 'done']);
      for (const k of ks) assert.equal(await admin.exists(k), 0, 'a duplicate claims nothing');
    });

    test('a commit after the lease ended (key gone) marks DONE: the effect happened', async () => {
      const ks = keys('commit-late');
      await store.claim(ks, FORMER, 50, WINDOW_MS);
      await new Promise((r) => setTimeout(r, 120)); // the lease ends, nobody claims
      for (const k of ks) assert.equal(await admin.exists(k), 0);
      await store.commit(ks, FORMER, WINDOW_MS);
      for (const k of ks) assert.ok(await marked(k));
      assert.deepEqual(await store.claim(ks, 'retry', LEASE_MS, WINDOW_MS), ['done', 'done', 'done']);
    });

    test("a commit after the lease ended and a new owner claimed: the new owner's claim stays as it was, the mark is written", async () => {
      const ks = keys('commit-taken');
      for (const k of ks) await admin.set(k, 'P:new-owner', 'PX', 5_000);
      await store.commit(ks, FORMER, WINDOW_MS);
      for (const k of ks) {
        assert.equal(await admin.get(k), 'P:new-owner');
        assert.ok((await admin.pttl(k)) <= 5_000, 'its lease not changed');
        assert.ok(await marked(k), 'the former owner ran it: DONE, whatever the new owner does');
      }
    });

    test('a 0.3.0 string mark is read as DONE, and a commit leaves it and its TTL alone', async () => {
      const ks = keys('commit-done');
      for (const k of ks) await admin.set(k, 'D', 'PX', 5_000);
      assert.deepEqual(await store.claim(ks, 'retry', LEASE_MS, WINDOW_MS), ['done', 'done', 'done']);
      await store.commit(ks, FORMER, WINDOW_MS);
      for (const k of ks) {
        assert.equal(await admin.get(k), 'D');
        assert.ok((await admin.pttl(k)) <= 5_000, 'the window is not restarted');
      }
    });

    test('a claim finds a mark for the window (at most a slice more), and from a writer up to a slice ahead; not older ones', async () => {
      const [k] = keys('slices');
      const t0 = Date.now();
      await storeAt({ now: () => t0 }).commit([k!], FORMER, WINDOW_MS);
      // Still inside the window at its far end: the oldest slice read holds it.
      const late = storeAt({ now: () => t0 + WINDOW_MS });
      assert.deepEqual(await late.claim([k!], 'later', LEASE_MS, WINDOW_MS), ['done']);
      // A reader whose clock is up to a slice behind the writer's still finds it (the next slice).
      const behind = storeAt({ now: () => t0 - layout.sliceMs });
      assert.deepEqual(await behind.claim([k!], 'behind', LEASE_MS, WINDOW_MS), ['done']);
      // Past the window and the slice: not read (the hash expires then anyway).
      const past = storeAt({ now: () => t0 + WINDOW_MS + 2 * layout.sliceMs });
      assert.deepEqual(await past.claim([k!], 'past', LEASE_MS, WINDOW_MS), ['claimed']);
      await past.release([k!], 'past');
    });

    test('the slice wraps round mod 8192: a mark is fresh 0 to MARK_SLICES slices back or one ahead across the wrap, stale past it', async () => {
      // A clock at slice 8192 * k + 2 (its value 2): marks of values 8190 (4 back), 8189 (5 back)
      // and 3 (one ahead).
      const base = (MARK_SLICE_MODULUS * 200_000 + 2) * layout.sliceMs;
      const at = storeAt({ now: () => base });
      const [fresh, stale, ahead] = keys('wrap');
      const put = async (key: string, value: number) => {
        const { hash, field } = markOf(key);
        await admin.hset(hash, field, value);
        await admin.pexpire(hash, 60_000);
      };
      await put(fresh!, MARK_SLICE_MODULUS - 2);
      await put(stale!, MARK_SLICE_MODULUS - 3);
      await put(ahead!, 3);
      assert.equal(2 - (MARK_SLICE_MODULUS - 2) + MARK_SLICE_MODULUS, MARK_SLICES);
      assert.deepEqual(await at.claim([fresh!, stale!, ahead!], 'wrap', LEASE_MS, WINDOW_MS), [
        'done',
        'claimed',
        'done',
      ]);
      await at.release([stale!], 'wrap');
    });

    test("a slice's first commit into a hash sets its TTL to a window + two slices; later ones that slice leave it, the next slice's sets it again", async () => {
      // A clock at the start of a slice, then at its last millisecond, then in the next slice.
      const slice = MARK_SLICE_MODULUS * 200_000 + 7;
      let nowMs = slice * layout.sliceMs;
      const at = storeAt({ now: () => nowMs });
      // One event committed three times (a redelivery after a lost reply): its hash each time.
      const [k1] = keys('expiry');
      const { hash } = markOf(k1!);
      await admin.hset(hash, 'other', '1');
      await admin.pexpire(hash, 1_000);
      await at.commit([k1!], FORMER, WINDOW_MS);
      const ttl = layout.ttlMs + layout.sliceMs;
      assert.ok((await admin.pttl(hash)) > ttl - 5_000, 'a hash without its cleaning slice gets the TTL');
      assert.equal(await admin.hget(hash, ''), String(markValue(slice)));
      // The same slice: the fast path leaves the TTL (set less than a slice ago, it covers this mark).
      await admin.pexpire(hash, 2 * WINDOW_MS);
      nowMs = (slice + 1) * layout.sliceMs - 1;
      await at.commit([k1!], FORMER, WINDOW_MS);
      assert.ok((await admin.pttl(hash)) > 2 * WINDOW_MS - 5_000, 'the same slice: TTL left alone');
      // The next slice: its first commit sets the TTL again.
      nowMs = (slice + 1) * layout.sliceMs;
      await at.commit([k1!], FORMER, WINDOW_MS);
      const pttl = await admin.pttl(hash);
      assert.ok(pttl > ttl - 5_000 && pttl <= ttl, `the next slice: set again, PTTL ${pttl}`);
    });

    test("a slice's first commit into a hash deletes its stale marks, once a slice; fresh ones and a writer ahead stay", async () => {
      // One tag and one bucket (rate 1): every mark in one hash. A clock at slice 8192 * k + 10.
      const prefix = dedupKeyPrefix(uniqueService(`scripts-${mode}-prune`), 'h');
      const key = () => `${prefix}{@@@@@}${ulid()}`;
      const small = storeAt({
        eventsPerSecond: 1,
        now: () => (MARK_SLICE_MODULUS * 200_000 + 10) * layout.sliceMs,
      });
      const hash = markHashKey(key(), markLayout(WINDOW_MS, 1))!;
      // The hash was cleaned last slice (its '' field); 60 stale marks (5 to 9 slices back, and
      // 8,000 back: slice 8202 of the last round), 50 fresh (0 to 4 back) and 2 a slice ahead.
      const stale = Array.from(
        { length: 60 },
        (_, i) => [Buffer.from(markField(ulid())), i === 0 ? 202 : 1 + (i % 5)] as const,
      );
      const fresh = Array.from(
        { length: 50 },
        (_, i) => [Buffer.from(markField(ulid())), 6 + (i % 5)] as const,
      );
      const ahead = Array.from({ length: 2 }, () => [Buffer.from(markField(ulid())), 11] as const);
      for (const [field, value] of [...stale, ...fresh, ...ahead]) await admin.hset(hash, field, value);
      await admin.hset(hash, '', 9);
      await admin.pexpire(hash, 60_000);
      assert.equal(await admin.hlen(hash), 113);
      const [k1, k2] = [key(), key()];
      await small.commit([k1!], FORMER, WINDOW_MS);
      assert.equal(
        await admin.hlen(hash),
        1 + 50 + 2 + 1,
        "the stale marks gone: the new, the fresh, the ahead, ''",
      );
      for (const [field] of [...fresh, ...ahead]) assert.notEqual(await admin.hget(hash, field), null);
      assert.equal(await admin.hget(hash, ''), '10', 'cleaned this slice');
      // Over the threshold again within the same slice: not cleaned again (nothing went stale).
      for (let i = 0; i < 60; i++) await admin.hset(hash, Buffer.from(markField(ulid())), 5);
      await small.commit([k2!], FORMER, WINDOW_MS);
      assert.equal(await admin.hlen(hash), 1 + 50 + 2 + 1 + 60 + 1, 'once a slice');
    });

    test("a hash is cleaned by its slice's first commit however few its marks; past the budget it waits, at most MARK_PRUNE_EVERY_SLICES slices", async () => {
      // Rate 60: two mark buckets a tag, so one tag (one slot) holds two hashes. A clock at slice
      // 8192 * k + 5.
      const prefix = dedupKeyPrefix(uniqueService(`scripts-${mode}-slow`), 'h');
      const slice = MARK_SLICE_MODULUS * 200_000 + 5;
      const two = markLayout(WINDOW_MS, 60);
      assert.equal(two.buckets, 2);
      const at = storeAt({ eventsPerSecond: 60, now: () => slice * layout.sliceMs });
      const inBucket = (bucket: number) => {
        for (;;) {
          const k = `${prefix}{@@@@@}${ulid()}`;
          if (markHashKey(k, two) === `${prefix}{@@@@@}:d${bucket}`) return k;
        }
      };
      const [big, small] = [`${prefix}{@@@@@}:d0`, `${prefix}{@@@@@}:d1`];
      const field = () => Buffer.from(markField(ulid()));
      // A small hash, cleaned last slice, with one stale mark (ten slices back): cleaned now.
      const stale = field();
      await admin.hset(small, stale, markValue(slice - 10), '', markValue(slice - 1));
      await admin.pexpire(small, 60_000);
      await at.commit([inBucket(1)], FORMER, WINDOW_MS);
      assert.equal(await admin.hget(small, stale), null, 'two fields, and cleaned');
      assert.equal(await admin.hget(small, ''), String(markValue(slice)));
      // A one-key commit reads at most MARK_PRUNE_FIELDS fields cleaning: the big hash (due, more
      // than that) uses them up, and the small one (due again: last cleaned a slice back) waits.
      const bigFields = Array.from({ length: MARK_PRUNE_FIELDS + 10 }, () => [field(), markValue(slice - 2)]);
      await admin.hset(big, ...bigFields.flat(), '', markValue(slice - 1));
      await admin.hset(small, stale, markValue(slice - 10), '', markValue(slice - 1));
      await admin.pexpire(big, 60_000);
      await admin.pexpire(small, 60_000);
      await at.commit([inBucket(0), inBucket(1)], FORMER, WINDOW_MS);
      assert.equal(await admin.hget(big, ''), String(markValue(slice)), 'the big hash cleaned');
      assert.notEqual(await admin.hget(small, stale), null, 'the budget spent: the small one waits');
      assert.equal(await admin.hget(small, ''), String(markValue(slice - 1)), 'and is not marked cleaned');
      // Cleaned MARK_PRUNE_EVERY_SLICES ago: cleaned whatever the budget.
      await admin.hset(big, ...bigFields.flat(), '', markValue(slice - 1));
      await admin.hset(small, '', markValue(slice - MARK_PRUNE_EVERY_SLICES));
      await at.commit([inBucket(0), inBucket(1)], FORMER, WINDOW_MS);
      assert.equal(await admin.hget(small, stale), null, 'the stale mark is gone');
      assert.equal(await admin.hget(small, ''), String(markValue(slice)));
    });

    test('a commit under another window than its claim writes the marks where its own window puts them (the marks kept from the claim are not reused)', async () => {
      const ks = keys('window-change');
      const other = markLayout(2 * WINDOW_MS);
      assert.notEqual(other.buckets, layout.buckets);
      assert.deepEqual(await store.claim(ks, FORMER, LEASE_MS, WINDOW_MS), ['claimed', 'claimed', 'claimed']);
      await store.commit(ks, FORMER, 2 * WINDOW_MS);
      for (const k of ks) {
        const field = Buffer.from(markField(k.slice(k.indexOf('}') + 1)));
        assert.notEqual(
          await admin.hget(markHashKey(k, other)!, field),
          null,
          "in the commit's window's hash",
        );
      }
    });

    test('rolling out from 0.3.0 (stringMarks), a commit writes the string mark 0.3.0 reads, and the hash mark', async () => {
      const ks = keys('string-marks');
      const rolling = storeAt({ stringMarks: true });
      await rolling.claim(ks, FORMER, LEASE_MS, WINDOW_MS);
      await rolling.commit(ks, FORMER, WINDOW_MS);
      for (const k of ks) {
        assert.equal(await admin.get(k), 'D');
        const pttl = await admin.pttl(k);
        assert.ok(pttl > WINDOW_MS - 5_000 && pttl <= WINDOW_MS, `PTTL ${pttl}`);
        assert.ok(await marked(k));
      }
    });

    test('a mark written into a hash past the compact field count is counted', async () => {
      // One tag and one bucket (rate 1): every mark in one hash, with its '' field (the slice of
      // its last cleaning): the last three marks make it 129 to 131 entries.
      const prefix = dedupKeyPrefix(uniqueService(`scripts-${mode}-full`), 'h');
      const ks = Array.from({ length: COMPACT_HASH_FIELDS + 2 }, () => `${prefix}{@@@@@}${ulid()}`);
      const small = storeAt({ eventsPerSecond: 1 });
      await small.commit(ks, FORMER, WINDOW_MS);
      assert.equal(small.overfullMarks, 3);
    });

    test("a former owner's renewal touches neither a new owner's lease nor a DONE key's TTL, nor revives a gone key", async () => {
      const [claimedByOther, done, gone] = keys('extend');
      await admin.set(claimedByOther!, 'P:new-owner', 'PX', 5_000);
      await admin.set(done!, 'D', 'PX', 5_000);
      await store.extend([claimedByOther!, done!, gone!], FORMER, LEASE_MS);
      assert.deepEqual(await admin.get(claimedByOther!), 'P:new-owner');
      assert.ok((await admin.pttl(claimedByOther!)) <= 5_000, 'the new lease is not extended');
      assert.equal(await admin.get(done!), 'D');
      assert.ok((await admin.pttl(done!)) <= 5_000, "the DONE key's window is not changed");
      assert.equal(await admin.exists(gone!), 0, 'a renewal does not bring a gone claim back');
    });

    test('the owner renews its own lease', async () => {
      const ks = keys('extend-mine');
      assert.deepEqual(await store.claim(ks, FORMER, 2_000, WINDOW_MS), ['claimed', 'claimed', 'claimed']);
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
      // One tag: the keys share a slot, so the cluster sends them as one script too.
      const prefix = dedupKeyPrefix(uniqueService(`scripts-${mode}-wrongtype`), 'h');
      const ks = [0, 1, 2].map(() => `${prefix}{@@@@@}${ulid()}`);
      await admin.rpush(ks[1]!, 'not a claim');
      const results = await store.claim(ks, FORMER, LEASE_MS, WINDOW_MS);
      const errors = results.filter((r): r is Error => r instanceof Error);
      assert.ok(errors.length >= 1, `an error for the wrong-typed key: ${results}`);
      assert.equal(new Set(errors).size, 1, 'the same error object for every key it covers');
      assert.match(errors[0]!.message, /WRONGTYPE/);
    });

    test('one claim call over absent, marked, string-marked and held keys of one slot answers per key (one script)', async () => {
      const prefix = dedupKeyPrefix(uniqueService(`scripts-${mode}-mix`), 'h');
      const [free, marked, done, held] = [0, 1, 2, 3].map(() => `${prefix}{@@@@@}${ulid()}`);
      await store.claim([marked!], FORMER, LEASE_MS, WINDOW_MS);
      await store.commit([marked!], FORMER, WINDOW_MS);
      await admin.set(done!, 'D', 'PX', WINDOW_MS);
      await admin.set(held!, 'P:another-owner', 'PX', LEASE_MS);
      assert.deepEqual(await store.claim([free!, marked!, done!, held!], 'me', LEASE_MS, WINDOW_MS), [
        'claimed',
        'done',
        'done',
        'held',
      ]);
      assert.equal(await admin.exists(marked!), 0, 'a marked key is not claimed');
      assert.equal(await admin.get(done!), 'D', 'a DONE key stays DONE');
      assert.equal(await admin.get(held!), 'P:another-owner', "another owner's claim stays its own");
    });

    test('a key of a previous format (no 0.3.0 tag) keeps its string mark', async () => {
      const k = `${uniqueService(`scripts-${mode}-old`)}:dedup:h:${ulid()}`;
      await store.claim([k], FORMER, LEASE_MS, WINDOW_MS);
      await store.commit([k], FORMER, WINDOW_MS);
      assert.equal(await admin.get(k), 'D');
      assert.deepEqual(await store.claim([k], 'retry', LEASE_MS, WINDOW_MS), ['done']);
    });

    test('the owner releases its own claim (a retry may claim it at once), and commits its own to DONE', async () => {
      const [released, committed] = keys('mine');
      await store.claim([released!, committed!], FORMER, LEASE_MS, WINDOW_MS);
      await store.release([released!], FORMER);
      assert.equal(await admin.exists(released!), 0);
      assert.deepEqual(await store.claim([released!], 'retry', LEASE_MS, WINDOW_MS), ['claimed']);
      await store.commit([committed!], FORMER, WINDOW_MS);
      assert.ok(await marked(committed!));
      assert.deepEqual(await store.claim([committed!], 'retry', LEASE_MS, WINDOW_MS), ['done']);
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
