/**
 * The bench's "through the consumer" bytes case (bench/bytes-per-event.ts) stands for a 24 h window
 * at 1,000 events/s on a short window the consumer accepts: its hashes must be as full as the
 * day's, whatever margin the store's bucket count adds for short spans (the key turns'), and its
 * ids carry the driven clock's time, so that they spread over the key turns as a producer's would.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Redis } from 'ioredis';
import { consumerSteadyLayout, consumerSteadyState, dayFillRate } from '../../bench/bytes-per-event.ts';
import { KEY_BUCKETS } from '../../lib/contract/dedup-key.ts';
import { markLayout } from '../../lib/contract/dedup-mark.ts';
import { startRedisServer } from '../../testkit/redis-server.ts';

test('bytes through the consumer: the case fills each hash as a 24 h window at 1,000/s does', () => {
  const day = markLayout(24 * 60 * 60 * 1000, 1000);
  const dayFill = (1000 * day.ttlMs) / 1000 / KEY_BUCKETS / day.buckets;
  for (const events of [1_000_000, 2_000_000]) {
    const c = consumerSteadyLayout(events);
    // The store is told `declared`: its buckets are the case's layout.
    assert.equal(markLayout(c.windowS * 1000, c.declared).buckets, c.layout.buckets, `${events}`);
    // Driven at `rate`, a hash holds the day's fresh marks (within one).
    const fill = (c.rate * c.layout.ttlMs) / 1000 / KEY_BUCKETS / c.layout.buckets;
    assert.ok(Math.abs(fill - dayFill) <= 1, `${events} events: ${fill} marks a hash, the day's ${dayFill}`);
    assert.ok(c.caseEvents >= events * 0.9 && c.caseEvents <= events * 1.1, `${events}: ${c.caseEvents}`);
  }
});

test('dayFillRate: a window of minutes told it fills its hashes as the day does, despite the key turns margin', () => {
  const day = markLayout(24 * 60 * 60 * 1000, 1000);
  const dayFill = (1000 * day.ttlMs) / 1000 / KEY_BUCKETS / day.buckets;
  // Windows of 5 and 11 minutes at 1,000/s (the store's steady state used such windows before it
  // took consumerSteadyLayout's 8,192 s): there the turns' margin is 30-65% of the span.
  for (const windowMs of [294_912, 655_360]) {
    const layout = markLayout(windowMs, dayFillRate(windowMs, 1000));
    const fill = (1000 * layout.ttlMs) / 1000 / KEY_BUCKETS / layout.buckets;
    assert.ok(Math.abs(fill - dayFill) <= 1, `${windowMs} ms: ${fill} marks a hash, the day's ${dayFill}`);
  }
});

test('bytes through the consumer, run small on a Redis of its own: ids over every turn, no hash past the compact encoding', async () => {
  // 150,000 asked: one bucket a tag, driven at 4/s over an 8,192 s window, 102,400 events. Ids made
  // at the real time of the run would all fall in one key turn: a quarter of the hashes would get
  // four times their ~80 marks, past 128 fields (86,144 marks past it, tried).
  const server = await startRedisServer();
  const redis = new Redis(server.url);
  try {
    const result = await consumerSteadyState(redis, server.url, 150_000);
    assert.equal(result.events, consumerSteadyLayout(150_000).caseEvents);
    assert.equal(result.overfullMarks, 0, result.note);
    assert.equal(result.hashesNotListpack, 0, result.note);
  } finally {
    redis.disconnect();
    await server.stop();
  }
});
