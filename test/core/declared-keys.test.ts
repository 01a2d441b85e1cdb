/**
 * Every key the mark scripts write is one they were given as KEYS: ElastiCache refuses a script
 * that touches a key it was not passed (Redis and Valkey allow one in the same slot, so only this
 * test tells). Keyspace notifications name each key a command wrote; the commands sent are watched for
 * the keys each claim and commit script declared.
 *
 * Does not cover: reads (HGET of the claim names its hash as the commit does, through the same
 * argument builder).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Redis } from 'ioredis';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract/dedup-key.ts';
import { RedisDedupStore } from '../../lib/index.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';

test('the claim and commit scripts write only keys they declared (ElastiCache refuses others)', async () => {
  // A round trip past the command timeout would replace the client whose pipeline is watched below
  // (a loaded machine): a long one, the test counts keys, not time.
  const store = new RedisDedupStore({ redis: { url: redisUrl() }, commandTimeoutMs: 10_000 });
  const admin = new Redis(redisUrl());
  // Connected (ready) before it subscribes: a PSUBSCRIBE sent while ioredis's ready check is still
  // due put the connection in subscriber mode under the check's INFO, which failed it and made it
  // reconnect, losing the notifications in between (seen with another process loading this Redis).
  const listener = new Redis(redisUrl(), { lazyConnect: true });
  const saved = (await admin.config('GET', 'notify-keyspace-events')) as string[];
  try {
    await listener.connect();
    await admin.config('SET', 'notify-keyspace-events', 'KA');
    const prefix = dedupKeyPrefix(uniqueService('declared'), 'h');
    const written = new Set<string>();
    await listener.psubscribe(`__keyspace@0__:${prefix}*`);
    listener.on('pmessage', (_pattern, channel) => written.add(channel.slice('__keyspace@0__:'.length)));

    await store.connect();
    const declared = new Set<string>();
    // Every command reaches the connection through sendCommand, pipelined or not: a script's
    // arguments are [script, key count, keys..., the rest].
    const client = store.client as unknown as Redis;
    const send = client.sendCommand.bind(client);
    client.sendCommand = ((command: { name: string; args: unknown[] }, ...more: unknown[]) => {
      if (command.name === 'evalsha' || command.name === 'eval') {
        const count = Number(String(command.args[1]));
        for (const key of command.args.slice(2, 2 + count)) declared.add(String(key));
      }
      return (send as (...a: unknown[]) => unknown)(command, ...more);
    }) as unknown as Redis['sendCommand'];

    const keys = Array.from({ length: 50 }, () => dedupKey(prefix, ulid()));
    assert.ok((await store.claim(keys, 'owner', 60_000)).every((r) => r === 'claimed'));
    await store.commit(keys, 'owner', 600_000);
    // The notifications of the last command come before the answer of the next one.
    await listener.ping().catch(() => {});
    await admin.ping();
    await new Promise((resolve) => setTimeout(resolve, 50));

    const hashes = [...written].filter((key) => !keys.includes(key));
    assert.ok(hashes.length > 0, 'the commit wrote mark hashes');
    assert.deepEqual(
      [...written].filter((key) => !declared.has(key)),
      [],
      'keys written without being declared',
    );
  } finally {
    await admin.config('SET', 'notify-keyspace-events', saved[1] ?? '');
    listener.disconnect();
    admin.disconnect();
    await store.close();
  }
});
