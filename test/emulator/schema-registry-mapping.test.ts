/**
 * The emulated mapping's schema registry step, as AWS documents it: JSON and SOURCE record formats
 * with `*SchemaMetadata`, SCHEMA_NOT_FOUND and DESERIALIZATION_ERROR to the on-failure topic, and a
 * registry that does not answer holding the batch back until it does.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { MSKEvent } from 'aws-lambda';
import { EventSourceMapping } from '../../emulator/event-source-mapping.ts';
import { KafkaLog } from '../../emulator/kafka-log.ts';
import { MappingSchemaRegistry } from '../../emulator/schema-registry-mapping.ts';
import { ConfluentSchemaRegistry, frameConfluent, GlueSchemaRegistry } from '../../lib/formats/index.ts';
import {
  type LocalConfluentRegistry,
  startLocalConfluentRegistry,
} from '../../testkit/local-confluent-registry.ts';
import { type LocalGlueRegistry, startLocalGlueRegistry } from '../../testkit/local-glue-registry.ts';
import { SchemaProducer } from '../../testkit/schema-producer.ts';
import { fnOf, PARTIAL_RESPONSES, reportingHandler } from './helpers.ts';

const SCHEMA = {
  type: 'record',
  name: 'R',
  fields: [
    { name: 'n', type: 'int' },
    { name: 'tag', type: 'string' },
  ],
};
const PROTO = 'syntax = "proto3"; package p; message A { int32 n = 1; } message B { string s = 1; }';

let confluent: LocalConfluentRegistry;
let glue: LocalGlueRegistry;
before(async () => {
  [confluent, glue] = await Promise.all([startLocalConfluentRegistry(), startLocalGlueRegistry()]);
});
after(() => Promise.all([confluent.stop(), glue.stop()]));

function logWithTopic(): KafkaLog {
  const log = new KafkaLog();
  log.createTopic('t', 1);
  log.createTopic('t-dlq', 1);
  return log;
}

async function run(log: KafkaLog, step: MappingSchemaRegistry) {
  const events: MSKEvent[] = [];
  const handle = reportingHandler(() => false);
  const esm = new EventSourceMapping(
    log,
    fnOf(async (event, ctx) => {
      events.push(structuredClone(event));
      return handle(event, ctx);
    }),
    {
      topics: ['t'],
      // A schema registry needs provisioned mode.
      ...PARTIAL_RESPONSES,
      maximumBatchingWindowInSeconds: 0,
      onFailureDestination: 'kafka://t-dlq',
      schemaRegistry: step,
    },
  );
  await esm.drain();
  return { esm, records: events.flatMap((e) => Object.values(e.records).flat()) };
}

describe('EventSourceMapping with a schema registry', () => {
  test('JSON: Avro and Protobuf values arrive as JSON text with valueSchemaMetadata', async () => {
    const log = logWithTopic();
    const producer = new SchemaProducer(log, { confluent });
    producer.send({ topic: 't', payload: { n: 1, tag: 'x' }, schema: { format: 'avro', schema: SCHEMA } });
    const { schemaId } = producer.send({
      topic: 't',
      payload: { s: 'hi' },
      schema: { format: 'protobuf', proto: PROTO, messageType: 'p.B' },
    });
    const { records } = await run(
      log,
      new MappingSchemaRegistry({
        registry: new ConfluentSchemaRegistry({ url: confluent.url }),
        eventRecordFormat: 'JSON',
      }),
    );
    assert.deepEqual(
      records.map((r) => [
        JSON.parse(Buffer.from(r.value, 'base64').toString()),
        (r as unknown as { valueSchemaMetadata: unknown }).valueSchemaMetadata,
      ]),
      [
        [
          { n: 1, tag: 'x' },
          { dataFormat: 'AVRO', schemaId: '1' },
        ],
        [{ s: 'hi' }, { dataFormat: 'PROTOBUF', schemaId }],
      ],
    );
  });

  test('SOURCE on Glue: the header is gone, zlib is inflated, the schema version id is in the metadata', async () => {
    const log = logWithTopic();
    const producer = new SchemaProducer(log, { glue });
    const { schemaId } = producer.send({
      topic: 't',
      payload: { n: 7, tag: 'y' },
      schema: { format: 'avro', schema: SCHEMA },
      compression: 'zlib',
    });
    const registry = new GlueSchemaRegistry({
      registryArn: glue.registryArn,
      endpoint: glue.endpoint,
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
    });
    const { records } = await run(log, new MappingSchemaRegistry({ registry, eventRecordFormat: 'SOURCE' }));
    const avsc = (await import('avsc')).default;
    assert.deepEqual(
      {
        ...(avsc.Type.forSchema(SCHEMA as never).fromBuffer(
          Buffer.from(records[0]!.value, 'base64'),
        ) as object),
      },
      { n: 7, tag: 'y' },
    );
    assert.deepEqual((records[0] as unknown as { valueSchemaMetadata: unknown }).valueSchemaMetadata, {
      dataFormat: 'AVRO',
      schemaId,
    });
  });

  test('SCHEMA_NOT_FOUND and DESERIALIZATION_ERROR go to the DLQ; the function gets the rest', async () => {
    const log = logWithTopic();
    const producer = new SchemaProducer(log, { confluent });
    producer.send({ topic: 't', payload: { n: 1, tag: 'a' }, schema: { format: 'avro', schema: SCHEMA } });
    log.append('t', { value: frameConfluent(777, Buffer.from([2])) });
    log.append('t', { value: frameConfluent(1, Buffer.from([2])) });
    log.append('t', { value: Buffer.from('not framed') });
    producer.send({ topic: 't', payload: { n: 5, tag: 'e' }, schema: { format: 'avro', schema: SCHEMA } });
    const { esm, records } = await run(
      log,
      new MappingSchemaRegistry({
        registry: new ConfluentSchemaRegistry({ url: confluent.url }),
        eventRecordFormat: 'SOURCE',
      }),
    );
    assert.deepEqual(
      records.map((r) => r.offset),
      [0, 4],
    );
    assert.deepEqual(
      esm.stats.sentToDestination.map((f) => [f.offset, f.condition]),
      [
        [1, 'SCHEMA_NOT_FOUND'],
        [2, 'DESERIALIZATION_ERROR'],
        [3, 'DESERIALIZATION_ERROR'],
      ],
    );
  });

  test('a registry that does not answer holds the batch back; nothing is lost', async () => {
    const log = logWithTopic();
    const producer = new SchemaProducer(log, { confluent });
    producer.send({ topic: 't', payload: { n: 2, tag: 'b' }, schema: { format: 'avro', schema: SCHEMA } });
    confluent.failAll(503);
    setTimeout(() => confluent.recover(), 300);
    const { esm, records } = await run(
      log,
      new MappingSchemaRegistry({
        registry: new ConfluentSchemaRegistry({ url: confluent.url }),
        eventRecordFormat: 'SOURCE',
        retryMs: 50,
      }),
    );
    assert.ok((esm.stats.registryStalls ?? 0) >= 1);
    assert.deepEqual(
      records.map((r) => r.offset),
      [0],
    );
    assert.deepEqual(esm.stats.sentToDestination, []);
  });
});
