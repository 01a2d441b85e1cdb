/**
 * The options of a local run (`msk-once local`, `npm start`), declared once with commander so that
 * `--help` prints each with its sentence and its true default.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { PartialResponseReading } from '../../emulator/index.ts';

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
    .addOption(
      new Option(
        '--store-policy <policy>',
        'what a Redis failure does: open runs the record without dedup, closed fails it (retried)',
      )
        .choices(['open', 'closed'])
        .default('open'),
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
  return {
    events: values.events as number | undefined,
    partitions: values.partitions as number,
    duplicateRate: values.duplicateRate as number,
    crashAfter: values.crashAfter as number | undefined,
    storePolicy: values.storePolicy as 'open' | 'closed',
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
