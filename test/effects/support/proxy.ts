/**
 * A TCP proxy in front of a local server that the test can cut (every connection is reset, as when
 * DynamoDB is unreachable) and restore, without the client changing its endpoint.
 */

import type { AddressInfo } from 'node:net';
import { connect, createServer, type Socket } from 'node:net';

export interface CuttableProxy {
  readonly endpoint: string;
  cut(): void;
  restore(): void;
  stop(): Promise<void>;
}

export async function startProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  let cut = false;
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
    client.pipe(upstream).pipe(client);
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
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
