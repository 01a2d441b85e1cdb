/**
 * The AUTH password of a connection (lib/dedup/fresh-auth.ts, AuthPassword): each password a
 * function made is remembered, the last few, so that the connection scrubs it from every error it
 * passes on (a generated IAM token is a signed URL). Found by the sampled StrykerJS run: with the
 * memory emptied, no test failed, because Redis's own errors do not quote the password.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, mock, test } from 'node:test';
import { Redis } from 'ioredis';
import { AuthPassword } from '../../lib/dedup/fresh-auth.ts';

afterEach(() => mock.timers.reset());

describe('AuthPassword', () => {
  test('remembers every password it made, the last four, once each, beside the fixed secrets', async () => {
    mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
    const client = new Redis({ lazyConnect: true });
    let n = 0;
    const auth = new AuthPassword('fixed', () => `token-${++n}`, ['fixed', 'fixed%20encoded']);
    assert.deepEqual(auth.secrets(), ['fixed', 'fixed%20encoded']);

    await auth.renew(client);
    assert.equal(auth.current, 'token-1');
    assert.equal(client.options.password, 'token-1', 'the next connect sends it');
    assert.deepEqual(auth.secrets(), ['fixed', 'fixed%20encoded', 'token-1']);

    // Within a second the password is fresh enough: nothing is made.
    await auth.renew(client);
    assert.equal(n, 1);

    for (let i = 0; i < 5; i++) {
      mock.timers.tick(1001);
      await auth.renew(client);
    }
    assert.equal(auth.current, 'token-6');
    assert.deepEqual(auth.secrets(), [
      'fixed',
      'fixed%20encoded',
      'token-3',
      'token-4',
      'token-5',
      'token-6',
    ]);
    client.disconnect();
  });

  test('a password made again is listed once', async () => {
    mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
    const client = new Redis({ lazyConnect: true });
    const auth = new AuthPassword(undefined, () => 'same', []);
    for (let i = 0; i < 3; i++) {
      await auth.renew(client);
      mock.timers.tick(1001);
    }
    assert.deepEqual(auth.secrets(), ['same']);
    client.disconnect();
  });

  test('a function that gives no text (an empty string, or no string) keeps the last password and says why', async () => {
    mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
    const client = new Redis({ lazyConnect: true });
    const answers: unknown[] = ['token-1', '', 42];
    const auth = new AuthPassword(undefined, () => answers.shift() as string, []);
    await auth.renew(client);
    assert.equal(auth.current, 'token-1');
    assert.equal(auth.error, undefined);
    for (const given of ['', 42]) {
      mock.timers.tick(1001);
      await auth.renew(client);
      assert.equal(auth.current, 'token-1', `after ${JSON.stringify(given)}`);
      assert.equal(client.options.password, 'token-1', 'the next connect still sends the last password');
      assert.match(String(auth.error), /the password function gave no text/);
      assert.deepEqual(auth.secrets(), ['token-1']);
    }
    client.disconnect();
  });
});
