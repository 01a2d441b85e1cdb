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
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { nodeCommand } from '../testkit/internal/index.ts';
import { startRedisCluster, startRedisServer } from '../testkit/redis-server.ts';

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

const bin = execFileSync('bash', [join(import.meta.dirname, 'build-valkey.sh')], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
})
  .trim()
  .split('\n')
  .pop()!;
// Here (the probes below) and in the test run: every server the test kit starts is a Valkey.
process.env.MSK_ONCE_REDIS_SERVER = join(bin, 'valkey-server');
process.env.MSK_ONCE_REDIS_CLI = join(bin, 'valkey-cli');

/** The server's own name and version from INFO: Valkey says `server_name:valkey`. */
async function engineOf(port: number): Promise<string> {
  const info = String(await nodeCommand(port, 'INFO', 'server'));
  const name = /server_name:(\S+)/.exec(info)?.[1];
  const version = /valkey_version:(\S+)/.exec(info)?.[1];
  if (name !== 'valkey' || !version)
    throw new Error(
      `test:valkey: the server on port ${port} is not a Valkey (INFO server says ${name ?? 'redis'})`,
    );
  return `Valkey ${version}`;
}

const standalone = await startRedisServer();
let code = 1;
try {
  const engine = await engineOf(standalone.port);
  const probe = await startRedisCluster(3);
  try {
    for (const node of probe.nodes) await engineOf(node.port);
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
