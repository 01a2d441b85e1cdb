/**
 * Latency mode: the same contenders with a network in between. A delay proxy in a process of its
 * own (bench/latency-proxy.ts) adds a fixed delay to every chunk each way; the settings come from
 * published in-VPC ElastiCache figures (docs/performance.md, "Latency mode"): 0.25 ms each way
 * (~0.5 ms round trip, same AZ) and 1 ms each way (~2 ms, across AZs). Loopback (~0.05 ms)
 * flatters the per-record baselines; this is what a deployed Lambda meets.
 *
 * Per setting: one proxy listener per upstream node; standalone clients get the listener's URL,
 * cluster clients map each node address the cluster announces to its listener (bench/target.ts).
 * The PING round trip is measured straight and through the proxy (median of 50), so the JSON
 * shows the delay really added. Before timing, each contender delivers one small batch alone,
 * untimed, and the proxy's byte counts must show that batch on every listener: a contender whose
 * client bypassed the proxy (a cluster client without the address map, say) fails the run.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Cluster, Redis } from 'ioredis';
import type { Contender } from './contenders/contender.ts';
import type { BenchRun } from './contenders/index.ts';
import { BENCH_BATCH, makeEvent } from './event.ts';
import { type CaseResult, runInterleaved, type TimedCallWatch } from './harness.ts';
import {
  type LatencyProxy,
  type ListenerTraffic,
  type NodeAddress,
  type ProxyUsage,
  startLatencyProxy,
} from './latency-proxy.ts';
import { median } from './stats.ts';
import { firstNode, ioredisClient, type RedisTarget } from './target.ts';

/** One delay setting and what to run at it. */
export interface LatencySetting {
  /** Delay added to every chunk, each way, ms. */
  delayMs: number;
  /** Duplicate shares to run (0 = none). */
  duplicates: readonly number[];
  /** Warm-ups and repetitions per contender. */
  plan: (contender: string) => { warmups: number; repetitions: number };
}

export interface RoundTrip {
  /** Median PING round trip straight to the node, ms. */
  directMs: number;
  /** Median PING round trip through the proxy, ms. */
  proxiedMs: number;
  /** proxiedMs - directMs: what the proxy really adds per round trip (goal: 2 x the delay). */
  addedMs: number;
  samples: number;
}

export interface LatencyRun {
  mode: 'standalone' | 'cluster';
  /**
   * The process the contenders ran in: the latency child's (bench/latency-child.ts), not the
   * bench's own (absent in results from before 2026-12-04, which ran them in the bench's process).
   */
  pid?: number;
  delayMsEachWay: number;
  /** PING to the first node, straight and through its listener. */
  rtt: RoundTrip;
  /** Each contender's check batch: bytes it sent and received through the proxy, per listener. */
  checks: { contender: string; records: number; listeners: ListenerTraffic[] }[];
  /** Everything that went through each listener during this setting. */
  traffic: ListenerTraffic[];
  cases: CaseResult[];
  /**
   * What the proxy did during each contender's timed calls, per duplicate share (absent in
   * results from before 2026-12-04).
   */
  proxy?: ProxyShare[];
  /**
   * The same contenders straight to the target, no proxy, 0% duplicates: each call with no network
   * at all, measured once a mode before its settings, the same in each of its runs (absent in
   * results from before 2026-12-04, late night). What the ratios can be at most on this machine:
   * report.ts, `ceilingOf`.
   */
  loopback?: LoopbackCall[];
}

/** A contender's calls straight to Redis (no proxy): the call with no network. */
export interface LoopbackCall {
  contender: string;
  records: number;
  /** Timed calls. */
  calls: number;
  /** Median call, ms. */
  medianMs: number;
  /**
   * Commands the servers processed a record during its timed calls (`total_commands_processed`,
   * every master; a script's own commands count): a baseline's round trips a record. Every
   * client's commands count: on a Redis shared with other clients this reads high.
   */
  commandsPerRecord: number;
}

/**
 * The instrument's own part in a contender's timed calls: how late the proxy wrote the chunks
 * (each is due `delayMs` after it came; a spinning proxy that was not on a core at that time
 * writes it later) and the CPU it spent, which on this machine's two cores the client and Redis
 * go without.
 */
export interface ProxyShare {
  contender: string;
  duplicates: number;
  /** Timed calls watched. */
  calls: number;
  /** Chunks written on, both ways, per call. */
  chunksPerCall: number;
  /** Mean of (written - due) over those chunks, µs. */
  meanLateUs: number;
  /** The proxy's CPU per call, ms. */
  cpuMsPerCall: number;
}

/**
 * Reads the proxy's usage around each timed call and keeps one sum per contender.
 *
 * @internal
 */
export function proxyWatch(proxy: Pick<LatencyProxy, 'usage'>): TimedCallWatch & {
  shares(duplicates: number): ProxyShare[];
} {
  const sums = new Map<string, { calls: number } & ProxyUsage>();
  let before: ProxyUsage | undefined;
  return {
    async before() {
      before = await proxy.usage();
    },
    async after(contender: string) {
      const now = await proxy.usage();
      if (!before) throw new Error('proxyWatch: after() without before()');
      const sum = sums.get(contender) ?? { calls: 0, chunks: 0, lateMs: 0, cpuMs: 0 };
      sum.calls++;
      sum.chunks += now.chunks - before.chunks;
      sum.lateMs += now.lateMs - before.lateMs;
      sum.cpuMs += now.cpuMs - before.cpuMs;
      sums.set(contender, sum);
      before = undefined;
    },
    shares(duplicates) {
      return [...sums].map(([contender, s]) => ({
        contender,
        duplicates,
        calls: s.calls,
        chunksPerCall: s.chunks / s.calls,
        meanLateUs: s.chunks > 0 ? (s.lateMs / s.chunks) * 1000 : 0,
        cpuMsPerCall: s.cpuMs / s.calls,
      }));
    },
  };
}

/**
 * Every contender's calls straight to `target` (no proxy, 0% duplicates, taking turns), with the
 * commands the servers processed a record during them.
 *
 * @example
 * const calls = await loopbackCalls(target, (t) => contenders(t), 3000, () => ({ warmups: 1, repetitions: 3 }));
 */
export async function loopbackCalls(
  target: RedisTarget,
  make: (target: RedisTarget) => Promise<Contender[]>,
  records: number,
  plan: (contender: string) => { warmups: number; repetitions: number },
): Promise<LoopbackCall[]> {
  const admin = await ioredisClient(target);
  const masters = () => (admin instanceof Cluster ? admin.nodes('master') : [admin]);
  const processed = async () => {
    let sum = 0;
    for (const node of masters()) {
      const found = /total_commands_processed:(\d+)/.exec(await node.info('stats'));
      if (!found) throw new Error('INFO stats has no total_commands_processed');
      sum += Number(found[1]);
    }
    return sum;
  };
  const commands = new Map<string, number>();
  let before = 0;
  const all = await make(target);
  try {
    const results = await runInterleaved(
      all,
      (id) => ({ records, duplicates: 0, ...plan(id), ...BENCH_BATCH }),
      {
        async before() {
          before = await processed();
        },
        async after(contender) {
          // Less the INFO command of the reading before, one a master.
          const spent = (await processed()) - before - masters().length;
          commands.set(contender, (commands.get(contender) ?? 0) + spent);
        },
      },
    );
    return results.map((r) => {
      console.error(
        `[bench] loopback, no proxy, ${target.mode} ${records} 0% ${r.contender}: ${r.medianMs.toFixed(1)} ms`,
      );
      return {
        contender: r.contender,
        records,
        calls: r.samplesMs.length,
        medianMs: r.medianMs,
        commandsPerRecord: (commands.get(r.contender) ?? 0) / r.samplesMs.length / records,
      };
    });
  } finally {
    for (const c of all) await c.close();
    admin.disconnect();
  }
}

/** Records of the batch each contender delivers through the proxy, untimed, before timing. */
export const CHECK_RECORDS = 200;
/** Every record's command carries at least its 26-character Event-Id. */
const MIN_BYTES_PER_RECORD = 26;

async function pingRtt(node: NodeAddress): Promise<{ median: number; samples: number }> {
  const redis = new Redis({ ...node, lazyConnect: true });
  try {
    await redis.connect();
    await redis.ping();
    const samples: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await redis.ping();
      samples.push(performance.now() - t);
    }
    return { median: median(samples), samples: samples.length };
  } finally {
    redis.disconnect();
  }
}

/** Every node of the target as it announces itself (a cluster: all nodes CLUSTER SLOTS names). */
async function upstreamsOf(target: RedisTarget): Promise<NodeAddress[]> {
  if (target.mode === 'standalone') return [firstNode(target)];
  const client = await ioredisClient(target);
  try {
    if (!(client instanceof Cluster)) throw new Error('expected a cluster client');
    return client.nodes('all').map((n) => ({ host: n.options.host!, port: n.options.port! }));
  } finally {
    client.disconnect();
  }
}

/**
 * The target as seen through the proxy's listeners (one per upstream, same order).
 *
 * @example
 * proxiedTarget(target, upstreams, proxy.listeners.map((l) => l.listener));
 */
export function proxiedTarget(
  target: RedisTarget,
  upstreams: readonly NodeAddress[],
  listeners: readonly NodeAddress[],
): RedisTarget {
  if (target.mode === 'standalone') {
    const url = new URL(target.url);
    url.hostname = listeners[0]!.host;
    url.port = String(listeners[0]!.port);
    return { mode: 'standalone', url: url.toString().replace(/\/$/, '') };
  }
  return {
    mode: 'cluster',
    nodes: listeners.map((l) => ({ ...l })),
    addressMap: Object.fromEntries(upstreams.map((u, i) => [`${u.host}:${u.port}`, { ...listeners[i]! }])),
  };
}

const diff = (after: ListenerTraffic[], before: ListenerTraffic[]): ListenerTraffic[] =>
  after.map((a, i) => ({
    ...a,
    connections: a.connections - before[i]!.connections,
    bytesUp: a.bytesUp - before[i]!.bytesUp,
    bytesDown: a.bytesDown - before[i]!.bytesDown,
  }));

/**
 * Throws unless the check batch went through the proxy: bytes up on every listener, and at least
 * an Event-Id's worth per record in all.
 *
 * @example
 * checkProxied('naive', 200, delta);
 */
export function checkProxied(contender: string, records: number, delta: readonly ListenerTraffic[]): void {
  const total = delta.reduce((sum, l) => sum + l.bytesUp, 0);
  const idle = delta.filter((l) => l.bytesUp === 0 || l.bytesDown === 0);
  if (idle.length > 0 || total < records * MIN_BYTES_PER_RECORD) {
    throw new Error(
      `${contender} bypassed the latency proxy: ${records} records sent ${total} bytes through it` +
        ` (want >= ${records * MIN_BYTES_PER_RECORD}); listeners without traffic: ` +
        `${idle.map((l) => `${l.listener.port} -> ${l.upstream.port}`).join(', ') || 'none'}`,
    );
  }
}

/**
 * Run every contender on `records`-record batches through the proxy, once per setting; with a
 * `loopbackPlan`, first straight to the target ({@link loopbackCalls}), kept in every run.
 *
 * @example
 * const runs = await latencyMode(target, (t) => contenders(t), 3000, [{ delayMs: 0.25, duplicates: [0], plan: () => ({ warmups: 1, repetitions: 3 }) }]);
 */
export async function latencyMode(
  target: RedisTarget,
  make: (target: RedisTarget) => Promise<Contender[]>,
  records: number,
  settings: readonly LatencySetting[],
  loopbackPlan?: (contender: string) => { warmups: number; repetitions: number },
): Promise<LatencyRun[]> {
  const upstreams = await upstreamsOf(target);
  const loopback = loopbackPlan ? await loopbackCalls(target, make, records, loopbackPlan) : undefined;
  const runs: LatencyRun[] = [];
  for (const setting of settings) {
    const proxy = await startLatencyProxy(upstreams, setting.delayMs);
    try {
      const listeners = proxy.listeners.map((l) => l.listener);
      const proxied = proxiedTarget(target, upstreams, listeners);
      const direct = await pingRtt(upstreams[0]!);
      const through = await pingRtt(listeners[0]!);
      const rtt: RoundTrip = {
        directMs: direct.median,
        proxiedMs: through.median,
        addedMs: through.median - direct.median,
        samples: through.samples,
      };
      console.error(
        `[bench] latency ${setting.delayMs} ms each way, ${target.mode}: PING ${rtt.proxiedMs.toFixed(3)} ms (direct ${rtt.directMs.toFixed(3)} ms)`,
      );
      const all = await make(proxied);
      const checks: LatencyRun['checks'] = [];
      const cases: CaseResult[] = [];
      const shares: ProxyShare[] = [];
      try {
        for (const contender of all) {
          const before = await proxy.traffic();
          const batch = makeEvent({
            records: CHECK_RECORDS,
            ...BENCH_BATCH,
          });
          await contender.invoke(batch.event);
          const delta = diff(await proxy.traffic(), before);
          checkProxied(contender.id, CHECK_RECORDS, delta);
          checks.push({ contender: contender.id, records: CHECK_RECORDS, listeners: delta });
        }
        for (const duplicates of setting.duplicates) {
          const watch = proxyWatch(proxy);
          const results = await runInterleaved(
            all,
            (id) => ({
              records,
              duplicates,
              ...setting.plan(id),
              ...BENCH_BATCH,
            }),
            watch,
          );
          const shareOf = new Map(watch.shares(duplicates).map((s) => [s.contender, s]));
          for (const result of results) {
            cases.push(result);
            const share = shareOf.get(result.contender);
            if (share) shares.push(share);
            console.error(
              `[bench] latency ${setting.delayMs} ms ${target.mode} ${records} ${duplicates * 100}% ${result.contender}: ${result.medianMs.toFixed(1)} ms, ${Math.round(result.recordsPerSecond).toLocaleString('en-US')} records/s` +
                (share
                  ? ` (proxy: ${share.chunksPerCall.toFixed(0)} chunks a call, ${share.meanLateUs.toFixed(0)} µs late on average, ${share.cpuMsPerCall.toFixed(1)} ms CPU a call)`
                  : ''),
            );
          }
        }
      } finally {
        for (const c of all) await c.close();
      }
      runs.push({
        mode: target.mode,
        pid: process.pid,
        delayMsEachWay: setting.delayMs,
        rtt,
        checks,
        traffic: await proxy.traffic(),
        cases,
        proxy: shares,
        ...(loopback ? { loopback } : {}),
      });
    } finally {
      await proxy.stop();
    }
  }
  return runs;
}

/**
 * The bench's latency settings. A per-record baseline pays a round trip per command (naive ~3,000
 * per batch, Powertools ~6,000: ~3 s and ~7 s a batch at 0.25 ms, ~8 s and ~18 s at 1 ms here), so
 * it gets few repetitions, fewest at 1 ms, and 30% duplicates run at 0.25 ms only: the whole
 * latency section stays under ~6 minutes. The check batch each contender delivers through the
 * proxy before timing has already made its connections and warmed its code, so at 1 ms the
 * baselines go without a warm-up of their own. `quick`: one call each, for trying the harness.
 *
 * @example
 * latencyMode(target, make, 3000, benchLatencySettings(false));
 */
export function benchLatencySettings(quick: boolean): LatencySetting[] {
  if (quick)
    return [0.25, 1].map((delayMs) => ({
      delayMs,
      duplicates: [0],
      plan: () => ({ warmups: 0, repetitions: 1 }),
    }));
  return [
    {
      delayMs: 0.25,
      duplicates: [0, 0.3],
      plan: (id) =>
        id === 'kafkaHandler' ? { warmups: 2, repetitions: 11 } : { warmups: 1, repetitions: 3 },
    },
    {
      delayMs: 1,
      duplicates: [0],
      plan: (id) => (id === 'kafkaHandler' ? { warmups: 2, repetitions: 7 } : { warmups: 0, repetitions: 2 }),
    },
  ];
}

/**
 * The calls straight to Redis before the settings ({@link loopbackCalls}): ~5 s a mode here (a
 * naive call ~0.3 s, Powertools' ~0.9 s). `quick`: one call each.
 *
 * @example
 * latencyMode(target, make, 3000, benchLatencySettings(false), benchLoopbackPlan(false));
 */
export function benchLoopbackPlan(
  quick: boolean,
): (contender: string) => { warmups: number; repetitions: number } {
  if (quick) return () => ({ warmups: 0, repetitions: 1 });
  return (id) => (id === 'kafkaHandler' ? { warmups: 2, repetitions: 7 } : { warmups: 1, repetitions: 3 });
}

/** What bench/latency-child.ts runs: the bench's contenders and settings on one target. */
export interface LatencyChildSpec extends BenchRun {
  target: RedisTarget;
  records: number;
  /** One call per contender and setting ({@link benchLatencySettings}). */
  quick: boolean;
}

/**
 * {@link latencyMode} with the bench's contenders, in a Node process of its own (the bench waits,
 * idle, until it ends). A Lambda's process runs its handler alone; the bench's own process has by
 * now run every earlier case, and kafkaHandler's call measured 20-25 ms slower there on the
 * cluster than alone (docs/performance.md, "The latency case in a process of its own"): a
 * CPU-bound contender timed against round-trip-bound ones feels whatever those cases left.
 *
 * The child's stderr (its progress lines) goes to `progress` as it comes; a child that fails
 * rejects with the last of it.
 *
 * @example
 * const runs = await latencyModeInChild({ target, records: 3000, runId: 'bench-1', windowSeconds: 600, quick: false });
 */
export async function latencyModeInChild(
  spec: LatencyChildSpec,
  progress: (text: string) => void = (text) => process.stderr.write(text),
): Promise<LatencyRun[]> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', new URL('./latency-child.ts', import.meta.url).pathname, JSON.stringify(spec)],
    { stdio: ['ignore', 'pipe', 'pipe'], env: process.env },
  );
  let stdout = '';
  let stderrTail = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    progress(text);
    stderrTail = (stderrTail + text).slice(-4096);
  });
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    const last = stderrTail
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('at ') && !line.startsWith('Node.js '))
      .at(-1);
    throw new Error(
      `latency child failed (${code === null ? signal : `exit ${code}`}): ${last ?? 'no output'}`,
    );
  }
  return JSON.parse(stdout.trim().split('\n').pop()!) as LatencyRun[];
}
