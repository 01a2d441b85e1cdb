/**
 * The same semantics against a three-node Redis Cluster (ElastiCache Serverless speaks cluster mode):
 * keys spread over the nodes, claims in one pipeline per node and one script per slot; a node the
 * store cannot reach fails its own keys alone, and is no longer avoided once it answers.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import calculateSlot from 'cluster-key-slot';
import { Cluster, Redis } from 'ioredis';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix, KEY_BUCKETS, MARK_SLICES, previousFormatKey } from '../../lib/contract.ts';
import { RolloutDedupStore } from '../../lib/dedup/rollout-store.ts';
import { DedupStoreError } from '../../lib/errors.ts';
import { RedisDedupStore } from '../../lib/index.ts';
import {
  failedOffsets,
  mskEvent,
  mskRecord,
  startTcpFaultProxy,
  type TcpFaultProxy,
} from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';
import { doneTtl, keyState } from '../support/marks.ts';
import { watchNode } from '../support/monitor.ts';
import { adminCluster, clusterNodes, uniqueService } from '../support/redis.ts';

const admin = adminCluster();
const consumer = testConsumers();
after(async () => {
  await admin.quit();
});

function clusterUrl() {
  const [first] = clusterNodes();
  return `redis://${first!.host}:${first!.port}`;
}

/**
 * MONITOR on every master: the commands from clients that carry a lease key under `prefix`, and
 * those keys (a script also names the mark hashes, `…}:d<bucket>`: not counted as keys).
 */
async function countCommands(prefix: string) {
  const watches = await Promise.all(
    admin.nodes('master').map((node) => watchNode(node.options.port!, node.options.host)),
  );
  const sent = {
    commands: 0,
    keys: 0,
    close() {
      for (const watch of watches) watch.close();
    },
  };
  for (const { monitor } of watches) {
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (source === 'lua') return; // the calls a script makes inside Redis
      const ours = args.filter((a) => a.startsWith(prefix) && !a.includes('}:d')).length;
      if (ours > 0) {
        sent.commands++;
        sent.keys += ours;
      }
    });
  }
  return sent;
}

describe('kafkaHandler against a Redis Cluster', () => {
  test('a batch spread over every node: each event once, failures released, duplicates skipped', async () => {
    const service = uniqueService('cluster');
    const seen = new Map<string, number>();
    const handler = consumer({
      service,
      redis: { url: clusterUrl(), cluster: true },
      handle(m) {
        seen.set(m.eventId, (seen.get(m.eventId) ?? 0) + 1);
        if ((m.payload as { fail?: boolean }).fail && seen.get(m.eventId) === 1)
          throw new Error('first try fails');
      },
    });
    const ids = Array.from({ length: 300 }, () => ulid());
    const records = ids.map((eventId, i) =>
      mskRecord({ partition: i % 3, offset: i, eventId, value: { fail: i === 299 } }),
    );
    const first = await invoke(handler, mskEvent(records));
    assert.deepEqual(failedOffsets(first.response), ['orders-2@299']);
    const keys = ids.map((id) => dedupKey(dedupKeyPrefix(service, 'h'), id));
    const masters = admin.nodes('master');
    const perNode = await Promise.all(masters.map((n) => n.dbsize()));
    assert.equal(masters.length, 3);
    assert.ok(
      perNode.every((n) => n > 0),
      `keys on every node: ${perNode}`,
    );
    assert.equal(await admin.exists(keys[299]!), 0, 'the failed record was released');
    assert.equal(await keyState(admin, keys[0]!), 'D');
    // Redelivery of the whole batch: 299 duplicates, the failed one runs again.
    const again = await invoke(handler, mskEvent(records));
    assert.deepEqual(again.response.batchItemFailures, []);
    assert.equal(seen.size, 300);
    assert.ok([...seen.entries()].every(([id, n]) => n === (id === ids[299] ? 2 : 1)));
  });

  test('claims in cluster mode: held by another owner, released only by their owner', async () => {
    const store = new RedisDedupStore({ redis: { url: clusterUrl(), cluster: true } });
    const keys = Array.from({ length: 50 }, () =>
      dedupKey(dedupKeyPrefix(uniqueService('own'), 'h'), ulid()),
    );
    try {
      assert.ok((await store.claim(keys, 'a', 10_000)).every((r) => r === 'claimed'));
      assert.ok((await store.claim(keys, 'b', 10_000)).every((r) => r === 'held'));
      await store.release(keys, 'b');
      assert.ok(
        (await store.claim(keys, 'b', 10_000)).every((r) => r === 'held'),
        'b cannot release a',
      );
      await store.commit(keys, 'a', 600_000);
      assert.ok((await store.claim(keys, 'b', 10_000, 600_000)).every((r) => r === 'done'));
      // The mark's hash lives the window and a slice (window / MARK_SLICES) at least, two at most
      // (set by the slice's first commit, it covers the commits after it in that slice).
      const ttl = await doneTtl(admin, keys[0]!, 600_000);
      assert.ok(
        ttl > 590_000 + 600_000 / MARK_SLICES && ttl <= 600_000 + (2 * 600_000) / MARK_SLICES,
        `PTTL ${ttl}`,
      );
    } finally {
      await store.close();
    }
  });

  test('a claim and a commit of 1,000 keys go as at most one command per slot, not per key', async () => {
    const prefix = dedupKeyPrefix(uniqueService('buckets'), 'h');
    const keys = Array.from({ length: 1000 }, () => dedupKey(prefix, ulid()));
    // At most KEY_BUCKETS (512) slots for 1,000 keys of one handler: one script per slot.
    const slots = new Set(keys.map((key) => calculateSlot(key))).size;
    assert.ok(slots <= KEY_BUCKETS && slots < keys.length, `${slots} slots`);
    const sent = await countCommands(prefix);
    // MONITOR slows every node: a generous timeout, the test counts commands, not time.
    const store = new RedisDedupStore({
      redis: { url: clusterUrl(), cluster: true },
      commandTimeoutMs: 10_000,
    });
    try {
      assert.ok((await store.claim(keys, 'a', 10_000)).every((r) => r === 'claimed'));
      await store.commit(keys, 'a', 60_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(sent.keys, 2000, 'every key claimed and committed once');
      assert.ok(
        sent.commands <= 2 * slots,
        `${sent.commands} commands for 1,000 claims and 1,000 commits over ${slots} slots`,
      );
      assert.ok((await store.claim(keys, 'b', 10_000)).every((r) => r === 'done'));
    } finally {
      await store.close();
      sent.close();
    }
  });

  test('during a rollout from 0.2.0 both keys of 1,000 events still go as one command per slot', async () => {
    const prefix = dedupKeyPrefix(uniqueService('rollout-slots'), 'h');
    const keys = Array.from({ length: 1000 }, () => dedupKey(prefix, ulid()));
    const both = [...keys, ...keys.map((key) => previousFormatKey('0.2.0', key)!)];
    // 0.2.0's keys add at most its 128 slots to the current format's.
    const slots = new Set(both.map((key) => calculateSlot(key))).size;
    assert.ok(slots <= KEY_BUCKETS + 128, `${slots} slots`);
    const sent = await countCommands(prefix);
    const store = new RolloutDedupStore(
      new RedisDedupStore({ redis: { url: clusterUrl(), cluster: true }, commandTimeoutMs: 10_000 }),
      '0.2.0',
    );
    try {
      assert.ok((await store.claim(keys, 'a', 10_000)).every((r) => r === 'claimed'));
      await store.commit(keys, 'a', 60_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(sent.keys, 4000, 'both keys of every event claimed and committed once');
      assert.ok(sent.commands <= 2 * slots, `${sent.commands} commands over ${slots} slots`);
    } finally {
      await store.close();
      sent.close();
    }
  });
});

describe('group commits on a cluster', () => {
  test('the store takes one group at a time, of 1,000 records; standalone as many as come, of the setting', async () => {
    const cluster = new RedisDedupStore({ redis: { url: clusterUrl(), cluster: true } });
    const client = new Cluster([clusterNodes()[0]!]);
    const adopted = new RedisDedupStore({ redis: client });
    const standalone = new RedisDedupStore({ redis: { url: 'redis://127.0.0.1:1' } });
    try {
      assert.equal(cluster.commitGroupsInFlight, 1);
      assert.equal(adopted.commitGroupsInFlight, 1, 'a Cluster client made elsewhere too');
      assert.equal(new RolloutDedupStore(cluster, '0.3.0').commitGroupsInFlight, 1, 'through a rollout');
      assert.equal(standalone.commitGroupsInFlight, undefined);
      assert.equal(cluster.commitGroupRecords, 1000, 'groups of 1,000 on a cluster');
      assert.equal(adopted.commitGroupRecords, 1000);
      assert.equal(new RolloutDedupStore(cluster, '0.3.0').commitGroupRecords, 1000, 'through a rollout');
      assert.equal(standalone.commitGroupRecords, undefined);
      // A claim in parts standalone only (each part a script there; on a cluster parts would
      // multiply the scripts per slot), the same through a rollout and for a client made elsewhere.
      assert.equal(cluster.claimPartRecords, undefined, 'a cluster claims a batch in one call');
      assert.equal(adopted.claimPartRecords, undefined);
      assert.equal(standalone.claimPartRecords, 1000);
      assert.equal(new RolloutDedupStore(standalone, '0.3.0').claimPartRecords, 1000, 'through a rollout');
      const adoptedStandalone = new RedisDedupStore({
        redis: new Redis('redis://127.0.0.1:1', { lazyConnect: true }),
      });
      assert.equal(adoptedStandalone.claimPartRecords, 1000, 'a Redis client made elsewhere too');
      await adoptedStandalone.close();
    } finally {
      await Promise.all([cluster.close(), adopted.close(), standalone.close()]);
    }
  });

  test('a quick batch: groups that fill while one is in flight merge, so its commits share slots (not a script a key)', async () => {
    const service = uniqueService('merge');
    const prefix = dedupKeyPrefix(service, 'h');
    const ids = Array.from({ length: 1000 }, () => ulid());
    const slots = new Set(ids.map((id) => calculateSlot(dedupKey(prefix, id)))).size;
    const sent = await countCommands(prefix);
    // Records of a handler that awaits nothing all succeed before any reply is read (no I/O
    // between them), whatever the machine's speed: the first group of 10 goes, the other 99 merge.
    const handler = consumer({
      service,
      redis: { url: clusterUrl(), cluster: true, commandTimeoutMs: 10_000 },
      commitEvery: { records: 10, ms: 9000 },
      handle() {},
    });
    try {
      const records = ids.map((eventId, i) => mskRecord({ partition: i % 4, offset: i, eventId }));
      const { response } = await invoke(handler, mskEvent(records));
      assert.deepEqual(response.batchItemFailures, []);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(sent.keys, 2000, 'every key claimed and committed once');
      // A claim script per slot, then at most 10 for the first group and one per slot for the
      // rest; sent as they filled, 100 groups of 10 keys would take ~990 commit scripts.
      assert.ok(
        sent.commands <= 2 * slots + 10,
        `${sent.commands} commands for 1,000 claims and commits over ${slots} slots`,
      );
    } finally {
      sent.close();
    }
  });
});

describe('a node the store cannot reach (a TCP fault proxy in front of each node of the shared cluster)', () => {
  /**
   * A store on a cluster client that reaches each node through its own proxy (natMap): the
   * cluster itself is left alone (other files use it), only our way to one node is cut. Made
   * fail-fast as the store makes its own (redis-connection.ts).
   */
  async function proxiedStore(commandTimeoutMs: number) {
    const proxies = new Map<string, TcpFaultProxy>();
    for (const { host, port } of clusterNodes())
      proxies.set(`${host}:${port}`, await startTcpFaultProxy(`redis://${host}:${port}`));
    const natMap = Object.fromEntries(
      [...proxies].map(([address, proxy]) => [address, { host: '127.0.0.1', port: proxy.port }]),
    );
    const [first] = proxies.values();
    const client = new Cluster([{ host: '127.0.0.1', port: first!.port }], {
      natMap,
      lazyConnect: true,
      enableOfflineQueue: false,
      slotsRefreshTimeout: 20_000,
      redisOptions: { maxRetriesPerRequest: 0, connectTimeout: 20_000 },
    });
    client.on('error', () => {}); // the node cut on purpose
    const store = new RedisDedupStore({ redis: client, commandTimeoutMs, connectTimeoutMs: 20_000 });
    const prefix = dedupKeyPrefix(uniqueService('unreachable'), 'h');
    // Where the store sends a key: the node of its slot by the client's slot map (a proxy's address).
    const nodeOf = (key: string) => client.slots[calculateSlot(key)]?.[0];
    return {
      client,
      store,
      batch: () => Array.from({ length: 60 }, () => dedupKey(prefix, ulid())),
      /** The proxy in front of the node `key` goes to, and which of `keys` go there too. */
      cutOf(key: string, keys: string[]) {
        const node = nodeOf(key);
        const proxy = [...proxies.values()].find((p) => node === `127.0.0.1:${p.port}`);
        assert.ok(proxy, `${node} is one of the proxies`);
        return { proxy, onCut: keys.map((k) => nodeOf(k) === node) };
      },
      async close() {
        await store.close();
        client.disconnect();
        await Promise.all([...proxies.values()].map((p) => p.stop()));
      },
    };
  }

  /** Each key of the cut node: a store error of `reason`; every other key: claimed. */
  function assertOnlyCutFailed(answers: unknown[], onCut: boolean[], reason: string) {
    assert.ok(
      onCut.some((m) => !m),
      'keys of the other nodes in the same batch',
    );
    onCut.forEach((cut, i) => {
      const answer = answers[i];
      if (cut) {
        assert.ok(answer instanceof DedupStoreError, `the cut node's key: a store error, got ${answer}`);
        assert.equal(answer.reason, reason, answer.message);
      } else assert.equal(answer, 'claimed', "another node's key gets its answer");
    });
  }

  test('a node whose connection fails: its keys alone fail that batch; once it answers again the slot map is not asked for first any more', async () => {
    // Timeouts no loaded machine reaches: what is tested is which keys answer and what is asked.
    const s = await proxiedStore(20_000);
    let slotMaps = 0;
    s.client.on('refresh', () => slotMaps++);
    try {
      assert.ok((await s.store.claim(s.batch(), 'me', 60_000)).every((r) => r === 'claimed'));
      const keys = s.batch();
      const { proxy, onCut } = s.cutOf(keys[0]!, keys);
      proxy.set('down');
      assertOnlyCutFailed(await s.store.claim(keys, 'me', 60_000), onCut, 'connection');

      proxy.set('up');
      // The first batch after: the node failed to connect last time, so the slot map is asked for
      // first; the node answers, and is no longer taken for unreachable.
      assert.ok((await s.store.claim(s.batch(), 'me', 60_000)).every((r) => r === 'claimed'));
      const before = slotMaps;
      const next = s.batch();
      assert.ok(
        s.cutOf(keys[0]!, next).onCut.some((m) => m),
        'keys of that node in the next batch',
      );
      assert.ok((await s.store.claim(next, 'me', 60_000)).every((r) => r === 'claimed'));
      assert.equal(slotMaps - before, 0, 'no slot map asked for: the node is not avoided any more');
    } finally {
      await s.close();
    }
  });

  test('a node that does not answer (paused): its keys alone fail at the command timeout, the others answer', async () => {
    // The paused node's round trip ends at this timeout; the others answer well within it.
    const s = await proxiedStore(5_000);
    try {
      assert.ok((await s.store.claim(s.batch(), 'me', 60_000)).every((r) => r === 'claimed'));
      const keys = s.batch();
      const { proxy, onCut } = s.cutOf(keys[0]!, keys);
      proxy.set('paused');
      const answers = await s.store.claim(keys, 'me', 60_000);
      proxy.set('up');
      assertOnlyCutFailed(answers, onCut, 'timeout');
    } finally {
      await s.close();
    }
  });
});
