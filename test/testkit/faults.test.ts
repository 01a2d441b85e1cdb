import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { ulid } from 'ulid';
import { type CrashError, EventProducer, type ExecutionEnvironment, KafkaLog } from '../../emulator/index.ts';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import { EVENT_ID_HEADER, MemoryDedupStore, RedisDedupStore } from '../../lib/index.ts';
import {
  CrashingStore,
  type CrashPlan,
  DuplicatingProducer,
  expireLeases,
  startTcpFaultProxy,
  storeOfEnvironment,
} from '../../testkit/index.ts';
import { pingRedis } from '../../testkit/internal/index.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

const admin = adminClient();
after(() => admin.quit());

describe('faults', () => {
  test('DuplicatingProducer repeats a seeded share of events with the same Event-Id, at later offsets', () => {
    const log = new KafkaLog();
    log.createTopic('t', 2);
    const producer = new DuplicatingProducer(new EventProducer(log), { rate: 0.3, seed: 42 });
    for (let i = 0; i < 100; i++) producer.send({ topic: 't', key: `k${i}`, payload: { i } });
    producer.flushDuplicates();
    const ids = log.all('t').map((r) => r.headers.find((h) => h.name === EVENT_ID_HEADER)!.value.toString());
    assert.equal(ids.length, 100 + producer.duplicates);
    assert.equal(new Set(ids).size, 100);
    assert.ok(producer.duplicates > 10 && producer.duplicates < 60);
    // The same seed replays the same schedule.
    const log2 = new KafkaLog();
    log2.createTopic('t', 2);
    const replay = new DuplicatingProducer(new EventProducer(log2), { rate: 0.3, seed: 42 });
    for (let i = 0; i < 100; i++) replay.send({ topic: 't', key: `k${i}`, payload: { i } });
    replay.flushDuplicates();
    assert.equal(replay.duplicates, producer.duplicates);
    assert.deepEqual(
      log2.all('t').map((r) => r.value?.toString()),
      log.all('t').map((r) => r.value?.toString()),
    );
  });

  test('CrashingStore kills the environment at the commit that reaches N, and then does nothing more', async () => {
    const inner = new MemoryDedupStore({ quiet: true });
    const env = { id: 7, alive: true, signal: new AbortController().signal } as ExecutionEnvironment & {
      alive: boolean;
    };
    const killed: { error: CrashError; env: ExecutionEnvironment }[] = [];
    const plan: CrashPlan = {
      remaining: 3,
      fired: false,
      kill: (error, e) => {
        killed.push({ error, env: e });
        (e as { alive: boolean }).alive = false;
      },
    };
    const store = new CrashingStore(inner, plan, env);
    await store.claim(['a', 'b', 'c'], 'o', 10_000);
    await store.commit(['a'], 'o', 60_000);
    let settled = false;
    void store.commit(['b', 'c'], 'o', 60_000).then(() => {
      settled = true;
    });
    await new Promise((r) => setImmediate(r));
    assert.equal(killed.length, 1);
    assert.equal(killed[0]!.env.id, 7);
    assert.equal(plan.uncommitted, 2);
    assert.equal(settled, false, 'the crashing commit never returns');
    assert.deepEqual(await inner.claim(['a', 'b'], 'other', 1000), ['done', 'held'], 'b was never made DONE');
  });

  test("the fault stores pass on the inner store's commitGroupsInFlight, commitGroupRecords and claimPartRecords (a cluster's group commits merge, a standalone store's claim goes in parts, in the soak too)", () => {
    const env = { id: 1, alive: true, signal: new AbortController().signal } as ExecutionEnvironment;
    const plan: CrashPlan = { remaining: 1, fired: false, kill: () => {} };
    const cluster = Object.assign(new MemoryDedupStore({ quiet: true }), {
      commitGroupsInFlight: 1,
      commitGroupRecords: 1000,
    });
    const standalone = Object.assign(new MemoryDedupStore({ quiet: true }), { claimPartRecords: 1000 });
    assert.equal(new CrashingStore(standalone, plan, env).claimPartRecords, 1000);
    assert.equal(storeOfEnvironment(standalone, env).claimPartRecords, 1000);
    assert.equal(storeOfEnvironment(cluster, env).claimPartRecords, undefined);
    assert.equal(new CrashingStore(cluster, plan, env).commitGroupsInFlight, 1);
    assert.equal(storeOfEnvironment(cluster, env).commitGroupsInFlight, 1);
    assert.equal(new CrashingStore(cluster, plan, env).commitGroupRecords, 1000);
    assert.equal(storeOfEnvironment(cluster, env).commitGroupRecords, 1000);
    assert.equal(storeOfEnvironment(standalone, env).commitGroupRecords, undefined);
    assert.equal(new CrashingStore(standalone, plan, env).commitGroupsInFlight, undefined);
    assert.equal(storeOfEnvironment(standalone, env).commitGroupsInFlight, undefined);
  });

  test("the fault stores pass on the claim's window, the renewal and the connect of the inner store", async () => {
    const service = uniqueService('pass-on');
    const prefix = dedupKeyPrefix(service, 'h');
    const window = 600_000; // not the 24 h a store reads marks by before any call gave it a window
    const writer = new RedisDedupStore({ redis: { url: redisUrl() } });
    const fresh: RedisDedupStore[] = [];
    const env = { id: 1, alive: true, signal: new AbortController().signal } as ExecutionEnvironment & {
      alive: boolean;
    };
    const plan: CrashPlan = { remaining: 100, fired: false, kill: () => {} };
    const wrappers = {
      storeOfEnvironment: (inner: RedisDedupStore) => storeOfEnvironment(inner, env),
      CrashingStore: (inner: RedisDedupStore) => new CrashingStore(inner, plan, env),
    };
    try {
      for (const [name, wrap] of Object.entries(wrappers)) {
        const done = dedupKey(prefix, ulid());
        assert.deepEqual(await writer.claim([done], 'first', 10_000, window), ['claimed']);
        await writer.commit([done], 'first', window);
        // A new environment's store: its first call is this claim.
        const inner = new RedisDedupStore({ redis: { url: redisUrl() } });
        fresh.push(inner);
        const store = wrap(inner);
        assert.equal(await store.connect?.(), true, `${name}: connect`);
        assert.deepEqual(await store.claim([done], 'second', 10_000, window), ['done'], `${name}: window`);
        const mine = dedupKey(prefix, ulid());
        assert.deepEqual(await store.claim([mine], 'second', 10_000, window), ['claimed']);
        assert.deepEqual(await store.extend?.([mine], 'second', 60_000), ['renewed'], `${name}: extend`);
        assert.ok((await admin.pttl(mine)) > 30_000, `${name}: the lease was renewed to 60 s`);
      }
      // A killed environment renews nothing (its renewals freeze, as the claims do).
      env.alive = false;
      for (const [name, wrap] of Object.entries(wrappers)) {
        const renewal = wrap(fresh[0]!).extend!([dedupKey(prefix, ulid())], 'second', 60_000);
        const first = await Promise.race([
          renewal,
          new Promise((resolve) => setTimeout(resolve, 50, 'frozen')),
        ]);
        assert.equal(first, 'frozen', name);
      }
    } finally {
      await writer.close();
      for (const store of fresh) await store.close();
    }
  });

  test('expireLeases removes IN_PROGRESS claims under a prefix and keeps DONE marks, string or hash', async () => {
    const prefix = `${uniqueService('expire')}:dedup:h:`;
    await admin.set(`${prefix}A`, 'P:owner', 'PX', 60_000);
    await admin.set(`${prefix}B`, 'D', 'PX', 60_000);
    await admin.set(`${prefix}x:C`, 'P:other', 'PX', 60_000);
    // A hash of DONE marks beside the leases (0.4.0): not a lease, kept, and no WRONGTYPE.
    await admin.hset(`${prefix}{t}:d7`, 'field', '12');
    assert.equal(await expireLeases(admin, prefix), 2);
    assert.equal(await admin.get(`${prefix}A`), null);
    assert.equal(await admin.get(`${prefix}B`), 'D');
    assert.equal(await admin.hget(`${prefix}{t}:d7`, 'field'), '12');
  });

  test('TcpFaultProxy: paused holds the bytes until resumed, down refuses, slow still answers', async () => {
    const proxy = await startTcpFaultProxy(redisUrl());
    const client = new Redis(proxy.url, {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    client.on('error', () => {}); // the cut connection of 'down' is expected
    try {
      await client.connect();
      assert.equal(await client.ping(), 'PONG');
      proxy.set('paused');
      let answered = false;
      const pending = client.ping().then((r) => {
        answered = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 150));
      assert.equal(answered, false, 'a paused Redis answers nothing');
      proxy.set('up');
      assert.equal(await pending, 'PONG', 'the held command goes through when it resumes');
      proxy.set({ slowMs: 50 });
      assert.equal(await client.ping(), 'PONG');
      proxy.set('down');
      assert.equal(
        await pingRedis('127.0.0.1', proxy.port, 300),
        false,
        'a stopped Redis refuses connections',
      );
    } finally {
      client.disconnect();
      await proxy.stop();
    }
  });

  // A slow proxy that goes back up must not let a new chunk overtake one it still delays: TCP keeps
  // a connection's bytes in order, and a client matches replies to requests by that order (soak
  // seed 459600622: a claim sent when the proxy was up reached Redis before one sent while it was
  // slow, so ioredis gave the new claim the old one's DONE and a record was skipped as a duplicate).
  test('TcpFaultProxy: a chunk never overtakes one still delayed on its connection when the mode changes', async () => {
    const proxy = await startTcpFaultProxy(redisUrl());
    const client = new Redis(proxy.url, {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      // The request is still delayed when the proxy goes up.
      proxy.set({ slowMs: 300 });
      const first = client.echo('first');
      await new Promise((r) => setTimeout(r, 100));
      proxy.set('up');
      const second = client.echo('second');
      assert.deepEqual(await Promise.all([first, second]), ['first', 'second'], 'requests in order');
      // The request went through, its reply is still delayed when the proxy goes up.
      proxy.set({ slowMs: 300 });
      const third = client.echo('third');
      await new Promise((r) => setTimeout(r, 400));
      proxy.set('up');
      const fourth = client.echo('fourth');
      assert.deepEqual(await Promise.all([third, fourth]), ['third', 'fourth'], 'replies in order');
      // Paused while a request is delayed: the held one follows it when the pause ends.
      proxy.set({ slowMs: 300 });
      const fifth = client.echo('fifth');
      await new Promise((r) => setTimeout(r, 50));
      proxy.set('paused');
      const sixth = client.echo('sixth');
      await new Promise((r) => setTimeout(r, 50));
      proxy.set('up');
      assert.deepEqual(
        await Promise.all([fifth, sixth]),
        ['fifth', 'sixth'],
        'held bytes after delayed ones',
      );
    } finally {
      client.disconnect();
      await proxy.stop();
    }
  });
});
