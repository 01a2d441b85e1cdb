/**
 * The consumer configurations a fault schedule runs under (issue 30): the soak and the property
 * test draw the settings a team may choose as well as the faults, so that a combination of settings
 * that can double an effect or lose a record fails a schedule like a fault does.
 *
 * One function draws them ({@link consumerConfigs}), from the bounds the consumer accepts today
 * (lib/consumer/config.ts: `MIN_LEASE_MS`, commitEvery, reserveMs, heldClaimWaitMs, the window
 * names); when the settings are declared with their bounds in the contract, this is the one place to
 * draw from that declaration instead. A drawn configuration the consumer refuses at cold start is
 * not run: {@link refusalOf} says which setting refused it, and the soak counts it.
 */
import fc from 'fast-check';
import type { PartialResponseReading } from '../../emulator/index.ts';
import { MIN_LEASE_MS } from '../../lib/consumer/config.ts';
import {
  ConfigurationError,
  type KafkaHandlerOptions,
  kafkaHandler,
  MemoryDedupStore,
} from '../../lib/index.ts';

/** How the consumer reads an event's id; every one names the producer's Event-Id, so the verdict's ids hold. */
export type IdSourceChoice = 'header-ulid' | 'header-opaque' | 'message';

export interface ConsumerConfig {
  /** Records in flight under key order (ignored under partition order). */
  concurrency: number;
  commitEvery: { records: number; ms: number };
  leaseMs: number;
  /** undefined: the consumer's default (one lease). */
  heldClaimWaitMs: number | undefined;
  reserveMs: number;
  /** The Lambda function's timeout. */
  timeoutMs: number;
  idSource: IdSourceChoice;
  /** Permanent failures are parked in a poison sink (a MemoryPoisonSink) instead of retried to the DLQ. */
  poisonSink: boolean;
  window: 'default' | 'critical' | 'analytics' | 600;
  /** The event source mapping's reading of a partial batch response. */
  reading: PartialResponseReading;
}

/**
 * The configurations drawn, within the bounds the consumer accepts (and a few just outside the
 * useful range: a reserve near the timeout, a group commit longer than the lease), at the scale of
 * the schedules (function timeouts of a few hundred ms).
 */
export function consumerConfigs(): fc.Arbitrary<ConsumerConfig> {
  return fc.record({
    concurrency: fc.integer({ min: 1, max: 8 }),
    commitEvery: fc.record({
      records: fc.integer({ min: 1, max: 12 }),
      ms: fc.constantFrom(0, 20, 100, 500, 1500),
    }),
    leaseMs: fc.constantFrom(MIN_LEASE_MS, 2000, 30_000),
    heldClaimWaitMs: fc.option(fc.constantFrom(0, 50, 300), { nil: undefined }),
    reserveMs: fc.constantFrom(0, 20, 50, 150),
    timeoutMs: fc.constantFrom(300, 400, 800),
    idSource: fc.constantFrom<IdSourceChoice>('header-ulid', 'header-opaque', 'message'),
    poisonSink: fc.boolean(),
    window: fc.constantFrom<ConsumerConfig['window']>('default', 'critical', 'analytics', 600),
    reading: fc.constantFrom<PartialResponseReading>('retry-reported-only', 'resume-from-lowest'),
  });
}

/** The kafkaHandler options of a configuration (the store, handler and poison sink are the run's). */
export function handlerOptionsOf(
  c: ConsumerConfig,
  ordering: 'partition' | 'key',
): Partial<KafkaHandlerOptions<unknown>> {
  return {
    ...(ordering === 'key' ? { ordering, concurrency: c.concurrency } : { ordering }),
    commitEvery: c.commitEvery,
    leaseMs: c.leaseMs,
    ...(c.heldClaimWaitMs === undefined ? {} : { heldClaimWaitMs: c.heldClaimWaitMs }),
    reserveMs: c.reserveMs,
    window: c.window,
    ...(c.idSource === 'header-opaque'
      ? { eventId: { from: 'header', format: 'opaque' } as const }
      : c.idSource === 'message'
        ? {
            eventId: {
              from: 'message',
              id: (m: { headers: Record<string, string | string[]> }) => String(m.headers['Event-Id']),
            } as never,
          }
        : {}),
  };
}

/** A short name of a configuration, to count the distinct ones drawn. */
export function configName(c: ConsumerConfig, ordering: 'partition' | 'key'): string {
  return [
    ordering === 'key' ? `key/${c.concurrency}` : 'partition',
    `commit ${c.commitEvery.records}/${c.commitEvery.ms}ms`,
    `lease ${c.leaseMs}`,
    `held ${c.heldClaimWaitMs ?? 'default'}`,
    `reserve ${c.reserveMs}`,
    `timeout ${c.timeoutMs}`,
    c.idSource,
    c.poisonSink ? 'sink' : 'no sink',
    `window ${c.window}`,
    c.reading,
  ].join(', ');
}

/**
 * Why the consumer refuses the configuration at cold start (the setting named by its
 * ConfigurationError), or undefined when it accepts it.
 */
export function refusalOf(c: ConsumerConfig, ordering: 'partition' | 'key'): string | undefined {
  try {
    kafkaHandler<unknown>({
      service: 'config-check',
      handlerName: 'h',
      store: new MemoryDedupStore(),
      ...handlerOptionsOf(c, ordering),
      handle: () => {},
    });
    return undefined;
  } catch (error) {
    if (error instanceof ConfigurationError) return error.message;
    throw error;
  }
}
