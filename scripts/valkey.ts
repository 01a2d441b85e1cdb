/**
 * Valkey for the scripts that run the project against the engine ElastiCache runs
 * (`npm run test:valkey`, `npm run soak -- --valkey`): the binaries from scripts/build-valkey.sh
 * (Debian's source package, built once into ~/.cache/msk-once/valkey), and the check that a server
 * is one, so that a run never tests Redis under Valkey's name.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { nodeCommand } from '../testkit/internal/index.ts';

/**
 * Build Valkey if this machine has not, and make every server and cluster the test kit starts from
 * now on a Valkey (`MSK_ONCE_REDIS_SERVER`, `MSK_ONCE_REDIS_CLI`, in this process and its children).
 * Answers the folder of the binaries.
 *
 * @example
 * useValkey(); // then startRedisServer() starts a valkey-server
 */
export function useValkey(): string {
  const bin = execFileSync('bash', [join(import.meta.dirname, 'build-valkey.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .trim()
    .split('\n')
    .pop()!;
  process.env.MSK_ONCE_REDIS_SERVER = join(bin, 'valkey-server');
  process.env.MSK_ONCE_REDIS_CLI = join(bin, 'valkey-cli');
  return bin;
}

/**
 * The engine and version a server says of itself (`INFO server`): `Valkey 9.1.2`, `Redis 7.0.15`.
 * `server`: a local port, or a `redis://` URL.
 *
 * @example
 * await engineOf(6379); // 'Redis 7.0.15'
 */
export async function engineOf(server: number | string): Promise<string> {
  let info: string;
  if (typeof server === 'number') info = String(await nodeCommand(server, 'INFO', 'server'));
  else {
    const client = new Redis(server, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      info = await client.info('server');
    } finally {
      client.disconnect();
    }
  }
  const valkey = /valkey_version:(\S+)/.exec(info)?.[1];
  if (/server_name:valkey/.test(info) && valkey) return `Valkey ${valkey}`;
  return `Redis ${/redis_version:(\S+)/.exec(info)?.[1] ?? 'of an unknown version'}`;
}

/**
 * {@link engineOf}, and a throw unless it is a Valkey.
 *
 * @throws {Error} naming the port and what the server says it is.
 */
export async function valkeyAt(port: number, who: string): Promise<string> {
  const engine = await engineOf(port);
  if (!engine.startsWith('Valkey '))
    throw new Error(`${who}: the server on port ${port} is not a Valkey (INFO server says ${engine})`);
  return engine;
}
