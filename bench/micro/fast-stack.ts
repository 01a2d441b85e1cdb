/**
 * The what-if handler of bench/micro/what-if.ts as a builder taking kafkaHandler's options: the
 * core's own dedupClaims, runPartitions and flushMetrics behind decodeRecordsFast. Measuring aid only.
 */
import middy from '@middy/core';
import type { Context, MSKEvent } from 'aws-lambda';
import {
  dedupClaims,
  flushMetrics,
  type KafkaBatchResponse,
  type KafkaHandlerOptions,
  resolveConfig,
  runPartitions,
} from '../../lib/index.ts';
import { decodeRecordsFast } from './fast-decode.ts';

/**
 * @example
 * const handler = fastStack({ service: 's', handlerName: 'h', store: new LuaBatchStore(url), handle });
 */
export function fastStack<T>(
  options: KafkaHandlerOptions<T>,
): (event: MSKEvent, context: Context) => Promise<KafkaBatchResponse> {
  const config = resolveConfig(options);
  return middy()
    .use(flushMetrics())
    .use(decodeRecordsFast(config))
    .use(dedupClaims(config))
    .handler(runPartitions(config)) as unknown as (
    event: MSKEvent,
    context: Context,
  ) => Promise<KafkaBatchResponse>;
}
