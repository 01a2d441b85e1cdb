/**
 * This project's `kafkaHandler`, end to end: decode, batch claim, handle, commit, metrics (EMF
 * serialised into a counting sink, not stdout), logger at its default level into the same sink.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { kafkaHandler } from '../../lib/index.ts';
import type { KafkaMessage } from '../../lib/kafka/message.ts';
import { lambdaContext } from '../lambda-context.ts';
import { CountingSink, silence } from '../sink.ts';
import type { RedisTarget } from '../target.ts';
import type { Contender, InvocationCount } from './contender.ts';
import { recordsOf } from './decode.ts';

/** The EMF document of the last flush, to cross-check the handler's own counts. */
export function lastEmf(sink: CountingSink): Record<string, unknown> | undefined {
  const line = sink.last.trim().split('\n').pop();
  if (!line?.includes('_aws')) return undefined;
  return JSON.parse(line) as Record<string, unknown>;
}

/**
 * @example
 * const ours = await projectContender(target, { service: 'bench-1', handlerName: 'noop', windowSeconds: 600, handle: () => {} });
 */
export async function projectContender(
  target: RedisTarget,
  options: {
    service: string;
    handlerName: string;
    windowSeconds: number;
    handle: (message: KafkaMessage) => Promise<void> | void;
  },
): Promise<Contender & { sink: CountingSink }> {
  const sink = new CountingSink();
  const metrics = new Metrics({ namespace: 'MskOnceBench', serviceName: options.service });
  const logger = new Logger({ serviceName: options.service });
  silence(metrics, sink);
  silence(logger, sink);
  let handled = 0;
  const handler = kafkaHandler({
    service: options.service,
    handlerName: options.handlerName,
    redis:
      target.mode === 'cluster'
        ? { url: `redis://${target.nodes[0]!.host}:${target.nodes[0]!.port}`, cluster: true }
        : { url: target.url },
    window: options.windowSeconds,
    metrics,
    logger,
    async handle(message) {
      await options.handle(message);
      handled++;
    },
  });
  return {
    id: 'kafkaHandler',
    sink,
    async invoke(event) {
      const before = handled;
      const response = await handler(event, lambdaContext());
      let records = 0;
      for (const _ of recordsOf(event)) records++;
      const failed = response.batchItemFailures.length;
      const count: InvocationCount = { handled: handled - before, duplicates: 0, failed };
      count.duplicates = records - count.handled - failed;
      return count;
    },
    async close() {
      const closable = handler as unknown as { close?: () => Promise<void> };
      await closable.close?.();
    },
  };
}
