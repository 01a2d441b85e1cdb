import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { MSKEvent } from 'aws-lambda';
import {
  CrashError,
  EventSourceMapping,
  type InvocationReport,
  inProcess,
  KafkaLog,
  type KafkaOnFailureMessage,
  LambdaFunction,
  MappingConfigurationError,
} from '../../emulator/index.ts';
import { fnOf, logWith, reportingHandler, type Seen } from './helpers.ts';

function traced(
  log: KafkaLog,
  handler: Parameters<typeof fnOf>[0],
  options: ConstructorParameters<typeof EventSourceMapping>[2],
) {
  const reports: InvocationReport[] = [];
  const events: MSKEvent[] = [];
  const fn = fnOf(async (event, ctx) => {
    events.push(structuredClone(event));
    return handler(event, ctx);
  });
  const esm = new EventSourceMapping(log, fn, { ...options, onInvocation: (r) => reports.push(r) });
  return { esm, reports, events, fn };
}

describe('EventSourceMapping: batches', () => {
  test('batches stay within batchSize, keep offset order per partition and may mix partitions', async () => {
    const log = logWith('t', 3, 25);
    const seen: Seen[] = [];
    const { esm, events } = traced(
      log,
      reportingHandler(() => false, seen),
      { topics: ['t'], batchSize: 10 },
    );
    await esm.drain();
    assert.equal(seen.length, 25);
    assert.ok(events.every((e) => Object.values(e.records).flat().length <= 10));
    assert.ok(
      events.some((e) => Object.keys(e.records).length > 1),
      'some batch carries several partitions',
    );
    for (let p = 0; p < 3; p++) {
      const offsets = seen.filter((s) => s.partition === p).map((s) => s.offset);
      assert.deepEqual(
        offsets,
        [...offsets].sort((a, b) => a - b),
      );
      assert.equal(log.committed(esm.consumerGroup, 't', p), log.endOffset('t', p));
    }
  });

  test('the MSK event has the documented shape: base64 key/value, byte-array headers, aws:kafka', async () => {
    const log = new KafkaLog();
    log.createTopic('orders', 1);
    log.append('orders', {
      key: 'recordKey',
      value: '{"key":"value"}',
      headers: [{ name: 'headerKey', value: Buffer.from('headerValue') }],
    });
    log.append('orders', { value: null });
    const { esm, events } = traced(
      log,
      reportingHandler(() => false),
      { topics: ['orders'] },
    );
    await esm.drain();
    const event = events[0]!;
    assert.equal(event.eventSource, 'aws:kafka');
    assert.match(event.eventSourceArn, /^arn:aws:kafka:/);
    assert.equal(typeof event.bootstrapServers, 'string');
    const [first, tombstone] = event.records['orders-0']!;
    assert.deepEqual(first, {
      topic: 'orders',
      partition: 0,
      offset: 0,
      timestamp: first!.timestamp,
      timestampType: 'CREATE_TIME',
      key: 'cmVjb3JkS2V5',
      value: 'eyJrZXkiOiJ2YWx1ZSJ9',
      headers: [{ headerKey: [104, 101, 97, 100, 101, 114, 86, 97, 108, 117, 101] }],
    });
    assert.equal('value' in tombstone!, false);
    assert.equal('key' in tombstone!, false);
  });

  test('a batch never exceeds the payload limit; a record alone over it goes to the DLQ unseen', async () => {
    const log = new KafkaLog();
    log.createTopic('t', 1);
    for (let i = 0; i < 6; i++) log.append('t', { value: 'x'.repeat(3000) });
    log.append('t', { value: 'y'.repeat(20_000) });
    log.append('t', { value: 'after' });
    const seen: Seen[] = [];
    const { esm, events } = traced(
      log,
      reportingHandler(() => false, seen),
      {
        topics: ['t'],
        maxPayloadBytes: 10_000,
        onFailureTopic: 'kafka://t-dlq',
      },
    );
    await esm.drain();
    assert.ok(events.every((e) => Buffer.byteLength(JSON.stringify(e)) <= 10_000));
    assert.deepEqual(
      seen.map((s) => s.offset),
      [0, 1, 2, 3, 4, 5, 7],
    );
    const [dlq] = log.all('t-dlq');
    const message = JSON.parse(dlq!.value!.toString()) as KafkaOnFailureMessage;
    assert.equal(message.requestContext.condition, 'MaximumPayloadSizeExceeded');
    assert.equal(message.responseContext, null);
    assert.equal(message.requestContext.approximateInvokeCount, 0);
    assert.equal(message.KafkaBatchInfo.recordInfo.offset, '6');
  });
});

describe('EventSourceMapping: failures', () => {
  test('ReportBatchItemFailures: the partition resumes at the reported offset, others commit', async () => {
    const log = logWith('t', 2, 10);
    let failedOnce = false;
    const seen: Seen[] = [];
    const handler = reportingHandler((r) => {
      if (r.partition === 0 && r.offset === 2 && !failedOnce) {
        failedOnce = true;
        return true;
      }
      return false;
    }, seen);
    const { esm, events, reports } = traced(log, handler, { topics: ['t'] });
    await esm.step();
    assert.equal(reports[0]!.outcome, 'partial');
    assert.equal(log.committed(esm.consumerGroup, 't', 0), 2);
    assert.equal(log.committed(esm.consumerGroup, 't', 1), 5);
    await esm.step();
    assert.deepEqual(Object.keys(events[1]!.records), ['t-0']);
    assert.deepEqual(
      events[1]!.records['t-0']!.map((r) => r.offset),
      [2, 3, 4],
    );
    assert.equal(log.committed(esm.consumerGroup, 't', 0), 5);
    assert.equal(esm.stats.recordsRetried, 3);
  });

  test('a partition waiting for its retry does not hold up the other partitions', async () => {
    const log = logWith('t', 2, 12);
    let failedOnce = false;
    const handler = reportingHandler((r) => {
      if (r.partition === 0 && !failedOnce) {
        failedOnce = true;
        return true;
      }
      return false;
    });
    const { esm, events } = traced(log, handler, {
      topics: ['t'],
      batchSize: 2,
      retryBackoffMs: () => 1_000,
    });
    await esm.drain();
    const carried = events.map((e) => Object.keys(e.records).join(','));
    const retryAt = events.findIndex((e, i) => i > 0 && e.records['t-0']?.[0]?.offset === 0);
    assert.ok(retryAt > 0, 'partition 0 was retried from offset 0');
    assert.ok(
      events.slice(1, retryAt).every((e) => !e.records['t-0']),
      'no later record of partition 0 went ahead of its retry',
    );
    assert.ok(
      carried.slice(1, retryAt).filter((tps) => tps === 't-1').length >= 2,
      `partition 1 went on while partition 0 waited: ${carried.join(' | ')}`,
    );
    assert.equal(esm.offsetLag, 0);
  });

  test('an answer naming an offset or partition not in the event fails the whole batch', async () => {
    for (const bad of [
      { batchItemFailures: [{ itemIdentifier: { partition: 't-0', offset: 99 } }] },
      { batchItemFailures: [{ itemIdentifier: { partition: 'other-0', offset: 0 } }] },
      { batchItemFailures: [{ itemIdentifier: { partition: 't-0', offset: '1' } }] },
      { batchItemFailures: 'nope' },
      'a string',
    ]) {
      const log = logWith('t', 1, 3);
      let calls = 0;
      const { esm, reports } = traced(log, async () => (calls++ === 0 ? bad : { batchItemFailures: [] }), {
        topics: ['t'],
      });
      await esm.drain();
      assert.equal(reports[0]!.outcome, 'error', JSON.stringify(bad));
      assert.match(reports[0]!.error!, /invalid batch response/);
      assert.equal(reports.length, 2);
      assert.equal(esm.stats.recordsRetried, 3);
      assert.equal(esm.stats.invalidResponses, 1);
    }
  });

  test('without ReportBatchItemFailures the answer is ignored: reported records are committed and lost', async () => {
    const log = logWith('t', 1, 3);
    const seen: Seen[] = [];
    const { esm, reports } = traced(
      log,
      reportingHandler((_, v) => v === 'v1', seen),
      {
        topics: ['t'],
        reportBatchItemFailures: false,
        onFailureTopic: 'dlq',
      },
    );
    await esm.drain();
    assert.deepEqual(
      reports.map((r) => r.outcome),
      ['success'],
    );
    assert.equal(log.lag(esm.consumerGroup, 't'), 0);
    assert.equal(
      log.all('dlq').length,
      0,
      'v1 and v2 never ran and are in no DLQ: why the mapping must enable it',
    );
    assert.deepEqual(
      seen.map((s) => s.value),
      ['v0'],
    );
  });

  test('null, {} and an empty list are success', async () => {
    for (const ok of [null, undefined, {}, { batchItemFailures: [] }, { batchItemFailures: null }]) {
      const log = logWith('t', 1, 3);
      const { esm, reports } = traced(log, async () => ok, { topics: ['t'] });
      await esm.drain();
      assert.deepEqual(
        reports.map((r) => r.outcome),
        ['success'],
        JSON.stringify(ok),
      );
    }
  });

  test('retries then the DLQ: approximateInvokeCount = 1 + retries, key reused, payload holds that record only', async () => {
    const log = new KafkaLog();
    log.createTopic('t', 1);
    log.append('t', { key: 'k-good', value: 'good' });
    log.append('t', {
      key: 'k-poison',
      value: 'poison',
      headers: [{ name: 'Event-Id', value: Buffer.from('01J00000000000000000000000') }],
    });
    log.append('t', { key: 'k-after', value: 'after' });
    const seen: Seen[] = [];
    const { esm, reports } = traced(
      log,
      reportingHandler((_, v) => v === 'poison', seen),
      { topics: ['t'], maximumRetryAttempts: 2, onFailureTopic: 'kafka://t-dlq' },
    );
    await esm.drain();
    assert.deepEqual(
      seen.map((s) => s.value),
      ['good', 'after'],
    );
    assert.equal(reports.length, 4, 'first + 2 retries of the poison record, then the tail');
    const dlq = log.all('t-dlq');
    assert.equal(dlq.length, 1);
    assert.equal(dlq[0]!.key?.toString(), 'k-poison');
    const message = JSON.parse(dlq[0]!.value!.toString()) as KafkaOnFailureMessage;
    assert.equal(message.requestContext.condition, 'RetryAttemptsExhausted');
    assert.equal(message.requestContext.approximateInvokeCount, 3);
    assert.equal(
      message.requestContext.functionArn,
      'arn:aws:lambda:us-east-1:000000000000:function:test-fn',
    );
    assert.match(message.requestContext.requestId, /^[0-9a-f-]{36}$/);
    assert.equal(message.version, '1.0');
    assert.equal(message.KafkaBatchInfo.batchSize, 1);
    assert.equal(message.KafkaBatchInfo.recordInfo.offset, '1');
    assert.equal(message.payload.eventSource, 'aws:kafka');
    assert.deepEqual(Object.keys(message.payload.records), ['t-0']);
    const [only] = message.payload.records['t-0']!;
    assert.equal(Buffer.from(only!.value, 'base64').toString(), 'poison');
    assert.deepEqual(only!.headers, [{ 'Event-Id': [...Buffer.from('01J00000000000000000000000')] }]);
    assert.equal(message.KafkaBatchInfo.payloadSize, Buffer.byteLength(JSON.stringify(message.payload)));
    assert.equal(log.lag(esm.consumerGroup, 't'), 0);
  });

  test('the DLQ message has every field of the AWS documentation example', async () => {
    const example = JSON.parse(
      readFileSync(new URL('../cli/fixtures/aws-kafka-on-failure-example.json', import.meta.url), 'utf8'),
    );
    const log = logWith('t', 1, 1);
    const { esm } = traced(
      log,
      async () => {
        throw new Error('boom');
      },
      { topics: ['t'], maximumRetryAttempts: 0, onFailureTopic: 'dlq' },
    );
    await esm.drain();
    const message = JSON.parse(log.all('dlq')[0]!.value!.toString());
    const shape = (o: unknown): unknown =>
      o && typeof o === 'object' && !Array.isArray(o)
        ? Object.fromEntries(
            Object.entries(o)
              .filter(([k]) => k !== 'records')
              .map(([k, v]) => [k, shape(v)])
              .sort(),
          )
        : typeof o;
    assert.deepEqual(shape(message), shape(example));
    assert.equal(message.responseContext.functionError, 'Unhandled');
  });

  test('infinite retries with a destination stop after 10 retries (kafka-on-failure-destination.html)', async () => {
    const log = logWith('t', 1, 1);
    const { esm } = traced(
      log,
      async () => {
        throw new Error('always');
      },
      { topics: ['t'], onFailureTopic: 'dlq' },
    );
    await esm.drain();
    assert.equal(esm.stats.invocations, 11);
    assert.equal(esm.stats.sentToDestination[0]!.approximateInvokeCount, 11);
    assert.match(esm.stats.sentToDestination[0]!.lastError, /always/);
  });

  test('without a destination an exhausted record is skipped and counted', async () => {
    const log = logWith('t', 1, 2);
    const { esm } = traced(
      log,
      reportingHandler((_, v) => v === 'v0'),
      { topics: ['t'], maximumRetryAttempts: 1 },
    );
    await esm.drain();
    assert.equal(esm.stats.discarded.length, 1);
    assert.equal(log.lag(esm.consumerGroup, 't'), 0);
  });

  test('bisect on error isolates the poison record; the rest succeed', async () => {
    const log = logWith('t', 2, 16);
    const seen: Seen[] = [];
    const handler = async (event: MSKEvent) => {
      const values = Object.values(event.records)
        .flat()
        .map((r) => Buffer.from(r.value, 'base64').toString());
      if (values.includes('v9')) throw new Error('poison v9');
      for (const r of Object.values(event.records).flat())
        seen.push({ ...r, value: Buffer.from(r.value, 'base64').toString() });
      return { batchItemFailures: [] };
    };
    const { esm } = traced(log, handler, {
      topics: ['t'],
      bisectBatchOnFunctionError: true,
      maximumRetryAttempts: 1,
      onFailureTopic: 'dlq',
    });
    await esm.drain();
    assert.deepEqual(
      esm.stats.sentToDestination.map((f) => `${f.partition}@${f.offset}`),
      ['1@4'],
    );
    assert.equal(seen.length, 15);
    assert.ok(esm.stats.batchesSplit >= 3);
    for (let p = 0; p < 2; p++) {
      const offsets = seen.filter((s) => s.partition === p).map((s) => s.offset);
      assert.deepEqual(
        offsets,
        [...offsets].sort((a, b) => a - b),
        'order kept per partition',
      );
    }
  });

  test('without bisect a function error retries the whole batch, and the whole batch lands in the DLQ', async () => {
    const log = logWith('t', 1, 4);
    const { esm } = traced(
      log,
      async () => {
        throw new Error('bug');
      },
      { topics: ['t'], maximumRetryAttempts: 1, onFailureTopic: 'dlq' },
    );
    await esm.drain();
    assert.equal(esm.stats.invocations, 2);
    assert.equal(log.all('dlq').length, 4);
  });

  test('MaximumRecordAgeInSeconds sends old records to the DLQ without invoking', async () => {
    const log = new KafkaLog();
    log.createTopic('t', 1);
    log.append('t', { value: 'old', timestamp: Date.now() - 120_000 });
    log.append('t', { value: 'new' });
    const seen: Seen[] = [];
    const { esm } = traced(
      log,
      reportingHandler(() => false, seen),
      { topics: ['t'], maximumRecordAgeSeconds: 60, onFailureTopic: 'dlq' },
    );
    await esm.drain();
    assert.deepEqual(
      seen.map((s) => s.value),
      ['new'],
    );
    assert.equal(esm.stats.sentToDestination[0]!.condition, 'RecordAgeExceeded');
  });

  test('configuration errors name the setting', () => {
    const log = logWith('t', 1, 1);
    const fn = fnOf(async () => ({}));
    assert.throws(
      () => new EventSourceMapping(log, fn, { topics: ['t'], batchSize: 10_001 }),
      /batchSize must be 1..10000/,
    );
    assert.throws(
      () => new EventSourceMapping(log, fn, { topics: ['t'], onFailureTopic: 'kafka://t' }),
      MappingConfigurationError,
    );
    assert.throws(
      () => new EventSourceMapping(log, fn, { topics: ['t'], maximumRecordAgeSeconds: 5 }),
      /60..604800/,
    );
    assert.throws(() => new EventSourceMapping(log, fn, { topics: ['missing'] }), /missing does not exist/);
  });
});

describe('EventSourceMapping: crashes and timeouts', () => {
  test('a crash mid-batch: nothing is committed, the whole batch is delivered again to a fresh environment', async () => {
    const log = logWith('t', 1, 5);
    const seen: Seen[] = [];
    let crashed = false;
    const fn: LambdaFunction<MSKEvent> = new LambdaFunction(
      inProcess((env) => async (event: MSKEvent) => {
        for (const r of event.records['t-0']!) {
          if (!env.alive) return new Promise(() => {});
          seen.push({ topic: r.topic, partition: r.partition, offset: r.offset, value: env.id.toString() });
          if (r.offset === 2 && !crashed) {
            crashed = true;
            fn.kill(new CrashError('crash after 3 records'));
          }
          await new Promise((r) => setImmediate(r));
        }
        return { batchItemFailures: [] };
      }),
      { functionName: 'crashy', timeoutMs: 5_000 },
    );
    const reports: InvocationReport[] = [];
    const esm = new EventSourceMapping(log, fn, { topics: ['t'], onInvocation: (r) => reports.push(r) });
    await esm.step();
    assert.equal(reports[0]!.outcome, 'error');
    assert.equal(reports[0]!.environmentDied, true);
    assert.match(reports[0]!.error!, /CrashError: crash after 3 records/);
    assert.equal(log.committed(esm.consumerGroup, 't', 0), 0, 'the crash came before any commit');
    await esm.drain();
    assert.deepEqual(
      seen.map((s) => `${s.offset}:${s.value}`),
      ['0:1', '1:1', '2:1', '0:2', '1:2', '2:2', '3:2', '4:2'],
    );
    assert.equal(fn.coldStarts, 2);
    assert.equal(esm.stats.recordsRetried, 5);
  });

  test('a timeout is a function error; the handler keeps running in the background (documented difference)', async () => {
    const log = logWith('t', 1, 1);
    let finishedLate = false;
    let remainingAtStart = 0;
    let calls = 0;
    const fn = new LambdaFunction<MSKEvent>(
      inProcess(() => async (_event, context) => {
        remainingAtStart = context.getRemainingTimeInMillis();
        if (calls++ === 0) {
          await new Promise((r) => setTimeout(r, 300));
          finishedLate = true;
        }
        return {};
      }),
      { functionName: 'slow', timeoutMs: 100 },
    );
    const reports: InvocationReport[] = [];
    const esm = new EventSourceMapping(log, fn, { topics: ['t'], onInvocation: (r) => reports.push(r) });
    await esm.drain();
    assert.match(reports[0]!.error!, /Task timed out after 0.10 seconds/);
    assert.equal(reports[1]!.outcome, 'success');
    assert.ok(remainingAtStart > 0 && remainingAtStart <= 100);
    assert.equal(fn.coldStarts, 2, 'a timed-out environment is replaced');
    await new Promise((r) => setTimeout(r, 350));
    assert.equal(finishedLate, true);
  });

  test('restart() forgets uncommitted progress: the tail after the committed offset comes again', async () => {
    const log = logWith('t', 1, 6);
    const seen: Seen[] = [];
    const { esm } = traced(
      log,
      reportingHandler(() => false, seen),
      { topics: ['t'], batchSize: 3 },
    );
    await esm.step();
    log.commit(esm.consumerGroup, 't', 0, 1); // as if only offset 0 had been committed
    esm.restart();
    await esm.drain();
    assert.deepEqual(
      seen.map((s) => s.offset),
      [0, 1, 2, 1, 2, 3, 4, 5],
    );
  });

  test('concurrency: partitions are shared between pollers that run at the same time', async () => {
    const log = logWith('t', 4, 40);
    let running = 0;
    let maxRunning = 0;
    const { esm } = traced(
      log,
      async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return {};
      },
      { topics: ['t'], batchSize: 5, concurrency: 2 },
    );
    await esm.drain();
    assert.equal(maxRunning, 2);
    assert.equal(esm.offsetLag, 0);
  });
});
