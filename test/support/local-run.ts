/**
 * A real local run whose output the triage and the runbook checks read: the emulated MSK + event
 * source mapping feeding a real kafkaHandler (real Redis behind a fault proxy), with events
 * published twice (some later, some back to back), a poison event that ends in the DLQ, and Redis
 * down for a few invocations (fail-open). Returns every JSON line the consumer printed (EMF and
 * logs) plus the mapping's AWS/Lambda documents, as `npm start -- --output` writes them.
 */
import './consumer.ts'; // Powertools prints through the console, where captureConsoleOutput reads it

import type { MSKEvent } from 'aws-lambda';
import {
  EventProducer,
  EventSourceMapping,
  esmMetricDocuments,
  inProcess,
  KafkaLog,
  LambdaFunction,
} from '../../emulator/index.ts';
import { kafkaHandler, RedisDedupStore } from '../../lib/index.ts';
import { captureConsoleOutput, startTcpFaultProxy } from '../../testkit/index.ts';
import { redisUrl, uniqueService } from './redis.ts';

export const LOCAL_RUN_TOPIC = 'review-created';

export interface LocalRun {
  lines: Record<string, unknown>[];
  service: string;
  /** Records the mapping wrote to the DLQ. */
  dlq: number;
}

/**
 * @example
 * const { lines } = await localRun();
 */
export async function localRun(): Promise<LocalRun> {
  const service = uniqueService('local-run');
  const proxy = await startTcpFaultProxy(redisUrl());
  const store = new RedisDedupStore({
    redis: { url: proxy.url },
    connectTimeoutMs: 300,
    commandTimeoutMs: 250,
  });
  const log = new KafkaLog();
  log.createTopic(LOCAL_RUN_TOPIC, 3);
  log.createTopic('review-created-dlq', 1);
  const producer = new EventProducer(log);
  const poison = new Set<string>();
  const later: ReturnType<EventProducer['create']>[] = [];
  for (let i = 0; i < 60; i++) {
    const event = producer.create({
      topic: LOCAL_RUN_TOPIC,
      key: `review-${i % 12}`,
      eventType: 'ReviewCreated',
      payload: { reviewId: `review-${i}`, poison: i === 17 },
    });
    producer.publish(event);
    if (i === 17) poison.add(event.eventId);
    if (i % 3 === 0) producer.publish(event); // back to back: a copy in the same batch
    if (i % 4 === 0) later.push(event); // republished at the end: DONE by then
  }
  for (const event of later) producer.publish(event);

  const fn = new LambdaFunction<MSKEvent>(
    inProcess(() =>
      kafkaHandler<{ poison?: boolean }>({
        service,
        handlerName: 'on-review-created',
        store,
        onStoreError: 'open',
        reserveMs: 50,
        async handle(message) {
          if (message.payload?.poison) throw new Error(`review ${message.eventId} cannot be notified`);
        },
      }),
    ),
    { functionName: service, timeoutMs: 5_000 },
  );
  let invocations = 0;
  const esm = new EventSourceMapping(log, fn, {
    topics: [LOCAL_RUN_TOPIC],
    batchSize: 20,
    provisionedPollers: {},
    functionResponseTypes: ['ReportBatchItemFailures'],
    maximumRetryAttempts: 2,
    bisectBatchOnFunctionError: true,
    onFailureDestination: 'kafka://review-created-dlq',
    onInvocation: () => {
      invocations++;
      // Redis goes away for two invocations in the middle of the run.
      if (invocations === 2) proxy.set('down');
      if (invocations === 4) proxy.set('up');
    },
  });
  try {
    const { lines } = await captureConsoleOutput(async () => {
      await esm.drain();
    });
    lines.push(...(esmMetricDocuments(esm, { functionName: service }) as Record<string, unknown>[]));
    return { lines, service, dlq: esm.stats.sentToDestination.length };
  } finally {
    await store.close();
    await proxy.stop();
  }
}
