/**
 * `msk-once dlq` decoding Avro values of a real DLQ (the emulator's mapping, a handler that
 * rejects an order, values framed for a local Confluent registry over HTTP), how each record last
 * failed, `msk-once replay` for kcat and the console producer, and a replay through the emulator
 * (`msk-once local --replay-dlq`) that runs nothing twice.
 */
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { MSKEvent } from 'aws-lambda';
import { dumpTopic, parseDlqText } from '../../cli/dlq-reader.ts';
import { consoleProducerLines, ReplayError, replayRecords } from '../../cli/dlq-replay.ts';
import { EventSourceMapping, KafkaLog } from '../../emulator/index.ts';
import { PROJECT_ROOT } from '../../infra/build-app.ts';
import { partitionId } from '../../lib/contract.ts';
import {
  type LocalConfluentRegistry,
  SchemaProducer,
  startLocalConfluentRegistry,
  startLocalGlueRegistry,
} from '../../testkit/index.ts';
import { fnOf } from '../emulator/helpers.ts';
import { redisUrl } from '../support/redis.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'msk-once-dlq-replay-'));
const SCHEMA = path.join(PROJECT_ROOT, 'test/cli/fixtures/order-paid.avsc');
const schema = readFileSync(SCHEMA, 'utf8');
let registry: LocalConfluentRegistry;
let dlqFile: string;
let output: string;

/** Run the CLI from a child process that does not block this one (the registry answers from here). */
function cli(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return cliWith({}, ...args);
}

function cliWith(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=msk-once-source', 'cli/main.ts', ...args],
      { cwd: PROJECT_ROOT, env: { ...process.env, REDIS_URL: redisUrl(), ...env }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ status: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

before(async () => {
  registry = await startLocalConfluentRegistry();
  // A real mapping: the order of a negative amount is reported failed, one order's invocation throws.
  const log = new KafkaLog();
  log.createTopic('order-paid', 1);
  log.createTopic('order-paid-dlq', 1);
  const producer = new SchemaProducer(log, { confluent: registry });
  for (const [i, amountCents] of [100, -5, 300].entries())
    producer.send({
      topic: 'order-paid',
      key: `order-${i}`,
      payload: { orderId: `o-${i}`, amountCents },
      schema: { format: 'avro', schema },
    });
  const fn = fnOf(async (event: MSKEvent) => {
    const records = event.records[partitionId('order-paid', 0)] ?? [];
    // o-1 (offset 1) is reported; a batch holding only offset 2 throws (after the split).
    if (records.length === 1 && records[0]!.offset === 2) throw new Error('boom');
    return {
      batchItemFailures: records
        .filter((r) => r.offset >= 1)
        .map((r) => ({
          itemIdentifier: { partition: partitionId('order-paid', 0), offset: r.offset },
        })),
    };
  });
  const esm = new EventSourceMapping(log, fn, {
    topics: ['order-paid'],
    provisionedPollers: {},
    functionResponseTypes: ['ReportBatchItemFailures'],
    partialResponseReading: 'resume-from-lowest',
    bisectBatchOnFunctionError: true,
    retryAttempts: 1,
    onFailureDestination: 'kafka://order-paid-dlq',
  });
  await esm.drain();
  dlqFile = path.join(dir, 'dlq.jsonl');
  writeFileSync(dlqFile, dumpTopic(log, 'order-paid-dlq'));
  output = path.join(dir, 'run.jsonl');
  writeFileSync(
    output,
    `${JSON.stringify({ level: 'ERROR', message: 'record failed', topic: 'order-paid', partition: 0, offset: 1, error: { message: 'order o-1: negative amount' } })}\n`,
  );
});
after(async () => {
  await registry.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('msk-once dlq with the values format', () => {
  test('an Avro DLQ dump without --format: binary; with a schema file or the registry URL: the fields', async () => {
    const raw = await cli('dlq', dlqFile);
    assert.equal(raw.status, 0, raw.stderr);
    assert.match(raw.stdout, /<\d+ bytes binary>/);
    for (const source of [SCHEMA, registry.url]) {
      const r = await cli('dlq', dlqFile, '--format', 'avro', '--schema', source, '--json');
      assert.equal(r.status, 0, r.stderr);
      const rows = JSON.parse(r.stdout) as { value: string; offset: string }[];
      assert.deepEqual(
        rows.map((row) => [row.offset, JSON.parse(row.value)]),
        [
          ['1', { orderId: 'o-1', amountCents: -5 }],
          ['2', { orderId: 'o-2', amountCents: 300 }],
        ],
        `decoded with ${source}`,
      );
    }
  });

  test('Glue-framed values with the Glue registry ARN: writer schemas by schema version id (the SDK at a local Glue)', async () => {
    const glue = await startLocalGlueRegistry();
    try {
      const log = new KafkaLog();
      log.createTopic('order-paid', 1);
      log.createTopic('order-paid-dlq', 1);
      new SchemaProducer(log, { glue }).send({
        topic: 'order-paid',
        payload: { orderId: 'o-9', amountCents: 9 },
        schema: { format: 'avro', schema },
      });
      const fn = fnOf(async () => {
        throw new Error('boom');
      });
      await new EventSourceMapping(log, fn, {
        topics: ['order-paid'],
        provisionedPollers: {},
        retryAttempts: 0,
        onFailureDestination: 'kafka://order-paid-dlq',
      }).drain();
      const file = path.join(dir, 'glue-dlq.jsonl');
      writeFileSync(file, dumpTopic(log, 'order-paid-dlq'));
      const r = await cliWith(
        {
          AWS_ENDPOINT_URL_GLUE: glue.endpoint,
          AWS_REGION: 'us-east-1',
          AWS_ACCESS_KEY_ID: 'local',
          AWS_SECRET_ACCESS_KEY: 'local',
        },
        'dlq',
        file,
        '--format',
        'avro',
        '--schema',
        glue.registryArn,
        '--json',
      );
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(JSON.parse((JSON.parse(r.stdout) as { value: string }[])[0]!.value), {
        orderId: 'o-9',
        amountCents: 9,
      });
      assert.ok(glue.lookups() >= 1, 'the writer schema came from the Glue registry');
    } finally {
      await glue.stop();
    }
  });

  test('a value that does not decode says why; a format without a schema is a usage error', async () => {
    const other = path.join(dir, 'other.avsc');
    writeFileSync(
      other,
      JSON.stringify({ type: 'record', name: 'X', fields: [{ name: 'x', type: 'boolean' }] }),
    );
    const r = await cli('dlq', dlqFile, '--format', 'avro', '--schema', other);
    assert.match(r.stdout, /<cannot decode as avro: /);
    const usage = await cli('dlq', dlqFile, '--format', 'avro');
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /--format avro needs --schema/);
  });

  test('how each record last failed: reported in the answer, or the invocation failed; the error from --logs', async () => {
    const r = await cli('dlq', dlqFile, '--json');
    const rows = JSON.parse(r.stdout) as { offset: string; failure: string; requestId: string }[];
    assert.equal(rows[0]!.failure, 'the function reported it failed (batchItemFailures)');
    // The emulator's header carries the thrown error (AWS's message would say functionError only:
    // test/cli/dlq-reader.test.ts reads AWS's example).
    assert.equal(rows[1]!.failure, 'Error: boom');
    for (const row of rows) assert.match(row.requestId, /^[0-9a-f-]{36}$/);
    const table = await cli('dlq', dlqFile);
    assert.match(table.stdout, /AWS's on-failure records carry no error text/);
    assert.doesNotMatch(table.stdout, /reported in batchItemFailures/);
    const logs = await cli('dlq', dlqFile, '--logs', output, '--json');
    assert.equal(
      (JSON.parse(logs.stdout) as { failure: string }[])[0]!.failure,
      'order o-1: negative amount',
    );
  });
});

describe('msk-once replay', () => {
  test('kcat: one kcat -P per record with its key, every header and the value bytes as they were', async () => {
    const out = path.join(dir, 'kcat');
    const r = await cli('replay', dlqFile, '--for', 'kcat', '--out', out);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /2 record\(s\) written to .*replay\.sh; produce them with:\n {2}BROKERS=<bootstrap servers> sh/,
    );
    // No Kafka broker runs here: a stand-in kcat records the arguments and the bytes it was given.
    const bin = path.join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    const calls = path.join(dir, 'calls.txt');
    writeFileSync(
      path.join(bin, 'kcat'),
      `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> ${calls}; done\nfor a in "$@"; do last=$a; done\nbase64 -w0 "$last" >> ${calls}; echo >> ${calls}; echo --- >> ${calls}\n`,
    );
    chmodSync(path.join(bin, 'kcat'), 0o755);
    const run = spawnSync('sh', [path.join(out, 'replay.sh'), '-X', 'security.protocol=SSL'], {
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, BROKERS: 'b-1:9098' },
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    const invocations = readFileSync(calls, 'utf8').split('---\n').filter(Boolean);
    const rows = parseDlqText(readFileSync(dlqFile, 'utf8')).rows;
    assert.equal(invocations.length, 2);
    for (const [i, call] of invocations.entries()) {
      const args = call.trim().split('\n');
      const record = rows[i]!.record!;
      assert.deepEqual(args.slice(0, 6), ['-P', '-b', 'b-1:9098', '-t', 'order-paid', '-k']);
      assert.equal(args[6], Buffer.from(record.key, 'base64').toString());
      assert.ok(args.includes(`Event-Id=${rows[i]!.eventId}`), 'the Event-Id header goes with it');
      assert.ok(args.includes('security.protocol=SSL'), "the script's own options are passed on");
      assert.equal(args.at(-1), record.value, 'the value file holds the exact bytes');
    }
  });

  test('the console producer: JSON values as tab-separated lines; an Avro value is refused, naming the record', async () => {
    const r = await cli(
      'replay',
      dlqFile,
      '--for',
      'kafka-console-producer',
      '--out',
      path.join(dir, 'r.tsv'),
    );
    assert.equal(r.status, 1);
    assert.match(r.stderr, /order-paid-0@1: the value is binary .* use --for kcat/);
    const records = replayRecords(parseDlqText(readFileSync(dlqFile, 'utf8')).rows).map((rec) => ({
      ...rec,
      value: Buffer.from('{"orderId":"o-1"}'),
    }));
    const lines = consoleProducerLines(records).trim().split('\n');
    assert.equal(lines.length, 2);
    const [headers, key, value] = lines[0]!.split('\t');
    assert.match(headers!, /^Event-Id:[0-9A-Z]{26},Correlation-Id:[0-9A-Z]{26}$/);
    assert.equal(key, 'order-1');
    assert.equal(value, '{"orderId":"o-1"}');
    assert.throws(() => consoleProducerLines([{ ...records[0]!, value: null }]), ReplayError);
  });
});

describe('a replay through the emulator (msk-once local --replay-dlq)', () => {
  test('the good events behind the poison order run once, copies that had run are skipped, nothing runs twice', async () => {
    const payloads = path.join(dir, 'orders.jsonl');
    writeFileSync(
      payloads,
      Array.from({ length: 8 }, (_, i) => JSON.stringify({ orderId: `o-${i}`, amountCents: 100 + i })).join(
        '\n',
      ),
    );
    const poison = path.join(dir, 'poison.jsonl');
    writeFileSync(poison, `${JSON.stringify({ orderId: 'o-bad', amountCents: -5 })}\n`);
    const r = await cli(
      'local',
      '--handler',
      'test/cli/fixtures/avro-handler.ts',
      '--payloads',
      payloads,
      '--poison-payloads',
      poison,
      '--format',
      'avro',
      '--schema',
      SCHEMA,
      '--partitions',
      '1',
      '--batch-size',
      '10',
      '--crash-after',
      '0',
      '--no-redis-outage',
      '--duplicate-rate',
      '0.5',
      // Partition order: the good events stand behind the poison one (key order holds back none).
      '--ordering',
      'partition',
      '--replay-dlq',
    );
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    const replayed = Number(/DLQ replayed\s+(\d+)/.exec(r.stdout)?.[1]);
    const ran = Number(/(\d+) took effect/.exec(r.stdout)?.[1]);
    assert.match(r.stdout, /poison records left in the DLQ: [1-9]/);
    assert.ok(replayed >= 1, `the events behind the poison order were replayed:\n${r.stdout}`);
    assert.ok(ran >= 1, `the good events behind the poison took effect in the replay:\n${r.stdout}`);
    assert.match(
      r.stdout,
      /effects that happened\s+8\s.*8 had exactly one/,
      'each good event once, replay included',
    );
    assert.doesNotMatch(r.stdout, /FAILED/);
  });
});
