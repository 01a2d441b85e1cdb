/**
 * An Amazon SQS stand-in for tests and local runs, over real HTTP for the real `@aws-sdk/client-sqs`:
 * the AWS JSON 1.0 protocol (`X-Amz-Target: AmazonSQS.<Action>`), SendMessage answered with
 * `MessageId` and `MD5OfMessageBody` (the SDK checks the digest), SendMessageBatch with `Successful`
 * and `Failed` entries (`Id`, `SenderFault`, `Code`), and `QueueDoesNotExist` for an unknown queue
 * URL. Queues are made in process; what they received is read in process. Tested against the
 * documented shapes, not against AWS (no account here): it does not check signatures, attributes,
 * visibility or message size limits other than the 1 MiB body.
 */
import { createHash, randomUUID } from 'node:crypto';
import { type AwsJsonAnswer, type LocalAwsJsonServer, startLocalAwsJsonServer } from './local-aws-json.ts';

export interface LocalSqs extends LocalAwsJsonServer {
  /**
   * The variables a handler's own SQS client needs with no AWS environment set (`poison:
   * { queueUrl }` builds that client from the default chain): dummy credentials and a region. Put
   * them in the environment of the function under test (a worker's `env`, or `process.env` for an
   * in-process handler); the stand-in checks no signature.
   *
   * @example
   * Object.assign(process.env, sqs.environment); // AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION
   */
  readonly environment: Readonly<
    Record<'AWS_ACCESS_KEY_ID' | 'AWS_SECRET_ACCESS_KEY' | 'AWS_REGION', string>
  >;
  /** Create a queue (a no-op if it exists) and return its URL: `<endpoint>/000000000000/<name>`. */
  createQueue(name: string): string;
  /** The bodies a queue received, oldest first. */
  messages(queueUrl: string): string[];
  /** Refuse the next `n` SendMessage requests with `InternalError` (HTTP 500). */
  refuseNext(n: number): void;
}

const SEND = 'AmazonSQS.SendMessage';
const SEND_BATCH = 'AmazonSQS.SendMessageBatch';
const MAX_BODY_BYTES = 1024 * 1024;

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * Works with no AWS variable set: `clientConfig` carries a region and dummy credentials for a
 * client you build, `environment` the variables for the handler's own client (`poison: { queueUrl }`).
 *
 * @example
 * const sqs = await startLocalSqs();
 * try {
 *   Object.assign(process.env, sqs.environment); // the handler's SQS client: dummy credentials, a region
 *   const queueUrl = sqs.createQueue('orders-poison');
 *   const handler = kafkaHandler({ handlerName: 'h', store, poison: { queueUrl }, handle });
 *   // ... invoke it ...
 *   sqs.messages(queueUrl); // ['{"kind":"msk-once.poison/1",...}']
 * } finally {
 *   await sqs.stop();
 * }
 */
export async function startLocalSqs(): Promise<LocalSqs> {
  const queues = new Map<string, string[]>();
  let refusals = 0;
  let endpoint = '';
  const noQueue: AwsJsonAnswer = {
    error: 'com.amazonaws.sqs#QueueDoesNotExist',
    message: 'The specified queue does not exist.',
  };
  const queueOf = (request: Record<string, unknown>) => queues.get(String(request.QueueUrl ?? ''));
  const server = await startLocalAwsJsonServer(
    {
      [SEND]: (request) => {
        if (refusals > 0) {
          refusals--;
          return { error: 'InternalError', message: 'injected failure', status: 500 };
        }
        const queue = queueOf(request);
        if (!queue) return noQueue;
        const body = request.MessageBody;
        if (typeof body !== 'string' || body === '' || Buffer.byteLength(body) > MAX_BODY_BYTES)
          return { error: 'InvalidParameterValue', message: 'MessageBody must be 1 byte to 1 MiB of text' };
        queue.push(body);
        return { body: { MessageId: randomUUID(), MD5OfMessageBody: md5(body) } };
      },
      [SEND_BATCH]: (request) => {
        const queue = queueOf(request);
        if (!queue) return noQueue;
        const entries = Array.isArray(request.Entries) ? (request.Entries as Record<string, unknown>[]) : [];
        if (entries.length === 0 || entries.length > 10)
          return { error: 'AWS.SimpleQueueService.TooManyEntriesInBatchRequest', message: '1 to 10 entries' };
        const Successful: unknown[] = [];
        const Failed: unknown[] = [];
        for (const entry of entries) {
          const body = entry.MessageBody;
          if (typeof body !== 'string' || body === '') {
            Failed.push({
              Id: entry.Id,
              SenderFault: true,
              Code: 'InvalidParameterValue',
              Message: 'empty body',
            });
            continue;
          }
          queue.push(body);
          Successful.push({ Id: entry.Id, MessageId: randomUUID(), MD5OfMessageBody: md5(body) });
        }
        return { body: { Successful, Failed } };
      },
    },
    '1.0',
  );
  endpoint = server.endpoint;
  return {
    ...server,
    environment: {
      AWS_ACCESS_KEY_ID: server.clientConfig.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: server.clientConfig.credentials.secretAccessKey,
      AWS_REGION: server.clientConfig.region,
    },
    createQueue: (name) => {
      const url = `${endpoint}/000000000000/${name}`;
      if (!queues.has(url)) queues.set(url, []);
      return url;
    },
    messages: (queueUrl) => [...(queues.get(queueUrl) ?? [])],
    refuseNext: (n) => {
      refusals = n;
    },
  };
}
