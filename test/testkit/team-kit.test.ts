/**
 * msk-once/testkit as a team uses it: the structured CloudEvent builder sends the team's own event
 * as it is; the local stand-ins work in a process with no AWS variable set (the SQS stand-in's
 * client config and environment; the handler's poison sink through `poison: { queueUrl }`).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { type KafkaMessage, kafkaHandler, MemoryDedupStore } from '../../lib/index.ts';
import { failedOffsets, lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';

const ROOT = join(import.meta.dirname, '..', '..');

const decode = (value: string) => JSON.parse(Buffer.from(value, 'base64').toString('utf8'));

describe('the structured CloudEvent builder', () => {
  const payment = {
    specversion: '1.0',
    id: 'pay-7',
    source: '/payments',
    type: 'payment.charged',
    subject: 'account/a-1',
    datacontenttype: 'application/json',
    data: { accountId: 'a-1', amount: 12 },
  };

  test("the team's event is the record's value as it is, and its id the handler's event id", async () => {
    const record = mskRecord({
      offset: 1,
      idSource: { from: 'cloudevents' },
      cloudEventsMode: 'structured',
      value: payment,
    });
    assert.deepEqual(decode(record.value), payment);
    const seen: KafkaMessage[] = [];
    const handler = kafkaHandler({
      service: 'team-kit',
      handlerName: 'on-payment',
      store: new MemoryDedupStore(),
      eventId: { from: 'cloudevents' },
      async handle(message) {
        seen.push(message);
      },
    });
    try {
      const response = await handler(mskEvent([record]), lambdaContext());
      assert.deepEqual(failedOffsets(response), []);
      assert.equal(seen.length, 1);
      assert.equal(seen[0]!.eventId, 'pay-7');
    } finally {
      await handler.close();
    }
  });

  test('eventId fills in a missing id, null takes it out; plain data is wrapped in a generated event', () => {
    const { id: _, ...noId } = payment;
    const filled = decode(
      mskRecord({
        offset: 2,
        eventId: 'pay-8',
        idSource: { from: 'cloudevents' },
        cloudEventsMode: 'structured',
        value: noId,
      }).value,
    );
    assert.deepEqual(filled, { ...noId, id: 'pay-8' });
    const without = decode(
      mskRecord({
        offset: 3,
        eventId: null,
        idSource: { from: 'cloudevents' },
        cloudEventsMode: 'structured',
        value: payment,
      }).value,
    );
    assert.deepEqual(without, noId);
    const wrapped = decode(
      mskRecord({
        offset: 4,
        eventId: 'e-4',
        idSource: { from: 'cloudevents' },
        cloudEventsMode: 'structured',
        value: { n: 4 },
      }).value,
    );
    assert.equal(wrapped.id, 'e-4');
    assert.deepEqual(wrapped.data, { n: 4 });
  });
});

describe('the local stand-ins with no AWS variable set', () => {
  test("startLocalSqs: a client from clientConfig, and the handler's poison sink from environment", () => {
    const dir = mkdtempSync(join(tmpdir(), 'team-kit-'));
    try {
      const testkit = pathToFileURL(join(ROOT, 'testkit', 'index.ts')).href;
      const root = pathToFileURL(join(ROOT, 'lib', 'index.ts')).href;
      // Inside the repository, so that its packages resolve; HOME is the empty directory.
      const script = join(import.meta.dirname, `.team-kit-${process.pid}.mjs`);
      writeFileSync(
        script,
        `
import assert from 'node:assert/strict';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { kafkaHandler, MemoryDedupStore, PermanentError } from ${JSON.stringify(root)};
import { failedOffsets, lambdaContext, mskEvent, mskRecord, startLocalSqs } from ${JSON.stringify(testkit)};
// (Powertools sets AWS_SDK_UA_APP_ID when loaded: a user agent, not a credential or a region.)
assert.deepEqual(Object.keys(process.env).filter((name) => name.startsWith('AWS_') && name !== 'AWS_SDK_UA_APP_ID'), []);
const sqs = await startLocalSqs();
try {
  const queueUrl = sqs.createQueue('orders-poison');
  const client = new SQSClient(sqs.clientConfig);
  await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'by hand' }));
  client.destroy();
  Object.assign(process.env, sqs.environment);
  const handler = kafkaHandler({
    service: 'team-kit', handlerName: 'h', store: new MemoryDedupStore(), poison: { queueUrl },
    async handle() { throw new PermanentError('order o-9 can never be paid'); },
  });
  try {
    const response = await handler(mskEvent([mskRecord({ offset: 9, value: { orderId: 'o-9' } })]), lambdaContext());
    assert.deepEqual(failedOffsets(response), []);
  } finally {
    await handler.close();
  }
  const bodies = sqs.messages(queueUrl);
  assert.equal(bodies.length, 2, JSON.stringify(bodies));
  assert.equal(bodies[0], 'by hand');
  assert.match(bodies[1], /o-9/);
} finally {
  await sqs.stop();
}
console.log('parked');
`,
      );
      // No AWS_* variable, and a HOME without ~/.aws: nothing for the SDK's default chain.
      const env = { PATH: process.env.PATH ?? '', HOME: dir, AWS_EC2_METADATA_DISABLED: undefined };
      const out = execFileSync(process.execPath, ['--conditions=msk-once-source', '--no-warnings', script], {
        cwd: ROOT,
        env: Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)),
        encoding: 'utf8',
      });
      assert.match(out, /parked/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(join(import.meta.dirname, `.team-kit-${process.pid}.mjs`), { force: true });
    }
  });
});
