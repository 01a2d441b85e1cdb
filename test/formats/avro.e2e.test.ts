/**
 * End to end in the emulator: a business handler written as in the README consumes an Avro topic
 * through a Confluent registry (KafkaLog + EventSourceMapping + LambdaFunction + real Redis + the
 * test kit's registry over HTTP). Duplicates run once; a poison record is retried and reaches the
 * DLQ; the rest of its batch goes through. Then the same topic behind a mapping that has the
 * registry itself (SOURCE): records with an unknown schema id go to the DLQ as SCHEMA_NOT_FOUND
 * without reaching the function.
 */
import '../support/consumer.ts';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { MSKEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { EventSourceMapping } from '../../emulator/event-source-mapping.ts';
import { inProcess, LambdaFunction } from '../../emulator/index.ts';
import type { KafkaOnFailureMessage } from '../../emulator/on-failure.ts';
import { MappingSchemaRegistry } from '../../emulator/schema-registry-mapping.ts';
import { avro, ConfluentSchemaRegistry, frameConfluent } from '../../lib/formats/index.ts';
import { captureConsoleOutput as captureStdout } from '../../testkit/index.ts';
import {
  type LocalConfluentRegistry,
  startLocalConfluentRegistry,
} from '../../testkit/local-confluent-registry.ts';
import { SchemaProducer } from '../../testkit/schema-producer.ts';
import { testConsumers } from '../support/consumer.ts';
import { REVIEW_V1, REVIEW_V2 } from './schemas.ts';
import { logOf } from './support.ts';

type ReviewCreated = { reviewId: string; userId: string; rating: number; comment: string };

let registry: LocalConfluentRegistry;
const build = testConsumers();
before(async () => {
  registry = await startLocalConfluentRegistry();
});
after(async () => {
  await registry.stop();
});

/** The README's handler, reading Avro through the registry. */
function reviewFunction(thanks: string[], eventRecordFormat?: 'SOURCE') {
  return new LambdaFunction<MSKEvent>(
    inProcess(() => {
      const handler = build<ReviewCreated>({
        service: 'notification',
        handlerName: `on-review-created-${ulid()}`,
        // As the README's handler: the default reserve, not the tests' none.
        reserveMs: undefined,
        window: 'default',
        onStoreError: 'open',
        // The reader schema is v2: v1 records are resolved into it (comment: '').
        value: avro({
          schema: REVIEW_V2,
          registry: new ConfluentSchemaRegistry({ url: registry.url }),
          eventRecordFormat,
        }),
        async handle(message, { logger }) {
          const review = message.payload!;
          logger.info('thanking the reviewer', { reviewId: review.reviewId });
          thanks.push(`${review.userId}:${review.rating}:${review.comment}:${message.eventId}`);
        },
      });
      return handler;
    }),
    { functionName: 'notification', timeoutMs: 30_000 },
  );
}

function dlqMessages(log: ReturnType<typeof logOf>): KafkaOnFailureMessage[] {
  return log.read('reviews-dlq', 0, 0, 100).map((r) => JSON.parse(r.value!.toString()));
}

describe('an Avro topic through a Confluent registry, in the emulator', () => {
  test('the function decodes: duplicates once, evolution resolved, the poison record retried then in the DLQ', async () => {
    const log = logOf('reviews', 2);
    log.createTopic('reviews-dlq', 1);
    const producer = new SchemaProducer(log, { confluent: registry });
    const v1 = { format: 'avro', schema: REVIEW_V1 } as const;
    const v2 = { format: 'avro', schema: REVIEW_V2 } as const;
    const sent: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { eventId } = producer.send({
        topic: 'reviews',
        key: `review-${i}`,
        payload:
          i % 2
            ? { reviewId: `r${i}`, userId: `u${i}`, rating: 4, comment: 'ok' }
            : { reviewId: `r${i}`, userId: `u${i}`, rating: 5 },
        schema: i % 2 ? v2 : v1,
      });
      sent.push(eventId);
    }
    // A producer retry: the same event (same Event-Id) published again.
    producer.send({
      topic: 'reviews',
      key: 'review-3',
      payload: { reviewId: 'r3', userId: 'u3', rating: 4, comment: 'ok' },
      schema: v2,
      eventId: sent[3],
    });
    // A poison record: framed for a real schema, but its body is cut short.
    const poison = log.append('reviews', {
      key: 'review-1',
      value: frameConfluent(1, Buffer.from([0x04])),
      headers: [{ name: 'Event-Id', value: Buffer.from(ulid()) }],
    });

    const thanks: string[] = [];
    const esm = new EventSourceMapping(log, reviewFunction(thanks), {
      topics: ['reviews'],
      batchSize: 5,
      provisionedPollers: {},
      functionResponseTypes: ['ReportBatchItemFailures'],
      maximumRetryAttempts: 2,
      onFailureDestination: 'kafka://reviews-dlq',
    });
    await captureStdout(() => esm.drain());

    assert.equal(thanks.length, 10, 'each of the 10 events once, the duplicate skipped');
    assert.deepEqual(new Set(thanks.map((t) => t.split(':').at(-1))), new Set(sent));
    assert.ok(thanks.includes(`u0:5::${sent[0]}`), 'a v1 record gets the v2 default');
    assert.ok(thanks.includes(`u1:4:ok:${sent[1]}`));
    assert.deepEqual(
      esm.stats.sentToDestination.map((f) => [f.partition, f.offset, f.condition, f.approximateInvokeCount]),
      [[poison.partition, poison.offset, 'RetriesExhausted', 3]],
    );
    const [dlq] = dlqMessages(log);
    assert.equal(dlq!.payload.records[`reviews-${poison.partition}`]![0]!.offset, poison.offset);
    assert.equal(esm.offsetLag, 0);
  });

  test('the mapping validates (SOURCE): an unknown schema id goes to the DLQ as SCHEMA_NOT_FOUND, never to the function', async () => {
    const log = logOf('reviews', 1);
    log.createTopic('reviews-dlq', 1);
    const producer = new SchemaProducer(log, { confluent: registry });
    for (let i = 0; i < 4; i++) {
      producer.send({
        topic: 'reviews',
        payload: { reviewId: `r${i}`, userId: `u${i}`, rating: 3 },
        schema: { format: 'avro', schema: REVIEW_V1 },
      });
    }
    const unknown = log.append('reviews', {
      value: frameConfluent(999_999, Buffer.from([2, 0x61])),
      headers: [{ name: 'Event-Id', value: Buffer.from(ulid()) }],
    });
    const seen: number[] = [];
    const fn = reviewFunction([], 'SOURCE');
    const esm = new EventSourceMapping(
      log,
      {
        functionName: fn.functionName,
        arn: fn.arn,
        invoke: (event) => {
          for (const records of Object.values(event.records)) {
            for (const r of records) {
              seen.push(r.offset);
              assert.deepEqual((r as { valueSchemaMetadata?: unknown }).valueSchemaMetadata, {
                dataFormat: 'AVRO',
                schemaId: '1',
              });
            }
          }
          return fn.invoke(event);
        },
      },
      {
        topics: ['reviews'],
        provisionedPollers: {},
        functionResponseTypes: ['ReportBatchItemFailures'],
        onFailureDestination: 'kafka://reviews-dlq',
        schemaRegistry: new MappingSchemaRegistry({
          registry: new ConfluentSchemaRegistry({ url: registry.url }),
          eventRecordFormat: 'SOURCE',
        }),
      },
    );
    await captureStdout(() => esm.drain());
    assert.deepEqual(seen, [0, 1, 2, 3]);
    assert.deepEqual(
      esm.stats.sentToDestination.map((f) => [f.offset, f.condition, f.approximateInvokeCount]),
      [[unknown.offset, 'SCHEMA_NOT_FOUND', 0]],
    );
    assert.equal(dlqMessages(log)[0]!.requestContext.condition, 'SCHEMA_NOT_FOUND');
    assert.equal(esm.offsetLag, 0);
  });
});
