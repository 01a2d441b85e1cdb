/**
 * The crash demo of at-least-once delivery (docs/background.md, "A crash between the effect and
 * the commit"): 30 events, the consumer dies after the 10th handled record (between the effect and
 * the commit), run again: exactly 30 effects, and the records that came again are visible as
 * duplicates.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { MSKEvent } from 'aws-lambda';
import {
  EventProducer,
  EventSourceMapping,
  type InvocationReport,
  inProcess,
  KafkaLog,
  LambdaFunction,
} from '../../emulator/index.ts';
import { type DedupStore, kafkaHandler, RedisDedupStore } from '../../lib/index.ts';
import {
  type CrashPlan,
  crashAfterHandled,
  expireLeases,
  startProcessOutputCapture,
  storeOfEnvironment,
  sumMetric,
} from '../../testkit/index.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

/** The demonstration's `messages` table: primary key = the event, insert reports INSERT or DUP. */
class MessagesTable {
  readonly rows = new Map<string, string>();
  readonly output: string[] = [];
  insert(eventId: string, value: string): void {
    if (this.rows.has(eventId)) {
      this.output.push(`DUP ${value}`);
      return;
    }
    this.rows.set(eventId, value);
    this.output.push(`INSERT ${value}`);
  }
}

const admin = adminClient();
const stores: DedupStore[] = [];
after(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await admin.quit();
});

function consumer(service: string, table: MessagesTable, plan?: CrashPlan) {
  const fn: LambdaFunction<MSKEvent> = new LambdaFunction<MSKEvent>(
    inProcess((env) => {
      const handle = async (message: { eventId: string; payload: unknown }) => {
        if (!env.alive) return new Promise<void>(() => {});
        table.insert(message.eventId, String(message.payload));
      };
      // One Redis connection per execution environment, as in Lambda.
      const store = new RedisDedupStore({ redis: { url: redisUrl() } });
      stores.push(store);
      return kafkaHandler<string>({
        service,
        handlerName: 'lecture',
        // The lecture's consumer runs a partition in order: the crash after 10 leaves 10 rows.
        ordering: 'partition',
        store: storeOfEnvironment(store, env),
        reserveMs: 100,
        handle: plan ? crashAfterHandled(plan, env, handle) : handle,
      });
    }),
    { functionName: 'lecture', timeoutMs: 3_000 },
  );
  return fn;
}

test('30 events, crash after 10, run again: exactly 30 effects, repeats visible as duplicates', async () => {
  const service = uniqueService('lecture');
  const log = new KafkaLog();
  log.createTopic('messages', 3);
  const producer = new EventProducer(log);
  for (let i = 1; i <= 30; i++) producer.send({ topic: 'messages', key: `k-${i}`, payload: `event-${i}` });
  const table = new MessagesTable();
  const capture = startProcessOutputCapture();
  try {
    // Crash after 10: one poller, batches of 11 (as the demonstration's consumer polls 11 records).
    const plan: CrashPlan = { remaining: 10, fired: false, kill: (error, env) => crashing.kill(error, env) };
    const crashing = consumer(service, table, plan);
    const reports: InvocationReport[] = [];
    const first = new EventSourceMapping(log, crashing, {
      topics: ['messages'],
      batchSize: 11,
      consumerGroup: 'lecture',
      provisionedPollers: {},
      functionResponseTypes: ['ReportBatchItemFailures'],
      onInvocation: (r) => reports.push(r),
    });
    while (!plan.fired) await first.step();
    assert.equal(reports.at(-1)!.environmentDied, true);
    assert.equal(table.rows.size, 10, 'db-count after the crash: 10 rows');
    assert.equal(
      log.lag('lecture', 'messages'),
      30,
      'nothing was committed: the crash came before the commit',
    );

    // The dead consumer's claims end with their lease (time passes before the restart).
    await expireLeases(admin, `${service}:dedup:lecture:`);

    // make run: a new process, same consumer group.
    const second = new EventSourceMapping(log, consumer(service, table), {
      topics: ['messages'],
      batchSize: 11,
      consumerGroup: 'lecture',
      provisionedPollers: {},
      functionResponseTypes: ['ReportBatchItemFailures'],
    });
    await second.drain();
    assert.equal(log.lag('lecture', 'messages'), 0);
  } finally {
    capture.stop();
  }
  assert.equal(table.rows.size, 30, 'db-count: exactly 30');
  const dups = table.output.filter((line) => line.startsWith('DUP'));
  assert.equal(dups.length, 10, 'the 10 records handled before the crash came again and were DUP');
  assert.equal(table.output.length, 40);

  // make run once more after deleting the group (group-delete): every record is a duplicate, now
  // stopped by the dedup keys before the handler runs.
  log.deleteGroup('lecture');
  const again = startProcessOutputCapture();
  try {
    const third = new EventSourceMapping(log, consumer(service, table), {
      topics: ['messages'],
      batchSize: 11,
      consumerGroup: 'lecture',
      provisionedPollers: {},
      functionResponseTypes: ['ReportBatchItemFailures'],
    });
    await third.drain();
  } finally {
    again.stop();
  }
  assert.equal(table.rows.size, 30);
  assert.equal(table.output.length, 40, 'the handler did not run again');
  assert.equal(sumMetric(again.lines(), 'MessagesDeduplicated'), 30);
});
