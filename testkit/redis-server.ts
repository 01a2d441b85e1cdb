/**
 * Find or start a Redis for local runs and tests: never used in Lambda.
 *
 * A new machine may have no Redis running; where `redis-server` is installed we start a
 * throw-away one (no persistence) on a free port, standalone or as a three-node cluster.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A Redis process this module started; `stop()` ends it and removes its folder. */
export interface LocalRedis {
  readonly url: string;
  readonly port: number;
  readonly process: ChildProcess;
  /** SIGSTOP: the server keeps its sockets but answers nothing (a "slow" or hung Redis). */
  pause(): void;
  /** SIGCONT after {@link LocalRedis.pause}. */
  resume(): void;
  stop(): Promise<void>;
}

/**
 * True when something answers a Redis PING at host:port within `timeoutMs`.
 *
 * @example
 * if (!(await pingRedis('127.0.0.1', 6379))) redis = await startRedisServer();
 */
export function pingRedis(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString('latin1').startsWith('+PONG')));
  });
}

/**
 * True when `redis-server` can be run from PATH.
 *
 * @example
 * if (!hasRedisServer()) throw new Error('install Redis 7 or set REDIS_URL');
 */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * A TCP port that was free a moment ago.
 *
 * @example
 * const port = await freePort();
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/**
 * Start `redis-server` on a free (or given) port with nothing kept on disk.
 *
 * @example
 * const redis = await startRedisServer();
 * process.env[contract.EnvVar.redisUrl] = redis.url;
 * // ...
 * await redis.stop();
 */
export async function startRedisServer(
  options: { port?: number; args?: string[] } = {},
): Promise<LocalRedis> {
  if (!hasRedisServer()) {
    throw new Error(
      'redis-server is not installed: install Redis 7 (Debian: apt-get install redis-server) or point REDIS_URL at a running one',
    );
  }
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), `msk-once-redis-${port}-`));
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      ...(options.args ?? []),
    ],
    { stdio: 'ignore', detached: false },
  );
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  await waitFor(async () => !exited && (await pingRedis('127.0.0.1', port)), `redis-server on port ${port}`);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    process: child,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop: async () => {
      if (!exited) {
        child.kill('SIGCONT');
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A local Redis Cluster of master nodes (no replicas), as ElastiCache Serverless speaks cluster mode. */
export interface LocalRedisCluster {
  readonly nodes: { host: string; port: number }[];
  readonly servers: LocalRedis[];
  stop(): Promise<void>;
}

/**
 * Start `size` redis-server processes in cluster mode and join them with `redis-cli --cluster create`.
 *
 * @example
 * const cluster = await startRedisCluster();
 * const client = new Cluster(cluster.nodes);
 */
export async function startRedisCluster(size = 3): Promise<LocalRedisCluster> {
  const servers: LocalRedis[] = [];
  try {
    for (let i = 0; i < size; i++) {
      const port = await freePort();
      servers.push(
        await startRedisServer({
          port,
          args: [
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            `nodes-${port}.conf`,
            '--cluster-node-timeout',
            '2000',
          ],
        }),
      );
    }
    const created = spawnSync(
      'redis-cli',
      [
        '--cluster',
        'create',
        ...servers.map((s) => `127.0.0.1:${s.port}`),
        '--cluster-replicas',
        '0',
        '--cluster-yes',
      ],
      { encoding: 'utf8' },
    );
    if (created.status !== 0)
      throw new Error(`redis-cli --cluster create failed: ${created.stderr || created.stdout}`);
    const first = servers[0]!;
    await waitFor(async () => {
      const info = spawnSync('redis-cli', ['-p', String(first.port), 'cluster', 'info'], {
        encoding: 'utf8',
      });
      return info.stdout.includes('cluster_state:ok');
    }, 'cluster_state:ok');
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop()));
    throw error;
  }
  return {
    nodes: servers.map((s) => ({ host: '127.0.0.1', port: s.port })),
    servers,
    stop: async () => {
      await Promise.all(servers.map((s) => s.stop()));
    },
  };
}
