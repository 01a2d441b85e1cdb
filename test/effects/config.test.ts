import assert from 'node:assert/strict';
import { test } from 'node:test';
import { effectsConfigFromEnv } from '../../lib/effects/config.ts';
import { ConfigurationError } from '../../lib/errors.ts';

test('effectsConfigFromEnv reads the table, the namespace and the expiry', () => {
  assert.deepEqual(
    effectsConfigFromEnv({ IDEMPOTENCY_TABLE_NAME: 'marks', POWERTOOLS_SERVICE_NAME: 'notification' }),
    {
      tableName: 'marks',
      namespace: 'notification',
      expiresAfterSeconds: 604_800,
    },
  );
  assert.equal(
    effectsConfigFromEnv({ IDEMPOTENCY_TABLE_NAME: 'marks', IDEMPOTENCY_EXPIRES_AFTER_SECONDS: '86400' })
      .expiresAfterSeconds,
    86_400,
  );
  assert.equal(effectsConfigFromEnv({ IDEMPOTENCY_TABLE_NAME: 'marks' }).namespace, 'msk-once');
});

test('effectsConfigFromEnv names the variable that is missing or wrong', () => {
  assert.throws(
    () => effectsConfigFromEnv({}),
    (e) =>
      e instanceof ConfigurationError &&
      e.option === 'IDEMPOTENCY_TABLE_NAME' &&
      /fail-closed/.test(e.message),
  );
  for (const bad of ['10', '1.5', 'a day']) {
    assert.throws(
      () => effectsConfigFromEnv({ IDEMPOTENCY_TABLE_NAME: 'marks', IDEMPOTENCY_EXPIRES_AFTER_SECONDS: bad }),
      (e) => e instanceof ConfigurationError && e.option === 'IDEMPOTENCY_EXPIRES_AFTER_SECONDS',
    );
  }
});
