/**
 * The child process of decode-bounds.test.ts: decodes hostile and random values through msk-once's
 * formats with a small heap, so an unbounded allocation kills this process (and the test sees
 * which value did it) rather than the test runner. A process, not a worker thread: a worker that
 * reaches its `resourceLimits` is meant to be stopped alone, but with some limits (96 MB old
 * generation, measured) V8 aborted the whole process instead.
 *
 * It sends `{ case }` before each value and `{ done, result }` at the end; every value is decoded
 * as record `fuzz-0@<n>` (n counts the values), through the registries' real HTTP stand-ins.
 */
import avsc from 'avsc';
import fc from 'fast-check';
import protobufjs from 'protobufjs';
import {
  avro,
  ConfluentSchemaRegistry,
  frameConfluent,
  frameGlue,
  GlueSchemaRegistry,
  jsonSchema,
  protobuf,
  RecordFormatError,
} from '../../lib/formats/index.ts';
import { startLocalConfluentRegistry } from '../../testkit/local-confluent-registry.ts';
import { startLocalGlueRegistry } from '../../testkit/local-glue-registry.ts';
import {
  FUZZ_AVRO,
  FUZZ_AVRO_READER,
  FUZZ_JSON_SCHEMA,
  FUZZ_PROTO,
  fuzzAvroValue,
  fuzzJsonValue,
  fuzzProtoValue,
  hostileCases,
  TAGS_AVRO,
  tagsAvroValue,
} from './decode-bounds-cases.ts';

/** Which cases to run: everything, or only the fixed hostile ones (the break-check). */
const options: { only?: string; runs?: number } = JSON.parse(process.argv[2] ?? '{}');
const only = options.only;
const runs = options.runs ?? 60;

export interface Result {
  /** Values decoded. */
  values: number;
  /** Values that failed as they must: a RecordFormatError naming `fuzz-0@<n>`. */
  failedNamed: number;
  /** Valid values that came back (round trips). */
  decoded: number;
  /** Each fixed hostile value, with how it failed (or 'decoded'). */
  hostile: { label: string; outcome: string }[];
  /** Anything else: a valid value refused, a failure not naming its record, a non-format error. */
  problems: string[];
}

const result: Result = { values: 0, failedNamed: 0, decoded: 0, hostile: [], problems: [] };
const post = (message: unknown) => process.send!(message);

type Decode = (bytes: Buffer, record: { topic: string; partition: number; offset: number }) => unknown;

/**
 * Decode one value as record fuzz-0@n. `valid`: it must come back (and `check` it); otherwise it
 * may come back or fail, but a failure must be a RecordFormatError naming the record.
 */
async function run(
  label: string,
  decode: Decode,
  bytes: Buffer,
  valid: boolean,
  check?: (value: unknown) => void,
): Promise<string> {
  const offset = result.values++;
  post({
    case: `${label} (fuzz-0@${offset}, ${bytes.length} bytes: ${bytes.subarray(0, 24).toString('hex')})`,
  });
  const record = { topic: 'fuzz', partition: 0, offset };
  try {
    const value = await decode(bytes, record);
    if (check) check(value);
    result.decoded++;
    return 'decoded';
  } catch (error) {
    const named =
      error instanceof RecordFormatError && (error as Error).message.startsWith(`record fuzz-0@${offset}: `);
    if (named && !valid) result.failedNamed++;
    else
      result.problems.push(
        `${label} fuzz-0@${offset}: ${valid ? 'a valid value failed' : 'not a named RecordFormatError'}: ${(error as Error)?.stack ?? error}`,
      );
    return (error as Error)?.message ?? String(error);
  }
}

const confluent = await startLocalConfluentRegistry();
const glue = await startLocalGlueRegistry();
const glueCredentials = { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local-secret' };
// A client per path: what one path's hostile values do to its cache stays with that path.
const confluentClient = () => new ConfluentSchemaRegistry({ url: confluent.url });
const glueClient = () =>
  new GlueSchemaRegistry({
    registryArn: glue.registryArn,
    endpoint: glue.endpoint,
    credentials: glueCredentials,
  });

const avroWriter = avsc.Type.forSchema(FUZZ_AVRO as avsc.Schema);
const protoRoot = protobufjs.parse(FUZZ_PROTO, { keepCase: true }).root;
const Fuzz = protoRoot.lookupType('fuzz.Fuzz');

const avroId = confluent.register('fuzz-avro', FUZZ_AVRO);
const protoId = confluent.register('fuzz-proto', FUZZ_PROTO, 'PROTOBUF');
const jsonId = confluent.register('fuzz-json', FUZZ_JSON_SCHEMA, 'JSON');
const avroVersion = glue.register('fuzz-avro', FUZZ_AVRO);
const protoVersion = glue.register('fuzz-proto', FUZZ_PROTO, 'PROTOBUF');

const decoderOf = (format: { decoder(field: 'value'): unknown }) => format.decoder('value') as Decode;

/** The formats under test, each with how it frames a body. */
const paths = {
  'avro tags': { decode: decoderOf(avro({ schema: TAGS_AVRO })), frame: (b: Buffer) => b },
  'avro none': {
    decode: decoderOf(avro({ schema: FUZZ_AVRO })),
    frame: (b: Buffer) => b,
    again: (v: unknown) => avroWriter.toBuffer(v),
  },
  'avro confluent (resolved into a reader)': {
    decode: decoderOf(avro({ schema: FUZZ_AVRO_READER, registry: confluentClient() })),
    frame: (b: Buffer) => frameConfluent(avroId, b),
  },
  'avro confluent (writer schema)': {
    decode: decoderOf(avro({ registry: confluentClient() })),
    frame: (b: Buffer) => frameConfluent(avroId, b),
    again: (v: unknown) => avroWriter.toBuffer(v),
  },
  'avro glue': {
    decode: decoderOf(avro({ schema: FUZZ_AVRO_READER, registry: glueClient() })),
    frame: (b: Buffer) => frameGlue(avroVersion, b),
  },
  'avro glue zlib': {
    decode: decoderOf(avro({ registry: glueClient() })),
    frame: (b: Buffer) => frameGlue(avroVersion, b, { compression: 'zlib' }),
    again: (v: unknown) => avroWriter.toBuffer(v),
  },
  'protobuf none (your type)': {
    decode: decoderOf(protobuf({ schema: Fuzz })),
    frame: (b: Buffer) => b,
    again: (v: unknown) => Buffer.from(Fuzz.encode(v as protobufjs.Message).finish()),
  },
  'protobuf confluent (writer message)': {
    decode: decoderOf(protobuf({ registry: confluentClient() })),
    frame: (b: Buffer) => frameConfluent(protoId, b, [0]),
  },
  'protobuf glue zlib (writer message)': {
    decode: decoderOf(protobuf({ registry: glueClient() })),
    frame: (b: Buffer) => frameGlue(protoVersion, b, { compression: 'zlib', messageIndex: 0 }),
  },
  'json-schema confluent': {
    decode: decoderOf(jsonSchema({ registry: confluentClient() })),
    frame: (b: Buffer) => frameConfluent(jsonId, b),
  },
} as const;
type PathName = keyof typeof paths;

const tagsWriter = avsc.Type.forSchema(TAGS_AVRO as avsc.Schema);
const encodeOf: Record<string, (value: unknown) => Buffer> = {
  avro: (v) => avroWriter.toBuffer(v),
  tags: (v) => tagsWriter.toBuffer(v),
  protobuf: (v) => Buffer.from(Fuzz.encode(Fuzz.fromObject(v as object)).finish()),
  'json-schema': (v) => Buffer.from(JSON.stringify(v)),
};
const arbitraryOf: Record<string, fc.Arbitrary<unknown>> = {
  avro: fuzzAvroValue,
  protobuf: fuzzProtoValue,
  'json-schema': fuzzJsonValue,
  tags: tagsAvroValue,
};
const formatOf = (name: PathName) => (name === 'avro tags' ? 'tags' : name.split(' ')[0]!);

// Warm the registry caches (and load the libraries) with one valid value per path.
for (const [name, path] of Object.entries(paths) as [PathName, (typeof paths)[PathName]][]) {
  const format = formatOf(name);
  const sample = fc.sample(arbitraryOf[format]!, { seed: 1, numRuns: 1 })[0];
  await run(`warm ${name}`, path.decode, path.frame(encodeOf[format]!(sample)), true);
}

// The fixed hostile values, whatever random cases follow.
for (const hostile of hostileCases({ avroId, protoId, jsonId, avroVersion, protoVersion })) {
  if (only && !hostile.label.includes(only)) continue;
  const outcome = await run(hostile.label, paths[hostile.path as PathName].decode, hostile.bytes, false);
  result.hostile.push({ label: hostile.label, outcome });
}

if (!only) {
  for (const [name, path] of Object.entries(paths) as [PathName, (typeof paths)[PathName]][]) {
    const format = formatOf(name);
    const encode = encodeOf[format]!;
    // Valid values come back; every prefix of their framing and random flips of it fail named
    // (or, by chance, still decode).
    await fc.assert(
      fc.asyncProperty(
        arbitraryOf[format]!,
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
        async (value, cut, flips) => {
          const body = encode(value);
          const framed = path.frame(body);
          const again = 'again' in path ? path.again : undefined;
          // What came back encodes to the same bytes: the bounds refused nothing and changed nothing.
          await run(`valid ${name}`, path.decode, framed, true, (decoded) => {
            if (again && !again(decoded).equals(body)) throw new Error('decodes to another value');
          });
          await run(`truncated ${name}`, path.decode, framed.subarray(0, cut % framed.length), false);
          const flipped = Buffer.from(framed);
          for (const [at, byte] of flips) flipped[at % flipped.length] = byte;
          await run(`flipped ${name}`, path.decode, flipped, false);
        },
      ),
      { seed: 20, numRuns: runs },
    );
    // Random bodies behind a good header.
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 64 }), async (body) => {
        await run(`random ${name}`, path.decode, path.frame(Buffer.from(body)), false);
      }),
      { seed: 21, numRuns: runs },
    );
  }
}

await confluent.stop();
await glue.stop();
post({ done: true, result });
process.disconnect();
