/**
 * A TCP proxy that adds a fixed delay to every chunk, each way, with sub-millisecond precision:
 * what puts a network between the bench's contenders and a Redis on loopback (bench/latency.ts).
 *
 * It runs in a child process of its own (`process.execPath` on this file), so that its scheduling
 * never takes the thread whose handler call is being timed. One listener on 127.0.0.1 per
 * upstream node. Every chunk read from either side is due `delayMs` after it arrived
 * (`performance.now()`); each direction is a FIFO. setTimeout has 1 ms granularity, so a timer
 * waits out the part of the wait above ~1 ms and a `setImmediate` poll the rest: the process spins
 * only while chunks are in flight and sleeps when none are. Sockets have `noDelay` on.
 *
 * It counts connections and bytes per listener, so that the bench can check that a contender's
 * traffic really went through it, and how late it delivered its chunks and the CPU it spent, so
 * that the bench can say what the instrument itself cost each contender: its spin shares the
 * machine with the client and Redis, and a chunk is late when the proxy was not on a core at its
 * due time.
 *
 * Run alone: node bench/latency-proxy.ts <delayMs> <host:port>[,<host:port>...]  (prints the listeners)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export interface NodeAddress {
  host: string;
  port: number;
}

/** What went through one listener since the proxy started. */
export interface ListenerTraffic {
  /** The upstream node this listener forwards to. */
  upstream: NodeAddress;
  /** Where to connect instead of the upstream. */
  listener: NodeAddress;
  /** Connections accepted. */
  connections: number;
  /** Bytes forwarded client → upstream. */
  bytesUp: number;
  /** Bytes forwarded upstream → client. */
  bytesDown: number;
}

export interface LatencyProxy {
  /** Delay added to every chunk, each way, ms. */
  readonly delayMs: number;
  /** One per upstream, in the order given. */
  readonly listeners: readonly { upstream: NodeAddress; listener: NodeAddress }[];
  /** Connections and bytes per listener so far (asks the child). */
  traffic(): Promise<ListenerTraffic[]>;
  /** Chunks, lateness and CPU so far (asks the child). */
  usage(): Promise<ProxyUsage>;
  /** Close every connection and end the child process. */
  stop(): Promise<void>;
}

/**
 * What the proxy did since it started: chunks delivered, their lateness, its CPU. Differences of
 * two readings say what one contender's calls cost it.
 */
export interface ProxyUsage {
  /** Chunks written on, both directions, all listeners. */
  chunks: number;
  /**
   * Sum over those chunks of (when the proxy's pass that wrote it began) - (its due time), ms: a
   * chunk written after others in the same pass is later by their writes, not counted.
   */
  lateMs: number;
  /** The proxy process's user + system CPU, ms. */
  cpuMs: number;
}

/** A chunk waiting for its due time. */
interface Held {
  due: number;
  chunk: Buffer;
}

/** One direction of one connection: chunks leave in arrival order, each `delayMs` after it came. */
class Lane {
  readonly held: Held[] = [];
  head = 0;
  readonly to: Socket;
  constructor(to: Socket) {
    this.to = to;
  }
}

/** Anything longer than this is waited out with a timer (less ~1 ms, the timer's granularity). */
const TIMER_ABOVE_MS = 2;

/**
 * The proxy itself, in the current process: the child's body, exported for tests of its timing.
 *
 * @example
 * const p = await serveDelayed([{ host: '127.0.0.1', port: 6379 }], 0.25);
 */
export async function serveDelayed(
  upstreams: readonly NodeAddress[],
  delayMs: number,
): Promise<{ traffic: () => ListenerTraffic[]; usage: () => ProxyUsage; close: () => Promise<void> }> {
  if (!(delayMs >= 0)) throw new Error(`delay must be >= 0 ms, got ${delayMs}`);
  const active = new Set<Lane>();
  const sockets = new Set<Socket>();
  let scheduled = false;
  let chunks = 0;
  let lateMs = 0;

  const tick = () => {
    scheduled = false;
    const now = performance.now();
    let next = Number.POSITIVE_INFINITY;
    for (const lane of active) {
      const { held, to } = lane;
      let n = 0;
      while (lane.head < held.length && held[lane.head]!.due <= now) {
        const { chunk, due } = held[lane.head++]!;
        if (to.destroyed) continue;
        chunks++;
        lateMs += now - due;
        if (n++ === 0) to.cork();
        to.write(chunk);
      }
      if (n > 0) to.uncork();
      if (lane.head === held.length) {
        held.length = 0;
        lane.head = 0;
        active.delete(lane);
      } else {
        if (lane.head > 1024) {
          held.splice(0, lane.head);
          lane.head = 0;
        }
        next = Math.min(next, held[lane.head]!.due);
      }
    }
    if (next !== Number.POSITIVE_INFINITY) schedule(next - now);
  };
  const schedule = (waitMs: number) => {
    scheduled = true;
    if (waitMs >= TIMER_ABOVE_MS) setTimeout(tick, Math.floor(waitMs) - 1);
    else setImmediate(tick);
  };
  const push = (lane: Lane, chunk: Buffer) => {
    lane.held.push({ due: performance.now() + delayMs, chunk });
    active.add(lane);
    // A chunk already in flight is due no later than this one (same delay, FIFO): only an idle
    // proxy needs waking.
    if (!scheduled) schedule(delayMs);
  };

  const servers: Server[] = [];
  const counts: ListenerTraffic[] = [];
  for (const upstream of upstreams) {
    const count: ListenerTraffic = {
      upstream: { ...upstream },
      listener: { host: '127.0.0.1', port: 0 },
      connections: 0,
      bytesUp: 0,
      bytesDown: 0,
    };
    const server = createServer({ noDelay: true }, (client) => {
      count.connections++;
      const upstreamSocket = createConnection({ host: upstream.host, port: upstream.port, noDelay: true });
      client.setNoDelay(true);
      sockets.add(client);
      sockets.add(upstreamSocket);
      const up = new Lane(upstreamSocket);
      const down = new Lane(client);
      client.on('data', (chunk: Buffer) => {
        count.bytesUp += chunk.length;
        push(up, chunk);
      });
      upstreamSocket.on('data', (chunk: Buffer) => {
        count.bytesDown += chunk.length;
        push(down, chunk);
      });
      const close = () => {
        sockets.delete(client);
        sockets.delete(upstreamSocket);
        client.destroy();
        upstreamSocket.destroy();
      };
      client.on('error', close);
      upstreamSocket.on('error', close);
      client.on('close', close);
      upstreamSocket.on('close', close);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    count.listener.port = typeof address === 'object' && address ? address.port : 0;
    servers.push(server);
    counts.push(count);
  }
  return {
    traffic: () => counts.map((c) => ({ ...c })),
    usage: () => {
      const cpu = process.cpuUsage();
      return { chunks, lateMs, cpuMs: (cpu.user + cpu.system) / 1000 };
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    },
  };
}

type FromChild =
  | { type: 'ready'; traffic: ListenerTraffic[] }
  | { type: 'traffic'; id: number; traffic: ListenerTraffic[] }
  | { type: 'usage'; id: number; usage: ProxyUsage }
  | { type: 'error'; message: string };
type ToChild = { type: 'traffic'; id: number } | { type: 'usage'; id: number } | { type: 'stop' };

/**
 * Start the proxy in a child process: one listener per upstream, each adding `delayMs` to every
 * chunk in both directions.
 *
 * @example
 * const proxy = await startLatencyProxy([{ host: '127.0.0.1', port: 6379 }], 0.25);
 * const redis = new Redis(proxy.listeners[0].listener);  // every round trip ~0.5 ms longer
 * await proxy.stop();
 */
export async function startLatencyProxy(
  upstreams: readonly NodeAddress[],
  delayMs: number,
): Promise<LatencyProxy> {
  const child: ChildProcess = fork(
    fileURLToPath(import.meta.url),
    [String(delayMs), upstreams.map((u) => `${u.host}:${u.port}`).join(',')],
    { execPath: process.execPath, execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const waiting = new Map<number, (answer: ListenerTraffic[] | ProxyUsage) => void>();
  let nextId = 0;
  const first = await new Promise<ListenerTraffic[]>((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`latency proxy exited (${code}) before it listened`));
    child.once('exit', onExit);
    child.on('message', (message: FromChild) => {
      if (message.type === 'ready') {
        child.off('exit', onExit);
        resolve(message.traffic);
      } else if (message.type === 'error') reject(new Error(`latency proxy: ${message.message}`));
      else if (message.type === 'traffic' || message.type === 'usage') {
        waiting.get(message.id)?.(message.type === 'traffic' ? message.traffic : message.usage);
        waiting.delete(message.id);
      }
    });
  });
  const ask = <T>(type: 'traffic' | 'usage') => {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (!child.connected) {
        reject(new Error('latency proxy is gone'));
        return;
      }
      waiting.set(id, resolve as (answer: ListenerTraffic[] | ProxyUsage) => void);
      child.send({ type, id } satisfies ToChild);
    });
  };
  return {
    delayMs,
    listeners: first.map((t) => ({ upstream: t.upstream, listener: t.listener })),
    traffic: () => ask<ListenerTraffic[]>('traffic'),
    usage: () => ask<ProxyUsage>('usage'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      if (child.connected) child.send({ type: 'stop' } satisfies ToChild);
      else child.kill();
      await gone;
    },
  };
}

/** The child: argv <delayMs> <host:port,...>; talks to its parent over IPC (or prints, run alone). */
async function child(): Promise<void> {
  const [delayArg, upstreamArg] = process.argv.slice(2);
  const upstreams = (upstreamArg ?? '').split(',').map((hp) => {
    const at = hp.lastIndexOf(':');
    return { host: hp.slice(0, at), port: Number(hp.slice(at + 1)) };
  });
  if (upstreams.some((u) => !u.host || !(u.port > 0)))
    throw new Error('usage: latency-proxy.ts <delayMs> <host:port>[,<host:port>...]');
  const tell = (message: FromChild) => process.send?.(message);
  let proxy: Awaited<ReturnType<typeof serveDelayed>>;
  try {
    proxy = await serveDelayed(upstreams, Number(delayArg));
  } catch (error) {
    tell({ type: 'error', message: String((error as Error)?.message ?? error) });
    process.exit(1);
  }
  if (!process.send) {
    for (const t of proxy.traffic())
      console.log(`${t.listener.host}:${t.listener.port} -> ${t.upstream.host}:${t.upstream.port}`);
    return;
  }
  tell({ type: 'ready', traffic: proxy.traffic() });
  process.on('message', async (message: ToChild) => {
    if (message.type === 'traffic') tell({ type: 'traffic', id: message.id, traffic: proxy.traffic() });
    else if (message.type === 'usage') tell({ type: 'usage', id: message.id, usage: proxy.usage() });
    else if (message.type === 'stop') {
      await proxy.close();
      process.exit(0);
    }
  });
  // The parent died: do not linger.
  process.on('disconnect', () => process.exit(0));
}

if (import.meta.main) await child();
