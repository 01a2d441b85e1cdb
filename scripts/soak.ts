/**
 * `npm run soak -- --runs N [--concurrency C] [--seed S] [--topology SHARE]`: the property test's
 * fault schedules (test/reliability/schedule.ts: crashes, Redis down/paused/slow/restarted without
 * its writes, expired leases, producer duplicates, rebalance overlap, Lambda timeouts, poison
 * records, either store policy) on random seeds, N times, against a real Redis (through one fault
 * proxy per concurrent run) and dynalite. A SHARE of the seeds (default 0.25; by the seed, so a
 * replay is the same) run instead on a Redis Cluster with replicas that the soak starts, with a
 * topology fault at a random point of the schedule: a reshard, a slot left migrating, a graceful
 * failover, a killed or a paused master (one such fault at a time). Each schedule draws the
 * consumer's settings too (test/reliability/configurations.ts: ordering, concurrency, group commit,
 * lease, held-claim wait, reserve, function timeout, policy, id source, poison sink, window, the
 * mapping's reading): one the consumer refuses at cold start is counted, not run; one it accepts
 * is judged like any other. Prints the seed of every failing schedule: `--seed S --runs 1`
 * replays it. Exit 1 when any schedule lost a record, doubled an external effect, re-ran a handler
 * without a documented cause, or left offsets uncommitted.
 *
 * `--valkey`: the same on Valkey, the engine ElastiCache runs (scripts/valkey.ts: built by
 * scripts/build-valkey.sh; a standalone Valkey of the soak's own, and the cluster of Valkeys).
 * The summary names the engine of each.
 *
 * The schedules wait far more than they compute (leases, backoffs, timeouts), so C of them run at
 * once; each has its own proxy and key prefix, so their faults do not touch each other.
 */
import { appendFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { startDynalite } from '../test/effects/support/dynamodb.ts';
import { configName, refusalOf } from '../test/reliability/configurations.ts';
import {
  clusterSchedules,
  clusterTopology,
  faultsOf,
  runSchedule,
  type Schedule,
  type ScheduleResult,
  schedules,
} from '../test/reliability/schedule.ts';
import {
  findRedis,
  type LocalRedisCluster,
  startRedisCluster,
  startRedisServer,
  startTcpFaultProxy,
  type TcpFaultProxy,
} from '../testkit/index.ts';
import { engineOf, useValkey, valkeyAt } from './valkey.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '6' },
    seed: { type: 'string' },
    minutes: { type: 'string' },
    topology: { type: 'string', default: '0.25' },
    valkey: { type: 'boolean', default: false },
  },
});
const topologyShare = Number(values.topology);
if (!(topologyShare >= 0 && topologyShare <= 1))
  throw new Error(`--topology must be a share between 0 and 1, got ${values.topology}`);
const runs = Number(values.runs);
/** A time budget: no new schedule starts after it (a shared machine may not fit N); 0 for none. */
const deadline = values.minutes
  ? performance.now() + Number(values.minutes) * 60_000
  : Number.POSITIVE_INFINITY;
const concurrency = Math.max(1, Math.min(Number(values.concurrency), runs));
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number >= 1, got ${values.runs}`);

/** Printed straight to the file descriptors: the consumer's own logs are silenced below. */
const say = (text: string) => writeSync(1, `${text}\n`);
const quiet = ((_chunk: unknown, ...rest: unknown[]) => {
  const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
  callback?.();
  return true;
}) as typeof process.stdout.write;

/** Seed of run i: the given seed for the first (replay), fresh random ones otherwise. */
const seedOf = (i: number) =>
  values.seed !== undefined && i === 0 ? Number(values.seed) : (Math.random() * 2 ** 31) >>> 0;

/** The seed says whether its schedule runs on the cluster: a replay (--seed) runs where it failed. */
const onCluster = (seed: number) => seed % 1000 < topologyShare * 1000;
const scheduleOf = (seed: number): Schedule =>
  fc.sample(onCluster(seed) ? clusterSchedules : schedules, { seed, numRuns: 1 })[0]!;

async function main(): Promise<number> {
  // On Valkey every server is the soak's own (REDIS_URL and 6379 are the machine's Redis).
  if (values.valkey) useValkey();
  const redis = values.valkey
    ? await startRedisServer().then((started) => ({ url: started.url, started }))
    : await findRedis(process.env);
  if (!redis.url)
    throw new Error('the soak needs Redis 7: none found (REDIS_URL, localhost:6379 or redis-server)');
  process.env.REDIS_URL = redis.url;
  const engine = values.valkey
    ? await valkeyAt(Number(new URL(redis.url).port), 'soak --valkey')
    : // Said, not required: a REDIS_URL whose user may not run INFO still soaks.
      await engineOf(redis.url).catch(() => 'not known (INFO server was not answered)');
  const dynamo = await startDynalite();
  // Its own cluster: the topology faults must not touch a Redis anyone else uses.
  const cluster: LocalRedisCluster | undefined =
    topologyShare > 0 ? await startRedisCluster({ masters: 3, replicas: 1, nodeTimeoutMs: 1000 }) : undefined;
  const clusterEngine = cluster
    ? values.valkey
      ? await valkeyAt(cluster.nodes[0]!.port, 'soak --valkey')
      : await engineOf(cluster.nodes[0]!.port)
    : undefined;
  const topology = cluster ? clusterTopology(cluster) : undefined;
  const proxies: TcpFaultProxy[] = [];
  for (let i = 0; i < concurrency; i++) proxies.push(await startTcpFaultProxy(redis.url));
  const writes = [process.stdout.write, process.stderr.write];
  process.stdout.write = quiet;
  process.stderr.write = quiet;
  // A fault may leave a stray rejection behind (a killed environment's promise): counted, not fatal.
  let strays = 0;
  process.on('unhandledRejection', () => {
    strays++;
  });

  const totals = {
    schedules: 0,
    onCluster: 0,
    records: 0,
    faults: 0,
    lost: 0,
    doubled: 0,
    unexplained: 0,
    disordered: 0,
    keyOrder: 0,
    claimInParts: 0,
    stuck: 0,
    crashed: 0,
    refused: 0,
  };
  const byKind = new Map<string, number>();
  const configurations = new Set<string>();
  const refusals = new Map<string, number>();
  const failures: string[] = [];
  // The whole of each failure (every unexplained run with its trace and the invocations' reports),
  // as it happens: a failure that hangs on timing may not come back on a replay, and the lines
  // printed below are cut to be read.
  const detailsFile = join(tmpdir(), `msk-once-soak-${process.pid}.log`);
  const keepDetails = (text: string) => appendFileSync(detailsFile, `${text}\n\n`);
  const started = performance.now();
  let next = 0;
  const worker = async (proxy: TcpFaultProxy) => {
    while (next < runs && performance.now() < deadline) {
      const i = next++;
      const seed = seedOf(i);
      const s = scheduleOf(seed);
      // The drawn settings: a configuration the consumer refuses at cold start is counted, not run.
      const refused = s.config && refusalOf(s.config, s.ordering);
      if (refused !== undefined) {
        totals.refused++;
        const setting = /^invalid option ([\w.]+)/.exec(refused)?.[1] ?? refused.slice(0, 60);
        refusals.set(setting, (refusals.get(setting) ?? 0) + 1);
        continue;
      }
      if (s.config) configurations.add(configName(s.config, s.ordering));
      let r: ScheduleResult | undefined;
      try {
        r = await runSchedule({ dynamo, proxy, topology }, s);
      } catch (error) {
        totals.crashed++;
        failures.push(`seed ${seed}: the run threw ${(error as Error)?.stack ?? error}`);
        keepDetails(failures.at(-1)!);
        // Said at once, as a failing judgment is: a harness gone wrong shows while the soak runs.
        say(`FAIL seed ${seed}: the run threw ${String((error as Error)?.message ?? error).split('\n')[0]}`);
      }
      totals.schedules++;
      if (s.topology) totals.onCluster++;
      if (s.ordering === 'key') totals.keyOrder++;
      if (s.claimPartRecords) totals.claimInParts++;
      totals.faults += faultsOf(s);
      if (s.outage) byKind.set(s.outage.kind, (byKind.get(s.outage.kind) ?? 0) + 1);
      if (s.topology) {
        const kind = `cluster-${s.topology.kind}`;
        byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      }
      if (s.crashAfter !== null)
        byKind.set(`crash-${s.crashAt}`, (byKind.get(`crash-${s.crashAt}`) ?? 0) + 1);
      if (s.timeoutAt !== null) byKind.set('timeout', (byKind.get('timeout') ?? 0) + 1);
      if (s.overlap !== null) byKind.set('overlap', (byKind.get('overlap') ?? 0) + 1);
      byKind.set('duplicates', (byKind.get('duplicates') ?? 0) + s.duplicates.length);
      byKind.set('poison', (byKind.get('poison') ?? 0) + new Set(s.poison.map((p) => p % s.events)).size);
      if (!r) continue;
      totals.records += r.records;
      totals.lost += r.lost.length;
      totals.doubled += r.doubled.length;
      totals.unexplained += r.unexplained.length;
      totals.disordered += r.disordered.length;
      if (r.lag !== 0) totals.stuck++;
      if (r.lost.length || r.doubled.length || r.unexplained.length || r.disordered.length || r.lag !== 0) {
        const head = `seed ${seed} (${s.policy}, ${s.config ? configName(s.config, s.ordering) : `${s.ordering} order`}): lost ${r.lost.length}, doubled ${r.doubled.length}, unexplained ${r.unexplained.length}, disordered ${r.disordered.length}${r.disordered.length ? ` (${r.disordered[0]})` : ''}, lag ${r.lag}\n  schedule ${JSON.stringify(s)}`;
        failures.push(
          `${head}${r.unexplained.length ? `\n  ${process.env.SOAK_VERBOSE ? r.unexplained.join('\n  ') : r.unexplained[0]!.slice(0, 600)}` : ''}`,
        );
        keepDetails(
          [
            head,
            ...r.lost.map((id) => `lost ${id}`),
            ...r.doubled.map((id) => `doubled ${id}`),
            ...r.unexplained,
            ...r.disordered,
          ].join('\n  '),
        );
        say(
          `FAIL seed ${seed}: replay with npm run soak -- --seed ${seed} --runs 1 (the whole of it: ${detailsFile})`,
        );
      }
      if (totals.schedules % 50 === 0) {
        say(
          `${totals.schedules}/${runs} schedules, ${Math.round((performance.now() - started) / 1000)} s, ${failures.length} failing`,
        );
      }
    }
  };
  try {
    await Promise.all(proxies.map(worker));
  } finally {
    process.stdout.write = writes[0]!;
    process.stderr.write = writes[1]!;
    await Promise.all(proxies.map((p) => p.stop()));
    await dynamo.stop();
    await cluster?.stop();
    await redis.started?.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  say('');
  say(
    `schedules        ${totals.schedules} (concurrency ${concurrency}; ${totals.onCluster} on a cluster with replicas, with a topology fault; ${totals.keyOrder} in key order; ${totals.claimInParts} claiming in parts of 1 to 8 keys)`,
  );
  say(
    `configurations   ${configurations.size} distinct run; ${totals.refused} drawn and refused at cold start${refusals.size ? ` (${[...refusals].map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`,
  );
  say(`engine           ${engine}${clusterEngine ? `; the cluster ${clusterEngine}` : ''}`);
  say(`records          ${totals.records}`);
  say(`faults injected  ${totals.faults}: ${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  say(`lost             ${totals.lost}`);
  say(`doubled effects  ${totals.doubled}`);
  say(`unexplained runs ${totals.unexplained}`);
  say(`out of key order ${totals.disordered} (same lane overlapping, or out of offset order)`);
  say(
    `uncommitted      ${totals.stuck} schedule(s); runs that threw: ${totals.crashed}; stray rejections: ${strays}`,
  );
  say(
    `time             ${seconds.toFixed(0)} s (${((seconds * 1000 * concurrency) / totals.schedules).toFixed(0)} ms per schedule per slot)`,
  );
  for (const f of failures) say(`\n${f}`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exit(code);
  },
  (error) => {
    writeSync(2, `soak failed: ${(error as Error)?.stack ?? error}\n`);
    process.exit(2);
  },
);
