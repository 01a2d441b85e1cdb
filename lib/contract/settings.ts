/**
 * Every setting of a consumer, declared once: its type, default, bounds, and its name in each place
 * a team sets it (the `kafkaHandler` option, the environment variable `dedupConfigFromEnv` reads,
 * the `KafkaConsumer` prop, the `msk-once local` flag), a one-line doc, and the constraints it has
 * with other settings. The option checks (lib/consumer/config.ts), the variables (env.ts), the
 * construct's validation (infra/cdk/consumer-validation.ts), the local flags (cli/local/options.ts)
 * and the tables of docs/consumer.md ("Options", "Environment") are all read from here.
 *
 * Guarantees: one value is refused the same way everywhere, with a message naming the setting as it
 * is named where it was given (`reserveMs`, `MSK_ONCE_RESERVE_MS`, `reserve`, `--reserve-ms`); a
 * constraint between two settings names both, and a value that works; where a safe value can be
 * derived (the reserve from the function's timeout, group commit inside the lease) it is derived
 * instead of refused, unless the team gave the conflicting value itself.
 * Does not: hold settings that are code (`handle`, `parse`, `store`, a function `eventId`) or that
 * have a shape of their own (`redis`, `eventId`, `poison`): those are checked where they are read.
 *
 * Names: the variable of a setting is `MSK_ONCE_` and its option in upper snake case; its prop is the
 * option's name (a Duration without the `Ms` of a milliseconds option). Old names are read for one
 * release with a warning ({@link SettingDeclaration.deprecatedNames}).
 */
import { DEPRECATED_ENV_VARS, EnvVar } from './env-vars.ts';
import { PREVIOUS_KEY_FORMATS } from './previous-key-formats.ts';
import { MIN_WINDOW_SECONDS, WINDOWS } from './windows.ts';

/** Where a setting is given: each names it its own way. */
export type SettingSurface = 'option' | 'variable' | 'prop' | 'flag';

/** A setting's value once read: a number (milliseconds, a count, seconds) or a name. */
export type SettingValue = number | string;

interface SettingBase {
  /** The setting's id: its `kafkaHandler` option, a path (`commitEvery.ms`). */
  readonly option: string;
  /** The environment variable `dedupConfigFromEnv` reads and `KafkaConsumer` writes. */
  readonly variable: string;
  /** The `KafkaConsumer` prop (a path); none when the construct sets the variable itself. */
  readonly prop?: string;
  /** The prop is a CDK `Duration` (the setting is in milliseconds). */
  readonly propIsDuration?: boolean;
  /** The `msk-once local` flag, when a local run can set it. */
  readonly flag?: string;
  /** One line: what the setting does. */
  readonly doc: string;
  /** The default as the docs say it (`5000`, `the lease`, `none`). */
  readonly defaultText: string;
  /**
   * Names of earlier releases, read for one release with a warning. A variable's old names are
   * the contract's `DEPRECATED_ENV_VARS`.
   */
  readonly deprecatedNames?: { readonly [S in SettingSurface]?: readonly string[] };
}

/** A number of milliseconds, a whole number (a count), or a number of seconds, within bounds. */
export interface NumberSetting extends SettingBase {
  readonly type: 'ms' | 'count';
  readonly min: number;
  readonly max: number;
  readonly default?: number;
}

/** One of a few names. */
export interface ChoiceSetting extends SettingBase {
  readonly type: 'choice';
  readonly values: readonly string[];
  readonly default?: string;
}

/** The dedup window: a name of {@link WINDOWS} or seconds, at least {@link MIN_WINDOW_SECONDS}. */
export interface WindowSetting extends SettingBase {
  readonly type: 'window';
  readonly default: string;
}

/** One setting, as {@link SETTINGS} declares it. */
export type SettingDeclaration = NumberSetting | ChoiceSetting | WindowSetting;

const MAX_INVOCATION_MS = 15 * 60 * 1000;

/**
 * The settings of a consumer, each declared once. Enumerable: a tool (the soak's drawn
 * configurations, a docs generator) walks this list for every setting and its bounds.
 */
export const SETTINGS: readonly SettingDeclaration[] = [
  {
    option: 'window',
    type: 'window',
    variable: EnvVar.window,
    prop: 'window',
    default: 'default',
    defaultText: "'default' (24 h)",
    doc: `how long a DONE key keeps duplicates out: ${Object.keys(WINDOWS).join(', ')}, or seconds (at least ${MIN_WINDOW_SECONDS})`,
  },
  {
    option: 'onStoreError',
    type: 'choice',
    values: ['open', 'closed'],
    variable: EnvVar.onStoreError,
    prop: 'onStoreError',
    flag: '--on-store-error',
    default: 'open',
    defaultText: "'open'",
    doc: 'when the store fails: open runs the record without dedup (counted), closed fails it (retried, then the DLQ)',
    deprecatedNames: { prop: ['storePolicy'], flag: ['--store-policy'] },
  },
  {
    option: 'functionTimeoutMs',
    type: 'ms',
    min: 1000,
    max: MAX_INVOCATION_MS,
    variable: EnvVar.functionTimeoutMs,
    prop: 'timeout',
    propIsDuration: true,
    flag: '--timeout',
    defaultText: "the first invocation's remaining time (KafkaConsumer: its timeout, 2 minutes)",
    doc: 'the function timeout, ms: the time budget the reserve, the held-claim wait and the effect layer must fit in',
  },
  {
    option: 'reserveMs',
    type: 'ms',
    min: 0,
    max: MAX_INVOCATION_MS,
    variable: EnvVar.reserveMs,
    prop: 'reserve',
    propIsDuration: true,
    flag: '--reserve-ms',
    default: 5000,
    defaultText: '5000, at most half the function timeout',
    doc: 'do not start a record with less than this left of the invocation (it is released for a retry)',
  },
  {
    option: 'leaseMs',
    type: 'ms',
    min: 1000,
    max: MAX_INVOCATION_MS,
    variable: EnvVar.leaseMs,
    prop: 'lease',
    propIsDuration: true,
    flag: '--lease-ms',
    default: 30_000,
    defaultText: '30000',
    doc: 'how long a claim lives unless renewed (renewed every third of it while the invocation runs)',
  },
  {
    option: 'heldClaimWaitMs',
    type: 'ms',
    min: 0,
    max: MAX_INVOCATION_MS,
    variable: EnvVar.heldClaimWaitMs,
    prop: 'heldClaimWait',
    propIsDuration: true,
    flag: '--held-claim-wait-ms',
    defaultText: 'the lease',
    doc: 'longest wait for a claim another invocation holds (0: fail the record at once)',
  },
  {
    option: 'ordering',
    type: 'choice',
    values: ['partition', 'key'],
    variable: EnvVar.ordering,
    prop: 'ordering',
    flag: '--ordering',
    default: 'key',
    defaultText: "'key'",
    doc: 'records one at a time per Kafka key with keys concurrently, or per partition ("Ordering")',
  },
  {
    option: 'concurrency',
    type: 'count',
    min: 1,
    max: 1000,
    variable: EnvVar.concurrency,
    prop: 'concurrency',
    flag: '--concurrency',
    default: 16,
    defaultText: '16',
    doc: 'with key order only: records running at once per invocation',
  },
  {
    option: 'commitEvery.records',
    type: 'count',
    min: 1,
    max: 10_000,
    variable: EnvVar.commitEveryRecords,
    prop: 'commitEvery.records',
    default: 100,
    defaultText: "100; the store's on a cluster: 1,000",
    doc: 'send a group commit once this many records succeeded since the last one (on a cluster: and the one in flight landed); it bounds what a crash re-runs',
  },
  {
    option: 'commitEvery.ms',
    type: 'ms',
    min: 0,
    max: MAX_INVOCATION_MS,
    variable: EnvVar.commitEveryMs,
    prop: 'commitEvery.ms',
    default: 500,
    defaultText: '500, at most a third of the lease',
    doc: 'send a group commit this long after the first record it holds succeeded',
  },
  {
    option: 'maxHeaderBytes',
    type: 'count',
    min: 1,
    max: 1024 * 1024,
    variable: EnvVar.maxHeaderBytes,
    prop: 'maxHeaderBytes',
    default: 16 * 1024,
    defaultText: '16384',
    doc: 'largest accepted header value, bytes; a larger one fails the record',
  },
  {
    option: 'eventsPerSecond',
    type: 'count',
    min: 1,
    max: 100_000,
    variable: EnvVar.eventsPerSecond,
    prop: 'eventsPerSecond',
    default: 1000,
    defaultText: '1000',
    doc: 'the peak rate of new events per second: DONE marks are spread over enough hashes to stay compact at it (part of where marks live: change it like a key format)',
  },
  {
    option: 'previousKeyFormat',
    type: 'choice',
    values: PREVIOUS_KEY_FORMATS,
    variable: EnvVar.previousKeyFormat,
    prop: 'previousKeyFormat',
    defaultText: 'none',
    doc: 'during a key format rollout, the format of the release deployed before ("Key format")',
  },
];

/**
 * The time the effect layer (msk-once/effects) needs for one effect at its defaults: `maxEffectMs`
 * (3 s) and the worst call of its DynamoDB client (two attempts of 1 s connect + 2 s answer, and
 * 500 ms of back-off). A function with an idempotency table needs more than this.
 */
export const EFFECT_TIME_NEED_MS = 3_000 + 2 * (1_000 + 2_000) + 500;

/** The worst store call the held-claim wait keeps free before its bound (3 × the 250 ms command timeout). */
export const DEFAULT_STORE_CALL_MS = 3 * 250;

/** What a constraint found: nothing, a refusal of one setting (naming both), or values derived. */
export interface ConstraintOutcome {
  /** The setting refused (its id) and why, naming the other and a value that works. */
  readonly refuse?: { readonly setting: string; readonly reason: string };
  /** Values used instead of the defaults, with the sentence that says why. */
  readonly derive?: { readonly values: Readonly<Record<string, number>>; readonly why: string };
}

/** A constraint between settings, declared with them. */
export interface SettingConstraint {
  /** The settings it relates (ids). */
  readonly settings: readonly string[];
  /** One line for the docs: the rule and what happens when it does not hold. */
  readonly doc: string;
  /**
   * Check `values` (defaults applied); `given` holds the ids the team set; `name` names a setting
   * where it was given. Extra facts (`effects`: an idempotency table is set) come in `facts`.
   */
  check(
    values: Readonly<Record<string, SettingValue | undefined>>,
    given: ReadonlySet<string>,
    name: (id: string) => string,
    facts: SettingFacts,
  ): ConstraintOutcome | undefined;
}

/** What a surface knows besides the settings. */
export interface SettingFacts {
  /** The function runs effects of msk-once/effects (it has an idempotency table). */
  readonly effects?: boolean;
}

/**
 * The reserve a function of `budgetMs` keeps: `reserveMs`, at most half the budget, so that records
 * can start in the first half of an invocation however short the function is.
 *
 * @example
 * reserveWithin(5000, 3000); // 1500
 * reserveWithin(5000, 120_000); // 5000
 */
export function reserveWithin(reserveMs: number, budgetMs: number | undefined): number {
  if (budgetMs === undefined || !(budgetMs > 0)) return reserveMs;
  return Math.min(reserveMs, Math.floor(budgetMs / 2));
}

/**
 * The longest a wait for a held claim may last with `remainingMs` left: `heldClaimWaitMs`, ending
 * early enough that the reserve and one more store call (the wait's last claim) still fit.
 *
 * @example
 * heldClaimWaitBound(30_000, 4000, 0, 750); // 3250
 */
export function heldClaimWaitBound(
  heldClaimWaitMs: number,
  remainingMs: number,
  reserveMs: number,
  storeCallMs: number = DEFAULT_STORE_CALL_MS,
): number {
  return Math.min(heldClaimWaitMs, remainingMs - reserveMs - storeCallMs);
}

/** The group commit interval inside a lease: a third of it, the time between two renewals. */
function commitIntervalWithin(leaseMs: number): number {
  return Math.floor(leaseMs / 3);
}

/** The constraints between settings, declared once and checked on every surface. */
export const SETTING_CONSTRAINTS: readonly SettingConstraint[] = [
  {
    settings: ['concurrency', 'ordering'],
    doc: "`concurrency` goes with `ordering: 'key'` only: partition order runs one record per partition",
    check(values, given, name) {
      if (!given.has('concurrency') || values.ordering === 'key') return undefined;
      return {
        refuse: {
          setting: 'concurrency',
          reason: `goes with key order only (partition order runs one record per partition): set ${name('ordering')} to 'key', or drop ${name('concurrency')}`,
        },
      };
    },
  },
  {
    settings: ['reserveMs', 'functionTimeoutMs'],
    doc: "the reserve is at most half the function timeout (and of the first invocation's remaining time): a longer one is cut to half; one given as long as the timeout is refused",
    check(values, given, name) {
      const timeout = values.functionTimeoutMs as number | undefined;
      const reserve = values.reserveMs as number;
      if (timeout === undefined) return undefined;
      const within = reserveWithin(reserve, timeout);
      if (within === reserve) return undefined;
      if (given.has('reserveMs') && reserve >= timeout)
        return {
          refuse: {
            setting: 'reserveMs',
            reason: `${reserve} ms is not below ${name('functionTimeoutMs')} (${timeout} ms): no record would ever start; give ${name('reserveMs')} ${within} or less (half the timeout), or a longer ${name('functionTimeoutMs')}`,
          },
        };
      return {
        derive: {
          values: { reserveMs: within },
          why: `${name('reserveMs')} ${reserve} ms${given.has('reserveMs') ? '' : ' (the default)'} is more than half of ${name('functionTimeoutMs')} ${timeout} ms: ${within} ms used, so that records can start`,
        },
      };
    },
  },
  {
    settings: ['commitEvery.ms', 'leaseMs'],
    doc: "a group commit is sent within a third of the lease (the time between two renewals): a longer `commitEvery.ms` is cut to it, since a succeeded record's claim is not renewed while its group waits and could expire before its DONE mark",
    check(values, given, name) {
      const ms = values['commitEvery.ms'] as number;
      const lease = values.leaseMs as number;
      const within = commitIntervalWithin(lease);
      if (ms <= within) return undefined;
      return {
        derive: {
          values: { 'commitEvery.ms': within },
          why: `${name('commitEvery.ms')} ${ms} ms${given.has('commitEvery.ms') ? '' : ' (the default)'} is longer than a third of ${name('leaseMs')} ${lease} ms (a succeeded record is not renewed while its group waits, so its claim could expire before the commit and the event run again elsewhere): ${within} ms used`,
        },
      };
    },
  },
  {
    settings: ['heldClaimWaitMs', 'reserveMs'],
    doc: 'a wait for a held claim ends before the reserve, one store call early (derived per record from the time left; never refused)',
    check: () => undefined,
  },
  {
    settings: ['functionTimeoutMs'],
    doc: `with an idempotency table (msk-once/effects), the function timeout is longer than the effect layer's time need (${EFFECT_TIME_NEED_MS} ms) and a second`,
    check(values, _given, name, facts) {
      const timeout = values.functionTimeoutMs as number | undefined;
      if (!facts.effects || timeout === undefined) return undefined;
      const need = EFFECT_TIME_NEED_MS + 1000;
      if (timeout >= need) return undefined;
      return {
        refuse: {
          setting: 'functionTimeoutMs',
          reason: `${timeout} ms cannot fit one effect of the idempotency table's effect layer (${EFFECT_TIME_NEED_MS} ms: maxEffectMs 3000 and a DynamoDB call's worst 6500) and a claim: every effect would fail out of time into the DLQ; give ${name('functionTimeoutMs')} ${Math.ceil(need / 1000) * 1000} ms or more`,
        },
      };
    },
  },
];

/** The setting of `id`, or undefined. */
export function settingOf(id: string, settings: readonly SettingDeclaration[] = SETTINGS) {
  return settings.find((s) => s.option === id);
}

/** The name of `setting` where it is given (undefined when it has none there). */
export function settingName(setting: SettingDeclaration, surface: SettingSurface): string | undefined {
  switch (surface) {
    case 'option':
      return setting.option;
    case 'variable':
      return setting.variable;
    case 'prop':
      return setting.prop;
    case 'flag':
      return setting.flag;
  }
}

/** `neither a nor b`, or `not one of a, b, c`. */
function oneOf(values: readonly string[]): string {
  return values.length === 2 ? `neither ${values[0]} nor ${values[1]}` : `not one of ${values.join(', ')}`;
}

/**
 * Why `value` is not a value of `setting` (given on `surface`), or undefined when it is. Numbers
 * from a variable or a flag arrive as text: see {@link parseSettingText}.
 *
 * @example
 * settingProblem(settingOf('concurrency')!, 5000, 'prop'); // '5000 is not a whole number 1..1000'
 */
export function settingProblem(
  setting: SettingDeclaration,
  value: unknown,
  surface: SettingSurface,
): string | undefined {
  switch (setting.type) {
    case 'ms':
    case 'count': {
      const unit =
        setting.type === 'ms'
          ? 'milliseconds'
          : setting.option === 'maxHeaderBytes'
            ? 'bytes'
            : setting.option === 'eventsPerSecond'
              ? 'events per second'
              : 'records';
      const whole = setting.type === 'count' || surface !== 'option';
      const ok =
        typeof value === 'number' &&
        Number.isFinite(value) &&
        (!whole || Number.isInteger(value)) &&
        value >= setting.min &&
        value <= setting.max;
      if (ok) return undefined;
      if (
        typeof value === 'number' &&
        Number.isFinite(value) &&
        value < setting.min &&
        setting.option === 'leaseMs'
      )
        return `${value} is below ${setting.min} ms: a renewal could not keep up`;
      return `${String(value)} is not a ${whole ? 'whole ' : ''}number of ${unit} ${setting.min}..${setting.max}`;
    }
    case 'choice':
      if (typeof value === 'string' && setting.values.includes(value)) return undefined;
      return `'${String(value)}' is ${oneOf(setting.values.map((v) => `'${v}'`))}`;
    case 'window': {
      if (typeof value === 'string') {
        if (Object.hasOwn(WINDOWS, value)) return undefined;
        return `unknown window '${value}'; use ${Object.keys(WINDOWS).join(', ')} or seconds`;
      }
      if (
        typeof value !== 'number' ||
        !Number.isFinite(value) ||
        (surface !== 'option' && !Number.isInteger(value))
      )
        return `${String(value)} is not a named window or a ${surface === 'option' ? '' : 'whole '}number of seconds`;
      if (value < MIN_WINDOW_SECONDS)
        return (
          `${value} s is below ${MIN_WINDOW_SECONDS} s (10 minutes): retries and rebalances take minutes, so a shorter ` +
          'window lets a retried record run again as if it were new'
        );
      return undefined;
    }
  }
}

/**
 * A setting's value from text (a variable, a flag), or why the text is none. The reason never
 * quotes the text (a token pasted into the wrong variable stays out of the error).
 *
 * @example
 * parseSettingText(settingOf('reserveMs')!, '1500'); // { value: 1500 }
 */
export function parseSettingText(
  setting: SettingDeclaration,
  text: string,
  surface: SettingSurface = 'variable',
): { value: SettingValue } | { reason: string } {
  const shown = `(${text.length} characters, not shown)`;
  switch (setting.type) {
    case 'ms':
    case 'count': {
      if (!/^\d+$/.test(text))
        return {
          reason: `is not a whole number of ${setting.type === 'ms' ? 'milliseconds' : 'records'} ${shown}`,
        };
      const value = Number(text);
      const problem = settingProblem(setting, value, surface);
      return problem ? { reason: problem } : { value };
    }
    case 'choice':
      if (setting.values.includes(text)) return { value: text };
      return { reason: `is ${oneOf(setting.values)} ${shown}` };
    case 'window': {
      if (Object.hasOwn(WINDOWS, text)) return { value: text };
      if (!/^\d+$/.test(text))
        return {
          reason: `is not one of ${Object.keys(WINDOWS).join(', ')} or a whole number of seconds ${shown}`,
        };
      const problem = settingProblem(setting, Number(text), surface);
      return problem ? { reason: problem } : { value: Number(text) };
    }
  }
}

/** Read the value at `path` (`commitEvery.ms`) of an object, or undefined. */
export function valueAt(source: unknown, path: string): unknown {
  let at: unknown = source;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** The settings as one surface gave them: their values (by id) and which ids were given. */
export interface GivenSettings {
  readonly values: Readonly<Record<string, SettingValue | undefined>>;
  readonly given: ReadonlySet<string>;
}

/** What {@link resolveSettings} answers: every value (defaults applied, derived), and why some were derived. */
export interface ResolvedSettings {
  readonly values: Readonly<Record<string, SettingValue | undefined>>;
  readonly given: ReadonlySet<string>;
  /** One sentence per derived value (logged once at cold start, an annotation at synth). */
  readonly derived: readonly string[];
}

/**
 * Apply the defaults and the constraints to the settings one surface gave; `fail` throws that
 * surface's error (naming the setting as that surface names it).
 *
 * @throws what `fail` throws, for the first constraint that refuses.
 * @example
 * resolveSettings({ values: { reserveMs: undefined, functionTimeoutMs: 3000 }, given: new Set(['functionTimeoutMs']) }, 'option', fail);
 */
export function resolveSettings(
  given: GivenSettings,
  surface: SettingSurface,
  fail: (name: string, reason: string) => never,
  options: {
    settings?: readonly SettingDeclaration[];
    constraints?: readonly SettingConstraint[];
    facts?: SettingFacts;
  } = {},
): ResolvedSettings {
  const settings = options.settings ?? SETTINGS;
  const values: Record<string, SettingValue | undefined> = {};
  for (const setting of settings) values[setting.option] = given.values[setting.option] ?? setting.default;
  // Defaults that follow another setting.
  if (values.heldClaimWaitMs === undefined && values.leaseMs !== undefined)
    values.heldClaimWaitMs = values.leaseMs;
  const name = (id: string): string => {
    const setting = settingOf(id, settings);
    return (setting && settingName(setting, surface)) ?? id;
  };
  const derived: string[] = [];
  for (const constraint of options.constraints ?? SETTING_CONSTRAINTS) {
    if (!constraint.settings.every((id) => settingOf(id, settings))) continue;
    const outcome = constraint.check(values, given.given, name, options.facts ?? {});
    if (outcome?.refuse) fail(name(outcome.refuse.setting), outcome.refuse.reason);
    if (outcome?.derive) {
      Object.assign(values, outcome.derive.values);
      derived.push(outcome.derive.why);
    }
  }
  return { values, given: given.given, derived };
}

/**
 * Read and check the settings of one surface from `read` (the raw value of a setting there, as an
 * object holds it: options, props turned to numbers); `fail` throws that surface's error.
 *
 * @throws what `fail` throws, for the first value out of bounds.
 * @example
 * readSettings((s) => valueAt(options, s.option), 'option', fail);
 */
export function readSettings(
  read: (setting: SettingDeclaration) => unknown,
  surface: SettingSurface,
  fail: (name: string, reason: string) => never,
  settings: readonly SettingDeclaration[] = SETTINGS,
): GivenSettings {
  const values: Record<string, SettingValue | undefined> = {};
  const given = new Set<string>();
  for (const setting of settings) {
    const raw = read(setting);
    if (raw === undefined) continue;
    const name = settingName(setting, surface) ?? setting.option;
    const problem = settingProblem(setting, raw, surface);
    if (problem) fail(name, problem);
    values[setting.option] = raw as SettingValue;
    given.add(setting.option);
  }
  return { values, given };
}

/**
 * Read the settings' variables from `env`, new names first, then the deprecated ones (each told to
 * `warn` once); `fail` throws naming the variable.
 *
 * @throws what `fail` throws, for a variable that does not parse.
 * @example
 * readSettingVariables(process.env, fail, (message) => console.warn(message));
 */
export function readSettingVariables(
  env: Readonly<Record<string, string | undefined>>,
  fail: (name: string, reason: string) => never,
  warn: (message: string) => void,
  settings: readonly SettingDeclaration[] = SETTINGS,
): GivenSettings {
  const values: Record<string, SettingValue | undefined> = {};
  const given = new Set<string>();
  for (const setting of settings) {
    let name = setting.variable;
    let text = env[name];
    if (text === undefined || text === '') {
      const old = oldNames(setting, 'variable').find((n) => env[n] !== undefined && env[n] !== '');
      if (old === undefined) continue;
      name = old;
      text = env[old]!;
      warn(`${old} is deprecated: set ${setting.variable} (read in its place for one release)`);
    }
    const parsed = parseSettingText(setting, text, 'variable');
    if ('reason' in parsed) fail(name, parsed.reason);
    else {
      values[setting.option] = parsed.value;
      given.add(setting.option);
    }
  }
  return { values, given };
}

/**
 * The names `setting` had before on `surface`, read for one release with a warning.
 *
 * @example
 * oldNames(settingOf('onStoreError')!, 'variable'); // ['DEDUP_STORE_POLICY']
 */
export function oldNames(setting: SettingDeclaration, surface: SettingSurface): readonly string[] {
  const declared = setting.deprecatedNames?.[surface] ?? [];
  if (surface !== 'variable') return declared;
  const renamed = Object.keys(DEPRECATED_ENV_VARS).filter(
    (old) => DEPRECATED_ENV_VARS[old] === setting.variable,
  );
  return [...declared, ...renamed];
}
