/**
 * The events of a local run: review-created events on a topic, a seeded share of them published
 * twice (same Event-Id), and a few poison ones (a rating the consumer rejects).
 */
import { EventProducer, type KafkaLog } from '../emulator/index.ts';
import { DuplicatingProducer } from '../testkit/index.ts';
import { seededRandom } from '../testkit/internal/index.ts';

export interface PublishedReviews {
  eventIds: Set<string>;
  poison: Set<string>;
  /** Events published a second time. */
  duplicates: number;
}

/**
 * @example
 * const { eventIds, poison } = publishReviews(log, 'review-created', { events: 2000, duplicateRate: 0.05, poison: 3, seed: 7 });
 */
export function publishReviews(
  log: KafkaLog,
  topic: string,
  o: { events: number; duplicateRate: number; poison: number; seed: number },
): PublishedReviews {
  const producer = new DuplicatingProducer(new EventProducer(log), { rate: o.duplicateRate, seed: o.seed });
  const random = seededRandom(o.seed + 1);
  const poisonAt = new Set(Array.from({ length: o.poison }, () => Math.floor(random() * o.events)));
  const eventIds = new Set<string>();
  const poison = new Set<string>();
  for (let i = 0; i < o.events; i++) {
    const bad = poisonAt.has(i);
    const review = {
      reviewId: `review-${i}`,
      userId: `user-${i % 97}`,
      rating: bad ? 9 : 1 + (i % 5),
      text: `review number ${i}`,
    };
    const event = producer.send({ topic, key: review.reviewId, eventType: 'ReviewCreated', payload: review });
    eventIds.add(event.eventId);
    if (bad) poison.add(event.eventId);
  }
  producer.flushDuplicates();
  return { eventIds, poison, duplicates: producer.duplicates };
}
