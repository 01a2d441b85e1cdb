/**
 * A real msk-once consumer on a Redis Cluster under load, for the cluster fault suite: a stream of
 * batches with about 30% duplicates (an Event-Id seen before, in this batch or an earlier one),
 * failed records retried with the next batch as the event source mapping does, and a DLQ after
 * {@link MAX_ATTEMPTS}. It counts what the issue asks: effects run twice, records failed and why
 * (a redirection, the cluster down, a timeout, a held claim), records lost, and when the last
 * failure happened.
 */
import calculateSlot from 'cluster-key-slot';
import { ulid } from 'ulid';
import type { KafkaBatchResponse } from '../../lib/contract/message.ts';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import type { RenewalResult } from '../../lib/dedup/store.ts';
import {
  type ClaimResult,
  type DedupStore,
  type KafkaHandler,
  kafkaHandler,
  RedisDedupStore,
} from '../../lib/index.ts';
import { failedOffsets, lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import type { ClusterOutage } from '../../testkit/internal/index.ts';
import { seededRandom } from '../../testkit/internal/index.ts';
import { sleep } from '../support/consumer.ts';

/** Deliveries of one record before the mapping sends it to the DLQ (the retries outlast a lease). */
export const MAX_ATTEMPTS = 100;
/** The retries left after the load stops get this long to settle (effect or DLQ). */
const DRAIN_MS = 20_000;
export const HANDLER = 'h';
export const LEASE_MS = 2000;
const NEW_PER_BATCH = 28;
const DUPLICATES_PER_BATCH = 12; // 12 of 40: 30%
/** The mapping's batch size: a stopped partition's retries fill it before new records come. */
const BATCH_MAX = 100;

/** Why a claim did not give the record to this invocation. */
export type ClaimCause = 'redirect' | 'clusterdown' | 'timeout' | 'connection' | 'held' | 'other';

/** Why a record failed: its claim's cause, or `behind` a failed record of its partition (not run, to keep the order). */
export type FailureCause = ClaimCause | 'behind';

function causeOf(error: Error): ClaimCause {
  const text = `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}`;
  if (/\b(MOVED|ASK|TRYAGAIN)\b|Too many Cluster redirections/.test(text)) return 'redirect';
  if (/CLUSTERDOWN/.test(text)) return 'clusterdown';
  const reason = (error as { reason?: string }).reason;
  if (reason === 'timeout') return 'timeout';
  if (reason === 'connection') return 'connection';
  return 'other';
}

/** A store error seen by a claim: when, which key, why. */
export interface ClaimError {
  at: number;
  key: string;
  cause: ClaimCause;
  message: string;
}

/**
 * The real Redis store, watched: every claim's answer per key (the last one, for the cause of a
 * failed record), every store error with its time.
 */
export class WatchedStore implements DedupStore {
  readonly errors: ClaimError[] = [];
  readonly commitErrors: { at: number; keys: readonly string[]; cause: ClaimCause }[] = [];
  /** Claims sent per slot while `watchSlots` was set, to prove the load met the fault. */
  claimsInWatchedSlots = 0;
  watchSlots: Set<number> | undefined;
  readonly lastAnswer = new Map<string, ClaimCause | 'claimed' | 'done'>();
  readonly #inner: RedisDedupStore;
  /** The inner store's (a cluster's 1): group commits merge under the load as they do without the watch. */
  readonly commitGroupsInFlight?: number;
  readonly commitGroupRecords?: number;
  readonly claimPartRecords?: number;

  constructor(inner: RedisDedupStore) {
    this.#inner = inner;
    if (inner.commitGroupsInFlight !== undefined) this.commitGroupsInFlight = inner.commitGroupsInFlight;
    if (inner.commitGroupRecords !== undefined) this.commitGroupRecords = inner.commitGroupRecords;
    if (inner.claimPartRecords !== undefined) this.claimPartRecords = inner.claimPartRecords;
  }

  async claim(
    keys: readonly string[],
    owner: string,
    leaseMs: number,
    windowMs?: number,
  ): Promise<ClaimResult[]> {
    if (this.watchSlots)
      for (const key of keys) if (this.watchSlots.has(calculateSlot(key))) this.claimsInWatchedSlots++;
    let results: ClaimResult[];
    try {
      results = await this.#inner.claim(keys, owner, leaseMs, windowMs);
    } catch (error) {
      const at = performance.now();
      const cause = causeOf(error as Error);
      for (const key of keys) {
        this.lastAnswer.set(key, cause);
        this.errors.push({ at, key, cause, message: (error as Error).message });
      }
      throw error;
    }
    const at = performance.now();
    for (let i = 0; i < keys.length; i++) {
      const result = results[i]!;
      const key = keys[i]!;
      if (result instanceof Error) {
        const cause = causeOf(result);
        this.lastAnswer.set(key, cause);
        this.errors.push({ at, key, cause, message: result.message });
      } else this.lastAnswer.set(key, result === 'held' ? 'held' : result);
    }
    return results;
  }

  async commit(keys: readonly string[], owner: string, windowMs: number): Promise<void> {
    try {
      await this.#inner.commit(keys, owner, windowMs);
    } catch (error) {
      this.commitErrors.push({ at: performance.now(), keys, cause: causeOf(error as Error) });
      throw error;
    }
  }

  extend(keys: readonly string[], owner: string, leaseMs: number): Promise<RenewalResult[]> {
    return this.#inner.extend(keys, owner, leaseMs);
  }

  release(keys: readonly string[], owner: string): Promise<void> {
    return this.#inner.release(keys, owner);
  }

  close(): Promise<void> {
    return this.#inner.close();
  }
}

interface Delivery {
  partition: number;
  offset: number;
  eventId: string;
  attempts: number;
}

/** What one consumer saw over one fault. */
export interface LoadFigures {
  policy: 'open' | 'closed';
  batches: number;
  records: number;
  duplicatesSent: number;
  events: number;
  /** Events whose effect ran more than once. */
  doubled: string[];
  /** Events whose effect ran more than once, none of whose runs or store errors fell in an outage. */
  doubledWithEverySlotServed: string[];
  /** Record deliveries that failed, by the cause of their claim. */
  failed: Record<FailureCause, number>;
  /** The most times one record failed for a redirection. */
  maxRedirectFailuresOfOneRecord: number;
  /** Failures for a redirection after the first of each record (a retry that met one again). */
  redirectFailuresAfterARetry: number;
  dlq: number;
  /** Events with neither an effect nor a DLQ entry (the stuck ones included). */
  lost: number;
  /** Records still failing when the drain gave up. */
  stuck: number;
  storeErrors: number;
  /** From the fault's start to the last failed record or store error (0: none). */
  recoveredMs: number;
  /** Store errors no outage explains (every slot had a master answering), by cause. */
  errorsWithEverySlotServed: Partial<Record<ClaimCause, number>>;
  /** From the fault's start to the first store error (undefined: none). */
  firstErrorMs: number | undefined;
  /** The first store error message of each cause, to read what the store met. */
  samples: Partial<Record<ClaimCause, string>>;
  /** Runs made while a claim had failed (fail-open) during an outage. */
  unguardedInOutage: number;
}

/**
 * One consumer of the suite: its own service (key prefix), its policy, its watched store.
 *
 * @example
 * const consumer = clusterConsumer('open', url, 'reshard', 1);
 * @param commandTimeoutMs the store's; the default (250 ms) where the fault is a node that hangs
 */
export function clusterConsumer(
  policy: 'open' | 'closed',
  url: string,
  name: string,
  seed: number,
  commandTimeoutMs?: number,
) {
  const service = `faults-${name}-${policy}`;
  const store = new WatchedStore(
    new RedisDedupStore({ redis: { url, cluster: true }, ...(commandTimeoutMs ? { commandTimeoutMs } : {}) }),
  );
  const effects = new Map<string, number[]>();
  const handler: KafkaHandler = kafkaHandler({
    service,
    handlerName: HANDLER,
    store,
    onStoreError: policy,
    reserveMs: 0,
    leaseMs: LEASE_MS,
    handle(message) {
      const runs = effects.get(message.eventId);
      if (runs) runs.push(performance.now());
      else effects.set(message.eventId, [performance.now()]);
    },
  });
  const random = seededRandom(seed);
  const prng = () => random();
  const events: string[] = [];
  const offsets = [0, 0, 0];
  let pending: Delivery[] = [];
  const dlq = new Set<string>();
  const failed: Record<FailureCause, number> = {
    behind: 0,
    redirect: 0,
    clusterdown: 0,
    timeout: 0,
    connection: 0,
    held: 0,
    other: 0,
  };
  const failedAt: number[] = [];
  const redirectsOf = new Map<string, number>();
  let redirectFailuresAfterARetry = 0;
  let batches = 0;
  /** Records still retried when the drain gave up: neither an effect nor the DLQ yet. */
  let stuck = 0;
  let records = 0;
  let duplicatesSent = 0;
  const prefix = dedupKeyPrefix(service, HANDLER);
  const keyOf = (eventId: string) => dedupKey(prefix, eventId);

  const newDelivery = (eventId: string): Delivery => {
    const partition = records % 3;
    records++;
    return { partition, offset: offsets[partition]!++, eventId, attempts: 0 };
  };

  /** One invocation: the retries first, then new records with duplicates among them. */
  async function batch(withNew: boolean): Promise<void> {
    // The mapping's batch: the retries first (in offset order), new records only where they fit.
    const deliveries = pending.slice(0, BATCH_MAX);
    const leftover = pending.slice(BATCH_MAX);
    pending = [];
    if (withNew && deliveries.length + NEW_PER_BATCH + DUPLICATES_PER_BATCH <= BATCH_MAX) {
      const fresh: Delivery[] = [];
      for (let i = 0; i < NEW_PER_BATCH; i++) {
        const id = ulid(1_800_000_000_000 + events.length, prng);
        events.push(id);
        fresh.push(newDelivery(id));
      }
      for (let i = 0; i < DUPLICATES_PER_BATCH; i++) {
        // Half from the last few hundred events (a redelivery soon after), half from anywhere.
        const window = random() < 0.5 ? Math.min(events.length, 300) : events.length;
        const id = events[events.length - 1 - Math.floor(random() * window)]!;
        duplicatesSent++;
        fresh.splice(Math.floor(random() * (fresh.length + 1)), 0, newDelivery(id));
      }
      deliveries.push(...fresh);
    }
    if (deliveries.length === 0) return;
    batches++;
    const byOffset = new Map<string, Delivery>();
    for (const d of deliveries) byOffset.set(`orders-${d.partition}@${d.offset}`, d);
    const specs = deliveries.map((d) =>
      mskRecord({ partition: d.partition, offset: d.offset, eventId: d.eventId }),
    );
    const response = (await handler(mskEvent(specs), lambdaContext())) as KafkaBatchResponse;
    const failedIds = failedOffsets(response);
    const firstFailed = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    for (const id of failedIds) {
      const d = byOffset.get(id);
      if (d) firstFailed[d.partition] = Math.min(firstFailed[d.partition]!, d.offset);
    }
    for (const id of failedIds) {
      const d = byOffset.get(id);
      if (!d) throw new Error(`the consumer failed ${id}, which was not in the batch`);
      const answer = store.lastAnswer.get(keyOf(d.eventId));
      const cause: FailureCause =
        d.offset > firstFailed[d.partition]!
          ? 'behind'
          : answer === undefined || answer === 'claimed' || answer === 'done'
            ? 'other'
            : answer;
      failed[cause]++;
      failedAt.push(performance.now());
      // A record that never ran (behind a failure) has not used up a retry.
      if (cause !== 'behind') d.attempts++;
      if (cause === 'redirect') {
        const n = (redirectsOf.get(id) ?? 0) + 1;
        redirectsOf.set(id, n);
        if (n > 1) redirectFailuresAfterARetry++;
      }
      if (d.attempts >= MAX_ATTEMPTS) dlq.add(d.eventId);
      else pending.push(d);
    }
    pending.push(...leftover);
  }

  return {
    service,
    store,
    keyOf,
    /** Key slots the load's first `count` events would use (to choose the slots a fault hits). */
    slotsOfEvents(count: number): number[] {
      const slots = new Set<number>();
      for (let i = 0; i < count; i++)
        slots.add(calculateSlot(keyOf(ulid(1_800_000_000_000 + i, seededRandom(i)))));
      return [...slots];
    },
    /**
     * Batches back to back (a short pause between) until `stop()` says so, then the retries until
     * none is left (bounded).
     */
    async run(stop: () => boolean, pauseMs = 10): Promise<void> {
      while (!stop()) {
        await batch(true);
        await sleep(pauseMs);
      }
      const until = performance.now() + DRAIN_MS;
      while (pending.length > 0 && performance.now() < until) {
        await batch(false);
        await sleep(20);
      }
      stuck = pending.length;
    },
    figures(faultStartedAt: number, outages: readonly ClusterOutage[]): LoadFigures {
      // A store error in an outage (up to a command timeout and a margin after it) is the policy's
      // to decide; a redirection never is: a master serves the slot, the store must follow it.
      const excused = (e: { at: number; cause: ClaimCause }) =>
        e.cause !== 'redirect' && outages.some((o) => e.at >= o.from - 50 && e.at <= o.to + 500);
      // A killed master takes the writes it had not yet replicated with it: the DONE mark of a run
      // just before the kill, say.
      const lostWithMaster = (at: number) =>
        outages.some((o) => o.kind === 'down' && at >= o.from - 200 && at <= o.from);
      // A claim that failed (fail-open ran it unguarded, no DONE mark) or a commit that failed (the
      // claim stays until its lease ends, then a duplicate is claimed anew) in an outage.
      const outageKeys = new Set<string>();
      for (const e of store.errors) if (excused(e)) outageKeys.add(e.key);
      for (const e of store.commitErrors) if (excused(e)) for (const key of e.keys) outageKeys.add(key);
      const doubled: string[] = [];
      const doubledWithEverySlotServed: string[] = [];
      for (const [id, runs] of effects) {
        if (runs.length < 2) continue;
        doubled.push(id);
        if (!outageKeys.has(keyOf(id)) && !runs.some(lostWithMaster)) doubledWithEverySlotServed.push(id);
      }
      const distinct = new Set(events);
      let lost = 0;
      for (const id of distinct) if (!effects.has(id) && !dlq.has(id)) lost++;
      let lastTrouble = faultStartedAt;
      for (const at of failedAt) lastTrouble = Math.max(lastTrouble, at);
      for (const e of store.errors) lastTrouble = Math.max(lastTrouble, e.at);
      for (const e of store.commitErrors) lastTrouble = Math.max(lastTrouble, e.at);
      const errorsWithEverySlotServed: Partial<Record<ClaimCause, number>> = {};
      for (const e of store.errors)
        if (!excused(e)) errorsWithEverySlotServed[e.cause] = (errorsWithEverySlotServed[e.cause] ?? 0) + 1;
      const samples: Partial<Record<ClaimCause, string>> = {};
      for (const e of store.errors) samples[e.cause] ??= e.message.slice(0, 160);
      let mostRedirects = 0;
      for (const n of redirectsOf.values()) mostRedirects = Math.max(mostRedirects, n);
      return {
        policy,
        batches,
        records,
        duplicatesSent,
        events: distinct.size,
        doubled,
        doubledWithEverySlotServed,
        failed: { ...failed },
        maxRedirectFailuresOfOneRecord: mostRedirects,
        stuck,
        redirectFailuresAfterARetry,
        dlq: dlq.size,
        lost,
        storeErrors: store.errors.length,
        recoveredMs: Math.round(lastTrouble - faultStartedAt),
        errorsWithEverySlotServed,
        firstErrorMs: store.errors.length > 0 ? Math.round(store.errors[0]!.at - faultStartedAt) : undefined,
        samples,
        unguardedInOutage: policy === 'open' ? store.errors.filter(excused).length : 0,
      };
    },
    close: () => handler.close(),
  };
}
