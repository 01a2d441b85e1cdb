/**
 * The registry clients against real HTTP servers: the test kit's Confluent-compatible registry, and
 * Glue / Secrets Manager stand-ins reached through the real AWS SDK with an endpoint override (AWS
 * itself cannot run here: the stand-ins answer in the documented shapes).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { EnvVar } from '../../lib/contract.ts';
import {
  ConfluentSchemaRegistry,
  GlueSchemaRegistry,
  SchemaRegistryError,
  schemaRegistryFromEnv,
} from '../../lib/formats/index.ts';
import {
  type LocalConfluentRegistry,
  startLocalConfluentRegistry,
} from '../../testkit/local-confluent-registry.ts';
import { type LocalGlueRegistry, startLocalGlueRegistry } from '../../testkit/local-glue-registry.ts';
import { type LocalSecretsManager, startLocalSecretsManager } from '../../testkit/local-secrets-manager.ts';
import { REVIEW_V1 } from './schemas.ts';

const credentials = { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local-secret' };

async function rejection(promise: unknown): Promise<SchemaRegistryError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof SchemaRegistryError, `not a SchemaRegistryError: ${error}`);
    return error;
  }
  assert.fail('the lookup did not fail');
}

describe('ConfluentSchemaRegistry', () => {
  let registry: LocalConfluentRegistry;
  before(async () => {
    registry = await startLocalConfluentRegistry({ auth: { username: 'reader', password: 's3cr3t-pw' } });
  });
  after(() => registry.stop());

  test('looks a schema up once, then answers from its cache without a promise', async () => {
    const id = registry.register('reviews-value', REVIEW_V1);
    const client = new ConfluentSchemaRegistry({
      url: registry.url,
      auth: { username: 'reader', password: 's3cr3t-pw' },
    });
    const first = client.schema(String(id));
    assert.ok(first instanceof Promise);
    assert.deepEqual(await first, {
      id: String(id),
      dataFormat: 'AVRO',
      definition: JSON.stringify(REVIEW_V1),
    });
    const second = client.schema(String(id));
    assert.ok(!(second instanceof Promise), 'a cached schema comes back synchronously');
    assert.equal(client.requests, 1);
  });

  test('concurrent lookups of one id share one request', async () => {
    const id = String(registry.register('other-value', { type: 'string' }));
    const client = new ConfluentSchemaRegistry({ url: `http://reader:s3cr3t-pw@${registry.url.slice(7)}` });
    const before = registry.lookups();
    await Promise.all([client.schema(id), client.schema(id), client.schema(id)]);
    assert.equal(registry.lookups() - before, 1);
  });

  test('schemaType comes back for Protobuf and JSON', async () => {
    const id = String(
      registry.register('p-value', 'syntax = "proto3"; message M { int32 a = 1; }', 'PROTOBUF'),
    );
    const client = new ConfluentSchemaRegistry({
      url: registry.url,
      auth: { username: 'reader', password: 's3cr3t-pw' },
    });
    assert.equal((await client.schema(id)).dataFormat, 'PROTOBUF');
  });

  test('an unknown id is not-found; wrong credentials are denied, and the password is never in the message', async () => {
    const client = new ConfluentSchemaRegistry({
      url: registry.url,
      auth: { username: 'reader', password: 's3cr3t-pw' },
    });
    assert.equal((await rejection(client.schema('9999'))).reason, 'not-found');
    const wrong = new ConfluentSchemaRegistry({
      url: registry.url,
      auth: { username: 'reader', password: 'wrong-pw' },
    });
    const denied = await rejection(wrong.schema('1'));
    assert.equal(denied.reason, 'denied');
    const fromUrl = new ConfluentSchemaRegistry({ url: `http://reader:wrong-pw@${registry.url.slice(7)}` });
    const alsoDenied = await rejection(fromUrl.schema('1'));
    assert.doesNotMatch(`${alsoDenied.message} ${fromUrl.name}`, /wrong-pw|s3cr3t/);
  });

  test('a registry that does not answer costs at most timeoutMs', async () => {
    registry.slowDown(5000);
    try {
      const client = new ConfluentSchemaRegistry({
        url: registry.url,
        timeoutMs: 150,
        auth: { username: 'reader', password: 's3cr3t-pw' },
      });
      const started = Date.now();
      const error = await rejection(client.schema('1'));
      assert.equal(error.reason, 'timeout');
      assert.ok(Date.now() - started < 2000, 'bounded by the timeout, not by the registry');
    } finally {
      registry.recover();
    }
  });

  test('a registry that is down is unreachable; an HTTP 5xx is http', async () => {
    const down = await startLocalConfluentRegistry();
    const url = down.url;
    await down.stop();
    assert.equal((await rejection(new ConfluentSchemaRegistry({ url }).schema('1'))).reason, 'unreachable');
    registry.failAll(503);
    try {
      const client = new ConfluentSchemaRegistry({
        url: registry.url,
        auth: { username: 'reader', password: 's3cr3t-pw' },
      });
      assert.equal((await rejection(client.schema('1'))).reason, 'http');
    } finally {
      registry.recover();
    }
  });
});

describe('GlueSchemaRegistry (through @aws-sdk/client-glue, endpoint override)', () => {
  let glue: LocalGlueRegistry;
  before(async () => {
    glue = await startLocalGlueRegistry();
  });
  after(() => glue.stop());

  test('GetSchemaVersion by schema version id, cached', async () => {
    const id = glue.register('reviews', REVIEW_V1);
    const client = new GlueSchemaRegistry({
      registryArn: glue.registryArn,
      endpoint: glue.endpoint,
      credentials,
    });
    assert.deepEqual(await client.schema(id), {
      id,
      dataFormat: 'AVRO',
      definition: JSON.stringify(REVIEW_V1),
    });
    client.schema(id);
    assert.equal(glue.lookups(), 1);
  });

  test('EntityNotFoundException is not-found; a slow endpoint times out', async () => {
    // Two clients: the not-found answer must not race a short timeout on a loaded machine (the
    // SDK's first call is slow), while the timeout is pinned with an endpoint far slower than it.
    const patient = new GlueSchemaRegistry({
      registryArn: glue.registryArn,
      endpoint: glue.endpoint,
      credentials,
    });
    assert.equal(
      (await rejection(patient.schema('00000000-0000-4000-8000-000000000000'))).reason,
      'not-found',
    );
    const client = new GlueSchemaRegistry({
      registryArn: glue.registryArn,
      endpoint: glue.endpoint,
      credentials,
      timeoutMs: 300,
    });
    glue.slowDown(10_000);
    try {
      const started = Date.now();
      assert.equal(
        (await rejection(client.schema('00000000-0000-4000-8000-000000000001'))).reason,
        'timeout',
      );
      assert.ok(Date.now() - started < 8000, 'gave up well before the endpoint answered');
    } finally {
      glue.recover();
    }
  });

  test('a registry ARN that is not one is refused at construction', () => {
    assert.throws(
      () => new GlueSchemaRegistry({ registryArn: 'arn:aws:s3:::bucket' }),
      /not a Glue registry ARN/,
    );
  });
});

describe('schemaRegistryFromEnv', () => {
  let glue: LocalGlueRegistry;
  let confluent: LocalConfluentRegistry;
  let secrets: LocalSecretsManager;
  before(async () => {
    [glue, confluent, secrets] = await Promise.all([
      startLocalGlueRegistry(),
      startLocalConfluentRegistry({ auth: { username: 'svc', password: 'from-the-secret' } }),
      startLocalSecretsManager(),
    ]);
  });
  after(() => Promise.all([glue.stop(), confluent.stop(), secrets.stop()]));

  test('a Glue registry ARN gives a Glue client; nothing set gives none', async () => {
    const id = glue.register('reviews', REVIEW_V1);
    const client = schemaRegistryFromEnv({
      env: { [EnvVar.schemaRegistryUri]: glue.registryArn },
      aws: { endpoint: glue.endpoint, credentials },
    });
    assert.equal(client?.kind, 'glue');
    assert.equal((await client!.schema(id)).dataFormat, 'AVRO');
    assert.equal(schemaRegistryFromEnv({ env: {} }), undefined);
  });

  test('a Confluent URL with a BASIC_AUTH secret reads the credentials from Secrets Manager', async () => {
    const id = String(confluent.register('reviews-value', REVIEW_V1));
    const secretArn = secrets.put('registry', { username: 'svc', password: 'from-the-secret' });
    const client = schemaRegistryFromEnv({
      env: {
        [EnvVar.schemaRegistryUri]: confluent.url,
        [EnvVar.schemaRegistrySecretArn]: secretArn,
      },
      aws: { endpoint: secrets.endpoint, credentials, region: 'us-east-1' },
    });
    assert.equal(client?.kind, 'confluent');
    assert.equal((await client!.schema(id)).id, id);
    assert.equal(secrets.calls('secretsmanager.GetSecretValue'), 1);
  });

  test('a URI that is neither names the variable', () => {
    assert.throws(
      () => schemaRegistryFromEnv({ env: { [EnvVar.schemaRegistryUri]: 'ftp://x' } }),
      /KAFKA_SCHEMA_REGISTRY_URI/,
    );
  });
});
