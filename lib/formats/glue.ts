/**
 * The AWS Glue Schema Registry wire format: what the Glue SerDe libraries put in front of a value.
 *
 *   byte 0       header version 3
 *   byte 1       compression: 0 none, 5 zlib (the rest is deflated)
 *   bytes 2..17  the schema version id, a UUID
 *   the rest     the Avro binary / JSON text / Protobuf message, which for Protobuf starts with the
 *                message's index (an unsigned varint: its position among the file's message types
 *                listed level by level and sorted by full name)
 */
import { deflateSync, inflateSync } from 'node:zlib';
import { WireFormatError } from '../errors.ts';
import type { Frame } from './frame.ts';

export const GLUE_HEADER_VERSION = 3;
export const GLUE_COMPRESSION_NONE = 0;
export const GLUE_COMPRESSION_ZLIB = 5;
const HEADER_BYTES = 18;

/** Caps what one value may inflate to, so a corrupt or hostile value cannot exhaust memory. */
const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * An unsigned varint at `offset` (Glue's Protobuf message index).
 *
 * @internal
 */
export function readVarint(bytes: Buffer, offset: number): { value: number; next: number } {
  let value = 0;
  let shift = 0;
  let i = offset;
  for (;;) {
    if (i >= bytes.length) throw new WireFormatError('message index cut short');
    const b = bytes[i++]!;
    value += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) return { value, next: i };
    shift += 7;
    if (shift > 28) throw new WireFormatError('message index varint longer than 5 bytes');
  }
}

/**
 * Take the Glue framing off a value, inflating it when it is zlib-compressed.
 *
 * @throws {WireFormatError} a header version other than 3, an unknown compression byte, fewer than
 *   18 bytes, or a body that does not inflate.
 * @example
 * const { schemaId, body } = unframeGlue(value); // schemaId 'b7f7…-…'
 */
export function unframeGlue(bytes: Buffer, protobuf = false): Frame {
  if (bytes.length < HEADER_BYTES) {
    throw new WireFormatError(`${bytes.length} bytes, shorter than the 18-byte Glue header`);
  }
  if (bytes[0] !== GLUE_HEADER_VERSION) {
    throw new WireFormatError(`first byte is ${bytes[0]}, not the Glue header version 3`);
  }
  const compression = bytes[1];
  const schemaId = uuidOf(bytes.subarray(2, HEADER_BYTES));
  let body = bytes.subarray(HEADER_BYTES);
  if (compression === GLUE_COMPRESSION_ZLIB) {
    try {
      body = inflateSync(body, { maxOutputLength: MAX_INFLATED_BYTES });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new WireFormatError(
          `zlib body inflates past the ${MAX_INFLATED_BYTES / (1024 * 1024)} MiB cap (${MAX_INFLATED_BYTES} bytes)`,
          { schemaId },
        );
      }
      throw new WireFormatError(`zlib body does not inflate: ${(error as Error).message}`, { schemaId });
    }
  } else if (compression !== GLUE_COMPRESSION_NONE) {
    throw new WireFormatError(`compression byte ${compression} is neither 0 (none) nor 5 (zlib)`, {
      schemaId,
    });
  }
  if (!protobuf) return { schemaId, body };
  let index: { value: number; next: number };
  try {
    index = readVarint(body, 0);
  } catch (error) {
    throw new WireFormatError((error as Error).message, { schemaId });
  }
  return { schemaId, body: body.subarray(index.next), messageIndexes: [index.value] };
}

/**
 * Put the Glue framing on a payload (what the Glue serializer writes), optionally zlib-compressed.
 *
 * @example
 * const value = frameGlue(schemaVersionId, avroType.toBuffer(review), { compression: 'zlib' });
 * const proto = frameGlue(schemaVersionId, Review.encode(review).finish(), { messageIndex: 0 });
 */
export function frameGlue(
  schemaVersionId: string,
  body: Uint8Array,
  options: { compression?: 'none' | 'zlib'; messageIndex?: number } = {},
): Buffer {
  const hex = schemaVersionId.replaceAll('-', '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex))
    throw new RangeError(`schema version id ${schemaVersionId} is not a UUID`);
  let payload = Buffer.from(body);
  if (options.messageIndex !== undefined) {
    const index: number[] = [];
    let v = options.messageIndex;
    while (v >= 0x80) {
      index.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    index.push(v);
    payload = Buffer.concat([Buffer.from(index), payload]);
  }
  const zlib = options.compression === 'zlib';
  const header = Buffer.alloc(2);
  header[0] = GLUE_HEADER_VERSION;
  header[1] = zlib ? GLUE_COMPRESSION_ZLIB : GLUE_COMPRESSION_NONE;
  return Buffer.concat([header, Buffer.from(hex, 'hex'), zlib ? deflateSync(payload) : payload]);
}
