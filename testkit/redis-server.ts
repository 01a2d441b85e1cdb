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

/**
 * A local Redis Cluster, as ElastiCache Serverless and cluster-mode replication groups speak it:
 * master nodes only by default, or each master with `replicas` replicas.
 */
export interface LocalRedisCluster {
  /** Every node, masters and replicas (a replica's port answers MOVED, as on ElastiCache). */
  readonly nodes: { host: string; port: number }[];
  readonly servers: LocalRedis[];
  stop(): Promise<void>;
}

/**
 * Start `size` master redis-server processes in cluster mode (and `replicas` replicas of each) and
 * join them with `redis-cli --cluster create`.
 *
 * @example
 * const cluster = await startRedisCluster();
 * const client = new Cluster(cluster.nodes);
 * const withReplicas = await startRedisCluster(3, { replicas: 1 }); // six nodes
 */
export async function startRedisCluster(
  size = 3,
  options: { replicas?: number } = {},
): Promise<LocalRedisCluster> {
  const replicas = options.replicas ?? 0;
  const servers: LocalRedis[] = [];
  try {
    for (let i = 0; i < size * (1 + replicas); i++) {
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
        String(replicas),
        '--cluster-yes',
      ],
      { encoding: 'utf8' },
    );
    if (created.status !== 0)
      throw new Error(`redis-cli --cluster create failed: ${created.stderr || created.stdout}`);
    const cli = (port: number, ...args: string[]) =>
      spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' }).stdout;
    // Every node agrees and every replica has synced: a replica's first full sync empties it
    // (scripts included), so a client must not meet a node that is still turning into one.
    await waitFor(
      async () =>
        servers.every((s) => {
          if (!cli(s.port, 'cluster', 'info').includes('cluster_state:ok')) return false;
          const replication = cli(s.port, 'info', 'replication');
          return !replication.includes('role:slave') || replication.includes('master_link_status:up');
        }) &&
        servers.filter((s) => cli(s.port, 'info', 'replication').includes('role:slave')).length ===
          size * replicas,
      'cluster_state:ok on every node, every replica in sync',
    );
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
