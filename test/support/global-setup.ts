/**
 * `node --test --test-global-setup`: make sure the tests have a real Redis, standalone and cluster.
 *
 * Standalone: REDIS_URL if set, else 127.0.0.1:6379 if it answers, else a redis-server we start.
 * Cluster: REDIS_CLUSTER_NODES ("host:port,host:port") if set, else three nodes we start.
 * With neither a Redis nor redis-server installed, the run fails here with a message that says so;
 * Redis tests are never skipped silently.
 */
import {
  hasRedisServer,
  type LocalRedis,
  type LocalRedisCluster,
  startRedisCluster,
  startRedisServer,
} from '../../testkit/index.ts';
import { pingRedis } from '../../testkit/internal/index.ts';

let standalone: LocalRedis | undefined;
let cluster: LocalRedisCluster | undefined;

/**
 * The whole run's limit. The runner does not force files to exit (`--test-force-exit` drops the
 * tail of a file's verdicts on Linux and still exits 0: nodejs/node#64833, seen here as three
 * tests of a file gone from a green run's count), so a file that leaves a handle open would keep
 * the run waiting: it fails instead, loudly, well inside CI's time. A full run takes ~7 minutes.
 */
const RUN_LIMIT_MS = 40 * 60_000;

export async function globalSetup(): Promise<void> {
  setTimeout(() => {
    console.error(
      `[test setup] the run has taken over ${RUN_LIMIT_MS / 60_000} minutes: a test file has not exited (a connection, server or timer left open?). Failing the run.`,
    );
    // The Redis servers this setup started go too; the run ends either way.
    globalTeardown().finally(() => process.exit(1));
    setTimeout(() => process.exit(1), 10_000).unref();
  }, RUN_LIMIT_MS).unref();
  if (!process.env.REDIS_URL) {
    if (await pingRedis('127.0.0.1', 6379)) {
      process.env.REDIS_URL = 'redis://127.0.0.1:6379';
    } else if (hasRedisServer()) {
      standalone = await startRedisServer();
      process.env.REDIS_URL = standalone.url;
    } else {
      throw new Error(
        'The tests need Redis 7: nothing answered at 127.0.0.1:6379 and redis-server is not on PATH.\n' +
          'Install it (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) or set REDIS_URL.',
      );
    }
  }
  if (!process.env.REDIS_CLUSTER_NODES) {
    if (!hasRedisServer()) {
      throw new Error(
        'The cluster tests start a three-node Redis Cluster with redis-server, which is not on PATH; install Redis 7 or set REDIS_CLUSTER_NODES.',
      );
    }
    cluster = await startRedisCluster(3);
    process.env.REDIS_CLUSTER_NODES = cluster.nodes.map((n) => `${n.host}:${n.port}`).join(',');
  }
  console.error(`[test setup] Redis ${process.env.REDIS_URL}; cluster ${process.env.REDIS_CLUSTER_NODES}`);
}

export async function globalTeardown(): Promise<void> {
  await cluster?.stop();
  await standalone?.stop();
}
