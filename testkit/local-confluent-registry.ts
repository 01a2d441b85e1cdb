/**
 * An in-process Confluent-compatible schema registry for tests and local runs (never in Lambda): a
 * real node:http server speaking the subset of Confluent's REST API that producers and msk-once use.
 *
 *   POST /subjects/{subject}/versions  `{ schema, schemaType? }` -> `{ id }` (the same schema text
 *                                      under any subject keeps its id, as Confluent does)
 *   GET  /schemas/ids/{id}             -> `{ schema, schemaType? }` (schemaType omitted for AVRO),
 *                                      404 `{ error_code: 40403, message }` when unknown
 *   GET  /subjects/{subject}/versions/{version|latest}
 *                                      -> `{ subject, version, id, schema, schemaType? }`, 404
 *                                      `{ error_code: 40401 }` for an unknown subject, 40402 version
 *   GET  /subjects                     -> the subjects
 *
 * Optional basic auth (401 without the right credentials), and faults: answer late, or fail with a
 * status, to exercise the client's timeout and error handling.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalHttpServer } from './local-http-server.ts';

export type ConfluentSchemaType = 'AVRO' | 'PROTOBUF' | 'JSON';

export interface LocalConfluentRegistry {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** Register `schema` under `subject` (in process, no HTTP) and return its id. */
  register(subject: string, schema: string | object, schemaType?: ConfluentSchemaType): number;
  /** `GET /schemas/ids/{id}` requests seen (cache misses of the clients). */
  lookups(): number;
  /** Answer every request only after `ms`. */
  slowDown(ms: number): void;
  /** Answer every request with `status` until {@link recover}. */
  failAll(status?: number): void;
  recover(): void;
  stop(): Promise<void>;
}

interface Stored {
  schema: string;
  schemaType: ConfluentSchemaType;
}

/**
 * Start a registry on 127.0.0.1 and a free port.
 *
 * @example
 * const registry = await startLocalConfluentRegistry();
 * const id = registry.register('reviews-value', reviewAvroSchema);
 * const client = new ConfluentSchemaRegistry({ url: registry.url });
 */
export async function startLocalConfluentRegistry(
  options: { auth?: { username: string; password: string } } = {},
): Promise<LocalConfluentRegistry> {
  const byId = new Map<number, Stored>();
  const idOf = new Map<string, number>();
  const subjects = new Map<string, number[]>();
  let lookups = 0;
  let delayMs = 0;
  let failStatus: number | undefined;
  const timers = new Set<NodeJS.Timeout>();
  const expected = options.auth
    ? `Basic ${Buffer.from(`${options.auth.username}:${options.auth.password}`).toString('base64')}`
    : undefined;

  const register = (subject: string, schema: string | object, schemaType: ConfluentSchemaType = 'AVRO') => {
    const text = typeof schema === 'string' ? schema : JSON.stringify(schema);
    const key = `${schemaType}\n${text}`;
    let id = idOf.get(key);
    if (id === undefined) {
      id = byId.size + 1;
      byId.set(id, { schema: text, schemaType });
      idOf.set(key, id);
    }
    const versions = subjects.get(subject) ?? [];
    if (!versions.includes(id)) versions.push(id);
    subjects.set(subject, versions);
    return id;
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const reply = () => {
      if (res.destroyed) return;
      res
        .writeHead(status, { 'content-type': 'application/vnd.schemaregistry.v1+json' })
        .end(JSON.stringify(body));
    };
    if (delayMs <= 0) return reply();
    const timer = setTimeout(() => {
      timers.delete(timer);
      reply();
    }, delayMs);
    timers.add(timer);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    if (failStatus !== undefined)
      return send(res, failStatus, { error_code: failStatus * 100, message: 'injected failure' });
    if (expected && req.headers.authorization !== expected) {
      return send(res, 401, { error_code: 401, message: 'Unauthorized' });
    }
    const path = new URL(req.url ?? '/', 'http://registry').pathname;
    const byIdMatch = /^\/schemas\/ids\/(\d+)$/.exec(path);
    if (req.method === 'GET' && byIdMatch) {
      lookups++;
      const stored = byId.get(Number(byIdMatch[1]));
      if (!stored) return send(res, 404, { error_code: 40403, message: `Schema ${byIdMatch[1]} not found` });
      return send(res, 200, stored.schemaType === 'AVRO' ? { schema: stored.schema } : stored);
    }
    const versions = /^\/subjects\/([^/]+)\/versions$/.exec(path);
    if (req.method === 'POST' && versions) {
      let request: { schema?: unknown; schemaType?: unknown };
      try {
        request = JSON.parse(body);
      } catch {
        return send(res, 422, { error_code: 42201, message: 'Invalid schema' });
      }
      if (typeof request.schema !== 'string')
        return send(res, 422, { error_code: 42201, message: 'Invalid schema' });
      const type = (request.schemaType ?? 'AVRO') as ConfluentSchemaType;
      return send(res, 200, { id: register(decodeURIComponent(versions[1]!), request.schema, type) });
    }
    const version = /^\/subjects\/([^/]+)\/versions\/(latest|\d+)$/.exec(path);
    if (req.method === 'GET' && version) {
      const subject = decodeURIComponent(version[1]!);
      const ids = subjects.get(subject);
      if (!ids) return send(res, 404, { error_code: 40401, message: `Subject '${subject}' not found.` });
      const n = version[2] === 'latest' ? ids.length : Number(version[2]);
      const id = ids[n - 1];
      if (id === undefined)
        return send(res, 404, { error_code: 40402, message: `Version ${version[2]} not found.` });
      const stored = byId.get(id)!;
      return send(res, 200, {
        subject,
        version: n,
        id,
        schema: stored.schema,
        ...(stored.schemaType === 'AVRO' ? {} : { schemaType: stored.schemaType }),
      });
    }
    if (req.method === 'GET' && path === '/subjects') return send(res, 200, [...subjects.keys()]);
    return send(res, 404, { error_code: 404, message: 'HTTP 404 Not Found' });
  };

  const server = await startLocalHttpServer(handle);
  return {
    url: server.url,
    register,
    lookups: () => lookups,
    slowDown: (ms) => {
      delayMs = ms;
    },
    failAll: (status = 503) => {
      failStatus = status;
    },
    recover: () => {
      delayMs = 0;
      failStatus = undefined;
    },
    stop: async () => {
      for (const timer of timers) clearTimeout(timer);
      await server.stop();
    },
  };
}
