/**
 * Defects 8 and 9, against a real Redis:
 * - a half-open (stalled) connection is dropped after a timeout and the next batch connects afresh,
 *   with a fresh password, at most once per `reconnectIntervalMs`;
 * - ioredis's own background reconnects authenticate with a fresh token (IAM, a rotated secret).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { ulid } from 'ulid';
import { connectRedis } from '../../lib/dedup/redis-connection.ts';
import { DedupStoreError, type KafkaHandler, kafkaHandler, RedisDedupStore } from '../../lib/index.ts';
import { failedOffsets, mskEvent, mskRecord } from '../../testkit/index.ts';
import { type LocalRedis, startRedisServer } from '../../testkit/redis-server.ts';
import { startTcpFaultProxy, type TcpFaultProxy } from '../../testkit/tcp-fault-proxy.ts';
import { invoke } from '../support/consumer.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';

const OWNER = 'owner-1';

async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a half-open connection (the TCP fault proxy stalls it for good)', () => {
  let proxy: TcpFaultProxy;
  before(async () => {
    proxy = await startTcpFaultProxy(redisUrl());
  });
  after(async () => {
    await proxy.stop();
  });

  test('fail-closed: the batch that times out fails; once Redis answers, the next batch runs on a new connection', async () => {
    proxy.set('up');
    let calls = 0;
    const handler: KafkaHandler = kafkaHandler({
      service: uniqueService('half-open'),
      handlerName: 'h',
      redis: { url: proxy.url, commandTimeoutMs: 150, connectTimeoutMs: 300 },
      onStoreError: 'closed',
      reserveMs: 0,
      handle: () => {
        calls++;
      },
    });
    try {
      const batch = () => mskEvent([mskRecord({ offset: calls, eventId: ulid() })]);
      assert.deepEqual((await invoke(handler, batch())).response.batchItemFailures, []);
      const before = proxy.connections();
      proxy.set('stall'); // the open connection will never answer again, and never close
      const stalled = await invoke(handler, batch());
      assert.equal(failedOffsets(stalled.response).length, 1);
      assert.ok(stalled.lines.some((l) => l.Reason === 'timeout'));
      proxy.set('up'); // Redis is reachable again: a new connection works, the old one never will
      const next = await invoke(handler, batch());
      assert.deepEqual(next.response.batchItemFailures, [], 'the next batch connected afresh');
      assert.equal(calls, 2);
      assert.equal(proxy.connections(), before + 1, 'one new connection');
    } finally {
      await handler.close();
    }
  });

  test('the drop is bounded: at most one new connection per reconnectIntervalMs, however many timeouts', async () => {
    const stalledClaims = async (store: RedisDedupStore, n: number) => {
      for (let i = 0; i < n; i++) {
        const error = await store.claim([`${uniqueService('bound')}:${i}`], OWNER, 10_000).catch((e) => e);
        assert.ok(error instanceof DedupStoreError, String(error));
      }
    };
    const options = { url: proxy.url, commandTimeoutMs: 100, connectTimeoutMs: 150 };
    for (const [reconnectIntervalMs, expected] of [
      // The first timeout drops the connection; the next claim connects (the proxy takes the new
      // connection and stalls it too); no further drop within the minute: 1 new connection.
      [60_000, 1],
      // No bound: every timed-out claim or connect drops, every next claim connects: 5 for 6 claims.
      [0, 5],
    ] as const) {
      proxy.set('up');
      const store = new RedisDedupStore({ redis: { ...options, reconnectIntervalMs } });
      try {
        assert.deepEqual(await store.claim([`${uniqueService('bound')}:warm`], OWNER, 10_000), ['claimed']);
        const before = proxy.connections();
        proxy.set('stall');
        await stalledClaims(store, 6);
        assert.equal(proxy.connections() - before, expected, `reconnectIntervalMs ${reconnectIntervalMs}`);
      } finally {
        await store.close();
      }
    }
  });

  test('the new connection makes a new password (an IAM token, a rotated secret)', async () => {
    proxy.set('up');
    let made = 0;
    const store = new RedisDedupStore({
      redis: {
        url: proxy.url,
        // The shared Redis's default user takes any password with a user name.
        username: 'default',
        password: () => `token-${++made}`,
        commandTimeoutMs: 100,
        connectTimeoutMs: 300,
      },
    });
    try {
      await store.claim([`${uniqueService('fresh')}:a`], OWNER, 10_000);
      assert.equal(made, 1);
      proxy.set('stall');
      await store.claim([`${uniqueService('fresh')}:b`], OWNER, 10_000).catch(() => {});
      proxy.set('up');
      await new Promise((r) => setTimeout(r, 1100)); // a token made within the last second is reused
      assert.deepEqual(await store.claim([`${uniqueService('fresh')}:c`], OWNER, 10_000), ['claimed']);
      assert.equal(made, 2);
    } finally {
      await store.close();
    }
  });
});

describe("ioredis's own reconnects authenticate afresh", () => {
  let redis: LocalRedis;
  let admin: Redis;
  before(async () => {
    redis = await startRedisServer();
    admin = new Redis(redis.url);
  });
  after(async () => {
    admin.disconnect();
    await redis.stop();
  });

  test('IAM: a background reconnect (the server closed the connection) signs a new token', async () => {
    // A user that takes any password: what is counted is the tokens signed, one per connect.
    await admin.acl('SETUSER', 'iam-user', 'on', 'nopass', '~*', '+@all');
    let signed = 0;
    const store = new RedisDedupStore({
      redis: {
        url: redis.url,
        iam: {
          userId: 'iam-user',
          cacheName: 'msk-once-test',
          region: 'eu-west-1',
          credentials: async () => {
            signed++;
            return { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };
          },
        },
      },
    });
    try {
      assert.deepEqual(await store.claim([`${uniqueService('iam')}:a`], OWNER, 10_000), ['claimed']);
      assert.equal(signed, 1);
      await new Promise((r) => setTimeout(r, 1100)); // a token made within the last second is reused
      // The 12-hour limit of an IAM connection, a failover, a thawed sandbox: the server closes it.
      const client = store.client;
      const reconnected = once(client, 'ready');
      await admin.client('KILL', 'USER', 'iam-user');
      await within(5000, 'the background reconnect', reconnected);
      assert.equal(signed, 2, 'the reconnect signed a new token (a 15-minute token may be stale by now)');
    } finally {
      await store.close();
    }
  });

  test('a rotated password: the server changes it, the function gives the new one, the reconnect authenticates', async () => {
    let current = 'first-password-0001';
    await admin.acl('SETUSER', 'rotating', 'on', 'resetpass', `>${current}`, '~*', '+@all');
    const store = new RedisDedupStore({
      redis: { url: redis.url, username: 'rotating', password: () => current, connectTimeoutMs: 500 },
    });
    try {
      const prefix = uniqueService('rotate');
      assert.deepEqual(await store.claim([`${prefix}:a`], OWNER, 10_000), ['claimed']);
      // Rotation: the new password is set, the old one no longer works for new connections.
      current = 'second-password-0002';
      await admin.acl('SETUSER', 'rotating', 'resetpass', `>${current}`);
      await new Promise((r) => setTimeout(r, 1100));
      const client = store.client;
      const reconnected = once(client, 'ready');
      await admin.client('KILL', 'USER', 'rotating');
      await within(5000, 'the reconnect with the new password', reconnected);
      assert.deepEqual(await store.claim([`${prefix}:b`], OWNER, 10_000), ['claimed']);
      assert.equal(await admin.get(`${prefix}:b`), `P:${OWNER}`);
    } finally {
      await store.close();
    }
  });
});

describe('a client that ended (disconnected, no reconnect left)', () => {
  test('the next ready() connects it again, with a fresh password', async () => {
    const connection = connectRedis({ url: redisUrl(), connectTimeoutMs: 10_000 });
    try {
      await connection.ready();
      const client = connection.client;
      const ended = once(client, 'end');
      client.disconnect();
      await ended;
      assert.equal(client.status, 'end');
      await connection.ready();
      assert.equal(connection.client, client, 'the same client, connected again');
      assert.equal(client.status, 'ready');
    } finally {
      connection.close();
    }
  });
});
