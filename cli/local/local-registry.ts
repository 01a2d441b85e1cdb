/**
 * The schema registry of a local run in the handler's format: the test kit's local Confluent or
 * Glue registry (a real HTTP server on 127.0.0.1), the schema registered under `<topic>-value`, a
 * producer's encoder (the test kit's `encodeWithSchema`, framed in that registry's wire format),
 * and the environment a deployed function gets from the consumer construct
 * (KAFKA_SCHEMA_REGISTRY_URI), so that `schemaRegistryFromEnv()` in the handler reads the writer
 * schemas from it.
 *
 * Glue: the handler's SDK client is pointed at the local registry by AWS_ENDPOINT_URL_GLUE (the
 * SDK's service endpoint variable) with placeholder credentials when none are set; nothing reaches AWS.
 */

import { KafkaLog } from '../../emulator/index.ts';
import { EnvVar } from '../../lib/contract.ts';
import {
  encodeWithSchema,
  type LocalConfluentRegistry,
  type LocalGlueRegistry,
  SchemaProducer,
  startLocalConfluentRegistry,
  startLocalGlueRegistry,
} from '../../testkit/index.ts';
import { type RecordFormatOptions, schemaSpecOf } from './record-format.ts';

export interface LocalRegistry {
  /** "Avro, Confluent wire format (schema id 1, local registry http://127.0.0.1:40123)". */
  readonly describe: string;
  /** A payload's value bytes. */
  encode(payload: unknown): Buffer;
  /** The variables the handler's process gets (as the construct sets them). */
  readonly env: Record<string, string>;
  stop(): Promise<void>;
}

const NAMES = { avro: 'Avro', protobuf: 'Protobuf', 'json-schema': 'JSON Schema', json: 'JSON' } as const;

/**
 * A local registry for `o` (undefined for plain JSON: no registry, JSON text values).
 *
 * @example
 * const registry = await localRegistryFor({ format: 'avro', schema: 'order.avsc', messageType: undefined, wire: 'confluent' }, 'order-paid');
 * new EventProducer(log, { encode: registry.encode });
 */
export async function localRegistryFor(
  o: RecordFormatOptions | undefined,
  topic: string,
): Promise<LocalRegistry | undefined> {
  if (o === undefined) return undefined;
  const subject = `${topic}-value`;
  const spec = await schemaSpecOf(o, subject);
  if (spec === undefined) return undefined;
  let confluent: LocalConfluentRegistry | undefined;
  let glue: LocalGlueRegistry | undefined;
  let env: Record<string, string>;
  if (o.wire === 'confluent') {
    confluent = await startLocalConfluentRegistry();
    env = { [EnvVar.schemaRegistryUri]: confluent.url };
  } else {
    glue = await startLocalGlueRegistry();
    env = {
      [EnvVar.schemaRegistryUri]: glue.registryArn,
      AWS_ENDPOINT_URL_GLUE: glue.endpoint,
      AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
    };
  }
  // Registration only (the producer appends nothing here): the framing names the schema id.
  const framing = new SchemaProducer(new KafkaLog(), { confluent, glue }).framing(subject, spec);
  const id =
    framing.wire === 'confluent'
      ? `schema id ${framing.schemaId}`
      : framing.wire === 'glue'
        ? `schema version ${framing.schemaVersionId}`
        : '';
  const where = confluent
    ? `local Confluent registry ${confluent.url}`
    : `local Glue registry ${glue!.endpoint}`;
  return {
    describe: `${NAMES[o.format]} in the ${o.wire === 'confluent' ? 'Confluent' : 'Glue'} wire format (${id}, ${where})`,
    encode: (payload) => encodeWithSchema(spec, payload, framing),
    env,
    stop: async () => {
      await confluent?.stop();
      await glue?.stop();
    },
  };
}
