/**
 * DynamoDB for local runs: dynalite (a DynamoDB API server on an in-memory LevelDB) in this process,
 * with the idempotency table the infra creates (partition key `id`, TTL attribute `expiration`).
 * Never used in Lambda.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { importPeer } from './optional-peer.ts';

const FEATURE = 'startLocalDynamoDB (msk-once/testkit)';

export interface LocalDynamoDB {
  readonly endpoint: string;
  readonly client: DynamoDBClient;
  /** Create a table keyed by `id` (string), as the idempotency table is. */
  createTable(name: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Start dynalite on a free port of 127.0.0.1.
 *
 * @example
 * const dynamo = await startLocalDynamoDB();
 * const table = await dynamo.createTable('orders-idempotency');
 */
export async function startLocalDynamoDB(): Promise<LocalDynamoDB> {
  // Loaded here, not by the test kit's entry: only tests of the effect layer need DynamoDB.
  const { default: dynalite } = (await importPeer(
    'dynalite',
    FEATURE,
    () => import('dynalite'),
  )) as unknown as {
    default: (options: { createTableMs: number; deleteTableMs: number; updateTableMs: number }) => Server;
  };
  const { CreateTableCommand } = await importPeer(
    '@aws-sdk/client-dynamodb',
    FEATURE,
    () => import('@aws-sdk/client-dynamodb'),
  );
  const { createEffectsDynamoDBClient } = await importPeer(
    '@aws-lambda-powertools/idempotency',
    FEATURE,
    () => import('../lib/effects/index.ts'),
  );
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = createEffectsDynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return {
    endpoint,
    client,
    async createTable(name) {
      await client.send(
        new CreateTableCommand({
          TableName: name,
          KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
          AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
      return name;
    },
    async stop() {
      client.destroy();
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
