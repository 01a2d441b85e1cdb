import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeTime, isValid } from 'ulid';
import { EventProducer, KafkaLog, KafkaLogError, murmur2 } from '../../emulator/index.ts';
import { EVENT_ID_HEADER } from '../../lib/index.ts';

describe('KafkaLog', () => {
  test('murmur2 matches the Java client (Kafka UtilsTest vectors)', () => {
    const cases: [string, number][] = [
      ['21', -973932308],
      ['foobar', -790332482],
      ['a-little-bit-long-string', -985981536],
      ['a-little-bit-longer-string', -1486304829],
      ['lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8', -58897971],
      ['abc', 479470107],
    ];
    for (const [input, expected] of cases) assert.equal(murmur2(Buffer.from(input)), expected, input);
  });

  test('offsets grow per partition; a key always lands in the same partition; no key = round-robin', () => {
    const log = new KafkaLog();
    log.createTopic('t', 3);
    const a = log.append('t', { key: 'user-1', value: 'x' });
    const b = log.append('t', { key: 'user-1', value: 'y' });
    assert.equal(a.partition, b.partition);
    assert.equal(b.offset, a.offset + 1);
    assert.equal(a.partition, (murmur2(Buffer.from('user-1')) & 0x7fffffff) % 3);
    const keyless = [0, 1, 2].map(() => log.append('t', { value: 'z' }).partition);
    assert.deepEqual([...keyless].sort(), [0, 1, 2]);
    assert.equal(log.read('t', a.partition, 0).length, 2 + keyless.filter((p) => p === a.partition).length);
  });

  test('headers are bytes, tombstones have no value, reads are in offset order', () => {
    const log = new KafkaLog();
    log.createTopic('t', 1);
    log.append('t', { key: 'k', value: null, headers: [{ name: 'bin', value: Buffer.from([0, 255, 1]) }] });
    log.append('t', { value: 'second' });
    const [first, second] = log.read('t', 0, 0);
    assert.equal(first?.value, null);
    assert.deepEqual([...first!.headers[0]!.value], [0, 255, 1]);
    assert.equal(second?.value?.toString(), 'second');
    assert.deepEqual(
      log.read('t', 0, 1).map((r) => r.offset),
      [1],
    );
  });

  test('consumer groups commit the next offset to read; lag counts the rest', () => {
    const log = new KafkaLog();
    log.createTopic('t', 2);
    for (let i = 0; i < 4; i++) log.append('t', { value: String(i), partition: i % 2 });
    assert.equal(log.committed('g', 't', 0), 0);
    log.commit('g', 't', 0, 2);
    assert.equal(log.committed('g', 't', 0), 2);
    assert.equal(log.lag('g', 't'), 2);
    assert.throws(() => log.commit('g', 't', 1, 3), KafkaLogError);
    log.deleteGroup('g');
    assert.equal(log.lag('g', 't'), 4);
  });

  test('unknown topics and partitions are errors that name them', () => {
    const log = new KafkaLog();
    assert.throws(() => log.append('nope', { value: 'x' }), /unknown topic "nope"/);
    log.createTopic('t', 1);
    assert.throws(() => log.read('t', 5, 0), /no partition 5/);
    assert.throws(() => log.createTopic('t', 2), /exists with 1 partitions/);
  });
});

describe('EventProducer', () => {
  test('stamps a ULID Event-Id once per event; publishing again keeps it', () => {
    const log = new KafkaLog();
    log.createTopic('reviews', 2);
    const producer = new EventProducer(log);
    const event = producer.create({
      topic: 'reviews',
      key: 'r-1',
      eventType: 'ReviewCreated',
      payload: { stars: 5 },
    });
    assert.ok(isValid(event.eventId));
    assert.ok(Math.abs(decodeTime(event.eventId) - Date.now()) < 60_000);
    const first = producer.publish(event);
    const again = producer.publish(event);
    const id = (r: typeof first) => r.headers.find((h) => h.name === EVENT_ID_HEADER)?.value.toString();
    assert.equal(id(first), event.eventId);
    assert.equal(id(again), event.eventId);
    assert.equal(again.partition, first.partition);
    assert.equal(again.offset, first.offset + 1);
    assert.deepEqual(
      first.headers.map((h) => h.name),
      ['Event-Id', 'Correlation-Id', 'Event-Type'],
    );
    const other = producer.send({ topic: 'reviews', key: 'r-1', payload: { stars: 4 } });
    assert.notEqual(other.event.eventId, event.eventId);
    assert.deepEqual(JSON.parse(again.value!.toString()), { stars: 5 });
  });
});
