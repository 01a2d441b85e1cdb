/**
 * DynamoDB for the effect tests: dynalite (a DynamoDB API server on an in-memory LevelDB) started
 * in-process on a free port, plus endpoints that fail on purpose (nothing listening, or a server
 * that accepts and never answers).
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import type { DynamoDBClient, DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { createEffectsDynamoDBClient } from '../../../lib/effects/dynamodb-client.ts';
import { startLocalDynamoDB } from '../../../testkit/index.ts';

const LOCAL: DynamoDBClientConfig = {
  region: 'local',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
};

export interface LocalDynamo {
  readonly endpoint: string;
  /** A client with the effect layer's fail-fast defaults, pointed at dynalite. */
  client(config?: DynamoDBClientConfig): DynamoDBClient;
  /** Create an idempotency table as the infra creates it (key `id`), named uniquely. */
  createTable(prefix?: string): Promise<string>;
  /** The raw item with key `id`, or undefined. */
  item(tableName: string, id: string): Promise<Record<string, unknown> | undefined>;
  stop(): Promise<void>;
}

let tableCounter = 0;

export async function startDynalite(): Promise<LocalDynamo> {
  const local = await startLocalDynamoDB();
  const endpoint = local.endpoint;
  const clients: DynamoDBClient[] = [];
  const client = (config: DynamoDBClientConfig = {}) => {
    const c = createEffectsDynamoDBClient({ ...LOCAL, endpoint, ...config });
    clients.push(c);
    return c;
  };
  const documents = DynamoDBDocumentClient.from(local.client);
  return {
    endpoint,
    client,
    createTable: (prefix = 'idempotency') => local.createTable(`${prefix}-${process.pid}-${++tableCounter}`),
    async item(tableName, id) {
      const out = await documents.send(
        new GetCommand({ TableName: tableName, Key: { id }, ConsistentRead: true }),
      );
      return out.Item;
    },
    async stop() {
      for (const c of clients) c.destroy();
      await local.stop();
    },
  };
}

/** A client pointed at a port where nothing listens (connection refused). */
export async function unreachableClient(config: DynamoDBClientConfig = {}): Promise<DynamoDBClient> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return createEffectsDynamoDBClient({ ...LOCAL, endpoint: `http://127.0.0.1:${port}`, ...config });
}

/** A TCP server that accepts connections and never answers: a hung DynamoDB. */
export async function startHungServer(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export { LOCAL as localClientConfig };
