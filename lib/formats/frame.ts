/**
 * A key or value with its wire-format framing taken off: what a format decodes.
 */

/** A value with its framing taken off. */
export interface Frame {
  /** The registry's id of the writer schema: a decimal number (Confluent) or a UUID (Glue); none when unframed. */
  readonly schemaId: string | undefined;
  /** The payload, in the schema's own encoding. */
  readonly body: Buffer;
  /** Protobuf only: the path of the message in the schema (Confluent), or its index (Glue). */
  readonly messageIndexes?: readonly number[];
}
