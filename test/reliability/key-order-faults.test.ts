/**
 * Key order as safe as partition order under the store's faults (issue 30). One partition, keys
 * A..E at offsets 0..4: A fails once (a passing error), B..E succeed. The first invocation meets a
 * fault of the store; the emulated mapping retries under either reading of the partial response
 * (resume-from-lowest delivers B..E again after A's failure). Real Redis behind the store.
 *
 * - fail-open outage (every store call of the first invocation fails, `onStoreError: 'open'`): the
 *   records are unguarded, so their partition runs in partition order (ordering.ts, lanesOf): B..E
 *   do not run ahead of A, and nothing runs twice. Before the fix, 4 of 5 ran twice.
 * - commit cut (the claims land, every commit of the first invocation fails): B..E ran ahead of A
 *   and have no DONE mark; the residual case of key order (docs/consumer.md, "Ordering"): each such
 *   record is counted (`DedupErrors{Reason=key-order-exposed}`), and nothing runs twice uncounted.
 *   Partition order doubles none.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MSKEvent } from 'aws-lambda';
import {
  EventProducer,
  EventSourceMapping,
  inProcess,
  KafkaLog,
  LambdaFunction,
  type PartialResponseReading,
} from '../../emulator/index.ts';
import { Dimension, Metric } from '../../lib/contract.ts';
import { type DedupStore, DedupStoreError, kafkaHandler, RedisDedupStore } from '../../lib/index.ts';
import { captureProcessOutput, sumMetric } from '../../testkit/index.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';

type Fault = 'fail-open' | 'commit-cut';
const LEASE_MS = 1000;

async function run(fault: Fault, ordering: 'key' | 'partition', reading: PartialResponseReading) {
  const log = new KafkaLog();
  log.createTopic('t', 1);
  log.createTopic('t-dlq', 1);
  const producer = new EventProducer(log);
  for (const [i, key] of ['A', 'B', 'C', 'D', 'E'].entries())
    producer.send({ topic: 't', key, payload: { i } });
  const inner = new RedisDedupStore({ redis: { url: redisUrl() } });
  const effects = new Map<number, number>();
  let invocations = 0;
  let aFailed = false;
  const down = () => new DedupStoreError('connection', 'connection closed (the cut)');
  const firstOnly = <T>(call: () => Promise<T>, failing: boolean): Promise<T> =>
    failing && invocations === 0 ? Promise.reject(down()) : call();
  const store: DedupStore = {
    claim: (keys, owner, ms) => firstOnly(() => inner.claim(keys, owner, ms), fault === 'fail-open'),
    commit: (keys, owner, ms) => firstOnly(() => inner.commit(keys, owner, ms), true),
    release: (keys, owner) => firstOnly(() => inner.release(keys, owner), true),
    extend: (keys, owner, ms) => firstOnly(() => inner.extend!(keys, owner, ms), true),
    close: () => inner.close(),
  };
  const service = uniqueService(`ko-${fault}`);
  const fn = new LambdaFunction<MSKEvent>(
    inProcess(() =>
      kafkaHandler<{ i: number }>({
        service,
        handlerName: 'h',
        store,
        reserveMs: 0,
        leaseMs: LEASE_MS,
        onStoreError: 'open',
        ordering,
        ...(ordering === 'key' ? { concurrency: 8 } : {}),
        handle: async (m) => {
          const i = m.payload!.i;
          if (i === 0 && !aFailed) {
            aFailed = true;
            // Long enough that the records of other keys finish first under key order.
            await new Promise((r) => setTimeout(r, 50));
            throw new Error('A: the downstream answered 503');
          }
          effects.set(i, (effects.get(i) ?? 0) + 1);
        },
      }),
    ),
    { functionName: 'ko', timeoutMs: 10_000 },
  );
  const esm = new EventSourceMapping(log, fn, {
    topics: ['t'],
    provisionedPollers: {},
    functionResponseTypes: ['ReportBatchItemFailures'],
    partialResponseReading: reading,
    maximumRetryAttempts: 5,
    maximumBatchingWindowInSeconds: 0,
    onFailureDestination: 'kafka://t-dlq',
    // Called once an invocation ended: the faults last for the first one.
    onInvocation: () => invocations++,
  });
  const { lines } = await captureProcessOutput(async () => {
    await esm.drain();
    await fn.close();
  });
  await inner.close();
  return {
    doubled: [...effects].flatMap(([i, n]) => (n > 1 ? [i] : [])),
    lost: [0, 1, 2, 3, 4].filter((i) => !effects.has(i)),
    dlq: esm.stats.sentToDestination.length,
    exposed: sumMetric(lines, Metric.dedupErrors, { [Dimension.reason]: 'key-order-exposed' }),
  };
}

for (const reading of ['resume-from-lowest', 'retry-reported-only'] as const) {
  describe(`key order under store faults (${reading})`, () => {
    test('fail-open outage: unguarded records keep partition order, nothing runs twice', async () => {
      for (const ordering of ['key', 'partition'] as const) {
        const r = await run('fail-open', ordering, reading);
        assert.deepEqual(r.doubled, [], `${ordering}: doubled`);
        assert.deepEqual(r.lost, [], `${ordering}: lost`);
        assert.equal(r.dlq, 0);
        assert.equal(r.exposed, 0);
      }
    });

    test('commit cut: every record run twice is counted as key-order-exposed; partition order doubles none', async () => {
      const partition = await run('commit-cut', 'partition', reading);
      assert.deepEqual(partition.doubled, []);
      assert.equal(partition.exposed, 0);
      const key = await run('commit-cut', 'key', reading);
      assert.deepEqual(key.lost, []);
      // B..E ran ahead of A and their DONE marks never landed: exposed, counted.
      assert.equal(key.exposed, 4);
      if (reading === 'resume-from-lowest') assert.deepEqual(key.doubled, [1, 2, 3, 4]);
      else
        assert.deepEqual(key.doubled, [], 'retrying only the reported records delivers none of them again');
    });
  });
}
