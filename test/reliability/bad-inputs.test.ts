/**
 * A corpus of bad inputs through the emulator and a real msk-once consumer: each gives a clear
 * error naming the record and ends retried and then in the DLQ; none fails the rest of the batch.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { MSKEvent } from 'aws-lambda';
import { dumpTopic, parseDlqText } from '../../cli/dlq-reader.ts';
import { EventProducer, EventSourceMapping, type InvocationReport, KafkaLog } from '../../emulator/index.ts';
import { EVENT_ID_HEADER, MemoryDedupStore } from '../../lib/index.ts';
import { type JsonLine, type OutputCapture, startProcessOutputCapture } from '../../testkit/index.ts';
import { testConsumer } from './support.ts';

let capture: OutputCapture;
before(() => {
  capture = startProcessOutputCapture();
});
after(() => capture.stop());

interface Case {
  name: string;
  /** Append the bad record (partition 0) and return its offset. */
  append(log: KafkaLog, producer: EventProducer): number;
  /** A fragment of the error the consumer must log for it; null when the record is acceptable. */
  error: RegExp | null;
  mutate?: (event: MSKEvent, offset: number) => MSKEvent;
}

const ulidLike = () => new EventProducer(new KafkaLog()).create({ topic: 'x', payload: null }).eventId;

const cases: Case[] = [
  {
    name: 'malformed base64 value (a corrupted event)',
    append: (_, p) => p.send({ topic: 't', key: 'a', payload: { ok: true } }).record.offset,
    error: /value is not valid base64/,
    mutate: (event, offset) => {
      for (const r of event.records['t-0'] ?? []) if (r.offset === offset) r.value = '!!not*base64!!';
      return event;
    },
  },
  {
    name: 'an Event-Id that is not a ULID',
    append: (log) =>
      log.append('t', {
        partition: 0,
        value: '{}',
        headers: [{ name: EVENT_ID_HEADER, value: Buffer.from('order-42') }],
      }).offset,
    error: /Event-Id 'order-42' is not a ULID/,
  },
  {
    name: 'a binary Event-Id',
    append: (log) =>
      log.append('t', {
        partition: 0,
        value: '{}',
        headers: [{ name: EVENT_ID_HEADER, value: Buffer.from([0xff, 0x00, 0xfe]) }],
      }).offset,
    error: /is not a ULID/,
  },
  {
    name: 'no Event-Id header',
    append: (log) => log.append('t', { partition: 0, value: '{}' }).offset,
    error: /no Event-Id header/,
  },
  {
    name: 'a value that is not JSON',
    append: (log) =>
      log.append('t', {
        partition: 0,
        value: 'not json {',
        headers: [{ name: EVENT_ID_HEADER, value: Buffer.from(ulidLike()) }],
      }).offset,
    error: /value rejected by parse/,
  },
  {
    name: 'a 20 KB header',
    append: (log) =>
      log.append('t', {
        partition: 0,
        value: '{}',
        headers: [
          { name: EVENT_ID_HEADER, value: Buffer.from(ulidLike()) },
          { name: 'trace', value: Buffer.alloc(20_000, 0x61) },
        ],
      }).offset,
    error: /header trace is 20000 bytes, over the 16384-byte limit/,
  },
  {
    name: 'a binary (non-envelope) header is accepted',
    append: (log) =>
      log.append('t', {
        partition: 0,
        value: '{}',
        headers: [
          { name: EVENT_ID_HEADER, value: Buffer.from(ulidLike()) },
          { name: 'bin', value: Buffer.from([0, 1, 2, 0xff]) },
        ],
      }).offset,
    error: null,
  },
  {
    name: 'a tombstone is handed over with a null payload',
    append: (log) =>
      log.append('t', {
        partition: 0,
        value: null,
        headers: [{ name: EVENT_ID_HEADER, value: Buffer.from(ulidLike()) }],
      }).offset,
    error: null,
  },
];

function errorLines(lines: JsonLine[], offset: number): string[] {
  return lines
    .filter((l) => l.level === 'ERROR' && l.partition === 0 && l.offset === offset && l.topic === 't')
    .map((l) => JSON.stringify(l.error ?? l.message));
}

describe('bad inputs', () => {
  for (const c of cases) {
    test(c.name, async () => {
      const log = new KafkaLog();
      log.createTopic('t', 2);
      log.createTopic('t-dlq', 1);
      const producer = new EventProducer(log);
      producer.send({ topic: 't', key: 'before', payload: { n: 1 } });
      const good = [0, 1].map((p) =>
        log.append('t', {
          partition: p,
          value: '{"n":2}',
          headers: [{ name: EVENT_ID_HEADER, value: Buffer.from(ulidLike()) }],
        }),
      );
      const bad = c.append(log, producer);
      const tail = log.append('t', {
        partition: 0,
        value: '{"n":3}',
        headers: [{ name: EVENT_ID_HEADER, value: Buffer.from(ulidLike()) }],
      });
      const { fn, runs } = testConsumer({ service: 'corpus', store: new MemoryDedupStore({ quiet: true }) });
      const reports: InvocationReport[] = [];
      const from = capture.lines().length;
      const esm = new EventSourceMapping(log, fn, {
        topics: ['t'],
        provisionedPollers: {},
        functionResponseTypes: ['ReportBatchItemFailures'],
        // The bad record alone reaches the DLQ and the record behind it runs (under the other
        // reading it would join the bad one there: test/core/stopped-partition.test.ts).
        partialResponseReading: 'resume-from-lowest',
        maximumRetryAttempts: 2,
        maximumBatchingWindowInSeconds: 0,
        onFailureDestination: 'kafka://t-dlq',
        onInvocation: (r) => reports.push(r),
        ...(c.mutate ? { mutateEvent: (e: MSKEvent) => c.mutate!(e, bad) } : {}),
      });
      await esm.drain();
      assert.ok(
        reports.every((r) => r.outcome !== 'error'),
        `no invocation failed as a whole: ${JSON.stringify(reports)}`,
      );
      const ran = new Set(runs.map((r) => `${r.partition}@${r.offset}`));
      for (const r of [...good, tail])
        assert.ok(ran.has(`${r.partition}@${r.offset}`), `good record ${r.partition}@${r.offset} ran`);
      const dlq = parseDlqText(dumpTopic(log, 't-dlq')).rows;
      if (c.error) {
        assert.deepEqual(
          dlq.map((r) => `${r.partition}@${r.offset}:${r.approximateInvokeCount}`),
          [`0@${bad}:3`],
          'the bad record is retried twice, then in the DLQ',
        );
        const errors = errorLines(capture.lines().slice(from), bad);
        assert.ok(errors.length >= 1, 'the consumer logged an error for it');
        assert.match(errors[0]!, c.error);
        assert.match(errors[0]!, new RegExp(`record t-0@${bad}`));
      } else {
        assert.equal(dlq.length, 0);
        assert.ok(ran.has(`0@${bad}`));
      }
      assert.equal(log.lag(esm.consumerGroup, 't'), 0);
    });
  }

  test('a record over the 6 MB payload limit goes to the DLQ without an invocation; the rest run', async () => {
    const log = new KafkaLog();
    log.createTopic('t', 1);
    log.createTopic('t-dlq', 1);
    const producer = new EventProducer(log);
    producer.send({ topic: 't', payload: { n: 1 } });
    const huge = producer.send({ topic: 't', payload: { blob: 'x'.repeat(5 * 1024 * 1024) } });
    producer.send({ topic: 't', payload: { n: 3 } });
    const { fn, runs } = testConsumer({ service: 'corpus', store: new MemoryDedupStore({ quiet: true }) });
    const esm = new EventSourceMapping(log, fn, {
      topics: ['t'],
      provisionedPollers: {},
      functionResponseTypes: ['ReportBatchItemFailures'],
      onFailureDestination: 'kafka://t-dlq',
    });
    await esm.drain();
    assert.deepEqual(
      runs.map((r) => r.offset),
      [0, 2],
    );
    const [row] = parseDlqText(dumpTopic(log, 't-dlq')).rows;
    assert.equal(row!.condition, 'MaximumPayloadSizeExceeded');
    assert.equal(row!.eventId, huge.event.eventId);
    assert.match(row!.lastError!, /over the 6291456-byte payload limit/);
  });

  test('a 10,000-record batch is one invocation and every record runs once', async () => {
    const log = new KafkaLog();
    log.createTopic('t', 4);
    const producer = new EventProducer(log);
    for (let i = 0; i < 10_000; i++) producer.send({ topic: 't', key: `k${i}`, payload: { i } });
    const { fn, runs } = testConsumer({
      service: 'corpus',
      store: new MemoryDedupStore({ quiet: true }),
      timeoutMs: 60_000,
    });
    const esm = new EventSourceMapping(log, fn, { topics: ['t'], batchSize: 10_000 });
    await esm.drain();
    assert.equal(esm.stats.invocations, 1);
    assert.equal(new Set(runs.map((r) => r.eventId)).size, 10_000);
    assert.equal(runs.length, 10_000);
  });
});
