/**
 * Issue 20, item 16: the ElastiCache IAM token kept in the connection options (which cluster nodes
 * ioredis adds on its own read) is signed anew once it is older than TOKEN_REFRESH_MS, and not on
 * every batch before that. The clock is mocked (Date only); Redis is real, with an IAM-like user
 * that takes any password.
 */
import assert from 'node:assert/strict';
import { after, before, mock, test } from 'node:test';
import { Redis, type RedisOptions } from 'ioredis';
import { TOKEN_REFRESH_MS } from '../../lib/dedup/elasticache-iam.ts';
import { RedisDedupStore } from '../../lib/index.ts';
import { type LocalRedis, startRedisServer } from '../../testkit/redis-server.ts';
import { uniqueService } from '../support/redis.ts';

let redis: LocalRedis;
before(async () => {
  redis = await startRedisServer();
  const admin = new Redis(redis.url);
  await admin.acl('SETUSER', 'iam-user', 'on', 'nopass', '~*', '+@all');
  admin.disconnect();
});
after(async () => {
  mock.timers.reset();
  await redis.stop();
});

test('the IAM token is signed anew once older than TOKEN_REFRESH_MS, not on every batch before', async () => {
  mock.timers.enable({ apis: ['Date'], now: Date.now() });
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
  const prefix = uniqueService('iam-age');
  const batch = async (i: number) => {
    assert.deepEqual(await store.claim([`${prefix}:${i}`], 'owner', 10_000), ['claimed']);
    await new Promise((r) => setImmediate(r)); // a refresh is not awaited by the batch
  };
  const password = () => (store.client.options as RedisOptions).password;
  try {
    await batch(0);
    assert.equal(signed, 1, 'the first connect signed a token');
    const first = password();
    assert.ok(typeof first === 'string' && first.startsWith('msk-once-test/?'));
    // Batches on the same connection up to just before the token's refresh age: no new token.
    for (let i = 1; i <= 20; i++) {
      mock.timers.tick(Math.floor(TOKEN_REFRESH_MS / 20) - 1);
      await batch(i);
    }
    assert.equal(signed, 1, 'no token signed while the one kept is younger than TOKEN_REFRESH_MS');
    mock.timers.tick(1000); // now older than TOKEN_REFRESH_MS
    await batch(21);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(signed, 2, 'the next batch signed a new token');
    assert.notEqual(password(), first, 'the options hold the new token, for connections made from now on');
    await batch(22);
    assert.equal(signed, 2, 'and only once');
  } finally {
    await store.close();
    mock.timers.reset();
  }
});
