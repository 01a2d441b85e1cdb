/**
 * The emulator names the mapping's retries as the consumer construct does (`retryAttempts`); the
 * old `maximumRetryAttempts` stays as a deprecated alias, and giving both is refused.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LOCAL_CLUSTER, MappingConfigurationError } from '../../emulator/index.ts';
import { resolveMappingOptions } from '../../emulator/mapping-validation.ts';

const provisioned = { topics: ['t'], provisionedPollers: {} };

test('retryAttempts sets the retries; the deprecated maximumRetryAttempts still does', () => {
  assert.equal(resolveMappingOptions({ ...provisioned, retryAttempts: 3 }, LOCAL_CLUSTER).maxRetries, 3);
  assert.equal(
    resolveMappingOptions({ ...provisioned, maximumRetryAttempts: 2 }, LOCAL_CLUSTER).maxRetries,
    2,
  );
});

test('a bad value names the option it was given under; both names at once are refused', () => {
  assert.throws(
    () => resolveMappingOptions({ ...provisioned, retryAttempts: -2 }, LOCAL_CLUSTER),
    (e: Error) =>
      e instanceof MappingConfigurationError && /^retryAttempts must be -1 or 0..10000/.test(e.message),
  );
  assert.throws(
    () => resolveMappingOptions({ ...provisioned, retryAttempts: 1, maximumRetryAttempts: 1 }, LOCAL_CLUSTER),
    /retryAttempts and maximumRetryAttempts \(its deprecated name\) are the same setting/,
  );
  assert.throws(
    () => resolveMappingOptions({ topics: ['t'], retryAttempts: 1 }, LOCAL_CLUSTER),
    /^MappingConfigurationError|retryAttempts needs provisioned mode/,
  );
});
