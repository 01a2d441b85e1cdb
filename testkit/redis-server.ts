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
import { Redis } from 'ioredis';

/** A Redis process this module started; `stop()` ends it and removes its folder. */
export interface LocalRedis {
  readonly url: string;
  readonly port: number;
  readonly process: ChildProcess;
  /** SIGSTOP: the server keeps its sockets but answers nothing (a "slow" or hung Redis). */
  pause(): void;
  /** SIGCONT after {@link LocalRedis.pause}. */
  resume(): void;
  /** SIGKILL, as a host that dies: nothing is flushed; the folder (and a cluster's nodes.conf) stays for {@link LocalRedis.restart}. */
  crash(): Promise<void>;
  /** Start the server again on the same port and folder after {@link LocalRedis.crash}; a cluster node rejoins with its old identity. */
  restart(): Promise<void>;
  /** True while the process runs. */
  readonly running: boolean;
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
  return spawnSync(redisServerBinary(), ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * The server this module starts: `MSK_ONCE_REDIS_SERVER` (a path to another build, such as a
 * Valkey's `valkey-server`, which takes the same arguments), else `redis-server` on the PATH.
 *
 * @example
 * // MSK_ONCE_REDIS_SERVER=~/.cache/msk-once/valkey/bin/valkey-server npm test
 * redisServerBinary(); // 'redis-server' when the variable is unset
 */
export function redisServerBinary(): string {
  return process.env.MSK_ONCE_REDIS_SERVER || 'redis-server';
}

/** The CLI that creates clusters: `MSK_ONCE_REDIS_CLI` (`valkey-cli`), else `redis-cli`. @internal */
export function redisCliBinary(): string {
  return process.env.MSK_ONCE_REDIS_CLI || 'redis-cli';
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
  const args = [
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
  ];
  let child: ChildProcess;
  let exited = false;
  let gone: Promise<void> = Promise.resolve();
  const launch = async () => {
    child = spawn(redisServerBinary(), args, { stdio: 'ignore', detached: false });
    exited = false;
    gone = new Promise((resolve) =>
      child.once('exit', () => {
        exited = true;
        resolve();
      }),
    );
    // A busy machine may take a while; an exit (the port taken meanwhile) ends the wait at once.
    await waitFor(
      async () => exited || (await pingRedis('127.0.0.1', port)),
      `redis-server on port ${port}`,
      30_000,
    );
    if (exited) throw new RedisStartError(port);
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get process() {
      return child;
    },
    get running() {
      return !exited;
    },
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    crash: async () => {
      if (exited) return;
      child.kill('SIGKILL');
      await gone;
    },
    restart: async () => {
      if (!exited) throw new Error(`redis-server on port ${port} is still running; crash() it first`);
      await launch();
    },
    stop: async () => {
      if (!exited) {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** redis-server ended while starting: most often its port was taken between freePort() and the bind. */
export class RedisStartError extends Error {
  readonly port: number;
  constructor(port: number) {
    super(`redis-server on port ${port} exited while starting (is the port in use?)`);
    this.port = port;
    this.name = 'RedisStartError';
  }
}

/** What {@link startRedisCluster} builds: masters share the 16,384 slots, each with its replicas. */
export interface RedisClusterOptions {
  /** Masters sharing the slots (at least 3, as `redis-cli --cluster create` wants); default 3. */
  masters?: number;
  /** Replicas per master; default 0. */
  replicas?: number;
  /** `cluster-node-timeout`: how long a node may be silent before it is failed over; default 2,000 ms. */
  nodeTimeoutMs?: number;
}

/** A local Redis Cluster (masters, and replicas if asked), as ElastiCache Serverless speaks cluster mode. */
export interface LocalRedisCluster {
  /** Every node, masters first in the order started; startup nodes for a cluster client. */
  readonly nodes: { host: string; port: number }[];
  /** The servers in the order of {@link LocalRedisCluster.nodes}; which one is master changes with failovers. */
  readonly servers: LocalRedis[];
  readonly nodeTimeoutMs: number;
  stop(): Promise<void>;
}

/** One node as CLUSTER NODES describes it. @internal */
export interface ClusterNodeView {
  id: string;
  port: number;
  role: 'master' | 'replica';
  /** True for the node that answered. */
  myself: boolean;
  /** The master's id for a replica. */
  masterId?: string;
  /** fail, pfail, handshake, noaddr flags as the node sees them. */
  flags: string[];
  /** Slot ranges [first, last] a master serves. */
  slots: [number, number][];
}

/**
 * Send one command to one node on a short-lived connection that never retries or queues.
 *
 * @example
 * const info = await nodeCommand(7000, 'CLUSTER', 'INFO');
 */
export async function nodeCommand(port: number, ...command: (string | number)[]): Promise<unknown> {
  const client = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    connectTimeout: 1000,
    commandTimeout: 5000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return await client.call(String(command[0]), ...command.slice(1).map(String));
  } finally {
    client.disconnect();
  }
}

/**
 * CLUSTER NODES as seen from `port`, parsed.
 *
 * @example
 * const masters = (await clusterNodesOf(7000)).filter((n) => n.role === 'master');
 */
export async function clusterNodesOf(port: number): Promise<ClusterNodeView[]> {
  const text = String(await nodeCommand(port, 'CLUSTER', 'NODES'));
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [id, address, flagText, master, , , , , ...slotText] = line.split(' ');
      const flags = flagText!.split(',');
      const slots: [number, number][] = [];
      for (const s of slotText) {
        if (s.startsWith('[')) continue; // a slot being imported or migrated, reported elsewhere
        const [a, b] = s.split('-');
        slots.push([Number(a), Number(b ?? a)]);
      }
      return {
        id: id!,
        port: Number(address!.split('@')[0]!.split(':')[1]),
        role: flags.includes('master') ? 'master' : 'replica',
        myself: flags.includes('myself'),
        masterId: master === '-' ? undefined : master,
        flags: flags.filter((f) => !['myself', 'master', 'slave', 'noflags', 'nofailover'].includes(f)),
        slots,
      } satisfies ClusterNodeView;
    });
}

async function clusterInfo(port: number): Promise<Record<string, string>> {
  const text = String(await nodeCommand(port, 'CLUSTER', 'INFO'));
  return Object.fromEntries(
    text
      .trim()
      .split('\r\n')
      .map((l) => l.split(':') as [string, string]),
  );
}

/**
 * Why the cluster of these running servers is not healthy yet, or undefined when it is: every
 * node says cluster_state:ok and sees every other node without a fail flag, all nodes agree on
 * which master serves each slot, no slot is migrating, every master serves slots, and every
 * replica's link to its master is up and in sync.
 *
 * @example
 * assert.equal(await clusterUnhealthy(cluster), undefined);
 */
export async function clusterUnhealthy(
  cluster: Pick<LocalRedisCluster, 'servers'>,
): Promise<string | undefined> {
  const running = cluster.servers.filter((s) => s.running);
  try {
    let agreed: string | undefined;
    for (const server of running) {
      const info = await clusterInfo(server.port);
      if (info.cluster_state !== 'ok') return `${server.port}: cluster_state:${info.cluster_state}`;
      const view = await clusterNodesOf(server.port);
      const known = new Set(view.map((n) => n.port));
      for (const other of running)
        if (!known.has(other.port)) return `${server.port} does not know ${other.port}`;
      const flagged = view.find((n) => n.flags.length > 0 && running.some((r) => r.port === n.port));
      if (flagged) return `${server.port} sees ${flagged.port} as ${flagged.flags.join(',')}`;
      const map = view
        .filter((n) => n.role === 'master' && n.slots.length > 0)
        .map((n) => `${n.port}:${n.slots.map((r) => r.join('-')).join(',')}`)
        .sort()
        .join(' ');
      if (agreed === undefined) agreed = map;
      else if (agreed !== map) return `nodes disagree on the slot map: ${agreed} vs ${map}`;
      const text = String(await nodeCommand(server.port, 'CLUSTER', 'NODES'));
      if (text.includes('->-') || text.includes('-<-'))
        return `${server.port}: a slot is migrating or importing`;
      const me = view.find((n) => n.myself);
      // A master without slots is a node between roles here: a killed master restarted, not yet
      // told it is its successor's replica.
      if (me?.role === 'master' && me.slots.length === 0) return `${server.port}: a master without slots`;
      if (me?.role === 'replica') {
        const replication = String(await nodeCommand(server.port, 'INFO', 'replication'));
        if (!replication.includes('master_link_status:up')) return `${server.port}: replica link down`;
        if (replication.includes('master_sync_in_progress:1')) return `${server.port}: replica syncing`;
      }
    }
    return undefined;
  } catch (error) {
    return `no answer: ${(error as Error).message}`;
  }
}

/**
 * Wait until {@link clusterUnhealthy} says nothing, polling every 50 ms; returns the time waited.
 *
 * @example
 * const recoveredMs = await waitClusterHealthy(cluster);
 */
export async function waitClusterHealthy(
  cluster: Pick<LocalRedisCluster, 'servers'>,
  timeoutMs = 30_000,
): Promise<number> {
  const start = Date.now();
  let why: string | undefined = 'not asked yet';
  while (Date.now() - start < timeoutMs) {
    why = await clusterUnhealthy(cluster);
    if (why === undefined) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the local Redis cluster was not healthy within ${timeoutMs} ms: ${why}`);
}

/**
 * Start a Redis Cluster: `masters` redis-server processes joined with `redis-cli --cluster create`,
 * then `replicas` more per master joined with CLUSTER MEET and CLUSTER REPLICATE. Returns once
 * every node says cluster_state:ok, agrees on the slot map, and every replica is in sync.
 * `startRedisCluster(3)` is three masters without replicas, as before.
 *
 * @example
 * const cluster = await startRedisCluster({ masters: 3, replicas: 1, nodeTimeoutMs: 1000 });
 * const client = new Cluster(cluster.nodes);
 */
export async function startRedisCluster(
  options: number | RedisClusterOptions = {},
): Promise<LocalRedisCluster> {
  const {
    masters = 3,
    replicas = 0,
    nodeTimeoutMs = 2000,
  } = typeof options === 'number' ? { masters: options } : options;
  if (masters < 3) throw new Error(`startRedisCluster: masters must be at least 3, got ${masters}`);
  const servers: LocalRedis[] = [];
  const start = async (attempt = 1): Promise<LocalRedis> => {
    const port = await freePort();
    const server = await startRedisServer({
      port,
      args: [
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        `nodes-${port}.conf`,
        '--cluster-node-timeout',
        String(nodeTimeoutMs),
      ],
    }).catch((error) => {
      // Another process took the free port first: take another one.
      if (error instanceof RedisStartError && attempt < 3) return undefined;
      throw error;
    });
    if (!server) return start(attempt + 1);
    servers.push(server);
    return server;
  };
  try {
    for (let i = 0; i < masters; i++) await start();
    const created = await new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn(redisCliBinary(), [
        '--cluster',
        'create',
        ...servers.map((s) => `127.0.0.1:${s.port}`),
        '--cluster-replicas',
        '0',
        '--cluster-yes',
      ]);
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      child.once('close', (status) => resolve({ status, output }));
    });
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.output}`);
    const first = servers[0]!;
    const masterIds = await Promise.all(
      servers.map(async (s) => String(await nodeCommand(s.port, 'CLUSTER', 'MYID'))),
    );
    for (let r = 0; r < replicas; r++) {
      for (let m = 0; m < masters; m++) {
        const replica = await start();
        await nodeCommand(replica.port, 'CLUSTER', 'MEET', '127.0.0.1', first.port);
        // REPLICATE needs the master known to this node first.
        await waitFor(
          async () => (await clusterNodesOf(replica.port)).some((n) => n.id === masterIds[m]),
          `node ${replica.port} to learn of master ${servers[m]!.port}`,
        );
        await nodeCommand(replica.port, 'CLUSTER', 'REPLICATE', masterIds[m]!);
      }
    }
    await waitClusterHealthy({ servers }, 30_000);
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop()));
    throw error;
  }
  return {
    nodes: servers.map((s) => ({ host: '127.0.0.1', port: s.port })),
    servers,
    nodeTimeoutMs,
    stop: async () => {
      await Promise.all(servers.map((s) => s.stop()));
    },
  };
}
