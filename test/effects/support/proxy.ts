/**
 * A TCP proxy in front of a local server that the test can cut (every connection is reset, as when
 * DynamoDB is unreachable) and restore, slow down (what the client sends arrives late: every call
 * takes that much longer), or freeze (the client's sandbox was frozen: nothing more passes, what
 * was held back is dropped), without the client changing its endpoint.
 */

import type { AddressInfo } from 'node:net';
import { connect, createServer, type Socket } from 'node:net';

export interface CuttableProxy {
  readonly endpoint: string;
  cut(): void;
  restore(): void;
  /** Hold what the client sends for `ms` before passing it on (0: no delay). */
  slowRequests(ms: number): void;
  /** Nothing passes any more either way, on open or new connections; held requests are dropped. */
  freeze(): void;
  stop(): Promise<void>;
}

export async function startProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  let cut = false;
  let frozen = false;
  let delayMs = 0;
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
  };
  const server = createServer((client) => {
    track(client);
    if (cut) return client.resetAndDestroy();
    const upstream = connect(Number(port), hostname);
    track(upstream);
    client.on('data', (chunk) => {
      if (frozen) return;
      if (delayMs === 0) upstream.write(chunk);
      else setTimeout(() => frozen || upstream.destroyed || upstream.write(chunk), delayMs).unref();
    });
    upstream.on('data', (chunk) => {
      if (!frozen && !client.destroyed) client.write(chunk);
    });
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut() {
      cut = true;
      for (const s of sockets) s.resetAndDestroy();
    },
    restore() {
      cut = false;
    },
    slowRequests(ms) {
      delayMs = ms;
    },
    freeze() {
      frozen = true;
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
