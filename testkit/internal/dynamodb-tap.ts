/**
 * An HTTP tap between a consumer and DynamoDB (dynalite) that watches the effect layer's marks
 * (Powertools idempotency records): it counts effects marked COMPLETED and effects answered from a
 * COMPLETED mark (a repeat the effect layer stopped), and it can kill the consumer once N effects
 * are marked COMPLETED and none of its effects is half-way (marked IN_PROGRESS, not yet COMPLETED):
 * after effects happened and were recorded, before the consumer's dedup commit (the crash between
 * the effect and its commit, seen from outside the process). Killing half-way through an effect would leave
 * a push that no layer of this process can recognise again (only the provider's idempotency key or
 * the collapse id could): a different fault.
 *
 * Each execution environment gets its own URL (`<tap>/env-<id>`), so the tap knows whose request it is.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DynamoDBTap {
  /** The endpoint an execution environment should use (AWS_ENDPOINT_URL_DYNAMODB). */
  endpointFor(envId: number): string;
  /** Effects marked COMPLETED, and repeats answered from a COMPLETED mark. */
  readonly counts: { completed: number; replayed: number };
  stop(): Promise<void>;
}

export interface DynamoDBTapOptions {
  /** Kill after this many COMPLETED marks (0 or undefined: never). */
  crashAfter?: number;
  /** Called once, with the environment to kill and the marks so far; that response is never relayed. */
  onCrash?: (envId: number, completed: number) => void;
}

const COMPLETED = '"S":"COMPLETED"';
// Powertools' conditional put of a new mark names the INPROGRESS status in its condition values.
const IN_PROGRESS = '"S":"INPROGRESS"';

/**
 * @example
 * const tap = await startDynamoDBTap(dynamo.endpoint, { crashAfter: 500, onCrash: (id) => fn.kill(new CrashError(), { id }) });
 * env.AWS_ENDPOINT_URL_DYNAMODB = tap.endpointFor(environment.id);
 */
export async function startDynamoDBTap(
  target: string,
  options: DynamoDBTapOptions = {},
): Promise<DynamoDBTap> {
  const upstream = new URL(target);
  const counts = { completed: 0, replayed: 0 };
  /** Effects marked IN_PROGRESS and not yet COMPLETED or deleted, per environment. */
  const halfway = new Map<number, number>();
  const shift = (envId: number, by: number) =>
    halfway.set(envId, Math.max(0, (halfway.get(envId) ?? 0) + by));
  let fired = false;

  const server: Server = createServer(async (req, res) => {
    const match = /^\/env-(\d+)(\/.*)?$/.exec(req.url ?? '');
    const envId = match ? Number(match[1]) : 0;
    const path = match?.[2] ?? req.url ?? '/';
    const body = await read(req);
    const operation = String(req.headers['x-amz-target'] ?? '');
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path,
        headers: { ...req.headers, host: upstream.host },
      },
      async (answer) => {
        const reply = await read(answer);
        const ok = answer.statusCode === 200;
        const text = body.toString('utf8');
        if (ok && operation.endsWith('.PutItem') && text.includes(IN_PROGRESS)) shift(envId, 1);
        if (ok && operation.endsWith('.DeleteItem')) shift(envId, -1);
        if (ok && operation.endsWith('.UpdateItem') && text.includes(COMPLETED)) {
          counts.completed++;
          shift(envId, -1);
          if (
            !fired &&
            options.crashAfter &&
            counts.completed >= options.crashAfter &&
            halfway.get(envId) === 0
          ) {
            fired = true;
            options.onCrash?.(envId, counts.completed);
            res.destroy();
            return;
          }
        }
        if (ok && operation.endsWith('.GetItem') && reply.toString('utf8').includes(COMPLETED))
          counts.replayed++;
        res.writeHead(answer.statusCode ?? 500, answer.headers).end(reply);
      },
    );
    forward.on('error', () => res.destroy());
    forward.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    endpointFor: (envId) => `http://127.0.0.1:${port}/env-${envId}`,
    counts,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function read(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
