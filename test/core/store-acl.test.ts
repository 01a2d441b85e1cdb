/**
 * The ElastiCache user of a service (DedupCache's access string, lib/contract.ts) in front of a
 * real Redis and a real cluster with replicas: the store works as that user (claim, commit, release,
 * extend, the previous-format read, an ASK redirection, a slot refresh), the server refuses it
 * nothing, and refuses it everything else. Each command of the list is needed: without any one of
 * them a store operation fails (or, for the three whose refusal ioredis tolerates, the server logs
 * the refusal).
 *
 * Servers of its own (testkit starters), so that no user is left on a shared Redis.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Cluster, Redis } from 'ioredis';
import { monotonicFactory } from 'ulid';
import { accessString } from '../../infra/cdk/dedup-cache.ts';
import { tagOfCrc } from '../../lib/contract/dedup-key.ts';
import { previousFormatKey } from '../../lib/contract/previous-key-formats.ts';
import {
  DEDUP_USER_COMMANDS,
  dedupKey,
  dedupKeyPrefix,
  dedupUserAccessString,
  dedupUserKeyPattern,
} from '../../lib/contract.ts';
import { DONE } from '../../lib/dedup/redis-store.ts';
import { RolloutDedupStore } from '../../lib/dedup/rollout-store.ts';
import { RedisDedupStore } from '../../lib/index.ts';
import {
  type LocalRedis,
  type LocalRedisCluster,
  startRedisCluster,
  startRedisServer,
} from '../../testkit/index.ts';

const USER = 'dedup-acl';
/** The dedup window of every claim and commit: a claim reads the mark slices of its window. */
const WINDOW_MS = 600_000;
const PASSWORD = 'acl-test-password';
// Fixed ids (a seeded time): the same buckets, lone and shared, on every run.
const nextId = monotonicFactory(() => 0.5);
let clock = 1_700_000_000_000;
const id = () => {
  clock += 1;
  return nextId(clock);
};

/**
 * Commands ioredis sends but goes on without when refused (its ready check, the name and READONLY
 * of its slot-refresh connection): refused, only the server's ACL LOG tells.
 */
const REFUSAL_TOLERATED: ReadonlySet<string> = new Set(['info', 'client|setname', 'readonly']);

let standalone: LocalRedis;
let cluster: LocalRedisCluster;
const admins = new Map<number, Redis>();

before(async () => {
  standalone = await startRedisServer();
  cluster = await startRedisCluster({ masters: 3, replicas: 1 });
  for (const port of [standalone.port, ...cluster.servers.map((s) => s.port)]) {
    admins.set(port, new Redis({ host: '127.0.0.1', port, lazyConnect: false, maxRetriesPerRequest: 1 }));
  }
});
after(async () => {
  await Promise.all([...admins.values()].map((a) => a.quit()));
  await cluster?.stop();
  await standalone?.stop();
});

type Mode = 'standalone' | 'cluster';
const portsOf = (mode: Mode) =>
  mode === 'standalone' ? [standalone.port] : cluster.servers.map((s) => s.port);

/** The user, on every node (ACLs are per node, replicas included), from the access string as is. */
async function setUser(mode: Mode, access: string): Promise<void> {
  for (const port of portsOf(mode)) {
    const admin = admins.get(port)!;
    await admin.call('ACL', 'SETUSER', USER, 'reset', `>${PASSWORD}`, ...access.split(' '));
    await admin.call('ACL', 'LOG', 'RESET');
  }
}

/** The commands (or keys) the servers refused the user since {@link setUser}. */
async function refusals(mode: Mode): Promise<string[]> {
  const refused = new Set<string>();
  for (const port of portsOf(mode)) {
    const entries = (await admins.get(port)!.call('ACL', 'LOG', '128')) as unknown[][];
    for (const entry of entries) {
      const fields = new Map<string, unknown>();
      for (let i = 0; i < entry.length; i += 2) fields.set(String(entry[i]), entry[i + 1]);
      if (fields.get('username') !== USER) continue;
      refused.add(`${fields.get('reason')}:${fields.get('object')}`);
    }
  }
  return [...refused].sort();
}

function storeAs(mode: Mode, more: { eventsPerSecond?: number; now?: () => number } = {}): RedisDedupStore {
  const port = mode === 'standalone' ? standalone.port : cluster.servers[0]!.port;
  return new RedisDedupStore({
    ...more,
    redis: {
      url: `redis://127.0.0.1:${port}`,
      cluster: mode === 'cluster',
      username: USER,
      password: PASSWORD,
      connectTimeoutMs: 1500,
      commandTimeoutMs: 1500,
    },
  });
}

/** One slot refresh of the store's cluster client, from a node it picks at random. */
function refreshSlots(store: RedisDedupStore): Promise<void> {
  return new Promise((resolve) => {
    (store.client as Cluster).refreshSlotsCache(() => resolve());
  });
}

/** A master of the cluster by port, and its node id. */
async function masters(): Promise<{ port: number; id: string; slots: [number, number][] }[]> {
  const admin = admins.get(cluster.servers[0]!.port)!;
  const shards = (await admin.call('CLUSTER', 'SLOTS')) as [number, number, [string, number, string]][];
  const byPort = new Map<number, { port: number; id: string; slots: [number, number][] }>();
  for (const [from, to, [, port, nodeId]] of shards) {
    const m = byPort.get(port) ?? { port, id: nodeId, slots: [] };
    m.slots.push([from, to]);
    byPort.set(port, m);
  }
  return [...byPort.values()];
}

/**
 * `<prefix>{<tag>}<eventId>`, a key of the current format (its DONE mark hashes in its slot), with
 * the tag of the first slot from a random one on that holds no key yet.
 */
async function keyOfEmptySlot(prefix: string, eventId: string): Promise<string> {
  const admin = new Cluster(portsOf('cluster').map((port) => ({ host: '127.0.0.1', port })));
  const from = Math.floor(Math.random() * 16_384);
  try {
    for (let n = 0; ; n++) {
      const key = `${prefix}{${tagOfCrc((from + n) % 16_384)}}${eventId}`;
      const slot = (await admin.call('CLUSTER', 'KEYSLOT', key)) as number;
      const keys = await Promise.all(
        admin.nodes('master').map((node) => node.call('CLUSTER', 'COUNTKEYSINSLOT', String(slot))),
      );
      if (keys.every((k) => k === 0)) return key;
    }
  } finally {
    await admin.quit();
  }
}

/**
 * A slot migration under the store: the key's slot is moving from its master to another, the key
 * not yet moved, so its master answers ASK, and the client must send ASKING to the new one. Then the
 * migration ends and the old master answers MOVED: the client refreshes its slot map.
 */
async function migrating(key: string, run: () => Promise<void>, done: () => Promise<void>) {
  const admin = admins.get(cluster.servers[0]!.port)!;
  const slot = (await admin.call('CLUSTER', 'KEYSLOT', key)) as number;
  const all = await masters();
  const source = all.find((m) => m.slots.some(([a, b]) => slot >= a && slot <= b))!;
  const target = all.find((m) => m !== source)!;
  // The migration can end only when the old master holds no key of the slot.
  assert.equal(await admins.get(source.port)!.call('CLUSTER', 'COUNTKEYSINSLOT', String(slot)), 0);
  await admins.get(target.port)!.call('CLUSTER', 'SETSLOT', String(slot), 'IMPORTING', source.id);
  await admins.get(source.port)!.call('CLUSTER', 'SETSLOT', String(slot), 'MIGRATING', target.id);
  try {
    await run();
  } finally {
    for (const m of [target, source, ...all.filter((x) => x !== source && x !== target)]) {
      await admins.get(m.port)!.call('CLUSTER', 'SETSLOT', String(slot), 'NODE', target.id);
    }
  }
  await done();
}

/**
 * Every store operation as the user: returns what failed (empty: all went through) and checks the
 * outcomes of those that went through.
 */
async function exercise(
  mode: Mode,
  service: string,
  { refreshes = 8, untilFailure = false } = {},
): Promise<string[]> {
  const failures: string[] = [];
  const store = storeAs(mode);
  const attempt = async <T>(what: string, run: () => Promise<T>): Promise<T | undefined> => {
    // Once something failed, the rest tells nothing more (and each would wait for a connection).
    if (untilFailure && failures.length > 0) return undefined;
    try {
      const result = await run();
      const failed = Array.isArray(result) ? result.find((r) => r instanceof Error) : undefined;
      if (failed) failures.push(`${what}: ${(failed as Error).message}`);
      return failed ? undefined : result;
    } catch (error) {
      failures.push(`${what}: ${(error as Error).message}`);
      return undefined;
    }
  };
  const expect = (what: string, actual: unknown, expected: unknown) => {
    try {
      assert.deepEqual(actual, expected);
    } catch {
      failures.push(`${what}: ${JSON.stringify(actual instanceof Set ? [...actual] : actual)}`);
    }
  };
  const prefix = dedupKeyPrefix(service, 'h');
  // 200 events over the 128 buckets: buckets with one key (single commands on a cluster) and
  // buckets with several (scripts).
  const keys = Array.from({ length: 200 }, () => dedupKey(prefix, id()));
  try {
    for (const owner of ['a', 'b']) {
      // Twice each, on one connection: ioredis sends a script's text first, its hash after.
      const claimed = await attempt(`claim ${owner}`, () => store.claim(keys, owner, 60_000, WINDOW_MS));
      if (claimed) expect(`claim ${owner}`, new Set(claimed), new Set(['claimed']));
      const renewed = await attempt(`extend ${owner}`, () => store.extend(keys, owner, 60_000));
      if (renewed) expect(`extend ${owner}`, new Set(renewed), new Set(['renewed']));
      await attempt(`release ${owner}`, () => store.release(keys, owner));
    }
    const claimed = await attempt('claim c', () => store.claim(keys, 'c', 60_000, WINDOW_MS));
    if (claimed) await attempt('commit c', () => store.commit(keys, 'c', WINDOW_MS));
    await attempt('commit c again', () => store.commit(keys, 'c', WINDOW_MS));
    const repeat = await attempt('claim d', () => store.claim(keys, 'd', 60_000, WINDOW_MS));
    if (repeat) expect('claim d (committed keys are done)', new Set(repeat), new Set(['done']));

    // A full mark hash: a commit reads it (HGETALL) and deletes its stale marks (HDEL). One tag and
    // one mark bucket (rate 1): 60 marks ten slices back, then 60 now, in one hash.
    const sliceMs = Math.ceil(WINDOW_MS / 4);
    const now = Date.now();
    for (const [at, what] of [
      [now - 10 * sliceMs, 'commit into a hash, ten slices back'],
      [now, 'commit into that hash past its fill'],
    ] as const) {
      const timed = storeAs(mode, { eventsPerSecond: 1, now: () => at });
      const tagged = Array.from({ length: 60 }, () => `${prefix}{@@@@@}${id()}`);
      try {
        await attempt(what, () => timed.commit(tagged, 'c', WINDOW_MS));
      } finally {
        await timed.close();
      }
    }

    // The rollout's previous-format read: an event marked DONE under its 0.2.0 key.
    const old = dedupKey(prefix, id());
    const writer =
      mode === 'standalone'
        ? admins.get(standalone.port)!
        : new Cluster(portsOf(mode).map((port) => ({ host: '127.0.0.1', port })));
    await writer.set(previousFormatKey('0.2.0', old)!, DONE, 'PX', 60_000);
    if (writer instanceof Cluster) await writer.quit();
    const rollout = new RolloutDedupStore(store, '0.2.0');
    const previous = await attempt('claim previous', () => rollout.claim([old], 'e', 60_000, WINDOW_MS));
    if (previous) expect('claim previous (done under the previous format)', previous, ['done']);

    if (mode === 'cluster') {
      // A key of a slot of its own (its own hash tag), so that the slot can move.
      const moving = await keyOfEmptySlot(prefix, id());
      await migrating(
        moving,
        async () => {
          const asked = await attempt('claim during migration', () =>
            store.claim([moving], 'f', 60_000, WINDOW_MS),
          );
          if (asked) expect('claim during migration', asked, ['claimed']);
          await attempt('commit during migration', () => store.commit([moving], 'f', WINDOW_MS));
        },
        async () => {
          const moved = await attempt('claim after migration', () =>
            store.claim([moving], 'g', 60_000, WINDOW_MS),
          );
          if (moved) expect('claim after migration', moved, ['done']);
        },
      );
      // Refreshes from random nodes, replicas among them (their refresh connection is READONLY).
      for (let i = 0; i < refreshes; i++) await refreshSlots(store);
      await attempt('claim after refreshes', () => store.claim([dedupKey(prefix, id())], 'h', 60_000));
    }
  } finally {
    await store.close();
  }
  return failures;
}

for (const mode of ['standalone', 'cluster'] as const) {
  describe(`the dedup store as its ElastiCache user (${mode})`, () => {
    test("the construct's access string: every operation goes through, nothing is refused", async () => {
      const service = `acl-${mode}`;
      await setUser(mode, accessString(service));
      assert.deepEqual(await exercise(mode, service), []);
      assert.deepEqual(await refusals(mode), [], 'the server refused the user nothing');
    });

    test('everything else is refused: FLUSHALL, KEYS, CONFIG, another service’s keys', async () => {
      const service = `acl-${mode}`;
      await setUser(mode, dedupUserAccessString(service));
      const port = portsOf(mode)[0]!;
      const user = new Redis({
        host: '127.0.0.1',
        port,
        username: USER,
        password: PASSWORD,
        maxRetriesPerRequest: 1,
      });
      try {
        for (const command of [
          ['FLUSHALL'],
          ['KEYS', '*'],
          ['CONFIG', 'GET', 'maxmemory'],
          ['ACL', 'LIST'],
          ['SCAN', '0'],
          ['MONITOR'],
        ]) {
          await assert.rejects(user.call(command[0]!, ...command.slice(1)), /NOPERM/, command.join(' '));
        }
        await assert.rejects(user.set('other:dedup:h:{0}x', '1'), /NOPERM/, 'another service’s key');
        await assert.rejects(user.get(`${service}:x`), /NOPERM/, 'a key outside the dedup keys');
        await assert.rejects(
          user.eval("return redis.call('SET', KEYS[1], '1')", 1, 'other:dedup:x'),
          /NOPERM|No permissions/,
        );
        assert.equal(await user.set(`${dedupUserKeyPattern(service).slice(0, -1)}x`, '1', 'PX', 1000), 'OK');
      } finally {
        user.disconnect();
      }
    });
  });
}

/**
 * Run `run` with unhandled rejections collected instead of failing the test run, for the one case
 * where a refusal can surface only that way (see the ASKING case below).
 */
async function collectingUnhandled<T>(run: () => Promise<T>): Promise<{ result: T; unhandled: string[] }> {
  const saved = process.listeners('unhandledRejection');
  process.removeAllListeners('unhandledRejection');
  const unhandled: string[] = [];
  const listener = (reason: unknown) => unhandled.push(`unhandled: ${(reason as Error)?.message ?? reason}`);
  process.on('unhandledRejection', listener);
  try {
    const result = await run();
    await new Promise((resolve) => setImmediate(resolve));
    return { result, unhandled };
  } finally {
    process.off('unhandledRejection', listener);
    for (const other of saved) process.on('unhandledRejection', other);
  }
}

/** Sent by the cluster client only: a standalone store never needs them. */
const CLUSTER_ONLY: ReadonlySet<string> = new Set([
  'cluster|info',
  'cluster|slots',
  'asking',
  'client|setname',
  'readonly',
]);

describe("standalone: each command of the list is needed, or is the cluster client's", () => {
  for (const command of DEDUP_USER_COMMANDS) {
    test(`without ${command}`, async () => {
      const service = `acl-standalone-without-${command.replace('|', '-')}`;
      await setUser(
        'standalone',
        dedupUserAccessString(
          service,
          DEDUP_USER_COMMANDS.filter((c) => c !== command),
        ),
      );
      const failures = await exercise('standalone', service, {
        untilFailure: !CLUSTER_ONLY.has(command) && !REFUSAL_TOLERATED.has(command),
      });
      const refused = await refusals('standalone');
      if (CLUSTER_ONLY.has(command)) {
        assert.deepEqual([failures, refused], [[], []], 'never sent by a standalone store');
      } else if (REFUSAL_TOLERATED.has(command)) {
        assert.deepEqual([failures, refused], [[], [`command:${command}`]], 'refused, ioredis goes on');
      } else {
        assert.ok(failures.length > 0, `a store operation fails without ${command}`);
        assert.ok(refused.includes(`command:${command}`), `the server refused ${command}: ${refused}`);
      }
    });
  }
});

describe('each command of the access string is needed (cluster: the superset of what the store sends)', () => {
  for (const command of DEDUP_USER_COMMANDS) {
    test(`without ${command}`, async () => {
      const service = `acl-without-${command.replace('|', '-')}`;
      await setUser(
        'cluster',
        dedupUserAccessString(
          service,
          DEDUP_USER_COMMANDS.filter((c) => c !== command),
        ),
      );
      // READONLY goes only to a replica, and a refresh picks its node at random (half of them are
      // replicas): 64 refreshes all missing the replicas has a chance of 2^-64.
      const { result: failures, unhandled } = await collectingUnhandled(() =>
        exercise('cluster', service, {
          refreshes: command === 'readonly' ? 64 : 8,
          untilFailure: !REFUSAL_TOLERATED.has(command),
        }),
      );
      // ioredis sends the ASKING of a redirected command without handling its answer: refused, it
      // surfaces as an unhandled rejection (on Lambda the runtime then exits), never as a reply.
      if (command === 'asking') failures.push(...unhandled);
      else assert.deepEqual(unhandled, [], 'no unhandled rejection');
      const refused = await refusals('cluster');
      if (REFUSAL_TOLERATED.has(command)) {
        assert.deepEqual(failures, [], 'ioredis goes on without it');
        assert.deepEqual(refused, [`command:${command}`], 'but the server refuses it on every refresh');
      } else {
        assert.ok(failures.length > 0, `a store operation fails without ${command}`);
        assert.ok(refused.includes(`command:${command}`), `the server refused ${command}: ${refused}`);
      }
    });
  }
});
