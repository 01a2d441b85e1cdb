#!/usr/bin/env node
/**
 * `msk-once`, the package's command line:
 *
 *   msk-once local --handler ./handler.mjs[#export] [--payloads p.jsonl] [fault options]
 *   msk-once dlq <file|-> [--json]
 *   msk-once triage --environments <module> --env <name> [--consumer <name>] [--since 2h] [--from run.jsonl]
 *
 * Parsed with commander (small, no dependencies, subcommands, and `--help` that prints every
 * option with its description and default), so that the help cannot drift from the parser.
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command, CommanderError, Option } from 'commander';
import {
  type DeclarativeEventIdSource,
  dedupKey,
  dedupKeyPrefix,
  PREVIOUS_KEY_FORMATS,
  type PreviousKeyFormat,
  previousKeyOf,
} from '../lib/contract.ts';
import { canonicalEventId } from '../lib/middlewares.ts';
import { runDlq } from './dlq.ts';
import {
  ID_FORMAT_FLAG,
  ID_FORMAT_HELP,
  ID_SOURCE_FLAG,
  ID_SOURCE_HELP,
  type IdFlags,
  idSourceOf,
} from './id-source-flags.ts';
import { moduleTarget, parseHandlerReference, readPayloads } from './local/module-target.ts';
import { addLocalOptions, localOptions, wholeNumber } from './local/options.ts';
import { runLocal } from './local/run.ts';
import { printable } from './terminal-text.ts';
import { triageSdks } from './triage/aws.ts';
import { runTriage, USAGE as TRIAGE_USAGE, type TriageEnvironment } from './triage/main.ts';

/**
 * The `local` command for a handler module.
 *
 * @example
 * await localCommand().parseAsync(['--handler', './handler.mjs'], { from: 'user' });
 */
export function localCommand(onDone: (code: number) => void): Command {
  const command = new Command('local')
    .description(
      'run your kafkaHandler against the emulated MSK and event source mapping, with duplicates, a crash and a Redis outage; exit 1 if a record was lost or ran twice with no injected fault to explain it',
    )
    .requiredOption(
      '--handler <module[#export]>',
      'your handler module and its export (default export name: handler)',
    )
    .addOption(
      new Option(
        '--payloads <file.jsonl>',
        'one JSON payload a line; each is published with a new Event-Id (default: --events generated { "seq": n } payloads)',
      ),
    )
    .addOption(new Option('--topic <name>', 'the source topic').default('events'))
    .addOption(new Option('--event-type <type>', 'the Event-Type header of every event (default: none)'))
    .addOption(
      new Option('--timeout <ms>', 'the function timeout in milliseconds')
        .argParser(wholeNumber(1_000, 840_000))
        .default(5_000),
    )
    .option(ID_SOURCE_FLAG, `${ID_SOURCE_HELP}; events are published with their id there (not position)`)
    .option(ID_FORMAT_FLAG, ID_FORMAT_HELP);
  addLocalOptions(command, { events: 200, service: 'local' });
  return command.action(async (values: Record<string, unknown>) => {
    const o = localOptions(values);
    const idSource = idSourceOf(values as IdFlags);
    if (idSource?.from === 'position')
      throw new Error(
        "--id-source position: the emulator's duplicates are re-publishes (new offsets), which a position source does not catch by design; run with the source your producer fills",
      );
    const payloads = values.payloads === undefined ? undefined : readPayloads(String(values.payloads));
    const { ok } = await runLocal(
      { ...o, events: payloads ? undefined : o.events },
      moduleTarget({
        handler: parseHandlerReference(String(values.handler)),
        payloads,
        events: o.events ?? 200,
        topic: String(values.topic),
        eventType: values.eventType as string | undefined,
        duplicateRate: o.duplicateRate,
        seed: o.seed,
        timeoutMs: values.timeout as number,
        ...(idSource ? { idSource } : {}),
      }),
    );
    onDone(ok ? 0 : 1);
  });
}

/**
 * Run the command line `argv` (without node and the script); answer the exit code.
 *
 * @example
 * process.exitCode = await main(['dlq', 'dlq.jsonl']);
 */
export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const done = (c: number) => {
    code = c;
  };
  const program = new Command('msk-once')
    .description('msk-once: run each effect once behind AWS Lambda + Amazon MSK')
    .exitOverride()
    .showHelpAfterError();
  program.addCommand(localCommand(done).exitOverride());
  program.addCommand(
    new Command('dlq')
      .description(
        "print the records of on-failure DLQ messages (AWS's Kafka on-failure format), one row each",
      )
      .argument(
        '<file>',
        'a file of DLQ messages (one message, a JSON array, JSON lines or a topic dump), or - for stdin',
      )
      .option('--json', 'print the rows as JSON instead of a table', false)
      .option(ID_SOURCE_FLAG, ID_SOURCE_HELP)
      .option(ID_FORMAT_FLAG, ID_FORMAT_HELP)
      .option(
        '--service <name>',
        "with --handler: each record's dedup key (POWERTOOLS_SERVICE_NAME of the function)",
      )
      .option(
        '--handler <name>',
        "with --service: each record's dedup key (MSK_ONCE_HANDLER_NAME of the function)",
      )
      .exitOverride()
      .action((file: string, values: { json: boolean; service?: string; handler?: string } & IdFlags) => {
        let eventId: DeclarativeEventIdSource | undefined;
        try {
          eventId = idSourceOf(values);
          if ((values.service === undefined) !== (values.handler === undefined))
            throw new Error('give --service and --handler together');
        } catch (error) {
          process.stderr.write(`msk-once dlq: ${printable((error as Error).message)}\n`);
          return done(2);
        }
        const keyPrefix = values.service ? dedupKeyPrefix(values.service, values.handler!) : undefined;
        done(runDlq(file, { json: values.json, eventId, keyPrefix }));
      }),
  );
  program.addCommand(
    new Command('dedup-key')
      .description("the Redis key of an event's dedup claim, as the consumer computes it (bucket included)")
      .argument(
        '<event-id...>',
        'event ids, as the handler reads them (--id-source/--id-format; default: Event-Id ULIDs), checked and put in canonical form as the consumer does (a ULID upper-cased, a UUID lower-cased); one the consumer refuses gets no key (exit 2)',
      )
      .requiredOption('--service <name>', 'the service (POWERTOOLS_SERVICE_NAME of the function)')
      .requiredOption('--handler <name>', 'the handler name (MSK_ONCE_HANDLER_NAME of the function)')
      .option(
        '--previous-format <version>',
        "the event's key in a previous release's format (0.1.0 or 0.2.0), as a rollout writes it too",
      )
      .option(ID_SOURCE_FLAG, ID_SOURCE_HELP)
      .option(ID_FORMAT_FLAG, ID_FORMAT_HELP)
      .exitOverride()
      .action(
        (ids: string[], values: { service: string; handler: string; previousFormat?: string } & IdFlags) => {
          const prefix = dedupKeyPrefix(values.service, values.handler);
          let source: DeclarativeEventIdSource | undefined;
          try {
            source = idSourceOf(values);
          } catch (error) {
            process.stderr.write(`msk-once dedup-key: ${printable((error as Error).message)}\n`);
            return done(2);
          }
          const format = values.previousFormat;
          if (format !== undefined && !(PREVIOUS_KEY_FORMATS as readonly string[]).includes(format)) {
            process.stderr.write(
              `msk-once dedup-key: --previous-format '${format}' is not ${PREVIOUS_KEY_FORMATS.join(' or ')}\n`,
            );
            return done(2);
          }
          // Checked as the consumer checks them (default: a ULID): one it refuses has no key.
          const canonical = ids.map((id) => canonicalEventId(id, source));
          const refused = canonical.find((id) => typeof id !== 'string');
          if (refused) {
            process.stderr.write(
              `msk-once dedup-key: ${printable(refused.reason)}: the consumer names no key for it\n`,
            );
            return done(2);
          }
          for (const eventId of canonical as string[]) {
            const key =
              format === undefined
                ? dedupKey(prefix, eventId)
                : previousKeyOf(format as PreviousKeyFormat, prefix, eventId);
            process.stdout.write(`${key}\n`);
          }
          done(0);
        },
      ),
  );
  program.addCommand(
    new Command('triage')
      .description(
        'what each firing alarm of a consumer means, what its data shows and which runbook section to follow',
      )
      .requiredOption(
        '--environments <module>',
        "a module exporting ENVIRONMENTS (name -> environment: namePrefix, dlqTopic, consumers, alarms), e.g. your CDK app's",
      )
      .helpOption('-h, --help', `display help\n\nThe other options are the triage's own:\n${TRIAGE_USAGE}`)
      .allowUnknownOption()
      .allowExcessArguments()
      .exitOverride()
      .action(async (values: { environments: string }, command: Command) => {
        const mod = (await import(pathToFileURL(resolve(values.environments)).href)) as {
          ENVIRONMENTS?: Record<string, TriageEnvironment>;
        };
        if (!mod.ENVIRONMENTS) throw new Error(`${values.environments} does not export ENVIRONMENTS`);
        const { cloudWatch, logs } = await triageSdks();
        const { CloudWatchClient } = cloudWatch;
        const { CloudWatchLogsClient } = logs;
        const region = process.env.AWS_REGION;
        done(
          await runTriage(command.args, {
            environments: mod.ENVIRONMENTS,
            cloudWatch: new CloudWatchClient({ region }),
            logs: new CloudWatchLogsClient({ region }),
            out: (text) => process.stdout.write(text),
          }),
        );
      }),
  );
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    console.error(`msk-once: ${printable(String((error as Error)?.message ?? error))}`);
    return 1;
  }
  return code;
}

// Run when this file is the program (the package's bin, or `node cli/main.ts`), not when imported.
const self = import.meta.url;
const entry = process.argv[1] ? pathToFileURL(resolve(process.argv[1])).href : '';
if (self === entry || (entry !== '' && isSameFile(self, entry))) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`msk-once: ${printable(String((error as Error)?.message ?? error))}`);
      process.exit(1);
    },
  );
}

function isSameFile(a: string, b: string): boolean {
  try {
    return realpathSync(fileURLToPath(a)) === realpathSync(fileURLToPath(b));
  } catch {
    return false;
  }
}
