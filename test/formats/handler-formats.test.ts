/**
 * kafkaHandler's `value` and `key` formats, against real encodings (avsc, protobufjs, JSON made by
 * the test kit's producer, registered in real-HTTP registries): each format in each delivery form
 * (Confluent-framed, Glue-framed incl. zlib, the mapping's SOURCE and JSON record formats), schema
 * evolution, key formats, Standard Schema validation and the option checks.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import protobufjs from 'protobufjs';
import { z } from 'zod';
import { MappingSchemaRegistry } from '../../emulator/schema-registry-mapping.ts';
import {
  avro,
  ConfluentSchemaRegistry,
  GlueSchemaRegistry,
  jsonSchema,
  protobuf,
  type SchemaRegistry,
} from '../../lib/formats/index.ts';
import { ConfigurationError, kafkaHandler, MemoryDedupStore } from '../../lib/index.ts';
import {
  type LocalConfluentRegistry,
  startLocalConfluentRegistry,
} from '../../testkit/local-confluent-registry.ts';
import { type LocalGlueRegistry, startLocalGlueRegistry } from '../../testkit/local-glue-registry.ts';
import { SchemaProducer, type SchemaSpec } from '../../testkit/schema-producer.ts';
import { invoke } from '../support/consumer.ts';
import { REVIEW_JSON_SCHEMA, REVIEW_KEY, REVIEW_PROTO, REVIEW_V1, REVIEW_V2, review } from './schemas.ts';
import { deliveredEvent, logOf, plain, recordingHandler } from './support.ts';

/** Whether a log line (as JSON text) passes `check`. */
const logged = (lines: Record<string, unknown>[], check: (line: string) => boolean) =>
  lines.some((line) => check(JSON.stringify(line)));

const credentials = { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local-secret' };
const ReviewType = protobufjs.parse(REVIEW_PROTO).root.lookupType('shop.Review');

let confluent: LocalConfluentRegistry;
let glue: LocalGlueRegistry;
before(async () => {
  [confluent, glue] = await Promise.all([startLocalConfluentRegistry(), startLocalGlueRegistry()]);
});
after(() => Promise.all([confluent.stop(), glue.stop()]));

const confluentClient = () => new ConfluentSchemaRegistry({ url: confluent.url });
const glueClient = () =>
  new GlueSchemaRegistry({ registryArn: glue.registryArn, endpoint: glue.endpoint, credentials });

type Delivery =
  | 'confluent'
  | 'glue'
  | 'glue-zlib'
  | 'SOURCE/confluent'
  | 'SOURCE/glue'
  | 'JSON/confluent'
  | 'JSON/glue';
const DELIVERIES: Delivery[] = [
  'confluent',
  'glue',
  'glue-zlib',
  'SOURCE/confluent',
  'SOURCE/glue',
  'JSON/confluent',
  'JSON/glue',
];

const FORMATS: {
  name: string;
  spec: SchemaSpec;
  format: (registry: SchemaRegistry, recordFormat?: 'JSON' | 'SOURCE') => unknown;
}[] = [
  {
    name: 'avro',
    spec: { format: 'avro', schema: REVIEW_V1 },
    format: (registry, eventRecordFormat) => avro({ schema: REVIEW_V1, registry, eventRecordFormat }),
  },
  {
    name: 'protobuf',
    spec: { format: 'protobuf', proto: REVIEW_PROTO, messageType: 'shop.Review' },
    format: (registry, eventRecordFormat) => protobuf({ schema: ReviewType, registry, eventRecordFormat }),
  },
  {
    name: 'json-schema',
    spec: { format: 'json-schema', schema: REVIEW_JSON_SCHEMA },
    format: (registry, eventRecordFormat) => jsonSchema({ registry, eventRecordFormat }),
  },
];

describe('each format in each delivery form', () => {
  for (const { name, spec, format } of FORMATS) {
    for (const delivery of DELIVERIES) {
      test(`${name}, ${delivery}`, async () => {
        const onGlue = delivery.includes('glue');
        const log = logOf('reviews');
        const producer = new SchemaProducer(log, onGlue ? { glue } : { confluent });
        const records = [1, 2].map(
          (n) =>
            producer.send({
              topic: 'reviews',
              payload: review(n),
              schema: spec,
              compression: delivery === 'glue-zlib' ? 'zlib' : 'none',
            }).record,
        );
        const registry = onGlue ? glueClient() : confluentClient();
        const recordFormat = delivery.startsWith('SOURCE')
          ? 'SOURCE'
          : delivery.startsWith('JSON')
            ? 'JSON'
            : undefined;
        const mapping = recordFormat
          ? new MappingSchemaRegistry({
              registry: onGlue ? glueClient() : confluentClient(),
              eventRecordFormat: recordFormat,
            })
          : undefined;
        const event = await deliveredEvent(records, mapping);
        if (mapping) assert.ok(Object.hasOwn(Object.values(event.records)[0]![0]!, 'valueSchemaMetadata'));
        const { handler, seen } = recordingHandler({ value: format(registry, recordFormat) as never });
        const { response } = await invoke(handler, event);
        assert.deepEqual(response.batchItemFailures, []);
        assert.deepEqual(
          seen.map((m) => plain(m.payload)),
          [review(1), review(2)],
        );
      });
    }
  }
});

describe('schema evolution (Avro resolution: writer schema from the registry, reader schema from the handler)', () => {
  test('v1 records read with the v2 reader get the default and the promoted type', async () => {
    const log = logOf('reviews');
    const producer = new SchemaProducer(log, { confluent });
    const { record } = producer.send({
      topic: 'reviews',
      payload: review(1),
      schema: { format: 'avro', schema: REVIEW_V1 },
    });
    const { handler, seen } = recordingHandler({
      value: avro({ schema: REVIEW_V2, registry: confluentClient() }),
    });
    const { response } = await invoke(handler, await deliveredEvent([record]));
    assert.deepEqual(response.batchItemFailures, []);
    assert.deepEqual(plain(seen[0]!.payload), { ...review(1), comment: '' });
  });

  test('v2 records read with the v1 reader drop the field v1 does not know', async () => {
    const log = logOf('reviews');
    const producer = new SchemaProducer(log, { glue });
    const { record } = producer.send({
      topic: 'reviews',
      payload: { ...review(2), comment: 'great' },
      schema: {
        format: 'avro',
        schema: { ...REVIEW_V1, fields: [...REVIEW_V1.fields, { name: 'comment', type: 'string' }] },
      },
      compression: 'zlib',
    });
    const { handler, seen } = recordingHandler({
      value: avro({ schema: REVIEW_V1, registry: glueClient() }),
    });
    const { response, lines } = await invoke(handler, await deliveredEvent([record]));
    assert.deepEqual(response.batchItemFailures, [], JSON.stringify(lines));
    assert.deepEqual(plain(seen[0]!.payload), review(2));
  });

  test('without a reader schema each record comes as its writer wrote it; SOURCE records resolve too', async () => {
    const log = logOf('reviews');
    const producer = new SchemaProducer(log, { confluent });
    const records = [
      producer.send({ topic: 'reviews', payload: review(1), schema: { format: 'avro', schema: REVIEW_V1 } })
        .record,
      producer.send({
        topic: 'reviews',
        payload: { ...review(2), comment: 'c' },
        schema: { format: 'avro', schema: REVIEW_V2 },
      }).record,
    ];
    const writerOnly = recordingHandler({ value: avro({ registry: confluentClient() }) });
    await invoke(writerOnly.handler, await deliveredEvent(records));
    assert.deepEqual(
      writerOnly.seen.map((m) => plain(m.payload)),
      [review(1), { ...review(2), comment: 'c' }],
    );
    const mapping = new MappingSchemaRegistry({ registry: confluentClient(), eventRecordFormat: 'SOURCE' });
    const resolving = recordingHandler({
      value: avro({ schema: REVIEW_V2, registry: confluentClient(), eventRecordFormat: 'SOURCE' }),
    });
    await invoke(resolving.handler, await deliveredEvent(records, mapping));
    assert.deepEqual(
      resolving.seen.map((m) => plain(m.payload)),
      [
        { ...review(1), comment: '' },
        { ...review(2), comment: 'c' },
      ],
    );
  });

  test('a writer schema the reader cannot read fails the record and says why', async () => {
    const log = logOf('reviews');
    const producer = new SchemaProducer(log, { confluent });
    const incompatible = {
      type: 'record',
      name: 'Review',
      namespace: 'shop',
      fields: [{ name: 'reviewId', type: 'int' }],
    };
    const { record } = producer.send({
      topic: 'reviews',
      payload: { reviewId: 3 },
      schema: { format: 'avro', schema: incompatible },
    });
    const { handler, seen } = recordingHandler({
      value: avro({ schema: REVIEW_V1, registry: confluentClient() }),
    });
    const { response, lines } = await invoke(handler, await deliveredEvent([record]));
    assert.equal(response.batchItemFailures.length, 1);
    assert.equal(seen.length, 0);
    assert.ok(
      logged(lines, (l) =>
        /record reviews-0@0: value \(avro, schema id \d+\): records written with schema \d+ cannot be read/.test(
          l,
        ),
      ),
    );
  });
});

describe('Protobuf with the writer message from the registry', () => {
  test('message indexes pick the message, nested ones included (Confluent and Glue)', async () => {
    for (const registry of ['confluent', 'glue'] as const) {
      const log = logOf('replies');
      const producer = new SchemaProducer(log, registry === 'glue' ? { glue } : { confluent });
      const { record } = producer.send({
        topic: 'replies',
        payload: { text: 'thanks' },
        schema: { format: 'protobuf', proto: REVIEW_PROTO, messageType: 'shop.Review.Reply' },
      });
      const { handler, seen } = recordingHandler({
        value: protobuf({ registry: registry === 'glue' ? glueClient() : confluentClient() }),
      });
      const { response } = await invoke(handler, await deliveredEvent([record]));
      assert.deepEqual(response.batchItemFailures, [], registry);
      assert.deepEqual(seen[0]!.payload, { text: 'thanks' }, registry);
    }
  });
});

describe('keys, validation and plain JSON', () => {
  test('a key format decodes message.key; the value keeps its own format', async () => {
    const log = logOf('reviews');
    const producer = new SchemaProducer(log, { confluent });
    const { record } = producer.send({
      topic: 'reviews',
      key: { payload: { reviewId: 'r-1' }, schema: { format: 'avro', schema: REVIEW_KEY } },
      payload: review(1),
      schema: { format: 'avro', schema: REVIEW_V1 },
    });
    const registry = confluentClient();
    const { handler, seen } = recordingHandler<unknown, { reviewId: string }>({
      key: avro({ schema: REVIEW_KEY, registry }),
      value: avro({ schema: REVIEW_V1, registry }),
    });
    const { response } = await invoke(handler, await deliveredEvent([record]));
    assert.deepEqual(response.batchItemFailures, []);
    assert.deepEqual(plain(seen[0]!.key), { reviewId: 'r-1' });
  });

  test('parserSchema (zod): its output is the payload; a value it rejects fails the record', async () => {
    const log = logOf('reviews');
    const producer = new SchemaProducer(log, { confluent });
    const spec = { format: 'avro', schema: REVIEW_V1 } as const;
    const good = producer.send({ topic: 'reviews', payload: review(1), schema: spec }).record;
    const bad = producer.send({
      topic: 'reviews',
      payload: { ...review(2), rating: 9 },
      schema: spec,
    }).record;
    const Review = z
      .object({ reviewId: z.string(), rating: z.number().max(5) })
      .transform((r) => `${r.reviewId}:${r.rating}`);
    const { handler, seen } = recordingHandler({
      value: avro({ schema: REVIEW_V1, registry: confluentClient(), parserSchema: Review }),
    });
    const { response, lines } = await invoke(handler, await deliveredEvent([good, bad]));
    assert.deepEqual(
      seen.map((m) => m.payload),
      ['r-1:2'],
    );
    assert.deepEqual(response.batchItemFailures, [{ itemIdentifier: { partition: 'reviews-0', offset: 1 } }]);
    assert.ok(
      logged(lines, (l) =>
        /reviews-0@1: value \(avro, schema id \d+\): rejected by parserSchema: rating: /.test(l),
      ),
    );
  });

  test("Powertools' { type: 'json', parserSchema } needs no import and stays synchronous", async () => {
    const log = logOf('plain');
    log.append('plain', {
      value: JSON.stringify(review(1)),
      headers: [{ name: 'Event-Id', value: Buffer.from('01JD8X3Z4Q5R6S7T8V9W0XYZAB') }],
    });
    const { handler, seen } = recordingHandler({
      value: { type: 'json', parserSchema: z.object({ rating: z.number() }) },
    });
    const { response } = await invoke(handler, await deliveredEvent(log.read('plain', 0, 0, 10)));
    assert.deepEqual(response.batchItemFailures, []);
    assert.deepEqual(seen[0]!.payload, { rating: 2 });
  });

  test('SOURCE records without a known record format fail naming the setting', async () => {
    delete process.env.KAFKA_EVENT_RECORD_FORMAT;
    const log = logOf('reviews');
    const producer = new SchemaProducer(log, { confluent });
    const { record } = producer.send({
      topic: 'reviews',
      payload: review(1),
      schema: { format: 'avro', schema: REVIEW_V1 },
    });
    const mapping = new MappingSchemaRegistry({ registry: confluentClient(), eventRecordFormat: 'SOURCE' });
    const { handler } = recordingHandler({ value: avro({ schema: REVIEW_V1 }) });
    const { response, lines } = await invoke(handler, await deliveredEvent([record], mapping));
    assert.equal(response.batchItemFailures.length, 1);
    assert.ok(logged(lines, (l) => l.includes('KAFKA_EVENT_RECORD_FORMAT')));
  });
});

describe('options are checked at cold start, naming the option', () => {
  const base = {
    service: 's',
    handlerName: 'h',
    store: new MemoryDedupStore({ quiet: true }),
    handle: () => {},
  };
  const refused = (options: object, pattern: RegExp) =>
    assert.throws(
      () => kafkaHandler({ ...base, ...options } as never),
      (e: Error) => e instanceof ConfigurationError && pattern.test(e.message),
    );

  test("Powertools' { type: 'avro', schema } says where its decoder is", () => {
    refused(
      { value: { type: 'avro', schema: JSON.stringify(REVIEW_V1) } },
      /invalid option value: \{ type: 'avro' \} needs its decoder: import \{ avro \} from 'msk-once\/formats'/,
    );
    refused({ key: { type: 'protobuf', schema: ReviewType } }, /invalid option key: .*import \{ protobuf \}/);
  });

  test('a format without a schema or a registry, parse with value', () => {
    refused({ value: avro({}) }, /invalid option value.schema: avro needs a reader schema/);
    refused({ parse: JSON.parse, value: { type: 'json' } }, /invalid option value: give parse or value/);
    refused(
      { value: avro({ schema: REVIEW_V1, eventRecordFormat: 'XML' as never }) },
      /value.eventRecordFormat: 'XML'/,
    );
    refused({ value: avro({ schema: '{not json' }) }, /value.schema: is not Avro schema JSON/);
  });
});
