/**
 * Topology faults on a local Redis Cluster with replicas (startRedisCluster): what ElastiCache
 * does to a cluster-mode cache during scaling, patching and node loss, done by hand on real nodes.
 *
 * - {@link reshardSlots}: slots and their keys move to another master (scaling out or in);
 * - {@link leaveSlotsMigrating}: a move stopped halfway (MIGRATING/IMPORTING, some keys moved) for a
 *   while, then finished: clients meet ASK redirections and TRYAGAIN;
 * - {@link failoverGracefully}: CLUSTER FAILOVER on a replica (a planned failover, as in patching);
 * - {@link killMaster}: SIGKILL a master; its replica takes over after the node timeout; the old one
 *   may restart and rejoin as a replica;
 * - {@link pauseNode}: SIGSTOP a master for a while (a hung host), then SIGCONT.
 *
 * Guarantees: each returns once the cluster is healthy again (waitClusterHealthy: every node ok,
 * one slot map, no slot migrating, replicas in sync), with the times of the fault on the
 * `performance.now()` clock, including when some slots had no serving master (an outage).
 * Does not guarantee: anything about the keys a killed master had not yet replicated (Redis
 * replication is asynchronous; so is ElastiCache's).
 */
import {
  type ClusterNodeView,
  clusterNodesOf,
  type LocalRedis,
  type LocalRedisCluster,
  nodeCommand,
  waitClusterHealthy,
} from '../redis-server.ts';

/**
 * A span in which some slots had no master answering: `down`, a killed master before its replica
 * took over (writes it had not replicated are gone); `paused`, a hung master; `handover`, a
 * graceful failover from the command until the replica serves the slots (the old master holds
 * writes back meanwhile, by design, so that none is lost).
 */
export interface ClusterOutage {
  readonly from: number;
  readonly to: number;
  readonly kind: 'down' | 'paused' | 'handover';
}

/** When a fault happened, on the `performance.now()` clock. */
export interface ClusterFaultTimes {
  readonly fault: 'reshard' | 'migrating' | 'failover' | 'kill' | 'pause';
  readonly startedAt: number;
  /** Spans in which some slots had no master answering. */
  readonly outages: readonly ClusterOutage[];
  /** The cluster was healthy again (every node ok, one slot map, replicas in sync). */
  readonly healthyAt: number;
  /** What happened, for the test's log: ports and slots. */
  readonly detail: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function view(cluster: LocalRedisCluster): Promise<ClusterNodeView[]> {
  let last: unknown;
  for (const server of cluster.servers) {
    if (!server.running) continue;
    try {
      return await clusterNodesOf(server.port);
    } catch (error) {
      last = error; // a paused or dying node: ask the next
    }
  }
  throw new Error(`no node of the cluster answered CLUSTER NODES: ${(last as Error)?.message}`);
}

function serverOf(cluster: LocalRedisCluster, node: ClusterNodeView): LocalRedis {
  const server = cluster.servers.find((s) => s.port === node.port);
  if (!server) throw new Error(`node ${node.port} is not one of this cluster's servers`);
  return server;
}

/**
 * The master serving `slot` now, and its replicas.
 *
 * @example
 * const { master, replicas } = await slotOwner(cluster, 42);
 */
export async function slotOwner(
  cluster: LocalRedisCluster,
  slot: number,
): Promise<{ master: ClusterNodeView; replicas: ClusterNodeView[]; nodes: ClusterNodeView[] }> {
  const nodes = await view(cluster);
  const master = nodes.find(
    (n) =>
      n.role === 'master' && !n.flags.includes('fail') && n.slots.some(([a, b]) => slot >= a && slot <= b),
  );
  if (!master) throw new Error(`no master serves slot ${slot}`);
  const replicas = nodes.filter((n) => n.masterId === master.id && !n.flags.includes('fail'));
  return { master, replicas, nodes };
}

/** Move the keys of `slot` from `from` to `to` while the slot is MIGRATING/IMPORTING; up to `limit` keys. */
async function moveKeys(from: number, to: number, slot: number, limit: number): Promise<number> {
  let moved = 0;
  while (moved < limit) {
    const keys = (await nodeCommand(
      from,
      'CLUSTER',
      'GETKEYSINSLOT',
      slot,
      Math.min(100, limit - moved),
    )) as string[];
    if (keys.length === 0) break;
    await nodeCommand(from, 'MIGRATE', '127.0.0.1', to, '', 0, 5000, 'KEYS', ...keys);
    moved += keys.length;
  }
  return moved;
}

async function openMigration(slot: number, source: ClusterNodeView, target: ClusterNodeView): Promise<void> {
  await nodeCommand(target.port, 'CLUSTER', 'SETSLOT', slot, 'IMPORTING', source.id);
  await nodeCommand(source.port, 'CLUSTER', 'SETSLOT', slot, 'MIGRATING', target.id);
}

/** Redis's order: the target first (so it answers for the slot), then the source, then every other master. */
async function closeMigration(
  slot: number,
  source: ClusterNodeView,
  target: ClusterNodeView,
  nodes: ClusterNodeView[],
): Promise<void> {
  await moveKeys(source.port, target.port, slot, Number.POSITIVE_INFINITY);
  await nodeCommand(target.port, 'CLUSTER', 'SETSLOT', slot, 'NODE', target.id);
  await nodeCommand(source.port, 'CLUSTER', 'SETSLOT', slot, 'NODE', target.id);
  for (const other of nodes) {
    if (other.role !== 'master' || other.id === source.id || other.id === target.id) continue;
    if (other.flags.includes('fail') || other.slots.length === 0) continue;
    await nodeCommand(other.port, 'CLUSTER', 'SETSLOT', slot, 'NODE', target.id);
  }
}

/** The master that is not `owner`: the next one in CLUSTER NODES order, so a run is repeatable. */
function otherMaster(nodes: ClusterNodeView[], owner: ClusterNodeView): ClusterNodeView {
  const masters = nodes
    .filter((n) => n.role === 'master' && n.slots.length > 0 && !n.flags.includes('fail'))
    .sort((a, b) => a.port - b.port);
  const at = masters.findIndex((n) => n.id === owner.id);
  return masters[(at + 1) % masters.length]!;
}

/**
 * Reshard: move each of `slots` with its keys to another master (the next one by port), one slot
 * after another, `pauseMs` between slots so that clients meet the moves while they run.
 *
 * @example
 * const times = await reshardSlots(cluster, { slots: [128, 256] });
 */
export async function reshardSlots(
  cluster: LocalRedisCluster,
  options: { slots: readonly number[]; pauseMs?: number },
): Promise<ClusterFaultTimes> {
  const startedAt = performance.now();
  const moves: string[] = [];
  for (const slot of options.slots) {
    const { master: source, nodes } = await slotOwner(cluster, slot);
    const target = otherMaster(nodes, source);
    await openMigration(slot, source, target);
    await closeMigration(slot, source, target, nodes);
    moves.push(`${slot}: ${source.port}->${target.port}`);
    if (options.pauseMs) await sleep(options.pauseMs);
  }
  await waitClusterHealthy(cluster);
  return {
    fault: 'reshard',
    startedAt,
    outages: [],
    healthyAt: performance.now(),
    detail: `slots moved ${moves.join(', ')}`,
  };
}

/**
 * A slot move left halfway: MIGRATING on the source, IMPORTING on the target, `movedShare` of the
 * keys moved (the rest not), for `holdMs`; then finished. Clients meet ASK for moved keys and
 * TRYAGAIN for a multi-key command whose keys are split between the two nodes.
 *
 * @example
 * const times = await leaveSlotsMigrating(cluster, { slots: [128], holdMs: 1500 });
 */
export async function leaveSlotsMigrating(
  cluster: LocalRedisCluster,
  options: { slots: readonly number[]; holdMs: number; movedShare?: number },
): Promise<ClusterFaultTimes> {
  const startedAt = performance.now();
  const share = options.movedShare ?? 0.5;
  const open: { slot: number; source: ClusterNodeView; target: ClusterNodeView; nodes: ClusterNodeView[] }[] =
    [];
  const moves: string[] = [];
  for (const slot of options.slots) {
    const { master: source, nodes } = await slotOwner(cluster, slot);
    const target = otherMaster(nodes, source);
    const count = Number(await nodeCommand(source.port, 'CLUSTER', 'COUNTKEYSINSLOT', slot));
    await openMigration(slot, source, target);
    const moved = await moveKeys(source.port, target.port, slot, Math.floor(count * share));
    open.push({ slot, source, target, nodes });
    moves.push(`${slot}: ${moved} of ${count} keys ${source.port}->${target.port}`);
  }
  await sleep(options.holdMs);
  for (const { slot, source, target, nodes } of open) await closeMigration(slot, source, target, nodes);
  await waitClusterHealthy(cluster);
  return {
    fault: 'migrating',
    startedAt,
    outages: [],
    healthyAt: performance.now(),
    detail: `left migrating for ${options.holdMs} ms: ${moves.join(', ')}`,
  };
}

/** Wait until a node other than `old` serves `slot` as a master that is not failed. */
async function waitNewOwner(
  cluster: LocalRedisCluster,
  slot: number,
  old: string,
  timeoutMs = 30_000,
): Promise<ClusterNodeView> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    try {
      const { master } = await slotOwner(cluster, slot);
      if (master.id !== old) {
        const info = String(await nodeCommand(master.port, 'CLUSTER', 'INFO'));
        if (info.includes('cluster_state:ok')) return master;
      }
    } catch {
      // no master for the slot yet
    }
    await sleep(25);
  }
  throw new Error(`no node took over slot ${slot} within ${timeoutMs} ms`);
}

/**
 * A planned failover: CLUSTER FAILOVER on a replica of the master serving `slot`; the master
 * hands over once the replica has caught up, so no write is lost.
 *
 * @example
 * const times = await failoverGracefully(cluster, { slot: 0 });
 */
export async function failoverGracefully(
  cluster: LocalRedisCluster,
  options: { slot: number },
): Promise<ClusterFaultTimes> {
  // After an earlier fault (a killed master restarted), its node may still be on its way to being
  // a replica: wait for one, boundedly, before the planned failover starts.
  let owner = await slotOwner(cluster, options.slot);
  for (let waited = 0; !owner.replicas[0] && waited < 15_000; waited += 100) {
    await sleep(100);
    owner = await slotOwner(cluster, options.slot);
  }
  const { master, replicas } = owner;
  const replica = replicas[0];
  if (!replica)
    throw new Error(`master ${master.port} of slot ${options.slot} has no replica to fail over to`);
  const startedAt = performance.now();
  // Redis aborts a manual failover silently when the replica has not caught up within its manual
  // failover timeout (5 s; seen on a loaded machine): ask again, three times at most.
  let promoted: ClusterNodeView | undefined;
  for (let attempt = 1; !promoted; attempt++) {
    await nodeCommand(replica.port, 'CLUSTER', 'FAILOVER');
    try {
      promoted = await waitNewOwner(cluster, options.slot, master.id, attempt < 3 ? 10_000 : 30_000);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  const promotedAt = performance.now();
  await waitClusterHealthy(cluster);
  return {
    fault: 'failover',
    startedAt,
    outages: [{ from: startedAt, to: promotedAt, kind: 'handover' }],
    healthyAt: performance.now(),
    detail: `replica ${promoted.port} took over from ${master.port} within ${Math.round(promotedAt - startedAt)} ms`,
  };
}

/**
 * A master dies (SIGKILL): its slots have no master until its replica is elected, after the node
 * timeout (that span is the returned outage). With `restart`, the old node then starts again on
 * its port and rejoins as a replica of the new master; it is restarted too when no replica took
 * over within `takeoverTimeoutMs` (default 30 s), and the call then throws, naming the slot.
 *
 * @example
 * const times = await killMaster(cluster, { slot: 0, restart: true });
 */
export async function killMaster(
  cluster: LocalRedisCluster,
  options: { slot: number; restart?: boolean; takeoverTimeoutMs?: number },
): Promise<ClusterFaultTimes> {
  const { master } = await slotOwner(cluster, options.slot);
  const server = serverOf(cluster, master);
  const startedAt = performance.now();
  await server.crash();
  let promoted: ClusterNodeView;
  let servedAt: number;
  try {
    promoted = await waitNewOwner(cluster, options.slot, master.id, options.takeoverTimeoutMs);
    servedAt = performance.now();
  } finally {
    // Restarted even when no replica took over: a cluster left a master short would fail every
    // later fault on it (a second kill leaves no majority to elect anyone), not just this one.
    if (options.restart) await server.restart();
  }
  await waitClusterHealthy(cluster);
  return {
    fault: 'kill',
    startedAt,
    outages: [{ from: startedAt, to: servedAt, kind: 'down' }],
    healthyAt: performance.now(),
    detail: `killed ${master.port}; ${promoted.port} took over after ${Math.round(servedAt - startedAt)} ms${
      options.restart ? `; ${master.port} restarted as a replica` : ''
    }`,
  };
}

/**
 * Bring a cluster that a fault left broken back to health: every node that is not running is
 * started again on its port (it rejoins from its nodes.conf), every node is sent SIGCONT, then the
 * cluster is waited for (waitClusterHealthy). Answers the ports restarted. A harness that injects
 * faults one after another on one cluster calls it before each, so that one fault gone wrong
 * (a takeover that never came, a restart that failed) costs that fault, not every one after it.
 *
 * @example
 * const restarted = await restoreCluster(cluster); // [] when every node was running
 */
export async function restoreCluster(cluster: LocalRedisCluster, timeoutMs = 30_000): Promise<number[]> {
  const restarted: number[] = [];
  for (const server of cluster.servers) {
    if (server.running) {
      server.resume();
      continue;
    }
    await server.restart();
    restarted.push(server.port);
  }
  await assignOrphanSlots(cluster);
  await waitClusterHealthy(cluster, timeoutMs);
  return restarted;
}

/**
 * Give back each slot that a master's own view leaves without any master while every other
 * running node names one and the same: `CLUSTER SETSLOT <slot> NODE <that one>` on the master
 * whose view lacks it. Seen on a soak's cluster in a graceful failover (2026-12-04): a master's
 * own view had one of its own slots unassigned (cluster_state:fail there, ok on every other node,
 * which all named it the owner), and no wait mends that: a node takes a slot from
 * another's claim, never from others' agreement. A slot the other nodes do not agree on is left to
 * the cluster's epochs. Answers the repairs, as `<port>:<slot>`.
 *
 * @example
 * await assignOrphanSlots(cluster); // [] on a healthy cluster
 */
export async function assignOrphanSlots(cluster: LocalRedisCluster): Promise<string[]> {
  const views: { port: number; view: ClusterNodeView[] }[] = [];
  for (const server of cluster.servers) {
    if (!server.running) continue;
    try {
      views.push({ port: server.port, view: await clusterNodesOf(server.port) });
    } catch {
      // A node that does not answer yet has no view to mend; waitClusterHealthy waits for it.
    }
  }
  const ownerOf = (view: ClusterNodeView[]) => {
    const owners: (string | undefined)[] = new Array(16384);
    for (const node of view)
      if (node.role === 'master')
        for (const [a, b] of node.slots) for (let i = a; i <= b; i++) owners[i] = node.id;
    return owners;
  };
  const owners = views.map(({ view }) => ownerOf(view));
  const repairs: string[] = [];
  for (let v = 0; v < views.length; v++) {
    const me = views[v]!.view.find((n) => n.myself);
    if (me?.role !== 'master') continue;
    for (let slot = 0; slot < 16384; slot++) {
      if (owners[v]![slot] !== undefined) continue;
      let named: string | undefined;
      let agreed = true;
      for (let o = 0; o < owners.length && agreed; o++) {
        if (o === v) continue;
        const owner = owners[o]![slot];
        if (owner === undefined || (named !== undefined && owner !== named)) agreed = false;
        else named = owner;
      }
      if (!agreed || named === undefined) continue;
      await nodeCommand(views[v]!.port, 'CLUSTER', 'SETSLOT', slot, 'NODE', named);
      repairs.push(`${views[v]!.port}:${slot}`);
    }
  }
  return repairs;
}

/**
 * A master that hangs (SIGSTOP) for `pauseMs`, then goes on (SIGCONT). Keep `pauseMs` below the
 * cluster's node timeout for a hang without failover; the span is the returned outage.
 *
 * @example
 * const times = await pauseNode(cluster, { slot: 0, pauseMs: 500 });
 */
export async function pauseNode(
  cluster: LocalRedisCluster,
  options: { slot: number; pauseMs: number },
): Promise<ClusterFaultTimes> {
  const { master } = await slotOwner(cluster, options.slot);
  const server = serverOf(cluster, master);
  const startedAt = performance.now();
  server.pause();
  try {
    await sleep(options.pauseMs);
  } finally {
    server.resume();
  }
  const resumedAt = performance.now();
  await waitClusterHealthy(cluster);
  return {
    fault: 'pause',
    startedAt,
    outages: [{ from: startedAt, to: resumedAt, kind: 'paused' }],
    healthyAt: performance.now(),
    detail: `paused ${master.port} for ${options.pauseMs} ms`,
  };
}
