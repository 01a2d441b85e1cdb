/**
 * A TCP proxy to put between a consumer and its Redis (or any server) to make the network fail on
 * demand, without touching the server (which may be shared): `down` refuses and cuts connections
 * (a stopped Redis, a failover), `paused` accepts but forwards nothing (a hung Redis: what SIGSTOP
 * does to a server you own: what a client sent still reaches the server when the pause ends, even
 * if the client has closed the connection meanwhile), `slow` delays every chunk (a Redis under load; with `requestsOnly`
 * only what the client sends, so a request lands late and its answer comes at once), `stall` makes every
 * connection open now or opened meanwhile half-open for good: bytes are accepted and dropped, no
 * answer ever comes and nothing is closed, even after the mode changes back (the peer vanished in
 * a failover, a NAT forgot the flow). Only new connections made after `stall` work again.
 *
 * Whatever the mode does, each direction of a connection keeps its bytes in order, as TCP does: a
 * chunk never overtakes one still delayed (`slow`) or held (`paused`) before it, also when the mode
 * changes in between (it goes once the ones before it have). A client matches replies to requests
 * by that order (ioredis does): a proxy that reordered them would answer a command with another's
 * reply, which no network can do.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type ProxyMode = 'up' | 'down' | 'paused' | 'stall' | { slowMs: number; requestsOnly?: boolean };

export interface TcpFaultProxy {
  /** `redis://127.0.0.1:<port>` style address of the proxy, with the target's scheme. */
  readonly url: string;
  readonly port: number;
  mode(): ProxyMode;
  /** Connections accepted so far (a reconnect is one more). */
  connections(): number;
  /** Switch mode. `down` also cuts open connections; leaving `paused` lets held bytes through. */
  set(mode: ProxyMode): void;
  stop(): Promise<void>;
}

/** One direction of a connection: the chunks not written yet, in the order they came. */
interface Lane {
  to: Socket;
  /** Each with the time it may go at (`performance.now()`); it goes after the ones before it. */
  queue: { chunk: Buffer; due: number }[];
  /** End `to` once the queue is written (the client left; see Pair.endAfterHeld). */
  endWhenWritten?: boolean;
}

interface Pair {
  client: Socket;
  upstream: Socket;
  toUpstream: Lane;
  toClient: Lane;
  held: { to: Socket; chunk: Buffer }[];
  /** Half-open for good: everything sent either way is dropped. */
  stalled: boolean;
  /** The client left while paused: deliver what it sent, then close the upstream side. */
  endAfterHeld?: boolean;
}

/**
 * Start a proxy on a free port of 127.0.0.1 in front of `target` (`redis://host:port`).
 *
 * @example
 * const proxy = await startTcpFaultProxy('redis://127.0.0.1:6379');
 * const store = new RedisDedupStore({ redis: { url: proxy.url } });
 * proxy.set('down');             // the next claims fail fast: connection refused / reset
 * proxy.set({ slowMs: 300 });    // every round trip takes 300 ms more (over a 250 ms command timeout)
 * proxy.set('up');
 */
export async function startTcpFaultProxy(target: string): Promise<TcpFaultProxy> {
  const url = new URL(target);
  const host = url.hostname || '127.0.0.1';
  const targetPort = Number(url.port || 6379);
  let mode: ProxyMode = 'up';
  let accepted = 0;
  const pairs = new Set<Pair>();

  const laneOf = (pair: Pair, to: Socket) => (to === pair.upstream ? pair.toUpstream : pair.toClient);
  // Write what is due at the head of the lane, in order; come back for the rest when it is due.
  const drain = (pair: Pair, lane: Lane) => {
    while (lane.queue.length > 0 && lane.queue[0]!.due <= performance.now()) {
      const { chunk } = lane.queue.shift()!;
      if (!lane.to.destroyed && !pair.stalled) lane.to.write(chunk);
    }
    if (lane.queue.length > 0) {
      setTimeout(() => drain(pair, lane), Math.max(1, lane.queue[0]!.due - performance.now())).unref();
    } else if (lane.endWhenWritten && !lane.to.destroyed) lane.to.end();
  };
  // Send `chunk` `delayMs` from now, and never before a chunk sent before it on the same lane.
  const send = (pair: Pair, lane: Lane, chunk: Buffer, delayMs: number) => {
    if (delayMs <= 0 && lane.queue.length === 0) {
      if (!lane.to.destroyed) lane.to.write(chunk);
      return;
    }
    lane.queue.push({ chunk, due: performance.now() + delayMs });
    if (lane.queue.length === 1) setTimeout(() => drain(pair, lane), Math.max(1, delayMs)).unref();
  };
  const forward = (pair: Pair, to: Socket, chunk: Buffer) => {
    if (pair.stalled) return;
    if (mode === 'paused') {
      pair.held.push({ to, chunk });
      return;
    }
    const slow = typeof mode === 'object' && (!mode.requestsOnly || to === pair.upstream);
    send(pair, laneOf(pair, to), chunk, slow ? (mode as { slowMs: number }).slowMs : 0);
  };

  const server: Server = createServer((client) => {
    accepted++;
    if (mode === 'down') {
      client.resetAndDestroy();
      return;
    }
    const upstream = createConnection({ host, port: targetPort });
    const pair: Pair = {
      client,
      upstream,
      toUpstream: { to: upstream, queue: [] },
      toClient: { to: client, queue: [] },
      held: [],
      stalled: mode === 'stall',
    };
    pairs.add(pair);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    // A paused server still has the requests in its socket buffer and runs them when it resumes,
    // whoever left: the client's close reaches the server after them.
    const clientGone = () => {
      if (mode === 'paused' && !pair.stalled && pair.held.some((h) => h.to === upstream)) {
        pair.held = pair.held.filter((h) => h.to === upstream);
        pair.endAfterHeld = true;
        client.destroy();
      } else close();
    };
    client.on('data', (chunk) => forward(pair, upstream, chunk));
    upstream.on('data', (chunk) => forward(pair, client, chunk));
    client.on('error', clientGone);
    upstream.on('error', close);
    client.on('close', clientGone);
    upstream.on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `${url.protocol}//127.0.0.1:${port}`,
    port,
    mode: () => mode,
    connections: () => accepted,
    set(next) {
      const wasPaused = mode === 'paused';
      mode = next;
      if (next === 'stall') {
        for (const pair of pairs) {
          pair.stalled = true;
          pair.held.length = 0;
          pair.toUpstream.queue.length = 0;
          pair.toClient.queue.length = 0;
        }
      } else if (next === 'down') {
        for (const pair of [...pairs]) {
          pair.client.resetAndDestroy();
          pair.upstream.destroy();
        }
        pairs.clear();
      } else if (wasPaused) {
        for (const pair of [...pairs]) {
          // Behind what a slow mode before the pause still delays, if anything.
          for (const { to, chunk } of pair.held.splice(0)) send(pair, laneOf(pair, to), chunk, 0);
          if (pair.endAfterHeld) {
            pairs.delete(pair);
            if (pair.toUpstream.queue.length === 0) pair.upstream.end();
            else pair.toUpstream.endWhenWritten = true;
          }
        }
      }
    },
    async stop() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
