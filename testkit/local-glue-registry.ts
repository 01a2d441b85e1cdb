/**
 * A Glue Schema Registry stand-in for tests and local runs: `AWSGlue.GetSchemaVersion` by
 * `SchemaVersionId`, answered in the documented response shape (SchemaVersionId, SchemaDefinition,
 * DataFormat, SchemaArn, VersionNumber, Status, CreatedTime) and `EntityNotFoundException` for an
 * unknown id, over real HTTP for the real `@aws-sdk/client-glue` with an endpoint override.
 * Tested against the documented shapes, not against AWS (no account here).
 */
import { randomUUID } from 'node:crypto';
import { type LocalAwsJsonServer, startLocalAwsJsonServer } from './local-aws-json.ts';

export type GlueDataFormat = 'AVRO' | 'PROTOBUF' | 'JSON';

export interface LocalGlueRegistry extends LocalAwsJsonServer {
  /** The registry's ARN (region us-east-1, account 000000000000). */
  readonly registryArn: string;
  /** Register a schema version (in process) and return its schema version id (a UUID). */
  register(schemaName: string, definition: string | object, dataFormat?: GlueDataFormat): string;
  /** GetSchemaVersion requests seen. */
  lookups(): number;
}

const GET_SCHEMA_VERSION = 'AWSGlue.GetSchemaVersion';

/**
 * @example
 * const glue = await startLocalGlueRegistry();
 * const versionId = glue.register('reviews', reviewAvroSchema);
 * // clientConfig: the endpoint, a region and dummy credentials (no AWS variable needed)
 * const registry = new GlueSchemaRegistry({ registryArn: glue.registryArn, ...glue.clientConfig });
 */
export async function startLocalGlueRegistry(name = 'msk-once-local'): Promise<LocalGlueRegistry> {
  const registryArn = `arn:aws:glue:us-east-1:000000000000:registry/${name}`;
  const versions = new Map<
    string,
    { schemaName: string; definition: string; dataFormat: GlueDataFormat; number: number }
  >();
  const counts = new Map<string, number>();
  const server = await startLocalAwsJsonServer({
    [GET_SCHEMA_VERSION]: (request) => {
      const id = String(request.SchemaVersionId ?? '');
      const version = versions.get(id.toLowerCase());
      if (!version) return { error: 'EntityNotFoundException', message: 'Schema version is not found.' };
      return {
        body: {
          SchemaVersionId: id,
          SchemaDefinition: version.definition,
          DataFormat: version.dataFormat,
          SchemaArn: `arn:aws:glue:us-east-1:000000000000:schema/${name}/${version.schemaName}`,
          VersionNumber: version.number,
          Status: 'AVAILABLE',
          CreatedTime: new Date().toISOString(),
        },
      };
    },
  });
  return {
    ...server,
    registryArn,
    register: (schemaName, definition, dataFormat = 'AVRO') => {
      const id = randomUUID();
      const number = (counts.get(schemaName) ?? 0) + 1;
      counts.set(schemaName, number);
      versions.set(id, {
        schemaName,
        definition: typeof definition === 'string' ? definition : JSON.stringify(definition),
        dataFormat,
        number,
      });
      return id;
    },
    lookups: () => server.calls(GET_SCHEMA_VERSION),
  };
}
