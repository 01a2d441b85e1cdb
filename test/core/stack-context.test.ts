/**
 * The invocation keeps its batch to itself: it never writes the caller's context or the event
 * (hosts reuse one context for concurrent invocations, and one event object may be in flight twice).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Context } from 'aws-lambda';
import { type KafkaMessage, MemoryDedupStore } from '../../lib/index.ts';
import { failedOffsets, lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, sleep, testConsumers } from '../support/consumer.ts';

const build = testConsumers();

describe('the stack context', () => {
  test('the caller context is read through, never written; the batch stays out of its JSON', async () => {
    const seen: Context[] = [];
    const handler = build({
      service: 'ctx',
      store: new MemoryDedupStore(),
      handle(_m, { lambdaContext }) {
        seen.push(lambdaContext);
      },
    });
    const context = Object.freeze(lambdaContext({ requestId: 'req-frozen', functionName: 'test-fn' }));
    const event = Object.freeze(mskEvent([mskRecord({ offset: 1 })]));
    const { response } = await invoke(handler, event, context);
    assert.deepEqual(response.batchItemFailures, []);
    assert.equal(seen.length, 1);
    const given = seen[0]!;
    assert.equal(given.awsRequestId, 'req-frozen');
    assert.equal(given.functionName, 'test-fn');
    assert.ok(given.getRemainingTimeInMillis() > 0);
    assert.equal(Object.getOwnPropertySymbols(context).length, 0, 'nothing was added to the caller context');
    assert.ok(!JSON.stringify(given).includes('orders'), 'the batch is not serialised with the context');
  });

  test('concurrent invocations sharing one context object each answer for their own batch', async () => {
    const handler = build({
      service: 'ctx-shared',
      store: new MemoryDedupStore(),
      async handle(m: KafkaMessage<unknown>) {
        await sleep(20);
        if (m.offset % 2 === 1) throw new Error(`fail ${m.offset}`);
      },
    });
    const context = Object.freeze(lambdaContext());
    const [a, b] = await Promise.all([
      invoke(handler, mskEvent([mskRecord({ offset: 10 }), mskRecord({ offset: 11 })]), context),
      invoke(handler, mskEvent([mskRecord({ partition: 1, offset: 21 })]), context),
    ]);
    assert.deepEqual(failedOffsets(a.response), ['orders-0@11']);
    assert.deepEqual(failedOffsets(b.response), ['orders-1@21']);
  });
});
