/**
 * KafkaConsumer reads the declared settings (lib/contract/settings.ts) from its props, the way
 * kafkaHandler reads them from its options: each prop becomes the variable dedupConfigFromEnv reads
 * (a real synth, round trip), the constraints between settings hold at synth naming both props,
 * and `environment` may not set a variable the construct sets (every declared one, and its 0.2.0 name).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Duration, type Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { consumerSettings } from '../../infra/cdk/consumer-validation.ts';
import { DedupCache } from '../../infra/cdk/dedup-cache.ts';
import { ConstructConfigError } from '../../infra/cdk/errors.ts';
import { KafkaConsumer, type KafkaConsumerProps } from '../../infra/cdk/kafka-consumer.ts';
import { resolveOptionSettings } from '../../lib/consumer/config.ts';
import {
  DEPRECATED_ENV_VARS,
  EnvVar,
  oldNames,
  SETTINGS,
  type SettingDeclaration,
  valueAt,
} from '../../lib/contract.ts';
import { dedupConfigFromEnv } from '../../lib/index.ts';
import { bareStack, FIXTURE_ENTRY } from './support.ts';

const CLUSTER = 'arn:aws:kafka:eu-west-1:111111111111:cluster/c/0a1b2c3d-1111-2222-3333-444455556666-1';

function scope(): { stack: Stack; base: KafkaConsumerProps } {
  const { stack, vpc } = bareStack('T');
  const cache = new DedupCache(stack, 'Cache', { vpc, name: 't', config: { kind: 'serverless' } });
  const base: KafkaConsumerProps = {
    entry: FIXTURE_ENTRY,
    service: 'fixture',
    handlerName: 'fixture',
    clusterArn: CLUSTER,
    topics: ['orders'],
    consumerGroupId: 'fixture',
    dlqTopic: 'orders-dlq',
    vpc,
    dedupStore: cache.storeFor('fixture'),
    provisionedPollers: { minimumPollers: 1, maximumPollers: 2 },
  };
  return { stack, base };
}

function rejects(change: (stack: Stack) => Partial<KafkaConsumerProps>): ConstructConfigError {
  const { stack, base } = scope();
  try {
    new KafkaConsumer(stack, 'C', { ...base, ...change(stack) });
  } catch (error) {
    assert.ok(error instanceof ConstructConfigError, `expected a ConstructConfigError, got ${error}`);
    return error;
  }
  assert.fail('accepted');
}

/** The props that give every declared setting a value other than its default. */
const EVERY_SETTING: Partial<KafkaConsumerProps> = {
  window: 'critical',
  onStoreError: 'closed',
  timeout: Duration.seconds(30),
  reserve: Duration.seconds(2),
  lease: Duration.seconds(60),
  heldClaimWait: Duration.seconds(10),
  ordering: 'key',
  concurrency: 64,
  commitEvery: { records: 50, ms: 1000 },
  maxHeaderBytes: 4096,
  eventsPerSecond: 2500,
  previousKeyFormat: '0.2.0',
};

describe('KafkaConsumer: the declared settings', () => {
  test('every setting with a prop: prop -> variable (real synth) -> dedupConfigFromEnv -> the option it names', () => {
    const { stack, base } = scope();
    new KafkaConsumer(stack, 'C', { ...base, ...EVERY_SETTING });
    const [fn] = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'));
    const env = fn!.Properties.Environment.Variables as Record<string, string>;
    const read = dedupConfigFromEnv({ ...env, [EnvVar.redisUrl]: 'redis://h:1' });
    const resolved = resolveOptionSettings({ ...read }, {});
    for (const setting of SETTINGS) {
      assert.ok(setting.prop, `${setting.option} has a prop`);
      let given = valueAt(EVERY_SETTING, setting.prop);
      if (given instanceof Duration) given = given.toMilliseconds();
      assert.notEqual(given, undefined, `the test gives ${setting.prop}`);
      assert.equal(env[setting.variable], String(given), setting.variable);
      assert.equal(resolved.values[setting.option], given, `${setting.option} as the function reads it`);
    }
  });

  test('environment may not set a variable the construct sets: every declared one and its 0.2.0 name, naming the prop', () => {
    for (const setting of SETTINGS) {
      for (const name of [setting.variable, ...oldNames(setting, 'variable')]) {
        const e = rejects(() => ({ environment: { [name]: '1' } }));
        assert.equal(e.prop, `environment.${name}`);
        assert.match(e.message, new RegExp(`from its prop ${setting.prop}: set ${setting.prop} instead`));
      }
    }
    // The two the construct's list missed: ordering and concurrency (16 would become 64 at run time).
    assert.match(
      rejects(() => ({ environment: { MSK_ONCE_CONCURRENCY: '64' } })).message,
      /prop concurrency/,
    );
    assert.match(rejects(() => ({ environment: { MSK_ONCE_ORDERING: 'key' } })).message, /prop ordering/);
    for (const old of Object.keys(DEPRECATED_ENV_VARS))
      assert.equal(rejects(() => ({ environment: { [old]: 'x' } })).prop, `environment.${old}`);
  });

  test('a value out of bounds is refused at synth, as at cold start (5000 concurrency)', () => {
    const e = rejects(() => ({ ordering: 'key', concurrency: 5000 }));
    assert.equal(e.prop, 'concurrency');
    assert.match(e.message, /5000 is not a whole number of records 1\.\.1000/);
  });

  test('constraints at synth, naming both props and a value that works', () => {
    const effects = rejects((stack) => ({
      timeout: Duration.seconds(8),
      idempotencyTable: new dynamodb.Table(stack, 'Marks', {
        partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING },
      }),
    }));
    assert.equal(effects.prop, 'timeout');
    assert.match(effects.message, /8000 ms cannot fit one effect.*give timeout 11000 ms or more/);
    const reserve = rejects(() => ({ timeout: Duration.seconds(3), reserve: Duration.seconds(5) }));
    assert.equal(reserve.prop, 'reserve');
    assert.match(reserve.message, /not below timeout \(3000 ms\).*give reserve 1500 or less/);
    const concurrency = rejects(() => ({ ordering: 'partition', concurrency: 16 }));
    assert.match(concurrency.message, /set ordering to 'key', or drop concurrency/);
  });

  test('derived values and deprecated props are synth warnings; the variables say what the function uses', () => {
    const { stack, base } = scope();
    new KafkaConsumer(stack, 'C', {
      ...base,
      timeout: Duration.seconds(3),
      lease: Duration.seconds(1),
      commitEvery: { records: 1000, ms: 5000 },
      storePolicy: 'closed',
    });
    const warnings = Annotations.fromStack(stack)
      .findWarning('*', Match.anyValue())
      .map((w) => String(w.entry.data));
    assert.ok(
      warnings.some((w) =>
        /reserve 5000 ms \(the default\) is more than half of timeout 3000 ms: 1500 ms used/.test(w),
      ),
      warnings.join('\n'),
    );
    assert.ok(
      warnings.some((w) =>
        /commitEvery\.ms 5000 ms is longer than a third of lease 1000 ms.*333 ms used/.test(w),
      ),
    );
    assert.ok(warnings.some((w) => /storePolicy is deprecated: use onStoreError/.test(w)));
    const { environment } = consumerSettings('T/C', {
      ...base,
      timeout: Duration.seconds(3),
      storePolicy: 'closed',
    });
    assert.equal(environment[EnvVar.onStoreError], 'closed');
    assert.equal(environment[EnvVar.functionTimeoutMs], '3000', 'the timeout goes to the function');
    // The function derives the same reserve from it.
    assert.equal(
      dedupConfigFromEnv({ ...environment, [EnvVar.redisUrl]: 'redis://h:1' }).functionTimeoutMs,
      3000,
    );
  });

  test('a made-up setting, added to the declaration alone, is a prop checked at synth and a variable', () => {
    const madeUp: SettingDeclaration = {
      option: 'flushEveryMs',
      type: 'ms',
      min: 10,
      max: 1000,
      variable: 'MSK_ONCE_FLUSH_EVERY_MS',
      prop: 'flushEvery',
      propIsDuration: true,
      defaultText: '100',
      doc: 'a setting made up by this test',
    };
    const { base } = scope();
    const settings = [...SETTINGS, madeUp];
    const given = { ...base, flushEvery: Duration.millis(50) } as KafkaConsumerProps;
    assert.equal(consumerSettings('T/C', given, settings).environment.MSK_ONCE_FLUSH_EVERY_MS, '50');
    assert.throws(
      () =>
        consumerSettings('T/C', { ...base, flushEvery: Duration.seconds(5) } as KafkaConsumerProps, settings),
      (e: unknown) =>
        e instanceof ConstructConfigError &&
        e.prop === 'flushEvery' &&
        /5000 is not a whole number of milliseconds 10\.\.1000/.test(e.message),
    );
  });
});
