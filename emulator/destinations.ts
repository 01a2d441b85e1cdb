/**
 * On-failure destinations of a Kafka event source mapping, and the local stand-ins for the AWS
 * ones: "You can configure any Amazon SNS topic, Amazon SQS queue, Amazon S3 bucket, or Kafka as a
 * destination" (https://docs.aws.amazon.com/lambda/latest/dg/kafka-on-failure.html). A Kafka
 * destination is a topic of the {@link KafkaLog} (`kafka://<topic>`); an SQS queue, an SNS topic or
 * an S3 bucket (given by ARN) lives in {@link LocalDestinations}.
 *
 * A destination must exist: "The destination topic must exist in the same Kafka cluster as your
 * source topics" (kafka-on-failure-destination.html). The emulator creates none on first use; a
 * record sent to a missing one is lost and counted as a DestinationDeliveryFailures (see
 * destination-writer.ts).
 */
import { MappingConfigurationError } from './errors.ts';

/** Where failed records go, parsed from the mapping's `DestinationConfig.OnFailure.Destination`. */
export type OnFailureDestination =
  | { readonly kind: 'kafka'; readonly topic: string; readonly text: string }
  | { readonly kind: 'sqs' | 'sns' | 's3'; readonly arn: string; readonly text: string };

const ARN = /^arn:aws[a-zA-Z0-9-]*:(sqs|sns|s3):([a-z0-9-]*):(\d{12})?:(.+)$/;

/**
 * Parse a destination: `kafka://<topic>`, or the ARN of an SQS queue, an SNS topic or an S3 bucket.
 *
 * @throws {MappingConfigurationError} naming `onFailureDestination` when it is neither.
 * @example
 * parseDestination('kafka://orders-dlq');                        // { kind: 'kafka', topic: 'orders-dlq' }
 * parseDestination('arn:aws:sqs:us-east-1:000000000000:dlq');    // { kind: 'sqs', arn }
 * parseDestination('arn:aws:s3:::failed-batches');               // { kind: 's3', arn }
 */
export function parseDestination(text: string): OnFailureDestination {
  if (text.startsWith('kafka://')) {
    const topic = text.slice('kafka://'.length);
    if (!/^[a-zA-Z0-9._-]{1,249}$/.test(topic)) {
      throw new MappingConfigurationError(`onFailureDestination: '${text}' does not name a Kafka topic`);
    }
    return { kind: 'kafka', topic, text };
  }
  const arn = ARN.exec(text);
  if (!arn) {
    throw new MappingConfigurationError(
      `onFailureDestination: '${text.slice(0, 120)}' is neither kafka://<topic> nor the ARN of an SQS queue, SNS topic or S3 bucket`,
    );
  }
  return { kind: arn[1] as 'sqs' | 'sns' | 's3', arn: text, text };
}

/** One object an S3 destination received. */
export interface StoredObject {
  readonly key: string;
  readonly body: string;
}

/**
 * Local SQS queues, SNS topics and S3 buckets that an event source mapping can send failed
 * batches to. Each keeps what Lambda sent, as text: a queue's message bodies, a topic's messages,
 * a bucket's objects.
 *
 * @example
 * const destinations = new LocalDestinations();
 * destinations.create('arn:aws:sqs:us-east-1:000000000000:orders-dlq');
 * new EventSourceMapping(log, fn, { topics: ['orders'], destinations,
 *   onFailureDestination: 'arn:aws:sqs:us-east-1:000000000000:orders-dlq' });
 * destinations.messages('arn:aws:sqs:us-east-1:000000000000:orders-dlq'); // ['{"requestContext":...}']
 */
export class LocalDestinations {
  readonly #queues = new Map<string, string[]>();
  readonly #buckets = new Map<string, StoredObject[]>();

  /** Create a queue, a topic or a bucket (by ARN); creating an existing one is a no-op. */
  create(arn: string): void {
    const destination = parseDestination(arn);
    if (destination.kind === 'kafka')
      throw new MappingConfigurationError(`${arn}: a Kafka topic is created in the KafkaLog`);
    if (destination.kind === 's3') {
      if (!this.#buckets.has(arn)) this.#buckets.set(arn, []);
    } else if (!this.#queues.has(arn)) {
      this.#queues.set(arn, []);
    }
  }

  has(arn: string): boolean {
    return this.#queues.has(arn) || this.#buckets.has(arn);
  }

  /** Deliver one document; false (nothing stored) when the destination does not exist. */
  deliver(arn: string, body: string, key: string): boolean {
    const queue = this.#queues.get(arn);
    if (queue) {
      queue.push(body);
      return true;
    }
    const bucket = this.#buckets.get(arn);
    if (bucket) {
      bucket.push({ key, body });
      return true;
    }
    return false;
  }

  /** The message bodies a queue or topic received, oldest first. */
  messages(arn: string): string[] {
    return [...(this.#queues.get(arn) ?? [])];
  }

  /** The objects a bucket received, oldest first. */
  objects(arn: string): StoredObject[] {
    return [...(this.#buckets.get(arn) ?? [])];
  }

  /**
   * What a destination holds as JSON lines (one document a line), the input `npm run dlq` reads.
   *
   * @example
   * writeFileSync('dlq.jsonl', destinations.dump('arn:aws:s3:::failed-batches'));
   */
  dump(arn: string): string {
    const bodies = this.#buckets.has(arn) ? this.objects(arn).map((o) => o.body) : this.messages(arn);
    return bodies.map((body) => `${JSON.stringify(JSON.parse(body))}\n`).join('');
  }
}
