/**
 * An Amazon SQS stand-in for tests and local runs, over real HTTP for the real `@aws-sdk/client-sqs`:
 * the AWS JSON 1.0 protocol (`X-Amz-Target: AmazonSQS.<Action>`), SendMessage answered with
 * `MessageId` and `MD5OfMessageBody` (the SDK checks the digest), SendMessageBatch with `Successful`
 * and `Failed` entries (`Id`, `SenderFault`, `Code`), and `QueueDoesNotExist` for an unknown queue
 * URL. Queues are made in process; what they received is read in process. A FIFO queue (a name
 * ending `.fifo`) refuses a SendMessage without `MessageGroupId` as SQS does (`MissingParameter`:
 * "The request must contain the parameter MessageGroupId."), and one without
 * `MessageDeduplicationId` unless made with content-based deduplication (`InvalidParameterValue`);
 * a deduplication id seen before is accepted and not delivered again (SQS's 5-minute interval,
 * here for the stand-in's life). Tested against the documented shapes, not against AWS (no account
 * here): it does not check signatures, attributes, visibility or message size limits other than
 * the 1 MiB body.
 */
import { createHash, randomUUID } from 'node:crypto';
import { type AwsJsonAnswer, type LocalAwsJsonServer, startLocalAwsJsonServer } from './local-aws-json.ts';

export interface LocalSqs extends LocalAwsJsonServer {
  /**
   * Create a queue (a no-op if it exists) and return its URL: `<endpoint>/000000000000/<name>`. A
   * name ending `.fifo` makes a FIFO queue; `contentBasedDeduplication` applies to it only.
   */
  createQueue(name: string, options?: { contentBasedDeduplication?: boolean }): string;
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

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * @example
 * const sqs = await startLocalSqs();
 * const queueUrl = sqs.createQueue('orders-poison');
 * kafkaHandler({ handlerName: 'h', store, poison: { queueUrl }, handle });
 * sqs.messages(queueUrl); // ['{"kind":"msk-once.poison/1",...}']
 */
export async function startLocalSqs(): Promise<LocalSqs> {
  const queues = new Map<string, string[]>();
  const fifoQueues = new Map<string, { contentBased: boolean; seen: Set<string>; groups: string[] }>();
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
        const fifo = fifoQueues.get(String(request.QueueUrl));
        const answer = { body: { MessageId: randomUUID(), MD5OfMessageBody: md5(body) } };
        if (fifo) {
          const group = request.MessageGroupId;
          if (typeof group !== 'string' || group === '')
            return {
              error: 'MissingParameter',
              message: 'The request must contain the parameter MessageGroupId.',
            };
          let dedup = request.MessageDeduplicationId;
          if (dedup === undefined && fifo.contentBased)
            dedup = createHash('sha256').update(body).digest('hex');
          if (typeof dedup !== 'string' || dedup === '')
            return {
              error: 'InvalidParameterValue',
              message:
                'The queue should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly',
            };
          if (group.length > 128 || dedup.length > 128)
            return {
              error: 'InvalidParameterValue',
              message: 'MessageGroupId and MessageDeduplicationId are at most 128 characters',
            };
          if (fifo.seen.has(dedup)) return answer;
          fifo.seen.add(dedup);
          fifo.groups.push(group);
        }
        queue.push(body);
        return answer;
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
    createQueue: (name, options = {}) => {
      const url = `${endpoint}/000000000000/${name}`;
      if (!queues.has(url)) queues.set(url, []);
      if (name.endsWith('.fifo') && !fifoQueues.has(url))
        fifoQueues.set(url, {
          contentBased: options.contentBasedDeduplication ?? false,
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
