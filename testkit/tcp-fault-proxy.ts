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

interface Pair {
  client: Socket;
  upstream: Socket;
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

  const forward = (pair: Pair, to: Socket, chunk: Buffer) => {
    if (pair.stalled) return;
    if (mode === 'paused') {
      pair.held.push({ to, chunk });
      return;
    }
    if (typeof mode === 'object' && (!mode.requestsOnly || to === pair.upstream)) {
      const ms = mode.slowMs;
      setTimeout(() => to.destroyed || pair.stalled || to.write(chunk), ms).unref();
      return;
    }
    if (!to.destroyed) to.write(chunk);
  };

  const server: Server = createServer((client) => {
    accepted++;
    if (mode === 'down') {
      client.resetAndDestroy();
      return;
    }
    const upstream = createConnection({ host, port: targetPort });
    const pair: Pair = { client, upstream, held: [], stalled: mode === 'stall' };
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
        }
      } else if (next === 'down') {
        for (const pair of [...pairs]) {
          pair.client.resetAndDestroy();
          pair.upstream.destroy();
        }
        pairs.clear();
      } else if (wasPaused) {
        for (const pair of [...pairs]) {
          for (const { to, chunk } of pair.held.splice(0)) if (!to.destroyed) to.write(chunk);
          if (pair.endAfterHeld) {
            pairs.delete(pair);
            pair.upstream.end();
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
