/**
 * Fault injection for the emulator: the ways a Kafka consumer on Lambda gets duplicates or loses
 * work (docs/emulator.md "Where at-most-once breaks"), each as a small wrapper around a real part.
 *
 * - {@link crashAfterHandled}: `--crash-after N`: the process dies right after the N-th handled
 *   record, before the dedup commit (the effect happened, DONE was not written).
 * - {@link CrashingStore}: the same kill at the store boundary: the commit that would make the N-th
 *   record DONE kills the environment instead.
 * - {@link DuplicatingProducer}: a producer (or outbox forwarder) that publishes some events twice.
 * - {@link overlappingInvocations}: a rebalance overlap: two consumers invoked with the same batch.
 * - {@link expireLeases}: time passing for claims of a dead invocation (their lease runs out).
 * - Redis that stops, pauses or slows down: tcp-fault-proxy.ts, or LocalRedis.pause() (SIGSTOP).
 * - A Lambda timeout: LambdaFunction's `timeoutMs`; a poison record: append it to the log, or
 *   corrupt the event with the mapping's `mutateEvent`.
 */
import type { MSKEvent } from 'aws-lambda';
import type { Cluster, Redis } from 'ioredis';
import {
  CrashError,
  type EventProducer,
  type ExecutionEnvironment,
  type InvocationResult,
  type LambdaInvoker,
  type LogRecord,
  type OutgoingEvent,
} from '../emulator/index.ts';
import { formatPosition } from '../lib/contract.ts';
import type { BusinessHandler, ClaimResult, DedupStore } from '../lib/index.ts';
import { seededRandom } from './seeded-random.ts';

/** A promise that never settles: what a killed process's pending work looks like from outside. */
const frozen = <T>(): Promise<T> => new Promise<T>(() => {});

/** One shared, one-shot crash plan: "kill the consumer after N handled records". */
export interface CrashPlan {
  /** Records still to handle before the crash; the crash fires when it reaches 0. */
  remaining: number;
  fired: boolean;
  /** What kills the environment (usually `(error, env) => fn.kill(error, env)`). */
  kill: (error: CrashError, env: ExecutionEnvironment) => void;
  /** Set when the crash fires at a commit: how many records had run but were not made DONE. */
  uncommitted?: number;
}

/**
 * Wrap a business function so that the environment dies right after the N-th successful record,
 * before the consumer commits its dedup key (the crash between the effect and its commit).
 * The dying call never returns; later calls in that environment freeze too (a dead process does nothing).
 *
 * @example
 * const plan = { remaining: 10, fired: false, kill: (error, env) => fn.kill(error, env) };
 * const fn = new LambdaFunction(inProcess((env) => kafkaHandler({ ..., handle: crashAfterHandled(plan, env, handle) })));
 */
export function crashAfterHandled<T>(
  plan: CrashPlan,
  env: ExecutionEnvironment,
  handle: BusinessHandler<T>,
): BusinessHandler<T> {
  return async (message, context) => {
    if (!env.alive) return frozen();
    await handle(message, context);
    if (!env.alive) return frozen();
    if (!plan.fired && --plan.remaining <= 0) {
      plan.fired = true;
      plan.kill(
        new CrashError(`crash after ${formatPosition(message)} was handled, before its dedup commit`),
        env,
      );
      return frozen();
    }
  };
}

/**
 * A store whose commit kills the environment once `plan.remaining` records would have been made
 * DONE: the effect of those records happened, their keys stay IN_PROGRESS until the lease ends.
 * After the kill every call of this instance freezes (make one instance per environment).
 *
 * @example
 * const fn = new LambdaFunction(inProcess((env) => kafkaHandler({ handlerName: 'h', store: new CrashingStore(redisStore, plan, env), handle })));
 */
export class CrashingStore implements DedupStore {
  readonly #inner: DedupStore;
  readonly #plan: CrashPlan;
  readonly #env: ExecutionEnvironment;
  /** The inner store's (a cluster's 1), so that group commits merge as they do without the fault. */
  readonly commitGroupsInFlight?: number;
  /** The inner store's (a cluster's 1,000), so that groups are as large as without the fault. */
  readonly commitGroupRecords?: number;
  /** The inner store's (standalone's 1,000), so that a batch is claimed in the same parts. */
  readonly claimPartRecords?: number;
  /** The inner store's renewal, so that leases are short and renewed as they are without the fault. */
  readonly extend?: NonNullable<DedupStore['extend']>;
  /** The inner store's connect, so that its cost is timed apart as it is without the fault. */
  readonly connect?: NonNullable<DedupStore['connect']>;

  constructor(inner: DedupStore, plan: CrashPlan, env: ExecutionEnvironment) {
    this.#inner = inner;
    this.#plan = plan;
    this.#env = env;
    if (inner.commitGroupsInFlight !== undefined) this.commitGroupsInFlight = inner.commitGroupsInFlight;
    if (inner.commitGroupRecords !== undefined) this.commitGroupRecords = inner.commitGroupRecords;
    if (inner.claimPartRecords !== undefined) this.claimPartRecords = inner.claimPartRecords;
    const { extend, connect } = inner;
    if (extend)
      this.extend = (keys, owner, leaseMs) =>
        env.alive ? extend.call(inner, keys, owner, leaseMs) : frozen();
    if (connect) this.connect = () => (env.alive ? connect.call(inner) : frozen());
  }

  claim(keys: readonly string[], owner: string, leaseMs: number, windowMs?: number): Promise<ClaimResult[]> {
    // The window too: a store without it reads marks by its last call's window (24 h before any).
    return this.#env.alive ? this.#inner.claim(keys, owner, leaseMs, windowMs) : frozen();
  }

  commit(keys: readonly string[], owner: string, windowMs: number): ReturnType<DedupStore['commit']> {
    if (!this.#env.alive) return frozen();
    if (!this.#plan.fired) {
      this.#plan.remaining -= keys.length;
      if (this.#plan.remaining <= 0) {
        this.#plan.fired = true;
        this.#plan.uncommitted = keys.length;
        this.#plan.kill(
          new CrashError(
            `crash before committing ${keys.length} dedup key(s): the effects happened, DONE was not written`,
          ),
          this.#env,
        );
        return frozen();
      }
    }
    return this.#inner.commit(keys, owner, windowMs);
  }

  release(keys: readonly string[], owner: string): Promise<void> {
    return this.#env.alive ? this.#inner.release(keys, owner) : frozen();
  }

  close(): Promise<void> {
    return this.#inner.close();
  }
}

/**
 * A store that dies with its execution environment and sleeps while it is frozen: once the
 * environment is killed or timed out every call freezes, so the dead invocation's code (which keeps
 * running in this process) cannot claim, commit or release anything, as a killed Lambda could not;
 * a call made between an invocation's answer and the environment's next invocation waits for that
 * invocation, as it would in a frozen sandbox (in process this is the only part of the freeze the
 * emulator can apply: docs/emulator.md).
 *
 * @example
 * new LambdaFunction(inProcess((env) => kafkaHandler({ handlerName: 'h', store: storeOfEnvironment(shared, env), handle })));
 */
export function storeOfEnvironment(inner: DedupStore, env: ExecutionEnvironment): DedupStore {
  const gated = <T>(call: () => Promise<T>): Promise<T> => {
    if (!env.alive) return frozen();
    if (!env.frozen) return call();
    return env.thawed().then(() => gated(call));
  };
  const { extend, connect } = inner;
  return {
    // The window too: a store without it reads marks by its last call's window (24 h before any).
    claim: (keys, owner, leaseMs, windowMs) => gated(() => inner.claim(keys, owner, leaseMs, windowMs)),
    commit: (keys, owner, windowMs) => gated(() => inner.commit(keys, owner, windowMs)),
    release: (keys, owner) => gated(() => inner.release(keys, owner)),
    close: () => inner.close(),
    // A cluster's group commits merge in the emulator as they do in Lambda.
    ...(inner.commitGroupsInFlight !== undefined ? { commitGroupsInFlight: inner.commitGroupsInFlight } : {}),
    ...(inner.commitGroupRecords !== undefined ? { commitGroupRecords: inner.commitGroupRecords } : {}),
    ...(inner.claimPartRecords !== undefined ? { claimPartRecords: inner.claimPartRecords } : {}),
    // Short leases renewed while the invocation lives, as in Lambda (a frozen environment renews
    // nothing until it thaws: its leases may run out, as a frozen sandbox's do), and the connect
    // timed apart.
    ...(extend
      ? { extend: (keys, owner, leaseMs) => gated(() => extend.call(inner, keys, owner, leaseMs)) }
      : {}),
    ...(connect ? { connect: () => gated(() => connect.call(inner)) } : {}),
  };
}

/**
 * A producer that publishes a share of its events twice (same Event-Id, a later offset): the
 * outbox forwarder that crashed after sending but before marking the row sent.
 *
 * @example
 * const producer = new DuplicatingProducer(new EventProducer(log), { rate: 0.1, seed: 42 });
 * producer.send({ topic: 'order-placed', key, payload });
 * producer.flushDuplicates(); // the repeats, published after the originals
 */
export class DuplicatingProducer {
  readonly #producer: EventProducer;
  readonly #rate: number;
  readonly #random: () => number;
  readonly #later: OutgoingEvent[] = [];
  /** Every publish, originals and repeats. */
  readonly published: LogRecord[] = [];
  duplicates = 0;

  constructor(producer: EventProducer, options: { rate: number; seed?: number; immediate?: boolean }) {
    if (!(options.rate >= 0 && options.rate <= 1))
      throw new RangeError(`duplicate rate must be 0..1, got ${options.rate}`);
    this.#producer = producer;
    this.#rate = options.rate;
    this.#random = seededRandom(options.seed ?? 1);
  }

  send<T>(event: Parameters<EventProducer['create']>[0] & { payload: T }): OutgoingEvent<T> {
    const created = this.#producer.create(event);
    this.published.push(this.#producer.publish(created));
    if (this.#random() < this.#rate) {
      // Half of the repeats come right away, half after other events: both shapes happen in practice.
      if (this.#random() < 0.5) this.#repeat(created);
      else this.#later.push(created);
    }
    return created;
  }

  /** Publish the repeats that were held back. */
  flushDuplicates(): void {
    for (const event of this.#later.splice(0)) this.#repeat(event);
  }

  #repeat(event: OutgoingEvent): void {
    this.duplicates++;
    this.published.push(this.#producer.publish(event));
  }
}

/**
 * A consumer-group rebalance overlap: the old and the new owner of a partition both run the same
 * batch at the same time (the old one has not noticed it lost the partition).
 *
 * @example
 * const [a, b] = await overlappingInvocations([fnA, fnB], event);
 */
export function overlappingInvocations(
  fns: readonly LambdaInvoker<MSKEvent>[],
  event: MSKEvent,
): Promise<InvocationResult[]> {
  return Promise.all(fns.map((fn) => fn.invoke(structuredClone(event))));
}

// Deletes the key only while it still holds an IN_PROGRESS claim (never a DONE mark: a 0.3.0 string
// 'D', or a hash of marks beside the leases, which GET would refuse as WRONGTYPE).
const EXPIRE_LEASE_LUA = `if redis.call('TYPE', KEYS[1])['ok'] ~= 'string' then return 0 end
local v = redis.call('GET', KEYS[1])
if v and string.sub(v, 1, 2) == 'P:' then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Let time pass for claims: every IN_PROGRESS key under `prefix` ends as if its lease had run out;
 * DONE marks (the hashes beside the leases) stay. A crashed invocation's claims otherwise block
 * retries for up to the function timeout.
 * Standalone Redis only (SCAN on one node).
 *
 * @example
 * await expireLeases(redis, 'orders:dedup:on-order-placed:');
 */
export async function expireLeases(redis: Redis | Cluster, prefix: string): Promise<number> {
  if (!('scanStream' in redis) || typeof (redis as Redis).scanStream !== 'function') {
    throw new Error('expireLeases needs a standalone Redis client');
  }
  let expired = 0;
  const stream = (redis as Redis).scanStream({
    match: `${prefix.replace(/([*?[\]\\])/g, '\\$1')}*`,
    count: 500,
  });
  for await (const keys of stream as AsyncIterable<string[]>) {
    for (const key of keys) expired += Number(await (redis as Redis).eval(EXPIRE_LEASE_LUA, 1, key));
  }
  return expired;
}
