/**
 * Defect 4: no password, token or signed IAM URL in any error, log line or metric, wherever it came
 * from (the URL, the options, the environment). Each case greps everything a failing run printed
 * (console, stdout, stderr) and every error it raised, in full (`util.inspect`, all depths), for
 * the secret.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inspect } from 'node:util';
import { Logger } from '@aws-lambda-powertools/logger';
import { Cluster, Redis } from 'ioredis';
import { ulid } from 'ulid';
import { scrubError } from '../../lib/dedup/redact.ts';
import { adoptRedisClient } from '../../lib/dedup/redis-connection.ts';
import {
  ConfigurationError,
  DedupStoreError,
  dedupConfigFromEnv,
  type KafkaHandlerOptions,
  kafkaHandler,
  RedisDedupStore,
} from '../../lib/index.ts';
import { failedOffsets, lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { type LocalRedis, startRedisServer } from '../../testkit/redis-server.ts';
import '../support/consumer.ts'; // POWERTOOLS_DEV: Powertools prints through console
import { uniqueService } from '../support/redis.ts';

/** Everything printed while `fn` runs, as text: console calls (all arguments) and stream writes. */
async function printed<T>(
  fn: () => Promise<T>,
): Promise<{ result: T | undefined; error: unknown; text: string }> {
  const chunks: string[] = [];
  const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
  const consoles = methods.map((m) => console[m]);
  for (const m of methods) {
    console[m] = (...args: unknown[]) => {
      chunks.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: null }))).join(' '));
    };
  }
  const writes = [process.stdout, process.stderr].map((stream) => {
    const original = stream.write;
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return original.call(stream, chunk, ...(rest as []));
    }) as typeof stream.write;
    return () => {
      stream.write = original;
    };
  });
  let result: T | undefined;
  let error: unknown;
  try {
    result = await fn();
  } catch (e) {
    error = e;
  } finally {
    methods.forEach((m, i) => {
      console[m] = consoles[i]!;
    });
    for (const restore of writes) restore();
  }
  return { result, error, text: chunks.join('\n') };
}

/** Every way an error can be shown: message, stack, all properties, causes, at every depth. */
function everything(error: unknown): string {
  return `${String(error)}\n${(error as Error)?.stack ?? ''}\n${inspect(error, { depth: null, showHidden: true })}`;
}

function assertNoSecret(where: string, text: string, secrets: readonly string[]) {
  for (const secret of secrets) {
    assert.ok(!text.includes(secret), `${where} shows the secret ${JSON.stringify(secret)}:\n${text}`);
  }
}

const SECRET = 'Tok3n-S3CRET-value';

describe('configuration errors never quote a token', () => {
  const handle = async () => {};
  const cases: [string, string, RegExp][] = [
    ['a token with # unescaped', `redis://:${SECRET}#x@cache.example:6379`, /is not a URL|has no host/],
    ['a token with ? unescaped', `rediss://user:${SECRET}?x@cache.example:6379`, /is not a URL|has no host/],
    ['a token with / unescaped', `redis://:${SECRET}/x@cache.example:6379`, /is not a URL|has no host/],
    [
      'a bad % sequence',
      `redis://:${SECRET}%zz@cache.example:6379`,
      /% that is not followed by two hex digits/,
    ],
    ['a wrong scheme', `http://:${SECRET}@cache.example:6379`, /must start with redis:\/\/ or rediss:\/\//],
    ['a token pasted as the URL', SECRET, /no redis:\/\/ or rediss:\/\/ scheme.*is not a URL/],
  ];
  for (const [name, url, why] of cases) {
    test(`${name}: kafkaHandler and dedupConfigFromEnv name the setting, not the token`, () => {
      for (const [option, make] of [
        [
          'redis.url',
          () =>
            kafkaHandler({
              service: 's',
              handlerName: 'h',
              redis: { url },
              handle,
            } as KafkaHandlerOptions<unknown>),
        ],
        ['DEDUP_REDIS_URL', () => dedupConfigFromEnv({ DEDUP_REDIS_URL: url })],
      ] as const) {
        let thrown: unknown;
        try {
          make();
        } catch (error) {
          thrown = error;
        }
        assert.ok(thrown instanceof ConfigurationError, `a ConfigurationError, not ${everything(thrown)}`);
        assert.equal(thrown.option, option);
        assert.match(thrown.message, why);
        assertNoSecret(`the error of ${option}`, everything(thrown), [SECRET, encodeURIComponent(SECRET)]);
      }
    });
  }

  // Every variable whose value is checked: a token pasted into any of them is refused, by name,
  // without quoting it (an init error lands in CloudWatch).
  const url = { DEDUP_REDIS_URL: 'redis://h:1' };
  const iam = { ...url, DEDUP_REDIS_AUTH: 'iam', DEDUP_REDIS_USER: 'u', DEDUP_REDIS_CACHE_NAME: 'c' };
  const pasted: [string, NodeJS.ProcessEnv][] = [
    ['DEDUP_REDIS_AUTH', url],
    ['DEDUP_REDIS_MODE', url],
    ['DEDUP_STORE_POLICY', url],
    ['DEDUP_WINDOW', url],
    ['DEDUP_PREVIOUS_KEY_FORMAT', url],
    ['DEDUP_REDIS_SERVERLESS', iam],
    ['DEDUP_LEASE_MS', url],
    ['DEDUP_RESERVE_MS', url],
    ['DEDUP_STORE', url],
  ];
  for (const [name, env] of pasted) {
    test(`a token pasted into ${name} is not quoted back`, () => {
      const error = (() => {
        try {
          dedupConfigFromEnv({ ...env, [name]: SECRET });
        } catch (e) {
          return e;
        }
      })();
      assert.ok(error instanceof ConfigurationError, `${name} refuses it`);
      assert.equal(error.option, name);
      assert.match(error.message, /\(18 characters, not shown\)/, 'says how long, not what');
      assertNoSecret(name, everything(error), [SECRET, SECRET.toLowerCase(), SECRET.slice(0, 8)]);
    });
  }
});

describe('a failing run with a secret prints it nowhere', () => {
  let redis: LocalRedis;
  let admin: Redis;
  before(async () => {
    redis = await startRedisServer();
    admin = new Redis(redis.url);
    // An AUTH-protected cache: the default user needs a password, and an ACL user for IAM.
    await admin.acl('SETUSER', 'iam-user', 'on', '>the-right-password-42', '~*', '+@all');
    await admin.config('SET', 'requirepass', 'the-right-password-42');
  });
  after(async () => {
    admin.disconnect();
    await redis.stop();
  });

  async function failingRun(redisOptions: KafkaHandlerOptions<unknown>['redis'], policy: 'open' | 'closed') {
    let calls = 0;
    return printed(async () => {
      const handler = kafkaHandler({
        service: uniqueService(`secrets-${policy}`),
        handlerName: 'h',
        redis: redisOptions,
        onStoreError: policy,
        reserveMs: 0,
        handle: () => {
          calls++;
        },
      });
      try {
        const event = mskEvent([mskRecord({ offset: 1, eventId: ulid() }), mskRecord({ offset: 2 })]);
        const first = await handler(event, lambdaContext());
        const second = await handler(event, lambdaContext());
        return { first, second, calls };
      } finally {
        await handler.close();
      }
    });
  }

  for (const policy of ['open', 'closed'] as const) {
    test(`a wrong token in the URL, fail-${policy}: the records follow the policy, the token is nowhere`, async () => {
      const wrong = `wr0ng-${SECRET}#?`;
      const url = `redis://:${encodeURIComponent(wrong)}@127.0.0.1:${redis.port}`;
      const run = await failingRun({ url, connectTimeoutMs: 300, commandTimeoutMs: 200 }, policy);
      assert.equal(run.error, undefined, everything(run.error));
      const { first, calls } = run.result!;
      // Fail-closed: the first record fails, the one behind it is not run; both are reported.
      if (policy === 'closed') assert.deepEqual(failedOffsets(first), ['orders-0@1', 'orders-0@2']);
      else assert.equal(calls, 4, 'fail-open ran them unguarded');
      assert.match(run.text, /DedupErrors/, 'the failure was counted');
      assertNoSecret('the output', run.text, [wrong, encodeURIComponent(wrong), SECRET]);
    });
  }

  test('a wrong token as an option and from a password function: nowhere', async () => {
    for (const password of [`opt-${SECRET}`, () => `fn-${SECRET}`]) {
      const run = await failingRun(
        { url: `redis://127.0.0.1:${redis.port}`, password, connectTimeoutMs: 300 },
        'closed',
      );
      assert.equal(run.error, undefined, everything(run.error));
      assertNoSecret('the output', run.text, [SECRET]);
    }
  });

  test('IAM: the signed token (a presigned URL) and the keys that signed it are nowhere', async () => {
    const credentials = { accessKeyId: 'AKIDSECRETKEYID0001', secretAccessKey: `sk-${SECRET}` };
    const run = await failingRun(
      {
        url: `redis://127.0.0.1:${redis.port}`,
        iam: { userId: 'iam-user', cacheName: 'msk-once-test', region: 'eu-west-1', credentials },
        connectTimeoutMs: 300,
      },
      'closed',
    );
    assert.equal(run.error, undefined, everything(run.error));
    assert.deepEqual(failedOffsets(run.result!.first), ['orders-0@1', 'orders-0@2']);
    assertNoSecret('the output', run.text, [
      'X-Amz-Signature',
      'X-Amz-Credential',
      'msk-once-test/?',
      credentials.accessKeyId,
      credentials.secretAccessKey,
    ]);
  });

  test('a failing password function: its failure and the error type are reported, never its message', async () => {
    let made = 0;
    const store = new RedisDedupStore({
      redis: {
        url: `redis://127.0.0.1:${redis.port}`,
        password: () => {
          made++;
          throw new Error('secrets manager unreachable');
        },
        connectTimeoutMs: 300,
      },
    });
    try {
      const error = await store.claim([`${uniqueService('pwfn')}:k`], 'o', 10_000).catch((e: unknown) => e);
      assert.ok(error instanceof DedupStoreError, everything(error));
      assert.equal(error.reason, 'misconfigured'); // no token was ever made: not an outage
      assert.match(
        error.message,
        /could not make an auth token for 127\.0\.0\.1:\d+: the password function threw an Error \(its message is not shown/,
      );
      assert.equal(made, 1);
    } finally {
      await store.close();
    }
  });

  test('a password function whose error quotes the secret (JSON.parse of a plain-text one): in no log line, no error', async () => {
    // What a Secrets Manager value stored as plain text gives JSON.parse: its message quotes the start.
    const plain = `S3cretPlain-${SECRET}`;
    let quoted = '';
    try {
      JSON.parse(plain);
    } catch (error) {
      quoted = (error as Error).message;
    }
    assert.ok(
      quoted.includes(plain.slice(0, 8)),
      `JSON.parse quotes it (else this test proves nothing): ${quoted}`,
    );
    const handler = kafkaHandler({
      service: uniqueService('pw-quote'),
      handlerName: 'h',
      redis: {
        url: `redis://127.0.0.1:${redis.port}`,
        password: () => (JSON.parse(plain) as { password: string }).password,
        connectTimeoutMs: 300,
      },
      onStoreError: 'closed',
      reserveMs: 0,
      handle: async () => {},
    } as KafkaHandlerOptions<unknown>);
    const run = await printed(() =>
      handler(mskEvent([mskRecord({ offset: 1, value: {} })]), lambdaContext()),
    );
    await handler.close();
    assert.equal(run.error, undefined, everything(run.error));
    assert.match(
      run.text,
      /the password function threw a SyntaxError/,
      'its failure is named, with its type',
    );
    assertNoSecret('the output', run.text, [plain.slice(0, 8), SECRET, quoted]);
    // The store's own error, as a caller would see it.
    const store = new RedisDedupStore({
      redis: {
        url: `redis://127.0.0.1:${redis.port}`,
        password: () => JSON.parse(plain),
        connectTimeoutMs: 300,
      },
    });
    const error = await store.claim([`${uniqueService('pw-quote')}:k`], 'o', 10_000).catch((e: unknown) => e);
    await store.close();
    assert.ok(error instanceof DedupStoreError, everything(error));
    assertNoSecret('the error', everything(error), [plain.slice(0, 8), SECRET]);
  });

  test('a password function that throws a non-Error, or an Error whose name is text: the type only', async () => {
    for (const [thrown, type] of [
      [`not an error: ${SECRET}`, 'a string'],
      [Object.assign(new Error(SECRET), { name: `Bad ${SECRET}` }), 'an Error'],
      [undefined, 'an undefined'],
    ] as const) {
      const store = new RedisDedupStore({
        redis: {
          url: `redis://127.0.0.1:${redis.port}`,
          password: () => {
            throw thrown;
          },
          connectTimeoutMs: 300,
        },
      });
      const error = await store
        .claim([`${uniqueService('pw-type')}:k`], 'o', 10_000)
        .catch((e: unknown) => e);
      await store.close();
      assert.match((error as Error).message, new RegExp(`the password function threw ${type}`));
      assertNoSecret('the error', everything(error), [SECRET]);
    }
  });

  test("ioredis puts an AUTH's arguments on its errors; what the store logs has none", async () => {
    // A real ioredis error: a queued command rejected with the failed AUTH's reply.
    const secret = `queued-${SECRET}`;
    const client = new Redis({
      port: redis.port,
      password: secret,
      lazyConnect: true,
      enableOfflineQueue: true,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
    });
    client.on('error', () => {});
    const raw = await client.get('x').catch((e: unknown) => e);
    client.disconnect();
    assert.ok(inspect(raw).includes(secret), 'ioredis does carry it (else this test proves nothing)');

    const logged = await printed(async () => {
      new Logger({ serviceName: 's' }).error('dedup store failed', {
        error: new DedupStoreError('connection', 'x', { cause: scrubError(raw, [secret]) }),
      });
    });
    assert.match(logged.text, /WRONGPASS/, 'the reason is kept');
    assertNoSecret('the log line', logged.text, [secret]);
  });
});

describe("a scrubbed error's cause chain (scrubError; the sampled StrykerJS run)", () => {
  const secret = `cause-${SECRET}`;
  const messages = (error: unknown): string[] => {
    const out: string[] = [];
    for (let e = error as Error | undefined; e !== undefined; e = e.cause as Error | undefined)
      out.push(e.message);
    return out;
  };

  test('keeps the causes, each scrubbed, to three below the error, and no deeper', () => {
    let chain = new Error(`level 4 ${secret}`);
    for (const level of [3, 2, 1, 0]) chain = new Error(`level ${level} ${secret}`, { cause: chain });
    const safe = scrubError(chain, [secret]);
    assert.deepEqual(messages(safe), ['level 0 ***', 'level 1 ***', 'level 2 ***', 'level 3 ***']);
  });

  test('an error that is its own cause is copied without endless recursion', () => {
    const looped = new Error(`loop ${secret}`);
    looped.cause = looped;
    assert.deepEqual(messages(scrubError(looped, [secret])), [
      'loop ***',
      'loop ***',
      'loop ***',
      'loop ***',
    ]);
  });
});

describe('a client of your own (adoptRedisClient)', () => {
  test('its password is scrubbed from the errors the connection passes on, as a URL password is', () => {
    const secret = 'adopted-pw-9f3c';
    const client = new Redis({ lazyConnect: true, password: secret });
    const scrubbed = adoptRedisClient(client, 1000).redact(new Error(`ERR AUTH default ${secret} failed`));
    assert.doesNotMatch(`${scrubbed.message} ${inspect(scrubbed)}`, new RegExp(secret));
    client.disconnect();
  });
});

describe('the address a client of your own is told by (adoptRedisClient)', () => {
  test("a cluster's first startup node, given as host and port or as text", () => {
    const given = new Cluster([{ host: '10.0.0.7', port: 7001 }], { lazyConnect: true });
    const text = new Cluster(['10.0.0.8:7002'], { lazyConnect: true });
    try {
      assert.equal(adoptRedisClient(given, 1000).address, '10.0.0.7:7001');
      assert.match(adoptRedisClient(text, 1000).address, /10\.0\.0\.8/);
    } finally {
      given.disconnect();
      text.disconnect();
    }
  });
});
