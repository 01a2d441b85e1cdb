/**
 * What bounding avsc's arrays and maps by the bytes left costs per record: avsc's own types
 * against the same schemas built through msk-once's bounded type hook, on the 1 KB review of
 * formats.ts (three tags), on an array-heavy value (hundreds of items in arrays, maps and nested
 * arrays), and through a resolver (writer v1 read as reader v2). Runs alternate between the two,
 * so both see the same machine; prints µs per record and the ratio. Asserts nothing.
 * Not part of `npm run bench`. Run: node --expose-gc bench/micro/avro-bounds.ts
 */
import avsc from 'avsc';
import { type AvroBounds, boundedTypeHook } from '../../lib/formats/avro-bounds.ts';
import { median } from '../stats.ts';

const RECORDS = 20_000;
const RUNS = 9;

const REVIEW = {
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
const REVIEW_V2 = {
  ...REVIEW,
  fields: [...REVIEW.fields, { name: 'locale', type: 'string', default: 'en' }],
};
const review = {
  reviewId: '01JD8X3Z4Q5R6S7T8V9W0XYZAB',
  userId: 'user-4711',
  rating: 4,
  createdAt: 1_700_000_000_000,
  tags: ['delivery', 'quality', 'price'],
  body: 'x'.repeat(860),
};

const HEAVY = {
  type: 'record',
  name: 'Order',
  fields: [
    { name: 'id', type: 'string' },
    { name: 'amounts', type: { type: 'array', items: 'long' } },
    { name: 'attrs', type: { type: 'map', values: 'string' } },
    {
      name: 'lines',
      type: {
        type: 'array',
        items: {
          type: 'record',
          name: 'Line',
          fields: [
            { name: 'sku', type: 'string' },
            { name: 'flags', type: { type: 'array', items: 'boolean' } },
          ],
        },
      },
    },
  ],
};
const heavy = {
  id: 'order-1',
  amounts: Array.from({ length: 200 }, (_, i) => i * 1000),
  attrs: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, `v${i}`])),
  lines: Array.from({ length: 50 }, (_, i) => ({ sku: `sku-${i}`, flags: [true, false, i % 2 === 0] })),
};

const bounds: AvroBounds = { maxZeroByteItems: 100_000, zeroByteItemsLeft: 100_000 };
const typeHook = boundedTypeHook(avsc, bounds) as (schema: unknown, opts: object) => avsc.Type | undefined;
const plain = (schema: object) => avsc.Type.forSchema(schema as avsc.Schema);
const bounded = (schema: object) => avsc.Type.forSchema(schema as avsc.Schema, { typeHook });

let sink = 0;
function timed(read: () => unknown): number {
  globalThis.gc?.();
  const t = performance.now();
  for (let i = 0; i < RECORDS; i++) {
    bounds.zeroByteItemsLeft = bounds.maxZeroByteItems; // as the codec does per value
    sink += (read() as object) ? 1 : 0;
  }
  return ((performance.now() - t) * 1000) / RECORDS;
}

function compare(name: string, plainRead: () => unknown, boundedRead: () => unknown, bytes: number) {
  const a: number[] = [];
  const b: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const x = timed(plainRead);
    const y = timed(boundedRead);
    if (run >= 2) {
      a.push(x);
      b.push(y);
    }
  }
  const [pa, pb] = [median(a), median(b)];
  console.log(
    `${pa.toFixed(2).padStart(7)} µs avsc  ${pb.toFixed(2).padStart(7)} µs bounded  x${(pb / pa).toFixed(2)}  ${String(bytes).padStart(5)} B  ${name}`,
  );
}

console.log(
  `avsc fromBuffer per record, plain against bounded (${RECORDS} records, median of ${RUNS - 2} runs)`,
);
{
  const [p, q] = [plain(REVIEW), bounded(REVIEW)];
  const bytes = p.toBuffer(review);
  compare(
    'review, 3 tags',
    () => p.fromBuffer(bytes),
    () => q.fromBuffer(bytes),
    bytes.length,
  );
}
{
  const [p, q] = [plain(HEAVY), bounded(HEAVY)];
  const bytes = p.toBuffer(heavy);
  compare(
    'order: 200 longs, 20 map entries, 50 lines of 3 flags',
    () => p.fromBuffer(bytes),
    () => q.fromBuffer(bytes),
    bytes.length,
  );
}
{
  const [pw, pr] = [plain(REVIEW), plain(REVIEW_V2)];
  const [qw, qr] = [bounded(REVIEW), bounded(REVIEW_V2)];
  const [pres, qres] = [pr.createResolver(pw), qr.createResolver(qw)];
  const bytes = pw.toBuffer(review);
  compare(
    'review v1 resolved into v2',
    () => pr.fromBuffer(bytes, pres),
    () => qr.fromBuffer(bytes, qres),
    bytes.length,
  );
}
if (sink < 0) console.log(sink);
