/**
 * `msk-once replay` prints commands an operator pastes into a shell, and writes lines and scripts
 * built from a DLQ dump, which a producer controls (issue 31, defect 1): the printed command runs
 * nothing of a hostile topic (it is run here, in bash, with a stand-in producer on PATH), a header
 * name with a TAB or a newline cannot split or shift a console-producer line, and a dump whose
 * topic, key or headers have the wrong type is refused naming the record (no crash, no made-up
 * header).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { type ReplayOptions, runReplay } from '../../cli/replay.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'msk-once-replay-shell-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const b64 = (text: string) => Buffer.from(text).toString('base64');
const bytes = (text: string) => [...Buffer.from(text)];

/** A DLQ dump of one on-failure message (AWS's Kafka-destination format) holding `record`. */
function dump(name: string, record: Record<string, unknown>): string {
  const file = path.join(dir, `${name}.jsonl`);
  const message = {
    requestContext: { requestId: 'r-1', condition: 'RetryAttemptsExhausted', approximateInvokeCount: 3 },
    version: '1.0',
    timestamp: '2026-01-01T00:00:00.000Z',
    payload: {
      eventSource: 'aws:kafka',
      records: {
        'orders-0': [
          {
            partition: 0,
            offset: 7,
            timestamp: 0,
            timestampType: 'CREATE_TIME',
            key: b64('k-1'),
            value: b64('{"orderId":"o-1"}'),
            headers: [{ 'Event-Id': bytes('01J00000000000000000000000') }],
            ...record,
          },
        ],
      },
    },
  };
  writeFileSync(file, `${JSON.stringify(message)}\n`);
  return file;
}

/** `msk-once replay …` in this process: its exit code and what it printed. */
async function cli(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const [command, file, ...rest] = args;
  assert.equal(command, 'replay');
  const o = Object.fromEntries(rest.flatMap((a, i) => (i % 2 === 0 ? [[a.slice(2), rest[i + 1]]] : [])));
  const out: string[] = [];
  const err: string[] = [];
  const log = console.log;
  const error = console.error;
  console.log = (...a: unknown[]) => out.push(`${a.join(' ')}\n`);
  console.error = (...a: unknown[]) => err.push(`${a.join(' ')}\n`);
  try {
    const status = runReplay(file!, o as unknown as ReplayOptions);
    return { status, stdout: out.join(''), stderr: err.join('') };
  } finally {
    console.log = log;
    console.error = error;
  }
}

/** The command printed after "produce them with:", as the operator would paste it. */
function printedCommand(stdout: string): string {
  const at = stdout.indexOf('produce them with:\n');
  assert.ok(at >= 0, stdout);
  return stdout
    .slice(at + 'produce them with:\n'.length)
    .split('\n')
    .filter((line) => !line.startsWith('  ('))
    .join('\n');
}

/** Paste `command` into bash in a fresh directory, with a stand-in `name` recording its arguments. */
function runPasted(command: string, name: string): { cwd: string; args: string[] } {
  const cwd = mkdtempSync(path.join(dir, 'paste-'));
  const bin = path.join(cwd, 'bin');
  mkdirSync(bin);
  const calls = path.join(cwd, 'args.txt');
  writeFileSync(
    path.join(bin, name),
    `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> '${calls}'; done\n`,
  );
  chmodSync(path.join(bin, name), 0o755);
  const run = spawnSync('bash', ['-c', command], {
    cwd,
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, BS: 'b-1:9098', BROKERS: 'b-1:9098' },
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, `${command}\n${run.stderr}`);
  return { cwd, args: existsSync(calls) ? readFileSync(calls, 'utf8').split('\n').slice(0, -1) : [] };
}

const HOSTILE_TOPICS = [
  'orders$(touch pwned)',
  'orders`touch pwned`',
  'orders;touch pwned',
  "o'rders;touch pwned",
];

describe('msk-once replay prints commands that run nothing when pasted', () => {
  for (const topic of HOSTILE_TOPICS) {
    test(`the console producer's command quotes the topic ${JSON.stringify(topic)}`, async () => {
      const out = path.join(dir, `r-${HOSTILE_TOPICS.indexOf(topic)}.tsv`);
      const r = await cli(
        'replay',
        dump('hostile', { topic }),
        '--for',
        'kafka-console-producer',
        '--out',
        out,
      );
      assert.equal(r.status, 0, r.stderr);
      const { cwd, args } = runPasted(printedCommand(r.stdout), 'kafka-console-producer.sh');
      assert.ok(
        !existsSync(path.join(cwd, 'pwned')),
        `the pasted command ran the topic's command:\n${r.stdout}`,
      );
      assert.equal(args[args.indexOf('--topic') + 1], topic, 'the producer is given the topic as it is');
    });

    test(`the kcat script and its command quote the topic ${JSON.stringify(topic)}`, async () => {
      const out = path.join(dir, `kcat-${HOSTILE_TOPICS.indexOf(topic)}`);
      const r = await cli('replay', dump('hostile', { topic }), '--for', 'kcat', '--out', out);
      assert.equal(r.status, 0, r.stderr);
      const command = printedCommand(r.stdout)
        .trim()
        .replace('<bootstrap servers>', 'b-1:9098')
        .replace(/ \[.*\]$/, '');
      const { cwd, args } = runPasted(command, 'kcat');
      assert.ok(!existsSync(path.join(cwd, 'pwned')));
      assert.equal(args[args.indexOf('-t') + 1], topic);
    });
  }

  test('a path with shell characters is quoted too', async () => {
    const out = path.join(dir, 'a $(touch pwned) b.tsv');
    const r = await cli(
      'replay',
      dump('plain', { topic: 'orders' }),
      '--for',
      'kafka-console-producer',
      '--out',
      out,
    );
    assert.equal(r.status, 0, r.stderr);
    const { cwd, args } = runPasted(printedCommand(r.stdout), 'kafka-console-producer.sh');
    assert.ok(!existsSync(path.join(cwd, 'pwned')));
    assert.ok(args.includes('orders'));
  });
});

describe('msk-once replay refuses what would corrupt the lines, naming the record', () => {
  for (const [what, name] of [
    ['a TAB', 'x\tEvent-Id'],
    ['a newline', 'x\nEvent-Id'],
    ['a carriage return', 'x\rEvent-Id'],
  ] as const) {
    test(`a header name holding ${what}: refused for the console producer and for kcat`, async () => {
      const file = dump('header-name', { topic: 'orders', headers: [{ [name]: bytes('v') }] });
      const console = await cli(
        'replay',
        file,
        '--for',
        'kafka-console-producer',
        '--out',
        path.join(dir, 'h.tsv'),
      );
      assert.equal(console.status, 1, console.stdout);
      assert.match(console.stderr, /orders-0@7: header .* separator/);
      const kcat = await cli('replay', file, '--for', 'kcat', '--out', path.join(dir, 'h-kcat'));
      assert.equal(kcat.status, 1, kcat.stdout);
      assert.match(kcat.stderr, /orders-0@7: header .*control character/);
    });
  }

  test("a header value holding a TAB is refused (the key's separator)", async () => {
    const file = dump('header-value', { topic: 'orders', headers: [{ h: bytes('a\tb') }] });
    const r = await cli('replay', file, '--for', 'kafka-console-producer', '--out', path.join(dir, 'v.tsv'));
    assert.equal(r.status, 1);
    assert.match(r.stderr, /orders-0@7: header "h"/);
  });

  for (const [what, record, reason] of [
    ['a numeric topic', { topic: 42 }, /orders-0@7: the record's topic is a number/],
    ['a topic of an object', { topic: { a: 1 } }, /orders-0@7: the record's topic is an object/],
    ['a numeric key', { topic: 'orders', key: 12 }, /orders-0@7: the record's key is a number, not base64/],
    ['a value of a list', { topic: 'orders', value: [1] }, /orders-0@7: the record's value is a list/],
    [
      'headers of a string',
      { topic: 'orders', headers: 'x' },
      /orders-0@7: the record's headers are a string/,
    ],
    ['a header of a string', { topic: 'orders', headers: ['x'] }, /orders-0@7: a header is a string/],
    [
      'a header value of text',
      { topic: 'orders', headers: [{ h: 'v' }] },
      /orders-0@7: header "h" is not a list of bytes/,
    ],
    [
      'a topic with a newline',
      { topic: 'orders\nx' },
      /orders\\x0ax-0@7: the topic holds a control character/,
    ],
  ] as const) {
    test(`${what} in the dump: refused naming the record, no crash`, async () => {
      for (const tool of ['kcat', 'kafka-console-producer']) {
        const r = await cli(
          'replay',
          dump('typed', record),
          '--for',
          tool,
          '--out',
          path.join(dir, `t-${tool}`),
        );
        assert.equal(r.status, 1, `${tool}: ${r.stdout}${r.stderr}`);
        assert.match(r.stderr, reason, tool);
        assert.doesNotMatch(r.stderr, /is not a function|TypeError| {4}at /, tool);
      }
    });
  }
});

describe('a replayed tombstone is sent as a tombstone', () => {
  test('kcat: -Z and an empty line (a NULL value), not an empty value or a file', async () => {
    const out = path.join(dir, 'kcat-tombstone');
    const r = await cli(
      'replay',
      dump('tombstone', { topic: 'orders', value: null }),
      '--for',
      'kcat',
      '--out',
      out,
    );
    assert.equal(r.status, 0, r.stderr);
    const script = readFileSync(path.join(out, 'replay.sh'), 'utf8');
    assert.match(script, /printf '\\n' \| kcat -P -Z -b "\$BROKERS" -t 'orders'/);
    const { args } = runPasted(`sh '${path.join(out, 'replay.sh')}'`, 'kcat');
    assert.ok(args.includes('-Z'), 'kcat is told to send an empty line as NULL');
    assert.ok(!args.some((a) => a.endsWith('.bin')), 'no value file');
  });

  test('the console producer refuses it, naming the record (it cannot send a NULL value)', async () => {
    const r = await cli(
      'replay',
      dump('tombstone', { topic: 'orders', value: null }),
      '--for',
      'kafka-console-producer',
      '--out',
      path.join(dir, 'tombstone.tsv'),
    );
    assert.equal(r.status, 1);
    assert.match(r.stderr, /orders-0@7: a tombstone; the console producer cannot send a null value/);
  });
});
