/**
 * A real HTTP server on a free port of 127.0.0.1 for the test kit's stand-ins (a schema registry,
 * AWS JSON APIs): reads each request body whole (up to 1 MB; a bigger one is cut off) and hands it
 * to `handle` as text. What the stand-ins share, so each keeps only its own routes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const MAX_BODY_BYTES = 1024 * 1024;

export interface LocalHttpServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Close open connections and the server. */
  stop(): Promise<void>;
}

/**
 * @example
 * const server = await startLocalHttpServer((req, res, body) => res.end(body));
 * await fetch(server.url, { method: 'POST', body: 'echo' });
 * await server.stop();
 */
export async function startLocalHttpServer(
  handle: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<LocalHttpServer> {
  const server = createServer((req, res) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
