/**
 * `msk-once local` in the handler's record format: Avro values built from JSON payloads and a
 * schema (a file, or a Confluent-compatible registry over HTTP), framed in the Confluent or Glue
 * wire format and registered in the test kit's local registry, which the handler reads through
 * KAFKA_SCHEMA_REGISTRY_URI; the verdict counts effects against good events (exit 1 when the
 * handler failed good ones) and says which Redis it uses when REDIS_URL is unset.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { schemaSpecOf } from '../../cli/local/record-format.ts';
import { PROJECT_ROOT } from '../../infra/build-app.ts';
import { startLocalConfluentRegistry } from '../../testkit/index.ts';
import { runLocal } from '../support/local-cli.ts';
import { redisUrl } from '../support/redis.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'msk-once-local-formats-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const SCHEMA = path.join(PROJECT_ROOT, 'test/cli/fixtures/order-paid.avsc');
const HANDLER = 'test/cli/fixtures/avro-handler.ts';
const payloads = path.join(dir, 'orders.jsonl');
writeFileSync(
  payloads,
  Array.from({ length: 12 }, (_, i) => JSON.stringify({ orderId: `o-${i}`, amountCents: 100 + i })).join(
    '\n',
  ),
);
const poison = path.join(dir, 'poison.jsonl');
writeFileSync(poison, `${JSON.stringify({ orderId: 'o-bad', amountCents: -5 })}\n`);

function local(handler: string, options: string[], env?: NodeJS.ProcessEnv) {
  return runLocal(handler, payloads, options, { batchSize: 4, env });
}

const QUIET = ['--crash-after', '0', '--no-redis-outage'];

describe('msk-once local with Avro values', () => {
  test('an Avro consumer, schema file, Confluent wire: exit 0, every good event once, the poison order in the DLQ as meant', () => {
    const dlq = path.join(dir, 'dlq.jsonl');
    const { status, out } = local(HANDLER, [
      '--format',
      'avro',
      '--schema',
      SCHEMA,
      '--poison-payloads',
      poison,
      '--dlq-file',
      dlq,
      // The records behind the poison order come again and run (the default reading sends them to
      // the DLQ with it: test/demo/summary.test.ts).
      '--reading',
      'resume-from-lowest',
      ...QUIET,
    ]);
    assert.equal(status, 0, out);
    assert.match(
      out,
      /values Avro in the Confluent wire format \(schema id \d+, local Confluent registry http:\/\/127\.0\.0\.1:\d+\)/,
    );
    assert.match(
      out,
      /effects that happened\s+12\s+\(records your handle\(\) completed; 12 expected, one per good event: 12 had exactly one; 1 poison/,
    );
    assert.match(out, /1 x RetriesExhausted: order o-bad: negative amount/);
    assert.match(out, /1 of them are the poison events, as meant/);
    // No good record in the DLQ: nothing stood behind the poison order, nothing failed.
    assert.match(out, /good records in the DLQ 0 {2}\(not poison\)/);
    assert.doesNotMatch(out, /good event\(s\) (stood behind|whose claim|the handler failed)/);
    assert.doesNotMatch(out, /the crash made the mapping redeliver/, 'no crash was injected');
    assert.match(out, /OK: every event had its effect exactly once/);
    // The DLQ holds the Avro bytes as the producer framed them (magic byte 0, then the schema id).
    const row = JSON.parse(readFileSync(dlq, 'utf8').trim().split('\n')[0]!);
    const record = Object.values(
      JSON.parse(row.value).payload.records as Record<string, { value: string }[]>,
    )[0]![0]!;
    assert.equal(Buffer.from(record.value, 'base64')[0], 0);
  });

  test('a consumer that reads JSON fed Avro values: exit 1, no effect, the failures named (not OK)', () => {
    const { status, out } = local(`${HANDLER}#readsJson`, [
      '--format',
      'avro',
      '--schema',
      SCHEMA,
      '--batch-size',
      '20',
      ...QUIET,
    ]);
    assert.equal(status, 1, out);
    assert.match(out, /effects that happened\s+0/);
    assert.match(
      out,
      /FAILED: 12 good event\(s\) did not take effect: the handler failed them and they are in the DLQ/,
    );
    assert.match(out, /at events-\d@\d+: value rejected by parse/);
    assert.doesNotMatch(out, /OK:/);
  });

  test('the schema from a registry URL (the latest <topic>-value), Glue wire format: exit 0', async () => {
    const registry = await startLocalConfluentRegistry({ auth: { username: 'team', password: 's3cret-pw' } });
    try {
      registry.register('events-value', readFileSync(SCHEMA, 'utf8'));
      const url = new URL(registry.url);
      url.username = 'team';
      url.password = 's3cret-pw';
      // spawnSync would block this process's registry: run it from a child of its own.
      const { status, out } = await new Promise<{ status: number | null; out: string }>((resolve) => {
        import('node:child_process').then(({ execFile }) => {
          execFile(
            process.execPath,
            [
              '--conditions=msk-once-source',
              'cli/main.ts',
              'local',
              '--handler',
              HANDLER,
              '--payloads',
              payloads,
              '--partitions',
              '2',
              '--batch-size',
              '4',
              '--format',
              'avro',
              '--schema',
              url.href,
              '--wire',
              'glue',
              ...QUIET,
            ],
            { cwd: PROJECT_ROOT, env: { ...process.env, REDIS_URL: redisUrl() }, timeout: 120_000 },
            (error, stdout, stderr) =>
              resolve({
                status: error ? ((error as { code?: number }).code ?? 1) : 0,
                out: `${stdout}\n${stderr}`,
              }),
          );
        });
      });
      assert.equal(status, 0, out);
      assert.match(
        out,
        /values Avro in the Glue wire format \(schema version [0-9a-f-]{36}, local Glue registry/,
      );
      assert.match(out, /effects that happened\s+12/);
      assert.doesNotMatch(out, /s3cret-pw/, 'the URL password is never printed');
    } finally {
      await registry.stop();
    }
  });

  test('REDIS_URL unset: the run says which Redis it uses (its own redis-server, or 127.0.0.1:6379 named)', () => {
    const env = { ...process.env };
    delete env.REDIS_URL;
    const { status, stderr } = local(HANDLER, ['--format', 'avro', '--schema', SCHEMA, ...QUIET], env);
    assert.equal(status, 0, stderr);
    assert.match(
      stderr,
      /NOTE: REDIS_URL is unset: (started a redis-server of this run's own \(redis:\/\/127\.0\.0\.1:\d+\)|and redis-server is not installed: using the Redis at 127\.0\.0\.1:6379)/,
    );
  });
});

describe('msk-once local with Protobuf and JSON Schema values', () => {
  test('Protobuf (Confluent wire, message indexes) and JSON Schema (Glue wire): every good event once, exit 0', () => {
    for (const [handler, args] of [
      [
        'test/cli/fixtures/format-handlers.ts#protobufOrders',
        [
          '--format',
          'protobuf',
          '--schema',
          'test/cli/fixtures/order-paid.proto',
          '--message-type',
          'shop.OrderPaid',
        ],
      ],
      [
        'test/cli/fixtures/format-handlers.ts#jsonSchemaOrders',
        ['--format', 'json-schema', '--schema', 'test/cli/fixtures/order-paid.schema.json', '--wire', 'glue'],
      ],
    ] as const) {
      const { status, out } = local(handler, [...args, ...QUIET]);
      assert.equal(status, 0, out);
      assert.match(out, /effects that happened\s+12\s.*12 had exactly one/, handler);
    }
  });
});

describe('the format options', () => {
  test('refusals name the option', async () => {
    const base = { messageType: undefined, wire: 'confluent' as const };
    await assert.rejects(
      schemaSpecOf({ ...base, format: 'avro', schema: undefined }, 's'),
      /--format avro needs --schema/,
    );
    await assert.rejects(
      schemaSpecOf({ ...base, format: 'json', schema: SCHEMA }, 's'),
      /--schema needs --format/,
    );
    await assert.rejects(
      schemaSpecOf({ ...base, format: 'protobuf', schema: SCHEMA }, 's'),
      /--format protobuf needs --message-type/,
    );
    await assert.rejects(
      schemaSpecOf({ ...base, format: 'avro', schema: '/nope.avsc' }, 's'),
      /--schema \/nope\.avsc: ENOENT/,
    );
    const registry = await startLocalConfluentRegistry();
    try {
      await assert.rejects(
        schemaSpecOf({ ...base, format: 'avro', schema: registry.url }, 'missing-value'),
        /--schema: http:\/\/127\.0\.0\.1:\d+\/subjects\/missing-value\/versions\/latest answered 404/,
      );
    } finally {
      await registry.stop();
    }
  });

  test('a payload that does not fit the schema is refused naming its file and line', () => {
    const bad = path.join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"orderId":"o-1","amountCents":1}\n{"orderId":"o-2"}\n');
    const r = runLocal(HANDLER, bad, ['--format', 'avro', '--schema', SCHEMA, ...QUIET]);
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /bad\.jsonl:2: cannot be written as Avro in the Confluent wire format/);
  });
});
