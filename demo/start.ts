/**
 * `npm start`: the whole flow on one machine, with faults.
 *
 * A producer publishes review-created events (some twice, a few poison) to an in-process Kafka log;
 * the emulated event source mapping feeds them to the real notification Lambda
 * (functions/notification: Redis dedup, a DynamoDB-backed effect layer on dynalite, a push through a
 * fake HTTP provider); the consumer is killed once between its pushes and its dedup commit, and
 * Redis goes down for a while. Then a summary, and exit 1 if an event was lost or pushed twice.
 *
 * Options: --events N  --partitions N  --duplicate-rate R  --crash-after N  --store-policy open|closed
 *          --batch-size N  --poison N  --seed N  --dlq-file PATH  --runtime worker|in-process
 *          --reading retry-reported-only|resume-from-lowest (how the mapping reads a partial answer)
 *          --output PATH (the run's EMF and log lines, for `npm run triage -- --env dev --from PATH`)
 *
 * Runtimes: `worker` (default with Redis) runs functions/notification/handler.ts itself in worker
 * threads configured by environment variables, as deployed, and the crash terminates the thread;
 * `in-process` (default without Redis) builds the same handler in this process (see docs/emulator.md).
 */

// Before any Powertools Logger exists. Every JSON line is captured, never printed: errors give the
// DLQ its reasons, and the per-batch "duplicates skipped" lines (INFO) feed `--output` for triage.
process.env[EnvVar.logLevel] ??= 'INFO';

import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dumpTopic, parseDlqText } from '../cli/dlq-reader.ts';
import {
  EventSourceMapping,
  esmMetricDocuments,
  KafkaLog,
  type PartialResponseReading,
} from '../emulator/index.ts';
import { EnvVar } from '../lib/contract.ts';
import { type DedupStore, formatPosition, MemoryDedupStore, RedisDedupStore } from '../lib/index.ts';
import {
  findRedis,
  type JsonLine,
  startFakePushProvider,
  startLocalDynamoDB,
  startProcessOutputCapture,
  startTcpFaultProxy,
  type TcpFaultProxy,
} from '../testkit/index.ts';
import { publishReviews } from './events.ts';
import { demoFunction } from './function.ts';
import { progressBar } from './progress-bar.ts';
import { summarize } from './summary.ts';

const TOPIC = 'review-created';
const DLQ_TOPIC = 'review-created-dlq';

const usage = `usage: npm start -- [--events 2000] [--partitions 6] [--duplicate-rate 0.05] [--crash-after 300]
                   [--store-policy open|closed] [--batch-size 100] [--poison 3] [--seed 7] [--dlq-file path]
                   [--runtime worker|in-process] [--output run.jsonl]
                   [--reading retry-reported-only|resume-from-lowest]`;

interface Options {
  events: number;
  partitions: number;
  duplicateRate: number;
  crashAfter: number;
  policy: 'open' | 'closed';
  batchSize: number;
  poison: number;
  seed: number;
  dlqFile: string | undefined;
  runtime: 'worker' | 'in-process' | undefined;
  output: string | undefined;
  reading: PartialResponseReading | undefined;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '2000' },
      partitions: { type: 'string', default: '6' },
      'duplicate-rate': { type: 'string', default: '0.05' },
      'crash-after': { type: 'string' },
      'store-policy': { type: 'string', default: 'open' },
      'batch-size': { type: 'string', default: '100' },
      poison: { type: 'string', default: '3' },
      seed: { type: 'string', default: '7' },
      'dlq-file': { type: 'string' },
      runtime: { type: 'string' },
      output: { type: 'string' },
      reading: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const int = (name: string, text: string, min: number, max: number) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`--${name} must be a whole number from ${min} to ${max}, got "${text}"`);
    return n;
  };
  const events = int('events', values.events!, 10, 200_000);
  const rate = Number(values['duplicate-rate']);
  if (!(rate >= 0 && rate <= 1))
    throw new Error(`--duplicate-rate must be 0..1, got "${values['duplicate-rate']}"`);
  const policy = values['store-policy'];
  if (policy !== 'open' && policy !== 'closed')
    throw new Error(`--store-policy must be open or closed, got "${policy}"`);
  return {
    events,
    partitions: int('partitions', values.partitions!, 1, 64),
    duplicateRate: rate,
    crashAfter: int('crash-after', values['crash-after'] ?? String(Math.ceil(events / 3)), 0, events),
    policy,
    batchSize: int('batch-size', values['batch-size']!, 1, 10_000),
    poison: int('poison', values.poison!, 0, events),
    seed: int('seed', values.seed!, 0, 2 ** 31),
    dlqFile: values['dlq-file'],
    runtime: runtimeOption(values.runtime),
    output: values.output,
    reading: readingOption(values.reading),
  };
}

function runtimeOption(value: string | undefined): Options['runtime'] {
  if (value === undefined || value === 'worker' || value === 'in-process') return value;
  throw new Error(`--runtime must be worker or in-process, got "${value}"`);
}

function readingOption(value: string | undefined): Options['reading'] {
  if (value === undefined || value === 'retry-reported-only' || value === 'resume-from-lowest') return value;
  throw new Error(`--reading must be retry-reported-only or resume-from-lowest, got "${value}"`);
}

async function main(): Promise<number> {
  let o: Options;
  try {
    o = options();
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const say = process.stderr.write.bind(process.stderr);
  const cleanup: (() => Promise<void>)[] = [];
  // Ctrl+C: stop what this run started (a redis-server, workers, servers) before leaving.
  process.once('SIGINT', async () => {
    for (const stop of cleanup.reverse()) await stop().catch(() => {});
    process.exit(130);
  });
  try {
    // --- the parts: Redis (behind a fault proxy), DynamoDB (dynalite), the push provider --------
    const redis = await findRedis(process.env);
    if (redis.started) cleanup.push(() => redis.started!.stop());
    let proxy: TcpFaultProxy | undefined;
    let shared: DedupStore;
    if (redis.url) {
      proxy = await startTcpFaultProxy(redis.url);
      cleanup.push(() => proxy!.stop());
      // Fail fast when Redis is gone: the whole invocation has a 4 s budget in process.
      shared = new RedisDedupStore({
        redis: { url: proxy.url },
        connectTimeoutMs: 300,
        commandTimeoutMs: 250,
      });
    } else {
      say(
        process.env[EnvVar.store] === 'memory'
          ? `WARNING: ${EnvVar.store}=memory:\n`
          : 'WARNING: no Redis (REDIS_URL unset, nothing on 127.0.0.1:6379, redis-server not installed):\n',
      );
      say(
        '         using the in-memory dedup store. It is NOT for production: Lambda containers do not share it.\n',
      );
      say('         The Redis outage step is skipped.\n');
      shared = new MemoryDedupStore({ quiet: true });
    }
    cleanup.push(() => shared.close());
    const dynamo = await startLocalDynamoDB();
    cleanup.push(() => dynamo.stop());
    const table = await dynamo.createTable('notification-idempotency');
    const provider = await startFakePushProvider();
    cleanup.push(() => provider.stop());
    const service = `notification-${Date.now().toString(36)}`;
    // Worker threads need a store they all share: without Redis, the run stays in process.
    const runtime = o.runtime ?? (redis.url ? 'worker' : 'in-process');
    if (runtime === 'worker' && !redis.url)
      throw new Error('--runtime worker needs a Redis (the environments share it)');
    say(
      `msk-once local run: ${o.events} events over ${o.partitions} partitions, Redis ${redis.source}${redis.url ? ` (${redis.url})` : ''}, policy fail-${o.policy}, runtime ${runtime}, partial answers read as ${o.reading ?? 'retry-reported-only'}\n`,
    );

    // --- the topic and the producer -------------------------------------------------------------
    const log = new KafkaLog();
    log.createTopic(TOPIC, o.partitions);
    log.createTopic(DLQ_TOPIC, 1); // an on-failure topic must exist before the mapping uses it
    const { eventIds, poison, duplicates } = publishReviews(log, TOPIC, o);

    // --- the function, with its crash ------------------------------------------------------------
    const faults: string[] = [];
    const functionErrors = new Map<string, number>();
    const bar = progressBar(log.all(TOPIC).length, say, Boolean(process.stderr.isTTY));
    const demo = await demoFunction({
      runtime,
      service,
      policy: o.policy,
      tableName: table,
      pushUrl: provider.url,
      dynamoEndpoint: dynamo.endpoint,
      redisUrl: proxy?.url,
      store: shared,
      crashAfter: o.crashAfter,
      onCrash: (where) => {
        faults.push(`consumer killed after ${o.crashAfter} records, ${where}`);
        bar.log(
          `  ! consumer killed ${where} (its claims stay held until their lease ends, <= ${demo.timeoutMs / 1000} s)`,
        );
      },
    });
    cleanup.push(() => demo.close());
    const { fn, tap } = demo;

    // --- the mapping, with a Redis outage in the middle -------------------------------------------
    const outageFrom = Math.max(2, Math.floor(o.events / o.batchSize / 2));
    let outage: 'before' | 'down' | 'after' = proxy ? 'before' : 'after';
    let downSince = 0;
    const esm = new EventSourceMapping(log, fn, {
      topics: [TOPIC],
      batchSize: o.batchSize,
      concurrency: Math.min(2, o.partitions),
      // As deployed (infra/): provisioned mode, partial batch responses, bisect, a Kafka DLQ.
      provisionedPollers: { minimumPollers: 1, maximumPollers: 2 },
      functionResponseTypes: ['ReportBatchItemFailures'],
      bisectBatchOnFunctionError: true,
      onFailureDestination: `kafka://${DLQ_TOPIC}`,
      // Unset: the emulator's default reading (docs/emulator.md row 14).
      ...(o.reading ? { partialResponseReading: o.reading } : {}),
      // The last retries come after a crashed invocation's claims (leased for the timeout) have
      // expired; the split after the crash counts as the first retry (the emulator's reading):
      // in process 0.1, 0.2, 0.4, 0.8, 1, 1 s; in workers 0.25, 0.5, 1, 2, 3, 3, 3 s.
      ...(runtime === 'worker'
        ? {
            maximumRetryAttempts: 7,
            retryBackoffMs: (attempt: number) => Math.min(250 * 2 ** (attempt - 1), 3_000),
          }
        : {
            maximumRetryAttempts: 6,
            retryBackoffMs: (attempt: number) => Math.min(100 * 2 ** (attempt - 1), 1_000),
          }),
      onInvocation: (report) => {
        if (report.error)
          functionErrors.set(
            shortError(report.error),
            (functionErrors.get(shortError(report.error)) ?? 0) + 1,
          );
        const invocations = esm.stats.invocations;
        if (outage === 'before' && invocations >= outageFrom) {
          outage = 'down';
          downSince = invocations;
          proxy!.set('down');
          bar.log('  ! Redis is down (connections refused)');
        } else if (outage === 'down' && invocations >= downSince + 4) {
          outage = 'after';
          proxy!.set('up');
          faults.push(`Redis down for 4 invocations (fail-${o.policy})`);
          bar.log('  ! Redis is back');
        }
        bar.update(log.all(TOPIC).length - esm.offsetLag, outage === 'down' ? '(Redis down)' : '');
      },
    });
    const capture = startProcessOutputCapture(() => {});
    const started = Date.now();
    let workerLines: JsonLine[] = [];
    try {
      await esm.drain();
      workerLines = await demo.settledOutput();
    } finally {
      capture.stop();
      proxy?.set('up');
    }
    bar.update(log.all(TOPIC).length - esm.offsetLag);
    bar.finish();
    say(`drained in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    // --- the summary -------------------------------------------------------------------------------
    const dump = dumpTopic(log, DLQ_TOPIC);
    if (o.dlqFile) writeFileSync(o.dlqFile, dump);
    const reasons = new Map<string, string>();
    const lines: JsonLine[] = [
      ...capture.lines(),
      ...workerLines,
      // What Lambda would have told CloudWatch about the mapping and the function.
      ...(esmMetricDocuments(esm, { functionName: service }) as JsonLine[]),
    ];
    if (o.output) writeFileSync(o.output, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    for (const line of lines) {
      const error = line.error as { message?: string } | undefined;
      if (line.level === 'ERROR' && typeof line.offset === 'number' && error?.message) {
        const position = {
          topic: String(line.topic),
          partition: Number(line.partition),
          offset: line.offset,
        };
        reasons.set(formatPosition(position), error.message);
      }
    }
    const effects = new Map<string, number>(Object.entries(provider.countsByCollapseId()));
    const verdict = summarize({
      produced: log.all(TOPIC).length,
      unique: eventIds.size,
      poison,
      effects,
      eventIds,
      stats: esm.stats,
      dlq: parseDlqText(dump).rows,
      reasons,
      lines,
      faults: [
        `${duplicates} events published twice by the producer; ${poison.size} poison events`,
        ...faults,
        ...[...functionErrors].map(([error, n]) => `function error x${n}: ${error}`),
      ],
      effectReplays: tap.counts.replayed,
    });
    console.log(verdict.text);
    if (o.dlqFile) console.log(`DLQ written to ${o.dlqFile}: npm run dlq -- ${o.dlqFile}`);
    if (o.output)
      console.log(`Output written to ${o.output}: npm run triage -- --env dev --from ${o.output}`);
    return verdict.ok ? 0 : 1;
  } finally {
    for (const stop of cleanup.reverse()) await stop().catch(() => {});
  }
}

function shortError(error: string): string {
  return error.length > 100 ? `${error.slice(0, 99)}…` : error;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`npm start failed: ${(error as Error)?.message ?? error}`);
    process.exit(1);
  },
);
