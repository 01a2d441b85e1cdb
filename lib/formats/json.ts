/**
 * JSON: UTF-8 JSON text, optionally framed (a Confluent or Glue JSON Schema producer's output
 * when read without validation), optionally checked by a Standard Schema. Needs no library.
 */
import { type FormatOptions, fieldDecoder, type RecordFormat } from './format.ts';

export type JsonFormatOptions<T> = FormatOptions<T>;

const codec = {
  type: 'json' as const,
  indexed: false,
  dataFormat: undefined,
  load: undefined,
  // Plain JSON needs nothing of the writer schema.
  prepare: () => {},
  decode: (frame: { body: Buffer }) => JSON.parse(frame.body.toString('utf8')) as unknown,
};

/**
 * JSON values (the default `parse` does the same without a parserSchema).
 *
 * @example
 * kafkaHandler<Review>({ …, value: json({ parserSchema: z.object({ reviewId: z.string(), rating: z.number() }) }) });
 */
export function json<T = unknown>(options: JsonFormatOptions<T> = {}): RecordFormat<T> {
  return {
    type: 'json',
    // A registry lookup is the only wait JSON can have (framed JSON with a registry configured).
    synchronous: options.registry === undefined,
    decoder: (field) => fieldDecoder<T>(codec, options, field),
  };
}
