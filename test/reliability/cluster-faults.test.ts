/**
 * Issue 19: topology faults of a Redis Cluster with replicas (the production path: ElastiCache
 * Serverless and cluster-mode groups speak the cluster protocol) under a real consumer with load.
 *
 * Each fault runs once, with two consumers on it at the same time, one per store policy (their
 * own key prefixes; the keys of both share the fault's slots). Done when:
 * - fail-open: no effect runs twice while every slot has a master answering. A killed master's
 *   slots before its replica takes over, a paused master, and the handover of a graceful failover
 *   (the old master holds writes back until the replica serves) are outages: a claim that times
 *   out or finds the cluster down there is measured, the policy decides. A redirection is never
 *   excused: a master serves the slot and the store must follow it;
 * - fail-closed: no record fails for a redirection more than once (the map is refreshed, the one
 *   retry goes through);
 * - both: no record lost (every event had its effect or is in the DLQ).
 * The figures of each fault are printed as a diagnostic (docs/reliability.md, "Cluster faults").
 *
 * Runs its own cluster (3 masters, 1 replica each, node timeout 1 s) on free ports of 127.0.0.1:
 * the shared cluster of the global setup is not touched.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type LocalRedisCluster, startRedisCluster } from '../../testkit/index.ts';
import {
  type ClusterFaultTimes,
  failoverGracefully,
  killMaster,
  leaveSlotsMigrating,
  pauseNode,
  reshardSlots,
  slotOwner,
} from '../../testkit/internal/index.ts';
import { sleep } from '../support/consumer.ts';
import { clusterConsumer, type LoadFigures } from './cluster-load.ts';

let cluster: LocalRedisCluster;
before(async () => {
  cluster = await startRedisCluster({ masters: 3, replicas: 1, nodeTimeoutMs: 1000 });
});
after(async () => {
  await cluster?.stop();
});

const startupPort = () => cluster.servers[0]!.port;
const url = () => `redis://127.0.0.1:${startupPort()}`;

/** Load before the fault, during it, and this long after the cluster is healthy again. */
const WARM_MS = 500;
const AFTER_MS = 800;

/**
 * The bucket slots of the key format on one master (`count` of each consumer's, or all: a fault of
 * the whole master is watched on all its slots): the master of the first slot, or with
 * `notTheStartupNode` the first master that is not the consumers' startup node. Each handler has
 * tags of its own (key format 0.3.0), so the slots are chosen from the keys of both consumers: a
 * fault must meet each of them. A configuration endpoint does not die with a node (ElastiCache's
 * does not): a killed or paused startup node would test something else.
 */
async function slotsOnOneMaster(
  consumers: readonly ReturnType<typeof clusterConsumer>[],
  count = Number.POSITIVE_INFINITY,
  notTheStartupNode = false,
) {
  const byConsumer = consumers.map((c) => c.slotsOfEvents(2000).sort((a, b) => a - b));
  const all = [...new Set(byConsumer.flat())].sort((a, b) => a - b);
  for (const slot of all) {
    const { master } = await slotOwner(cluster, slot);
    if (notTheStartupNode && master.port === startupPort()) continue;
    const onMaster = (s: number) => master.slots.some(([a, b]) => s >= a && s <= b);
    const chosen = new Set<number>([slot]);
    for (const used of byConsumer) for (const s of used.filter(onMaster).slice(0, count)) chosen.add(s);
    return [slot, ...[...chosen].filter((s) => s !== slot).sort((a, b) => a - b)];
  }
  throw new Error('no master other than the startup node serves a slot of the keys');
}

function line(name: string, times: ClusterFaultTimes, f: LoadFigures): string {
  const failed = Object.entries(f.failed)
    .filter(([, n]) => n > 0)
    .map(([cause, n]) => `${cause} ${n}`)
    .join(', ');
  return (
    `${name} fail-${f.policy}: doubled ${f.doubled.length} (with every slot served ${f.doubledWithEverySlotServed.length}), ` +
    `failed ${failed || 0} (most redirections of one record ${f.maxRedirectFailuresOfOneRecord}), ` +
    `lost ${f.lost}, dlq ${f.dlq}, store errors ${f.storeErrors}${f.firstErrorMs === undefined ? '' : ` (first at ${f.firstErrorMs} ms)`}, recovered ${f.recoveredMs} ms; ` +
    `cluster healthy after ${Math.round(times.healthyAt - times.startedAt)} ms` +
    (times.outages.length
      ? `, ${times.outages.map((o) => `${o.kind} ${Math.round(o.to - o.from)} ms`).join(', ')}`
      : '') +
    `; ${f.records} records, ${f.duplicatesSent} duplicates, ${f.batches} batches; ${times.detail}`
  );
}

/**
 * Run both consumers under load, the fault in the middle; the figures of each.
 */
async function underLoad(
  name: string,
  slotsOf: (c: readonly ReturnType<typeof clusterConsumer>[]) => Promise<number[]>,
  fault: (slots: number[]) => Promise<ClusterFaultTimes>,
  diagnostic: (text: string) => void,
  // 1 s where no node hangs: a loaded 2-core machine can stall a reply past the 250 ms default
  // with no fault at all (seen on Valkey beside a build: 40 timeouts in the migrating case, 16 of
  // those records run twice by fail-open). Those faults are about redirections, not the machine's
  // speed; the paused node's case keeps the default, its timeouts are the fault.
  commandTimeoutMs = 1000,
): Promise<{ times: ClusterFaultTimes; open: LoadFigures; closed: LoadFigures; hits: number }> {
  const consumers = [
    clusterConsumer('open', url(), name, 1, commandTimeoutMs),
    clusterConsumer('closed', url(), name, 2, commandTimeoutMs),
  ] as const;
  try {
    const slots = await slotsOf(consumers);
    let stopAt = Number.POSITIVE_INFINITY;
    const loads = consumers.map((c) => c.run(() => performance.now() >= stopAt));
    // A failing load ends the test at once, not after the fault.
    const failedLoad = Promise.all(loads);
    failedLoad.catch(() => {});
    await sleep(WARM_MS);
    for (const c of consumers) c.store.watchSlots = new Set(slots);
    let times: ClusterFaultTimes;
    try {
      times = await Promise.race([fault(slots), failedLoad.then(() => never())]);
    } finally {
      for (const c of consumers) c.store.watchSlots = undefined;
      stopAt = performance.now() + AFTER_MS;
    }
    await failedLoad;
    const [open, closed] = consumers.map((c) => c.figures(times.startedAt, times.outages)) as [
      LoadFigures,
      LoadFigures,
    ];
    diagnostic(line(name, times, open));
    diagnostic(line(name, times, closed));
    for (const f of [open, closed])
      diagnostic(
        `${name} fail-${f.policy} store errors seen: ${JSON.stringify(f.samples)}; with every slot served: ${JSON.stringify(f.errorsWithEverySlotServed)}`,
      );
    const hits = Math.min(...consumers.map((c) => c.store.claimsInWatchedSlots));
    return { times, open, closed, hits };
  } finally {
    await Promise.all(consumers.map((c) => c.close()));
  }
}

function never(): Promise<never> {
  return new Promise(() => {});
}

function assertDoneWhen(
  { open, closed, hits }: { open: LoadFigures; closed: LoadFigures; hits: number },
  { outage }: { outage: boolean },
): void {
  assert.ok(hits > 0, 'the load claimed keys in the fault slots while the fault ran');
  for (const f of [open, closed]) {
    assert.equal(f.lost, 0, `fail-${f.policy}: records lost`);
    assert.ok(f.records > 0 && f.duplicatesSent > 0);
  }
  assert.deepEqual(
    open.doubledWithEverySlotServed,
    [],
    'fail-open: events whose effect ran twice while every slot had a master',
  );
  assert.ok(
    closed.maxRedirectFailuresOfOneRecord <= 1,
    `fail-closed: a record failed for a redirection ${closed.maxRedirectFailuresOfOneRecord} times (one retry at most)`,
  );
  if (!outage) {
    // Nothing was ever unreachable, nothing lost in a failover: fail-closed runs nothing twice either.
    assert.deepEqual(closed.doubled, [], 'fail-closed: effects run twice');
  }
}

describe('cluster faults under load, both store policies', { concurrency: false }, () => {
  test('reshard: slots with their keys move to another master', async (t) => {
    const run = await underLoad(
      'reshard',
      (c) => slotsOnOneMaster(c, 16),
      (slots) => reshardSlots(cluster, { slots, pauseMs: 50 }),
      (text) => t.diagnostic(text),
    );
    assertDoneWhen(run, { outage: false });
  });

  test('slot left migrating: ASK and TRYAGAIN for a while, then finished', async (t) => {
    const run = await underLoad(
      'migrating',
      (c) => slotsOnOneMaster(c, 8),
      (slots) => leaveSlotsMigrating(cluster, { slots, holdMs: 1500 }),
      (text) => t.diagnostic(text),
    );
    assertDoneWhen(run, { outage: false });
  });

  test('graceful failover: CLUSTER FAILOVER on a replica', async (t) => {
    const run = await underLoad(
      'failover',
      (c) => slotsOnOneMaster(c),
      ([slot]) => failoverGracefully(cluster, { slot: slot! }),
      (text) => t.diagnostic(text),
    );
    assertDoneWhen(run, { outage: false });
  });

  test('node paused: a master hangs (SIGSTOP) below the node timeout, then goes on', async (t) => {
    const run = await underLoad(
      'pause',
      (c) => slotsOnOneMaster(c, Number.POSITIVE_INFINITY, true),
      ([slot]) => pauseNode(cluster, { slot: slot!, pauseMs: 600 }),
      (text) => t.diagnostic(text),
      250,
    );
    assertDoneWhen(run, { outage: true });
  });

  test('master killed: its replica takes over after the node timeout, the old one rejoins', async (t) => {
    const run = await underLoad(
      'kill',
      (c) => slotsOnOneMaster(c, Number.POSITIVE_INFINITY, true),
      ([slot]) => killMaster(cluster, { slot: slot!, restart: true }),
      (text) => t.diagnostic(text),
    );
    assertDoneWhen(run, { outage: true });
  });
});
