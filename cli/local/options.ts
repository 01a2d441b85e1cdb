/**
 * The options of a local run (`msk-once local`, `npm start`), declared once with commander so that
 * `--help` prints each with its sentence and its true default.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { PartialResponseReading } from '../../emulator/index.ts';
import {
  parseSettingText,
  resolveSettings,
  SETTINGS,
  type SettingDeclaration,
  type SettingValue,
} from '../../lib/contract.ts';

export interface LocalOptions {
  /** Generated events (when no payload file is given). */
  events: number | undefined;
  partitions: number;
  duplicateRate: number;
  /** undefined: a third of the events. */
  crashAfter: number | undefined;
  storePolicy: 'open' | 'closed';
  batchSize: number;
  seed: number;
  redisOutage: boolean;
  service: string;
  dlqFile: string | undefined;
  /** After the run, produce the DLQ's records again (headers kept) and drain: what a replay does. */
  replayDlq: boolean;
  output: string | undefined;
  /** How the mapping reads a partial batch response (docs/emulator.md, rules row 14). */
  reading: PartialResponseReading;
  /** Park records no retry can cure in a poison queue (an SQS stand-in the run keeps). */
  poisonSink: boolean;
}

/** A whole number from `min` to `max`, or an error naming the option. */
export function wholeNumber(min: number, max: number) {
  return (text: string): number => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}`);
    return n;
  };
}

function rate(text: string): number {
  const n = Number(text);
  if (!(text.trim() !== '' && n >= 0 && n <= 1))
    throw new InvalidArgumentError('must be a number from 0 to 1');
  return n;
}

/**
 * Add the options every local run has to `command`.
 *
 * @example
 * const command = addLocalOptions(new Command('local'), { events: 2000 });
 */
export function addLocalOptions(command: Command, defaults: { events?: number; service: string }): Command {
  const events = new Option('--events <n>', 'how many events to generate and publish').argParser(
    wholeNumber(1, 200_000),
  );
  if (defaults.events !== undefined) events.default(defaults.events);
  return command
    .addOption(events)
    .addOption(
      new Option('--partitions <n>', 'partitions of the source topic')
        .argParser(wholeNumber(1, 64))
        .default(6),
    )
    .addOption(
      new Option(
        '--duplicate-rate <r>',
        'share of events the producer publishes a second time (same Event-Id), from 0 to 1',
      )
        .argParser(rate)
        .default(0.05),
    )
    .addOption(
      new Option(
        '--crash-after <n>',
        'kill the consumer once, after this many records ran and before their dedup commit (0: never; default: a third of the events)',
      ).argParser(wholeNumber(0, 200_000)),
    )
    .addOption(settingFlag(declared('onStoreError')).default('open'))
    .addOption(
      new Option('--store-policy <policy>', 'deprecated: --on-store-error (the same setting)')
        .choices(['open', 'closed'])
        .hideHelp(),
    )
    .addOption(
      new Option('--batch-size <n>', "records per invocation (the mapping's BatchSize)")
        .argParser(wholeNumber(1, 10_000))
        .default(100),
    )
    .addOption(
      new Option('--no-redis-outage', 'keep Redis up (by default it is down for four invocations half-way)'),
    )
    .addOption(
      new Option('--seed <n>', 'seed of the duplicates and of the generated events (same seed, same run)')
        .argParser(wholeNumber(0, 2 ** 31))
        .default(7),
    )
    .addOption(
      new Option(
        '--service <name>',
        'the service name (dedup key prefix and metric dimension), made unique per run',
      ).default(defaults.service),
    )
    .addOption(
      new Option(
        '--reading <reading>',
        'how the mapping reads a partial batch response: retry the reported records only, or resume each partition at its lowest reported offset (AWS leaves it open; docs/emulator.md)',
      )
        .choices(['retry-reported-only', 'resume-from-lowest'])
        .default('retry-reported-only'),
    )
    .addOption(
      new Option(
        '--poison-sink',
        'park records no retry can cure in a poison queue (a local SQS the run keeps) instead of failing them into the DLQ',
      ),
    )
    .addOption(new Option('--dlq-file <path>', 'write the DLQ topic there (read it with msk-once dlq)'))
    .addOption(
      new Option(
        '--replay-dlq',
        'after the run, produce the records of the DLQ again to the source topic with their headers (Event-Id kept) and drain: a rehearsal of a replay; nothing may run twice',
      ),
    )
    .addOption(
      new Option(
        '--output <path>',
        'write every EMF and log line of the run there (the triage reads it: --from <file> with --env, and --environments installed)',
      ),
    );
}

/** The parsed options of a command built with {@link addLocalOptions}. */
export function localOptions(values: Record<string, unknown>): LocalOptions {
  if (values.storePolicy !== undefined)
    console.warn(
      '--store-policy is deprecated: use --on-store-error (the same setting, the option onStoreError)',
    );
  return {
    events: values.events as number | undefined,
    partitions: values.partitions as number,
    duplicateRate: values.duplicateRate as number,
    crashAfter: values.crashAfter as number | undefined,
    storePolicy: (values.storePolicy ?? values.onStoreError) as 'open' | 'closed',
    batchSize: values.batchSize as number,
    seed: values.seed as number,
    redisOutage: values.redisOutage !== false,
    service: values.service as string,
    dlqFile: values.dlqFile as string | undefined,
    replayDlq: values.replayDlq === true,
    output: values.output as string | undefined,
    reading: (values.reading as PartialResponseReading | undefined) ?? 'retry-reported-only',
    poisonSink: values.poisonSink === true,
  };
}

function declared(id: string): SettingDeclaration {
  return SETTINGS.find((s) => s.option === id)!;
}

/** The `msk-once local` flag of a declared setting: its name, its doc, and the declaration's check. */
export function settingFlag(setting: SettingDeclaration): Option {
  const placeholder = setting.type === 'choice' ? '<value>' : setting.type === 'ms' ? '<ms>' : '<n>';
  const option = new Option(
    `${setting.flag} ${placeholder}`,
    `${setting.doc} (the option ${setting.option}, ${setting.variable}; default ${setting.defaultText})`,
  );
  if (setting.type === 'choice') return option.choices([...setting.values]);
  return option.argParser((text: string) => {
    const parsed = parseSettingText(setting, text, 'flag');
    if ('reason' in parsed) throw new InvalidArgumentError(parsed.reason.replace(/^is /, 'must be: not '));
    return parsed.value;
  });
}

/** Local defaults that differ from a deployed function's: a local run's function timeout. */
export const LOCAL_SETTING_DEFAULTS: Readonly<Record<string, SettingValue>> = { functionTimeoutMs: 5_000 };

/**
 * Add the flag of every declared setting that has one (lib/contract/settings.ts) and is not on
 * `command` yet.
 *
 * @example
 * addSettingFlags(new Command('local'));
 */
export function addSettingFlags(
  command: Command,
  settings: readonly SettingDeclaration[] = SETTINGS,
): Command {
  for (const setting of settings) {
    if (setting.flag === undefined || command.options.some((o) => o.long === setting.flag)) continue;
    const flag = settingFlag(setting);
    const local = LOCAL_SETTING_DEFAULTS[setting.option];
    command.addOption(local === undefined ? flag : flag.default(local));
  }
  return command;
}

/** What the setting flags of a local run give: the function's variables and the values. */
export interface LocalSettings {
  /** The variables a deployment would set (the construct's), for the handler module to read. */
  readonly variables: Record<string, string>;
  readonly values: Readonly<Record<string, SettingValue | undefined>>;
}

/**
 * The declared settings from parsed flags, with the constraints between them, named by the flags.
 *
 * @throws {Error} naming both flags of a constraint that refuses.
 * @example
 * const { variables } = localSettings(command.opts());
 */
export function localSettings(
  values: Record<string, unknown>,
  settings: readonly SettingDeclaration[] = SETTINGS,
): LocalSettings {
  const given = new Set<string>();
  const read: Record<string, SettingValue | undefined> = {};
  const variables: Record<string, string> = {};
  for (const setting of settings) {
    if (setting.flag === undefined) continue;
    const key = setting.flag.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    const value = values[key] as SettingValue | undefined;
    if (value === undefined) continue;
    read[setting.option] = value;
    variables[setting.variable] = String(value);
    // A flag with a default of its own (--timeout, --on-store-error) counts as given when it differs.
    const flagDefault =
      LOCAL_SETTING_DEFAULTS[setting.option] ?? (setting.option === 'onStoreError' ? 'open' : undefined);
    if (value !== flagDefault) given.add(setting.option);
  }
  const resolved = resolveSettings(
    { values: read, given },
    'flag',
    (name, reason) => {
      throw new Error(`${name} ${reason}`);
    },
    { settings },
  );
  return { variables, values: resolved.values };
}
