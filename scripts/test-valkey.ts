/**
 * `npm run test:valkey`: the store's tests against Valkey, the engine ElastiCache runs (the CDK
 * app's default is Valkey 9), where `npm test` runs them against Redis 7.
 *
 * Valkey comes from scripts/build-valkey.sh (Debian's source package, built once into
 * ~/.cache/msk-once/valkey). This starts a standalone Valkey and points the tests at it
 * (REDIS_URL), and makes every server and cluster the tests start themselves a Valkey too
 * (MSK_ONCE_REDIS_SERVER, MSK_ONCE_REDIS_CLI: test/support/global-setup.ts starts the three-node
 * cluster, the fault suites their own with replicas). Before the tests run, each kind of server is
 * asked what it is: a run that would test Redis under Valkey's name fails instead.
 *
 * Options: test files to run instead of the list below.
 */
import { spawn } from 'node:child_process';
import { startRedisCluster, startRedisServer } from '../testkit/redis-server.ts';
import { useValkey, valkeyAt } from './valkey.ts';

/** The tests whose subject is what the server does: scripts, slots, ACL, TLS, faults, rollouts. */
const STORE_TESTS = [
  'test/core/store-scripts.test.ts',
  'test/core/script-chunks.test.ts',
  'test/core/semantics.test.ts',
  'test/core/lease.test.ts',
  'test/core/claim-loss.test.ts',
  'test/core/held-claim-wait.test.ts',
  'test/core/store-faults.test.ts',
  'test/core/store-acl.test.ts',
  'test/core/tls-auth.test.ts',
  'test/core/reconnect.test.ts',
  'test/core/connection-failures.test.ts',
  'test/core/cluster.test.ts',
  'test/core/cluster-redirections.test.ts',
  'test/core/key-rollout.test.ts',
  'test/core/upgrade-0.2.0.test.ts',
  'test/core/upgrade-0.3.0.test.ts',
  'test/core/declared-keys.test.ts',
  'test/core/dedup-mark.test.ts',
  'test/core/cleanup.test.ts',
  'test/reliability/redis-faults.test.ts',
  'test/reliability/cluster-faults.test.ts',
];

// Here (the probes below) and in the test run: every server the test kit starts is a Valkey.
useValkey();

const standalone = await startRedisServer();
let code = 1;
try {
  const engine = await valkeyAt(standalone.port, 'test:valkey');
  const probe = await startRedisCluster(3);
  try {
    for (const node of probe.nodes) await valkeyAt(node.port, 'test:valkey');
  } finally {
    await probe.stop();
  }
  const files = process.argv.slice(2).length > 0 ? process.argv.slice(2) : STORE_TESTS;
  console.error(`[test:valkey] ${engine} at ${standalone.url}; ${files.length} test files`);
  code = await new Promise<number>((resolve) => {
    // npm's test:file: the same node flags and global setup as `npm test`, one file at a time.
    const child = spawn('npm', ['run', '-s', 'test:file', '--', '--test-concurrency=1', ...files], {
      stdio: 'inherit',
      env: { ...process.env, REDIS_URL: standalone.url, REDIS_CLUSTER_NODES: '' },
    });
    child.once('exit', (status) => resolve(status ?? 1));
  });
} finally {
  await standalone.stop();
}
process.exit(code);
