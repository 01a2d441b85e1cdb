/**
 * The store's script commands written in one buffer (lib/dedup/script-command.ts): the bytes are
 * ioredis's own, and ioredis's ways with a script still hold on a real Redis of the test's own
 * (EVAL first on a connection, EVALSHA after, EVAL again after the server forgot the script).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Command, Redis } from 'ioredis';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract/dedup-key.ts';
import { RedisDedupStore } from '../../lib/dedup/redis-store.ts';
import { respOf } from '../../lib/dedup/script-command.ts';
import { type LocalRedis, startRedisServer } from '../../testkit/redis-server.ts';

/** ioredis's own writer for the same command, as bytes. */
function ioredisBytes(name: string, args: (string | Buffer | number)[]): Buffer {
  const command = new Command(name, args);
  const writable = command.toWritable(undefined as never);
  return typeof writable === 'string' ? Buffer.from(writable, 'utf8') : writable;
}
/** The arguments as ioredis leaves them once a command is made (numbers as strings). */
const argsOf = (name: string, args: (string | Buffer | number)[]) =>
  (new Command(name, args) as unknown as { args: (string | Buffer)[] }).args;

test('respOf writes the bytes ioredis writes: strings, Buffers, numbers, multi-byte text, empty ones', () => {
  const cases: [string, (string | Buffer | number)[]][] = [
    [
      'evalsha',
      [
        '0123456789abcdef0123456789abcdef01234567',
        2,
        'a:{x}1',
        'a:{x}:d1',
        'P:owner',
        600000,
        Buffer.from([0, 1, 255, 13, 10]),
      ],
    ],
    ['eval', ['return 1', 0]],
    ['evalsha', ['sha', 1, 'é{ü}ß-ключ-🔑', Buffer.alloc(0), '']],
    ['set', ['k', Buffer.from('v'.repeat(70_000))]],
    [
      'evalsha',
      [
        'sha',
        12,
        ...Array.from({ length: 12 }, (_, i) => `key-${'x'.repeat(i * 9)}`),
        Buffer.alloc(18 * 12, 7),
      ],
    ],
  ];
  for (const [name, args] of cases) {
    assert.deepEqual(
      respOf(name, argsOf(name, args)),
      ioredisBytes(name, args),
      `${name} ${args.length} args`,
    );
  }
  // Lengths of every digit count, in the array header and the bulk headers.
  for (const n of [0, 1, 9, 10, 99, 100, 999, 1000, 12_345]) {
    const args = [Buffer.alloc(n, 1), 'y'.repeat(n)];
    assert.deepEqual(respOf('evalsha', args), ioredisBytes('evalsha', args), `length ${n}`);
  }
  const many = Array.from({ length: 1001 }, (_, i) => String(i));
  assert.deepEqual(
    respOf('evalsha', [...many, Buffer.from('z')]),
    ioredisBytes('evalsha', [...many, Buffer.from('z')]),
  );
});

let redis: LocalRedis;
let monitor: Redis;
let watcher: Redis;
let admin: Redis;
const seen: string[] = [];
// The marker an ECHO sent after the commands carries: MONITOR shows commands in the order the
// server ran them, so once the monitor has seen it, it has seen every command before it.
const markers = new Map<string, () => void>();
const service = `script-command-${process.pid}`;
before(async () => {
  redis = await startRedisServer();
  admin = new Redis(redis.url);
  watcher = new Redis(redis.url);
  // Both ready (their INFO answered) before MONITOR starts: a monitor line that reaches the client
  // in the same read as MONITOR's OK fails it ("Command queue state error"), seen on a loaded machine.
  await admin.ping();
  await watcher.ping();
  monitor = await watcher.monitor();
  // The name of each command that touched this test's keys (MONITOR shows scripts' own calls too).
  monitor.on('monitor', (_time: string, args: string[]) => {
    if (/^echo$/i.test(args[0]!)) markers.get(args[1]!)?.();
    if (args.some((arg) => arg.includes(service)) && /^eval/i.test(args[0]!))
      seen.push(args[0]!.toLowerCase());
  });
});
after(async () => {
  monitor?.disconnect();
  watcher?.disconnect();
  admin?.disconnect();
  await redis?.stop();
});

test('on a real Redis the marks scripts go as EVAL first, EVALSHA after, and EVAL again after SCRIPT FLUSH', async () => {
  const store = new RedisDedupStore({ redis: { url: redis.url } });
  try {
    const prefix = dedupKeyPrefix(service, 'h');
    const batch = () => Array.from({ length: 5 }, () => dedupKey(prefix, ulid()));
    const scripts = async () => {
      // MONITOR's feed comes on its own connection: wait until it has shown an ECHO sent after them.
      const marker = `after-${ulid()}`;
      const shown = new Promise<void>((resolve) => markers.set(marker, resolve));
      await admin.echo(marker);
      await shown;
      markers.delete(marker);
      return seen.splice(0);
    };
    // The store is made with scripts of the one-buffer writer.
    const keys = batch();
    assert.deepEqual(
      await store.claim(keys, 'o1', 30_000, 600_000),
      keys.map(() => 'claimed'),
    );
    assert.deepEqual(await scripts(), ['eval'], 'the first script on the connection carries its text');
    await store.commit(keys, 'o1', 600_000);
    assert.deepEqual(
      await store.claim(keys, 'o2', 30_000, 600_000),
      keys.map(() => 'done'),
    );
    assert.deepEqual(
      await scripts(),
      ['eval', 'evalsha'],
      "the commit's first is EVAL, the claim's second EVALSHA",
    );

    await admin.script('FLUSH');
    const more = batch();
    assert.deepEqual(
      await store.claim(more, 'o3', 30_000, 600_000),
      more.map(() => 'claimed'),
    );
    await store.commit(more, 'o3', 600_000);
    assert.deepEqual(
      await store.claim([...keys, ...more], 'o4', 30_000, 600_000),
      [...keys, ...more].map(() => 'done'),
    );
    // The server forgot the scripts: NOSCRIPT, and the script's retry sends its text again.
    assert.deepEqual(await scripts(), ['evalsha', 'eval', 'evalsha', 'eval', 'evalsha']);
  } finally {
    await store.close();
  }
});

test('the scripts with marks are made with the one-buffer command class', async () => {
  const store = new RedisDedupStore({ redis: { url: redis.url } });
  try {
    const keys = [dedupKey(dedupKeyPrefix(service, 'k'), ulid())];
    await store.claim(keys, 'o', 30_000, 600_000);
    const set = (store.client as unknown as { scriptsSet: Record<string, { Command: { name: string } }> })
      .scriptsSet;
    for (const name of ['mskOnceClaimMarks', 'mskOnceCommitMarks', 'mskOnceMark'])
      assert.equal(set[name]!.Command.name, 'ScriptCommand', name);
  } finally {
    await store.close();
  }
});

test("a client with a key prefix: the mark scripts go through ioredis's method, which prefixes their keys", async () => {
  // sendScript writes the arguments as given; ioredis's script method is what applies a client's
  // keyPrefix, so such a client keeps it.
  const client = new Redis(redis.url, { keyPrefix: 'kp:' });
  const store = new RedisDedupStore({ redis: client });
  try {
    const key = dedupKey(dedupKeyPrefix(service, 'p'), ulid());
    assert.deepEqual(await store.claim([key], 'o', 30_000, 600_000), ['claimed']);
    assert.equal(await admin.get(`kp:${key}`), 'P:o', 'the lease under the prefix');
    assert.equal(await admin.exists(key), 0, 'nothing without it');
  } finally {
    await store.close();
    client.disconnect();
  }
});
