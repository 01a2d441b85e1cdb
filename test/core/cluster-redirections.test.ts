/**
 * The store on a real Redis Cluster whose slots move under it (issue 19): a slot of a key bucket
 * moved to another master between batches and during one, a slot left mid-migration (ASK, and
 * TRYAGAIN for a multi-key script), a graceful CLUSTER FAILOVER, and a master killed and its
 * replica promoted. Claim, commit, extend and release give the right answer per key, and no
 * redirection becomes a store error. This file starts its own cluster (3 masters with a replica
 * each): moving slots of the run's shared cluster would disturb the other files.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import calculateSlot from 'cluster-key-slot';
import { Cluster, Redis } from 'ioredis';
import { fnv1a, tagOfCrc } from '../../lib/contract/dedup-key.ts';
import { type KafkaHandler, kafkaHandler, RedisDedupStore } from '../../lib/index.ts';
import { type LocalRedisCluster, mskEvent, mskRecord, startRedisCluster } from '../../testkit/index.ts';
import { clusterNodesOf, nodeCommand, waitClusterHealthy } from '../../testkit/internal/index.ts';
import { invoke } from '../support/consumer.ts';
import { keyState } from '../support/marks.ts';
import { watchNode } from '../support/monitor.ts';
import { uniqueService } from '../support/redis.ts';

/** Store timeouts no loaded machine reaches (the tests wait on events, never on speed). */
const SLOW_MACHINE_TIMEOUTS = { commandTimeoutMs: 20_000, connectTimeoutMs: 20_000 };

let cluster: LocalRedisCluster;
let admin: Cluster;
const stores: RedisDedupStore[] = [];
before(async () => {
  // A node timeout a loaded machine's stalls stay under: a spurious failover would move slots
  // under the tests (the killed master's replica still takes over within a few seconds).
  cluster = await startRedisCluster({ masters: 3, replicas: 1, nodeTimeoutMs: 3000 });
  admin = new Cluster(cluster.nodes.slice(0, 3));
  admin.on('error', () => {}); // a node killed on purpose
});
after(async () => {
  await Promise.all(stores.map((s) => s.close()));
  admin?.disconnect();
  await cluster?.stop();
});

function newStore(): RedisDedupStore {
  const { host, port } = cluster.nodes[0]!;
  // Timeouts a loaded machine cannot reach: a redirection's resends (a first connection to the
  // importing node, one command per key) are bounded like the first round trip, and what is tested
  // here is where each key's answer comes from, not how fast.
  const store = new RedisDedupStore({
    redis: { url: `redis://${host}:${port}`, cluster: true, ...SLOW_MACHINE_TIMEOUTS },
  });
  stores.push(store);
  return store;
}

/** `count` keys of one bucket (one hash tag, so one slot), and that slot. */
/** Keys of the current format in one bucket (one tag, one slot), their DONE mark hashes beside them. */
function bucketKeys(name: string, count: number) {
  const service = uniqueService(name);
  const tag = `{${tagOfCrc(fnv1a(service) % 16_384)}}`;
  const keys = Array.from(
    { length: count },
    (_, i) => `${service}:dedup:h:${tag}${String(i).padStart(26, '0')}`,
  );
  return { keys, slot: calculateSlot(keys[0]!) };
}

async function masters() {
  const view = await clusterNodesOf(cluster.servers.find((s) => s.running)!.port);
  return view.filter((n) => n.role === 'master' && !n.flags.includes('fail'));
}

async function ownerOf(slot: number) {
  const owner = (await masters()).find((m) => m.slots.some(([a, b]) => slot >= a && slot <= b));
  assert.ok(owner, `a master serves slot ${slot}`);
  return owner;
}

/** Start moving `slot` to another master; MIGRATE `moved` of its keys (all when not given). */
async function startMigration(slot: number, moved?: string[]) {
  const from = await ownerOf(slot);
  const to = (await masters()).find((m) => m.id !== from.id)!;
  await nodeCommand(to.port, 'CLUSTER', 'SETSLOT', slot, 'IMPORTING', from.id);
  await nodeCommand(from.port, 'CLUSTER', 'SETSLOT', slot, 'MIGRATING', to.id);
  const keys =
    moved ?? ((await nodeCommand(from.port, 'CLUSTER', 'GETKEYSINSLOT', slot, 10_000)) as string[]);
  if (keys.length > 0) {
    await nodeCommand(from.port, 'MIGRATE', '127.0.0.1', to.port, '', 0, 5000, 'KEYS', ...keys);
  }
  return { from, to };
}

/** Move the rest of `slot`'s keys and hand the slot to `to.id` on every master. */
async function finishMigration(slot: number, from: { port: number }, to: { id: string; port: number }) {
  const rest = (await nodeCommand(from.port, 'CLUSTER', 'GETKEYSINSLOT', slot, 10_000)) as string[];
  if (rest.length > 0) {
    await nodeCommand(from.port, 'MIGRATE', '127.0.0.1', to.port, '', 0, 5000, 'KEYS', ...rest);
  }
  await nodeCommand(to.port, 'CLUSTER', 'SETSLOT', slot, 'NODE', to.id);
  await nodeCommand(from.port, 'CLUSTER', 'SETSLOT', slot, 'NODE', to.id);
  for (const m of await masters()) await nodeCommand(m.port, 'CLUSTER', 'SETSLOT', slot, 'NODE', to.id);
  await waitClusterHealthy(cluster);
}

async function moveSlot(slot: number) {
  const { from, to } = await startMigration(slot);
  await finishMigration(slot, from, to);
  return { from, to };
}

/** Every key of the pattern, on every master. */
async function allKeys(pattern: string): Promise<string[]> {
  const perNode = await Promise.all((await masters()).map((m) => nodeCommand(m.port, 'KEYS', pattern)));
  return (perNode as string[][]).flat();
}

/** GET through a client that follows redirections itself (the admin's view of a key). */
// 'D' for a DONE key (its mark, or a 0.3.0 string mark), else what the key holds. The tests commit
// with a 600 s window (the consumer's: 24 h).
const values = (keys: string[], windowMs = 600_000) =>
  Promise.all(keys.map((k) => keyState(admin, k, windowMs)));

function noErrors(results: unknown[]) {
  const errors = results.filter((r) => r instanceof Error);
  assert.deepEqual(errors, [], 'no key answered with a store error');
}

// Each test moves slots on a six-node cluster: legitimately long on a loaded machine.
describe('the cluster path follows redirections (a real cluster, slots moved under the store)', {
  timeout: 600_000,
}, () => {
  test('a slot moved between batches (MOVED): right answers per key, then the slot map is refreshed', async () => {
    const store = newStore();
    const { keys, slot } = bucketKeys('moved', 30);
    // Before the move: 10 DONE, 10 held by another invocation, 10 never seen.
    assert.deepEqual(await store.claim(keys.slice(0, 20), 'other', 60_000), new Array(20).fill('claimed'));
    await store.commit(keys.slice(0, 10), 'other', 600_000);
    const { from, to } = await moveSlot(slot);
    assert.equal(slotsOf(store)[slot]?.[0], `127.0.0.1:${from.port}`, 'the store still maps the old owner');

    const claimed = await store.claim(keys, 'me', 60_000);
    noErrors(claimed);
    assert.deepEqual(claimed, [
      ...new Array(10).fill('done'),
      ...new Array(10).fill('held'),
      ...new Array(10).fill('claimed'),
    ]);
    assert.deepEqual(await store.extend(keys.slice(20), 'me', 60_000), new Array(10).fill('renewed'));
    await store.commit(keys.slice(20, 25), 'me', 600_000);
    await store.release(keys.slice(25), 'me');
    assert.deepEqual(await values(keys.slice(20)), [...new Array(5).fill('D'), ...new Array(5).fill(null)]);

    // The stale map was refreshed: the next batch goes to the new owner at once, not via MOVED.
    await waitFor(() => slotsOf(store)[slot]?.[0] === `127.0.0.1:${to.port}`, 'the slot map refreshed');
    const watch = await watchNode(from.port);
    let atOldOwner = 0;
    watch.monitor.on('monitor', (_t: string, args: string[]) => {
      if (args.some((a) => a.startsWith(keys[0]!.slice(0, keys[0]!.indexOf('}') + 1)))) atOldOwner++;
    });
    try {
      assert.deepEqual(await store.claim(keys.slice(25), 'me', 60_000), new Array(5).fill('claimed'));
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(atOldOwner, 0, 'no command of the next batch went to the old owner');
      assert.deepEqual(watch.errors, [], 'the watch of the old owner held');
    } finally {
      watch.close();
    }
  });

  test('a slot left mid-migration (ASK, and TRYAGAIN for a multi-key script): right answers per key', async () => {
    const store = newStore();
    const { keys, slot } = bucketKeys('migrating', 40);
    // 0-9 DONE, 10-19 held by another, 20-29 mine (to renew, commit, release), 30-39 never seen.
    await store.claim(keys.slice(0, 20), 'other', 60_000);
    await store.commit(keys.slice(0, 10), 'other', 600_000);
    await store.claim(keys.slice(20, 30), 'me', 60_000);
    // Half of each group goes to the importing node, and the hash of the DONE marks; the slot stays
    // migrating.
    const hashes = (
      (await nodeCommand((await ownerOf(slot)).port, 'CLUSTER', 'GETKEYSINSLOT', slot, 1000)) as string[]
    ).filter((k) => k.includes('}:d'));
    assert.ok(hashes.length > 0, 'the marks of 0-9 are in a hash of the slot');
    const half = [...keys.slice(0, 30).filter((_, i) => i % 10 < 5), ...hashes];
    const { from, to } = await startMigration(slot, half);
    try {
      // What the store meets: a script of keys all gone from the source is sent elsewhere (ASK),
      // and one whose keys are split between the nodes, or any multi-key script the importing
      // node is asked for, is answered TRYAGAIN while the migration lasts.
      const lua = 'return #KEYS';
      await assert.rejects(
        nodeCommand(from.port, 'EVAL', lua, 2, keys[30]!, keys[31]!),
        /^ReplyError: ASK|ASK /,
      );
      await assert.rejects(nodeCommand(from.port, 'EVAL', lua, 2, keys[10]!, keys[19]!), /TRYAGAIN/);

      const claimed = await store.claim([...keys.slice(0, 20), ...keys.slice(30)], 'me', 60_000);
      noErrors(claimed);
      assert.deepEqual(claimed, [
        ...new Array(10).fill('done'),
        ...new Array(10).fill('held'),
        ...new Array(10).fill('claimed'),
      ]);
      assert.deepEqual(await store.extend(keys.slice(20, 30), 'me', 60_000), new Array(10).fill('renewed'));
      assert.deepEqual(
        await store.extend(keys.slice(0, 20), 'me', 60_000),
        new Array(20).fill('lost'),
        'not mine: DONE (its lease let go, its mark in a hash), or another owner’s',
      );
      // The claims of keys new to a migrating slot were written on the importing node.
      const onTarget = new Redis(to.port);
      const [, [, value]] = (await onTarget.pipeline().asking().get(keys[30]!).exec()) as [
        unknown,
        [null, string],
      ];
      onTarget.disconnect();
      assert.equal(value, 'P:me');
      await store.commit(keys.slice(20, 30), 'me', 600_000);
      await store.release(keys.slice(30), 'me');
      await store.release(keys.slice(10, 20), 'me'); // another owner's: left alone
      const after = await values(keys);
      assert.deepEqual(after, [
        ...new Array(10).fill('D'),
        ...new Array(10).fill('P:other'),
        ...new Array(10).fill('D'),
        ...new Array(10).fill(null),
      ]);
    } finally {
      await finishMigration(slot, from, to);
    }
    // Once the migration ends, the same answers from the new owner.
    assert.deepEqual(await store.claim(keys, 'third', 60_000), [
      ...new Array(10).fill('done'),
      ...new Array(10).fill('held'),
      ...new Array(10).fill('done'),
      ...new Array(10).fill('claimed'),
    ]);
  });

  test('a mark hash moved ahead of its lease keys (mid-migration): the claim script fails there ("non local key") and each key goes alone', async () => {
    const store = newStore();
    const { keys, slot } = bucketKeys('hash-ahead', 4);
    // 0-1 DONE (their leases let go), then held again by another owner (a stale copy); 2-3 held.
    await store.claim(keys.slice(0, 2), 'first', 60_000);
    await store.commit(keys.slice(0, 2), 'first', 600_000);
    for (const key of keys) await admin.set(key, 'P:other', 'PX', 60_000);
    const hashes = (
      (await nodeCommand((await ownerOf(slot)).port, 'CLUSTER', 'GETKEYSINSLOT', slot, 1000)) as string[]
    ).filter((k) => k.includes('}:d'));
    const { from, to } = await startMigration(slot, hashes);
    try {
      // Every lease key is on the source: the script runs there, and meets the moved hash.
      const claimed = await store.claim(keys, 'me', 60_000);
      noErrors(claimed);
      assert.deepEqual(claimed, ['done', 'done', 'held', 'held']);
      assert.deepEqual(await values(keys), ['D', 'D', 'P:other', 'P:other']);
    } finally {
      await finishMigration(slot, from, to);
    }
  });

  test('a slot moved during a batch (after the claims, before the commit): each record once, no store error', async () => {
    const service = uniqueService('during');
    const runs = new Map<string, number>();
    let moved: Promise<unknown> | undefined;
    const handler: KafkaHandler = kafkaHandler({
      service,
      handlerName: 'h',
      redis: { url: `redis://127.0.0.1:${cluster.nodes[0]!.port}`, cluster: true, ...SLOW_MACHINE_TIMEOUTS },
      reserveMs: 0,
      onStoreError: 'closed',
      async handle(m) {
        runs.set(m.eventId, (runs.get(m.eventId) ?? 0) + 1);
        // The first record moves every slot the batch's keys are in; the rest run after it.
        moved ??= (async () => {
          const slots = new Set<number>();
          for (const key of await allKeys(`${service}:*`)) slots.add(calculateSlot(key)); // the leases
          for (const slot of slots) await moveSlot(slot);
        })();
        await moved;
      },
    });
    try {
      const records = Array.from({ length: 16 }, (_, i) => mskRecord({ partition: i % 2, offset: i }));
      const first = await invoke(handler, mskEvent(records));
      assert.deepEqual(first.response.batchItemFailures, []);
      assert.equal(
        first.lines.filter((l) => 'DedupErrors' in l).length,
        0,
        `no DedupErrors: ${JSON.stringify(first.lines.filter((l) => 'DedupErrors' in l))}`,
      );
      // Every claim committed where it moved: no lease left, 16 marks in the hashes beside them.
      const keys = await allKeys(`${service}:*`);
      assert.ok(keys.length > 0 && keys.every((k) => k.includes('}:d')), `only mark hashes: ${keys}`);
      let marks = 0;
      // Each hash's field '' holds the slice of its last cleaning (dedup-mark.ts), not a mark.
      for (const hash of keys) marks += (await admin.hkeys(hash)).filter((f) => f !== '').length;
      assert.equal(marks, 16);
      const again = await invoke(handler, mskEvent(records));
      assert.deepEqual(again.response.batchItemFailures, []);
      assert.equal(runs.size, 16);
      assert.ok(
        [...runs.values()].every((n) => n === 1),
        'the redelivery ran nothing twice',
      );
    } finally {
      await handler.close();
    }
  });

  test('a graceful CLUSTER FAILOVER: the old master redirects, the store follows', async () => {
    const store = newStore();
    const { keys, slot } = bucketKeys('failover', 20);
    assert.deepEqual(await store.claim(keys.slice(0, 10), 'me', 60_000), new Array(10).fill('claimed'));
    const owner = await ownerOf(slot);
    const replica = (await clusterNodesOf(owner.port)).find((n) => n.masterId === owner.id)!;
    await nodeCommand(replica.port, 'CLUSTER', 'FAILOVER');
    await waitFor(async () => (await ownerOf(slot)).port === replica.port, 'the replica took over');
    await waitClusterHealthy(cluster);
    const claimed = await store.claim(keys, 'other', 60_000);
    noErrors(claimed);
    assert.deepEqual(claimed, [...new Array(10).fill('held'), ...new Array(10).fill('claimed')]);
    await store.commit(keys.slice(0, 10), 'me', 600_000);
    assert.deepEqual(await store.extend(keys.slice(10), 'other', 60_000), new Array(10).fill('renewed'));
    assert.deepEqual(await values(keys.slice(0, 10)), new Array(10).fill('D'));
  });

  test('a master killed, its replica promoted: its keys fail that batch alone, the next batch goes to the new master', async () => {
    const store = newStore();
    const { keys, slot } = bucketKeys('killed', 10);
    const other = bucketKeys('killed-other', 10);
    const owner = await ownerOf(slot);
    // Keys of another master answer in the same batch as the killed one's.
    let otherSlot = other;
    for (let i = 0; (await ownerOf(otherSlot.slot)).id === owner.id; i++)
      otherSlot = bucketKeys(`killed-${i}`, 10);
    assert.deepEqual(await store.claim(keys.slice(0, 5), 'me', 60_000), new Array(5).fill('claimed'));
    await nodeCommand(owner.port, 'WAIT', 1, 2000); // the replica has the claims before the kill
    const server = cluster.servers.find((s) => s.port === owner.port)!;
    await server.crash();
    try {
      const during = await store.claim([...keys, ...otherSlot.keys], 'me', 60_000);
      assert.ok(
        during.slice(0, 10).every((r) => r instanceof Error),
        'the killed master’s keys: a store error',
      );
      assert.deepEqual(during.slice(10), new Array(10).fill('claimed'), 'the other master’s keys answered');
      const promoted = await waitFor(async () => {
        const now = await ownerOf(slot).catch(() => undefined);
        return now && now.port !== owner.port ? now : undefined;
      }, 'the replica promoted');
      await waitClusterHealthy(cluster); // every node that runs knows of it
      // No MOVED tells the store of the promotion (the old master is gone): the batch finds the
      // slot's master without a live connection and asks for the slot map first.
      const next = await store.claim(keys, 'me', 60_000);
      noErrors(next);
      // Keys 0-4 were claimed by 'me' before the kill and replicated: mine still.
      assert.deepEqual(next, new Array(10).fill('claimed'));
      assert.equal(
        slotsOf(store)[slot]?.[0],
        `127.0.0.1:${promoted.port}`,
        'the slot map names the new master',
      );
    } finally {
      await server.restart();
      await waitClusterHealthy(cluster);
    }
  });
});

async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 120_000,
): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The slot map of the store's current cluster client. */
function slotsOf(store: RedisDedupStore): string[][] {
  return (store.client as Cluster).slots;
}
