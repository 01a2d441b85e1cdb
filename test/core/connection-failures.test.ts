/**
 * Misconfiguration is told apart from an outage, against real servers: a wrong port, a host name
 * that does not resolve, TLS on one side only (rediss:// against a plain Redis, a plain client
 * against a TLS port), a refused ACL password, an ACL user without a store command (NOPERM), a
 * Redis that accepts but never answers. Each error names host:port and the cause, in the reader's
 * words (no ioredis text), never the password; and carries the reason `misconfigured` while the
 * store never worked, the outage's reason once it had (a Redis stopped after it answered).
 *
 * Servers of its own (testkit's starter, openssl for a certificate), so that no user or pause
 * touches the shared Redis.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { ulid } from 'ulid';
import { DEDUP_USER_COMMANDS, dedupKey, dedupKeyPrefix, dedupUserAccessString } from '../../lib/contract.ts';
import { describeRedisFailure } from '../../lib/dedup/connect-failure.ts';
import type { ClaimResult } from '../../lib/dedup/store.ts';
import { DedupStoreError, RedisConnectionError } from '../../lib/errors.ts';
import { type RedisConnectionOptions, RedisDedupStore } from '../../lib/index.ts';
import { type LocalRedis, startRedisServer, startTcpFaultProxy } from '../../testkit/index.ts';
import { freePort } from '../../testkit/internal/index.ts';

const PASSWORD = 'acl-right-password-31';
const WRONG = 'acl-wrong-password-47';
const IOREDIS_TEXTS =
  /max retries|isn't writeable|enableOfflineQueue|Connection is closed|status (reconnecting|connecting)/;

const key = () => dedupKey(dedupKeyPrefix('svc', 'h'), ulid());
const dir = mkdtempSync(join(tmpdir(), 'msk-once-conn-'));
let plain: LocalRedis;
let tlsPort = 0;
let admin: Redis;

before(async () => {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  tlsPort = await freePort();
  // One server: its plain port for the ACL cases, its TLS port (TLS only) for a plain client.
  plain = await startRedisServer({
    args: [
      '--tls-port',
      String(tlsPort),
      '--tls-cert-file',
      join(dir, 'cert.pem'),
      '--tls-key-file',
      join(dir, 'key.pem'),
      '--tls-auth-clients',
      'no',
    ],
  });
  admin = new Redis({ host: '127.0.0.1', port: plain.port, maxRetriesPerRequest: 1 });
  await admin.call(
    'ACL',
    'SETUSER',
    'dedup',
    'reset',
    `>${PASSWORD}`,
    ...dedupUserAccessString('svc').split(' '),
  );
  const withoutSet = DEDUP_USER_COMMANDS.filter((c) => c !== 'set');
  await admin.call(
    'ACL',
    'SETUSER',
    'no-set',
    'reset',
    `>${PASSWORD}`,
    ...dedupUserAccessString('svc', withoutSet).split(' '),
  );
});
after(async () => {
  await admin?.quit();
  await plain?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** One claim (of one key, or `keys` of them: one script) through a new store: the error it answers (or throws). */
async function claimError(redis: RedisConnectionOptions, keys = 1): Promise<DedupStoreError> {
  const store = new RedisDedupStore({ redis: { connectTimeoutMs: 500, ...redis } });
  try {
    let results: ClaimResult[];
    try {
      results = await store.claim(Array.from({ length: keys }, key), 'owner', 30_000);
    } catch (error) {
      assert.ok(error instanceof DedupStoreError, String(error));
      return error;
    }
    const [result] = results;
    assert.ok(result instanceof DedupStoreError, `expected a store error, got ${String(result)}`);
    return result;
  } finally {
    await store.close();
  }
}

/** The error says where and what, in our words, and nothing secret. */
function assertTold(
  error: DedupStoreError,
  problem: string,
  address: string,
  cause: RegExp,
  secrets: string[] = [],
): void {
  assert.ok(error instanceof RedisConnectionError, `${error.name}: ${error.message}`);
  assert.equal(error.problem, problem, error.message);
  assert.equal(error.address, address);
  assert.equal(error.reason, 'misconfigured', error.message);
  assert.ok(error.message.includes(address), `names ${address}: ${error.message}`);
  assert.match(error.message, cause);
  assert.match(error.message, /no store call has worked since this function's cold start/);
  assert.doesNotMatch(error.message, IOREDIS_TEXTS);
  for (const secret of secrets) {
    assert.ok(!JSON.stringify({ m: error.message, c: String(error.cause) }).includes(secret), 'no secret');
  }
}

describe('a store that never worked says why (auth, ACL, certificate, a hung server)', () => {
  test('a TLS certificate the client does not trust: refused, naming the code', async () => {
    const error = await claimError({ url: `rediss://localhost:${tlsPort}` });
    assertTold(
      error,
      'tls',
      `localhost:${tlsPort}`,
      /certificate was refused \(DEPTH_ZERO_SELF_SIGNED_CERT\)/,
    );
  });

  test('an ACL user with a wrong password: auth refused, and the password is nowhere', async () => {
    const error = await claimError({
      url: `redis://127.0.0.1:${plain.port}`,
      username: 'dedup',
      password: WRONG,
    });
    assertTold(
      error,
      'auth',
      `127.0.0.1:${plain.port}`,
      /refused the credentials of user 'dedup' \(WRONGPASS\)/,
      [WRONG],
    );
    // The same, with the user and token in the URL: the message names neither.
    const inUrl = await claimError({ url: `redis://dedup:${WRONG}@127.0.0.1:${plain.port}` });
    assertTold(inUrl, 'auth', `127.0.0.1:${plain.port}`, /WRONGPASS/, [WRONG]);
  });

  test('an ACL user without a command of the store: the refusal names it where the server does', async () => {
    // A claim of one key is a script too (the lease and its mark in one step): Valkey names the
    // command ("ACL failure in script"), Redis 7.0 does not.
    const error = await claimError({
      url: `redis://127.0.0.1:${plain.port}`,
      username: 'no-set',
      password: PASSWORD,
    });
    assertTold(
      error,
      'permission',
      `127.0.0.1:${plain.port}`,
      /user 'no-set' at .* may not run (a command of the dedup store's scripts|'set' \(ACL failure in script\))/,
      [PASSWORD],
    );
  });

  test('an ACL user without a command the store runs inside its script: told as permission too', async () => {
    // Two keys: one script. The server refuses the SET inside it in its own words (Redis 7.0 names
    // no command, Valkey says "ACL failure in script"), not NOPERM.
    const error = await claimError(
      { url: `redis://127.0.0.1:${plain.port}`, username: 'no-set', password: PASSWORD },
      2,
    );
    assertTold(
      error,
      'permission',
      `127.0.0.1:${plain.port}`,
      /user 'no-set' at .* may not run (a command of the dedup store's scripts|'set' \(ACL failure in script\))/,
      [PASSWORD],
    );
  });

  test('a Redis that accepts but never answers: a timeout naming the address', async () => {
    const hung = await startRedisServer();
    hung.pause();
    try {
      const error = await claimError({ url: hung.url, connectTimeoutMs: 300 });
      assertTold(
        error,
        'timeout',
        `127.0.0.1:${hung.port}`,
        /accepted the connection but did not answer within 300 ms/,
      );
    } finally {
      await hung.stop();
    }
  });

  test('the right user and password work (each case above fails for its one change)', async () => {
    const store = new RedisDedupStore({
      redis: { url: `redis://127.0.0.1:${plain.port}`, username: 'dedup', password: PASSWORD },
    });
    try {
      assert.deepEqual(await store.claim([key()], 'owner', 30_000), ['claimed']);
    } finally {
      await store.close();
    }
  });
});

// The cases a connection meets before any command, in both modes: a cluster loads its slot map
// first, through connections of its own (their errors are traced too).
for (const cluster of [false, true]) {
  describe(`a ${cluster ? 'cluster' : 'standalone'} store that never connected says why`, () => {
    test('a wrong port: refused', async () => {
      const port = await freePort();
      const error = await claimError({ url: `redis://127.0.0.1:${port}`, cluster });
      assertTold(
        error,
        'refused',
        `127.0.0.1:${port}`,
        /refused the connection \(ECONNREFUSED\).*a wrong port in the Redis URL/,
      );
    });

    test('an unknown host: the name does not resolve', async () => {
      const error = await claimError({ url: 'redis://no-such-cache.invalid:6379', cluster });
      assertTold(error, 'dns', 'no-such-cache.invalid:6379', /does not resolve \(ENOTFOUND\)|EAI_AGAIN/);
    });

    test('rediss:// against a plain Redis: TLS on one side only', async () => {
      const error = await claimError({ url: `rediss://localhost:${plain.port}`, cluster });
      assertTold(
        error,
        'tls',
        `localhost:${plain.port}`,
        /did not answer the TLS handshake.*serves plain Redis.*use redis:\/\//,
      );
    });

    test('a plain client against a TLS port: TLS on one side only', async () => {
      const error = await claimError({ url: `redis://127.0.0.1:${tlsPort}`, cluster });
      assertTold(error, 'tls', `127.0.0.1:${tlsPort}`, /requires TLS.*use rediss:\/\//);
    });
  });
}

describe('ioredis texts are translated', () => {
  test("a connection cut under a pending command: not ioredis's max-retries text, but the address", async () => {
    const redis = await startRedisServer();
    const proxy = await startTcpFaultProxy(redis.url);
    const store = new RedisDedupStore({ redis: { url: proxy.url, commandTimeoutMs: 2000 } });
    try {
      assert.deepEqual(await store.claim([key()], 'o', 30_000), ['claimed']);
      proxy.set({ slowMs: 500 });
      const pending = store.claim([key()], 'o', 30_000).catch((e: unknown) => [e]);
      await new Promise((r) => setTimeout(r, 100));
      proxy.set('down'); // the command is on the wire: ioredis answers MaxRetriesPerRequestError
      const [cut] = await pending;
      assert.ok(cut instanceof RedisConnectionError, String(cut));
      assert.equal(cut.reason, 'connection', cut.message);
      assert.match(cut.message, new RegExp(`not connected to 127\\.0\\.0\\.1:${new URL(proxy.url).port}`));
      assert.match(
        String(cut.cause),
        /max retries per request/,
        'ioredis did say it (else this proves nothing)',
      );
      assert.doesNotMatch(cut.message, IOREDIS_TEXTS);
    } finally {
      await store.close();
      await proxy.stop();
      await redis.stop();
    }
  });

  test('a server with a password, none given: NOAUTH', async () => {
    const locked = await startRedisServer();
    // Set after the start: the starter waits for an answer to PING, which NOAUTH is not.
    const setup = new Redis({ host: '127.0.0.1', port: locked.port, maxRetriesPerRequest: 1 });
    await setup.config('SET', 'requirepass', PASSWORD);
    setup.disconnect();
    try {
      const error = await claimError({ url: locked.url });
      assertTold(
        error,
        'auth',
        `127.0.0.1:${locked.port}`,
        /requires authentication and none was sent \(NOAUTH\)/,
      );
    } finally {
      await locked.stop();
    }
  });

  // Codes no local server produces on demand (a DNS server that does not answer, a TLS server
  // that answers garbage, no route): told all the same.
  test('EAI_AGAIN, EPROTO, EHOSTUNREACH, a TLS alert to a plain client; unknown errors stay as they are', () => {
    const target = { address: 'cache.example:6379', tls: true, user: undefined, connectTimeoutMs: 1000 };
    const told = (error: object, tls = true) => describeRedisFailure(error, { ...target, tls });
    assert.equal(told({ code: 'EAI_AGAIN', message: 'getaddrinfo EAI_AGAIN cache.example' })?.problem, 'dns');
    assert.equal(told({ code: 'EPROTO', message: 'wrong version number' })?.problem, 'tls');
    assert.equal(told({ code: 'EHOSTUNREACH', message: 'connect EHOSTUNREACH' })?.problem, 'timeout');
    const alert = told(
      { name: 'ParserError', message: `Protocol error, got ${JSON.stringify('\u0015')} as reply type byte` },
      false,
    );
    assert.equal(alert?.problem, 'tls');
    assert.match(alert!.text, /^cache\.example:6379 answered our first command in TLS/);
    assert.equal(told({ message: 'ERR something else' }), undefined);
  });
});

describe('never worked, or an outage', () => {
  test('a store that worked and then lost its Redis reports the outage, not a misconfiguration', async () => {
    const redis = await startRedisServer();
    const store = new RedisDedupStore({ redis: { url: redis.url, connectTimeoutMs: 300 } });
    try {
      assert.deepEqual(await store.claim([key()], 'o', 30_000), ['claimed']);
      await redis.crash();
      const [lost] = await store.claim([key()], 'o', 30_000).catch((e) => [e]);
      assert.ok(lost instanceof RedisConnectionError, String(lost));
      assert.equal(lost.reason, 'connection', lost.message);
      assert.doesNotMatch(lost.message, /cold start/);
      assert.match(lost.message, new RegExp(`127\\.0\\.0\\.1:${redis.port}`));
      assert.doesNotMatch(lost.message, IOREDIS_TEXTS);
      await redis.restart();
      // Back: the next batches claim again (a reconnect in the background).
      let result: unknown;
      for (let i = 0; i < 40 && result !== 'claimed'; i++) {
        [result] = await store.claim([key()], 'o', 30_000).catch((e) => [e]);
        if (result !== 'claimed') await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(result, 'claimed');
    } finally {
      await store.close();
      await redis.stop();
    }
  });

  test('a store whose Redis was down at cold start is misconfigured until it answers once', async () => {
    const redis = await startRedisServer();
    await redis.crash();
    const store = new RedisDedupStore({ redis: { url: redis.url, connectTimeoutMs: 300 } });
    try {
      const [first] = await store.claim([key()], 'o', 30_000).catch((e) => [e]);
      assert.ok(first instanceof RedisConnectionError, String(first));
      assert.equal(first.reason, 'misconfigured');
      assert.equal(first.problem, 'refused');
      await redis.restart();
      let result: unknown;
      for (let i = 0; i < 40 && result !== 'claimed'; i++) {
        [result] = await store.claim([key()], 'o', 30_000).catch((e) => [e]);
        if (result !== 'claimed') await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(result, 'claimed');
      await redis.crash();
      const [later] = await store.claim([key()], 'o', 30_000).catch((e) => [e]);
      assert.ok(later instanceof DedupStoreError, String(later));
      assert.equal(later.reason, 'connection', later.message);
    } finally {
      await store.close();
      await redis.stop();
    }
  });
});
