/**
 * The naive way (the common deduplicator, docs/background.md "Why not SETNX, then run"): per record one `SET key 1 NX PX ttl`
 * round trip, then the handler; sequential; a key set is never released.
 */
import type { Cluster, Redis } from 'ioredis';
import type { KafkaMessage } from '../../lib/contract/message.ts';
import type { RedisTarget } from '../target.ts';
import { ioredisClient } from '../target.ts';
import type { Contender, InvocationCount } from './contender.ts';
import { decodeAsProject, recordsOf } from './decode.ts';

/**
 * @example
 * const naive = await naiveContender(target, { prefix: 'bench:dedup:naive:', ttlMs: 600_000, handle: () => {} });
 */
export async function naiveContender(
  target: RedisTarget,
  options: { prefix: string; ttlMs: number; handle: (message: KafkaMessage) => Promise<void> | void },
): Promise<Contender> {
  const redis: Redis | Cluster = await ioredisClient(target);
  const { prefix, ttlMs, handle } = options;
  return {
    id: 'naive',
    async invoke(event) {
      const count: InvocationCount = { handled: 0, duplicates: 0, failed: 0 };
      for (const record of recordsOf(event)) {
        const message = decodeAsProject(record);
        const set = await redis.set(prefix + message.eventId, '1', 'PX', ttlMs, 'NX');
        if (set === null) {
          count.duplicates++;
          continue;
        }
        await handle(message);
        count.handled++;
      }
      return count;
    },
    async close() {
      redis.disconnect();
    },
  };
}
