/** Options are checked at cold start; each error names the option and the reason. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ulid } from 'ulid';
import { resolveConfig } from '../../lib/consumer/config.ts';
import { MARK_SLICES, markFreshUntil, markHashKey, markLayout } from '../../lib/contract/dedup-mark.ts';
import { dedupKey, dedupKeyPrefix, EnvVar } from '../../lib/contract.ts';
import { elastiCacheIamToken } from '../../lib/dedup/elasticache-iam.ts';
import { DEFAULT_COMMAND_TIMEOUT_MS } from '../../lib/dedup/redis-options.ts';
import { windowMs } from '../../lib/dedup/window.ts';
import {
  ConfigurationError,
  dedupConfigFromEnv,
  kafkaHandler,
  MemoryDedupStore,
  RedisDedupStore,
} from '../../lib/index.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

const handle = async () => {};
const redis = { url: 'redis://127.0.0.1:6379' };

function rejects(options: object, option: string, why: RegExp) {
  assert.throws(
    () => kafkaHandler({ handlerName: 'h', service: 's', redis, handle, ...options } as never),
    (error: unknown) => {
      assert.ok(error instanceof ConfigurationError, String(error));
      assert.equal(error.option, option);
      assert.match(error.message, why);
      return true;
    },
  );
}

describe('kafkaHandler options', () => {
  test('a window below 10 minutes is refused with the reason', () => {
    rejects({ window: 300 }, 'window', /below 600 s.*retr/);
    rejects({ window: 'weekly' }, 'window', /unknown window 'weekly'/);
  });
  test('empty service or handler name', () => {
    const saved = process.env.POWERTOOLS_SERVICE_NAME;
    delete process.env.POWERTOOLS_SERVICE_NAME;
    try {
      rejects({ service: undefined }, 'service', /POWERTOOLS_SERVICE_NAME/);
      rejects({ handlerName: ' ' }, 'handlerName', /empty/);
    } finally {
      if (saved !== undefined) process.env.POWERTOOLS_SERVICE_NAME = saved;
    }
  });
  test('the handler name comes from the deployment by default; a different one in the code fails at cold start', () => {
    const saved = process.env[EnvVar.handlerName];
    try {
      process.env[EnvVar.handlerName] = 'on-order-paid';
      const deployed = resolveConfig({ service: 's', redis, handle });
      assert.equal(deployed.handlerName, 'on-order-paid');
      assert.equal(deployed.keyPrefix, 's:dedup:on-order-paid:');
      // The same name in both places is fine.
      assert.equal(
        resolveConfig({ service: 's', handlerName: 'on-order-paid', redis, handle }).handlerName,
        'on-order-paid',
      );
      assert.throws(
        () => kafkaHandler({ service: 's', handlerName: 'on-order-payed', redis, handle }),
        (error: unknown) => {
          assert.ok(error instanceof ConfigurationError, String(error));
          assert.equal(error.option, 'handlerName');
          assert.match(
            error.message,
            /'on-order-payed' in the code differs from 'on-order-paid' in MSK_ONCE_HANDLER_NAME/,
          );
          return true;
        },
      );
      delete process.env[EnvVar.handlerName];
      assert.equal(resolveConfig({ service: 's', handlerName: 'h', redis, handle }).handlerName, 'h');
      rejects({ handlerName: undefined }, 'handlerName', /give handlerName or set MSK_ONCE_HANDLER_NAME/);
    } finally {
      if (saved === undefined) delete process.env[EnvVar.handlerName];
      else process.env[EnvVar.handlerName] = saved;
    }
  });
  test('the service comes from the deployment by default; a different one in the code fails at cold start', () => {
    const saved = [process.env[EnvVar.deployedServiceName], process.env[EnvVar.serviceName]] as const;
    try {
      process.env[EnvVar.deployedServiceName] = 'orders';
      process.env[EnvVar.serviceName] = 'orders';
      const deployed = resolveConfig({ handlerName: 'h', redis, handle });
      assert.equal(deployed.service, 'orders');
      assert.equal(deployed.keyPrefix, 'orders:dedup:h:');
      assert.equal(resolveConfig({ service: 'orders', handlerName: 'h', redis, handle }).service, 'orders');
      assert.throws(
        () => kafkaHandler({ service: 'notification', handlerName: 'h', redis, handle }),
        (error: unknown) => {
          assert.ok(error instanceof ConfigurationError, String(error));
          assert.equal(error.option, 'service');
          assert.match(
            error.message,
            /'notification' in the code differs from 'orders' in MSK_ONCE_SERVICE_NAME \(the deployment's service, which its alarms watch\)/,
          );
          return true;
        },
      );
      // Without the construct's variable, the code's service stands (POWERTOOLS_SERVICE_NAME is only a default).
      delete process.env[EnvVar.deployedServiceName];
      assert.equal(
        resolveConfig({ service: 'notification', handlerName: 'h', redis, handle }).service,
        'notification',
      );
    } finally {
      for (const [name, value] of [
        [EnvVar.deployedServiceName, saved[0]],
        [EnvVar.serviceName, saved[1]],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
  test('a Redis URL that does not parse, or no store at all', () => {
    rejects({ redis: { url: 'not a url' } }, 'redis.url', /is not a URL/);
    rejects({ redis: { url: 'http://cache:6379' } }, 'redis.url', /redis:\/\/ or rediss:\/\//);
    rejects({ redis: { url: 'redis://h:6379', commandTimeoutMs: -1 } }, 'redis.commandTimeoutMs', /positive/);
    rejects({ redis: undefined }, 'redis', /no Redis and no store/);
  });
  test('Redis intervals that may be 0 (reconnect, late-reply grace): Infinity, NaN and negatives are refused, naming the option', () => {
    for (const name of ['reconnectIntervalMs', 'lateReplyGraceMs']) {
      const url = 'redis://h:6379';
      rejects(
        { redis: { url, [name]: Number.POSITIVE_INFINITY } },
        `redis.${name}`,
        /Infinity is not a number of milliseconds >= 0/,
      );
      rejects(
        { redis: { url, [name]: Number.NaN } },
        `redis.${name}`,
        /NaN is not a number of milliseconds >= 0/,
      );
      rejects({ redis: { url, [name]: -1 } }, `redis.${name}`, /-1 is not a number of milliseconds >= 0/);
      assert.doesNotThrow(() =>
        resolveConfig({ handlerName: 'h', service: 's', handle, redis: { url, [name]: 0 } }),
      );
    }
  });
  test('policy, limits and functions', () => {
    rejects({ onStoreError: 'maybe' }, 'onStoreError', /neither 'open' nor 'closed'/);
    rejects({ reserveMs: Number.NaN }, 'reserveMs', /milliseconds/);
    rejects({ maxHeaderBytes: 0 }, 'maxHeaderBytes', /0 is not a whole number of bytes 1\.\./);
    rejects({ leaseMs: 200 }, 'leaseMs', /below 1000 ms/);
    rejects({ commitEvery: null }, 'commitEvery', /must be an object/);
    rejects({ commitEvery: { records: 0 } }, 'commitEvery.records', /whole number of records 1\.\./);
    rejects({ commitEvery: { records: 2.5 } }, 'commitEvery.records', /whole number/);
    rejects({ commitEvery: { ms: -1 } }, 'commitEvery.ms', /-1 is not a number of milliseconds 0\.\./);
    rejects({ handle: undefined }, 'handle', /business function/);
  });
  test('readPreviousKeys, removed in 0.3.0, is refused pointing to previousKeyFormat', () => {
    rejects(
      { readPreviousKeys: true },
      'readPreviousKeys',
      /replaced in 0\.3\.0 by previousKeyFormat: '0\.1\.0' or '0\.2\.0'/,
    );
  });
  test('poison that is not an object is refused as such', () => {
    rejects({ poison: null }, 'poison', /must be an object: \{ queueUrl \} or \{ sink \}/);
    rejects(
      { poison: 'https://sqs.eu-west-1.amazonaws.com/123456789012/orders-poison' },
      'poison',
      /must be an object: \{ queueUrl \} or \{ sink \}/,
    );
  });
  test("a group commit's size: the store's where none is given (1,000 on a cluster), the team's where one is", async () => {
    const cluster = new RedisDedupStore({ redis: { url: 'redis://127.0.0.1:1', cluster: true } });
    const standalone = new RedisDedupStore({ redis: { url: 'redis://127.0.0.1:1' } });
    try {
      const records = (store: RedisDedupStore, commitEvery?: { records?: number }) =>
        resolveConfig({
          service: 's',
          handlerName: 'h',
          store,
          handle,
          ...(commitEvery ? { commitEvery } : {}),
        }).commitEvery.records;
      assert.equal(records(cluster), 1000);
      assert.equal(records(standalone), 100, "the setting's default");
      assert.equal(records(cluster, { records: 100 }), 100, 'given: used on a cluster as given');
      assert.equal(records(cluster, {}), 1000, 'commitEvery without records');
      const made = resolveConfig({
        service: 's',
        handlerName: 'h',
        handle,
        redis: { url: 'redis://127.0.0.1:1', cluster: true },
      });
      await made.store.close();
      assert.equal(made.commitEvery.records, 1000, 'the store the consumer makes from redis options');
    } finally {
      await Promise.all([cluster.close(), standalone.close()]);
    }
  });
  test('window presets', () => {
    assert.equal(windowMs('default'), 86_400_000);
    assert.equal(windowMs('critical'), 7 * 86_400_000);
    assert.equal(windowMs('analytics'), 3_600_000);
    assert.equal(windowMs(600), 600_000);
  });
  test('a fractional window: the DONE mark lives its milliseconds too (real Redis PTTL)', async () => {
    const config = resolveConfig({ service: 's', handlerName: 'h', redis, handle, window: 600.5 });
    const now = 1_000 * Math.floor(Date.now() / 1_000);
    const store = new RedisDedupStore({ redis: { url: redisUrl() }, now: () => now });
    const admin = adminClient();
    const key = dedupKey(dedupKeyPrefix(uniqueService('window'), 'h'), ulid());
    const layout = markLayout(config.windowMs);
    const hash = markHashKey(key, layout)!;
    try {
      assert.deepEqual(await store.claim([key], 'o', 10_000, config.windowMs), ['claimed']);
      await store.commit([key], 'o', config.windowMs);
      // The mark counts until its slice's end + the window's slices (600.5 s), and its hash
      // lives a window + two slices after the slice's first commit (this one): the whole of that.
      const counts = markFreshUntil(layout, now) - now;
      assert.ok(
        counts >= 600_500 && counts <= 600_500 + layout.sliceMs,
        `${counts} ms: the window, at most a slice more`,
      );
      const ttl = await admin.pttl(hash);
      const set = layout.ttlMs + layout.sliceMs;
      assert.ok(ttl > set - 5_000 && ttl <= set, `${ttl} ms`);
      assert.ok(layout.ttlMs >= counts, 'the hash outlives the mark');
      assert.equal((MARK_SLICES * layout.sliceMs) % 1000, 500, 'the half second is kept');
    } finally {
      await admin.del(key, hash);
      await admin.quit();
      await store.close();
    }
  });
  test('a fractional window in seconds keeps its milliseconds', () => {
    assert.equal(windowMs(600.5), 600_500);
    assert.equal(windowMs(600.25), 600_250);
    assert.equal(windowMs(900.001), 900_001);
    assert.equal(
      resolveConfig({ service: 's', handlerName: 'h', redis, handle, window: 3600.75 }).windowMs,
      3_600_750,
    );
  });
});

describe('dedupConfigFromEnv', () => {
  test('reads the variables the CDK construct sets', () => {
    const config = dedupConfigFromEnv({
      DEDUP_REDIS_URL: 'rediss://cache.example:6379',
      DEDUP_REDIS_MODE: 'cluster',
      DEDUP_REDIS_AUTH: 'iam',
      DEDUP_REDIS_USER: 'dedup-user',
      DEDUP_REDIS_CACHE_NAME: 'msk-once-dev',
      DEDUP_WINDOW: 'critical',
      DEDUP_STORE_POLICY: 'closed',
    });
    assert.deepEqual(config, {
      redis: {
        url: 'rediss://cache.example:6379',
        cluster: true,
        iam: { userId: 'dedup-user', cacheName: 'msk-once-dev', serverless: true },
      },
      window: 'critical',
      onStoreError: 'closed',
    });
    assert.equal(dedupConfigFromEnv({ DEDUP_REDIS_URL: 'redis://h:1', DEDUP_WINDOW: '3600' }).window, 3600);
    assert.equal(
      dedupConfigFromEnv({ DEDUP_REDIS_URL: 'redis://h:1', DEDUP_RESERVE_MS: '1500' }).reserveMs,
      1500,
    );
  });
  test("the 0.2.0 names of the poison queue and the event id's source and form are read in their place", () => {
    const queueUrl = 'https://sqs.eu-west-1.amazonaws.com/123456789012/orders-poison';
    const config = dedupConfigFromEnv({
      DEDUP_REDIS_URL: 'redis://h:1',
      POISON_QUEUE_URL: queueUrl,
      DEDUP_EVENT_ID_SOURCE: 'header:x-order-id',
      DEDUP_EVENT_ID_FORMAT: 'uuid',
    });
    assert.deepEqual(config.poison, { queueUrl });
    // A new name set but empty (a template's blank value) is as good as unset: the old one is read.
    assert.deepEqual(
      dedupConfigFromEnv({
        DEDUP_REDIS_URL: 'redis://h:1',
        [EnvVar.poisonQueueUrl]: '',
        POISON_QUEUE_URL: queueUrl,
      }).poison,
      { queueUrl },
    );
    assert.deepEqual(
      config.eventId,
      dedupConfigFromEnv({
        DEDUP_REDIS_URL: 'redis://h:1',
        [EnvVar.eventIdSource]: 'header:x-order-id',
        [EnvVar.eventIdFormat]: 'uuid',
      }).eventId,
    );
    assert.notEqual(config.eventId, undefined);
  });
  test('names the variable that is wrong', () => {
    const wrong = (env: NodeJS.ProcessEnv, name: string) =>
      assert.throws(
        () => dedupConfigFromEnv(env),
        (e: unknown) => e instanceof ConfigurationError && e.option === name,
      );
    wrong({}, 'DEDUP_REDIS_URL');
    wrong({ DEDUP_REDIS_URL: 'redis://h:1', DEDUP_STORE_POLICY: 'ajar' }, 'DEDUP_STORE_POLICY');
    wrong({ DEDUP_REDIS_URL: 'redis://h:1', DEDUP_WINDOW: 'soon' }, 'DEDUP_WINDOW');
    wrong({ DEDUP_REDIS_URL: 'redis://h:1', DEDUP_REDIS_AUTH: 'iam' }, 'DEDUP_REDIS_USER');
    wrong({ DEDUP_REDIS_URL: 'redis://h:1', DEDUP_REDIS_MODE: 'sharded' }, 'DEDUP_REDIS_MODE');
    wrong({ DEDUP_REDIS_URL: 'redis://h:1', DEDUP_RESERVE_MS: '5s' }, 'DEDUP_RESERVE_MS');
  });
});

describe('ElastiCache IAM token', () => {
  test('is a SigV4-presigned connect request for the user and cache, valid 15 minutes', async () => {
    const token = await elastiCacheIamToken(
      {
        userId: 'dedup-user',
        cacheName: 'msk-once-dev',
        region: 'eu-west-1',
        credentials: {
          accessKeyId: 'AKIDEXAMPLE',
          secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        },
      },
      new Date('2026-01-01T00:00:00Z'),
    );
    assert.ok(token.startsWith('msk-once-dev/?'), token);
    const query = new URLSearchParams(token.slice(token.indexOf('?') + 1));
    assert.equal(query.get('Action'), 'connect');
    assert.equal(query.get('User'), 'dedup-user');
    assert.equal(query.get('ResourceType'), 'ServerlessCache');
    assert.equal(query.get('X-Amz-Algorithm'), 'AWS4-HMAC-SHA256');
    assert.equal(query.get('X-Amz-Credential'), 'AKIDEXAMPLE/20260101/eu-west-1/elasticache/aws4_request');
    assert.equal(query.get('X-Amz-Expires'), '900');
    assert.match(query.get('X-Amz-Signature') ?? '', /^[0-9a-f]{64}$/);
  });
});

describe('the time a store call may take (storeCallMs: three command timeouts)', () => {
  const handle = () => {};
  test("from the Redis options' commandTimeoutMs; the default without one, with a client, or with a store and no Redis", async () => {
    const url = redisUrl();
    assert.equal(
      resolveConfig({ service: 's', handlerName: 'h', redis: { url, commandTimeoutMs: 400 }, handle })
        .storeCallMs,
      1200,
    );
    const fallback = 3 * DEFAULT_COMMAND_TIMEOUT_MS;
    assert.equal(
      resolveConfig({ service: 's', handlerName: 'h', redis: { url }, handle }).storeCallMs,
      fallback,
    );
    const client = adminClient();
    try {
      assert.equal(
        resolveConfig({ service: 's', handlerName: 'h', redis: client, handle }).storeCallMs,
        fallback,
      );
    } finally {
      client.disconnect();
    }
    // A store of one's own and no Redis at all (or, from JavaScript, redis: null): nothing to read.
    assert.equal(
      resolveConfig({
        service: 's',
        handlerName: 'h',
        store: new MemoryDedupStore(),
        redis: null as unknown as undefined,
        handle,
      }).storeCallMs,
      fallback,
    );
    assert.equal(
      resolveConfig({ service: 's', handlerName: 'h', store: new MemoryDedupStore(), handle }).storeCallMs,
      fallback,
    );
  });
});

describe("the deployment's function timeout (EnvVar.functionTimeoutMs, set by KafkaConsumer)", () => {
  test('read when it is whole milliseconds; anything else is not taken for a timeout', () => {
    const withDeployed = (deployed: string, reserveMs?: number) => () => {
      process.env[EnvVar.functionTimeoutMs] = deployed;
      resolveConfig({
        service: 's',
        handlerName: 'h',
        redis: { url: redisUrl() },
        reserveMs,
        handle: () => {},
      });
    };
    const before = process.env[EnvVar.functionTimeoutMs];
    try {
      assert.doesNotThrow(withDeployed('60000'));
      // A deployed 2 s timeout is read: a 3 s reserve does not fit in it.
      assert.throws(withDeployed('2000', 3000), ConfigurationError);
      assert.doesNotThrow(withDeployed('2000ms', 3000));
    } finally {
      if (before === undefined) delete process.env[EnvVar.functionTimeoutMs];
      else process.env[EnvVar.functionTimeoutMs] = before;
    }
  });
});
