/**
 * `npm run bench`: kafkaHandler against the naive per-record SET NX and Powertools per record,
 * on the same Redis (standalone, then a local three-node cluster), with two redis-benchmark
 * floors (the server's: 50 connections; one connection's); then the same contenders through a
 * delay proxy (latency mode, bench/latency.ts: 0.25 and 1 ms each way), kafkaHandler's stage
 * timings (bench/stages.ts, standalone), bundle size, module load time and peak memory. Prints the
 * tables and the verdicts, writes JSON to bench/results/. Not a test: nothing here asserts on time.
 *
 * Then the I/O-bound case (bench/io-bound.ts: a 5 ms handler; partition order, key order at 16 and
 * 64 in flight, unordered at 64, middy's event-batch-handler, Powertools' batch processor), and what
 * the dedup window costs in Redis (bench/bytes-per-event.ts: bytes and server CPU per event of the
 * compact marks, 0.3.0's string marks, a naive SET NX and a Powertools-like record; own server).
 *
 * Options: --quick (few repetitions, for trying the harness), --mode=standalone|cluster|both,
 * --no-bundle, --no-memory, --no-latency, --no-stages, --no-group-commit, --no-io-bound, --no-bytes,
 * --io-bound-only (that case alone, standalone), --baselines-only, --own-redis (start a
 * private redis-server instead of REDIS_URL/6379).
 */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, freemem, totalmem } from 'node:os';
import { EnvVar, Metric } from '../lib/contract.ts';
import {
  type LocalRedis,
  type LocalRedisCluster,
  pingRedis,
  startRedisCluster,
  startRedisServer,
} from '../testkit/redis-server.ts';
import { type BundleResult, bundleAndLoad } from './bundle.ts';
import { type BytesResult, formatBytesPerEvent, measureBytesPerEvent } from './bytes-per-event.ts';
import type { Contender } from './contenders/contender.ts';
import { type BenchRun, benchContenders } from './contenders/index.ts';
import { BENCH_BATCH } from './event.ts';
import { measureFloor } from './floor.ts';
import { formatGroupCommit, type GroupCommitResult, measureGroupCommit } from './group-commit.ts';
import { type CaseResult, runInterleaved } from './harness.ts';
import { formatIoBound, type IoBoundResult, measureIoBound } from './io-bound.ts';
import { CHECK_RECORDS, type LatencyRun, latencyModeInChild } from './latency.ts';
import { measureMemoryRuns } from './memory.ts';
import {
  type ClusterTurns,
  formatLatency,
  formatStages,
  formatTable,
  latencyRowsOf,
  type ModeReport,
  recorded,
  rowsOf,
  verdicts,
} from './report.ts';
import type { CountingSink } from './sink.ts';
import { measureStages, type StagesResult } from './stages.ts';
import { type RedisTarget, removeKeys } from './target.ts';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
/** Without the consumer core (while it is being written): baselines and floor only. */
const baselinesOnly = args.has('--baselines-only');
const modeArg = [...args].find((a) => a.startsWith('--mode='))?.slice(7) ?? 'both';
// 3,000 x 1 KB is about what fits Lambda's 6 MB invocation payload; 10,000 is the stress case.
const sizes = [100, 1_000, 3_000, 10_000];
const duplicateShares = [0, 0.3];
const windowSeconds = 600; // the shortest window allowed: keys left behind expire in 10 minutes
const runId = `bench-${process.pid}-${Date.now().toString(36)}`;

// Metrics must be computed: Powertools dev mode or its metrics switch would skip them.
delete process.env[EnvVar.powertoolsDev];
delete process.env[EnvVar.metricsDisabled];
delete process.env[EnvVar.idempotencyDisabled];

/** Repetitions per contender and size: the per-record baselines are slow at 10,000, so fewer. */
function plan(contender: string, records: number): { warmups: number; repetitions: number } {
  if (quick) return { warmups: 1, repetitions: 2 };
  if (contender === 'kafkaHandler')
    return records >= 10_000
      ? { warmups: 2, repetitions: 11 }
      : records >= 1000
        ? { warmups: 3, repetitions: 15 }
        : { warmups: 5, repetitions: 21 };
  return records >= 10_000
    ? { warmups: 1, repetitions: 5 }
    : records >= 1000
      ? { warmups: 1, repetitions: 5 }
      : { warmups: 2, repetitions: 7 };
}

/** The latency-mode records per batch: what fits the 6 MB invocation payload at 1 KB a record. */
const latencyRecords = 3_000;

async function standaloneTarget(started: LocalRedis[]): Promise<RedisTarget> {
  if (!args.has('--own-redis')) {
    if (process.env.REDIS_URL) return { mode: 'standalone', url: process.env.REDIS_URL };
    if (await pingRedis('127.0.0.1', 6379)) return { mode: 'standalone', url: 'redis://127.0.0.1:6379' };
  }
  const server = await startRedisServer();
  started.push(server);
  return { mode: 'standalone', url: server.url };
}

/**
 * startRedisCluster() returns once the first node says cluster_state:ok; the others may still
 * answer CLUSTERDOWN for a moment, and redis-benchmark --cluster then loops on errors. Wait for all.
 */
async function clusterReady(c: LocalRedisCluster): Promise<void> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const ok = c.nodes.every((n) =>
      spawnSync('redis-cli', ['-p', String(n.port), 'cluster', 'info'], { encoding: 'utf8' }).stdout.includes(
        'cluster_state:ok',
      ),
    );
    if (ok) {
      await new Promise((r) => setTimeout(r, 1000));
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the local Redis cluster did not reach cluster_state:ok on every node within 15 s');
}

/** The run's keys and window, for the contenders here and in the latency child. */
const benchRun: BenchRun = { runId, windowSeconds, baselinesOnly };
const contenders = (target: RedisTarget) => benchContenders(target, benchRun);

/**
 * The metrics work must be in the timing: the last kafkaHandler invocation's EMF must carry the
 * counts of its batch (the last kafkaHandler case: 10,000 records, 30% duplicates).
 */
function checkEmf(ours: Contender & { sink: CountingSink }, last: CaseResult) {
  if (ours.sink.lines === 0)
    throw new Error('kafkaHandler emitted no EMF: the timing would leave out the metrics work');
  const doc = JSON.parse(ours.sink.lastCounts.trim().split('\n').pop() ?? '{}') as Record<string, number>;
  const want = {
    [Metric.processed]: last.records,
    [Metric.deduplicated]: Math.round(last.records * last.duplicates),
  };
  for (const [name, value] of Object.entries(want)) {
    if (doc[name] !== value) throw new Error(`EMF ${name} is ${doc[name]}, the batch had ${value}`);
  }
  return { emfLines: ours.sink.lines, emfBytes: ours.sink.bytes, lastCounts: doc };
}
let emfCheck: ReturnType<typeof checkEmf> | undefined;

async function runMode(target: RedisTarget): Promise<ModeReport> {
  const label =
    target.mode === 'cluster' ? target.nodes.map((n) => `${n.host}:${n.port}`).join(',') : target.url;
  console.error(`\n[bench] ${target.mode} Redis at ${label}`);
  const floor = await measureFloor(target, quick ? { runs: 1, requests: 500_000 } : {});
  const oneConnectionFloor = await measureFloor(target, {
    clients: 1,
    pipeline: 1000,
    requests: quick ? 500_000 : 1_000_000,
    runs: quick ? 1 : 3,
  });
  console.error(
    `[bench] floor: ${Math.round(floor.setsPerSecond).toLocaleString('en-US')} SET/s; one connection: ${Math.round(oneConnectionFloor.setsPerSecond).toLocaleString('en-US')} SET/s`,
  );
  const all = await contenders(target);
  const cases: CaseResult[] = [];
  try {
    for (const records of sizes) {
      for (const duplicates of duplicateShares) {
        const results = await runInterleaved(all, (id) => ({
          records,
          duplicates,
          ...plan(id, records),
          ...BENCH_BATCH,
        }));
        for (const result of results) {
          cases.push(result);
          console.error(
            `[bench] ${target.mode} ${records} ${duplicates * 100}% ${result.contender}: ${result.medianMs.toFixed(1)} ms, ${Math.round(result.recordsPerSecond).toLocaleString('en-US')} records/s`,
          );
        }
      }
    }
    if (!baselinesOnly) emfCheck = checkEmf(all[0] as Contender & { sink: CountingSink }, cases.at(-3)!);
  } finally {
    for (const c of all) await c.close();
  }
  const report: ModeReport = {
    mode: target.mode,
    target: label,
    floor,
    oneConnectionFloor,
    cases,
    rows: rowsOf(target.mode, cases, floor, oneConnectionFloor),
  };
  if (!args.has('--no-memory') && !baselinesOnly) {
    const memory = measureMemoryRuns(target, 10_000, `${runId}-mem`, quick ? 1 : 3);
    report.memory = memory.kafkaHandler;
    report.memoryNaive = memory.naive;
  }
  await removeKeys(target, `${runId}*`);
  return report;
}

async function bundles(): Promise<
  { fn: BundleResult; core: BundleResult; ioredis: BundleResult } | undefined
> {
  if (args.has('--no-bundle') || baselinesOnly) return undefined;
  const entry = existsSync('functions/notification/handler.ts')
    ? 'functions/notification/handler.ts'
    : 'bench/entry/kafka-handler-entry.ts';
  const env = {
    [EnvVar.redisUrl]: 'redis://127.0.0.1:6379',
    [EnvVar.serviceName]: 'notification',
    PUSH_PROVIDER_URL: 'http://127.0.0.1:1',
    [EnvVar.idempotencyTable]: 'bench',
    // As the deployed functions run (infra/cdk/kafka-consumer.ts).
    NODE_OPTIONS: '--enable-source-maps',
  };
  const runs = quick ? 3 : 9;
  return {
    fn: await bundleAndLoad(entry, env, runs),
    core: await bundleAndLoad('bench/entry/kafka-handler-entry.ts', env, runs),
    ioredis: await bundleAndLoad('bench/entry/ioredis-only.ts', env, runs),
  };
}

function machine() {
  const redis = spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).stdout.trim();
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    freeMemoryGb: Math.round(freemem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    redis,
  };
}

/** Latency mode on `target`: 3,000 records, every contender, through the delay proxy. */
async function latency(target: RedisTarget): Promise<LatencyRun[]> {
  if (args.has('--no-latency') || baselinesOnly) return [];
  // In a process of its own: see latencyModeInChild.
  const runs = await latencyModeInChild({ ...benchRun, target, records: latencyRecords, quick });
  await removeKeys(target, `${runId}*`);
  return runs;
}

/** kafkaHandler's stages at 10,000 records, 30% duplicates, on the standalone Redis over loopback. */
async function stagesOn(target: RedisTarget): Promise<StagesResult | undefined> {
  if (target.mode !== 'standalone' || args.has('--no-stages') || baselinesOnly) return undefined;
  const result = await measureStages({
    redis: { url: target.url },
    records: 10_000,
    duplicates: 0.3,
    ...(quick ? { warmups: 1, repetitions: 3 } : { warmups: 2, repetitions: 7 }),
    service: `${runId}-stages`,
  });
  console.error(
    `[bench] stages: ${result.stages.map((s) => `${s.stage} ${s.usPerRecord.toFixed(2)}`).join(', ')} µs/record; sum ${result.sumUsPerRecord.toFixed(2)}`,
  );
  await removeKeys(target, `${runId}*`);
  return result;
}

/** Group commit's cost per record and the re-runs a crash would cause (bench/group-commit.ts), standalone. */
async function groupCommitOn(target: RedisTarget): Promise<GroupCommitResult | undefined> {
  if (target.mode !== 'standalone' || args.has('--no-group-commit') || baselinesOnly) return undefined;
  const result = await measureGroupCommit({
    url: target.url,
    records: 3_000,
    ...(quick ? { warmups: 1, repetitions: 3 } : { warmups: 3, repetitions: 11 }),
    service: `${runId}-group`,
  });
  console.error(
    `[bench] group commit: ${result.costUsPerRecord.toFixed(2)} µs/record, a crash re-runs at most ${result.reRunsIfCrashed.groupedMax}`,
  );
  await removeKeys(target, `${runId}*`);
  return result;
}

/** The I/O-bound case on the standalone target, unless left out. */
async function ioBoundOn(target: RedisTarget): Promise<IoBoundResult | undefined> {
  if (target.mode !== 'standalone' || args.has('--no-io-bound') || baselinesOnly) return undefined;
  const result = await measureIoBound(target.url, { runId, quick });
  await removeKeys(target, `${runId}*`);
  return result;
}

if (args.has('--io-bound-only')) {
  const at = new Date();
  const own: LocalRedis[] = [];
  let only: IoBoundResult | undefined;
  try {
    only = await ioBoundOn(await standaloneTarget(own));
  } finally {
    for (const s of own) await s.stop();
  }
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/io-bound-${quick ? 'quick-' : ''}${at.toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(
    file,
    `${JSON.stringify({ startedAt: at.toISOString(), quick, machine: machine(), ioBound: only }, null, 2)}\n`,
  );
  if (only) console.log(formatIoBound(only));
  console.log(`results: ${file}`);
  process.exit(0);
}

/** The cluster / standalone verdict's measure (bench/cluster-turns.ts), said as it goes. */
async function clusterTurnsOn(standalone: RedisTarget, onCluster: RedisTarget): Promise<ClusterTurns[]> {
  const { measureClusterTurns } = await import('./cluster-turns.ts');
  const out = await measureClusterTurns(standalone, onCluster, {
    service: runId,
    records: 10_000,
    duplicates: duplicateShares,
    warmups: quick ? 0 : 2,
    repetitions: quick ? 1 : 9,
  });
  for (const { duplicates, standalone: s, cluster: c } of out)
    console.error(
      `[bench] taking turns, 10000 ${duplicates * 100}%: standalone ${s.medianMs.toFixed(1)} ms, cluster ${c.medianMs.toFixed(1)} ms (${(s.medianMs / c.medianMs).toFixed(2)})`,
    );
  await removeKeys(standalone, `${runId}*`);
  await removeKeys(onCluster, `${runId}*`);
  return out;
}

const startedAt = new Date();
const started: LocalRedis[] = [];
let cluster: LocalRedisCluster | undefined;
const modes: ModeReport[] = [];
const latencyRuns: LatencyRun[] = [];
let stages: StagesResult | undefined;
let groupCommit: GroupCommitResult | undefined;
let ioBound: IoBoundResult | undefined;
let bytes: BytesResult | undefined;
let clusterTurns: ClusterTurns[] | undefined;
let standalone: RedisTarget | undefined;
try {
  if (modeArg !== 'cluster') {
    const target = await standaloneTarget(started);
    standalone = target;
    modes.push(await runMode(target));
    stages = await stagesOn(target);
    groupCommit = await groupCommitOn(target);
    latencyRuns.push(...(await latency(target)));
    ioBound = await ioBoundOn(target);
    // Its own redis-server (it flushes between cases): 1,000,000 events, 100,000 with --quick.
    if (!args.has('--no-bytes') && !baselinesOnly)
      bytes = await measureBytesPerEvent({ events: quick ? 100_000 : 1_000_000 });
  }
  if (modeArg !== 'standalone') {
    cluster = await startRedisCluster(3);
    await clusterReady(cluster);
    const target: RedisTarget = { mode: 'cluster', nodes: cluster.nodes };
    modes.push(await runMode(target));
    latencyRuns.push(...(await latency(target)));
    if (standalone && !baselinesOnly) clusterTurns = await clusterTurnsOn(standalone, target);
  }
} finally {
  await cluster?.stop();
  for (const s of started) await s.stop();
}
const bundle = await bundles();
const figures = { modes, bundle, latency: latencyRuns, stages, clusterTurns };
const judged = verdicts(figures);
const notJudged = recorded(latencyRuns);
const result = {
  startedAt: startedAt.toISOString(),
  durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
  quick,
  machine: machine(),
  method: {
    batch:
      'sizes 100/1,000/3,000/10,000 (3,000 x 1 KB is about what fits the 6 MB invocation payload); 1 KB JSON values (base64 in the event); 4 partitions round robin; headers Event-Id (ULID), Correlation-Id, Event-Type as byte arrays',
    floors:
      'redis-benchmark SET on the same server, median of 3: the server floor with 50 connections and 100 commands per pipeline (-c 50 -P 100 -n 2000000), the one-connection floor with -c 1 -P 1000 -n 1000000 (cluster: --cluster; see mastersWritten/note for how many masters one connection drove); a record needs two commands, so a floor in records/s is half its SET rate; ofFloor and ofOneConnectionFloor are records/s over those',
    duplicates:
      'pre-claimed DONE keys: the duplicate share of the batch is delivered once beforehand (untimed) through the same contender, then the whole batch is timed; no repeats inside a batch',
    handler:
      'no-op business handler (counts calls; the harness checks handled/duplicate counts after each batch)',
    timing:
      'wall clock of one handler call on an already-parsed event object, gc() before each; warm-ups discarded; median of the repetitions; the contenders of one case take turns repetition by repetition, so that load from other processes hits all of them',
    output:
      'kafkaHandler: the Powertools Metrics instances it makes print EMF to process.stdout; during each invocation process.stdout.write is swapped for a counting sink, so the EMF is still built and serialised and only the bytes are dropped (the last document is checked against its batch). The Logger passed in (default level INFO) prints into the same sink. Powertools idempotency prints nothing.',
    latency: `${latencyRecords.toLocaleString('en-US')} records, every contender, standalone and cluster, in a Node process of its own (bench/latency-child.ts: one a mode), through a TCP proxy in a child process that holds every chunk a fixed delay each way (0.25 ms: same-AZ ElastiCache, 1 ms: across AZs; third-party figures, docs/performance.md), scheduled by due time (timer above ~1 ms, setImmediate poll below), FIFO per direction, noDelay sockets, one listener per node (cluster clients map announced node addresses to the listeners: ioredis natMap, node-redis nodeAddressMap); PING round trip straight and through the proxy, median of 50; before timing each contender delivers a ${CHECK_RECORDS}-record batch through the proxy, untimed, and the run fails unless every listener carried it; kafkaHandler gets a URL (standalone) or, on the cluster, an ioredis Cluster made in bench/target.ts like the core's own (lazy, no offline queue, no retries) plus natMap; repetitions per setting and contender in latency.runs[].cases; ratios compare contenders of the same mode, setting and duplicate share; goals judged at 0.25 ms, 0% duplicates, 1 ms and 30% recorded only; before the settings, in the same child, every contender's calls straight to Redis with no proxy, 0% duplicates, taking turns (latency.runs[].loopback: median ms and the servers' total_commands_processed a record), from which the most each ratio can be over a network that costs no CPU is recorded as a ceiling, not judged (report.ts ceilingOf)`,
    stages:
      'kafkaHandler core (ConsumerCore from lib/middlewares.ts, under middy as kafkaHandler runs it) timed by its afterStage hook, 10,000 records, 30% duplicates, standalone, loopback, median per stage over the timed repetitions: decode, claim (its first part: standalone, the later parts answer during the run), run of a no-op (the lanes), commit (settle: the final commit and the groups in flight), metrics (flush); claim + commit is compared with the time the one-connection floor takes for 2 SETs a record',
    clusterTurns:
      "with both modes: kafkaHandler alone on the standalone Redis and on the cluster, taking turns call by call, 10,000 records at 0% and 30% duplicates, 2 warm-ups and 9 repetitions each; the cluster / standalone verdict is judged on these (the modes' own cases run minutes apart, and one machine drifts by 20% within an hour), the modes' own ratio shown beside it",
    groupCommit:
      'bench/group-commit.ts: 3,000 records, standalone, loopback; two kafkaHandlers taking turns repetition by repetition, the default commitEvery (100 records or 500 ms) against the final commit only; cost = median wall clock per record, 4 partitions; bound = one partition, at ten points (1 to 99 records past a group boundary) the no-op handler counts with one MGET the finished records not DONE yet, plus the running one',
    windowSeconds,
  },
  modes,
  emfCheck,
  latency: latencyRuns.length > 0 ? { runs: latencyRuns, rows: latencyRowsOf(latencyRuns) } : undefined,
  stages,
  clusterTurns,
  groupCommit,
  ioBound,
  bytesPerEvent: bytes,
  bundle,
  verdicts: [...judged, ...(ioBound?.verdicts ?? []), ...(bytes?.verdicts ?? [])],
  recorded: notJudged,
};
mkdirSync('bench/results', { recursive: true });
const file = `bench/results/${quick ? 'quick-' : ''}${startedAt.toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

console.log(formatTable(modes));
for (const m of modes) {
  for (const f of [m.floor, m.oneConnectionFloor])
    if (f?.note) console.log(`${m.mode} floor -c ${f.clients}: ${f.note}`);
}
if (latencyRuns.length > 0) {
  console.log(`\nLatency mode, ${latencyRecords.toLocaleString('en-US')} records:\n`);
  console.log(formatLatency(latencyRuns));
}
if (stages)
  console.log(`\n${formatStages(stages, modes.find((m) => m.mode === 'standalone')?.oneConnectionFloor)}\n`);
if (groupCommit) console.log(`${formatGroupCommit(groupCommit)}\n`);
if (ioBound) console.log(`${formatIoBound(ioBound)}\n`);
if (bundle) {
  for (const b of [bundle.fn, bundle.core, bundle.ioredis]) {
    console.log(
      `bundle ${b.entry}: ${(b.bytes / 1024).toFixed(1)} KB minified (+${(b.mapBytes / 1024).toFixed(0)} KB map); import ${b.loadMs.toFixed(1)} ms (median of ${b.loadSamplesMs.length}), process ${b.processMs.toFixed(0)} ms, RSS ${b.rssMb.toFixed(0)} MB`,
    );
  }
}
for (const m of modes) {
  if (m.memory) {
    const x = m.memory;
    console.log(
      `memory ${m.mode}: event JSON ${(x.eventBytes / 2 ** 20).toFixed(1)} MB, parsed by the runtime ${x.parsedEventHeapMb.toFixed(1)} MB heap; ` +
        `invocation peak above the process baseline: RSS ${x.peakRssAboveBaselineMb.toFixed(1)} MB, heap+external ${x.peakHeapAboveBaselineMb.toFixed(1)} MB (${x.ratioToEvent.toFixed(2)}x the event); ` +
        `the handler's own on top of the parsed event: RSS ${x.handlerPeakRssMb.toFixed(1)} MB, heap+external ${x.handlerPeakHeapMb.toFixed(1)} MB (${x.handlerRatioToEvent.toFixed(2)}x), of the RSS V8's young generation ${x.handlerNewSpaceMb.toFixed(1)} MB (${x.newSpaceMb.toFixed(1)} MB at the end); ` +
        `heap flags ${x.heapFlags.join(' ')} (Lambda's for 512 MB)` +
        (x.handlerRatios ? `; runs ${x.handlerRatios.map((r) => r.toFixed(2)).join(', ')}` : ''),
    );
  }
  if (m.memoryNaive) {
    const x = m.memoryNaive;
    console.log(
      `memory ${m.mode}, the naive baseline (per record SET NX, then the handler): the handler's own on top of the parsed event: RSS ${x.handlerPeakRssMb.toFixed(1)} MB, heap+external ${x.handlerPeakHeapMb.toFixed(1)} MB (${x.handlerRatioToEvent.toFixed(2)}x), of the RSS V8's young generation ${x.handlerNewSpaceMb.toFixed(1)} MB` +
        (x.handlerRatios ? `; runs ${x.handlerRatios.map((r) => r.toFixed(2)).join(', ')}` : ''),
    );
  }
}
if (bytes) console.log(`${formatBytesPerEvent(bytes)}\n`);
for (const v of [...judged, ...(bytes?.verdicts ?? [])])
  console.log(`${v.met ? 'MET   ' : 'MISSED'} ${v.target}: ${v.measured} (goal ${v.goal})`);
for (const r of notJudged) console.log(`NOTED  ${r.target}: ${r.measured} (not judged)`);
console.log(`results: ${file} (${result.durationSeconds} s)`);
// kafkaHandler keeps its Redis connection for the next invocation, as in Lambda: end the process here.
process.exit(0);
