/**
 * A topology fault that goes wrong costs that fault, not every one after it: the soak injects its
 * faults one after another on one cluster, and a master left dead by one (no replica took over)
 * once left the cluster without a majority, so every later cluster schedule of the run failed.
 * killMaster restarts the node it killed whether or not a replica took over, and restoreCluster
 * (called before each of the soak's faults) starts every node that is not running and waits for
 * the cluster to be healthy. A master whose own view has lost one of its slots (others still name
 * it the owner; seen after a graceful failover in a soak) is given it back first (assignOrphanSlots).
 *
 * Its own cluster of 3 masters without replicas (a killed master has no one to take over), node
 * timeout 500 ms, on free ports of 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type LocalRedisCluster, startRedisCluster } from '../../testkit/index.ts';
import {
  assignOrphanSlots,
  clusterUnhealthy,
  killMaster,
  nodeCommand,
  restoreCluster,
  slotOwner,
  waitClusterHealthy,
} from '../../testkit/internal/index.ts';

let cluster: LocalRedisCluster;
before(async () => {
  cluster = await startRedisCluster({ masters: 3, nodeTimeoutMs: 500 });
});
after(async () => {
  await cluster?.stop();
});

test('a killed master that no replica took over is restarted all the same, and the cluster serves its slots again', async () => {
  const { master } = await slotOwner(cluster, 0);
  await assert.rejects(
    killMaster(cluster, { slot: 0, restart: true, takeoverTimeoutMs: 1500 }),
    /no node took over slot 0 within 1500 ms/,
  );
  assert.ok(
    cluster.servers.every((s) => s.running),
    'every node runs again after the failed takeover',
  );
  await waitClusterHealthy(cluster);
  const after = await slotOwner(cluster, 0);
  assert.equal(after.master.port, master.port, 'the restarted master serves its slots again');
});

test('restoreCluster starts the nodes a fault left dead, and answers their ports', async () => {
  assert.deepEqual(await restoreCluster(cluster), [], 'a healthy cluster: nothing restarted');
  const { master } = await slotOwner(cluster, 16383);
  const server = cluster.servers.find((s) => s.port === master.port)!;
  await server.crash();
  assert.deepEqual(await restoreCluster(cluster), [master.port]);
  assert.ok(server.running);
  assert.equal((await slotOwner(cluster, 16383)).master.port, master.port);
});

test('restoreCluster gives a master back a slot its own view lost while every other node names it the owner', async () => {
  assert.deepEqual(await assignOrphanSlots(cluster), [], 'a healthy cluster: nothing to give back');
  const slot = 853;
  const { master } = await slotOwner(cluster, slot);
  // The state the soak's cluster was found in: the owner's view has the slot unassigned, so it says
  // cluster_state:fail; the other nodes still name it the owner and say ok.
  await nodeCommand(master.port, 'CLUSTER', 'DELSLOTS', slot);
  await assert.rejects(waitClusterHealthy(cluster, 1500), new RegExp(`${master.port}: cluster_state:fail`));
  assert.deepEqual(await restoreCluster(cluster, 5000), [], 'no node was restarted');
  assert.equal(await clusterUnhealthy(cluster), undefined);
  assert.equal((await slotOwner(cluster, slot)).master.port, master.port, 'the slot stays with its owner');
});

test('a slot that two views lose is not given back by guess: the other nodes do not agree on an owner', async () => {
  const slot = 9000;
  const { master, nodes } = await slotOwner(cluster, slot);
  const other = nodes.find((n) => n.role === 'master' && n.port !== master.port)!;
  await nodeCommand(master.port, 'CLUSTER', 'DELSLOTS', slot);
  await nodeCommand(other.port, 'CLUSTER', 'DELSLOTS', slot);
  try {
    // The owner's view lacks the slot, and so does one of the two views that would name its owner.
    assert.deepEqual(await assignOrphanSlots(cluster), []);
  } finally {
    for (const port of [master.port, other.port])
      await nodeCommand(port, 'CLUSTER', 'SETSLOT', slot, 'NODE', master.id);
  }
  await waitClusterHealthy(cluster, 10_000);
  assert.equal((await slotOwner(cluster, slot)).master.port, master.port);
});
