/**
 * A stand-in for AWS services that speak the JSON 1.1 protocol (Glue, Secrets Manager), or 1.0 (SQS), reached
 * through the real AWS SDK with an endpoint override: a node:http server that dispatches on the
 * `X-Amz-Target` header and answers with the documented JSON shapes. It does not check signatures.
 * AWS itself cannot run here, so these stand-ins are tested against the documented request and
 * response shapes only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalHttpServer } from './local-http-server.ts';

/** An operation's answer: 200 with `body`, or an AWS error (`__type`, HTTP 400 unless given). */
export type AwsJsonAnswer = { body: unknown } | { error: string; message: string; status?: number };

/**
 * What an AWS SDK client needs to reach a stand-in with no AWS environment set: its endpoint, a
 * region and dummy credentials (the stand-in checks no signature). Without them the SDK's default
 * chain fails with `CredentialsProviderError` (or asks for a region) when no AWS variables are set.
 */
export interface LocalAwsClientConfig {
  readonly endpoint: string;
  /** @default 'us-east-1' */
  readonly region: string;
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

/** The region of every stand-in's client config and ARNs. */
export const LOCAL_AWS_REGION = 'us-east-1';

export interface LocalAwsJsonServer {
  /** The endpoint to give the SDK client, e.g. `http://127.0.0.1:40123`. */
  readonly endpoint: string;
  /**
   * The client configuration for the real AWS SDK: endpoint, region and dummy credentials.
   *
   * @example
   * const client = new SQSClient(sqs.clientConfig); // works with no AWS_* variable set
   */
  readonly clientConfig: LocalAwsClientConfig;
  /** Requests seen, per target (e.g. `AWSGlue.GetSchemaVersion`). */
  calls(target: string): number;
  /** Answer every request only after `ms`. */
  slowDown(ms: number): void;
  /** Answer every request with HTTP `status` until {@link recover}. */
  failAll(status?: number): void;
  recover(): void;
  stop(): Promise<void>;
}

/**
 * @internal Start a server for `operations` (target -> handler of the parsed request).
 */
export async function startLocalAwsJsonServer(
  operations: Record<string, (request: Record<string, unknown>) => AwsJsonAnswer>,
  protocol: '1.0' | '1.1' = '1.1',
): Promise<LocalAwsJsonServer> {
  const contentType = `application/x-amz-json-${protocol}`;
  const calls = new Map<string, number>();
  let delayMs = 0;
  let failStatus: number | undefined;
  const timers = new Set<NodeJS.Timeout>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const reply = () => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': contentType }).end(JSON.stringify(body));
    };
    if (delayMs <= 0) return reply();
    const timer = setTimeout(() => {
      timers.delete(timer);
      reply();
    }, delayMs);
    timers.add(timer);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
    const target = String(req.headers['x-amz-target'] ?? '');
    calls.set(target, (calls.get(target) ?? 0) + 1);
    if (failStatus !== undefined) {
      return send(res, failStatus, { __type: 'InternalServiceException', Message: 'injected failure' });
    }
    const operation = operations[target];
    if (!operation) return send(res, 400, { __type: 'UnknownOperationException', Message: `no ${target}` });
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(text || '{}');
    } catch {
      return send(res, 400, { __type: 'SerializationException', Message: 'body is not JSON' });
    }
    const answer = operation(request);
    if ('body' in answer) return send(res, 200, answer.body);
    return send(res, answer.status ?? 400, { __type: answer.error, Message: answer.message });
  };

  const server = await startLocalHttpServer(handle);
  return {
    endpoint: server.url,
    clientConfig: {
      endpoint: server.url,
      region: LOCAL_AWS_REGION,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    },
    calls: (target) => calls.get(target) ?? 0,
    slowDown: (ms) => {
      delayMs = ms;
    },
    failAll: (status = 500) => {
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
