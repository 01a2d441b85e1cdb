/** Redis endpoints for tests, as laid out by global-setup.ts. */
import { Cluster, Redis } from 'ioredis';

export function redisUrl(): string {
  const url = process.env.REDIS_URL;
  if (!url)
    throw new Error(
      'REDIS_URL is not set: run the tests with `npm test` (test/support/global-setup.ts finds or starts Redis)',
    );
  return url;
}

export function clusterNodes(): { host: string; port: number }[] {
  const nodes = process.env.REDIS_CLUSTER_NODES;
  if (!nodes) throw new Error('REDIS_CLUSTER_NODES is not set: run the tests with `npm test`');
  return nodes.split(',').map((hp) => {
    const [host, port] = hp.split(':');
    return { host: host!, port: Number(port) };
  });
}

/** A plain client for assertions (PTTL, GET); the caller quits it. */
export function adminClient(): Redis {
  return new Redis(redisUrl(), { lazyConnect: false, maxRetriesPerRequest: 1 });
}

export function adminCluster(): Cluster {
  return new Cluster(clusterNodes());
}

/** A prefix no other test run uses, so tests never need FLUSHDB on a shared Redis. */
export function uniqueService(name: string): string {
  return `t${process.pid}-${Date.now().toString(36)}-${name}`;
}
