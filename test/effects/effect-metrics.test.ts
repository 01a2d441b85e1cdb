/** The effect layer counts its store's failures as EffectErrors{Reason} through HandleContext.metrics. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ulid } from 'ulid';
import { createEffect, EFFECT_ERRORS_METRIC } from '../../lib/effects/index.ts';
import { MemoryDedupStore } from '../../lib/index.ts';
import { failedOffsets, mskEvent, mskRecord, sumMetric } from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';
import { unreachableClient } from './support/dynamodb.ts';

const build = testConsumers();

test('DynamoDB unreachable: the record fails, nothing runs, EffectErrors{Reason=connection} is flushed', async () => {
  const effect = createEffect({
    tableName: 'nowhere',
    namespace: 'metrics-test',
    handlerName: 'h',
    client: await unreachableClient(),
    logger: { error() {}, warn() {} },
  });
  let sent = 0;
  const handler = build({
    service: `effect-metrics-${process.pid}`,
    store: new MemoryDedupStore({ quiet: true }),
    async handle(message, context) {
      await effect(message, 'send-push', () => sent++, context);
    },
  });
  const { response, lines } = await invoke(handler, mskEvent([mskRecord({ offset: 4, eventId: ulid() })]));
  assert.deepEqual(failedOffsets(response), ['orders-0@4']);
  assert.equal(sent, 0);
  assert.equal(sumMetric(lines, EFFECT_ERRORS_METRIC, { Reason: 'connection' }), 1);
});
