#!/usr/bin/env node
/**
 * `msk-once`, the package's command line:
 *
 *   msk-once local --handler ./handler.mjs[#export] [--payloads p.jsonl] [fault options]
 *   msk-once dlq <file|-> [--format avro --schema order.avsc] [--json]
 *   msk-once replay <file|-> --for kcat|kafka-console-producer --out <path>
 *   msk-once triage --from run.jsonl | --service s --handler h --topics t --function-name fn | --environments m --env e
 *
 * Parsed with commander (small, no dependencies, subcommands, and `--help` that prints every
 * option with its description and default), so that the help cannot drift from the parser.
 */
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command, CommanderError, Option } from 'commander';
import {
  type DeclarativeEventIdSource,
  dedupKey,
  dedupKeyPrefix,
  markField,
  markHashKey,
  markLayout,
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
import { addLocalOptions, addSettingFlags, localOptions, localSettings } from './local/options.ts';
import {
  RECORD_FORMATS,
  type RecordFormatName,
  WIRE_FORMATS,
  type WireFormatName,
} from './local/record-format.ts';
import { runLocal } from './local/run.ts';
import { addShapeOptions, shapeOptions } from './local/shape-options.ts';
import { runPoison } from './poison.ts';
import { runReplay } from './replay.ts';
import { printable } from './terminal-text.ts';
import { triageSdks } from './triage/aws.ts';
import { runTriage, USAGE as TRIAGE_USAGE, type TriageEnvironments } from './triage/main.ts';

/**
 * CloudWatch and Logs clients in AWS_REGION (the default credential chain); the SDKs are optional
 * peers, and a missing one is named with what to install.
 */
async function awsClients() {
  const { cloudWatch, logs } = await triageSdks();
  const region = process.env.AWS_REGION;
  return {
    cloudWatch: new cloudWatch.CloudWatchClient({ region }),
    logs: new logs.CloudWatchLogsClient({ region }),
  };
}

/**
 * The `local` command for a handler module.
 *
 * @example
 * await localCommand().parseAsync(['--handler', './handler.mjs'], { from: 'user' });
 */
export function localCommand(onDone: (code: number) => void): Command {
  const command = new Command('local')
    .summary(
      'run your kafkaHandler against the emulated MSK with faults; exit 1 if a good event did not take effect or ran twice',
    )
    .description(
      'run your kafkaHandler against the emulated MSK and event source mapping, with values in its format, duplicates, a crash and a Redis outage; exit 1 if a good event did not take effect (lost, or failed into the DLQ), an effect ran twice, or a poison payload took effect, with no injected fault to explain it. REDIS_URL unset: a redis-server of its own, else 127.0.0.1:6379 (said)',
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
    .addOption(
      new Option(
        '--poison-payloads <file.jsonl>',
        'payloads your handler is meant to reject, one a line: published among the others, expected in the DLQ without effect (default: none)',
      ),
    )
    .addOption(
      new Option('--format <format>', "the values' format, as your handler reads them")
        .choices(RECORD_FORMATS)
        .default('json'),
    )
    .addOption(
      new Option(
        '--schema <file|url>',
        'the value schema (.avsc, .proto, JSON Schema): a file, or a Confluent-compatible registry URL (bare: the latest <topic>-value; or .../subjects/<s>/versions/<v>, .../schemas/ids/<id>); registered in a local registry the handler reads through KAFKA_SCHEMA_REGISTRY_URI',
      ),
    )
    .addOption(new Option('--message-type <name>', 'Protobuf: the message type of the value'))
    .addOption(
      new Option('--wire <wire>', 'the wire format values are framed in (with --schema)')
        .choices(WIRE_FORMATS)
        .default('confluent'),
    )
    .addOption(new Option('--topic <name>', 'the source topic').default('events'))
    .addOption(new Option('--event-type <type>', 'the Event-Type header of every event (default: none)'))
    .option(ID_SOURCE_FLAG, `${ID_SOURCE_HELP}; events are published with their id there (not position)`)
    .option(ID_FORMAT_FLAG, ID_FORMAT_HELP);
  addLocalOptions(command, { events: 200, service: 'local' });
  // The declared settings' flags (--timeout, --reserve-ms, --ordering, ...), checked as a deployment's.
  addSettingFlags(command);
  // The team's shape: record keys and CloudEvents modes (cli/local/shape-options.ts).
  addShapeOptions(command);
  return command.action(async (values: Record<string, unknown>) => {
    const o = localOptions(values);
    const settings = localSettings(values);
    const shape = shapeOptions(values, idSourceOf(values as IdFlags));
    const idSource = shape.idSource;
    if (idSource?.from === 'position')
      throw new Error(
        "--id-source position: the emulator's duplicates are re-publishes (new offsets), which a position source does not catch by design; run with the source your producer fills",
      );
    const payloads = values.payloads === undefined ? undefined : readPayloads(String(values.payloads));
    const poisonPayloads =
      values.poisonPayloads === undefined ? undefined : readPayloads(String(values.poisonPayloads));
    const { ok } = await runLocal(
      { ...o, events: payloads ? undefined : o.events },
      moduleTarget({
        handler: parseHandlerReference(String(values.handler)),
        payloads,
        ...(poisonPayloads ? { poisonPayloads } : {}),
        recordFormat: {
          format: values.format as RecordFormatName,
          schema: values.schema as string | undefined,
          messageType: values.messageType as string | undefined,
          wire: values.wire as WireFormatName,
        },
        events: o.events ?? 200,
        topic: String(values.topic),
        eventType: values.eventType as string | undefined,
        duplicateRate: o.duplicateRate,
        seed: o.seed,
        timeoutMs: settings.values.functionTimeoutMs as number,
        variables: settings.variables,
        ...(idSource ? { idSource } : {}),
        ...(shape.key ? { key: shape.key } : {}),
        ...(shape.cloudEvents ? { cloudEventsMode: shape.cloudEvents } : {}),
      }),
    );
    onDone(ok ? 0 : 1);
  });
}

/** Why `dedup-key`'s input names no key (an empty id, service or handler), or undefined. */
function refuseEmpty(ids: string[], o: { service: string; handler: string }): string | undefined {
  if (o.service.trim() === '') return '--service is empty: give POWERTOOLS_SERVICE_NAME of the function';
  if (o.handler.trim() === '') return '--handler is empty: give MSK_ONCE_HANDLER_NAME of the function';
  const at = ids.findIndex((id) => id.trim() === '');
  if (at !== -1)
    return `event id ${at + 1} of ${ids.length} is empty: give the record's Event-Id (an empty id names no event; the consumer fails such a record)`;
  return undefined;
}

/**
 * Run the command line `argv` (without node and the script); answer the exit code.
 *
 * @example
 * process.exitCode = await main(['dlq', 'dlq.jsonl']);
 */
/**
 * The version of the installed package (`msk-once --version`): its own package.json, found by the
 * package's name (a self-reference), so the source and the built `dist/` read the same file.
 */
export const PACKAGE_VERSION: string = (
  createRequire(import.meta.url)('msk-once/package.json') as { version: string }
).version;

export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const done = (c: number) => {
    code = c;
  };
  const program = new Command('msk-once')
    .description('msk-once: run each effect once behind AWS Lambda + Amazon MSK')
    .version(PACKAGE_VERSION, '-V, --version', 'the installed msk-once version')
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
      .addOption(
        new Option(
          '--format <format>',
          'decode values as your handler does (default: shown as they are)',
        ).choices(RECORD_FORMATS),
      )
      .addOption(
        new Option(
          '--schema <file|url|arn>',
          "a schema file (the reader schema; each value's wire format told by its first byte), or a registry: a Confluent-compatible URL or a Glue registry ARN (writer schemas by the value's schema id)",
        ),
      )
      .addOption(new Option('--message-type <name>', 'Protobuf with a .proto file: the message type'))
      .addOption(
        new Option(
          '--logs <file>',
          "a local run's --output file: each record's error from the consumer's log lines (AWS's records carry none)",
        ),
      )
      .addOption(
        new Option(
          '--ordering <ordering>',
          "the consumer's ordering: what a failed record held back (its key's later records, or its partition's)",
        )
          .choices(['key', 'partition'])
          .default('key'),
      )
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
      .action(
        async (
          file: string,
          values: {
            json: boolean;
            format?: RecordFormatName;
            schema?: string;
            messageType?: string;
            logs?: string;
            ordering: 'partition' | 'key';
            service?: string;
            handler?: string;
          } & IdFlags,
        ) => {
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
          const format =
            values.format === undefined && values.schema === undefined
              ? undefined
              : { format: values.format ?? 'json', schema: values.schema, messageType: values.messageType };
          done(
            await runDlq(file, {
              json: values.json,
              eventId,
              keyPrefix,
              ...(format ? { format } : {}),
              ...(values.logs ? { logs: values.logs } : {}),
              ordering: values.ordering,
            }),
          );
        },
      ),
  );
  program.addCommand(
    new Command('replay')
      .summary('write the records of a DLQ dump back for kcat or kafka-console-producer, headers kept')
      .description(
        'write the records of a DLQ dump back for their source topics, key and headers kept (Event-Id: a replayed event that did run is skipped as a duplicate): a kcat script, or lines for kafka-console-producer. To rehearse locally: msk-once local --replay-dlq',
      )
      .argument(
        '<file>',
        'a file of DLQ messages (as msk-once dlq reads them), or - for stdin; select the records first',
      )
      .addOption(
        new Option(
          '--for <tool>',
          'kcat: <out>/replay.sh, one `kcat -P -k <key> -H <name=value>…` per record with the value in a file of its own (binary values as they are); kafka-console-producer: <out> as lines headers<TAB>key<TAB>value (text values only) for --property parse.headers=true --property parse.key=true with tab separators',
        )
          .choices(['kcat', 'kafka-console-producer'])
          .makeOptionMandatory(),
      )
      .requiredOption('--out <path>', 'kcat: a directory; kafka-console-producer: a file')
      .option('--topic <name>', "produce to this topic instead of each record's own")
      .exitOverride()
      .action(
        (file: string, values: { for: 'kcat' | 'kafka-console-producer'; out: string; topic?: string }) =>
          done(runReplay(file, values)),
      ),
  );
  program.addCommand(
    new Command('poison')
      .summary(
        'list the records a consumer parked in its poison queue, by cause; write a script that runs them again',
      )
      .description(
        'list the records a consumer parked in its poison queue (poisonQueue), grouped by cause: position, event id, error, dedup key. With --replay-script, a script that runs them again: each read back from its topic at its position with kcat, its dedup key deleted (DONE since it was parked), produced again with its key and headers (Event-Id kept)',
      )
      .argument(
        '<file>',
        'the output of `aws sqs receive-message --queue-url <poison queue>` (or JSON lines of parked documents), or - for stdin',
      )
      .option('--json', 'print the parked documents as JSON', false)
      .option(
        '--window <seconds>',
        "the consumer's dedup window, seconds: where its DONE marks live",
        '86400',
      )
      .option('--events-per-second <n>', "the consumer's MSK_ONCE_EVENTS_PER_SECOND", '1000')
      .option(
        '--replay-script <path>',
        'write a script that runs the records again (BROKERS=<servers> sh <path>)',
      )
      .exitOverride()
      .action((file: string, values: { json: boolean; replayScript?: string }) =>
        done(runPoison(file, values)),
      ),
  );
  program.addCommand(
    new Command('dedup-key')
      .description("the Redis key of an event's dedup claim, as the consumer computes it (bucket included)")
      .argument(
        '<event-id...>',
        'event ids, as the handler reads them (--id-source/--id-format; default: Event-Id ULIDs), checked and put in canonical form as the consumer does (a ULID upper-cased, a UUID lower-cased); one the consumer refuses gets no key (exit 2)',
      )
      .requiredOption('--service <name>', 'required: the service (POWERTOOLS_SERVICE_NAME of the function)')
      .requiredOption(
        '--handler <name>',
        'required: the handler name (MSK_ONCE_HANDLER_NAME of the function)',
      )
      .option(
        '--previous-format <version>',
        "the event's key in a previous release's format (0.1.0, 0.2.0 or 0.3.0), as a rollout writes it too",
      )
      .option(
        '--mark',
        "its DONE mark instead: the field (hex), then the hash a claim reads it in; --window and --events-per-second as the function's",
      )
      .option('--window <seconds>', 'the dedup window of the function, in seconds (with --mark)', '86400')
      .option('--events-per-second <n>', 'MSK_ONCE_EVENTS_PER_SECOND of the function (with --mark)', '1000')
      .option(ID_SOURCE_FLAG, ID_SOURCE_HELP)
      .option(ID_FORMAT_FLAG, ID_FORMAT_HELP)
      .exitOverride()
      .action(
        (
          ids: string[],
          values: {
            service: string;
            handler: string;
            previousFormat?: string;
            mark?: boolean;
            window: string;
            eventsPerSecond: string;
          } & IdFlags,
        ) => {
          // Empty first (an empty id names no event, whatever the source), then as the consumer checks it.
          const empty = refuseEmpty(ids, values);
          if (empty) {
            process.stderr.write(`msk-once dedup-key: ${empty}\n`);
            return done(2);
          }
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
          if (values.mark) {
            const windowSeconds = Number(values.window);
            const rate = Number(values.eventsPerSecond);
            if (!(windowSeconds > 0) || !(rate > 0)) {
              process.stderr.write(
                'msk-once dedup-key: --window and --events-per-second take positive numbers\n',
              );
              return done(2);
            }
            const layout = markLayout(Math.round(windowSeconds * 1000), rate);
            for (const eventId of canonical as string[]) {
              const key = dedupKey(prefix, eventId);
              process.stdout.write(
                `${Buffer.from(markField(eventId)).toString('hex')} ${markHashKey(key, layout)}\n`,
              );
            }
            return done(0);
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
      .summary(
        'what each firing alarm means and which runbook section to follow (an account, or a run offline)',
      )
      .description(
        'what each firing alarm of a consumer means, what its data shows and which runbook section to follow: of an AWS account, or offline of a local run (--from); the consumer from flags or from an --environments module',
      )
      .option(
        '--environments <module>',
        'a module exporting ENVIRONMENTS: TriageEnvironments (msk-once/alarms), name -> { name, dlqTopic, consumers: [{ name, service, handlerName, topics, names? }], alarms: { runbookUrl, …thresholds } }; .mjs/.js, or .ts where Node strips types',
      )
      .helpOption('-h, --help', `display help\n\nThe other options are the triage's own:\n${TRIAGE_USAGE}`)
      .allowUnknownOption()
      .allowExcessArguments()
      .exitOverride()
      .action(async (values: { environments?: string }, command: Command) => {
        let environments: TriageEnvironments | undefined;
        if (values.environments !== undefined) {
          const mod = (await import(pathToFileURL(resolve(values.environments)).href)) as {
            ENVIRONMENTS?: TriageEnvironments;
          };
          if (!mod.ENVIRONMENTS) throw new Error(`${values.environments} does not export ENVIRONMENTS`);
          environments = mod.ENVIRONMENTS;
        }
        const offline = command.args.includes('--from') || command.args.some((a) => a.startsWith('--from='));
        // Offline needs no AWS SDK (nor credentials): the clients are made for an account only.
        const clients = offline ? {} : await awsClients();
        done(
          await runTriage(command.args, {
            ...(environments ? { environments } : {}),
            ...clients,
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
