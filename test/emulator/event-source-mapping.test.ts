/**
 * The event source mapping's rules (docs/emulator.md has the table): batching, the batching window,
 * starting positions, provisioned vs on-demand, partial batch responses under both readings,
 * retries, bisect, record age on every attempt, the destinations (Kafka, SQS, SNS, S3) and that
 * they must exist, the payload limit, crashes and timeouts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { MSKEvent } from 'aws-lambda';
import { parseDlqText } from '../../cli/dlq-reader.ts';
import {
  type BatchOnFailureRecord,
  CrashError,
  EventSourceMapping,
  type EventSourceMappingOptions,
  type InvocationReport,
  inProcess,
  KafkaLog,
  type KafkaOnFailureMessage,
  LambdaFunction,
  LocalDestinations,
  MappingConfigurationError,
  RecordTooLargeError,
} from '../../emulator/index.ts';
import { fnOf, logWith, PARTIAL_RESPONSES, reportingHandler, type Seen } from './helpers.ts';

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
  // Tests that are not about the batching window invoke as soon as records are there.
  const esm = new EventSourceMapping(log, fn, {
    maximumBatchingWindowInSeconds: 0,
    ...options,
    onInvocation: (r) => reports.push(r),
  });
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
    log.createTopic('t-dlq', 1);
    for (let i = 0; i < 6; i++) log.append('t', { value: 'x'.repeat(3000) });
    log.append('t', { value: 'y'.repeat(20_000) });
    log.append('t', { value: 'after' });
    const seen: Seen[] = [];
    const { esm, events } = traced(
      log,
      reportingHandler(() => false, seen),
      { topics: ['t'], maxPayloadBytes: 10_000, ...PARTIAL_RESPONSES, onFailureDestination: 'kafka://t-dlq' },
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

  test('item 7: a record over the payload limit with no destination stops its partition, named, not skipped', async () => {
    const log = logWith('t', 2, 4);
    log.append('t', { value: 'y'.repeat(20_000), partition: 0 });
    log.append('t', { value: 'behind it', partition: 0 });
    log.append('t', { value: 'other partition', partition: 1 });
    const seen: Seen[] = [];
    const { esm } = traced(
      log,
      reportingHandler(() => false, seen),
      { topics: ['t'], maxPayloadBytes: 10_000 },
    );
    await assert.rejects(esm.drain(), (error: Error) => {
      assert.ok(error instanceof RecordTooLargeError);
      assert.match(error.message, /t-0@2: over the 10000-byte payload limit and no on-failure destination/);
      return true;
    });
    assert.deepEqual(seen.map((s) => s.value).sort(), ['other partition', 'v0', 'v1', 'v2', 'v3']);
    assert.equal(
      log.committed(esm.consumerGroup, 't', 0),
      2,
      'committed up to the large record, not past it',
    );
    assert.equal(log.committed(esm.consumerGroup, 't', 1), 3);
    assert.equal(esm.stats.discarded.length, 0);
  });

  test('item 7: the batching window (500 ms by default for Kafka) waits for a fuller batch', async () => {
    const log = logWith('t', 1, 2);
    const { esm, events } = traced(
      log,
      reportingHandler(() => false),
      { topics: ['t'], batchSize: 5, maximumBatchingWindowInSeconds: undefined },
    );
    const started = Date.now();
    const drained = esm.drain();
    await new Promise((r) => setTimeout(r, 150));
    log.append('t', { value: 'late' }); // inside the window: it rides along
    await drained;
    assert.equal(events.length, 1, 'one invocation for the 3 records');
    assert.equal(Object.values(events[0]!.records).flat().length, 3);
    assert.ok(Date.now() - started >= 450, 'the invocation waited for the window');
    // A full batch does not wait.
    const full = logWith('u', 1, 5);
    const quick = traced(
      full,
      reportingHandler(() => false),
      {
        topics: ['u'],
        batchSize: 5,
        maximumBatchingWindowInSeconds: undefined,
      },
    );
    const t0 = Date.now();
    await quick.esm.drain();
    assert.ok(Date.now() - t0 < 400, `a full batch goes at once (${Date.now() - t0} ms)`);
    assert.throws(
      () => traced(full, async () => ({}), { topics: ['u'], maximumBatchingWindowInSeconds: 0.5 }),
      /maximumBatchingWindowInSeconds must be a whole number 0..300/,
    );
  });

  test('item 7: starting positions TRIM_HORIZON (default), LATEST and AT_TIMESTAMP', async () => {
    const log = new KafkaLog();
    log.createTopic('t', 1);
    for (let i = 0; i < 3; i++) log.append('t', { value: `old${i}`, timestamp: 1_000_000 + i * 1000 });
    log.append('t', { value: 'new0', timestamp: 2_000_000 });
    const runWith = async (options: Partial<EventSourceMappingOptions>) => {
      const seen: Seen[] = [];
      const { esm } = traced(
        log,
        reportingHandler(() => false, seen),
        {
          topics: ['t'],
          consumerGroup: `g-${options.startingPosition ?? 'default'}`,
          ...options,
        },
      );
      log.append('t', { value: `after-${options.startingPosition ?? 'default'}`, timestamp: 3_000_000 });
      await esm.drain();
      assert.equal(esm.offsetLag, 0);
      return seen.map((s) => s.value);
    };
    assert.deepEqual((await runWith({})).slice(0, 4), ['old0', 'old1', 'old2', 'new0']);
    assert.deepEqual(await runWith({ startingPosition: 'LATEST' }), ['after-LATEST']);
    const at = await runWith({ startingPosition: 'AT_TIMESTAMP', startingPositionTimestamp: 1_001 });
    assert.equal(at[0], 'old1');
    assert.equal(at.at(-1), 'after-AT_TIMESTAMP');
    assert.throws(
      () => traced(log, async () => ({}), { topics: ['t'], startingPosition: 'AT_TIMESTAMP' }),
      /startingPositionTimestamp \(Unix seconds\) is required/,
    );
    // A committed offset wins over the starting position.
    log.commit('g-committed', 't', 0, 2);
    const seen: Seen[] = [];
    const { esm } = traced(
      log,
      reportingHandler(() => false, seen),
      {
        topics: ['t'],
        consumerGroup: 'g-committed',
        startingPosition: 'LATEST',
      },
    );
    await esm.drain();
    assert.equal(seen[0]!.value, 'old2');
  });
});

describe('EventSourceMapping: provisioned and on-demand modes', () => {
  test('item 5: on demand (the default) refuses every error handling control and a Kafka destination', () => {
    const log = logWith('t', 1, 1);
    log.createTopic('dlq', 1);
    const fn = fnOf(async () => ({}));
    for (const [name, extra] of [
      ['maximumRetryAttempts', { maximumRetryAttempts: 3 }],
      ['maximumRecordAgeSeconds', { maximumRecordAgeSeconds: 60 }],
      ['bisectBatchOnFunctionError', { bisectBatchOnFunctionError: true }],
      ['functionResponseTypes', { functionResponseTypes: ['ReportBatchItemFailures'] as const }],
      ['onFailureDestination', { onFailureDestination: 'kafka://dlq' }],
    ] as const) {
      assert.throws(
        () => new EventSourceMapping(log, fn, { topics: ['t'], ...extra }),
        (error: Error) =>
          error instanceof MappingConfigurationError &&
          error.message.startsWith(name) &&
          /provisioned mode/.test(error.message),
        name,
      );
      // The same setting is accepted in provisioned mode.
      new EventSourceMapping(log, fn, { topics: ['t'], provisionedPollers: {}, ...extra });
    }
    // An SQS, SNS or S3 destination is allowed on demand.
    new EventSourceMapping(log, fn, {
      topics: ['t'],
      onFailureDestination: 'arn:aws:sqs:us-east-1:000000000000:dlq',
    });
    assert.throws(
      () => new EventSourceMapping(log, fn, { topics: ['t'], provisionedPollers: { minimumPollers: 0 } }),
      /provisionedPollers.minimumPollers must be 1..200/,
    );
  });

  test('item 5: on demand a function error retries the whole batch until it succeeds (no retry limit)', async () => {
    const log = logWith('t', 1, 3);
    let calls = 0;
    const { esm, reports } = traced(
      log,
      async () => {
        if (++calls <= 12) throw new Error('not yet');
        return {};
      },
      { topics: ['t'], onFailureDestination: 'arn:aws:sqs:us-east-1:000000000000:dlq' },
    );
    await esm.drain();
    assert.equal(
      reports.length,
      13,
      'past the 10-retry cap that a provisioned mapping with a destination has',
    );
    assert.equal(esm.stats.sentToDestination.length, 0);
    assert.equal(esm.offsetLag, 0);
  });
});

describe('EventSourceMapping: partial batch responses', () => {
  test('item 3: by default (FunctionResponseTypes empty) a partial answer is ignored: the batch is a success', async () => {
    const log = logWith('t', 1, 3);
    log.createTopic('dlq', 1);
    const seen: Seen[] = [];
    const { esm, reports } = traced(
      log,
      reportingHandler((_, v) => v === 'v1', seen),
      { topics: ['t'], provisionedPollers: {}, onFailureDestination: 'kafka://dlq' },
    );
    await esm.drain();
    assert.deepEqual(
      reports.map((r) => r.outcome),
      ['success'],
    );
    assert.equal(log.lag(esm.consumerGroup, 't'), 0);
    assert.equal(log.all('dlq').length, 0, 'v1 and v2 never ran and are in no DLQ: lost');
    assert.deepEqual(
      seen.map((s) => s.value),
      ['v0'],
    );
  });

  test('item 1, retry-reported-only (default): only the reported records come again; the rest commit', async () => {
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
    const { esm, events, reports } = traced(log, handler, { topics: ['t'], ...PARTIAL_RESPONSES });
    await esm.step();
    assert.equal(reports[0]!.outcome, 'partial');
    assert.deepEqual(
      reports[0]!.failed!.map((f) => f.offset),
      [2, 3, 4],
      'the handler reported the failed record and the ones after it that it did not run',
    );
    assert.equal(log.committed(esm.consumerGroup, 't', 0), 2);
    assert.equal(log.committed(esm.consumerGroup, 't', 1), 5);
    await esm.step();
    assert.deepEqual(
      events[1]!.records['t-0']!.map((r) => r.offset),
      [2, 3, 4],
    );
    assert.equal(log.committed(esm.consumerGroup, 't', 0), 5);
  });

  test('item 1: a handler that reports only its first failure loses the rest under retry-reported-only', async () => {
    const log = logWith('t', 1, 5);
    const seen: Seen[] = [];
    let failedOnce = false;
    const handler = reportingHandler(
      (r) => {
        if (r.offset === 1 && !failedOnce) {
          failedOnce = true;
          return true;
        }
        return false;
      },
      seen,
      'first',
    );
    const reportedOnly = traced(log, handler, { topics: ['t'], ...PARTIAL_RESPONSES });
    await reportedOnly.esm.drain();
    assert.deepEqual(
      seen.map((s) => s.offset),
      [0, 1],
      'offsets 2..4 were never run, yet committed',
    );
    assert.equal(reportedOnly.esm.offsetLag, 0);

    // The same handler under resume-from-lowest: nothing is lost.
    const again: Seen[] = [];
    failedOnce = false;
    const lowest = traced(
      logWith('t', 1, 5),
      reportingHandler(
        (r) => {
          if (r.offset === 1 && !failedOnce) {
            failedOnce = true;
            return true;
          }
          return false;
        },
        again,
        'first',
      ),
      { topics: ['t'], ...PARTIAL_RESPONSES, partialResponseReading: 'resume-from-lowest' },
    );
    await lowest.esm.drain();
    assert.deepEqual(
      again.map((s) => s.offset),
      [0, 1, 2, 3, 4],
    );
  });

  test('item 1, resume-from-lowest: the partition resumes at its lowest reported offset, others commit', async () => {
    const log = logWith('t', 2, 10);
    let failedOnce = false;
    const handler = reportingHandler(
      (r) => {
        if (r.partition === 0 && r.offset === 2 && !failedOnce) {
          failedOnce = true;
          return true;
        }
        return false;
      },
      [],
      'first',
    );
    const { esm, events, reports } = traced(log, handler, {
      topics: ['t'],
      ...PARTIAL_RESPONSES,
      partialResponseReading: 'resume-from-lowest',
    });
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

  test('item 1, both readings: what reaches the DLQ when the handler reports the records it did not run', async () => {
    // A batch of 3 records per partition; v1 is poison; the handler (like the core) reports v1 and
    // v2, which it did not run. retry-reported-only retries both together: they share the retries
    // and reach the DLQ together, v2 without ever running. resume-from-lowest blames v1 alone and
    // delivers v2 again once v1 is in the DLQ. Either way nothing is lost.
    const expected = {
      'retry-reported-only': { dlq: [1, 2], ran: ['v0', 'v3', 'v4', 'v5'] },
      'resume-from-lowest': { dlq: [1], ran: ['v0', 'v2', 'v3', 'v4', 'v5'] },
    };
    for (const reading of ['retry-reported-only', 'resume-from-lowest'] as const) {
      const log = logWith('t', 1, 6);
      log.createTopic('dlq', 1);
      const seen: Seen[] = [];
      const { esm } = traced(
        log,
        reportingHandler((_, v) => v === 'v1', seen),
        {
          topics: ['t'],
          batchSize: 3,
          ...PARTIAL_RESPONSES,
          partialResponseReading: reading,
          maximumRetryAttempts: 2,
          onFailureDestination: 'kafka://dlq',
        },
      );
      await esm.drain();
      assert.deepEqual(
        esm.stats.sentToDestination.map((f) => f.offset),
        expected[reading].dlq,
        reading,
      );
      assert.ok(
        esm.stats.sentToDestination.every((f) => f.approximateInvokeCount === 3),
        `${reading}: first attempt + 2 retries`,
      );
      assert.deepEqual(
        seen.map((s) => s.value),
        expected[reading].ran,
        reading,
      );
      assert.equal(esm.offsetLag, 0, reading);
    }
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
      ...PARTIAL_RESPONSES,
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
        ...PARTIAL_RESPONSES,
      });
      await esm.drain();
      assert.equal(reports[0]!.outcome, 'error', JSON.stringify(bad));
      assert.match(reports[0]!.error!, /invalid batch response/);
      assert.equal(reports.length, 2);
      assert.equal(esm.stats.recordsRetried, 3);
      assert.equal(esm.stats.invalidResponses, 1);
    }
  });

  test('null, {} and an empty list are success', async () => {
    for (const ok of [null, undefined, {}, { batchItemFailures: [] }, { batchItemFailures: null }]) {
      const log = logWith('t', 1, 3);
      const { esm, reports } = traced(log, async () => ok, { topics: ['t'], ...PARTIAL_RESPONSES });
      await esm.drain();
      assert.deepEqual(
        reports.map((r) => r.outcome),
        ['success'],
        JSON.stringify(ok),
      );
    }
  });
});

describe('EventSourceMapping: retries and the Kafka destination', () => {
  test('retries then the DLQ: approximateInvokeCount = 1 + retries, key reused, payload holds that record only', async () => {
    const log = new KafkaLog();
    log.createTopic('t', 1);
    log.createTopic('t-dlq', 1);
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
      {
        topics: ['t'],
        ...PARTIAL_RESPONSES,
        partialResponseReading: 'resume-from-lowest',
        maximumRetryAttempts: 2,
        onFailureDestination: 'kafka://t-dlq',
      },
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
    assert.equal(message.requestContext.condition, 'RetriesExhausted', 'the Kafka-destination page word');
    assert.equal(message.requestContext.approximateInvokeCount, 3);
    assert.equal(
      message.requestContext.functionArn,
      'arn:aws:lambda:us-east-1:000000000000:function:test-fn:$LATEST',
      'item 7: qualified, as in the Kafka-destination example',
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

  test('item 7: exhaustedConditionName picks either word', async () => {
    for (const name of ['RetryAttemptsExhausted', 'RetriesExhausted'] as const) {
      const log = logWith('t', 1, 1);
      log.createTopic('dlq', 1);
      const { esm } = traced(
        log,
        async () => {
          throw new Error('boom');
        },
        {
          topics: ['t'],
          provisionedPollers: {},
          maximumRetryAttempts: 0,
          onFailureDestination: 'kafka://dlq',
          exhaustedConditionName: name,
        },
      );
      await esm.drain();
      assert.equal(JSON.parse(log.all('dlq')[0]!.value!.toString()).requestContext.condition, name);
    }
  });

  test('the DLQ message has every field of the AWS documentation example', async () => {
    const example = JSON.parse(
      readFileSync(new URL('../cli/fixtures/aws-kafka-on-failure-example.json', import.meta.url), 'utf8'),
    );
    const log = logWith('t', 1, 1);
    log.createTopic('dlq', 1);
    const { esm } = traced(
      log,
      async () => {
        throw new Error('boom');
      },
      { topics: ['t'], provisionedPollers: {}, maximumRetryAttempts: 0, onFailureDestination: 'kafka://dlq' },
    );
    await esm.drain();
    const message = JSON.parse(log.all('dlq')[0]!.value!.toString());
    assert.deepEqual(shape(message), shape(example));
    assert.equal(message.responseContext.functionError, 'Unhandled');
  });

  test('infinite retries with a destination stop after 10 retries (kafka-on-failure-destination.html)', async () => {
    const log = logWith('t', 1, 1);
    log.createTopic('dlq', 1);
    const { esm } = traced(
      log,
      async () => {
        throw new Error('always');
      },
      { topics: ['t'], provisionedPollers: {}, onFailureDestination: 'kafka://dlq' },
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
      reportingHandler((_, v) => v === 'v1'),
      { topics: ['t'], ...PARTIAL_RESPONSES, maximumRetryAttempts: 1 },
    );
    await esm.drain();
    assert.equal(esm.stats.discarded.length, 1);
    assert.equal(log.lag(esm.consumerGroup, 't'), 0);
  });

  test('item 4: a Kafka destination that does not exist is not created: records are lost and counted', async () => {
    const log = logWith('t', 1, 3);
    const { esm } = traced(
      log,
      reportingHandler((_, v) => v === 'v2'),
      {
        topics: ['t'],
        ...PARTIAL_RESPONSES,
        maximumRetryAttempts: 0,
        onFailureDestination: 'kafka://missing-dlq',
      },
    );
    await esm.drain();
    assert.equal(log.hasTopic('missing-dlq'), false);
    assert.deepEqual(
      esm.stats.undeliverable.map((f) => f.offset),
      [2],
    );
    assert.equal(esm.stats.destinationDeliveryFailures, 1, 'AWS: DestinationDeliveryFailures');
    assert.equal(esm.stats.sentToDestination.length, 0);
    assert.equal(esm.offsetLag, 0, 'the offsets moved on: the record is lost');
  });

  test('bisect on error isolates the poison record; the rest succeed (split not counted)', async () => {
    const log = logWith('t', 2, 16);
    log.createTopic('dlq', 1);
    const seen: Seen[] = [];
    const { esm } = traced(log, poisonV9(seen), {
      topics: ['t'],
      provisionedPollers: {},
      bisectBatchOnFunctionError: true,
      bisectCountsAsRetry: false,
      maximumRetryAttempts: 1,
      onFailureDestination: 'kafka://dlq',
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

  test('item 7: a split counts as a retry by default, so neighbours of a poison record can run out first', async () => {
    const run = async (bisectCountsAsRetry: boolean | undefined) => {
      const log = logWith('t', 1, 8);
      log.createTopic('dlq', 1);
      const seen: Seen[] = [];
      const { esm } = traced(log, poisonV9(seen, 'v5'), {
        topics: ['t'],
        provisionedPollers: {},
        bisectBatchOnFunctionError: true,
        maximumRetryAttempts: 2,
        onFailureDestination: 'kafka://dlq',
        ...(bisectCountsAsRetry === undefined ? {} : { bisectCountsAsRetry }),
      });
      await esm.drain();
      return { sent: esm.stats.sentToDestination.map((f) => f.offset), seen: seen.length };
    };
    const free = await run(false);
    assert.deepEqual(free.sent, [5], 'splits free: the poison record alone reaches the DLQ');
    assert.equal(free.seen, 7);
    const counted = await run(undefined);
    assert.ok(counted.sent.includes(5));
    assert.ok(counted.sent.length > 1, `splits counted: ${counted.sent} ran out of retries beside it`);
    assert.equal(counted.seen + counted.sent.length, 8, 'nothing lost either way');
  });

  test('without bisect a function error retries the whole batch, and the whole batch lands in the DLQ', async () => {
    const log = logWith('t', 1, 4);
    log.createTopic('dlq', 1);
    const { esm } = traced(
      log,
      async () => {
        throw new Error('bug');
      },
      { topics: ['t'], provisionedPollers: {}, maximumRetryAttempts: 1, onFailureDestination: 'kafka://dlq' },
    );
    await esm.drain();
    assert.equal(esm.stats.invocations, 2);
    assert.equal(log.all('dlq').length, 4);
  });

  test('MaximumRecordAgeInSeconds sends old records to the DLQ without invoking', async () => {
    const log = new KafkaLog();
    log.createTopic('t', 1);
    log.createTopic('dlq', 1);
    log.append('t', { value: 'old', timestamp: Date.now() - 120_000 });
    log.append('t', { value: 'new' });
    const seen: Seen[] = [];
    const { esm } = traced(
      log,
      reportingHandler(() => false, seen),
      {
        topics: ['t'],
        provisionedPollers: {},
        maximumRecordAgeSeconds: 60,
        onFailureDestination: 'kafka://dlq',
      },
    );
    await esm.drain();
    assert.deepEqual(
      seen.map((s) => s.value),
      ['new'],
    );
    assert.equal(esm.stats.sentToDestination[0]!.condition, 'RecordAgeExceeded');
  });

  test('item 2: MaximumRecordAgeInSeconds is checked on every retry, not only at the first poll', async () => {
    const log = new KafkaLog();
    log.createTopic('t', 1);
    log.createTopic('dlq', 1);
    // 59.7 s old when first polled: young enough; past 60 s by the time its retry is due.
    log.append('t', { value: 'ageing', timestamp: Date.now() - 59_700 });
    const { esm, reports } = traced(
      log,
      async () => {
        throw new Error('always fails');
      },
      {
        topics: ['t'],
        provisionedPollers: {},
        maximumRecordAgeSeconds: 60,
        onFailureDestination: 'kafka://dlq',
        retryBackoffMs: () => 200,
      },
    );
    await esm.drain({ maxInvocations: 50 });
    assert.ok(reports.length >= 1 && reports.length < 5, `${reports.length} attempts, then it expired`);
    assert.deepEqual(
      esm.stats.sentToDestination.map((f) => f.condition),
      ['RecordAgeExceeded'],
    );
    assert.equal(esm.stats.recordsExpired, 1);
    assert.equal(esm.offsetLag, 0);
  });

  test('configuration errors name the setting', () => {
    const log = logWith('t', 1, 1);
    const fn = fnOf(async () => ({}));
    assert.throws(
      () => new EventSourceMapping(log, fn, { topics: ['t'], batchSize: 10_001 }),
      /batchSize must be 1..10000/,
    );
    assert.throws(
      () =>
        new EventSourceMapping(log, fn, {
          topics: ['t'],
          provisionedPollers: {},
          onFailureDestination: 'kafka://t',
        }),
      MappingConfigurationError,
    );
    assert.throws(
      () => new EventSourceMapping(log, fn, { topics: ['t'], onFailureDestination: 'dlq' }),
      /onFailureDestination: 'dlq' is neither kafka:\/\/<topic> nor the ARN/,
    );
    assert.throws(
      () =>
        new EventSourceMapping(log, fn, {
          topics: ['t'],
          provisionedPollers: {},
          maximumRecordAgeSeconds: 5,
        }),
      /60..604800/,
    );
    assert.throws(() => new EventSourceMapping(log, fn, { topics: ['missing'] }), /missing does not exist/);
  });
});

describe('EventSourceMapping: SQS, SNS and S3 destinations', () => {
  const queue = 'arn:aws:sqs:us-east-1:000000000000:orders-dlq';
  const topic = 'arn:aws:sns:us-east-1:000000000000:orders-failures';
  const bucket = 'arn:aws:s3:::orders-failed-batches';

  const failingMapping = (destination: string, destinations: LocalDestinations) => {
    const log = logWith('t', 2, 4);
    return traced(
      log,
      async () => {
        throw new Error('bug');
      },
      {
        topics: ['t'],
        provisionedPollers: {},
        maximumRetryAttempts: 1,
        onFailureDestination: destination,
        destinations,
      },
    );
  };

  test('item 7: SQS and SNS get one metadata document per failed batch, in the documented shape', async () => {
    const example = JSON.parse(
      readFileSync(new URL('../cli/fixtures/aws-sqs-on-failure-example.json', import.meta.url), 'utf8'),
    );
    for (const arn of [queue, topic]) {
      const destinations = new LocalDestinations();
      destinations.create(arn);
      const { esm } = failingMapping(arn, destinations);
      await esm.drain();
      const [body, ...more] = destinations.messages(arn);
      assert.equal(more.length, 0, 'the batch of 4 records is one document');
      const document = JSON.parse(body!) as BatchOnFailureRecord;
      assert.deepEqual(shape(document), shape(example));
      assert.equal(
        document.requestContext.condition,
        'RetryAttemptsExhausted',
        'this page says RetryAttemptsExhausted',
      );
      assert.equal(
        document.requestContext.functionArn,
        'arn:aws:lambda:us-east-1:000000000000:function:test-fn',
      );
      assert.equal(document.requestContext.approximateInvokeCount, 2);
      assert.equal(document.KafkaBatchInfo.batchSize, 4);
      assert.deepEqual(document.KafkaBatchInfo.recordsInfo['t-0']!.firstRecordOffset, '0');
      assert.deepEqual(document.KafkaBatchInfo.recordsInfo['t-0']!.lastRecordOffset, '1');
      assert.equal('payload' in document, false);
      assert.equal(esm.stats.sentToDestination.length, 4);
    }
  });

  test('item 7: S3 gets the same document with the whole event as an escaped JSON string, and the DLQ reader reads every record', async () => {
    const destinations = new LocalDestinations();
    destinations.create(bucket);
    const { esm } = failingMapping(bucket, destinations);
    await esm.drain();
    const [object] = destinations.objects(bucket);
    assert.match(object!.key, new RegExp(`^aws/lambda/${esm.uuid}/t-\\d/\\d{4}/\\d{2}/\\d{2}/`));
    const document = JSON.parse(object!.body) as BatchOnFailureRecord;
    assert.equal(typeof document.payload, 'string');
    const event = JSON.parse(document.payload!) as MSKEvent;
    assert.equal(Object.values(event.records).flat().length, 4);
    const { rows, errors } = parseDlqText(destinations.dump(bucket));
    assert.deepEqual(errors, []);
    assert.deepEqual(rows.map((r) => `${r.topic}-${r.partition}@${r.offset}:${r.value}`).sort(), [
      't-0@0:v0',
      't-0@1:v2',
      't-1@0:v1',
      't-1@1:v3',
    ]);
    // SQS: the reader shows the offset ranges (the format has no record content).
    const sqs = new LocalDestinations();
    sqs.create(queue);
    const other = failingMapping(queue, sqs);
    await other.esm.drain();
    const ranges = parseDlqText(sqs.dump(queue)).rows.map((r) => `${r.topic}-${r.partition}@${r.offset}`);
    assert.deepEqual(ranges.sort(), ['t-0@0..1', 't-1@0..1']);
  });

  test('item 4: an SQS queue that does not exist: the batch is lost and counted once', async () => {
    const { esm } = failingMapping(queue, new LocalDestinations());
    await esm.drain();
    assert.equal(esm.stats.destinationDeliveryFailures, 1);
    assert.equal(esm.stats.undeliverable.length, 4);
    assert.equal(esm.offsetLag, 0);
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

/** The keys of a JSON document, recursively, with the types of its leaves (records left out). */
function shape(o: unknown): unknown {
  return o && typeof o === 'object' && !Array.isArray(o)
    ? Object.fromEntries(
        Object.entries(o)
          .filter(([k]) => k !== 'records' && k !== 'recordsInfo')
          .map(([k, v]) => [k, shape(v)])
          .sort(),
      )
    : typeof o;
}

/** A handler that fails the whole invocation when the batch holds `poison`, else runs every record. */
function poisonV9(seen: Seen[], poison = 'v9') {
  return async (event: MSKEvent) => {
    const values = Object.values(event.records)
      .flat()
      .map((r) => Buffer.from(r.value, 'base64').toString());
    if (values.includes(poison)) throw new Error(`poison ${poison}`);
    for (const r of Object.values(event.records).flat())
      seen.push({ ...r, value: Buffer.from(r.value, 'base64').toString() });
    return { batchItemFailures: [] };
  };
}
