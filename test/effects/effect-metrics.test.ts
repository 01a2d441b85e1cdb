/** The effect layer counts its store's failures as EffectErrors{Reason} through HandleContext.metrics. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ulid } from 'ulid';
import { createEffect, EFFECT_ERRORS_METRIC } from '../../lib/effects/index.ts';
import { kafkaHandler, MemoryDedupStore } from '../../lib/index.ts';
import { failedOffsets, mskEvent, mskRecord, sumMetric } from '../../testkit/index.ts';
import { invoke } from '../support/consumer.ts';
import { unreachableClient } from './support/dynamodb.ts';

test('DynamoDB unreachable: the record fails, nothing runs, EffectErrors{Reason=connection} is flushed', async () => {
  const effect = createEffect({
    tableName: 'nowhere',
    namespace: 'metrics-test',
    handlerName: 'h',
    client: await unreachableClient(),
    logger: { error() {}, warn() {} },
  });
  let sent = 0;
  const handler = kafkaHandler({
    service: `effect-metrics-${process.pid}`,
    handlerName: 'h',
    store: new MemoryDedupStore({ quiet: true }),
    reserveMs: 0,
    async handle(message, context) {
      await effect(message, 'send-push', () => sent++, context);
    },
  });
  const { response, lines } = await invoke(handler, mskEvent([mskRecord({ offset: 4, eventId: ulid() })]));
  assert.deepEqual(failedOffsets(response), ['orders-0@4']);
  assert.equal(sent, 0);
  assert.equal(sumMetric(lines, EFFECT_ERRORS_METRIC, { Reason: 'connection' }), 1);
});
