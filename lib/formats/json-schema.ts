/**
 * JSON Schema: JSON text checked against a JSON Schema with ajv (loaded on first use): the one
 * given here, or, with a registry, the writer's schema of each record's schema id (Confluent's
 * JSON Schema serializer and Glue's JSON data format). Drafts 07 (the default) and 2020-12 (by
 * `$schema`); `format` keywords are not checked.
 */
import type { ValidateFunction } from 'ajv';
import { ConfigurationError } from '../errors.ts';
import { importPeer } from '../optional-peer.ts';
import { BoundedCache } from './bounded-cache.ts';
import { type BodyCodec, type FormatOptions, fieldDecoder, type RecordFormat } from './format.ts';
import type { Frame } from './frame.ts';
import type { RegisteredSchema } from './registry.ts';

export interface JsonSchemaFormatOptions<T> extends FormatOptions<T> {
  /** The JSON Schema values must match. @default the writer's schema from the registry */
  schema?: object;
}

const MAX_WRITERS = 256;

type AjvClass = new (
  options: object,
) => {
  compile(schema: object): ValidateFunction;
  errorsText(errors: ValidateFunction['errors'], options?: { dataVar?: string }): string;
};

class JsonSchemaCodec implements BodyCodec<unknown> {
  readonly type = 'json-schema' as const;
  readonly indexed = false;
  readonly dataFormat = 'JSON' as const;
  readonly #schema: object | undefined;
  readonly #option: string;
  readonly #writers = new BoundedCache<string, ValidateFunction>(MAX_WRITERS);
  #draft7: InstanceType<AjvClass> | undefined;
  #draft2020: InstanceType<AjvClass> | undefined;
  #reader: ValidateFunction | undefined;

  constructor(schema: object | undefined, option: string) {
    this.#schema = schema;
    this.#option = option;
  }

  load = async () => {
    const options = { strict: false, validateFormats: false, allErrors: false };
    const classOf = (m: unknown) =>
      ((m as { default: { default?: AjvClass } }).default.default ??
        (m as { default: AjvClass }).default) as AjvClass;
    this.#draft7 = new (classOf(
      await importPeer('ajv', 'the jsonSchema format (msk-once/formats)', () => import('ajv')),
    ))(options);
    this.#draft2020 = new (classOf(
      await importPeer('ajv', 'the jsonSchema format (msk-once/formats)', () => import('ajv/dist/2020.js')),
    ))(options);
    if (this.#schema) {
      try {
        this.#reader = this.#compile(this.#schema);
      } catch (error) {
        throw new Error(`${this.#option} is not a JSON Schema: ${(error as Error).message}`);
      }
    }
  };

  #compile(schema: object): ValidateFunction {
    const draft = String((schema as { $schema?: unknown }).$schema ?? '');
    return (
      draft.includes('2020-12') || draft.includes('2019-09') ? this.#draft2020! : this.#draft7!
    ).compile(schema);
  }

  #writer(writer: RegisteredSchema): ValidateFunction {
    let validate = this.#writers.get(writer.id);
    if (!validate) {
      validate = this.#compile(JSON.parse(writer.definition));
      this.#writers.set(writer.id, validate);
    }
    return validate;
  }

  prepare(writer: RegisteredSchema): void {
    if (!this.#reader) this.#writer(writer);
  }

  decode(frame: Frame, writer: RegisteredSchema | undefined): unknown {
    const validate = this.#reader ?? (writer ? this.#writer(writer) : undefined);
    if (!validate) throw new Error('no JSON Schema and no registry to read the writer schema from');
    const value: unknown = JSON.parse(frame.body.toString('utf8'));
    if (!validate(value)) {
      throw new Error(
        `does not match the JSON Schema: ${this.#draft7!.errorsText(validate.errors, { dataVar: 'value' })}`,
      );
    }
    return value;
  }
}

/**
 * JSON values checked against a JSON Schema.
 *
 * @example
 * import { jsonSchema } from 'msk-once/formats';
 * export const handler = kafkaHandler<Review>({ …, value: jsonSchema({ schema: reviewJsonSchema }) });
 */
export function jsonSchema<T = unknown>(options: JsonSchemaFormatOptions<T>): RecordFormat<T> {
  return {
    type: 'json-schema',
    synchronous: false,
    decoder: (field) => {
      if (options?.schema === undefined && options?.registry === undefined) {
        throw new ConfigurationError(
          `${field}.schema`,
          'jsonSchema needs a JSON Schema, or a registry to read writer schemas from',
        );
      }
      if (options.schema !== undefined && (typeof options.schema !== 'object' || options.schema === null)) {
        throw new ConfigurationError(`${field}.schema`, 'is not a JSON Schema object');
      }
      return fieldDecoder<T>(new JsonSchemaCodec(options.schema, `${field}.schema`), options, field);
    },
  };
}
