/**
 * How connection failures are told (issue 31's unseen-mutant audit): a cluster that could not load
 * its slot map is described by its last node's own error; a redirection still answered after the
 * store's resend (MOVED, ASK, TRYAGAIN) is counted as connection trouble, not `unknown`; a connect
 * failure from before the first good connect is not told again when a later connection closes.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { describeRedisFailure } from '../../lib/dedup/connect-failure.ts';
import { connectRedis } from '../../lib/dedup/redis-connection.ts';
import { errorReason } from '../../lib/dedup/store-error-reason.ts';
import { RedisConnectionError } from '../../lib/errors.ts';
import { startRedisServer } from '../../testkit/index.ts';

const target = { address: '127.0.0.1:7000', tls: false, user: undefined, connectTimeoutMs: 1000 };

describe("a cluster's failure to load its slot map", () => {
  test("is described by the last node's error (a refused connection), not only as no node answered", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:7000'), { code: 'ECONNREFUSED' });
    const failure = describeRedisFailure(
      Object.assign(new Error('Failed to refresh slots cache.'), { lastNodeError: refused }),
      target,
    );
    assert.match(failure?.text ?? '', /refused the connection \(ECONNREFUSED\)/);
    // Without a last node error: what the cluster said.
    assert.match(
      describeRedisFailure(new Error('Failed to refresh slots cache.'), target)?.text ?? '',
      /no node of the cluster at 127\.0\.0\.1:7000 answered for the slot map/,
    );
  });
});

describe('a redirection answered after the resend', () => {
  for (const text of [
    'MOVED 3999 127.0.0.1:7001',
    'ASK 3999 127.0.0.1:7001',
    'TRYAGAIN Multiple keys request during rehashing of slot',
  ]) {
    test(`${text.split(' ')[0]}: counted as connection trouble`, () => {
      assert.equal(errorReason(new Error(text)), 'connection');
    });
  }
});

describe('errors told by their type or code alone (the sampled StrykerJS run)', () => {
  test("ioredis's MaxRetriesPerRequestError is connection trouble by its name, whatever its text", () => {
    const error = Object.assign(new Error('gave up on the command'), { name: 'MaxRetriesPerRequestError' });
    assert.equal(errorReason(error), 'connection');
  });

  const tls = { ...target, tls: true };
  for (const code of ['EPROTO', 'ERR_SSL_WRONG_VERSION_NUMBER']) {
    test(`a TLS connect answered by a plain server: told by its code ${code} without OpenSSL's words`, () => {
      const error = Object.assign(new Error(`write ${code}`), { code });
      const failure = describeRedisFailure(error, tls);
      assert.equal(failure?.problem, 'tls', failure?.text);
      assert.match(failure?.text ?? '', /not TLS/);
      // Without TLS the same code is not a TLS mismatch.
      assert.notEqual(describeRedisFailure(error, target)?.problem, 'tls');
    });
  }

  test('a DNS server that did not answer (EAI_AGAIN): told by the code alone, or by the message alone', () => {
    for (const error of [
      Object.assign(new Error('lookup failed'), { code: 'EAI_AGAIN' }),
      new Error('getaddrinfo EAI_AGAIN cache.example'),
    ]) {
      const failure = describeRedisFailure(error, target);
      assert.equal(failure?.problem, 'dns', error.message);
      assert.match(failure?.text ?? '', /could not be resolved \(EAI_AGAIN: the DNS server did not answer\)/);
    }
  });

  test('a TLS connect answered by a plain server: the text names the code, EPROTO when the error had none', () => {
    const coded = Object.assign(new Error('write ERR_SSL_WRONG_VERSION_NUMBER'), {
      code: 'ERR_SSL_WRONG_VERSION_NUMBER',
    });
    assert.match(
      describeRedisFailure(coded, tls)?.text ?? '',
      /^127\.0\.0\.1:7000 answered the TLS handshake with something that is not TLS \(ERR_SSL_WRONG_VERSION_NUMBER\): /,
    );
    const bare = new Error('1C0A0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number');
    assert.match(
      describeRedisFailure(bare, tls)?.text ?? '',
      /^127\.0\.0\.1:7000 answered the TLS handshake with something that is not TLS \(EPROTO\): /,
    );
  });
});

describe('a connect that timed out (ETIMEDOUT), told by how far it got', () => {
  const timedOut = Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' });
  test('no TCP connection: a security group, route or firewall', () => {
    const failure = describeRedisFailure(timedOut, target, { tcp: false, secure: false, bytesRead: 0 });
    assert.equal(failure?.problem, 'timeout');
    assert.match(failure?.text ?? '', /^no TCP connection to 127\.0\.0\.1:7000 within 1000 ms \(ETIMEDOUT\)/);
  });
});

describe('a connect failure from before the first good connect', () => {
  test('is not told again when a later connection closes: that close is told as a lost connection', async () => {
    const redis = await startRedisServer();
    await redis.crash();
    const connection = connectRedis({ url: redis.url, connectTimeoutMs: 300 });
    const admin = new Redis({ port: redis.port, lazyConnect: true });
    try {
      // The cold start finds nothing listening: refused.
      const refused = await connection.ready().catch((e: unknown) => e);
      assert.ok(refused instanceof RedisConnectionError, String(refused));
      assert.equal(refused.problem, 'refused', refused.message);
      // Until a connect works, ioredis's "not connected" is told by that refusal (what the test
      // below must not see again: else it proves nothing).
      assert.match(
        connection.describe(new Error('Connection is closed.'))?.text ?? '',
        /^not connected: .*refused the connection \(ECONNREFUSED\)/,
      );

      await redis.restart();
      // Connects in the background; each ready() waits up to its connect timeout.
      const until = Date.now() + 60_000;
      for (;;) {
        const failed = await connection.ready().then(
          () => false,
          () => true,
        );
        if (!failed) break;
        assert.ok(Date.now() < until, 'the restarted Redis was never connected to');
      }

      // The server closes our connection: a command before the reconnect fails with ioredis's
      // "not connected" text (no offline queue), while nothing refuses any more.
      const client = connection.client as Redis;
      const lost = new Promise<unknown>((resolve) => {
        client.once('reconnecting', () => {
          client.ping().then(resolve, resolve);
        });
      });
      await admin.connect();
      await admin.client('KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
      const error = await lost;
      assert.ok(error instanceof Error, String(error));
      const told = connection.describe(error);
      assert.equal(told?.problem, 'closed', told?.text);
      assert.match(
        told!.text,
        new RegExp(`^not connected to 127\\.0\\.0\\.1:${redis.port}: the connection was lost`),
      );
      assert.doesNotMatch(told!.text, /refused|ECONNREFUSED/, 'the cold start refusal is not told again');
    } finally {
      connection.close();
      admin.disconnect();
      await redis.stop();
    }
  });
});
