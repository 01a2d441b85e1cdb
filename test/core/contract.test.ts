/**
 * The contract module: the one place the names live, and the public values users' dashboards,
 * alarms and deployments are built on. The other tests use the names through the contract (so they
 * check that the parts agree); this one pins the values, so that renaming one is a decision taken
 * here, with a release note, and not a side effect of a refactoring.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import * as contract from '../../lib/contract.ts';

const {
  ALARM_DEFAULTS,
  DEDUP_ENV_VARS,
  DEPRECATED_ENV_VARS,
  DEDUP_USER_COMMANDS,
  DEDUP_ERROR_REASONS,
  DEFAULT_NAMESPACE,
  dedupUserAccessString,
  dedupUserKeyPattern,
  Dimension,
  EnvVar,
  Header,
  METRIC_DIMENSIONS,
  MIN_WINDOW_SECONDS,
  Metric,
  RECORD_COUNTERS,
  WINDOWS,
} = contract;

describe('contract: the public values', () => {
  test('metric names, dimensions and namespace', () => {
    assert.equal(DEFAULT_NAMESPACE, 'MskOnce');
    assert.deepEqual(Metric, {
      processed: 'MessagesProcessed',
      succeeded: 'MessagesSucceeded',
      failed: 'MessagesFailed',
      deduplicated: 'MessagesDeduplicated',
      dedupCheckDuration: 'DedupCheckDuration',
      dedupConnectDuration: 'DedupConnectDuration',
      dedupErrors: 'DedupErrors',
      effectErrors: 'EffectErrors',
      schemaRegistryErrors: 'SchemaRegistryErrors',
      parked: 'MessagesParked',
      poisonSinkErrors: 'PoisonSinkErrors',
      heldClaimWaits: 'HeldClaimWaits',
      marksNotCompact: 'DedupMarksNotCompact',
    });
    assert.deepEqual(contract.HELD_CLAIM_WAIT_OUTCOMES, ['claimed', 'done', 'still-held']);
    assert.deepEqual(Dimension, { service: 'service', topic: 'Topic', handler: 'Handler', reason: 'Reason' });
    assert.deepEqual(DEDUP_ERROR_REASONS, [
      'timeout',
      'connection',
      'script',
      'unknown',
      'misconfigured',
      'claim-lost',
      'lease-overrun',
      'key-order-exposed',
    ]);
    assert.deepEqual(contract.EFFECT_ERROR_REASONS, [
      'timeout',
      'connection',
      'throttled',
      'table-missing',
      'access-denied',
      'unknown',
      'commit',
      'release',
      'conflict',
      'taken-over',
    ]);
    assert.deepEqual(contract.SCHEMA_REGISTRY_ERROR_REASONS, [
      'not-found',
      'denied',
      'timeout',
      'unreachable',
      'http',
      'invalid',
    ]);
    assert.deepEqual(ALARM_DEFAULTS, { dedupRatio: 0.1, dedupCheckP99Ms: 50 });
  });

  test('environment variables and envelope headers', () => {
    assert.deepEqual(
      { ...EnvVar },
      {
        redisUrl: 'DEDUP_REDIS_URL',
        redisMode: 'DEDUP_REDIS_MODE',
        redisAuth: 'DEDUP_REDIS_AUTH',
        redisUser: 'DEDUP_REDIS_USER',
        redisToken: 'DEDUP_REDIS_TOKEN',
        redisCacheName: 'DEDUP_REDIS_CACHE_NAME',
        redisServerless: 'DEDUP_REDIS_SERVERLESS',
        window: 'MSK_ONCE_WINDOW',
        onStoreError: 'MSK_ONCE_ON_STORE_ERROR',
        storePolicy: 'MSK_ONCE_ON_STORE_ERROR',
        functionTimeoutMs: 'MSK_ONCE_FUNCTION_TIMEOUT_MS',
        reserveMs: 'MSK_ONCE_RESERVE_MS',
        leaseMs: 'MSK_ONCE_LEASE_MS',
        heldClaimWaitMs: 'MSK_ONCE_HELD_CLAIM_WAIT_MS',
        commitEveryRecords: 'MSK_ONCE_COMMIT_EVERY_RECORDS',
        commitEveryMs: 'MSK_ONCE_COMMIT_EVERY_MS',
        maxHeaderBytes: 'MSK_ONCE_MAX_HEADER_BYTES',
        eventsPerSecond: 'MSK_ONCE_EVENTS_PER_SECOND',
        ordering: 'MSK_ONCE_ORDERING',
        concurrency: 'MSK_ONCE_CONCURRENCY',
        previousKeyFormat: 'MSK_ONCE_PREVIOUS_KEY_FORMAT',
        store: 'DEDUP_STORE',
        eventIdSource: 'MSK_ONCE_EVENT_ID_SOURCE',
        eventIdFormat: 'MSK_ONCE_EVENT_ID_FORMAT',
        idempotencyTable: 'IDEMPOTENCY_TABLE_NAME',
        idempotencyExpiresAfterSeconds: 'IDEMPOTENCY_EXPIRES_AFTER_SECONDS',
        handlerName: 'MSK_ONCE_HANDLER_NAME',
        deployedServiceName: 'MSK_ONCE_SERVICE_NAME',
        serviceName: 'POWERTOOLS_SERVICE_NAME',
        metricsNamespace: 'POWERTOOLS_METRICS_NAMESPACE',
        poisonQueueUrl: 'MSK_ONCE_POISON_QUEUE_URL',
        logLevel: 'POWERTOOLS_LOG_LEVEL',
        powertoolsDev: 'POWERTOOLS_DEV',
        metricsDisabled: 'POWERTOOLS_METRICS_DISABLED',
        traceEnabled: 'POWERTOOLS_TRACE_ENABLED',
        idempotencyDisabled: 'POWERTOOLS_IDEMPOTENCY_DISABLED',
        schemaRegistryUri: 'KAFKA_SCHEMA_REGISTRY_URI',
        schemaRegistrySecretArn: 'KAFKA_SCHEMA_REGISTRY_SECRET_ARN',
        eventRecordFormat: 'KAFKA_EVENT_RECORD_FORMAT',
        functionName: 'AWS_LAMBDA_FUNCTION_NAME',
      },
    );
    assert.deepEqual(Header, {
      eventId: 'Event-Id',
      correlationId: 'Correlation-Id',
      eventType: 'Event-Type',
    });
  });

  test("the dedup user's commands and keys (the ElastiCache user's access string)", () => {
    assert.deepEqual(DEDUP_USER_COMMANDS, [
      'evalsha',
      'eval',
      'set',
      'get',
      'pexpire',
      'del',
      'hget',
      'hset',
      'hlen',
      'hgetall',
      'hdel',
      'info',
      'cluster|info',
      'cluster|slots',
      'asking',
      'client|setname',
      'readonly',
    ]);
    assert.equal(dedupUserKeyPattern('notification'), 'notification:dedup:*');
    assert.equal(
      dedupUserAccessString('notification'),
      'on ~notification:dedup:* -@all +evalsha +eval +set +get +pexpire +del +hget +hset +hlen +hgetall +hdel +info +cluster|info +cluster|slots +asking +client|setname +readonly',
    );
  });

  test('windows: 24 h, 7 d, 1 h, at least 10 minutes', () => {
    assert.deepEqual(WINDOWS, { default: 86_400, critical: 604_800, analytics: 3_600 });
    assert.equal(MIN_WINDOW_SECONDS, 600);
  });
});

describe('contract: consistent with itself', () => {
  test('every metric has its dimension set, and the record counters are metrics', () => {
    assert.deepEqual(Object.keys(METRIC_DIMENSIONS).sort(), Object.values(Metric).sort());
    const dimensions = new Set<string>(Object.values(Dimension));
    for (const set of Object.values(METRIC_DIMENSIONS)) {
      assert.ok(set.includes(Dimension.service), 'Powertools adds service to every metric');
      assert.ok(set.every((d) => dimensions.has(d)));
    }
    assert.ok(RECORD_COUNTERS.every((m) => Object.values(Metric).includes(m)));
  });

  test('names are unique, and DEDUP_ENV_VARS is the whole DEDUP_ family of EnvVar', () => {
    // EnvVar.storePolicy is the deprecated key of onStoreError's variable (the one shared value).
    const { storePolicy: _deprecated, ...envVars } = EnvVar;
    for (const table of [Metric, Dimension, envVars, Header]) {
      const values = Object.values(table);
      assert.equal(new Set(values).size, values.length);
    }
    // Every 0.2.0 name read for one release maps to a variable of today.
    for (const now of Object.values(DEPRECATED_ENV_VARS))
      assert.ok(Object.values(EnvVar).includes(now as never), now);
    assert.deepEqual(
      [...DEDUP_ENV_VARS].sort(),
      Object.values(EnvVar)
        .filter((v) => v.startsWith('DEDUP_'))
        .sort(),
    );
  });

  test('every named window is at least the minimum', () => {
    for (const [name, seconds] of Object.entries(WINDOWS)) assert.ok(seconds >= MIN_WINDOW_SECONDS, name);
  });
});

describe('contract: how it is reached', () => {
  test('msk-once/contract is lib/contract.ts (the index of lib/contract/)', async () => {
    const bySubpath = await import('msk-once/contract');
    assert.equal(bySubpath.Metric, Metric);
  });

  test('loading it loads no npm package, so the CDK app, tools and dashboards load it without the runtime', () => {
    // A fresh process records every module it resolves while importing the entry alone.
    const script = `
      import { registerHooks } from 'node:module';
      const seen = [];
      registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.push(r.url); return r; } });
      await import('msk-once/contract');
      process.stdout.write(JSON.stringify(seen));`;
    const seen = JSON.parse(
      execFileSync(process.execPath, ['--conditions=msk-once-source', '--input-type=module', '-e', script], {
        encoding: 'utf8',
      }),
    ) as string[];
    assert.ok(
      seen.some((url) => url.endsWith('/lib/contract/dedup-key.ts')),
      seen.join('\n'),
    );
    const outside = seen.filter((url) => !/\/lib\/(contract\.ts|contract\/[^/]+\.ts|errors\.ts)$/.test(url));
    assert.deepEqual(outside, [], 'modules outside lib/contract/ (and its errors)');
  });
});
