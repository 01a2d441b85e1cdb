/**
 * The settings, declared once (lib/contract/settings.ts): each is an option kafkaHandler checks and
 * a variable dedupConfigFromEnv reads, refused the same way and named where it was given; the
 * constraints between them hold at cold start. The reserve and the wait as a running function
 * applies them are time-budget.test.ts's.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveConfig, resolveOptionSettings } from '../../lib/consumer/config.ts';
import {
  EFFECT_TIME_NEED_MS,
  EnvVar,
  readSettings,
  readSettingVariables,
  SETTINGS,
  type SettingDeclaration,
  settingName,
  valueAt,
} from '../../lib/contract.ts';
import { DEFAULT_MAX_EFFECT_MS } from '../../lib/effects/config.ts';
import { EFFECTS_CLIENT_WORST_CALL_MS } from '../../lib/effects/dynamodb-client.ts';
import { ConfigurationError, dedupConfigFromEnv, kafkaHandler } from '../../lib/index.ts';

const handle = async () => {};
const redis = { url: 'redis://127.0.0.1:6379' };
const base = { service: 's', handlerName: 'h', redis, handle };
const url = { [EnvVar.redisUrl]: 'redis://h:1' };

/** A value out of bounds for `setting`, as an option and as a variable's text. */
function outOfBounds(setting: SettingDeclaration): { option: unknown; text: string } {
  switch (setting.type) {
    case 'ms':
    case 'count':
      return { option: setting.max + 1, text: String(setting.max + 1) };
    case 'choice':
      return { option: 'nonsense', text: 'nonsense' };
    case 'window':
      return { option: 60, text: '60' };
  }
}

function optionsWith(setting: SettingDeclaration, value: unknown): Record<string, unknown> {
  const [head, tail] = setting.option.split('.') as [string, string | undefined];
  const extra: Record<string, unknown> =
    tail === undefined ? { [head]: value } : { [head]: { [tail]: value } };
  // concurrency goes with key order: set it, so that the bound is what is refused.
  if (setting.option === 'concurrency') extra.ordering = 'key';
  return extra;
}

function refusal(fn: () => unknown): ConfigurationError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof ConfigurationError, String(error));
    return error;
  }
  assert.fail('not refused');
}

describe('every declared setting is an option and a variable, checked alike', () => {
  for (const setting of SETTINGS) {
    test(`${setting.option}: refused out of bounds as ${setting.option} and as ${setting.variable}`, () => {
      const bad = outOfBounds(setting);
      const asOption = refusal(() => kafkaHandler({ ...base, ...optionsWith(setting, bad.option) } as never));
      assert.equal(asOption.option, setting.option);
      const env: NodeJS.ProcessEnv = { ...url, [setting.variable]: bad.text };
      if (setting.option === 'concurrency') env[EnvVar.ordering] = 'key';
      const asVariable = refusal(() => dedupConfigFromEnv(env));
      assert.equal(asVariable.option, setting.variable);
    });
  }
  test('a variable set is read as the option would be given (every setting, round trip)', () => {
    for (const setting of SETTINGS) {
      const value =
        setting.type === 'choice'
          ? setting.values.at(-1)!
          : setting.type === 'window'
            ? 3600
            : setting.min + 1;
      const env: NodeJS.ProcessEnv = { ...url, [setting.variable]: String(value) };
      if (setting.option === 'concurrency') env[EnvVar.ordering] = 'key';
      if (setting.option === 'commitEvery.ms') env[EnvVar.leaseMs] = '60000';
      const read = dedupConfigFromEnv(env);
      assert.equal(valueAt(read, setting.option), value, setting.variable);
      const config = resolveOptionSettings({ ...base, ...read });
      assert.equal(config.values[setting.option], value, `${setting.option} through kafkaHandler`);
    }
  });
  test("a variable's 0.2.0 name is read in its place, with one warning", () => {
    const warnings: string[] = [];
    const given = readSettingVariables(
      { DEDUP_RESERVE_MS: '1200', DEDUP_STORE_POLICY: 'closed' },
      (name, reason) => assert.fail(`${name} ${reason}`),
      (message) => warnings.push(message),
    );
    assert.equal(given.values.reserveMs, 1200);
    assert.equal(given.values.onStoreError, 'closed');
    assert.deepEqual(warnings, [
      `DEDUP_STORE_POLICY is deprecated: set ${EnvVar.onStoreError} (read in its place for one release)`,
      `DEDUP_RESERVE_MS is deprecated: set ${EnvVar.reserveMs} (read in its place for one release)`,
    ]);
    // The new name wins over the old one.
    assert.equal(
      dedupConfigFromEnv({ ...url, DEDUP_RESERVE_MS: '1200', [EnvVar.reserveMs]: '900' }).reserveMs,
      900,
    );
  });
});

describe('a made-up setting, added to the declaration alone', () => {
  const madeUp: SettingDeclaration = {
    option: 'flushEveryMs',
    type: 'ms',
    min: 10,
    max: 1000,
    default: 100,
    variable: 'MSK_ONCE_FLUSH_EVERY_MS',
    prop: 'flushEvery',
    propIsDuration: true,
    flag: '--flush-every-ms',
    defaultText: '100',
    doc: 'a setting made up by this test',
  };
  const settings = [...SETTINGS, madeUp];
  const fail = (name: string, reason: string): never => {
    throw new ConfigurationError(name, reason);
  };
  test('is an option check and a variable, named by each', () => {
    const option = refusal(() => resolveOptionSettings({ ...base, flushEveryMs: 5 }, {}, settings));
    assert.equal(option.option, 'flushEveryMs');
    assert.match(option.message, /5 is not a number of milliseconds 10\.\.1000/);
    assert.equal(resolveOptionSettings({ ...base }, {}, settings).values.flushEveryMs, 100, 'its default');
    const variable = refusal(() =>
      readSettingVariables({ MSK_ONCE_FLUSH_EVERY_MS: '5000' }, fail, () => {}, settings),
    );
    assert.equal(variable.option, 'MSK_ONCE_FLUSH_EVERY_MS');
    assert.equal(
      readSettingVariables({ MSK_ONCE_FLUSH_EVERY_MS: '50' }, fail, () => {}, settings).values.flushEveryMs,
      50,
    );
    assert.equal(settingName(madeUp, 'prop'), 'flushEvery');
    assert.equal(
      readSettings((s) => valueAt({ flushEveryMs: 20 }, s.option), 'option', fail, settings).values
        .flushEveryMs,
      20,
    );
  });
});

describe('constraints between settings, at cold start', () => {
  test('concurrency with partition order: refused naming both, as options and as variables', () => {
    // Key order is the default: concurrency alone is its bound, not a conflict.
    assert.equal(resolveConfig({ ...base, concurrency: 8 }).concurrency, 8);
    const option = refusal(() => kafkaHandler({ ...base, ordering: 'partition', concurrency: 8 }));
    assert.equal(option.option, 'concurrency');
    assert.match(option.message, /set ordering to 'key', or drop concurrency/);
    const variable = refusal(() =>
      dedupConfigFromEnv({ ...url, [EnvVar.ordering]: 'partition', [EnvVar.concurrency]: '8' }),
    );
    assert.equal(variable.option, EnvVar.concurrency);
    assert.match(
      variable.message,
      new RegExp(`set ${EnvVar.ordering} to 'key', or drop ${EnvVar.concurrency}`),
    );
  });
  test('the reserve: at most half the function timeout (derived); one given as long as the timeout is refused', () => {
    assert.equal(resolveConfig({ ...base, functionTimeoutMs: 3000 }).reserveMs, 1500);
    assert.equal(resolveConfig({ ...base, functionTimeoutMs: 120_000 }).reserveMs, 5000);
    assert.equal(resolveConfig({ ...base, functionTimeoutMs: 3000, reserveMs: 2000 }).reserveMs, 1500);
    const option = refusal(() => kafkaHandler({ ...base, functionTimeoutMs: 3000, reserveMs: 3000 }));
    assert.equal(option.option, 'reserveMs');
    assert.match(option.message, /not below functionTimeoutMs \(3000 ms\).*give reserveMs 1500 or less/);
    const variable = refusal(() =>
      dedupConfigFromEnv({ ...url, [EnvVar.functionTimeoutMs]: '3000', [EnvVar.reserveMs]: '5000' }),
    );
    assert.equal(variable.option, EnvVar.reserveMs);
    assert.match(
      variable.message,
      new RegExp(`${EnvVar.functionTimeoutMs}.*give ${EnvVar.reserveMs} 1500 or less`),
    );
    // The deployment's timeout (the construct sets it) bounds a handler whose options name none.
    const saved = process.env[EnvVar.functionTimeoutMs];
    process.env[EnvVar.functionTimeoutMs] = '4000';
    try {
      assert.equal(resolveConfig({ ...base }).reserveMs, 2000);
    } finally {
      if (saved === undefined) delete process.env[EnvVar.functionTimeoutMs];
      else process.env[EnvVar.functionTimeoutMs] = saved;
    }
  });
  test('a reserve cut to half the timeout is told as a note naming both settings and the value used (a synth warning too)', () => {
    assert.deepEqual(resolveOptionSettings({ ...base, functionTimeoutMs: 3000 }, {}).derived, [
      'reserveMs 5000 ms (the default) is more than half of functionTimeoutMs 3000 ms: 1500 ms used, so that records can start',
    ]);
    assert.deepEqual(
      resolveOptionSettings({ ...base, functionTimeoutMs: 3000, reserveMs: 2000 }, {}).derived,
      [
        'reserveMs 2000 ms is more than half of functionTimeoutMs 3000 ms: 1500 ms used, so that records can start',
      ],
    );
    assert.deepEqual(resolveOptionSettings({ ...base, functionTimeoutMs: 120_000 }, {}).derived, []);
  });
  test('group commit inside the lease: commitEvery.ms cut to a third of leaseMs', () => {
    assert.deepEqual(
      resolveConfig({ ...base, leaseMs: 1000, commitEvery: { records: 1000, ms: 5000 } }).commitEvery,
      {
        records: 1000,
        ms: 333,
      },
    );
    assert.equal(resolveConfig({ ...base, leaseMs: 1000 }).commitEvery.ms, 333, 'the default too');
    assert.equal(resolveConfig({ ...base }).commitEvery.ms, 500);
  });
  test("the effect layer's time need is the effect layer's own defaults (maxEffectMs and its client's worst call)", () => {
    assert.equal(EFFECT_TIME_NEED_MS, DEFAULT_MAX_EFFECT_MS + EFFECTS_CLIENT_WORST_CALL_MS);
  });
  test("the effect layer's time need: a function of 8 s with an idempotency table is refused at cold start", () => {
    const env = { ...url, [EnvVar.idempotencyTable]: 'marks', [EnvVar.functionTimeoutMs]: '8000' };
    const error = refusal(() => dedupConfigFromEnv(env));
    assert.equal(error.option, EnvVar.functionTimeoutMs);
    assert.match(
      error.message,
      new RegExp(`${EFFECT_TIME_NEED_MS} ms.*give ${EnvVar.functionTimeoutMs} 11000 ms or more`),
    );
    assert.doesNotThrow(() => dedupConfigFromEnv({ ...env, [EnvVar.functionTimeoutMs]: '11000' }));
    assert.doesNotThrow(
      () => dedupConfigFromEnv({ ...url, [EnvVar.functionTimeoutMs]: '8000' }),
      'no effects',
    );
  });
});
