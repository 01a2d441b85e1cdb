/**
 * An Amazon SQS stand-in for tests and local runs, over real HTTP for the real `@aws-sdk/client-sqs`:
 * the AWS JSON 1.0 protocol (`X-Amz-Target: AmazonSQS.<Action>`), SendMessage answered with
 * `MessageId` and `MD5OfMessageBody` (the SDK checks the digest), SendMessageBatch with `Successful`
 * and `Failed` entries (`Id`, `SenderFault`, `Code`), and `QueueDoesNotExist` for an unknown queue
 * URL. Queues are made in process; what they received is read in process. It refuses what SQS
 * refuses of a message, with SQS's error codes: characters outside SQS's set
 * (`InvalidMessageContents`: #x9 | #xA | #xD | #x20-#xD7FF | #xE000-#xFFFD | #x10000-#x10FFFF), a
 * body over the queue's MaximumMessageSize (1 MiB unless given; `InvalidParameterValue`), and on a
 * FIFO queue (`.fifo`) a message without `MessageGroupId` (`MissingParameter`: "The request must
 * contain the parameter MessageGroupId.") or without `MessageDeduplicationId` unless the queue was
 * made with content-based deduplication (`InvalidParameterValue`), or with either over 128
 * characters. A FIFO queue accepts a deduplication id seen before and does not deliver it again
 * (SQS's 5-minute interval, here for the stand-in's life). Tested against the documented shapes,
 * not against AWS (no account here): it does not check signatures, attributes or visibility.
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
  /**
   * Create a queue (a no-op if it exists) and return its URL: `<endpoint>/000000000000/<name>`.
   * A name ending in `.fifo` makes a FIFO queue (`contentBasedDeduplication` applies to it only).
   * `maximumMessageSize`: the queue's MaximumMessageSize in bytes (default 1 MiB, SQS's largest).
   */
  createQueue(
    name: string,
    attributes?: { maximumMessageSize?: number; contentBasedDeduplication?: boolean },
  ): string;
  /** The `MessageGroupId` of each message a FIFO queue received, oldest first. */
  groups(queueUrl: string): string[];
  /** The bodies a queue received, oldest first. */
  messages(queueUrl: string): string[];
  /** Refuse the next `n` SendMessage requests with `InternalError` (HTTP 500). */
  refuseNext(n: number): void;
}

const SEND = 'AmazonSQS.SendMessage';
const SEND_BATCH = 'AmazonSQS.SendMessageBatch';
const MAX_BODY_BYTES = 1024 * 1024;
// SQS's allowed characters (the W3C XML set); anything else is InvalidMessageContents.
const NOT_SQS_TEXT = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Why SQS refuses a message, as its JSON protocol says it; undefined when it takes it. */
function refusal(
  body: unknown,
  request: Record<string, unknown>,
  fifo: FifoQueue | undefined,
  maxBytes: number,
): { error: string; message: string } | undefined {
  if (typeof body !== 'string' || body === '')
    return {
      error: 'com.amazonaws.sqs#MissingParameter',
      message: 'The request must contain the parameter MessageBody.',
    };
  if (NOT_SQS_TEXT.test(body))
    return {
      error: 'com.amazonaws.sqs#InvalidMessageContents',
      message:
        'Invalid characters found. Valid unicode characters are #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF',
    };
  if (Buffer.byteLength(body) > maxBytes)
    return {
      error: 'com.amazonaws.sqs#InvalidParameterValue',
      message: `One or more parameters are invalid. Reason: Message must be shorter than ${maxBytes} bytes.`,
    };
  if (!fifo) return undefined;
  const group = request.MessageGroupId;
  if (typeof group !== 'string' || group === '')
    return {
      error: 'com.amazonaws.sqs#MissingParameter',
      message: 'The request must contain the parameter MessageGroupId.',
    };
  const dedup = request.MessageDeduplicationId;
  if ((typeof dedup !== 'string' || dedup === '') && !fifo.contentBased)
    return {
      error: 'com.amazonaws.sqs#InvalidParameterValue',
      message:
        'The queue should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly',
    };
  if (group.length > 128 || (typeof dedup === 'string' && dedup.length > 128))
    return {
      error: 'com.amazonaws.sqs#InvalidParameterValue',
      message: 'MessageGroupId and MessageDeduplicationId are at most 128 characters',
    };
  return undefined;
}

/** A FIFO queue's state: its deduplication, the ids it saw, the groups it received. */
interface FifoQueue {
  readonly contentBased: boolean;
  readonly seen: Set<string>;
  readonly groups: string[];
}

/**
 * Take a message a queue accepted: a FIFO queue delivers a deduplication id once, and keeps its
 * group.
 */
function take(
  queue: string[],
  fifo: FifoQueue | undefined,
  body: string,
  request: Record<string, unknown>,
): void {
  if (fifo) {
    const dedup =
      typeof request.MessageDeduplicationId === 'string' && request.MessageDeduplicationId !== ''
        ? request.MessageDeduplicationId
        : createHash('sha256').update(body).digest('hex');
    if (fifo.seen.has(dedup)) return;
    fifo.seen.add(dedup);
    fifo.groups.push(String(request.MessageGroupId));
  }
  queue.push(body);
}

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
  const maxBytes = new Map<string, number>();
  const fifoQueues = new Map<string, FifoQueue>();
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
        const url = String(request.QueueUrl);
        const body = request.MessageBody;
        const fifo = fifoQueues.get(url);
        const refused = refusal(body, request, fifo, maxBytes.get(url) ?? MAX_BODY_BYTES);
        if (refused) return refused;
        take(queue, fifo, body as string, request);
        return { body: { MessageId: randomUUID(), MD5OfMessageBody: md5(body as string) } };
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
          const url = String(request.QueueUrl);
          const fifo = fifoQueues.get(url);
          const refused = refusal(body, entry, fifo, maxBytes.get(url) ?? MAX_BODY_BYTES);
          if (refused || typeof body !== 'string') {
            Failed.push({
              Id: entry.Id,
              SenderFault: true,
              Code: refused?.error.replace('com.amazonaws.sqs#', '') ?? 'MissingParameter',
              Message: refused?.message ?? 'no body',
            });
            continue;
          }
          take(queue, fifo, body, entry);
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
    createQueue: (name, attributes = {}) => {
      const url = `${endpoint}/000000000000/${name}`;
      if (!queues.has(url)) queues.set(url, []);
      if (attributes.maximumMessageSize !== undefined) maxBytes.set(url, attributes.maximumMessageSize);
      if (name.endsWith('.fifo') && !fifoQueues.has(url))
        fifoQueues.set(url, {
          contentBased: attributes.contentBasedDeduplication ?? false,
          seen: new Set(),
          groups: [],
        });
      return url;
    },
    groups: (queueUrl) => [...(fifoQueues.get(queueUrl)?.groups ?? [])],
    messages: (queueUrl) => [...(queues.get(queueUrl) ?? [])],
    refuseNext: (n) => {
      refusals = n;
    },
  };
}
