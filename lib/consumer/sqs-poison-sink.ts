/**
 * SqsPoisonSink: parks a record as one SQS message (SendMessage, the entry as its JSON body).
 *
 * Why SQS: it is one HTTPS call with the function's own role (`sqs:SendMessage` on one queue), no
 * connection to keep, and its wire protocol (AWS JSON 1.0) can be stood in for over real HTTP, so
 * the path the function takes is the path the tests take. The DLQ topic through a Kafka client
 * would need a producer with IAM auth in every container (a connection per cold start, SASL
 * signing, broker metadata) and could only be tested against a real broker; S3 would do, but an
 * object per record is harder to watch (no depth metric to alarm on) and to replay in order.
 * Guarantees: `park` resolves only when SQS answered with a message id; an error or a timeout
 * (`signal`, and at most two attempts of the SDK) rejects, and the record then fails as without a sink.
 * A FIFO queue (a URL ending `.fifo`) is written as SQS requires of one: `MessageGroupId` the
 * record's partition (`<topic>-<partition>`: its poison records stay in offset order, partitions do
 * not wait for each other) and `MessageDeduplicationId` its position (`<topic>-<partition>@<offset>`:
 * the same record parked again within SQS's 5-minute interval, after a crash before its commit,
 * is one message). Either over SQS's 128 characters (a topic name may have 249) is its SHA-256 in
 * hex, 64 characters.
 * Does not: batch several records in one call (poison records are rare; each is parked when it
 * fails, so its partition waits for its own write only), or deduplicate on a standard queue (it
 * delivers at least once; the entry's position names the record).
 * The AWS SDK client is loaded on the first write, so a function without poison records never
 * loads it. It reads the region and credentials as any AWS SDK client does, and an endpoint from
 * `AWS_ENDPOINT_URL_SQS` (or `endpoint`) for local runs.
 */

import { createHash } from 'node:crypto';
import { importPeer } from '../optional-peer.ts';
import type { PoisonEntry, PoisonSink } from './poison.ts';

/**
 * The most a message body may hold: 256 KiB, SQS's limit until 2025 and still the lowest a queue
 * accepts by default; SendMessage now takes up to 1 MiB, but a queue's MaximumMessageSize may be
 * set lower. A poison entry is bounded to 64 KiB well before this: this bound is the last guard.
 */
export const SQS_MAX_BODY_BYTES = 256 * 1024;

// What SQS refuses in a body (InvalidMessageContents): outside #x9 | #xA | #xD | #x20-#xD7FF |
// #xE000-#xFFFD | #x10000-#x10FFFF (U+FFFE, U+FFFF, lone surrogates, C0 controls JSON left raw).
const NOT_SQS_TEXT = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * The SendMessage body of `entry`: its JSON, with each character SQS refuses written as a JSON
 * `\uXXXX` escape (the same entry when parsed, and a body SQS takes), and cut with a marker when
 * larger than {@link SQS_MAX_BODY_BYTES}.
 *
 * @internal
 * @example
 * JSON.parse(sqsMessageBody(entry)); // the entry, U+FFFF and all
 */
export function sqsMessageBody(entry: PoisonEntry): string {
  const body = sqsText(JSON.stringify(entry));
  if (Buffer.byteLength(body) <= SQS_MAX_BODY_BYTES) return body;
  // Valid JSON still: the position and ids stay (they name the record to replay), the rest goes.
  return sqsText(
    JSON.stringify({
      kind: entry.kind,
      position: entry.position.slice(0, 600),
      topic: entry.topic.slice(0, 300),
      partition: entry.partition,
      offset: entry.offset,
      timestamp: entry.timestamp,
      service: entry.service,
      handler: entry.handler,
      eventId: entry.eventId?.slice(0, 300),
      correlationId: entry.correlationId?.slice(0, 300),
      dedupKey: entry.dedupKey?.slice(0, 600),
      key: undefined,
      headers: { '(headers)': 'not copied: the entry was larger than an SQS message' },
      reason: entry.reason,
      error: { name: entry.error.name.slice(0, 200), message: entry.error.message.slice(0, 2000) },
      parkedAt: entry.parkedAt,
      truncated: `the entry was ${Buffer.byteLength(body)} bytes, over ${SQS_MAX_BODY_BYTES}: cut`,
    }),
  );
}

function sqsText(json: string): string {
  return json.replace(NOT_SQS_TEXT, (c) => {
    // A code point past U+FFFF is allowed: only BMP characters (and lone surrogates) come here.
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** An SQS group or deduplication id: at most 128 of its allowed characters; a digest otherwise. */
function sqsId(text: string): string {
  return /^[\x21-\x7e]{1,128}$/.test(text) ? text : createHash('sha256').update(text).digest('hex');
}

/** What the sink needs of `@aws-sdk/client-sqs` (structural, so the type does not need the SDK). */
interface SqsClientLike {
  send(command: unknown, options?: { abortSignal?: AbortSignal }): Promise<{ MessageId?: string }>;
}

/**
 * Whether `url` has the shape of an SQS queue URL (`https://<host>/<account>/<queue>`): one check
 * for the option and for its variable alike.
 *
 * @internal
 */
export function isSqsQueueUrl(url: string): boolean {
  return /^https?:\/\/[^/\s]+\/\d+\/[A-Za-z0-9_.-]+$/.test(url);
}

/**
 * Whether `url` names a FIFO queue (SQS requires its name to end `.fifo`).
 *
 * @internal
 */
export function isFifoQueueUrl(url: string): boolean {
  return url.endsWith('.fifo');
}

/**
 * The FIFO attributes of an entry: its partition as the group, its position as the deduplication id.
 *
 * @internal
 * @example
 * fifoAttributes(entry); // { MessageGroupId: 'orders-0', MessageDeduplicationId: 'orders-0@11' }
 */
export function fifoAttributes(entry: Pick<PoisonEntry, 'topic' | 'partition' | 'offset'>): {
  MessageGroupId: string;
  MessageDeduplicationId: string;
} {
  const group = `${entry.topic}-${entry.partition}`;
  return { MessageGroupId: sqsId(group), MessageDeduplicationId: sqsId(`${group}@${entry.offset}`) };
}

/** What a refused queue URL is told (the option's and the variable's errors alike). */
export const SQS_QUEUE_URL_SHAPE =
  'is not an SQS queue URL (https://sqs.<region>.amazonaws.com/<account>/<queue>)';

export interface SqsPoisonSinkOptions {
  /** The queue's URL, e.g. `https://sqs.eu-west-1.amazonaws.com/123456789012/orders-poison`. */
  queueUrl: string;
  /** An endpoint other than AWS's (a local stand-in). Default: the SDK's (or `AWS_ENDPOINT_URL_SQS`). */
  endpoint?: string;
  /** The region. Default: the SDK's (`AWS_REGION` in Lambda). */
  region?: string;
}

/**
 * @example
 * kafkaHandler({ handlerName: 'h', redis, poison: { sink: new SqsPoisonSink({ queueUrl }) }, handle });
 */
export class SqsPoisonSink implements PoisonSink {
  readonly queueUrl: string;
  readonly #options: SqsPoisonSinkOptions;
  #client: Promise<{ client: SqsClientLike; Send: new (input: unknown) => unknown }> | undefined;

  readonly #fifo: boolean;

  constructor(options: SqsPoisonSinkOptions) {
    this.queueUrl = options.queueUrl;
    this.#options = options;
    this.#fifo = isFifoQueueUrl(options.queueUrl);
  }

  #sdk() {
    if (this.#client) return this.#client;
    // A queue outside AWS (a local stand-in) is reached at its own origin, in any region.
    const local = !/\.amazonaws\.com(\.cn)?$/.test(new URL(this.queueUrl).hostname);
    const endpoint = this.#options.endpoint ?? (local ? new URL(this.queueUrl).origin : undefined);
    const region = this.#options.region ?? (local && !process.env.AWS_REGION ? 'us-east-1' : undefined);
    // An optional peer: a missing one is a MissingPeerError naming what to install (in the
    // PoisonSinkError the log shows), and the record falls back to failing.
    this.#client = importPeer(
      '@aws-sdk/client-sqs',
      'the poison sink (poison.queueUrl)',
      () => import('@aws-sdk/client-sqs'),
    ).then((sdk) => ({
      client: new sdk.SQSClient({
        ...(region ? { region } : {}),
        ...(endpoint ? { endpoint } : {}),
        // A poison write holds its partition: two attempts, short timeouts (the signal bounds the rest).
        maxAttempts: 2,
        requestHandler: { connectionTimeout: 1000, requestTimeout: 2000 },
      }) as unknown as SqsClientLike,
      Send: sdk.SendMessageCommand as unknown as new (input: unknown) => unknown,
    }));
    // A failed load (the SDK not installed) is tried again at the next record, not cached.
    this.#client.catch(() => {
      this.#client = undefined;
    });
    return this.#client;
  }

  async park(entry: PoisonEntry, signal: AbortSignal): Promise<void> {
    const { client, Send } = await this.#sdk();
    const answer = await client.send(
      new Send({
        QueueUrl: this.queueUrl,
        MessageBody: sqsMessageBody(entry),
        ...(this.#fifo ? fifoAttributes(entry) : {}),
      }),
      { abortSignal: signal },
    );
    if (!answer.MessageId) throw new Error('SQS answered SendMessage without a MessageId');
  }
}
