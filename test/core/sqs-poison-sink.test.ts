/**
 * The SQS poison sink (lib/consumer/sqs-poison-sink.ts) against what SQS refuses, through the real
 * SQS client and the stand-in that refuses what SQS refuses (issue 31, defects 3-4): an entry
 * holding characters SQS refuses (U+FFFE, U+FFFF from a header's bytes or an error) is escaped,
 * parked and reads back the same; an entry over an SQS message is cut with a marker; a FIFO queue
 * gets a group and dedup id.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { SQS_MAX_BODY_BYTES, SqsPoisonSink, sqsMessageBody } from '../../lib/consumer/sqs-poison-sink.ts';
import { PermanentError, type PoisonEntry, RedisDedupStore } from '../../lib/index.ts';
import { failedOffsets, type LocalSqs, mskEvent, mskRecord, startLocalSqs } from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';

const build = testConsumers();

process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';

const ID = (n: number) => `01J9ZKQ6W8Y3N2V4B5C6D7E8${String(n).padStart(2, '0')}`;

describe('what SQS refuses never reaches it', () => {
  let sqs: LocalSqs;
  before(async () => {
    sqs = await startLocalSqs();
  });
  after(() => sqs.stop());

  test('the SQS stand-in refuses what SQS refuses, with its error codes', async () => {
    const client = new SQSClient({ endpoint: sqs.endpoint, region: 'us-east-1', maxAttempts: 1 });
    const queue = sqs.createQueue('refusals');
    const small = sqs.createQueue('small', { maximumMessageSize: 1024 });
    const fifo = sqs.createQueue('refusals.fifo');
    const refused = async (input: Record<string, string>) => {
      try {
        await client.send(new SendMessageCommand(input as never));
        return 'taken';
      } catch (error) {
        return (error as Error).name;
      }
    };
    assert.equal(await refused({ QueueUrl: queue, MessageBody: 'a\uFFFFb' }), 'InvalidMessageContents');
    assert.equal(await refused({ QueueUrl: queue, MessageBody: 'a\u0001b' }), 'InvalidMessageContents');
    assert.equal(await refused({ QueueUrl: queue, MessageBody: 'a\uD800b' }), 'InvalidMessageContents');
    assert.equal(await refused({ QueueUrl: queue, MessageBody: 'a\t\n\r\u{1F600}\uFFFDb' }), 'taken');
    assert.equal(await refused({ QueueUrl: small, MessageBody: 'x'.repeat(1025) }), 'InvalidParameterValue');
    assert.equal(
      await refused({ QueueUrl: fifo, MessageBody: 'x', MessageDeduplicationId: 'd' }),
      'MissingParameter',
    );
    assert.equal(
      await refused({ QueueUrl: fifo, MessageBody: 'x', MessageGroupId: 'g' }),
      'InvalidParameterValue',
    );
    assert.equal(
      await refused({ QueueUrl: fifo, MessageBody: 'x', MessageGroupId: 'g', MessageDeduplicationId: 'd' }),
      'taken',
    );
    client.destroy();
  });

  test('U+FFFE and U+FFFF from a header and an error message: escaped in the body, parked, read back the same', async () => {
    const service = uniqueService('poison-chars');
    const queueUrl = sqs.createQueue(`${service}-poison`);
    const runs: number[] = [];
    const handler = build<{ n: number }>({
      service,
      store: new RedisDedupStore({ redis: { url: redisUrl() } }),
      poison: { queueUrl },
      handle: (m) => {
        runs.push(m.offset);
        throw new PermanentError('rating \uFFFE out of range \uFFFF');
      },
    });
    const { response } = await invoke(
      handler,
      mskEvent([
        mskRecord({ offset: 1, eventId: ID(1), value: { n: 1 }, headers: [{ 'x-note': 'a\uFFFFb\uFFFE' }] }),
      ]),
    );
    assert.deepEqual(failedOffsets(response), [], 'parked, not retried into the DLQ');
    const [body] = sqs.messages(queueUrl);
    assert.ok(body, 'the queue took the entry');
    const entry = JSON.parse(body) as PoisonEntry;
    assert.equal(entry.headers['x-note'], 'a\uFFFFb\uFFFE');
    assert.match(entry.error.message, /rating \uFFFE out of range \uFFFF/);
    await handler.close();
  });

  test('a FIFO poison queue: each entry carries a group (its partition) and a deduplication id', async () => {
    const service = uniqueService('poison-fifo');
    const queueUrl = sqs.createQueue(`${service}-poison.fifo`);
    const handler = build<{ bad?: boolean }>({
      service,
      store: new RedisDedupStore({ redis: { url: redisUrl() } }),
      poison: { sink: new SqsPoisonSink({ queueUrl }) },
      handle: () => {
        throw new PermanentError('beyond repair');
      },
    });
    const { response } = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1, eventId: ID(1), value: { bad: true } })]),
    );
    assert.deepEqual(failedOffsets(response), []);
    assert.equal(sqs.messages(queueUrl).length, 1);
    await handler.close();
  });

  test('an entry larger than an SQS message is cut with a marker, ids kept, and taken by a 256 KiB queue', async () => {
    const queueUrl = sqs.createQueue('poison-256k', { maximumMessageSize: SQS_MAX_BODY_BYTES });
    const huge: PoisonEntry = {
      kind: 'msk-once.poison/1',
      position: 'orders-0@7',
      topic: 'orders',
      partition: 0,
      offset: 7,
      timestamp: 0,
      service: 's',
      handler: 'h',
      eventId: ID(7),
      correlationId: undefined,
      dedupKey: 's:dedup:h:{a}X',
      key: 'k'.repeat(400_000),
      headers: { big: '\uFFFF'.repeat(200_000) },
      reason: 'permanent',
      error: { name: 'HandlerError', message: 'm'.repeat(300_000) },
      parkedAt: new Date(0).toISOString(),
    };
    const body = sqsMessageBody(huge);
    assert.ok(Buffer.byteLength(body) <= SQS_MAX_BODY_BYTES, `${Buffer.byteLength(body)} bytes`);
    const cut = JSON.parse(body) as PoisonEntry & { truncated?: string };
    assert.match(cut.truncated ?? '', /over 262144: cut/);
    assert.equal(cut.position, 'orders-0@7');
    assert.equal(cut.eventId, ID(7));
    await new SqsPoisonSink({ queueUrl }).park(huge, AbortSignal.timeout(60_000));
    assert.equal(sqs.messages(queueUrl).length, 1);
  });
});
