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
    assert.deepEqual(
      rows.map(({ record: _, ...row }) => row),
      [
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
          // What the message carries of the failure: responseContext.functionError, and the request.
          failure: 'the invocation failed (functionError Unhandled: threw, timed out or was killed)',
          requestId: 'e4b46cbf-b738-xmpl-8880-a18cdf61200e',
        },
      ],
    );
    assert.equal(rows[0]!.record?.value, 'dGVzdC12YWx1ZQ==', 'the record itself, for decoding and replay');
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
      retryAttempts: 1,
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
    // A record the function reported is not an error text: the row says what happened and where to look.
    assert.equal(poisonRow.failure, 'the function reported it failed (batchItemFailures)');
    assert.match(poisonRow.requestId ?? '', /^[0-9a-f-]{36}$/);
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
    const table = spawnSync(node, ['cli/main.ts', 'dlq', file], { encoding: 'utf8' });
    assert.equal(table.status, 0, table.stderr);
    assert.match(table.stdout, /my-topic\s+0\s+100\s+-\s+RetriesExhausted\s+3\s+test-value/);
    const json = spawnSync(node, ['cli/main.ts', 'dlq', file, '--json'], { encoding: 'utf8' });
    assert.equal(JSON.parse(json.stdout)[0].offset, '100');
    const missing = spawnSync(node, ['cli/main.ts', 'dlq', join(dir, 'nope.json')], { encoding: 'utf8' });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /cannot read/);
  });
});

/** Any character a terminal acts on instead of showing (see cli/terminal-text.ts). */
const RAW_CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
const ESC = '\u001b';
const CSI_C1 = '\u009b';

/** An AWS Kafka on-failure message whose every shown field carries terminal escapes. */
function hostileMessage(): string {
  const message = JSON.parse(fixture('aws-kafka-on-failure-example.json'));
  message.requestContext.condition = `Retries${ESC}[2J${ESC}]0;owned${'\u0007'}Exhausted`;
  const record = message.payload.records['my-topic-0'][0];
  record.topic = `my${CSI_C1}31m-topic\rX`;
  record.offset = `100${ESC}[1A`;
  record.partition = 0;
  // The Event-Id header a producer sets: OSC 8 hyperlink, a C1 CSI (two UTF-8 bytes) and a bidi override.
  const eventId = `01J${ESC}]8;;http://evil.example${ESC}\\${CSI_C1}0m\u202eDI`;
  record.headers = [{ 'Event-Id': [...Buffer.from(eventId, 'utf8')] }];
  // Valid UTF-8 with a C1 control: not "binary" by the value column's own C0 check.
  record.value = Buffer.from(`{"note":"a${CSI_C1}2Jb"}`, 'utf8').toString('base64');
  return JSON.stringify({
    topic: 'dlq',
    headers: { 'x-emulator-last-error': `boom\r${ESC}[32mall good` },
    value: JSON.stringify(message),
  });
}

describe('DLQ triage of hostile and large files', () => {
  test('terminal escapes in any column are shown escaped, never raw (table, --json, errors)', () => {
    const { rows } = parseDlqText(hostileMessage());
    assert.equal(rows.length, 1);
    const table = formatDlqTable(rows);
    assert.doesNotMatch(table, RAW_CONTROL);
    for (const shown of ['\\x1b]8;;http://evil.example', '\\x9b31m', '\\x0dX', '100\\x1b[1A', '\\x9b2Jb']) {
      assert.ok(table.includes(shown), `the table shows ${shown} as text:\n${table}`);
    }
    assert.ok(table.includes('\\u202e'), 'the bidi override is shown as text');
    assert.ok(table.includes('Retries\\x1b[2J\\x1b]0;owned\\x07Exhausted'));
    assert.ok(table.includes('boom\\x0d\\x1b[32mall good'));

    const dir = mkdtempSync(join(tmpdir(), 'dlq-hostile-'));
    const file = join(dir, 'dlq.jsonl');
    // Plus a line that is not JSON: the parse error quotes it.
    writeFileSync(file, `${hostileMessage()}\n{"bad": ${ESC}[5m${CSI_C1}}\n`);
    const cli = spawnSync(process.execPath, ['cli/main.ts', 'dlq', file], { encoding: 'utf8' });
    assert.equal(cli.status, 1, 'one entry was skipped');
    assert.doesNotMatch(cli.stdout, RAW_CONTROL);
    assert.doesNotMatch(cli.stderr, RAW_CONTROL);
    assert.match(cli.stderr, /skipped line 2/);
    const json = spawnSync(process.execPath, ['cli/main.ts', 'dlq', file, '--json'], { encoding: 'utf8' });
    assert.doesNotMatch(json.stdout, RAW_CONTROL);
    assert.deepEqual(
      JSON.parse(json.stdout),
      rows.map(({ record: _, ...row }) => row),
      '--json keeps the exact values, escaped as JSON (the raw record left out)',
    );
  });

  test('a file of 200,000 failed records makes a table (no spread of every row into one call)', () => {
    const message = JSON.parse(fixture('aws-kafka-on-failure-example.json'));
    const template = message.payload.records['my-topic-0'][0];
    message.payload.records['my-topic-0'] = Array.from({ length: 200_000 }, (_, i) => ({
      ...template,
      offset: i,
    }));
    const { rows, errors } = parseDlqText(JSON.stringify(message));
    assert.deepEqual(errors, []);
    assert.equal(rows.length, 200_000);
    const table = formatDlqTable(rows);
    const lines = table.split('\n');
    assert.equal(lines.length, 200_002);
    assert.match(lines.at(-1)!, /^my-topic\s+0\s+199999\s/);
  });
});
