/** The EMF a run prints: the contract's names and dimensions, and the values (docs/consumer.md, "Metrics"). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ulid } from 'ulid';
import { keyBucket } from '../../lib/contract/dedup-key.ts';
import {
  COMPACT_HASH_FIELDS,
  DEFAULT_NAMESPACE,
  Dimension,
  dedupKey,
  dedupKeyPrefix,
  MARKS_NOT_COMPACT_MESSAGE,
  METRIC_DIMENSIONS,
  Metric,
  MIN_WINDOW_SECONDS,
} from '../../lib/contract.ts';
import { emfDocuments, mskEvent, mskRecord, sumMetric } from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';
import { markPlace } from '../support/marks.ts';
import { adminClient, redisUrl, uniqueService } from '../support/redis.ts';

const build = testConsumers();

const service = uniqueService('metrics');
const handler = build({
  service,
  handlerName: 'on-review-created',
  // Partition order: a failure stops the rest of its partition (the counts below).
  ordering: 'partition',
  // A claim of 10,000 keys is one call that a loaded machine can take seconds over: it must not
  // time out (fail-open would run the batch unguarded, with no commit to count).
  redis: { url: redisUrl(), commandTimeoutMs: 120_000 },
  // One group commit per batch at most, and no renewal (a third of the lease) nor stale-claim
  // confirmation (a lease) within a batch however slow the machine: the round trips counted here
  // are the claim and the commit, whatever the speed. The longest lease the settings take (15 min),
  // and a group commit within a third of it, as the settings require.
  commitEvery: { records: 10_000, ms: 300_000 },
  leaseMs: 900_000,
  handle(m) {
    if ((m.payload as { fail?: boolean }).fail) throw new Error('no');
  },
});

/** The CloudWatch metric directive of an EMF document (its `_aws`). */
function metricDirective(doc: Record<string, unknown>) {
  return (
    doc._aws as {
      CloudWatchMetrics: {
        Namespace: string;
        Dimensions: string[][];
        Metrics: { Name: string; Unit: string }[];
      }[];
    }
  ).CloudWatchMetrics[0]!;
}

test('one flush per invocation: counts per topic and handler, check duration per round trip', async () => {
  const dup = ulid();
  const event = mskEvent([
    mskRecord({ topic: 'reviews', offset: 1, eventId: dup }),
    mskRecord({ topic: 'reviews', offset: 2, eventId: dup }),
    mskRecord({ topic: 'reviews', partition: 1, offset: 3, value: { fail: true } }),
    mskRecord({ topic: 'reviews', partition: 1, offset: 4 }),
    mskRecord({ topic: 'ratings', offset: 9 }),
  ]);
  const { lines } = await invoke(handler, event);
  const docs = emfDocuments(lines);
  const byTopic = (topic: string) => docs.filter((d) => d[Dimension.topic] === topic);
  assert.equal(byTopic('reviews').length, 1, 'one document per topic');
  const reviews = byTopic('reviews')[0]!;
  assert.deepEqual(
    {
      p: reviews[Metric.processed],
      s: reviews[Metric.succeeded],
      f: reviews[Metric.failed],
      d: reviews[Metric.deduplicated],
    },
    { p: 4, s: 1, f: 2, d: 1 },
  );
  assert.equal(reviews[Dimension.handler], 'on-review-created');
  assert.equal(reviews[Dimension.service], service);
  const meta = metricDirective(reviews);
  assert.equal(meta.Namespace, DEFAULT_NAMESPACE);
  assert.deepEqual(new Set(meta.Dimensions[0]), new Set(METRIC_DIMENSIONS[Metric.processed]));
  assert.ok(meta.Metrics.every((m) => m.Unit === 'Count'));
  assert.equal(byTopic('ratings')[0]![Metric.succeeded], 1);
  const duration = docs.find((d) => Metric.dedupCheckDuration in d)!;
  const values = [duration[Metric.dedupCheckDuration]].flat() as number[];
  assert.equal(values.length, 3, 'claim, commit and release: one value each');
  assert.ok(values.every((v) => typeof v === 'number' && v >= 0));
  const durationMeta = (
    duration._aws as { CloudWatchMetrics: { Dimensions: string[][]; Metrics: { Unit: string }[] }[] }
  ).CloudWatchMetrics[0]!;
  assert.deepEqual(durationMeta.Dimensions[0], METRIC_DIMENSIONS[Metric.dedupCheckDuration]);
  assert.equal(durationMeta.Metrics[0]!.Unit, 'Milliseconds');
  assert.equal(docs.length, 3, 'two topics and one service-level document');
});

test('a 10,000-record batch claims in 13 store calls (parts of at most 1,000 keys) and commits in one, not 10,000', async () => {
  const records = Array.from({ length: 10_000 }, (_, i) =>
    mskRecord({ topic: 'bulk', partition: i % 4, offset: i }),
  );
  const { response, lines } = await invoke(handler, mskEvent(records));
  assert.deepEqual(response.batchItemFailures, []);
  const duration = emfDocuments(lines).find((d) => Metric.dedupCheckDuration in d)!;
  assert.equal(
    emfDocuments(lines).find((d) => Metric.dedupErrors in d),
    undefined,
    'no store error: the counts below are of a guarded batch',
  );
  // A standalone store claims in parts (DedupStore.claimPartRecords, 1,000): 125, 250, 500, then
  // nine of 1,000 and the last 125, sent at once; the lanes start when the first answers.
  assert.equal(
    [duration[Metric.dedupCheckDuration]].flat().length,
    14,
    'thirteen claim parts and one commit round trip',
  );
  assert.equal(emfDocuments(lines).find((d) => d[Dimension.topic] === 'bulk')![Metric.succeeded], 10_000);
});

test("a business function's own counters go out with the invocation's flush", async () => {
  const own = build({
    service,
    handlerName: 'counting',
    handle(_m, { metrics }) {
      metrics.count('ReviewsThanked', { Channel: 'push' });
    },
  });
  const { lines } = await invoke(own, mskEvent([mskRecord({ offset: 1 }), mskRecord({ offset: 2 })]));
  const docs = emfDocuments(lines).filter((d) => 'ReviewsThanked' in d);
  assert.equal(docs.length, 1, 'summed into one document');
  assert.equal(docs[0]!.ReviewsThanked, 2);
  assert.equal(docs[0]!.Channel, 'push');
  assert.equal(docs[0]!.service, service);
});

test('DONE marks past the compact encoding are counted once each (DedupMarksNotCompact, service and Handler), beside the WARN', async () => {
  // A real RedisDedupStore at a declared rate of 1 event/s and the shortest window: one mark hash
  // per tag. Event ids of one tag put every mark of the batch in that one hash, with its '' field
  // (the slice of its last cleaning): the last marks take it past the compact encoding's field count.
  const handlerName = 'on-burst';
  const windowSeconds = MIN_WINDOW_SECONDS;
  const notCompact = build({ service, handlerName, window: windowSeconds, eventsPerSecond: 1, handle() {} });
  // ULIDs of one time and random stem, their last 4 characters counted up (a ulid() each would take
  // seconds to find 134 of one tag among 512).
  const stem = ulid().slice(0, 22);
  const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const tag = keyBucket(`${stem}0000`);
  const ids: string[] = [];
  let elsewhere: string | undefined;
  for (let n = 0; ids.length < COMPACT_HASH_FIELDS + 4 || !elsewhere; n++) {
    const id = stem + [15, 10, 5, 0].map((shift) => crockford[(n >> shift) & 31]).join('');
    if (keyBucket(id) === tag) ids.push(id);
    else elsewhere ??= id;
  }
  const hashOf = (id: string) =>
    markPlace(dedupKey(dedupKeyPrefix(service, handlerName), id), windowSeconds * 1000, 1).hash;
  const hash = hashOf(ids[0]!);
  const admin = adminClient();
  try {
    const first = ids.slice(0, COMPACT_HASH_FIELDS + 2);
    const { response, lines } = await invoke(
      notCompact,
      mskEvent(
        first.map((eventId, i) => mskRecord({ topic: 'bursts', partition: i % 4, offset: i, eventId })),
      ),
    );
    assert.deepEqual(response.batchItemFailures, []);
    const fields = await admin.hlen(hash);
    assert.equal(fields, first.length + 1, "every mark in the one hash, and its ''");
    const over = fields - COMPACT_HASH_FIELDS;
    assert.equal(over, 3);
    const docs = emfDocuments(lines).filter((d) => Metric.marksNotCompact in d);
    assert.equal(docs.length, 1, 'one document, whatever the number of commits');
    const doc = docs[0]!;
    assert.equal(doc[Metric.marksNotCompact], over);
    assert.equal(doc[Dimension.handler], handlerName);
    assert.equal(doc[Dimension.service], service);
    assert.equal(doc[Dimension.topic], undefined);
    const meta = metricDirective(doc);
    assert.equal(meta.Namespace, DEFAULT_NAMESPACE);
    assert.deepEqual(meta.Dimensions[0], METRIC_DIMENSIONS[Metric.marksNotCompact]);
    assert.deepEqual(meta.Metrics, [{ Name: Metric.marksNotCompact, Unit: 'Count' }]);
    const said = lines.filter((l) => l.message === MARKS_NOT_COMPACT_MESSAGE);
    assert.ok(said.length >= 1 && said.every((l) => l.level === 'WARN'));
    assert.equal(
      said.reduce((a, l) => a + Number(l.overfullMarks), 0),
      over,
      'the WARN lines say the same count',
    );
    assert.equal(sumMetric(lines, Metric.dedupErrors), 0, 'not a store error');

    // The next invocation counts its own marks only, not those reported before.
    const next = await invoke(
      notCompact,
      mskEvent(
        ids
          .slice(first.length)
          .map((eventId, i) => mskRecord({ topic: 'bursts', offset: 1000 + i, eventId })),
      ),
    );
    assert.equal(sumMetric(next.lines, Metric.marksNotCompact, { [Dimension.handler]: handlerName }), 2);

    // A batch whose marks stay compact emits none.
    const quiet = await invoke(
      notCompact,
      mskEvent([mskRecord({ topic: 'bursts', offset: 2000, eventId: elsewhere })]),
    );
    assert.equal(
      emfDocuments(quiet.lines).find((d) => Metric.marksNotCompact in d),
      undefined,
    );
  } finally {
    await admin.del(hash, hashOf(elsewhere));
    admin.disconnect();
  }
});
