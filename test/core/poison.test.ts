/**
 * The poison sink (lib/consumer/poison.ts; docs/consumer.md, "Poison records"): a record no retry
 * can cure is written to an SQS queue (the real @aws-sdk/client-sqs against the SQS stand-in over
 * real HTTP) and parked: not reported, its key DONE in real Redis, its partition goes on. A sink
 * that fails falls back to failing the record as without one. Passing trouble (a plain handler
 * error, a schema registry that failed) is never parked. An entry names credential-like headers
 * without copying their values, and keeps every header of a repeated name.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MemoryPoisonSink } from '../../lib/consumer/poison.ts';
import { fifoAttributes } from '../../lib/consumer/sqs-poison-sink.ts';
import * as contract from '../../lib/contract.ts';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import { RecordFormatError, SchemaRegistryError } from '../../lib/errors.ts';
import {
  dedupConfigFromEnv,
  type KafkaMessage,
  kafkaHandler,
  PermanentError,
  type PoisonEntry,
  RedisDedupStore,
} from '../../lib/index.ts';
import {
  emfDocuments,
  failedOffsets,
  type LocalSqs,
  mskEvent,
  mskRecord,
  startLocalSqs,
} from '../../testkit/index.ts';
import { invoke, PARTITION_ORDER, testConsumers } from '../support/consumer.ts';
import { keyState } from '../support/marks.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

// The SDK's default credential chain, for a stand-in that does not check signatures.
process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';

const ID = (n: number) => `01J9ZKQ6W8Y3N2V4B5C6D7E8${String(n).padStart(2, '0')}`;

describe('the poison sink', () => {
  let sqs: LocalSqs;
  const admin = adminClient();
  const build = testConsumers(PARTITION_ORDER);
  before(async () => {
    sqs = await startLocalSqs();
  });
  after(async () => {
    await sqs.stop();
    admin.disconnect();
  });

  function consumer(
    service: string,
    queueUrl: string,
    extra: { isPermanent?: (e: unknown) => boolean } = {},
  ) {
    const ran: number[] = [];
    const handler = build<{ n: number; bad?: string }>({
      service,
      store: new RedisDedupStore({ redis: { url: redisUrl() } }),
      poison: { queueUrl, ...extra },
      handle: (m: KafkaMessage<{ n: number; bad?: string }>) => {
        ran.push(Number(m.offset));
        if (m.payload?.bad === 'permanent') throw new PermanentError(`rating ${m.payload.n} is out of range`);
        if (m.payload?.bad === 'plain') throw new Error('push provider answered 503');
        if (m.payload?.bad === 'custom')
          throw Object.assign(new Error('no such user'), { code: 'NoSuchUser' });
      },
    });
    return { handler, ran };
  }

  const batch = () =>
    mskEvent([
      mskRecord({ offset: 10, eventId: ID(10), value: { n: 10 } }),
      mskRecord({
        offset: 11,
        eventId: ID(11),
        correlationId: 'corr-11',
        value: { n: 11, bad: 'permanent' },
        headers: [{ authorization: 'Bearer s3cr3t-token' }, { 'x-tenant': 'acme' }],
      }),
      mskRecord({ offset: 12, eventId: null, value: { n: 12 } }),
      mskRecord({ offset: 13, eventId: ID(13), rawValue: Buffer.from('{not json').toString('base64') }),
      mskRecord({ offset: 14, eventId: ID(14), value: { n: 14 } }),
    ]);

  test('a FIFO queue: grouped by partition, deduplicated by position, through the real SQS client', async () => {
    const service = uniqueService('poison-fifo');
    const queueUrl = sqs.createQueue(`${service}-poison.fifo`);
    const { handler, ran } = consumer(service, queueUrl);
    const first = await invoke(handler, batch());
    // Without MessageGroupId the stand-in (as SQS) refuses each write: the three would fail instead.
    assert.deepEqual(failedOffsets(first.response), [], 'parked, not failed');
    assert.deepEqual(ran, [10, 11, 14]);
    assert.deepEqual(sqs.groups(queueUrl), ['orders-0', 'orders-0', 'orders-0']);
    // The batch again: the record without an Event-Id is parked again, and SQS drops the copy
    // (same position: same MessageDeduplicationId).
    const again = await invoke(handler, batch());
    assert.deepEqual(failedOffsets(again.response), []);
    assert.deepEqual(
      sqs.messages(queueUrl).map((b) => (JSON.parse(b) as PoisonEntry).position),
      ['orders-0@11', 'orders-0@12', 'orders-0@13'],
    );
    await handler.close();
    // A topic name over SQS's 128 characters: its ids are hashed into the limit.
    const long = fifoAttributes({ topic: 't'.repeat(200), partition: 3, offset: 7 });
    assert.match(long.MessageGroupId, /^[0-9a-f]{64}$/);
    assert.match(long.MessageDeduplicationId, /^[0-9a-f]{64}$/);
    assert.notEqual(long.MessageGroupId, long.MessageDeduplicationId);
    assert.deepEqual(fifoAttributes({ topic: 'orders', partition: 0, offset: 11 }), {
      MessageGroupId: 'orders-0',
      MessageDeduplicationId: 'orders-0@11',
    });
  });

  test('parks a permanent handler error, a record without Event-Id and an undecodable value; the partition goes on', async () => {
    const service = uniqueService('poison');
    const queueUrl = sqs.createQueue(`${service}-poison`);
    const { handler, ran } = consumer(service, queueUrl);
    const { response, lines } = await invoke(handler, batch());
    assert.deepEqual(failedOffsets(response), [], 'nothing reported: the three poison records are handled');
    assert.deepEqual(ran, [10, 11, 14], 'the records behind the poison ones ran in this invocation');
    const entries = sqs.messages(queueUrl).map((b) => JSON.parse(b) as PoisonEntry);
    assert.deepEqual(
      entries.map((e) => [e.position, e.reason]),
      [
        ['orders-0@11', 'permanent'],
        ['orders-0@12', 'invalid-record'],
        ['orders-0@13', 'invalid-record'],
      ],
    );
    const [permanent, noId, undecodable] = entries as [PoisonEntry, PoisonEntry, PoisonEntry];
    assert.equal(permanent.eventId, ID(11));
    assert.equal(permanent.correlationId, 'corr-11');
    assert.equal(permanent.error.name, 'HandlerError');
    assert.match(
      permanent.error.message,
      /orders-0@11: handler failed: PermanentError: rating 11 is out of range/,
    );
    assert.equal(permanent.headers['x-tenant'], 'acme');
    assert.doesNotMatch(JSON.stringify(entries), /s3cr3t/, 'an authorization header is not copied');
    assert.equal(permanent.dedupKey, dedupKey(dedupKeyPrefix(service, 'h'), ID(11)));
    assert.match(noId.error.message, /no Event-Id header/);
    assert.equal(noId.dedupKey, undefined);
    assert.equal(undecodable.error.name, 'InvalidRecordError');
    // The parked records' keys are DONE, like the succeeded ones'.
    for (const n of [10, 11, 13, 14])
      assert.equal(await keyState(admin, dedupKey(dedupKeyPrefix(service, 'h'), ID(n))), 'D', `key of ${n}`);
    const counters = emfDocuments(lines).find((d) => contract.Metric.parked in d);
    assert.equal(counters?.[contract.Metric.parked], 3);
    assert.equal(counters?.[contract.Metric.processed], 5);
    // Logged as parked, not as "retried, then sent to the DLQ".
    const text = lines.map((l) => JSON.stringify(l));
    assert.equal(text.filter((l) => /parked in the poison sink/.test(l)).length, 3);
    assert.ok(!text.some((l) => /retried, then sent to the DLQ/.test(l)), text.join('\n'));

    // The batch again (a crash after the writes, a whole-batch retry): the keyed records are
    // duplicates, not parked twice; the record without a key has nothing to be known by and is.
    const again = await invoke(handler, batch());
    assert.deepEqual(failedOffsets(again.response), []);
    assert.deepEqual(ran, [10, 11, 14]);
    assert.deepEqual(
      sqs.messages(queueUrl).map((b) => (JSON.parse(b) as PoisonEntry).position),
      ['orders-0@11', 'orders-0@12', 'orders-0@13', 'orders-0@12'],
    );
    await handler.close();
  });

  test('a sink that refuses falls back: the record fails and stops its partition, the sink error is counted', async () => {
    const service = uniqueService('poison-down');
    const queueUrl = sqs.createQueue(`${service}-poison`);
    const { handler, ran } = consumer(service, queueUrl);
    // Two refusals: both attempts of the SDK for the first poison record.
    sqs.refuseNext(2);
    const { response, lines } = await invoke(handler, batch());
    assert.deepEqual(failedOffsets(response), ['orders-0@11', 'orders-0@12', 'orders-0@13', 'orders-0@14']);
    assert.deepEqual(ran, [10, 11]);
    assert.deepEqual(sqs.messages(queueUrl), []);
    assert.equal(
      await admin.get(dedupKey(dedupKeyPrefix(service, 'h'), ID(11))),
      null,
      'released for its retry',
    );
    const sinkErrors = emfDocuments(lines).find((d) => contract.Metric.poisonSinkErrors in d);
    assert.equal(sinkErrors?.[contract.Metric.poisonSinkErrors], 1);
    assert.ok(
      lines.some((l) =>
        /PoisonSinkError.*poison sink failed \(.*\): record orders-0@11: handler failed: PermanentError/.test(
          JSON.stringify(l),
        ),
      ),
      'the sink failure is logged',
    );
    // A missing queue is a refusal too.
    const gone = consumer(uniqueService('poison-gone'), `${sqs.endpoint}/000000000000/no-such-queue`);
    const r = await invoke(gone.handler, batch());
    assert.deepEqual(failedOffsets(r.response), ['orders-0@11', 'orders-0@12', 'orders-0@13', 'orders-0@14']);
    await gone.handler.close();
    await handler.close();
  });

  test('passing trouble is not parked; isPermanent adds errors of the handler', async () => {
    const sink = new MemoryPoisonSink();
    const run = async (bad: string, isPermanent?: (e: unknown) => boolean) => {
      const handler = build<{ bad: string }>({
        service: uniqueService('poison-kinds'),
        store: new RedisDedupStore({ redis: { url: redisUrl() } }),
        poison: { sink, isPermanent },
        handle: (m) => {
          if (m.payload?.bad === 'plain') throw new Error('push provider answered 503');
          if (m.payload?.bad === 'custom')
            throw Object.assign(new Error('no such user'), { code: 'NoSuchUser' });
          if (m.payload?.bad === 'flagged') throw Object.assign(new Error('bad rating'), { permanent: true });
        },
      });
      const { response } = await invoke(handler, mskEvent([mskRecord({ offset: 1, value: { bad } })]));
      await handler.close();
      return failedOffsets(response);
    };
    assert.deepEqual(await run('plain'), ['orders-0@1'], 'a plain error is retried');
    assert.deepEqual(await run('custom'), ['orders-0@1'], 'without the predicate, retried');
    assert.deepEqual(await run('custom', (e) => (e as { code?: string }).code === 'NoSuchUser'), []);
    assert.deepEqual(
      await run('custom', () => {
        throw new Error('predicate bug');
      }),
      ['orders-0@1'],
    );
    assert.deepEqual(await run('flagged'), [], 'any error with permanent: true');
    assert.deepEqual(
      sink.entries.map((e) => e.reason),
      ['permanent', 'permanent'],
    );
  });

  test('a schema registry that failed is not poison; bad bytes in a format are', async () => {
    const { poisonReason } = await import('../../lib/consumer/poison.ts');
    const at = { topic: 't', partition: 0, offset: 1 };
    const registry = new RecordFormatError(at, 'value', 'avro', '7', 'registry timeout', {
      cause: new SchemaRegistryError('timeout', '7', 'no answer'),
    });
    assert.equal(poisonReason(registry, undefined, undefined), undefined);
    const bytes = new RecordFormatError(at, 'value', 'avro', '7', 'truncated');
    assert.equal(poisonReason(bytes, undefined, undefined), 'invalid-record');
  });

  test('POISON_QUEUE_URL gives the option; a bad one names the variable, not the value', () => {
    const env = {
      [contract.EnvVar.store]: 'memory',
      [contract.EnvVar.poisonQueueUrl]: 'https://sqs.eu-west-1.amazonaws.com/123456789012/orders-poison',
    };
    assert.deepEqual(dedupConfigFromEnv(env).poison, { queueUrl: env[contract.EnvVar.poisonQueueUrl] });
    assert.equal(dedupConfigFromEnv({ [contract.EnvVar.store]: 'memory' }).poison, undefined);
    assert.throws(
      () =>
        dedupConfigFromEnv({
          [contract.EnvVar.store]: 'memory',
          [contract.EnvVar.poisonQueueUrl]: 'arn:aws:sqs:secret',
        }),
      (e: Error) => e.message.includes(contract.EnvVar.poisonQueueUrl) && !e.message.includes('secret'),
    );
    assert.throws(
      () =>
        kafkaHandler({
          handlerName: 'h',
          service: 's',
          store: {} as never,
          poison: {} as never,
          handle() {},
        }),
      /invalid option poison: give queueUrl or sink/,
    );
  });

  test("a poison entry carries the record's Kafka timestamp", async () => {
    const sink = new MemoryPoisonSink();
    const handler = build({
      service: uniqueService('poison-timestamp'),
      store: new RedisDedupStore({ redis: { url: redisUrl() } }),
      poison: { sink },
      handle: () => {
        throw new PermanentError('beyond repair');
      },
    });
    const record = mskRecord({ offset: 3, eventId: ID(3), value: {} });
    record.timestamp = 1_733_000_000_123;
    const { response } = await invoke(handler, mskEvent([record]));
    assert.deepEqual(failedOffsets(response), []);
    assert.equal(sink.entries[0]?.timestamp, 1_733_000_000_123);
    await handler.close();
  });

  describe("what a poison entry copies of a record's headers", () => {
    test('credential-like headers are not copied; every header of a repeated name is', async () => {
      const sink = new MemoryPoisonSink();
      const handler = build<{ bad?: boolean }>({
        service: uniqueService('poison-headers'),
        store: new RedisDedupStore({ redis: { url: redisUrl() } }),
        poison: { sink },
        handle: () => {
          throw new PermanentError('beyond repair');
        },
      });
      const secret = 'v4lue-0f-a-s3cret';
      const credentials = [
        'X-JWT-Assertion',
        'Bearer',
        'x-private-key',
        'x-passphrase',
        'pwd',
        'x-session-key',
        'sessionid',
        'x-access-key',
        'x-client-cert',
        'dsn',
        'Authorization',
        'x-api-key',
        'Cookie',
      ];
      const { response } = await invoke(
        handler,
        mskEvent([
          mskRecord({
            offset: 1,
            eventId: ID(1),
            value: { bad: true },
            headers: [
              ...credentials.map((name) => ({ [name]: secret })),
              { 'x-forwarded': `Bearer ${secret}` },
              { 'x-tenant': 'acme' },
              { 'x-trace': 'one' },
              { 'x-trace': 'two' },
              { 'x-trace': 'three' },
            ],
          }),
        ]),
      );
      assert.deepEqual(failedOffsets(response), []);
      const [entry] = sink.entries;
      assert.ok(entry);
      assert.doesNotMatch(JSON.stringify(entry), /s3cret/, JSON.stringify(entry.headers, null, 1));
      for (const name of credentials)
        assert.ok(name in entry.headers, `${name} is named, its value not copied`);
      assert.equal(entry.headers['x-tenant'], 'acme');
      assert.deepEqual(
        Object.entries(entry.headers)
          .filter(([name]) => name.startsWith('x-trace'))
          .map(([, value]) => value),
        ['one', 'two', 'three'],
        'every header of a repeated name',
      );
      await handler.close();
    });
  });
});
