/**
 * Powertools idempotency per record: `makeIdempotent` around the business function, with its
 * Redis persistence layer (`@aws-lambda-powertools/idempotency/cache`, CachePersistenceLayer) over
 * a node-redis client. Keyed by the message's eventId (eventKeyJmesPath), records sequential.
 * Per new record: SET NX (in progress), handler, SET (completed); per duplicate: SET NX, GET.
 */
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { CachePersistenceLayer } from '@aws-lambda-powertools/idempotency/cache';
import type { CacheClient } from '@aws-lambda-powertools/idempotency/cache/types';
import type { KafkaMessage } from '../../lib/contract/message.ts';
import { benchContext } from '../lambda-context.ts';
import type { RedisTarget } from '../target.ts';
import { nodeRedisClient } from '../target.ts';
import type { Contender, InvocationCount } from './contender.ts';
import { decodeAsProject, recordsOf } from './decode.ts';

/**
 * @example
 * const pt = await powertoolsContender(target, { keyPrefix: 'bench:pt', ttlSeconds: 600, handle: () => {} });
 */
export async function powertoolsContender(
  target: RedisTarget,
  options: { keyPrefix: string; ttlSeconds: number; handle: (message: KafkaMessage) => Promise<void> | void },
): Promise<Contender> {
  const client = await nodeRedisClient(target);
  const persistenceStore = new CachePersistenceLayer({ client: client as unknown as CacheClient });
  const config = new IdempotencyConfig({
    eventKeyJmesPath: 'eventId',
    expiresAfterSeconds: options.ttlSeconds,
  });
  let handled = 0;
  const processRecord = makeIdempotent(
    async (message: KafkaMessage) => {
      await options.handle(message);
      handled++;
    },
    { persistenceStore, config, keyPrefix: options.keyPrefix },
  );
  return {
    id: 'powertools',
    async invoke(event) {
      config.registerLambdaContext(benchContext());
      const before = handled;
      const count: InvocationCount = { handled: 0, duplicates: 0, failed: 0 };
      let seen = 0;
      for (const record of recordsOf(event)) {
        seen++;
        try {
          await processRecord(decodeAsProject(record));
        } catch {
          count.failed++;
        }
      }
      count.handled = handled - before;
      count.duplicates = seen - count.handled - count.failed;
      return count;
    },
    async close() {
      await client.close();
    },
  };
}
