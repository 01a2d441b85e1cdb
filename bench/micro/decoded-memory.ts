/**
 * Memory a decoded 10,000 x 1 KB batch keeps alive until the invocation ends, and what two
 * changes to lib/kafka/decode.ts would save. Not part of `npm run bench`.
 *
 * - Buffer.from(base64) under 4 KB is cut from a shared 8 KB pool slab; the retained `key` slice
 *   pins its whole slab, including the ~1 KB value buffers decoded next to it.
 * - The parsed payloads of all records are alive at once, because every record is decoded before the claim.
 *
 * Run: node --expose-gc bench/micro/decoded-memory.ts
 */

import type { KafkaMessage } from '../../lib/index.ts';
import { decodeRecord, parseJson } from '../../lib/kafka/decode.ts';
import { BENCH_BATCH, makeEvent } from '../event.ts';

const gc = globalThis.gc!;
const batch = makeEvent({ records: 10_000, ...BENCH_BATCH });
const options = { parse: parseJson, maxHeaderBytes: 16 * 1024 };
const MB = 2 ** 20;

// Backing stores are freed by a background task after gc: settle a few rounds.
async function settle() {
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function retained(name: string, decode: () => unknown[]): Promise<void> {
  await settle();
  const before = process.memoryUsage();
  const kept = decode();
  await settle();
  const after = process.memoryUsage();
  if (kept.length !== 10_000) throw new Error('lost records');
  const heap = (after.heapUsed - before.heapUsed) / MB;
  const buffers = (after.arrayBuffers - before.arrayBuffers) / MB;
  console.log(
    `${(heap + buffers).toFixed(1).padStart(6)} MB  (heap ${heap.toFixed(1)}, buffers ${buffers.toFixed(1)})  ${name}`,
  );
}

function unpooled(buffer: Buffer | undefined): Buffer | undefined {
  if (!buffer) return undefined;
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

await retained('shipped decodeRecord', () => batch.records.map((r) => decodeRecord(r, options)));
await retained('key copied out of the pool', () =>
  batch.records.map((r) => {
    const m = decodeRecord(r, options) as KafkaMessage;
    return { ...m, key: unpooled(m.key) };
  }),
);
await retained('key unpooled, payload not yet parsed (decoded when the record runs)', () =>
  batch.records.map((r) => {
    const m = decodeRecord({ ...r, value: '' }, options) as KafkaMessage;
    return { ...m, key: unpooled(m.key) };
  }),
);
