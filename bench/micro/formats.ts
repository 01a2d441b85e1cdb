/**
 * What decoding a 1 KB value costs per record in each format, and what the registry cache saves:
 * the first record of a schema id (an HTTP lookup to the test kit's registry, the schema parsed,
 * the resolver built) against the records after it (all from memory, no await). Also the bundle
 * of a function per format, against the core alone. Prints figures; asserts nothing.
 * Not part of `npm run bench`. Run: node --expose-gc bench/micro/formats.ts
 */
import type { MSKRecord } from 'aws-lambda';
import protobufjs from 'protobufjs';
import {
  avro,
  ConfluentSchemaRegistry,
  json,
  jsonSchema,
  protobuf,
  type RecordFormat,
} from '../../lib/formats/index.ts';
import { parseJson } from '../../lib/kafka/decode.ts';
import { startLocalConfluentRegistry } from '../../testkit/local-confluent-registry.ts';
import { encodeWithSchema } from '../../testkit/schema-producer.ts';
import { bundleAndLoad } from '../bundle.ts';
import { median } from '../stats.ts';

const RECORDS = 20_000;
const AVRO = {
  type: 'record',
  name: 'Review',
  fields: [
    { name: 'reviewId', type: 'string' },
    { name: 'userId', type: 'string' },
    { name: 'rating', type: 'int' },
    { name: 'createdAt', type: 'long' },
    { name: 'tags', type: { type: 'array', items: 'string' } },
    { name: 'body', type: 'string' },
  ],
};
const AVRO_V2 = { ...AVRO, fields: [...AVRO.fields, { name: 'locale', type: 'string', default: 'en' }] };
const PROTO = `syntax = "proto3";
message Review { string reviewId = 1; string userId = 2; int32 rating = 3; int64 createdAt = 4; repeated string tags = 5; string body = 6; }`;
const JSON_SCHEMA = {
  type: 'object',
  required: ['reviewId', 'userId', 'rating', 'body'],
  properties: {
    reviewId: { type: 'string' },
    userId: { type: 'string' },
    rating: { type: 'integer' },
    body: { type: 'string' },
  },
};
// Sized so that the JSON text is 1 KB; the binary formats carry the same value.
const value = {
  reviewId: '01JD8X3Z4Q5R6S7T8V9W0XYZAB',
  userId: 'user-4711',
  rating: 4,
  createdAt: 1_700_000_000_000,
  tags: ['delivery', 'quality', 'price'],
  body: '',
};
value.body = 'x'.repeat(1024 - Buffer.byteLength(JSON.stringify(value)));

const registry = await startLocalConfluentRegistry();
const avroId = registry.register('reviews-value', AVRO);
const protoId = registry.register('reviews-proto', PROTO, 'PROTOBUF');
const jsonId = registry.register('reviews-json', JSON_SCHEMA, 'JSON');
const bytes = {
  json: Buffer.from(JSON.stringify(value)),
  avro: encodeWithSchema({ format: 'avro', schema: AVRO }, value, { wire: 'none' }),
  avroConfluent: encodeWithSchema({ format: 'avro', schema: AVRO }, value, {
    wire: 'confluent',
    schemaId: avroId,
  }),
  proto: encodeWithSchema({ format: 'protobuf', proto: PROTO, messageType: 'Review' }, value, {
    wire: 'none',
  }),
  protoConfluent: encodeWithSchema({ format: 'protobuf', proto: PROTO, messageType: 'Review' }, value, {
    wire: 'confluent',
    schemaId: protoId,
  }),
  jsonConfluent: encodeWithSchema({ format: 'json-schema', schema: JSON_SCHEMA }, value, {
    wire: 'confluent',
    schemaId: jsonId,
  }),
};
const record = { topic: 'reviews', partition: 0, offset: 0 } as MSKRecord;
const Review = protobufjs.parse(PROTO).root.lookupType('Review');
let sink = 0;

/** µs per record, median of 7 runs of RECORDS decodes, after the decoder's first (awaited) call. */
async function perRecord(
  name: string,
  size: number,
  decode: (b: Buffer, r: MSKRecord) => unknown,
  input: Buffer,
) {
  await decode(input, record);
  const samples: number[] = [];
  for (let run = 0; run < 9; run++) {
    globalThis.gc?.();
    const t = performance.now();
    for (let i = 0; i < RECORDS; i++) {
      const out = decode(input, record);
      if (out instanceof Promise) throw new Error(`${name} awaited on the hot path`);
      sink += (out as { rating?: number }).rating ?? 0;
    }
    if (run >= 2) samples.push(((performance.now() - t) * 1000) / RECORDS);
  }
  console.log(`${median(samples).toFixed(2).padStart(8)} µs/record  ${String(size).padStart(5)} B  ${name}`);
}

const client = () => new ConfluentSchemaRegistry({ url: registry.url });
const decoder = (format: RecordFormat) => format.decoder('value');
console.log(`decode cost per record (${RECORDS} records, median of 7 runs; value = 1 KB as JSON)`);
await perRecord('JSON.parse (the default parse)', bytes.json.length, (b) => parseJson(b), bytes.json);
await perRecord("json() / { type: 'json' }", bytes.json.length, decoder(json()), bytes.json);
await perRecord('avro(), reader schema only', bytes.avro.length, decoder(avro({ schema: AVRO })), bytes.avro);
await perRecord(
  'avro(), Confluent wire format, writer = reader (cached)',
  bytes.avroConfluent.length,
  decoder(avro({ schema: AVRO, registry: client() })),
  bytes.avroConfluent,
);
await perRecord(
  'avro(), Confluent, writer v1 resolved into reader v2 (cached)',
  bytes.avroConfluent.length,
  decoder(avro({ schema: AVRO_V2, registry: client() })),
  bytes.avroConfluent,
);
await perRecord(
  'protobuf(), your message type',
  bytes.proto.length,
  decoder(protobuf({ schema: Review })),
  bytes.proto,
);
await perRecord(
  'protobuf(), Confluent, writer message from the registry (cached)',
  bytes.protoConfluent.length,
  decoder(protobuf({ registry: client() })),
  bytes.protoConfluent,
);
await perRecord(
  'jsonSchema(), Confluent, writer schema (ajv, cached)',
  bytes.jsonConfluent.length,
  decoder(jsonSchema({ registry: client() })),
  bytes.jsonConfluent,
);

// The registry cache: a fresh schema id per round, its first record against the next ones.
const ROUNDS = 25;
const first: number[] = [];
const rest: number[] = [];
const avroDecode = decoder(avro({ schema: AVRO_V2, registry: client() }));
await avroDecode(bytes.avroConfluent, record);
for (let round = 0; round < ROUNDS; round++) {
  const id = registry.register(`round-${round}`, { ...AVRO, doc: `round ${round}` });
  const framed = encodeWithSchema({ format: 'avro', schema: AVRO }, value, {
    wire: 'confluent',
    schemaId: id,
  });
  let t = performance.now();
  await avroDecode(framed, record);
  first.push((performance.now() - t) * 1000);
  t = performance.now();
  for (let i = 0; i < 1000; i++) avroDecode(framed, record);
  rest.push(((performance.now() - t) * 1000) / 1000);
}
console.log(`\nregistry cache (Avro, Confluent registry over local HTTP, ${ROUNDS} schema ids)`);
console.log(
  `${median(first).toFixed(1).padStart(8)} µs  first record of a schema id (lookup + parse + resolver)`,
);
console.log(`${median(rest).toFixed(2).padStart(8)} µs  each record after it (cache hit, no await)`);
console.log(
  `${(median(first) / median(rest)).toFixed(0).padStart(8)} x   first / rest; registry requests: ${registry.lookups()}`,
);
await registry.stop();

console.log(
  '\nbundle (esbuild as deployed, AWS SDK external; load = import in a fresh process, median of 3)',
);
const env = { DEDUP_REDIS_URL: 'redis://127.0.0.1:6379', KAFKA_SCHEMA_REGISTRY_URI: 'http://127.0.0.1:9' };
const core = await bundleAndLoad('bench/entry/kafka-handler-entry.ts', env, 3);
for (const entry of ['kafka-handler', 'formats-avro', 'formats-protobuf', 'formats-json-schema']) {
  const b = entry === 'kafka-handler' ? core : await bundleAndLoad(`bench/entry/${entry}-entry.ts`, env, 3);
  const extra = b.bytes - core.bytes;
  const libs = b.largest.filter((l) =>
    /avsc|protobufjs|ajv|long|fast-uri|fast-deep-equal|json-schema-traverse/.test(l.name),
  );
  console.log(
    `${(b.bytes / 1024).toFixed(0).padStart(6)} KB  ${entry === 'kafka-handler' ? 'core only (JSON)      ' : `${entry.padEnd(22)}`}` +
      `${entry === 'kafka-handler' ? '' : ` +${(extra / 1024).toFixed(0)} KB`}  load ${b.loadMs.toFixed(0)} ms` +
      (libs.length ? `  (${libs.map((l) => `${l.name} ${(l.bytes / 1024).toFixed(0)} KB`).join(', ')})` : ''),
  );
}
if (sink === 0) console.log('');
