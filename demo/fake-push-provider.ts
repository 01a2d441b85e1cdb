/**
 * A fake HTTP push provider for tests and local runs (never used in Lambda): a real node:http server
 * that accepts `POST /push`, records each delivery and counts them per collapse id, the way a phone
 * would show them. It can be told to refuse (HTTP 5xx) or to answer late.
 *
 * Request: `POST /push` with JSON `{ to, title, body?, collapseId, data? }` (what the demo's
 * notification function sends). `collapseId` is checked against the APNs limit (64 bytes), as
 * APNs would. Answer: 200 `{ id }`. `GET /deliveries` lists what was delivered (for a demo).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One push the provider accepted. */
export interface PushDelivery {
  /** The provider's id of the push (`push-<n>`), returned to the client. */
  readonly id: string;
  readonly to: string;
  readonly title: string;
  readonly body?: string;
  readonly collapseId?: string;
  readonly data?: Record<string, unknown>;
  /** Milliseconds since the epoch. */
  readonly receivedAt: number;
}

/** A running fake provider. */
export interface FakePushProvider {
  /** Base URL, e.g. `http://127.0.0.1:40123`; the client posts to `${url}/push`. */
  readonly url: string;
  /** Every accepted push, in arrival order (a copy). */
  deliveries(): PushDelivery[];
  /** Accepted pushes per collapse id (pushes without one are counted under `''`). */
  countsByCollapseId(): Record<string, number>;
  /** Every `POST /push` seen, refused ones included. */
  attempts(): number;
  /** Refuse the next `count` pushes with `status` (not delivered). */
  failNext(count?: number, status?: number): void;
  /** Refuse every push with `status` until {@link FakePushProvider.recover}. */
  failAll(status?: number): void;
  /** Deliver, then answer only after `ms`: a client that gives up earlier has still sent the push. */
  slowDown(ms: number): void;
  /** Stop refusing and answering late. */
  recover(): void;
  /** Forget the deliveries and attempts. */
  reset(): void;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;
const APNS_COLLAPSE_ID_MAX_BYTES = 64;

/**
 * Start a fake push provider on 127.0.0.1 and a free port (or `port`).
 *
 * @example
 * const provider = await startFakePushProvider();
 * process.env.PUSH_PROVIDER_URL = provider.url;
 * // ... deliver events ...
 * provider.countsByCollapseId(); // { '01JD8X3Z4Q5R6S7T8V9W0XYZAB': 1 }
 * await provider.stop();
 */
export async function startFakePushProvider(
  options: { port?: number; host?: string } = {},
): Promise<FakePushProvider> {
  const host = options.host ?? '127.0.0.1';
  let delivered: PushDelivery[] = [];
  let attempts = 0;
  let failures: { remaining: number; status: number } = { remaining: 0, status: 503 };
  let delayMs = 0;
  const timers = new Set<NodeJS.Timeout>();

  const answer = (res: ServerResponse, status: number, body: unknown, afterMs = 0) => {
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (afterMs <= 0) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, afterMs);
    timers.add(timer);
  };

  const server = createServer(async (req, res) => {
    try {
      if (req.method === 'GET' && req.url === '/deliveries') return answer(res, 200, delivered);
      if (req.method !== 'POST' || req.url !== '/push')
        return answer(res, 404, { error: 'POST /push or GET /deliveries' });
      attempts++;
      const request = await readJson(req);
      if (failures.remaining > 0) {
        failures.remaining--;
        return answer(res, failures.status, { error: 'provider unavailable (told to fail)' });
      }
      const problem = validate(request);
      if (problem) return answer(res, 400, { error: problem });
      const push = request as Omit<PushDelivery, 'id' | 'receivedAt'>;
      const delivery: PushDelivery = {
        id: `push-${delivered.length + 1}`,
        to: push.to,
        title: push.title,
        ...(push.body === undefined ? {} : { body: push.body }),
        ...(push.collapseId === undefined ? {} : { collapseId: push.collapseId }),
        ...(push.data === undefined ? {} : { data: push.data }),
        receivedAt: Date.now(),
      };
      delivered.push(delivery);
      answer(res, 200, { id: delivery.id }, delayMs);
    } catch (error) {
      answer(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host}:${port}`,
    deliveries: () => [...delivered],
    countsByCollapseId: () => {
      const counts: Record<string, number> = {};
      for (const d of delivered) counts[d.collapseId ?? ''] = (counts[d.collapseId ?? ''] ?? 0) + 1;
      return counts;
    },
    attempts: () => attempts,
    failNext: (count = 1, status = 503) => {
      failures = { remaining: count, status };
    },
    failAll: (status = 503) => {
      failures = { remaining: Number.POSITIVE_INFINITY, status };
    },
    slowDown: (ms) => {
      delayMs = ms;
    },
    recover: () => {
      failures = { remaining: 0, status: 503 };
      delayMs = 0;
    },
    reset: () => {
      delivered = [];
      attempts = 0;
    },
    stop: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error(`request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Error('request body is not JSON');
  }
}

function validate(request: unknown): string | undefined {
  if (typeof request !== 'object' || request === null) return 'body must be a JSON object';
  const { to, title, collapseId } = request as Record<string, unknown>;
  if (typeof to !== 'string' || to === '') return '"to" must be a non-empty string';
  if (typeof title !== 'string') return '"title" must be a string';
  if (collapseId !== undefined) {
    if (typeof collapseId !== 'string' || collapseId === '') return '"collapseId" must be a non-empty string';
    if (Buffer.byteLength(collapseId, 'utf8') > APNS_COLLAPSE_ID_MAX_BYTES) {
      return `"collapseId" is over ${APNS_COLLAPSE_ID_MAX_BYTES} bytes (APNs refuses it)`;
    }
  }
  return undefined;
}
