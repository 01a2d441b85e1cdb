/**
 * The Redis a benchmark run talks to, standalone or cluster, and the clients each contender uses:
 * every client of every contender is made here, so that a target behind the latency proxy
 * (bench/latency.ts) reaches all of them.
 */
import { createClient, createCluster } from '@redis/client';
import { Cluster, Redis } from 'ioredis';
import type { RedisConnectionOptions } from '../lib/index.ts';

export interface NodeAddress {
  host: string;
  port: number;
}

/**
 * A standalone Redis by URL, or a cluster by its seed nodes. A cluster's nodes announce their own
 * `host:port` (CLUSTER SLOTS, MOVED); `addressMap` says where to connect instead for each announced
 * address (the latency proxy's listener in front of that node), and then `nodes` are those listeners.
 */
export type RedisTarget =
  | { readonly mode: 'standalone'; readonly url: string }
  | {
      readonly mode: 'cluster';
      readonly nodes: readonly NodeAddress[];
      readonly addressMap?: Readonly<Record<string, NodeAddress>>;
    };

/**
 * Host and port of a target's first node, for redis-benchmark.
 *
 * @example
 * firstNode({ mode: 'standalone', url: 'redis://127.0.0.1:6379' }); // { host: '127.0.0.1', port: 6379 }
 */
export function firstNode(target: RedisTarget): { host: string; port: number } {
  if (target.mode === 'cluster') return target.nodes[0]!;
  const url = new URL(target.url);
  return { host: url.hostname, port: Number(url.port || 6379) };
}

/**
 * A connected ioredis client (one retry per request, 5 s command timeout).
 *
 * @example
 * const redis = await ioredisClient(target);
 */
export async function ioredisClient(target: RedisTarget): Promise<Redis | Cluster> {
  const client =
    target.mode === 'cluster'
      ? new Cluster([...target.nodes], {
          redisOptions: { maxRetriesPerRequest: 1, commandTimeout: 5000 },
          ...(target.addressMap ? { natMap: { ...target.addressMap } } : {}),
        })
      : new Redis(target.url, { maxRetriesPerRequest: 1, commandTimeout: 5000, lazyConnect: true });
  if (client instanceof Redis) await client.connect();
  else
    await new Promise<void>((resolve, reject) => {
      client.once('ready', () => resolve());
      client.once('error', reject);
    });
  return client;
}

/**
 * A connected node-redis (@redis/client) client, the one Powertools documents for its cache persistence layer.
 *
 * @example
 * const persistenceStore = new CachePersistenceLayer({ client: await nodeRedisClient(target) });
 */
export async function nodeRedisClient(target: RedisTarget) {
  if (target.mode === 'cluster') {
    return createCluster({
      rootNodes: target.nodes.map((n) => ({ url: `redis://${n.host}:${n.port}` })),
      ...(target.addressMap ? { nodeAddressMap: { ...target.addressMap } } : {}),
    }).connect();
  }
  return createClient({ url: target.url }).connect();
}

/**
 * What kafkaHandler's `redis` option gets: connection options, so that the core makes its own
 * connection as in Lambda; or, for a cluster behind an address map (which those options cannot
 * carry), an ioredis `Cluster` made like the core's own (lazy, no offline queue, no per-request
 * retries, 1 s connect and slots-refresh timeout) plus `natMap`.
 *
 * @example
 * const handler = kafkaHandler({ ..., redis: kafkaHandlerRedis(target) });
 */
export function kafkaHandlerRedis(target: RedisTarget): RedisConnectionOptions | Cluster {
  if (target.mode === 'standalone') return { url: target.url };
  const first = target.nodes[0]!;
  if (!target.addressMap) return { url: `redis://${first.host}:${first.port}`, cluster: true };
  const cluster = new Cluster([...target.nodes], {
    natMap: { ...target.addressMap },
    lazyConnect: true,
    enableOfflineQueue: false,
    slotsRefreshTimeout: 1000,
    redisOptions: { maxRetriesPerRequest: 0, connectTimeout: 1000 },
  });
  // Errors surface through the commands, as on the core's own client.
  cluster.on('error', () => {});
  return cluster;
}

/**
 * Remove every key matching `pattern` (SCAN + UNLINK on each master): the benchmark never flushes a shared Redis.
 *
 * @example
 * await removeKeys(target, 'bench-1a2b:*');
 */
export async function removeKeys(target: RedisTarget, pattern: string): Promise<number> {
  const client = await ioredisClient(target);
  const nodes = client instanceof Cluster ? client.nodes('master') : [client];
  let removed = 0;
  try {
    for (const node of nodes) {
      let cursor = '0';
      do {
        const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        // One key per UNLINK: in a cluster a multi-key UNLINK must stay within one slot.
        if (keys.length > 0) {
          const pipeline = node.pipeline();
          for (const key of keys) pipeline.unlink(key);
          await pipeline.exec();
          removed += keys.length;
        }
      } while (cursor !== '0');
    }
  } finally {
    client.disconnect();
  }
  return removed;
}
