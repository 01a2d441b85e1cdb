/**
 * `npm start`: the demo run of `msk-once local` (cli/local/run.ts) with the example consumer.
 *
 * A producer publishes review-created events (some twice, a few poison) to the emulated Kafka log;
 * the emulated event source mapping feeds them to the real notification Lambda
 * (functions/notification: Redis dedup, a DynamoDB-backed effect layer on dynalite, a push through a
 * fake HTTP provider); the consumer is killed once between its pushes and its dedup commit, and
 * Redis goes down for a while. Then the summary, and exit 1 if an event was lost or pushed twice.
 * `npm start -- --help` lists every option with its default.
 *
 * Runtimes: `worker` (default with Redis) runs functions/notification/handler.ts itself in worker
 * threads configured by environment variables, as deployed, and the crash terminates the thread;
 * `in-process` (default without Redis) builds the same handler in this process (see docs/emulator.md).
 */
import { Command, CommanderError, Option } from 'commander';
import { addLocalOptions, localOptions, wholeNumber } from '../cli/local/options.ts';
import { type LocalTarget, runLocal } from '../cli/local/run.ts';
import { findRedis, startLocalDynamoDB } from '../testkit/index.ts';
import { publishReviews } from './events.ts';
import { startFakePushProvider } from './fake-push-provider.ts';
import { demoFunction, type Runtime } from './function.ts';

const TOPIC = 'review-created';

function demoTarget(o: {
  poison: number;
  duplicateRate: number;
  events: number;
  seed: number;
  runtime: Runtime;
}): LocalTarget {
  return {
    describe: `functions/notification, runtime ${o.runtime}`,
    topic: TOPIC,
    // The npm scripts of this repository: the triage's takes the CDK app's environments itself.
    nextSteps: {
      dlq: (file) => `npm run dlq -- ${file}`,
      triage: (file) => `npm run triage -- --env dev --from ${file}`,
    },
    needsSharedRedis: o.runtime === 'worker',
    publish: (log, topic) => publishReviews(log, topic, o),
    async start(context) {
      const dynamo = await startLocalDynamoDB();
      const table = await dynamo.createTable('notification-idempotency');
      const provider = await startFakePushProvider();
      const demo = await demoFunction({
        runtime: o.runtime,
        service: context.service,
        policy: context.policy,
        tableName: table,
        pushUrl: provider.url,
        dynamoEndpoint: dynamo.endpoint,
        redisUrl: context.redisUrl,
        store: context.store,
        crashAfter: context.crashAfter,
        onCrash: context.onCrash,
        poisonQueueUrl: context.poisonQueueUrl,
      });
      return {
        fn: demo.fn,
        timeoutMs: demo.timeoutMs,
        // The last retries come after a crashed invocation's claims (leased for the timeout) have
        // expired; the split after the crash counts as the first retry (the emulator's reading):
        // in process 0.1, 0.2, 0.4, 0.8, 1, 1 s; in workers 0.25, 0.5, 1, 2, 3, 3, 3 s.
        retries:
          o.runtime === 'worker'
            ? { retryAttempts: 7, retryBackoffMs: (n: number) => Math.min(250 * 2 ** (n - 1), 3_000) }
            : { retryAttempts: 6, retryBackoffMs: (n: number) => Math.min(100 * 2 ** (n - 1), 1_000) },
        effects: () => new Map(Object.entries(provider.countsByCollapseId())),
        effectLabel: 'pushes the provider received',
        effectReplays: () => demo.tap.counts.replayed,
        settledOutput: () => demo.settledOutput(),
        close: async () => {
          await demo.close();
          await provider.stop();
          await dynamo.stop();
        },
      };
    },
  };
}

async function main(argv: string[]): Promise<number> {
  let code = 0;
  const command = new Command('npm start --')
    .description(
      'the demo: review-created events through the emulated MSK to the notification consumer, with duplicates, poison events, a crash and a Redis outage (msk-once local with the example function)',
    )
    .addOption(
      new Option('--poison <n>', 'events with a rating the consumer rejects (they end in the DLQ)')
        .argParser(wholeNumber(0, 200_000))
        .default(3),
    )
    .addOption(
      new Option(
        '--runtime <runtime>',
        'worker threads that import handler.ts as deployed, or in this process (default: worker with Redis, in-process without)',
      ).choices(['worker', 'in-process']),
    )
    .exitOverride()
    .showHelpAfterError();
  addLocalOptions(command, { events: 2000, service: 'notification' });
  command.action(async (values: Record<string, unknown>) => {
    const o = localOptions(values);
    const events = o.events ?? 2000;
    const runtime =
      (values.runtime as Runtime | undefined) ??
      ((await findRedis(process.env)).url ? 'worker' : 'in-process');
    const { ok } = await runLocal(
      o,
      demoTarget({
        poison: values.poison as number,
        duplicateRate: o.duplicateRate,
        events,
        seed: o.seed,
        runtime,
      }),
    );
    code = ok ? 0 : 1;
  });
  try {
    await command.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
  return code;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`npm start failed: ${(error as Error)?.message ?? error}`);
    process.exit(1);
  },
);
