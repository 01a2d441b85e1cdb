/**
 * MONITOR on one Redis node, for tests that count what a node received.
 *
 * ioredis can read a monitor line in the same read as MONITOR's own `OK`, before it has put the
 * connection in monitor mode; it then emits "Command queue state error" for that line. The line
 * came before the watch began (the test sends its commands after `watchNode` resolves), so it is
 * dropped; any other error of the connection is kept in `errors` for the test to fail on, so that
 * a watch that broke cannot pass by counting nothing.
 */
import { Redis } from 'ioredis';

export interface NodeWatch {
  /** The connection in monitor mode: `monitor.on('monitor', (time, args, source) => ...)`. */
  readonly monitor: Redis;
  /** Errors of the watch other than the one at its start (above). */
  readonly errors: Error[];
  /** Disconnect both connections (the client and its monitor). */
  close(): void;
}

/**
 * @example
 * const watch = await watchNode(7001);
 * watch.monitor.on('monitor', (_t, args) => seen.push(args));
 * try { ... ; assert.deepEqual(watch.errors, []); } finally { watch.close(); }
 */
export async function watchNode(port: number, host = '127.0.0.1'): Promise<NodeWatch> {
  const client = new Redis({ port, host, lazyConnect: true });
  await client.connect();
  const monitor = await client.monitor();
  const errors: Error[] = [];
  monitor.on('error', (error: Error) => {
    if (!/Command queue state error/.test(error.message)) errors.push(error);
  });
  return {
    monitor,
    errors,
    close() {
      monitor.disconnect();
      client.disconnect();
    },
  };
}
