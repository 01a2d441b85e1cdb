/**
 * The schemas, value generators (fast-check) and fixed hostile values of decode-bounds.test.ts.
 * Hostile values are written byte by byte here on purpose: no encoder would write them.
 */
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { frameConfluent, frameGlue } from '../../lib/formats/index.ts';

/** Every Avro type that reads a length or a count, a union, a recursive branch. */
export const FUZZ_AVRO = {
  type: 'record',
  name: 'Fuzz',
  namespace: 'fuzz',
  fields: [
    { name: 'id', type: 'string' },
    { name: 'n', type: 'int' },
    { name: 'l', type: 'long' },
    { name: 'd', type: 'double' },
    { name: 'ok', type: 'boolean' },
    { name: 'raw', type: 'bytes' },
    { name: 'fx', type: { type: 'fixed', name: 'Four', size: 4 } },
    { name: 'kind', type: { type: 'enum', name: 'Kind', symbols: ['A', 'B', 'C'] } },
    { name: 'tags', type: { type: 'array', items: 'string' } },
    { name: 'nulls', type: { type: 'array', items: 'null' } },
    { name: 'empties', type: { type: 'array', items: { type: 'record', name: 'Empty', fields: [] } } },
    { name: 'grid', type: { type: 'array', items: { type: 'array', items: 'int' } } },
    { name: 'attrs', type: { type: 'map', values: 'long' } },
    { name: 'opt', type: ['null', 'string'] },
    { name: 'next', type: ['null', 'Fuzz'] },
  ],
};

/** A reader that resolves: int promoted to long, grid and attrs skipped, a field with a default. */
export const FUZZ_AVRO_READER = {
  ...FUZZ_AVRO,
  fields: [
    ...FUZZ_AVRO.fields
      .filter((f) => f.name !== 'grid' && f.name !== 'attrs')
      .map((f) => (f.name === 'n' ? { name: 'n', type: 'long' } : f)),
    { name: 'extra', type: 'string', default: '' },
  ],
};

/** The record of the issue: an int, then an array of longs. */
export const TAGS_AVRO = {
  type: 'record',
  name: 'Tagged',
  fields: [
    { name: 'rating', type: 'int' },
    { name: 'tags', type: { type: 'array', items: 'long' } },
  ],
};

/** rating 1, then an array block count of 3e8 (zig-zag varint 80 8c 8d 9e 02) and nothing more. */
export const HOSTILE_AVRO_6_BYTES = Buffer.from([0x02, 0x80, 0x8c, 0x8d, 0x9e, 0x02]);

export const FUZZ_PROTO = `
syntax = "proto3";
package fuzz;
message Fuzz {
  string id = 1;
  int64 big = 2;
  double d = 3;
  bytes raw = 4;
  repeated int32 nums = 5;
  repeated string tags = 6;
  map<string, int32> attrs = 7;
  Fuzz child = 8;
  repeated double ds = 9;
}
`;

export const FUZZ_JSON_SCHEMA = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'string' },
    n: { type: 'integer' },
    tags: { type: 'array', items: { type: 'string' } },
    extra: {},
  },
};

const avroBase = (depth: number): fc.Arbitrary<Record<string, unknown>> =>
  fc.record({
    id: fc.string({ maxLength: 8 }),
    n: fc.integer(),
    l: fc.integer({ min: -(2 ** 52), max: 2 ** 52 }),
    d: fc.double({ noNaN: true }),
    ok: fc.boolean(),
    raw: fc.uint8Array({ maxLength: 8 }).map((b) => Buffer.from(b)),
    fx: fc.uint8Array({ minLength: 4, maxLength: 4 }).map((b) => Buffer.from(b)),
    kind: fc.constantFrom('A', 'B', 'C'),
    tags: fc.array(fc.string({ maxLength: 4 }), { maxLength: 4 }),
    nulls: fc.array(fc.constant(null), { maxLength: 300, size: 'max' }),
    empties: fc.array(fc.constant({}), { maxLength: 300, size: 'max' }),
    grid: fc.array(fc.array(fc.integer(), { maxLength: 3 }), { maxLength: 3 }),
    attrs: fc.dictionary(fc.string({ maxLength: 4 }), fc.integer({ min: -(2 ** 52), max: 2 ** 52 }), {
      maxKeys: 3,
    }),
    opt: fc.option(fc.string({ maxLength: 4 }), { nil: null }),
    next: depth > 0 ? fc.option(avroBase(depth - 1), { nil: null }) : fc.constant(null),
  });

/** Valid Fuzz values (Avro), nested up to two levels. */
export const fuzzAvroValue = avroBase(2);

/** Valid Tagged values (Avro). */
export const tagsAvroValue = fc.record({
  rating: fc.integer(),
  tags: fc.array(fc.integer({ min: -(2 ** 52), max: 2 ** 52 })),
});

const protoBase = (depth: number): fc.Arbitrary<Record<string, unknown>> =>
  fc.record({
    id: fc.string({ maxLength: 8 }),
    big: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String),
    d: fc.double({ noNaN: true }),
    raw: fc.uint8Array({ maxLength: 8 }).map((b) => Buffer.from(b)),
    nums: fc.array(fc.integer(), { maxLength: 8 }),
    tags: fc.array(fc.string({ maxLength: 4 }), { maxLength: 4 }),
    attrs: fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 3 }),
    child: depth > 0 ? fc.option(protoBase(depth - 1), { nil: undefined }) : fc.constant(undefined),
    ds: fc.array(fc.double({ noNaN: true }), { maxLength: 4 }),
  });

/** Valid Fuzz messages (Protobuf, as plain objects for fromObject). */
export const fuzzProtoValue = protoBase(3);

/** Valid JSON values of FUZZ_JSON_SCHEMA. */
export const fuzzJsonValue = fc.record({
  id: fc.string({ maxLength: 8 }),
  n: fc.integer(),
  tags: fc.array(fc.string({ maxLength: 4 }), { maxLength: 4 }),
  extra: fc.jsonValue({ maxDepth: 3 }),
});

/** A zig-zag varint (Avro's int and long), for counts past 2^31. */
function zigzag(n: number): number[] {
  let raw = n >= 0 ? n * 2 : -n * 2 - 1;
  const out: number[] = [];
  while (raw >= 0x80) {
    out.push((raw % 128) | 0x80);
    raw = Math.floor(raw / 128);
  }
  out.push(raw);
  return out;
}

/** An unsigned varint (Protobuf's lengths). */
function varint(n: number): number[] {
  let v = n;
  const out: number[] = [];
  while (v >= 0x80) {
    out.push((v % 128) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}

/** Protobuf: `levels` messages nested in field 8 (child), written outside in. */
function nestedChildren(levels: number): Buffer {
  const lengths = [0];
  for (let i = 1; i <= levels; i++) {
    const inner = lengths[i - 1]!;
    lengths.push(1 + varint(inner).length + inner);
  }
  const out = Buffer.alloc(lengths[levels]!);
  let at = 0;
  for (let i = levels; i >= 1; i--) {
    out[at++] = 0x42; // field 8, length-delimited
    for (const b of varint(lengths[i - 1]!)) out[at++] = b;
  }
  return out;
}

/** The Fuzz fields before `tags`: id '', n 0, l 0, d 0.0, ok false, raw '', fx 0000, kind A. */
const AVRO_BEFORE_TAGS = [0, 0, 0, ...Array(8).fill(0), 0, 0, 0, 0, 0, 0, 0];

export interface Hostile {
  label: string;
  /** A key of the worker's paths. */
  path: string;
  bytes: Buffer;
}

/** The fixed hostile values, for the worker's paths (their registered ids given). */
export function hostileCases(ids: {
  avroId: number;
  protoId: number;
  jsonId: number;
  avroVersion: string;
  protoVersion: string;
}): Hostile[] {
  const avroBody = (...rest: number[]) => Buffer.from([...AVRO_BEFORE_TAGS, ...rest]);
  const cases: Hostile[] = [
    { label: 'avro: the 6-byte value (array count 3e8)', path: 'avro tags', bytes: HOSTILE_AVRO_6_BYTES },
    {
      label: 'avro: array of strings, count 3e8',
      path: 'avro none',
      bytes: avroBody(...zigzag(3e8)),
    },
    {
      label: 'avro: array of nulls, count 2^52 (items of 0 bytes)',
      path: 'avro none',
      bytes: avroBody(0, ...zigzag(2 ** 52), 0),
    },
    {
      label: 'avro: array of nulls, blocks of 90,000 until the budget is spent',
      path: 'avro none',
      bytes: avroBody(0, ...Array(200).fill(zigzag(90_000)).flat(), 0),
    },
    {
      label: 'avro: array of empty records, count 1e9',
      path: 'avro none',
      bytes: avroBody(0, 0, ...zigzag(1e9), 0),
    },
    {
      label: 'avro: array of arrays, inner count 3e8, skipped by the reader',
      path: 'avro confluent (resolved into a reader)',
      bytes: frameConfluent(ids.avroId, avroBody(0, 0, 0, ...zigzag(1), ...zigzag(3e8))),
    },
    {
      label: 'avro: array of arrays, inner count 3e8, read',
      path: 'avro confluent (writer schema)',
      bytes: frameConfluent(ids.avroId, avroBody(0, 0, 0, ...zigzag(1), ...zigzag(3e8))),
    },
    {
      label: 'avro: skipped array block with a negative size (would loop backwards)',
      path: 'avro confluent (resolved into a reader)',
      bytes: frameConfluent(ids.avroId, avroBody(0, 0, 0, ...zigzag(-1), ...zigzag(-40))),
    },
    {
      label: 'avro: map count 3e8',
      path: 'avro glue',
      bytes: frameGlue(ids.avroVersion, avroBody(0, 0, 0, 0, ...zigzag(3e8))),
    },
    {
      label: 'avro: 40,000 nested records (recursion past the stack)',
      path: 'avro none',
      bytes: Buffer.concat(
        Array.from({ length: 40_000 }, () => Buffer.from([...AVRO_BEFORE_TAGS, 0, 0, 0, 0, 0, 0, 2])),
      ),
    },
    {
      label: 'avro: string length 2^40',
      path: 'avro none',
      bytes: Buffer.from([...zigzag(2 ** 40)]),
    },
    {
      label: 'glue zlib: a body that inflates to 20 MiB (past the 16 MiB cap)',
      path: 'avro glue zlib',
      bytes: Buffer.concat([
        Buffer.from([3, 5]),
        Buffer.from(ids.avroVersion.replaceAll('-', ''), 'hex'),
        deflateSync(Buffer.alloc(20 * 1024 * 1024)),
      ]),
    },
    {
      label: 'protobuf: string length 2^32 - 1',
      path: 'protobuf none (your type)',
      bytes: Buffer.from([0x0a, ...varint(2 ** 32 - 1)]),
    },
    {
      label: 'protobuf: packed int32 length 2^31',
      path: 'protobuf confluent (writer message)',
      bytes: frameConfluent(ids.protoId, Buffer.from([0x2a, ...varint(2 ** 31), 1, 2, 3]), [0]),
    },
    {
      label: 'protobuf: packed double length past the buffer',
      path: 'protobuf none (your type)',
      bytes: Buffer.from([0x4a, ...varint(4096), 0, 0, 0, 0, 0, 0, 0, 0]),
    },
    {
      label: 'protobuf: 20,000 nested messages',
      path: 'protobuf none (your type)',
      bytes: nestedChildren(20_000),
    },
    {
      label: 'protobuf: 20,000 nested messages, writer message',
      path: 'protobuf confluent (writer message)',
      bytes: frameConfluent(ids.protoId, nestedChildren(20_000), [0]),
    },
    {
      label: 'protobuf: 100,000 nested unknown groups',
      path: 'protobuf none (your type)',
      bytes: Buffer.alloc(100_000, 0x7b),
    },
    {
      label: 'protobuf glue: message index varint longer than 5 bytes',
      path: 'protobuf glue zlib (writer message)',
      bytes: Buffer.concat([
        Buffer.from([3, 5]),
        Buffer.from(ids.protoVersion.replaceAll('-', ''), 'hex'),
        deflateSync(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])),
      ]),
    },
    {
      label: 'json-schema: 200,000 nested arrays (valid JSON: comes back)',
      path: 'json-schema confluent',
      bytes: frameConfluent(
        ids.jsonId,
        Buffer.from(`{"id":"x","extra":${'['.repeat(200_000)}${']'.repeat(200_000)}}`),
      ),
    },
    {
      label: 'json-schema: 200,000 nested arrays, unclosed',
      path: 'json-schema confluent',
      bytes: frameConfluent(ids.jsonId, Buffer.from(`{"id":"x","extra":${'['.repeat(200_000)}`)),
    },
  ];
  return cases;
}
