/**
 * One random fault schedule through the emulated event source mapping and a real msk-once consumer
 * (real Redis behind a fault proxy, the real effect layer on dynalite), and its verdict. The
 * property test runs a few on fixed seeds (`npm test`); `npm run soak` runs many on random ones.
 *
 * Faults: crashes (after a handled record, or at the DONE commit), Redis down, paused, slow (over
 * the command timeout) and restarted without its writes (every key of the run lost), leases that
 * end under a running batch (the IN_PROGRESS keys expire), producer duplicates, a rebalance overlap,
 * a Lambda timeout, poison records; either store policy. On a Redis Cluster with replicas
 * (clusterSchedules), a topology fault instead of the proxy's: a reshard, a slot left migrating, a
 * graceful failover, a killed master (its unreplicated writes count as lost keys), a paused one.
 *
 * Orders: partition order, or key order (`ordering: 'key'`, up to 4 keys sharing the events, so
 * a key has several records in a partition).
 *
 * Verdict, for every schedule:
 *   1. every event's external effect happened at most once (`doubled` counts those that did not);
 *   2. every event had its effect or is in the DLQ; poison events: in the DLQ, no effect (`lost`);
 *   3. the dedup layer alone runs an event's handler again ONLY where it is documented not to
 *      hold (docs/emulator.md "Where at-most-once breaks"; docs/reliability.md): a run while the
 *      store was down under fail-open, a run whose invocation died (crash, timeout) before the DONE
 *      commit, a failed commit, or a Redis that lost its keys or leases (`unexplained`). A claim
 *      that failed for a cluster redirection (MOVED, ASK, TRYAGAIN) is no such cause;
 *   4. order (`disordered`): within an invocation, the records of one lane (a partition under
 *      partition order, a Kafka key of a partition under key order) never run at once and start
 *      in offset order; across retries, a record never succeeds for the first time after a later
 *      record of its lane has succeeded (its lane went on without it).
 */
import type { MSKEvent } from 'aws-lambda';
import calculateSlot from 'cluster-key-slot';
import fc from 'fast-check';
import { dumpTopic, parseDlqText } from '../../cli/dlq-reader.ts';
import {
  EventProducer,
  EventSourceMapping,
  type ExecutionEnvironment,
  type InvocationReport,
  KafkaLog,
  type PartialResponseReading,
  toMskEvent,
} from '../../emulator/index.ts';
import { MemoryPoisonSink } from '../../lib/consumer/poison.ts';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import { createEffect } from '../../lib/effects/effect.ts';
import { PermanentError, RedisDedupStore } from '../../lib/index.ts';
import {
  CrashingStore,
  type CrashPlan,
  crashAfterHandled,
  type LocalRedisCluster,
  overlappingInvocations,
  type TcpFaultProxy,
} from '../../testkit/index.ts';
import {
  failoverGracefully,
  killMaster,
  leaveSlotsMigrating,
  pauseNode,
  reshardSlots,
  restoreCluster,
} from '../../testkit/internal/index.ts';
import type { LocalDynamo } from '../effects/support/dynamodb.ts';
import { adminClient, uniqueService } from '../support/redis.ts';
import { type ConsumerConfig, consumerConfigs, handlerOptionsOf } from './configurations.ts';
import { TracingStore, testConsumer } from './support.ts';

const TIMEOUT_MS = 400;

/** What a Redis fault does for the invocations it spans. */
export type RedisFault = 'down' | 'paused' | 'slow' | 'restart-with-loss' | 'lease-expiry';

export interface Schedule {
  events: number;
  partitions: number;
  batchSize: number;
  duplicates: number[];
  poison: number[];
  crashAfter: number | null;
  /** Where the kill lands: right after the N-th handled record, or at the commit that would make it DONE. */
  crashAt: 'handled' | 'commit';
  /** A Redis fault from invocation `from` for `length` invocations (loss and expiry: once, mid-batch). */
  outage: { from: number; length: number; kind: RedisFault } | null;
  timeoutAt: number | null;
  overlap: number | null;
  policy: 'open' | 'closed';
  /** The consumer's ordering; under 'key', `keys` distinct Kafka keys share the events. */
  ordering: 'partition' | 'key';
  /** Distinct Kafka keys (event i gets key `k<i % keys>`); partition order: each event its own. */
  keys: number;
  /** On a Redis Cluster with replicas: a topology fault from invocation `at` (it runs alongside). */
  topology?: { at: number; kind: TopologyFault };
  /**
   * The consumer's settings, drawn (configurations.ts): concurrency, group commit, lease, held-claim
   * wait, reserve, function timeout, id source, poison sink, window, the mapping's reading. Without
   * one: the settings the schedules always ran with.
   */
  config?: ConsumerConfig;
  /**
   * The store's claim in parts (DedupStore.claimPartRecords) made small, so that batches of a few
   * records are claimed in parts of one, two... keys (claim-session.ts); 0 or none: the store's own
   * (standalone 1,000: one part at these sizes; a cluster none).
   */
  claimPartRecords?: number;
}

/** A cluster topology fault (testkit/internal/cluster-faults.ts). */
export type TopologyFault = 'reshard' | 'migrating' | 'failover' | 'kill' | 'pause';

const scheduleFields = {
  events: fc.integer({ min: 3, max: 16 }),
  partitions: fc.integer({ min: 1, max: 3 }),
  batchSize: fc.integer({ min: 1, max: 8 }),
  duplicates: fc.array(fc.nat(), { maxLength: 5 }),
  poison: fc.array(fc.nat(), { maxLength: 2 }),
  crashAfter: fc.option(fc.integer({ min: 1, max: 12 })),
  crashAt: fc.constantFrom('handled' as const, 'commit' as const),
  outage: fc.option(
    fc.record({
      from: fc.nat(5),
      length: fc.integer({ min: 1, max: 3 }),
      kind: fc.constantFrom<RedisFault>('down', 'paused', 'slow', 'restart-with-loss', 'lease-expiry'),
    }),
  ),
  timeoutAt: fc.option(fc.nat(6)),
  overlap: fc.option(fc.integer({ min: 1, max: 6 })),
  policy: fc.constantFrom('open' as const, 'closed' as const),
  ordering: fc.constantFrom('partition' as const, 'key' as const),
  keys: fc.integer({ min: 1, max: 4 }),
  config: consumerConfigs(),
  claimPartRecords: fc.constantFrom(0, 2, 8),
};

export const schedules: fc.Arbitrary<Schedule> = fc.record(scheduleFields);

/**
 * The same schedules on a Redis Cluster with replicas, each with a topology fault at a random
 * invocation; no proxy fault (the cluster's faults are its own).
 */
export const clusterSchedules: fc.Arbitrary<Schedule> = fc.record({
  ...scheduleFields,
  outage: fc.constant(null),
  topology: fc.record({
    at: fc.nat(5),
    kind: fc.constantFrom<TopologyFault>('reshard', 'migrating', 'failover', 'kill', 'pause'),
  }),
});

/**
 * A cluster for schedules with a topology fault: one fault at a time (two masters down at once
 * would leave no majority to elect a replica), however many schedules run.
 *
 * @example
 * const topology = clusterTopology(await startRedisCluster({ masters: 3, replicas: 1, nodeTimeoutMs: 1000 }));
 */
export function clusterTopology(cluster: LocalRedisCluster) {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    url: `redis://127.0.0.1:${cluster.nodes[0]!.port}`,
    /** Run `kind` on `slots` (the slots of a schedule's keys) once the fault before it is over. */
    inject(kind: TopologyFault, slots: number[]): Promise<unknown> {
      const slot = slots[0]!;
      const run = async () => {
        // A fault before this one that went wrong (a takeover that never came) fails its own
        // schedule; the cluster is brought back first, so that it does not fail every later one.
        await restoreCluster(cluster);
        if (kind === 'reshard') return reshardSlots(cluster, { slots: slots.slice(0, 3) });
        if (kind === 'migrating')
          return leaveSlotsMigrating(cluster, { slots: slots.slice(0, 3), holdMs: 300 });
        if (kind === 'failover') return failoverGracefully(cluster, { slot });
        if (kind === 'kill') return killMaster(cluster, { slot, restart: true });
        return pauseNode(cluster, { slot, pauseMs: 300 });
      };
      const done = queue.then(run, run);
      queue = done.catch(() => {});
      return done;
    },
  };
}

/** How many faults a schedule injects (each crash, Redis fault, timeout, overlap, duplicate and poison record). */
export function faultsOf(s: Schedule): number {
  return (
    (s.crashAfter === null ? 0 : 1) +
    (s.outage === null ? 0 : 1) +
    (s.topology ? 1 : 0) +
    (s.timeoutAt === null ? 0 : 1) +
    (s.overlap === null ? 0 : 1) +
    s.duplicates.length +
    new Set(s.poison.map((i) => i % s.events)).size
  );
}

interface RunRecord {
  eventId: string;
  offset: number;
  /** `<partition>/<key>` under key order, `<partition>` under partition order. */
  lane: string;
  requestId: string;
  /** The run was still going when its invocation ended (middy's early timeout answered first). */
  overran: boolean;
  finished: boolean;
  /** The business function returned (did not throw): its effect is done and DONE should follow. */
  succeeded: boolean;
  env: ExecutionEnvironment;
  storeUp: boolean;
  /** Losses of keys (restart, expiry) begun when this run started. */
  lossesBegun: number;
  /** Losses completed when the first run of this run's invocation started (its claims were made just before). */
  lossesAtClaim: number;
}

export interface ScheduleResult {
  /** Records in the topic (events and producer duplicates). */
  records: number;
  /** Events neither with their effect nor in the DLQ (poison: with an effect, or not in the DLQ). */
  lost: string[];
  /** Events whose external effect happened more than once. */
  doubled: string[];
  /** Handler re-runs after a success with no documented cause. */
  unexplained: string[];
  /** Offsets not committed at the end. */
  lag: number;
  /** Runs of one lane that overlapped or ran out of offset order (see the module's verdict, 4). */
  disordered: string[];
}

async function dropKeys(service: string, onlyInProgress: boolean): Promise<void> {
  const admin = adminClient();
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await admin.scan(cursor, 'MATCH', `${service}:*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    for (const key of keys) {
      // A lease is a string 'P:<owner>'; the DONE marks' hashes are not leases (GET would refuse them).
      const lease = async () =>
        (await admin.type(key)) === 'string' && (await admin.get(key))?.startsWith('P:');
      if (!onlyInProgress || (await lease())) await admin.del(key);
    }
  } finally {
    admin.disconnect();
  }
}

/**
 * Run one schedule and judge it.
 *
 * @example
 * const verdict = await runSchedule({ dynamo, proxy }, schedule);
 */
export async function runSchedule(
  rig: { dynamo: LocalDynamo; proxy: TcpFaultProxy; topology?: ReturnType<typeof clusterTopology> },
  s: Schedule,
  readingGiven?: PartialResponseReading,
): Promise<ScheduleResult> {
  const config = s.config;
  // A reading given wins (the property test runs both); else the drawn one.
  const reading = readingGiven ?? config?.reading ?? 'retry-reported-only';
  const timeoutMs = config?.timeoutMs ?? TIMEOUT_MS;
  const sink = new MemoryPoisonSink();
  const service = uniqueService('prop');
  const table = await rig.dynamo.createTable('prop');
  const effect = createEffect({
    tableName: table,
    namespace: service,
    handlerName: 'reliability',
    client: rig.dynamo.client(),
  });
  const topology = s.topology;
  if (topology && !rig.topology)
    throw new Error('a schedule with a topology fault needs a cluster (rig.topology)');
  const store = new TracingStore(
    new RedisDedupStore({
      // A cluster connect asks the slot map too: a little longer, still inside the invocation.
      redis: topology ? { url: rig.topology!.url, cluster: true } : { url: rig.proxy.url },
      commandTimeoutMs: 150,
      connectTimeoutMs: topology ? 300 : 150,
    }),
    s.claimPartRecords ? { claimPartRecords: s.claimPartRecords } : undefined,
  );
  rig.proxy.set('up');

  const log = new KafkaLog();
  log.createTopic('t', s.partitions);
  log.createTopic('t-dlq', 1);
  const producer = new EventProducer(log);
  const ids: string[] = [];
  const poison = new Set(s.poison.map((i) => i % s.events));
  for (let i = 0; i < s.events; i++) {
    ids.push(
      producer.send({
        topic: 't',
        key: s.ordering === 'key' ? `k${i % s.keys}` : `k${i}`,
        payload: { i, poison: poison.has(i) },
      }).event.eventId,
    );
  }
  const poisonIds = new Set([...poison].map((i) => ids[i]!));
  // Producer duplicates: the same event again, later in the topic.
  const published = log.all('t');
  for (const d of s.duplicates) {
    const original = published[d % published.length]!;
    log.append('t', { key: original.key, value: original.value, headers: original.headers });
  }

  const effects = new Map<string, number>();
  const runs: RunRecord[] = [];
  let invocation = 0;
  let hangNow = false;
  let lossesBegun = 0;
  let lossesDone = 0;
  const lossesAtClaim = new Map<string, number>();
  // A loss or expiry lands mid-batch: after the next handled record of its invocation.
  let dropPending: 'all' | 'in-progress' | null = null;
  // Per lane: the runs in flight, and the highest offset that succeeded so far.
  const inFlight = new Map<string, RunRecord[]>();
  const succeededOffsets = new Map<string, Set<number>>();
  const disordered: string[] = [];
  const work = async (
    message: {
      eventId: string;
      topic: string;
      partition: number;
      offset: number;
      payload: unknown;
      key?: unknown;
    },
    env: ExecutionEnvironment,
    requestId: string,
  ) => {
    const keyText = message.key ? Buffer.from(message.key as Buffer).toString() : '';
    const lane = s.ordering === 'key' ? `${message.partition}/${keyText}` : `${message.partition}`;
    const running = inFlight.get(lane) ?? [];
    inFlight.set(lane, running);
    for (const other of running) {
      if (other.requestId === requestId)
        disordered.push(
          `${lane}: offset ${message.offset} started while ${other.offset} ran, in one invocation`,
        );
    }
    const earlier = runs.filter((r) => r.requestId === requestId && r.lane === lane);
    if (earlier.some((r) => r.offset >= message.offset))
      disordered.push(`${lane}: offset ${message.offset} started after a later offset, in one invocation`);
    const run: RunRecord = {
      lane,
      eventId: message.eventId,
      offset: message.offset,
      requestId,
      overran: false,
      finished: false,
      succeeded: false,
      env,
      storeUp: topology ? !topologyRunning : rig.proxy.mode() === 'up',
      lossesBegun,
      lossesAtClaim: lossesAtClaim.get(requestId) ?? lossesDone,
    };
    if (!lossesAtClaim.has(requestId)) lossesAtClaim.set(requestId, lossesDone);
    runs.push(run);
    running.push(run);
    try {
      await doWork(message, env);
      run.succeeded = true;
      const done = succeededOffsets.get(lane) ?? new Set<number>();
      succeededOffsets.set(lane, done);
      if (!done.has(message.offset) && [...done].some((o) => o > message.offset))
        disordered.push(`${lane}: offset ${message.offset} succeeded first after a later offset of its lane`);
      done.add(message.offset);
    } finally {
      run.finished = true;
      running.splice(running.indexOf(run), 1);
      if (dropPending) {
        const which = dropPending;
        dropPending = null;
        lossesBegun++;
        await dropKeys(service, which === 'in-progress');
        lossesDone++;
      }
    }
  };
  const doWork = async (
    message: { eventId: string; topic: string; partition: number; offset: number; payload: unknown },
    env: ExecutionEnvironment,
  ) => {
    if ((message.payload as { poison?: boolean }).poison) {
      // With a poison sink it is parked (a permanent error), without one retried to the DLQ.
      if (config?.poisonSink) throw new PermanentError(`poison event ${message.eventId}`);
      throw new Error(`poison event ${message.eventId}`);
    }
    await effect(message, 'count', () => {
      if (!env.alive) return new Promise<void>(() => {}); // a dead process sends nothing
      effects.set(message.eventId, (effects.get(message.eventId) ?? 0) + 1);
    });
    if (hangNow) await new Promise((r) => setTimeout(r, timeoutMs * 2)); // the Lambda times out here
  };

  const plan: CrashPlan = {
    remaining: s.crashAfter ?? Number.POSITIVE_INFINITY,
    fired: s.crashAfter === null,
    kill: () => {},
  };
  // Key order at 2 in flight: few enough that the slots are contended in a batch of 8.
  const order =
    s.ordering === 'key' ? { ordering: 'key' as const, concurrency: 2 } : { ordering: 'partition' as const };
  // A drawn configuration's settings, over the defaults above (its concurrency included).
  const extra = config
    ? { ...handlerOptionsOf(config, s.ordering), ...(config.poisonSink ? { poison: { sink } } : {}) }
    : undefined;
  const consumer = testConsumer({
    service,
    store,
    onStoreError: s.policy,
    timeoutMs,
    ...order,
    ...(extra ? { extra } : {}),
    work: (m, env, requestId) => work(m, env, requestId),
    ...(s.crashAt === 'handled'
      ? { wrap: (env, handle) => crashAfterHandled(plan, env, handle) }
      : { wrapStore: (env, inner) => new CrashingStore(inner, plan, env) }),
  });
  plan.kill = (error, env) => consumer.fn.kill(error, env);

  // A rebalance overlap first: two consumers run the same first records at the same time, uncommitted.
  if (s.overlap !== null) {
    const other = testConsumer({
      service,
      store,
      onStoreError: s.policy,
      timeoutMs,
      ...order,
      ...(extra ? { extra } : {}),
      work: (m, env, requestId) => work(m, env, requestId),
    });
    const first = published.slice(0, s.overlap);
    await overlappingInvocations([consumer.fn, other.fn], toMskEvent(first) as MSKEvent);
  }

  const outage = s.outage;
  const startFault = () => {
    if (!outage) return;
    if (outage.kind === 'down' || outage.kind === 'paused') rig.proxy.set(outage.kind);
    else if (outage.kind === 'slow') rig.proxy.set({ slowMs: 200 });
    else dropPending = outage.kind === 'restart-with-loss' ? 'all' : 'in-progress';
  };
  // A topology fault runs alongside the invocations that follow it; the run waits for it at the end.
  let topologyDone: Promise<unknown> | undefined;
  let topologyRunning = false;
  const startTopologyFault = () => {
    if (!topology || topologyDone) return;
    const prefix = dedupKeyPrefix(service, 'reliability');
    const slots = [...new Set(ids.map((id) => calculateSlot(dedupKey(prefix, id))))];
    // A killed master takes the writes it had not replicated with it: a loss, as a restart's.
    const lossy = topology.kind === 'kill';
    if (lossy) lossesBegun++;
    topologyRunning = true;
    topologyDone = rig.topology!.inject(topology.kind, slots).finally(() => {
      topologyRunning = false;
      if (lossy) lossesDone++;
    });
    topologyDone.catch(() => {});
  };
  const reports: InvocationReport[] = [];
  const esm = new EventSourceMapping(log, consumer.fn, {
    topics: ['t'],
    batchSize: s.batchSize,
    provisionedPollers: {},
    functionResponseTypes: ['ReportBatchItemFailures'],
    partialResponseReading: reading,
    maximumBatchingWindowInSeconds: 0,
    onFailureDestination: 'kafka://t-dlq',
    retryBackoffMs: (attempt) => 40 * attempt,
    onInvocation: (report) => {
      reports.push(report);
      for (const run of runs) if (run.requestId === report.requestId && !run.finished) run.overran = true;
      invocation++;
      hangNow = s.timeoutAt === invocation;
      if (outage && invocation === outage.from) startFault();
      if (outage && invocation === outage.from + outage.length) rig.proxy.set('up');
      if (topology && invocation === topology.at) startTopologyFault();
    },
  });
  hangNow = s.timeoutAt === 0;
  if (outage?.from === 0) startFault();
  if (topology?.at === 0) startTopologyFault();
  try {
    await esm.drain({ maxInvocations: 2_000 });
    // A schedule shorter than its fault's start point still gets it (after its last invocation).
    startTopologyFault();
    await topologyDone;
  } finally {
    rig.proxy.set('up');
    await store.close();
  }
  const dlq = new Set(parseDlqText(dumpTopic(log, 't-dlq')).rows.map((r) => r.eventId));
  // A parked record is handled: as good as in the DLQ for the verdict.
  for (const entry of sink.entries) if (entry.eventId) dlq.add(entry.eventId);

  const lost: string[] = [];
  const doubled: string[] = [];
  for (const id of ids) {
    const count = effects.get(id) ?? 0;
    if (count > 1) doubled.push(id);
    if (poisonIds.has(id) ? count !== 0 || !dlq.has(id) : count !== 1 && !dlq.has(id)) lost.push(id);
  }
  // Where the dedup layer let a handler run again after a success, it is one of the documented cases.
  const unexplained: string[] = [];
  const seen = new Map<string, RunRecord>();
  for (const run of runs) {
    const previous = seen.get(run.eventId);
    if (previous?.succeeded && !poisonIds.has(run.eventId)) {
      const claimFailed = store.claimFailed.has(run.eventId);
      // A loss begun before this run, and not yet over when the previous run's invocation claimed:
      // it may have removed the previous run's claim or its DONE mark.
      const lostKeys = run.lossesBegun > previous.lossesAtClaim;
      const died = !previous.env.alive || previous.overran || store.commitFailed.has(run.eventId);
      if (!(died || claimFailed || lostKeys) && store.claimRedirected.has(run.eventId)) {
        unexplained.push(`${run.eventId} ran again after a claim that failed for a cluster redirection`);
      } else if (!(died || claimFailed || lostKeys)) {
        unexplained.push(
          `${run.eventId} ran again without a documented cause: ${JSON.stringify(runs.map((x) => [x.eventId.slice(-4), x.offset, x.env.id, x.env.alive, x.storeUp, x.requestId, x.overran, x.finished]))} ${JSON.stringify(reports)}`,
        );
      } else if (claimFailed && !died && !lostKeys && s.policy !== 'open') {
        unexplained.push(`${run.eventId}: fail-closed ran a record whose claim failed`);
      }
    }
    seen.set(run.eventId, run);
  }
  return {
    records: log.all('t').length,
    lost,
    doubled,
    unexplained,
    lag: log.lag(esm.consumerGroup, 't'),
    disordered,
  };
}
