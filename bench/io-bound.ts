/**
 * The I/O-bound case: a business handler that waits on I/O (a 5 ms timer, as a push or a table
 * write takes), 3,000 x 1 KB records over 6 partitions with 300 distinct Kafka keys, 30% of them
 * duplicates (DONE before the timed delivery), Redis 0.25 ms each way away (bench/latency-proxy.ts).
 * What a team meets: records of a partition one at a time leave the function waiting.
 *
 * Contenders, each deduplicating every record against the same Redis, so each runs the handler
 * 2,100 times per batch:
 * - kafkaHandler, partition order (the default): one record per partition in flight;
 * - kafkaHandler, key order at 16 and at 64 in flight;
 * - kafkaHandler, unordered at 64: key order over the same records with every record given a key of
 *   its own, so nothing waits for order; the baseline of "unordered concurrency with the same cap";
 * - middy's event-batch-handler, reproduced: `@middy/event-batch-handler` is not on the npm registry
 *   (404), so its documented behaviour is: every record at once, `Promise.allSettled` over
 *   `Object.values(event.records).flat()` for MSK (https://middy.js.org/docs/handlers/event-batch-handler),
 *   each record through Powertools idempotency (makeIdempotent, Redis persistence), as a middy
 *   user would add dedup;
 * - Powertools' batch processor in parallel (`processPartialResponse`, `processInParallel: true`)
 *   with the same idempotent record handler. Its `EventType` knows SQS, Kinesis and DynamoDB
 *   Streams, not Kafka (2.x): the MSK records are flattened and handed over as SQS-shaped records
 *   (`messageId` = `<topic>-<partition>@<offset>`, the MSK record alongside), which is how a team
 *   would use it on MSK today.
 *
 * Billed: Lambda bills an invocation's duration rounded up to the millisecond, so billed ms per
 * 1,000 records = ceil(median batch ms) / 3. Not a test: nothing here asserts on time; the
 * verdicts are ratios of contenders in the same run.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { CachePersistenceLayer } from '@aws-lambda-powertools/idempotency/cache';
import type { CacheClient } from '@aws-lambda-powertools/idempotency/cache/types';
import type { MSKEvent, MSKRecord } from 'aws-lambda';
import type { KafkaMessage } from '../lib/contract/message.ts';
import type { Contender, InvocationCount } from './contenders/contender.ts';
import { decodeAsProject } from './contenders/decode.ts';
import { projectContender } from './contenders/project.ts';
import { makeEvent, pickDuplicates, subEvent } from './event.ts';
import { benchContext } from './lambda-context.ts';
import { startLatencyProxy } from './latency-proxy.ts';
import { median } from './stats.ts';
import { nodeRedisClient, type RedisTarget } from './target.ts';

/** The case, as the issue states it. */
export const IO_BOUND_CASE = {
  records: 3_000,
  partitions: 6,
  keys: 300,
  duplicates: 0.3,
  valueBytes: 1024,
  handlerMs: 5,
  delayMsEachWay: 0.25,
  topic: 'review-created',
} as const;

export interface IoBoundRow {
  contender: string;
  samplesMs: number[];
  medianMs: number;
  recordsPerSecond: number;
  /** ceil(median ms) per invocation, per 1,000 records of the batch. */
  billedMsPer1000: number;
}

export interface IoBoundResult {
  case: typeof IO_BOUND_CASE;
  warmups: number;
  repetitions: number;
  rows: IoBoundRow[];
  verdicts: { target: string; goal: string; measured: string; met: boolean }[];
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The same records, each with a key of its own: nothing waits for order. */
function unordered(inner: Contender, id: string): Contender {
  return {
    id,
    invoke(event) {
      for (const records of Object.values(event.records))
        for (const record of records)
          record.key = Buffer.from(`${record.partition}@${record.offset}`).toString('base64');
      return inner.invoke(event);
    },
    close: () => inner.close(),
  };
}

/** A record handler through Powertools idempotency on Redis, counting the runs of the business handler. */
async function idempotentHandler(target: RedisTarget, keyPrefix: string, handle: () => Promise<void>) {
  const client = await nodeRedisClient(target);
  const persistenceStore = new CachePersistenceLayer({ client: client as unknown as CacheClient });
  const config = new IdempotencyConfig({ eventKeyJmesPath: 'eventId', expiresAfterSeconds: 600 });
  const counter = { handled: 0 };
  const process = makeIdempotent(
    async (_message: KafkaMessage) => {
      await handle();
      counter.handled++;
    },
    { persistenceStore, config, keyPrefix },
  );
  return { process, config, counter, close: () => client.close() };
}

function countOf(records: number, handled: number, failed: number): InvocationCount {
  return { handled, duplicates: records - handled - failed, failed };
}

async function middyContender(
  target: RedisTarget,
  runId: string,
  handle: () => Promise<void>,
): Promise<Contender> {
  const h = await idempotentHandler(target, `${runId}-middy`, handle);
  return {
    id: 'middy event-batch-handler (all at once)',
    async invoke(event) {
      h.config.registerLambdaContext(benchContext());
      const before = h.counter.handled;
      // middy's event-batch-handler for MSK: every record at once, settled together.
      const records = Object.values(event.records).flat();
      const settled = await Promise.allSettled(records.map((record) => h.process(decodeAsProject(record))));
      const failed = settled.filter((s) => s.status === 'rejected').length;
      return countOf(records.length, h.counter.handled - before, failed);
    },
    close: h.close,
  };
}

async function powertoolsBatchContender(
  target: RedisTarget,
  runId: string,
  handle: () => Promise<void>,
): Promise<Contender> {
  const h = await idempotentHandler(target, `${runId}-ptbatch`, handle);
  const processor = new BatchProcessor(EventType.SQS);
  return {
    id: 'Powertools batch (in parallel)',
    async invoke(event) {
      const context = benchContext();
      h.config.registerLambdaContext(context);
      const before = h.counter.handled;
      const records = Object.values(event.records).flat();
      // SQS-shaped: Powertools' batch utility has no Kafka event type.
      const Records = records.map((msk) => ({
        messageId: `${msk.topic}-${msk.partition}@${msk.offset}`,
        body: '',
        msk,
      }));
      const response = await processPartialResponse(
        { Records } as never,
        async (record: { msk: MSKRecord }) => {
          await h.process(decodeAsProject(record.msk));
        },
        processor,
        { context, processInParallel: true },
      );
      return countOf(records.length, h.counter.handled - before, response.batchItemFailures.length);
    },
    close: h.close,
  };
}

/** One batch of the case: fresh Event-Ids, 300 keys (key k in partition k % 6), duplicates picked. */
function batchOf(round: number) {
  const c = IO_BOUND_CASE;
  const batch = makeEvent({
    records: c.records,
    partitions: c.partitions,
    valueBytes: c.valueBytes,
    topic: c.topic,
    firstOffset: 5_000_000 + round * c.records,
  });
  // Record i sits in partition i % 6; key i % 300 then lives in one partition, as a producer keying by it gives.
  for (let i = 0; i < batch.records.length; i++)
    batch.records[i]!.key = Buffer.from(`key-${i % c.keys}`).toString('base64');
  return batch;
}

async function timedRepetition(contender: Contender, round: number): Promise<number> {
  const batch = batchOf(round);
  const dups = pickDuplicates(batch.records.length, IO_BOUND_CASE.duplicates, 42 + round);
  const earlier = await contender.invoke(subEvent(batch, dups));
  if (earlier.handled !== dups.length)
    throw new Error(`${contender.id}: earlier delivery handled ${earlier.handled} of ${dups.length}`);
  globalThis.gc?.();
  const start = performance.now();
  const count = await contender.invoke(batch.event as MSKEvent);
  const ms = performance.now() - start;
  const want = batch.records.length - dups.length;
  if (count.handled !== want || count.duplicates !== dups.length || count.failed !== 0)
    throw new Error(
      `${contender.id}: handled ${count.handled} (want ${want}), duplicates ${count.duplicates} (want ${dups.length}), failed ${count.failed}`,
    );
  return ms;
}

/**
 * Run the case against a standalone Redis at `url`, through a 0.25 ms-each-way proxy.
 *
 * @example
 * const result = await measureIoBound('redis://127.0.0.1:6379', { runId: 'bench-1', quick: false });
 */
export async function measureIoBound(
  url: string,
  options: { runId: string; quick: boolean },
): Promise<IoBoundResult> {
  const upstream = new URL(url);
  const proxy = await startLatencyProxy(
    [{ host: upstream.hostname, port: Number(upstream.port || 6379) }],
    IO_BOUND_CASE.delayMsEachWay,
  );
  const listener = proxy.listeners[0]!.listener;
  const proxied = new URL(url);
  proxied.hostname = listener.host;
  proxied.port = String(listener.port);
  const target: RedisTarget = { mode: 'standalone', url: proxied.toString().replace(/\/$/, '') };
  const handle = () => wait(IO_BOUND_CASE.handlerMs);
  const ours = (id: string, order?: { ordering: 'key'; concurrency: number }) =>
    projectContender(target, {
      service: `${options.runId}-io-${id.replace(/\W+/g, '')}`,
      handlerName: 'io',
      windowSeconds: 600,
      handle,
      id,
      ...(order ? { order } : {}),
    });
  const contenders: Contender[] = [
    await ours('kafkaHandler partition order'),
    await ours('kafkaHandler key order @16', { ordering: 'key', concurrency: 16 }),
    await ours('kafkaHandler key order @64', { ordering: 'key', concurrency: 64 }),
    unordered(
      await ours('kafkaHandler unordered @64 inner', { ordering: 'key', concurrency: 64 }),
      'kafkaHandler unordered @64',
    ),
    await middyContender(target, options.runId, handle),
    await powertoolsBatchContender(target, options.runId, handle),
  ];
  const warmups = 1;
  const repetitions = options.quick ? 2 : 5;
  const samples = contenders.map(() => [] as number[]);
  try {
    // Interleaved, repetition by repetition: a slow spell of a shared machine hits all of them.
    for (let round = 0; round < warmups + repetitions; round++) {
      for (let c = 0; c < contenders.length; c++) {
        const ms = await timedRepetition(contenders[c]!, round * contenders.length + c);
        if (round >= warmups) samples[c]!.push(ms);
        console.error(
          `[bench] io-bound ${contenders[c]!.id}: ${ms.toFixed(1)} ms${round < warmups ? ' (warm-up)' : ''}`,
        );
      }
    }
  } finally {
    for (const c of contenders) await c.close();
    await proxy.stop();
  }
  const rows: IoBoundRow[] = contenders.map((c, i) => {
    const medianMs = median(samples[i]!);
    return {
      contender: c.id,
      samplesMs: samples[i]!,
      medianMs,
      recordsPerSecond: (IO_BOUND_CASE.records / medianMs) * 1000,
      billedMsPer1000: Math.ceil(medianMs) / (IO_BOUND_CASE.records / 1000),
    };
  });
  const row = (id: string) => rows.find((r) => r.contender === id)!;
  const key64 = row('kafkaHandler key order @64');
  const partition = row('kafkaHandler partition order');
  const free64 = row('kafkaHandler unordered @64');
  const vsPartition = partition.medianMs / key64.medianMs;
  const vsUnordered = key64.recordsPerSecond / free64.recordsPerSecond;
  return {
    case: IO_BOUND_CASE,
    warmups,
    repetitions,
    rows,
    verdicts: [
      {
        target: 'io-bound: key order @64 vs partition order',
        goal: '>= 10x faster',
        measured: `${vsPartition.toFixed(1)}x`,
        met: vsPartition >= 10,
      },
      {
        target: 'io-bound: key order @64 vs unordered @64 (same cap)',
        goal: '>= 0.8x the throughput',
        measured: `${vsUnordered.toFixed(2)}x`,
        met: vsUnordered >= 0.8,
      },
    ],
  };
}

/**
 * The table of the case, for the console and docs/performance.md.
 *
 * @example
 * console.log(formatIoBound(result));
 */
export function formatIoBound(result: IoBoundResult): string {
  const c = result.case;
  const lines = [
    `I/O-bound case: ${c.records.toLocaleString('en-US')} x 1 KB records, ${c.partitions} partitions, ${c.keys} keys, ${c.duplicates * 100}% duplicates, handler awaits ${c.handlerMs} ms, Redis ${c.delayMsEachWay} ms each way; median of ${result.repetitions}`,
    '',
    '| contender | median ms / batch | records/s | billed ms / 1,000 records |',
    '| --- | ---: | ---: | ---: |',
  ];
  for (const r of result.rows)
    lines.push(
      `| ${r.contender} | ${r.medianMs.toFixed(1)} | ${Math.round(r.recordsPerSecond).toLocaleString('en-US')} | ${r.billedMsPer1000.toFixed(1)} |`,
    );
  lines.push('');
  for (const v of result.verdicts)
    lines.push(`${v.met ? 'MET   ' : 'MISSED'} ${v.target}: ${v.measured} (goal ${v.goal})`);
  return lines.join('\n');
}
