/**
 * What decoding a 10,000 x 1 KB batch costs, piece by piece, and cheaper equivalents.
 * Not part of `npm run bench`. Run: node --expose-gc bench/micro/decode.ts
 */
import type { MSKRecord } from 'aws-lambda';
import { decodeRecord, parseJson } from '../../lib/kafka/decode.ts';
import { BENCH_BATCH, makeEvent } from '../event.ts';
import { median } from '../stats.ts';

const batch = makeEvent({ records: 10_000, ...BENCH_BATCH });
const records: MSKRecord[] = batch.records;
const options = { parse: parseJson, maxHeaderBytes: 16 * 1024 };
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Length check instead of the regex: Buffer.from skips characters outside the alphabet, so a bad one shortens the output. */
function base64Checked(text: string): Buffer | undefined {
  const buffer = Buffer.from(text, 'base64');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return text.length % 4 === 0 && buffer.length === (text.length / 4) * 3 - padding ? buffer : undefined;
}

function asciiHeader(bytes: number[]): string {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! > 0x7f) return Buffer.from(bytes).toString('utf8');
  return String.fromCharCode.apply(null, bytes);
}

let sink = 0;
function time(name: string, fn: () => void) {
  const samples: number[] = [];
  for (let i = 0; i < 11; i++) {
    globalThis.gc?.();
    const t = performance.now();
    fn();
    if (i >= 2) samples.push(performance.now() - t);
  }
  console.log(`${median(samples).toFixed(1).padStart(8)} ms  ${name}`);
}

time('shipped decodeRecord, all records', () => {
  for (const r of records) sink += decodeRecord(r, options).offset;
});
time('  BASE64 regex on every value', () => {
  for (const r of records) sink += BASE64.test(r.value!) ? 1 : 0;
});
time('  length check instead (Buffer.from + expected length)', () => {
  for (const r of records) sink += base64Checked(r.value!)?.length ?? 0;
});
time('  Buffer.from(value, base64) alone', () => {
  for (const r of records) sink += Buffer.from(r.value!, 'base64').length;
});
time('  parseJson(value) alone (base64 decoded beforehand, untimed part excluded)', () => {
  for (const r of records) sink += (parseJson(Buffer.from(r.value!, 'base64')) as { rating: number }).rating;
});
const headerLists = records.map((r) => r.headers as unknown as Record<string, number[]>[]);
time('  headers: Buffer.from(bytes).toString(utf8), 3 per record', () => {
  for (const list of headerLists)
    for (const e of list) for (const n in e) sink += Buffer.from(e[n]!).toString('utf8').length;
});
time('  headers: ASCII fast path (String.fromCharCode), 3 per record', () => {
  for (const list of headerLists) for (const e of list) for (const n in e) sink += asciiHeader(e[n]!).length;
});
console.log(sink > 0 ? '' : ' ');
