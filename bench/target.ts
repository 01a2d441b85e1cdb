/** The Redis a benchmark run talks to, standalone or cluster, and the clients each contender uses. */
import { createClient, createCluster } from '@redis/client';
import { Cluster, Redis } from 'ioredis';

/** A standalone Redis by URL, or a cluster by its seed nodes. */
export type RedisTarget =
  | { readonly mode: 'standalone'; readonly url: string }
  | { readonly mode: 'cluster'; readonly nodes: readonly { host: string; port: number }[] };

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
      ? new Cluster([...target.nodes], { redisOptions: { maxRetriesPerRequest: 1, commandTimeout: 5000 } })
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
    }).connect();
  }
  return createClient({ url: target.url }).connect();
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
