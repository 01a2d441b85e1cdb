/**
 * Decoding is bounded by the bytes it is given: hostile and random values for Avro, Protobuf and
 * JSON Schema, plain and in both wire formats (Glue with zlib), never crash the process and never
 * allocate without bound; every one that cannot be decoded fails as a RecordFormatError naming its
 * record. The decoding runs in a worker with a small heap, so a regression shows as the worker
 * dying on a named case, not as the test runner dying. Fixed seeds and bounded runs: the same
 * values every run.
 */
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import avsc from 'avsc';
import type { MSKRecord } from 'aws-lambda';
import { ConfigurationError } from '../../lib/errors.ts';
import { avro, ConfluentSchemaRegistry } from '../../lib/formats/index.ts';
import type { Result } from './decode-bounds-child.ts';

/** Enough for the libraries and a 16 MiB inflated body; far less than any unbounded decode needs. */
const HEAP_MB = 96;
/** Random values per path and property (fixed seeds). */
const RUNS = 50;

/** Decode in a child process with a small heap; rejects naming the value it died on. */
function decodeInChild(options: { only?: string; runs?: number }): Promise<Result> {
  return new Promise((resolve, reject) => {
    let last = 'loading';
    let result: Result | undefined;
    const child = fork(
      fileURLToPath(new URL('./decode-bounds-child.ts', import.meta.url)),
      [JSON.stringify(options)],
      {
        execArgv: ['--conditions=msk-once-source', `--max-old-space-size=${HEAP_MB}`],
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      },
    );
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('message', (message: { case?: string; done?: boolean; result?: Result }) => {
      if (message.case) last = message.case;
      if (message.done) result = message.result;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (result && code === 0) resolve(result);
      else
        reject(
          new Error(
            `the decoding process died (${signal ?? code}) at ${last}: ${stderr.split('\n').find((l) => /FATAL|Error/.test(l)) ?? stderr}`,
          ),
        );
    });
  });
}

/** The paths of the child (format x wire format), and its fixed hostile values. */
const PATHS = 10;
const HOSTILE = 21;

describe('decoding is bounded by the bytes it is given', () => {
  test('hostile, truncated, flipped and random values fail their record, named; valid ones come back', async () => {
    const result = await decodeInChild({ runs: RUNS });
    assert.deepEqual(result.problems, []);
    // Per path: one warm-up value; per property run a valid, a truncated and a flipped value,
    // and a random body.
    assert.equal(result.values, PATHS + HOSTILE + PATHS * RUNS * 4);
    assert.ok(result.decoded >= PATHS + PATHS * RUNS, `${result.decoded} values came back`);
    assert.equal(result.hostile.length, HOSTILE);
    const decoded = result.hostile.filter((h) => h.outcome === 'decoded').map((h) => h.label);
    assert.deepEqual(decoded, ['json-schema: 200,000 nested arrays (valid JSON: comes back)']);
    const byLabel = new Map(result.hostile.map((h) => [h.label, h.outcome]));
    assert.match(
      byLabel.get('avro: the 6-byte value (array count 3e8)')!,
      /^record fuzz-0@\d+: value \(avro, no schema id\): array block of 300000000 items cannot fit in the 0 bytes left/,
    );
    assert.match(
      byLabel.get('avro: array of nulls, count 2^52 (items of 0 bytes)')!,
      /more than maxZeroByteItems \(100000\)/,
    );
    assert.match(
      byLabel.get('avro: map count 3e8')!,
      /^record fuzz-0@\d+: value \(avro, schema id [0-9a-f-]{36}\): map block of 300000000 items/,
    );
    assert.match(byLabel.get('protobuf: 20,000 nested messages')!, /max depth exceeded/);
  });
});

describe('the budget of items that take no bytes', () => {
  const schema = { type: 'array', items: 'null' };
  const nulls = avsc.Type.forSchema(schema as avsc.Schema);
  const record = { topic: 'nulls', partition: 0, offset: 3 } as MSKRecord;

  test('maxZeroByteItems bounds them per value, and is checked at cold start', async () => {
    const decode = avro({ schema, maxZeroByteItems: 2 }).decoder('value');
    assert.deepEqual(await decode(nulls.toBuffer([null, null]), record), [null, null]);
    // The budget is per value, not per container.
    assert.deepEqual(await decode(nulls.toBuffer([null, null]), record), [null, null]);
    await assert.rejects(
      async () => decode(nulls.toBuffer([null, null, null]), record),
      /^RecordFormatError: record nulls-0@3: value \(avro, no schema id\): array of items that take no bytes holds more than maxZeroByteItems \(2\) in one value$/,
    );
    assert.throws(
      () => avro({ schema, maxZeroByteItems: -1 }).decoder('value'),
      (e: Error) => e instanceof ConfigurationError && e.option === 'value.maxZeroByteItems',
    );
    assert.throws(
      () => new ConfluentSchemaRegistry({ url: 'http://127.0.0.1:1', retryFailedAfterMs: -5 }),
      /retryFailedAfterMs -5/,
    );
  });
});
