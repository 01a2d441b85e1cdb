/**
 * The Confluent wire format: what Confluent's serializers (and every client built on them) put in
 * front of a value registered in a Confluent Schema Registry.
 *
 *   byte 0      magic byte 0
 *   bytes 1..4  the schema id, a big-endian unsigned 32-bit integer
 *   Protobuf only: the message indexes (which message of the .proto file): a zig-zag varint count,
 *               then that many zig-zag varint indexes; the common case [0] is written as one 0 byte
 *   the rest    the Avro binary / Protobuf message / JSON text
 */
import { WireFormatError } from '../errors.ts';
import type { Frame } from './frame.ts';

/** The magic byte of the Confluent wire format. */
export const CONFLUENT_MAGIC_BYTE = 0;
const HEADER_BYTES = 5;

/**
 * A zig-zag varint at `offset` (Confluent writes message indexes with Kafka's ByteUtils.writeVarint).
 *
 * @internal
 */
export function readZigZagVarint(bytes: Buffer, offset: number): { value: number; next: number } {
  let raw = 0;
  let shift = 0;
  let i = offset;
  for (;;) {
    if (i >= bytes.length) throw new WireFormatError('message indexes cut short');
    const b = bytes[i++]!;
    raw += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) break;
    shift += 7;
    if (shift > 28) throw new WireFormatError('message index varint longer than 5 bytes');
  }
  return { value: raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2, next: i };
}

function writeZigZagVarint(value: number, out: number[]): void {
  let raw = value >= 0 ? value * 2 : -value * 2 - 1;
  while (raw >= 0x80) {
    out.push((raw & 0x7f) | 0x80);
    raw = Math.floor(raw / 128);
  }
  out.push(raw);
}

/**
 * Confluent's Protobuf message indexes at the start of `bytes`, and where the message starts.
 *
 * @internal
 */
export function readMessageIndexes(bytes: Buffer, offset = 0): { indexes: number[]; next: number } {
  const count = readZigZagVarint(bytes, offset);
  if (count.value === 0) return { indexes: [0], next: count.next };
  if (count.value < 0 || count.value > 64) {
    throw new WireFormatError(`message index count ${count.value} is not a plausible path`);
  }
  const indexes: number[] = [];
  let next = count.next;
  for (let i = 0; i < count.value; i++) {
    const index = readZigZagVarint(bytes, next);
    indexes.push(index.value);
    next = index.next;
  }
  return { indexes, next };
}

/**
 * Take the Confluent framing off a value.
 *
 * @throws {WireFormatError} no magic byte 0, fewer than 5 bytes, or cut-short message indexes.
 * @example
 * const { schemaId, body } = unframeConfluent(value); // schemaId '42'
 */
export function unframeConfluent(bytes: Buffer, protobuf = false): Frame {
  if (bytes.length < HEADER_BYTES || bytes[0] !== CONFLUENT_MAGIC_BYTE) {
    throw new WireFormatError(
      bytes.length < HEADER_BYTES
        ? `${bytes.length} bytes, shorter than the 5-byte Confluent header`
        : `first byte is ${bytes[0]}, not the Confluent magic byte 0`,
    );
  }
  const schemaId = String(bytes.readUInt32BE(1));
  if (!protobuf) return { schemaId, body: bytes.subarray(HEADER_BYTES) };
  let read: { indexes: number[]; next: number };
  try {
    read = readMessageIndexes(bytes, HEADER_BYTES);
  } catch (error) {
    throw new WireFormatError((error as Error).message, { schemaId });
  }
  const { indexes, next } = read;
  return { schemaId, body: bytes.subarray(next), messageIndexes: indexes };
}

/**
 * Put the Confluent framing on a payload (what a Confluent serializer writes).
 *
 * @example
 * const value = frameConfluent(42, avroType.toBuffer(review));
 * const proto = frameConfluent(7, Review.encode(review).finish(), [0]);
 */
export function frameConfluent(
  schemaId: number,
  body: Uint8Array,
  messageIndexes?: readonly number[],
): Buffer {
  if (!Number.isInteger(schemaId) || schemaId < 0 || schemaId > 0xffffffff) {
    throw new RangeError(`schema id ${schemaId} is not an unsigned 32-bit integer`);
  }
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32BE(schemaId, 1);
  if (messageIndexes === undefined) return Buffer.concat([header, body]);
  const indexes: number[] = [];
  if (messageIndexes.length === 1 && messageIndexes[0] === 0) indexes.push(0);
  else {
    writeZigZagVarint(messageIndexes.length, indexes);
    for (const index of messageIndexes) writeZigZagVarint(index, indexes);
  }
  return Buffer.concat([header, Buffer.from(indexes), body]);
}
