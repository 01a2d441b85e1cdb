/**
 * The local run behind `msk-once local` and `npm start`: a topic in the emulated Kafka log, events
 * published (some twice), the emulated event source mapping feeding a function (its retries,
 * bisect, partial failures, the on-failure DLQ topic), Redis behind a fault proxy that goes down for
 * four invocations, a crash between effects and the dedup commit, optionally a replay of the DLQ
 * (`--replay-dlq`), then the summary. What function
 * runs and what counts as its effect is the {@link LocalTarget}'s business: your handler module
 * (module-target.ts) or another caller's (the repository's demo passes its own).
 */
import { writeFileSync } from 'node:fs';
import type { MSKEvent } from 'aws-lambda';
import {
  EventSourceMapping,
  type EventSourceMappingOptions,
  esmMetricDocuments,
  KafkaLog,
  type LambdaFunction,
} from '../../emulator/index.ts';
import { type DeclarativeEventIdSource, EnvVar } from '../../lib/contract.ts';
import { type DedupStore, MemoryDedupStore, RedisDedupStore } from '../../lib/index.ts';
import {
  findRedis,
  type JsonLine,
  startLocalSqs,
  startProcessOutputCapture,
  startTcpFaultProxy,
  type TcpFaultProxy,
} from '../../testkit/index.ts';
import { dumpTopic, parseDlqText } from '../dlq-reader.ts';
import { replayRecords, replayThroughEmulator } from '../dlq-replay.ts';
import { reasonsByPosition } from '../log-reasons.ts';
import { printable } from '../terminal-text.ts';
import type { LocalOptions } from './options.ts';
import { progressBar } from './progress-bar.ts';
import { type ReplayFacts, summarize } from './summary.ts';
import type { KeyOrderFacts } from './verdict.ts';

/** What the target published. */
export interface PublishedEvents {
  eventIds: Set<string>;
  /** Events meant to fail (they end in the DLQ, not lost). */
  poison: Set<string>;
  /** Events published a second time by the producer. */
  duplicates: number;
}

/** What a target gets to build its function. */
export interface TargetContext {
  readonly service: string;
  readonly policy: 'open' | 'closed';
  /** The Redis URL the function uses (through the fault proxy); undefined without Redis. */
  readonly redisUrl: string | undefined;
  /** A store every environment shares (Redis through the proxy, or memory without Redis). */
  readonly store: DedupStore;
  /** Kill after this many records (0: never). */
  readonly crashAfter: number;
  /** Tell the run where the kill landed. */
  readonly onCrash: (where: string) => void;
  /** The poison queue's URL (`--poison-sink`), for `EnvVar.poisonQueueUrl` or the `poison` option. */
  readonly poisonQueueUrl: string | undefined;
}

/** The function of a run, as the target built it. */
export interface TargetFunction {
  readonly fn: LambdaFunction<MSKEvent>;
  readonly timeoutMs: number;
  /** The mapping's retries; they must outlast a crashed invocation's leases. */
  readonly retries: Pick<EventSourceMappingOptions, 'retryAttempts' | 'retryBackoffMs'>;
  /** How many times each Event-Id's effect happened. */
  effects(): Map<string, number>;
  /** What an effect is, for the summary ("pushes the provider received"). */
  readonly effectLabel: string;
  /** Repeats the effect layer answered from its mark, when the target can tell. */
  effectReplays(): number | undefined;
  /** Repeats that ran again and are explained by an injected fault (see module-target.ts). */
  expectedRepeats?(): Map<string, string>;
  /** Keys, publish order and first completions, when the target can tell (the per-key order check). */
  keyOrder?(): KeyOrderFacts;
  /** Output printed outside this process (worker threads), once it has settled. */
  settledOutput(): Promise<JsonLine[]>;
  close(): Promise<void>;
}

/** A function under test and its events. */
export interface LocalTarget {
  /** For the first line: what runs ("./handler.mjs#handler, in process"). */
  readonly describe: string;
  readonly topic: string;
  /** Publish the events (a target may start what its format needs first: a local schema registry). */
  publish(log: KafkaLog, topic: string): PublishedEvents | Promise<PublishedEvents>;
  start(context: TargetContext): Promise<TargetFunction>;
  /**
   * With REDIS_URL unset, start a redis-server of the run's own before using 127.0.0.1:6379 (a
   * user's run should not write to a Redis others share). @default false
   */
  readonly prefersOwnRedis?: boolean;
  /** Does the function need a Redis that separate threads share? */
  readonly needsSharedRedis?: boolean;
  /** Where the function reads event ids, for the DLQ's rows. Default: the Event-Id header. */
  readonly eventIdSource?: DeclarativeEventIdSource;
  /**
   * The commands the run prints for its files, as they run where the target runs (`npm start`:
   * the npm scripts, which know the CDK app's environments). Default {@link CLI_NEXT_STEPS}.
   */
  readonly nextSteps?: NextSteps;
}

/** The command lines that read a run's DLQ file and its output file. */
export interface NextSteps {
  dlq(file: string): string;
  triage(file: string): string;
}

/**
 * The `msk-once` commands for a run of your own handler: the triage of a run's output needs nothing
 * else (the service and topics are in its lines; the thresholds your alarms use can be given).
 */
export const CLI_NEXT_STEPS: NextSteps = {
  dlq: (file) => `msk-once dlq ${file}`,
  triage: (file) => `msk-once triage --from ${file}`,
};

/** The summary's verdict and the text printed. */
export interface LocalRunResult {
  ok: boolean;
  text: string;
}

/**
 * Run one local run and print its summary (stdout) and progress (stderr).
 *
 * @example
 * const { ok } = await runLocal(options, moduleTarget('./handler.mjs', options));
 * process.exitCode = ok ? 0 : 1;
 */
export async function runLocal(o: LocalOptions, target: LocalTarget): Promise<LocalRunResult> {
  process.env[EnvVar.logLevel] ??= 'INFO';
  const say = process.stderr.write.bind(process.stderr);
  const cleanup: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of cleanup.reverse()) await stop().catch(() => {});
    cleanup.length = 0;
  };
  // Ctrl+C: stop what this run started (a redis-server, workers, servers) before leaving.
  const onSigint = async () => {
    await stopAll();
    process.exit(130);
  };
  process.once('SIGINT', onSigint);
  try {
    const redis = await findRedis(process.env, { preferOwn: target.prefersOwnRedis === true });
    if (redis.started) cleanup.push(() => redis.started!.stop());
    if (target.prefersOwnRedis && redis.source === 'localhost:6379')
      say(
        'NOTE: REDIS_URL is unset and redis-server is not installed: using the Redis at 127.0.0.1:6379.\n' +
          "      The run's keys are under a service name of its own; set REDIS_URL to choose the Redis.\n",
      );
    else if (redis.source === 'started redis-server')
      say(
        `NOTE: REDIS_URL is unset: started a redis-server of this run's own (${redis.url}), stopped at the end.\n`,
      );
    let proxy: TcpFaultProxy | undefined;
    let shared: DedupStore;
    if (redis.url) {
      proxy = await startTcpFaultProxy(redis.url);
      cleanup.push(() => proxy!.stop());
      shared = new RedisDedupStore({
        redis: { url: proxy.url },
        connectTimeoutMs: 300,
        commandTimeoutMs: 250,
      });
    } else {
      say(
        'WARNING: no Redis (REDIS_URL unset, nothing on 127.0.0.1:6379, redis-server not installed):\n' +
          '         using the in-memory dedup store. It is NOT for production: Lambda containers do not share it.\n' +
          '         The Redis outage step is skipped.\n',
      );
      shared = new MemoryDedupStore({ quiet: true });
    }
    cleanup.push(() => shared.close());
    if (target.needsSharedRedis && !redis.url)
      throw new Error(`${target.describe} needs a Redis that every environment shares`);
    const service = `${o.service}-${Date.now().toString(36)}`;
    const dlqTopic = `${target.topic}-dlq`;
    const log = new KafkaLog();
    log.createTopic(target.topic, o.partitions);
    log.createTopic(dlqTopic, 1); // an on-failure topic must exist before the mapping uses it
    const { eventIds, poison, duplicates } = await target.publish(log, target.topic);
    say(
      `msk-once local run: ${printable(target.describe)}; ${o.events === undefined ? '' : `${o.events} events over `}${o.partitions} partitions, Redis ${redis.source}${redis.url ? ` (${redis.url})` : ''}, policy fail-${o.storePolicy}, partial answers read as ${o.reading}\n`,
    );
    const produced = log.all(target.topic).length;
    const crashAfter = o.crashAfter ?? Math.ceil(eventIds.size / 3);

    // The poison sink: an SQS stand-in over real HTTP, which the function writes to with the AWS SDK.
    const sqs = o.poisonSink ? await startLocalSqs() : undefined;
    if (sqs) {
      cleanup.push(() => sqs.stop());
      // In-process functions sign with the process's credentials; the stand-in does not check them.
      process.env.AWS_ACCESS_KEY_ID ??= 'local';
      process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
    }
    const poisonQueueUrl = sqs?.createQueue(`${service}-poison`);
    const faults: string[] = [];
    const functionErrors = new Map<string, number>();
    const bar = progressBar(produced, say, Boolean(process.stderr.isTTY));
    const fn = await target.start({
      service,
      policy: o.storePolicy,
      redisUrl: proxy?.url,
      store: shared,
      crashAfter,
      poisonQueueUrl,
      onCrash: (where) => {
        faults.push(`consumer killed after ${crashAfter} records, ${where}`);
        bar.log(`  ! consumer killed ${where} (its claims stay held until their lease ends)`);
      },
    });
    cleanup.push(() => fn.close());

    // Redis goes down half-way for four invocations (the first fault the alarms must see).
    const outageFrom = Math.max(2, Math.floor(produced / o.batchSize / 2));
    let outage: 'before' | 'down' | 'after' = proxy && o.redisOutage ? 'before' : 'after';
    let downSince = 0;
    const esm = new EventSourceMapping(log, fn.fn, {
      topics: [target.topic],
      batchSize: o.batchSize,
      concurrency: Math.min(2, o.partitions),
      // As infra/ deploys a consumer: provisioned mode, partial batch responses, bisect, a Kafka DLQ.
      provisionedPollers: { minimumPollers: 1, maximumPollers: 2 },
      functionResponseTypes: ['ReportBatchItemFailures'],
      partialResponseReading: o.reading,
      bisectBatchOnFunctionError: true,
      onFailureDestination: `kafka://${dlqTopic}`,
      ...fn.retries,
      onInvocation: (report) => {
        if (report.error) {
          const error = shortError(report.error);
          functionErrors.set(error, (functionErrors.get(error) ?? 0) + 1);
        }
        const invocations = esm.stats.invocations;
        if (outage === 'before' && invocations >= outageFrom) {
          outage = 'down';
          downSince = invocations;
          proxy!.set('down');
          bar.log('  ! Redis is down (connections refused)');
        } else if (outage === 'down' && invocations >= downSince + 4) {
          outage = 'after';
          proxy!.set('up');
          faults.push(`Redis down for 4 invocations (fail-${o.storePolicy})`);
          bar.log('  ! Redis is back');
        }
        // The note follows the outage as it is now: none once Redis is back.
        bar.update(produced - esm.offsetLag, outage === 'down' ? '(Redis down)' : '');
      },
    });
    const capture = startProcessOutputCapture(() => {});
    const started = Date.now();
    let workerLines: JsonLine[] = [];
    const extraLines: JsonLine[] = [];
    try {
      await esm.drain();
      workerLines = await fn.settledOutput();
    } finally {
      capture.stop();
      proxy?.set('up');
    }
    bar.update(produced - esm.offsetLag);
    bar.finish();
    say(`drained in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    let replay: ReplayFacts | undefined;
    if (o.replayDlq) {
      // The rehearsal of docs/runbook.md "Replaying records from the DLQ topic": every DLQ record
      // produced again with its key and headers, then drained; the verdict still counts each effect.
      // The poison records stay in the DLQ, as a team leaves them after looking at them: replayed
      // first again, they would strand the records behind them once more.
      const all = parseDlqText(dumpTopic(log, dlqTopic), { eventId: target.eventIdSource }).rows;
      const rows = all.filter((row) => row.eventId === null || !poison.has(row.eventId));
      const before = new Map(fn.effects());
      const dlqBefore = log.all(dlqTopic).length;
      const replayed = replayThroughEmulator(log, replayRecords(rows));
      say(
        `replaying ${replayed} record(s) of the DLQ with their headers (${all.length - rows.length} poison left out)\n`,
      );
      const capture = startProcessOutputCapture(() => {});
      try {
        await esm.drain();
        workerLines.push(...(await fn.settledOutput()));
      } finally {
        capture.stop();
      }
      extraLines.push(...capture.lines());
      let ran = 0;
      for (const [id, n] of fn.effects()) ran += n - (before.get(id) ?? 0);
      replay = {
        replayed,
        poisonLeft: all.length - rows.length,
        ran,
        backInDlq: log.all(dlqTopic).length - dlqBefore,
      };
    }

    const dump = dumpTopic(log, dlqTopic);
    if (o.dlqFile) writeFileSync(o.dlqFile, dump);
    const lines: JsonLine[] = [
      ...capture.lines(),
      ...extraLines,
      ...workerLines,
      // What Lambda would have told CloudWatch about the mapping and the function.
      ...(esmMetricDocuments(esm, { functionName: service }) as JsonLine[]),
    ];
    if (o.output) writeFileSync(o.output, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const reasons = reasonsByPosition(lines);
    const verdict = summarize({
      produced,
      unique: eventIds.size,
      poison,
      effects: fn.effects(),
      effectLabel: fn.effectLabel,
      expectedRepeats: fn.expectedRepeats?.() ?? new Map(),
      eventIds,
      stats: esm.stats,
      dlq: parseDlqText(dump, { eventId: target.eventIdSource }).rows,
      reasons,
      lines,
      faults: [
        `${duplicates} events published twice by the producer${poison.size ? `; ${poison.size} poison events` : ''}`,
        ...faults,
        ...[...functionErrors].map(([error, n]) => `function error x${n}: ${error}`),
      ],
      effectReplays: fn.effectReplays(),
      ...(replay ? { replay } : {}),
      parked: sqs ? parkedEventIds(sqs.messages(poisonQueueUrl!)) : undefined,
      ...(fn.keyOrder ? { keyOrder: fn.keyOrder() } : {}),
    });
    console.log(verdict.text);
    const next = target.nextSteps ?? CLI_NEXT_STEPS;
    if (o.dlqFile) console.log(printable(`DLQ written to ${o.dlqFile}: ${next.dlq(o.dlqFile)}`));
    if (o.output) console.log(printable(`Output written to ${o.output}: ${next.triage(o.output)}`));
    return { ok: verdict.ok, text: verdict.text };
  } finally {
    process.off('SIGINT', onSigint);
    await stopAll();
  }
}

/** The Event-Ids of the poison queue's entries (an entry without one counts by its position). */
function parkedEventIds(bodies: string[]): string[] {
  return bodies.map((body) => {
    const entry = JSON.parse(body) as { eventId?: string; position: string };
    return entry.eventId ?? entry.position;
  });
}

function shortError(error: string): string {
  return error.length > 100 ? `${error.slice(0, 99)}…` : error;
}
