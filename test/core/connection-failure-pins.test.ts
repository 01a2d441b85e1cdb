/**
 * How connection failures are told (issue 31's unseen-mutant audit): a cluster that could not load
 * its slot map is described by its last node's own error; a redirection still answered after the
 * store's resend (MOVED, ASK, TRYAGAIN) is counted as connection trouble, not `unknown`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeRedisFailure } from '../../lib/dedup/connect-failure.ts';
import { errorReason } from '../../lib/dedup/store-error-reason.ts';

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
