import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { dumpTopic, formatDlqTable, parseDlqText } from '../../cli/dlq-reader.ts';
import { EventProducer, EventSourceMapping, KafkaLog, LocalDestinations } from '../../emulator/index.ts';
import { fnOf, reportingHandler } from '../emulator/helpers.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('DLQ triage', () => {
  test("reads AWS's Kafka-destination documentation example", () => {
    const { rows, errors } = parseDlqText(fixture('aws-kafka-on-failure-example.json'));
    assert.deepEqual(errors, []);
    assert.deepEqual(rows, [
      {
        topic: 'my-topic',
        partition: 0,
        offset: '100',
        eventId: null,
        condition: 'RetriesExhausted',
        approximateInvokeCount: 3,
        value: 'test-value',
        lastError: null,
        timestamp: new Date(1749116692330).toISOString(),
      },
    ]);
  });

  test("reads AWS's SQS/SNS example (a batch summary: offset ranges, no values)", () => {
    const { rows } = parseDlqText(fixture('aws-sqs-on-failure-example.json'));
    assert.deepEqual(
      rows.map((r) => [r.topic, r.partition, r.condition, r.value]),
      [
        ['Topic', 0, 'RetryAttemptsExhausted', null],
        ['Topic', 1, 'RetryAttemptsExhausted', null],
      ],
    );
    assert.match(rows[0]!.offset, /^\d+\.\.\d+$/);
  });

  test('reads a dump of the emulator DLQ topic: event id, value, reason; bad lines are named, not fatal', async () => {
    const log = new KafkaLog();
    log.createTopic('reviews', 2);
    log.createTopic('reviews-dlq', 1);
    const producer = new EventProducer(log);
    const poison = producer.send({ topic: 'reviews', key: 'r-2', payload: { stars: 'five' } });
    producer.send({ topic: 'reviews', key: 'r-1', payload: { stars: 5 } });
    log.append('reviews', { key: 'bin', value: Buffer.from([0, 1, 2, 255]), partition: 0 });
    const fn = fnOf(reportingHandler((_, v) => v === null || !v.startsWith('{"stars":5')));
    const esm = new EventSourceMapping(log, fn, {
      topics: ['reviews'],
      provisionedPollers: {},
      functionResponseTypes: ['ReportBatchItemFailures'],
      // The poison records alone reach the DLQ (under retry-reported-only the records behind them
      // in their batch would share their retries and join them there).
      partialResponseReading: 'resume-from-lowest',
      maximumRetryAttempts: 1,
      onFailureDestination: 'kafka://reviews-dlq',
    });
    await esm.drain();
    const dump = `${dumpTopic(log, 'reviews-dlq')}not json\n{"value": 42}\n`;
    const { rows, errors } = parseDlqText(dump);
    assert.equal(rows.length, 2);
    const poisonRow = rows.find((r) => r.eventId === poison.event.eventId)!;
    assert.equal(poisonRow.value, '{"stars":"five"}');
    assert.equal(poisonRow.condition, 'RetriesExhausted', 'the Kafka-destination page spelling');
    assert.equal(poisonRow.approximateInvokeCount, 2);
    assert.equal(poisonRow.lastError, 'reported in batchItemFailures');
    assert.ok(rows.some((r) => r.value === '<4 bytes binary>' && r.eventId === null));
    assert.deepEqual(
      errors.map((e) => e.message.split(':')[0]),
      ['line 3', 'line 4'],
    );
    const table = formatDlqTable(rows);
    assert.match(table, /topic\s+partition\s+offset\s+event id\s+condition\s+invokes\s+value/);
    assert.match(table, new RegExp(poison.event.eventId));
  });

  test('reads what the SNS, SQS and S3 destinations received, as delivered and as received', async () => {
    const sns = 'arn:aws:sns:us-east-1:000000000000:reviews-failures';
    const s3 = 'arn:aws:s3:::reviews-failed-batches';
    const received: Record<string, string> = {};
    for (const arn of [sns, s3]) {
      const log = new KafkaLog();
      log.createTopic('reviews', 1);
      new EventProducer(log).send({ topic: 'reviews', key: 'r-1', payload: { stars: 'five' } });
      const destinations = new LocalDestinations();
      destinations.create(arn);
      const esm = new EventSourceMapping(
        log,
        fnOf(async () => Promise.reject(new Error('bug'))),
        {
          topics: ['reviews'],
          provisionedPollers: {},
          maximumRetryAttempts: 0,
          maximumBatchingWindowInSeconds: 0,
          onFailureDestination: arn,
          destinations,
        },
      );
      await esm.drain();
      received[arn] = destinations.dump(arn);
    }
    // S3: the whole event rides along, so the reader shows each record with its value.
    const [fromS3] = parseDlqText(received[s3]!).rows;
    assert.equal(fromS3!.value, '{"stars":"five"}');
    assert.equal(fromS3!.offset, '0');
    assert.equal(fromS3!.condition, 'RetryAttemptsExhausted');
    assert.match(fromS3!.eventId!, /^[0-9A-Z]{26}$/);
    // SNS: metadata only, as published, inside an SNS notification, and as an SQS subscriber's receive-message.
    const document = received[sns]!.trim();
    const notification = JSON.stringify({ Type: 'Notification', TopicArn: sns, Message: document });
    const receiveMessage = JSON.stringify({ Messages: [{ MessageId: 'm-1', Body: notification }] });
    for (const text of [document, notification, receiveMessage]) {
      const { rows, errors } = parseDlqText(text);
      assert.deepEqual(errors, []);
      assert.deepEqual(
        rows.map((r) => [r.topic, r.partition, r.offset, r.value, r.approximateInvokeCount]),
        [['reviews', 0, '0..0', null, 1]],
      );
    }
  });

  test('reads kcat -J lines (payload as text, headers as a flat list)', () => {
    const message = fixture('aws-kafka-on-failure-example.json');
    const line = JSON.stringify({
      topic: 'dlq',
      partition: 0,
      offset: 7,
      headers: ['x-emulator-last-error', 'boom'],
      payload: message,
    });
    const { rows } = parseDlqText(line);
    assert.equal(rows[0]!.lastError, 'boom');
    assert.equal(rows[0]!.value, 'test-value');
  });

  test('npm run dlq prints the table, --json prints rows, a missing file is a usage error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dlq-'));
    const file = join(dir, 'dlq.json');
    writeFileSync(file, fixture('aws-kafka-on-failure-example.json'));
    const node = process.execPath;
    const table = spawnSync(node, ['cli/dlq.ts', file], { encoding: 'utf8' });
    assert.equal(table.status, 0, table.stderr);
    assert.match(table.stdout, /my-topic\s+0\s+100\s+-\s+RetriesExhausted\s+3\s+test-value/);
    const json = spawnSync(node, ['cli/dlq.ts', file, '--json'], { encoding: 'utf8' });
    assert.equal(JSON.parse(json.stdout)[0].offset, '100');
    const missing = spawnSync(node, ['cli/dlq.ts', join(dir, 'nope.json')], { encoding: 'utf8' });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /cannot read/);
  });
});
