/**
 * `msk-once poison`, the poison queue's runbook walk: the records a real kafkaHandler parked (a
 * PermanentError, a record without an Event-Id) through the real SQS client in a local SQS over
 * HTTP (testkit), read as `aws sqs receive-message` prints them, listed by cause, and a replay script
 * that reads each back from its exact position, deletes its exact dedup key and produces it again
 * with its key and headers (a stand-in kcat and DEL command record what they were given). A header
 * value written to break out of the script's quoting stays one argument.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PROJECT_ROOT } from '../../infra/build-app.ts';
import { markField, markHashKey, markLayout } from '../../lib/contract.ts';
import type { PoisonEntry } from '../../lib/index.ts';
import { kafkaHandler, MemoryDedupStore, PermanentError } from '../../lib/index.ts';
import { type LocalSqs, lambdaContext, mskEvent, mskRecord, startLocalSqs } from '../../testkit/index.ts';

// The local SQS checks no signature; the SDK wants credentials to sign with.
process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
let sqs: LocalSqs;
before(async () => {
  sqs = await startLocalSqs();
});
after(() => sqs.stop());

const dir = mkdtempSync(path.join(tmpdir(), 'msk-once-poison-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const HOSTILE = "x'; touch pwned; echo '";

function cli(...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['--conditions=msk-once-source', 'cli/main.ts', ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

/** What the consumer parked: the bodies of its queue, and the queue as receive-message prints it. */
async function parked(): Promise<{ entries: PoisonEntry[]; receive: unknown }> {
  const queueUrl = sqs.createQueue('poison-cli-poison');
  const handler = kafkaHandler({
    service: 'poison-cli',
    handlerName: 'h',
    store: new MemoryDedupStore(),
    reserveMs: 0,
    poison: { queueUrl },
    handle: (m) => {
      if (m.offset === 2) throw new PermanentError('order o-2: the amount is negative, for good');
    },
  });
  const event = mskEvent([
    mskRecord({ offset: 1 }),
    mskRecord({ offset: 2, key: 'order-2', headers: [{ 'X-Note': HOSTILE }] }),
    mskRecord({ offset: 3, eventId: null }),
  ]);
  await handler(event, lambdaContext());
  await handler.close();
  const bodies = sqs.messages(queueUrl);
  return {
    entries: bodies.map((b) => JSON.parse(b) as PoisonEntry),
    // `aws sqs receive-message --queue-url <url> --max-number-of-messages 10` prints this shape.
    receive: { Messages: bodies.map((Body, i) => ({ MessageId: `m-${i}`, ReceiptHandle: `r-${i}`, Body })) },
  };
}

describe('msk-once poison', () => {
  test('lists the parked records by cause; the replay script reads, deletes and produces each exactly', async () => {
    const { entries, receive } = await parked();
    assert.equal(entries.length, 2, 'the permanent failure and the record without an id');
    const file = path.join(dir, 'parked.json');
    writeFileSync(file, JSON.stringify(receive));
    const script = path.join(dir, 'replay-parked.sh');
    const r = cli('poison', file, '--replay-script', script);
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /^1 x permanent HandlerError$/m);
    assert.match(r.out, /^1 x invalid-record EventIdError$/m);
    assert.match(
      r.out,
      /orders-0@2 {2}event [0-9A-Z]{26} {2}parked .*PermanentError: order o-2: the amount is negative/,
    );
    assert.match(r.out, /orders-0@3 {2}event - {2}parked .*: record orders-0@3: no Event-Id header/);
    assert.match(r.out, /2 parked record\(s\)/);

    // Stand-ins: kcat -C prints a value, kcat -P and the DEL command record their arguments.
    const bin = path.join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    const calls = path.join(dir, 'calls.txt');
    writeFileSync(
      path.join(bin, 'kcat'),
      `#!/bin/sh\necho "kcat $*" >> ${calls}\nfor a in "$@"; do printf '[%s]' "$a" >> ${calls}; done\necho >> ${calls}\ncase "$1" in -C) printf 'the-value';; esac\n`,
    );
    chmodSync(path.join(bin, 'kcat'), 0o755);
    writeFileSync(path.join(bin, 'del-key'), `#!/bin/sh\necho "DEL [$1]" >> ${calls}\n`);
    chmodSync(path.join(bin, 'del-key'), 0o755);
    writeFileSync(path.join(bin, 'del-mark'), `#!/bin/sh\necho "DEL_MARK [$*]" >> ${calls}\n`);
    chmodSync(path.join(bin, 'del-mark'), 0o755);
    const run = spawnSync('sh', [script, '-X', 'security.protocol=SSL'], {
      cwd: dir,
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH}`,
        BROKERS: 'b-1:9098',
        DEL_KEY: 'del-key',
        DEL_MARK: 'del-mark',
      },
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    const text = readFileSync(calls, 'utf8');
    const permanent = entries.find((e) => e.offset === 2)!;
    assert.ok(text.includes('[-C][-b][b-1:9098][-t][orders][-p][0][-o][2][-c][1]'), text);
    assert.ok(text.includes(`DEL [${permanent.dedupKey}]`), 'its exact dedup key is deleted');
    // And its DONE mark (a hash field since 0.4.0): one hash, its own, then the field.
    const hash = markHashKey(permanent.dedupKey!, markLayout(86_400_000))!;
    const field = Buffer.from(markField(permanent.eventId!)).toString('hex');
    assert.ok(text.includes(`DEL_MARK [1 ${hash} ${field}]`), text);
    assert.ok(text.includes('[-P][-b][b-1:9098][-t][orders][-k][order-2]'), 'produced again with its key');
    assert.ok(text.includes(`[-H][Event-Id=${permanent.eventId}]`), 'with its Event-Id');
    assert.ok(text.includes(`[-H][X-Note=${HOSTILE}]`), 'a hostile header stays one argument');
    assert.ok(text.includes('[security.protocol=SSL]'), "the script's own options are passed on");
    assert.equal(spawnSync('test', ['-e', path.join(dir, 'pwned')]).status, 1, 'nothing ran from a header');
  });

  test('an entry that is not a parked record is named, and the exit code says so', () => {
    const file = path.join(dir, 'bad.jsonl');
    writeFileSync(file, '{"kind":"something-else"}\nnot json\n');
    const r = cli('poison', file);
    assert.equal(r.status, 1);
    assert.match(r.out, /skipped line 1: not a parked record/);
    assert.match(r.out, /skipped line 2: not JSON/);
  });
});
