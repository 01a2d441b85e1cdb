/**
 * The `value` and `key` options of kafkaHandler, resolved at cold start.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { ConfigurationError } from '../errors.ts';
import type { RecordField, RecordFormat } from './format.ts';
import { json } from './json.ts';

/** `kafkaHandler`'s `value` and `key` options: a format, or Powertools' `{ type: 'json' }`. */
export type FormatConfig<T> = RecordFormat<T> | { type: 'json'; parserSchema?: StandardSchemaV1<unknown, T> };

const FACTORIES: Record<string, string> = { avro: 'avro', protobuf: 'protobuf', 'json-schema': 'jsonSchema' };

/**
 * The format an option names, checked at cold start.
 *
 * @internal
 * @throws {ConfigurationError} naming the option: not a format, or Powertools' `{ type: 'avro' }`
 *   form, which needs its decoder imported from msk-once/formats.
 */
export function formatOf<T>(config: unknown, option: RecordField): RecordFormat<T> {
  const c = config as
    | (Partial<RecordFormat<T>> & { type?: unknown; parserSchema?: StandardSchemaV1<unknown, T> })
    | null;
  if (c && typeof c === 'object' && typeof c.decoder === 'function') return c as RecordFormat<T>;
  if (c && typeof c === 'object' && c.type === 'json') return json<T>({ parserSchema: c.parserSchema });
  const factory = typeof c?.type === 'string' ? FACTORIES[c.type] : undefined;
  if (factory) {
    throw new ConfigurationError(
      option,
      `{ type: '${c!.type as string}' } needs its decoder: import { ${factory} } from 'msk-once/formats' and write ${option}: ${factory}({ schema, … }), so that functions that do not read ${c!.type as string} do not bundle its library`,
    );
  }
  throw new ConfigurationError(
    option,
    "must be { type: 'json' } or a format of msk-once/formats: json(), avro(), protobuf(), jsonSchema()",
  );
}
