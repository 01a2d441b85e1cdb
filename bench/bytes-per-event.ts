/**
 * What a team pays for the dedup window (#33): Redis memory per event, and server CPU per new
 * event and per duplicate, of each way of keeping DONE marks, each written through its own code on
 * a private redis-server (used_memory after the writes less before, / events):
 *
 * - compact: RedisDedupStore (claim + commit), DONE marks as hash fields (lib/contract/dedup-mark.ts)
 * - 0.3.0 strings: the 0.3.0 release's own store (test/fixtures/releases/v0.3.0), a string key per mark
 * - naive SET NX: `SET <prefix><id> 1 NX PX <window>` per event
 * - Powertools-like: `SET <fn>#<md5> <JSON record> NX PX <window>` per event (the shape its cache
 *   persistence layer stores: status, expiration, in-progress expiration)
 * - the floor: the id's 16 bytes
 *
 * Time: the compact store cuts slices by a clock the bench drives at the declared rate (1,000
 * events/s). Two compact cases: the 24 h window itself (1,000,000 events fill 1,000 s of it: under
 * one mark per hash of its 2,637 buckets a tag, the first minutes' cost), and the steady state:
 * the events span about three windows of a shorter window (8,192 s) at the rate that fills its
 * hashes as a 24 h window's at 1,000/s, so that each hash holds its ~80 fresh marks and the stale
 * ones not yet deleted, as every hash of a 24 h window does after its first day
 * ({@link consumerSteadyLayout}, {@link dayFillRate}); bytes per event of one window.
 * The steady state once more through the consumer ({@link consumerSteadyState}): kafkaHandler, its
 * middy stack, claims and group commits as a Lambda makes them, at a window the consumer accepts.
 *
 * CPU: INFO commandstats usec (of the scripts alone where a case sends scripts: Redis counts their
 * inner calls again under their own commands), deltas: the claims of the new events / events (naive and Powertools-like: their one
 * SET); then a claim of 100,000 of them again (all duplicates) / 100,000. A shared machine's load
 * inflates usec of all cases, not alike (they run one after the other): the verdict on duplicates
 * comes from {@link duplicateRounds}, where compact and 0.3.0 take turns on one server.
 *
 * Latency: one claim call of 1,000 new keys (one script on standalone), wall clock, median of 15.
 *
 * Run: node --expose-gc bench/bytes-per-event.ts [events=1000000] [port=7101]  (npm run bench runs it too)
 * The server: MSK_ONCE_REDIS_SERVER (a valkey-server, say), else redis-server (testkit/redis-server.ts).
 */
import { createHash } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import type { MSKRecord } from 'aws-lambda';
import { Redis } from 'ioredis';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix, KEY_BUCKETS, KEY_TURN_MS, KEY_TURNS } from '../lib/contract/dedup-key.ts';
import { MARK_FIELDS_PER_HASH, MARK_SLICES, markLayout } from '../lib/contract/dedup-mark.ts';
import { MIN_WINDOW_SECONDS } from '../lib/contract/windows.ts';
import { RedisDedupStore } from '../lib/dedup/redis-store.ts';
import { kafkaHandler } from '../lib/index.ts';
import { RedisDedupStore as RedisDedupStore030 } from '../test/fixtures/releases/v0.3.0/lib/dedup/redis-store.ts';
import { lambdaContext, mskEvent, mskRecord } from '../testkit/index.ts';
import { startRedisServer } from '../testkit/redis-server.ts';
import type { Verdict } from './report.ts';
import { CountingSink, silence, toSink } from './sink.ts';

const DAY_MS = 86_400_000;
const RATE = 1000;
const BATCH = 1000;
const DUPLICATES = 100_000;
const LATENCY_RUNS = 15;

export interface BytesCase {
  name: string;
  events: number;
  bytesPerEvent: number;
  /** Server CPU (commandstats usec) per new event's claim, and per duplicate's claim; commit apart. */
  usPerNewClaim?: number;
  usPerCommit?: number;
  usPerDuplicate?: number;
  /**
   * Wall-clock ms of one claim call of 1,000 new keys (one script on standalone: its latency is the
   * server's time for the script), the median of {@link LATENCY_RUNS}, once the events are written.
   */
  claim1000Ms?: number;
  /** Keys Redis holds afterwards, and how many of them are hashes not in listpack encoding. */
  keys: number;
  hashesNotListpack?: number;
  /** Marks the store wrote into a hash already past 128 fields (the compact encoding's limit on Redis 7). */
  overfullMarks?: number;
  note: string;
}

export interface BytesResult {
  /** The server: `redis_version` of Redis; of another build its name and version besides (`valkey 9.0.1 (redis_version 7.2.4)`). */
  redis: string;
  events: number;
  cases: BytesCase[];
  /** Server µs per duplicate's claim, both stores on one server taking turns, a figure a round. */
  duplicates?: DuplicateRounds;
  verdicts: Verdict[];
}

export interface DuplicateRounds {
  compact: number[];
  v030: number[];
  /** The median of the rounds' ratios, compact over 0.3.0. */
  ratio: number;
}

/**
 * A duplicate's claim, compact marks against 0.3.0's string marks on one server, the two taking
 * turns: `events` written by each (claim + commit; the compact store's clock driven at RATE), then
 * `duplicates` of them claimed again by each, `rounds` times. Server µs per event (EVALSHA, its
 * inner calls included). Measuring each case alone one after the other let a shared machine's load
 * fall on them unevenly: the ratio read 2.05x, 2.79x and 3.05x in three runs of one code path.
 */
export async function duplicateRounds(
  url: string,
  options: { events?: number; duplicates?: number; rounds?: number } = {},
): Promise<DuplicateRounds> {
  const { events = 50_000, duplicates = 20_000, rounds = 9 } = options;
  const redis = new Redis(url);
  const t0 = Date.now();
  let clock = t0;
  const compact = new RedisDedupStore({
    redis: { url, commandTimeoutMs: 30_000 },
    eventsPerSecond: RATE,
    now: () => clock,
  });
  const old = new RedisDedupStore030({ redis: { url, commandTimeoutMs: 30_000 } });
  const stores = [
    {
      prefix: dedupKeyPrefix('dup-compact', 'h'),
      store: compact as Pick<RedisDedupStore, 'claim' | 'commit'>,
    },
    {
      prefix: dedupKeyPrefix('dup-030', 'h'),
      store: old as unknown as Pick<RedisDedupStore, 'claim' | 'commit'>,
    },
  ];
  try {
    const timeOf = drivenClock(t0, RATE);
    const all = ids(events, timeOf);
    for (let at = 0; at < events; at += BATCH) {
      clock = timeOf(at);
      for (const { prefix, store } of stores) {
        const keys = all.slice(at, at + BATCH).map((id) => dedupKey(prefix, id));
        await store.claim(keys, 'owner', 30_000, DAY_MS);
        await store.commit(keys, 'owner', DAY_MS);
      }
    }
    const figures: number[][] = [[], []];
    for (let round = 0; round < rounds; round++) {
      for (const [i, { prefix, store }] of stores.entries()) {
        const before = await info(redis);
        for (let at = 0; at < Math.min(duplicates, events); at += BATCH) {
          const keys = all.slice(at, at + BATCH).map((id) => dedupKey(prefix, id));
          const results = await store.claim(keys, 'again', 30_000, DAY_MS);
          if (results.some((r) => r !== 'done')) throw new Error('a duplicate was not found');
        }
        figures[i]!.push(round3(spent(before, await info(redis)) / Math.min(duplicates, events)));
      }
    }
    const ratios = figures[0]!.map((c, i) => c / figures[1]![i]!).sort((a, b) => a - b);
    return {
      compact: figures[0]!,
      v030: figures[1]!,
      ratio: round(ratios[Math.floor(ratios.length / 2)]!, 2),
    };
  } finally {
    await compact.close();
    await old.close();
    redis.disconnect();
  }
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

interface Info {
  usedMemory: number;
  /** usec of every command, and of the scripts (EVAL, EVALSHA) alone. */
  usec: number;
  scriptUsec: number;
}

/** Server usec between two readings: the scripts' where scripts ran, else every command's. */
function spent(before: Info, after: Info): number {
  const scripts = after.scriptUsec - before.scriptUsec;
  return scripts > 0 ? scripts : after.usec - before.usec;
}

/**
 * Memory and server usec so far. A script's usec (EVAL, EVALSHA) includes the calls it makes;
 * Redis counts those again under their own commands: summing every line counts a script twice.
 */
async function info(redis: Redis): Promise<Info> {
  const memory = await redis.info('memory');
  const stats = await redis.info('commandstats');
  let all = 0;
  let scripts = 0;
  for (const m of stats.matchAll(/cmdstat_([a-z|]+):calls=\d+,usec=(\d+)/g)) {
    all += Number(m[2]);
    if (m[1] === 'eval' || m[1] === 'evalsha') scripts += Number(m[2]);
  }
  return { usedMemory: Number(/used_memory:(\d+)/.exec(memory)![1]), usec: all, scriptUsec: scripts };
}

/**
 * `count` ULIDs; the n-th made at `timeOf(n)` where given (else now). A ULID's time picks its key's
 * turn (dedup-key.ts: a minute's turn takes a quarter of the buckets), so the cases that drive the
 * store's clock at a rate make ids whose times follow that clock, as a producer's at that rate
 * would: ids made all at once, in the second or so a case takes, would all fall in one turn and
 * fill a quarter of the hashes four times over.
 */
const ids = (count: number, timeOf?: (n: number) => number) =>
  Array.from({ length: count }, (_, n) => ulid(timeOf?.(n)));

/**
 * The time of the n-th event of a case that drives the store's clock at `rate` from `t0`: the
 * clock when that event's batch is written, and the time its id carries.
 */
const drivenClock =
  (t0: number, rate: number) =>
  (n: number): number =>
    t0 + Math.floor((n * 1000) / rate);

/** One case on a flushed private server: write `events` (claim + commit), then claim DUPLICATES again. */
async function measure(
  redis: Redis,
  name: string,
  events: number,
  note: string,
  write: (batch: string[], from: number) => Promise<{ claimUs?: number } | undefined>,
  /** A claim of written events again; `from`: the index of the batch's first among all the events. */
  duplicate?: (batch: string[], from: number) => Promise<unknown>,
  fresh?: (batch: string[]) => Promise<unknown>,
  /** The events the memory is per (default all): the steady state's, those of one window. */
  perEvents = events,
  /** The time the n-th event's id carries, where the case drives a clock (default: now). */
  idTime?: (n: number) => number,
): Promise<BytesCase> {
  await redis.flushall();
  await redis.config('RESETSTAT');
  globalThis.gc?.();
  const all = ids(events, idTime);
  const started = performance.now();
  const before = await info(redis);
  let claimUs = 0;
  for (let at = 0; at < events; at += BATCH) {
    const batch = all.slice(at, at + BATCH);
    const t = await write(batch, at);
    claimUs += t?.claimUs ?? 0;
  }
  // Redis shrinks an idle client's query buffer (clientsCron, after 2 s): a 1,000-key call's
  // buffer left in used_memory read as ~10 B an event more in the steady state's 65,536 events.
  const afterWrites = await info(redis);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = { ...afterWrites, usedMemory: (await info(redis)).usedMemory };
  console.error(
    `[bytes] ${name}: ${events} events written in ${round((performance.now() - started) / 1000)} s`,
  );
  const result: BytesCase = {
    name,
    events,
    bytesPerEvent: round((after.usedMemory - before.usedMemory) / perEvents),
    keys: await redis.dbsize(),
    note,
  };
  if (claimUs > 0) {
    result.usPerNewClaim = round(claimUs / events, 3);
    result.usPerCommit = round((spent(before, after) - claimUs) / events, 3);
  }
  if (duplicate) {
    // The newest events: in the steady state the oldest are past the window.
    const again = all.slice(events - Math.min(DUPLICATES, perEvents));
    const before2 = await info(redis);
    for (let at = 0; at < again.length; at += BATCH)
      await duplicate(again.slice(at, at + BATCH), events - again.length + at);
    const after2 = await info(redis);
    result.usPerDuplicate = round(spent(before2, after2) / again.length, 3);
  }
  if (fresh) {
    const times: number[] = [];
    for (let run = 0; run < LATENCY_RUNS; run++) {
      const batch = ids(BATCH);
      const t = performance.now();
      await fresh(batch);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    result.claim1000Ms = round(times[Math.floor(times.length / 2)]!, 2);
  }
  return result;
}

/** Server usec of `run` alone (commandstats delta). */
async function usecOf(redis: Redis, run: () => Promise<unknown>): Promise<number> {
  const a = await info(redis);
  await run();
  const b = await info(redis);
  return spent(a, b);
}

async function hashesNotListpack(redis: Redis): Promise<number> {
  let cursor = '0';
  let count = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'COUNT', 1000, 'TYPE', 'hash');
    cursor = next;
    const p = redis.pipeline();
    for (const key of keys) p.object('ENCODING', key);
    for (const [, encoding] of (await p.exec()) ?? []) if (encoding !== 'listpack') count++;
  } while (cursor !== '0');
  return count;
}

/**
 * The server, from INFO server: Redis's `redis_version`; a build that names itself (Valkey's
 * `server_name:valkey`, `valkey_version`) by its name and version, its redis_version besides.
 *
 * @example
 * serverVersion('redis_version:7.0.15\r\n'); // '7.0.15'
 */
export function serverVersion(info: string): string {
  const field = (name: string) => new RegExp(`^${name}:(\\S+)`, 'm').exec(info)?.[1];
  const redisVersion = field('redis_version') ?? 'unknown';
  const name = field('server_name');
  if (!name || name === 'redis') return redisVersion;
  return `${name} ${field(`${name}_version`) ?? '?'} (redis_version ${redisVersion})`;
}

/** `Redis 7.0.15` for Redis's bare version, else the name {@link serverVersion} gave (`valkey 9.1.2 (…)`). */
const serverLabel = (version: string) => (/^\d/.test(version) ? `Redis ${version}` : version);

/**
 * The window of the steady states, s (the store's and the consumer's): 8,192 is a multiple of 64 s,
 * so that at 4/s a bucket (40/s: 10 buckets, ~1,000,000 events in 3 windows + half a slice) the
 * window + a slice fills each hash with 80 fresh marks exactly, as 24 h at 1,000/s. Its slices
 * (2,048 s) hold ~8 of a tag's key turns, so a hash fills about as evenly as a day's: a window of a
 * few minutes (640 s here before) gave each tag's hashes its events one turn-minute in four, 50
 * marks a minute, and pushed some hashes past the compact encoding that a day's ~0.2 marks a
 * turn-minute never reach.
 */
const CONSUMER_WINDOW_S = 8192;

/** A record's value through the consumer: small, one base64 string for all (the cost is Redis's). */
const CONSUMER_VALUE = Buffer.from('{"n":1}').toString('base64');
const CONSUMER_PARTITIONS = 4;

/** The store the consumer is given, with the server µs of its claims (commandstats) while `admin` is set. */
class ClaimTimedStore extends RedisDedupStore {
  admin: Redis | undefined;
  claimUs = 0;

  override async claim(...args: Parameters<RedisDedupStore['claim']>): ReturnType<RedisDedupStore['claim']> {
    const admin = this.admin;
    if (!admin) return super.claim(...args);
    const before = await info(admin);
    const results = await super.claim(...args);
    this.claimUs += spent(before, await info(admin));
    return results;
  }
}

/**
 * The rate a short window's store is told so that, driven at `rate`, its hashes are as full as a
 * long window's: the buckets follow the declared rate over the marks' span plus one round of key
 * turns (a tag may get one turn more than its share: markBuckets), a margin of 0.2% of a 24 h span,
 * 2.3% of the steady states' 8,192 s + a slice, 30% of 640 s + a slice. Told `rate` x span / (span
 * + the turns), the store makes the buckets of the fill without the margin.
 *
 * @example
 * dayFillRate(640_000, 512); // 393
 */
export function dayFillRate(windowMs: number, rate: number): number {
  const spanMs = markLayout(windowMs, rate).ttlMs;
  return Math.floor((rate * spanMs) / (spanMs + KEY_TURNS * KEY_TURN_MS));
}

/**
 * The rate and layout of the steady state through the consumer for about `events` events: the
 * buckets the store case would have (3.125 windows of 32,768 events a bucket), at a window of
 * {@link CONSUMER_WINDOW_S} and the whole rate of events that fills them to ~80 marks a hash.
 *
 * `declared` is the rate the store is told (`eventsPerSecond`: {@link dayFillRate}), `rate` the one
 * its clock is driven at and its ids' times follow.
 *
 * @example
 * consumerSteadyLayout(1_000_000); // rate 40, declared 39, 10 buckets, fill 80, 327,680 a window, 1,024,000 in all
 */
export function consumerSteadyLayout(events: number) {
  if (CONSUMER_WINDOW_S < MIN_WINDOW_SECONDS) throw new Error('the consumer refuses this window');
  const perBucket = (MARK_FIELDS_PER_HASH * KEY_BUCKETS * MARK_SLICES) / (MARK_SLICES + 1);
  const buckets = Math.max(1, Math.round(events / 3.125 / perBucket));
  // Whole events a second, at most the exact rate: the buckets come out at `buckets`, not one more.
  const rate = Math.floor((buckets * perBucket) / CONSUMER_WINDOW_S);
  const declared = dayFillRate(CONSUMER_WINDOW_S * 1000, rate);
  const layout = markLayout(CONSUMER_WINDOW_S * 1000, declared);
  const fill = round((rate * layout.ttlMs) / 1000 / KEY_BUCKETS / layout.buckets);
  const perWindow = rate * CONSUMER_WINDOW_S;
  return {
    windowS: CONSUMER_WINDOW_S,
    rate,
    declared,
    layout,
    fill,
    perWindow,
    caseEvents: Math.round(perWindow * 3.125),
  };
}

/**
 * The steady state through the consumer: kafkaHandler (its middy stack: decode, one batched claim,
 * the records under key order, group commits, the final commit, EMF) given a RedisDedupStore whose
 * clock is driven at the declared rate before each invocation, as the store case drives it. The
 * consumer refuses a window under MIN_WINDOW_SECONDS, so the rate is scaled down to keep the fill of
 * the store's case: rate x (window + slice) / 512 / buckets = ~80 marks a hash. The events span three
 * windows and half a slice; bytes are per event of one window. Duplicates: the newest events
 * delivered again (their positions too), which must be skipped: the handler is not called for them.
 * It flushes the server `redis` is on: give it one of its own.
 *
 * @internal
 */
export async function consumerSteadyState(redis: Redis, url: string, events: number): Promise<BytesCase> {
  const { rate, declared, layout, fill, perWindow, caseEvents } = consumerSteadyLayout(events);
  const day = markLayout(DAY_MS, RATE);
  const dayFill = round((RATE * day.ttlMs) / 1000 / KEY_BUCKETS / day.buckets);
  // What the case stands for: each hash as full as a 24 h window's at 1,000/s.
  if (Math.abs(fill - dayFill) > 1)
    throw new Error(`consumer case: ${fill} marks a hash, not ~${dayFill} as 24 h at 1,000/s`);
  const service = 'bench';
  const handlerName = 'consumer';
  // From a slice's start: the case ends halfway through one.
  const t0 = Math.ceil(Date.now() / layout.sliceMs) * layout.sliceMs;
  const timeOf = drivenClock(t0, rate);
  let clock = t0;
  const store = new ClaimTimedStore({
    redis: { url, commandTimeoutMs: 30_000 },
    eventsPerSecond: declared,
    now: () => clock,
  });
  const sink = new CountingSink();
  const logger = new Logger({ serviceName: service });
  silence(logger, sink);
  let handled = 0;
  const handler = kafkaHandler({
    service,
    handlerName,
    window: CONSUMER_WINDOW_S,
    store,
    logger,
    handle: () => {
      handled++;
    },
  });
  // One invocation of `ids` (the events from index `from` on), records spread over the partitions
  // in offset order; `expected`: the handler calls it must make (all new, or none: duplicates).
  const invoke = async (ids: string[], from: number, expected: number) => {
    const records: MSKRecord[] = new Array(ids.length);
    for (let i = 0; i < ids.length; i++) {
      const n = from + i;
      records[i] = mskRecord({
        topic: 'bench-events',
        partition: n % CONSUMER_PARTITIONS,
        offset: Math.floor(n / CONSUMER_PARTITIONS),
        eventId: ids[i]!,
        rawValue: CONSUMER_VALUE,
      });
    }
    const calls = handled;
    const response = await toSink(sink, () =>
      handler(mskEvent(records), lambdaContext({ timeoutMs: 60_000 })),
    );
    if (response.batchItemFailures.length > 0)
      throw new Error(`consumer: ${response.batchItemFailures.length} records failed (events ${from}…)`);
    if (handled - calls !== expected)
      throw new Error(`consumer: ${handled - calls} handler calls, ${expected} expected (events ${from}…)`);
  };
  try {
    const result = await measure(
      redis,
      'compact, steady state, through the consumer (kafkaHandler)',
      caseEvents,
      `kafkaHandler (middy stack, key order, group commits), window ${CONSUMER_WINDOW_S} s driven at ${rate} events/s (declared ${declared}: the buckets of 24 h's fill, consumerSteadyLayout), ${caseEvents.toLocaleString('en-US')} events (3 windows + half a slice) in invocations of ${BATCH.toLocaleString('en-US')}, B per event of one window: ${layout.buckets} buckets, ~${fill} fresh marks per hash over a window + a slice (24 h at 1,000/s: ${dayFill}); duplicates: redelivered through it, none handled`,
      async (batch, from) => {
        clock = timeOf(from);
        store.admin = redis;
        store.claimUs = 0;
        await invoke(batch, from, batch.length);
        store.admin = undefined;
        return { claimUs: store.claimUs };
      },
      (batch, from) => invoke(batch, from, 0),
      undefined,
      perWindow,
      timeOf,
    );
    result.hashesNotListpack = await hashesNotListpack(redis);
    result.overfullMarks = store.overfullMarks;
    if (store.overfullMarks > 0) result.note += `; ${store.overfullMarks} marks past 128 fields`;
    return result;
  } finally {
    store.admin = undefined;
    await handler.close();
    await store.close();
  }
}

function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * @example
 * const result = await measureBytesPerEvent({ events: 1_000_000, port: 7101 });
 */
export async function measureBytesPerEvent(
  options: { events?: number; port?: number } = {},
): Promise<BytesResult> {
  const events = options.events ?? 1_000_000;
  const server = await startRedisServer({ port: options.port ?? 7101 });
  const redis = new Redis(server.url);
  const version = serverVersion(await redis.info('server'));
  const prefix = dedupKeyPrefix('bench', 'on-event');
  const cases: BytesCase[] = [];
  let duplicates: DuplicateRounds | undefined;
  const redisOptions = { url: server.url, commandTimeoutMs: 30_000 };
  try {
    // The compact store, its clock driven at RATE from now.
    const compact = async (
      name: string,
      windowMs: number,
      note: string,
      perEvents = events,
      caseEvents = events,
      /** The rate the store is told (see {@link dayFillRate}). */
      declared = RATE,
      /** The rate its clock is driven at, and the ids' times. */
      driven = RATE,
    ) => {
      // From a slice's start: the steady state then ends halfway through one.
      const sliceMs = markLayout(windowMs, RATE).sliceMs;
      const t0 = Math.ceil(Date.now() / sliceMs) * sliceMs;
      let clock = t0;
      const store = new RedisDedupStore({
        redis: redisOptions,
        eventsPerSecond: declared,
        now: () => clock,
      });
      const timeOf = drivenClock(t0, driven);
      try {
        const result = await measure(
          redis,
          name,
          caseEvents,
          note,
          async (batch, from) => {
            clock = timeOf(from);
            const keys = batch.map((id) => dedupKey(prefix, id));
            const claimUs = await usecOf(redis, () => store.claim(keys, 'owner', 30_000, windowMs));
            await store.commit(keys, 'owner', windowMs);
            return { claimUs };
          },
          async (batch) => {
            const results = await store.claim(
              batch.map((id) => dedupKey(prefix, id)),
              'again',
              30_000,
              windowMs,
            );
            if (results.some((r) => r !== 'done')) throw new Error(`${name}: a duplicate was not found`);
          },
          (batch) =>
            store.claim(
              batch.map((id) => dedupKey(prefix, id)),
              'fresh',
              30_000,
              windowMs,
            ),
          perEvents,
          timeOf,
        );
        result.hashesNotListpack = await hashesNotListpack(redis);
        result.overfullMarks = store.overfullMarks;
        if (store.overfullMarks > 0) result.note += `; ${store.overfullMarks} marks past 128 fields`;
        return result;
      } finally {
        await store.close();
      }
    };
    const day = markLayout(DAY_MS, RATE);
    cases.push(
      await compact(
        'compact, 24 h window, first hour',
        DAY_MS,
        `${day.buckets} buckets per tag; ${events.toLocaleString('en-US')} events fill ${Math.round(events / RATE)} s of a ${day.sliceMs / 3_600_000} h slice: ~${round(events / 512 / day.buckets)} marks per hash`,
      ),
    );
    // The steady state: the events span three windows and half a slice, so that each hash holds
    // what it holds once a window has gone by, halfway through a slice (its fresh marks: 4.5
    // slices' worth on average over a slice, and stale ones a commit has not deleted yet); bytes
    // are per event of one window. The layout of the case through the consumer
    // (consumerSteadyLayout: a window of hours at the rate that fills the hashes as 24 h at
    // 1,000/s does), so that the two differ in the writer only.
    const steady = consumerSteadyLayout(events);
    cases.push(
      await compact(
        'compact, steady state (a window after the first, at the declared rate)',
        steady.windowS * 1000,
        `window ${steady.windowS} s driven at ${steady.rate}/s (declared ${steady.declared}: the buckets of 24 h's fill), ${steady.caseEvents.toLocaleString('en-US')} events (3 windows + half a slice), B per event of one window: ${steady.layout.buckets} buckets, ~${steady.fill} fresh marks per hash over a window + a slice (24 h at 1,000/s: ${round((RATE * day.ttlMs) / 1000 / 512 / day.buckets)})`,
        steady.perWindow,
        steady.caseEvents,
        steady.declared,
        steady.rate,
      ),
    );
    cases.push(await consumerSteadyState(redis, server.url, events));

    const old = new RedisDedupStore030({ redis: redisOptions });
    try {
      cases.push(
        await measure(
          redis,
          '0.3.0 strings',
          events,
          "0.3.0's store: a string key per DONE mark ('D', PX window)",
          async (batch) => {
            const keys = batch.map((id) => dedupKey(prefix, id));
            const claimUs = await usecOf(redis, () => old.claim(keys, 'owner', 30_000));
            await old.commit(keys, 'owner', DAY_MS);
            return { claimUs };
          },
          (batch) =>
            old.claim(
              batch.map((id) => dedupKey(prefix, id)),
              'again',
              30_000,
            ),
          (batch) =>
            old.claim(
              batch.map((id) => dedupKey(prefix, id)),
              'fresh',
              30_000,
            ),
        ),
      );
    } finally {
      await old.close();
    }

    cases.push(
      await measure(redis, 'naive SET NX', events, 'SET <prefix><id> 1 NX PX <24 h>', async (batch) => {
        const p = redis.pipeline();
        for (const id of batch) p.set(`bench:dedup:naive:${id}`, '1', 'PX', DAY_MS, 'NX');
        return { claimUs: await usecOf(redis, () => p.exec()) };
      }),
    );

    const fn = 'notification-consumer.handle';
    cases.push(
      await measure(
        redis,
        'Powertools-like JSON record',
        events,
        'SET <fn>#<md5 of the payload> {"status":"COMPLETED","expiration":...,"in_progress_expiration":...} NX PX <24 h>',
        async (batch) => {
          const p = redis.pipeline();
          const now = Math.floor(Date.now() / 1000);
          for (const id of batch) {
            const hash = createHash('md5')
              .update(JSON.stringify({ eventId: id }))
              .digest('hex');
            const record = JSON.stringify({
              status: 'COMPLETED',
              expiration: now + 86_400,
              in_progress_expiration: Date.now() + 30_000,
            });
            p.set(`${fn}#${hash}`, record, 'PX', DAY_MS, 'NX');
          }
          return { claimUs: await usecOf(redis, () => p.exec()) };
        },
      ),
    );
    cases.push({
      name: 'floor: the id’s 16 bytes',
      events,
      bytesPerEvent: 16,
      keys: 0,
      note: 'what a ULID or UUID is, packed',
    });
    await redis.flushall();
    duplicates = await duplicateRounds(server.url);
  } finally {
    redis.disconnect();
    await server.stop();
  }
  const byName = (start: string) => cases.find((c) => c.name.startsWith(start))!;
  const steady = byName('compact, steady state (');
  const consumer = byName('compact, steady state, through the consumer');
  const through = consumerSteadyLayout(events);
  const first = byName('compact, 24 h');
  const old = byName('0.3.0');
  const verdicts: Verdict[] = [
    {
      target: `bytes per event, 24 h window at 1,000 events/s, steady state (${serverLabel(version)})`,
      goal: '<= 32',
      measured: `${steady.bytesPerEvent} B (first hour: ${first.bytesPerEvent} B; 0.3.0: ${old.bytesPerEvent} B)`,
      met: steady.bytesPerEvent <= 32,
    },
    {
      target: `bytes per event, 24 h window at 1,000 events/s, steady state, through the consumer (kafkaHandler) (${serverLabel(version)})`,
      goal: '<= 32',
      measured: `${consumer.bytesPerEvent} B (a ${through.windowS} s window at ${through.rate}/s: ${through.fill} fresh marks a hash, as 24 h at 1,000/s; the store alone: ${steady.bytesPerEvent} B)`,
      met: consumer.bytesPerEvent <= 32,
    },
    {
      target: 'server CPU per duplicate, compact over 0.3.0 (taking turns on one server)',
      goal: '<= 2x',
      measured: `median ratio ${duplicates!.ratio}x over ${duplicates!.compact.length} rounds (compact ${duplicates!.compact.join(' / ')} µs, 0.3.0 ${duplicates!.v030.join(' / ')} µs; each alone, one after the other: ${first.usPerDuplicate} over ${old.usPerDuplicate} µs)`,
      met: duplicates!.ratio <= 2,
    },
  ];
  return { redis: version, events, cases, ...(duplicates ? { duplicates } : {}), verdicts };
}

export function formatBytesPerEvent(result: BytesResult): string {
  const lines = [
    `Bytes per event (${serverLabel(result.redis)}, ${result.events.toLocaleString('en-US')} events):`,
    '',
    '| case | B/event | µs/new claim | µs/commit | µs/duplicate | 1,000-key claim ms | keys | not listpack | note |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const c of result.cases)
    lines.push(
      `| ${c.name} | ${c.bytesPerEvent} | ${c.usPerNewClaim ?? ''} | ${c.usPerCommit ?? ''} | ${c.usPerDuplicate ?? ''} | ${c.claim1000Ms ?? ''} | ${c.keys.toLocaleString('en-US')} | ${c.hashesNotListpack ?? ''} | ${c.note} |`,
    );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureBytesPerEvent({
    events: Number(process.argv[2] ?? 1_000_000),
    ...(process.argv[3] ? { port: Number(process.argv[3]) } : {}),
  });
  console.log(formatBytesPerEvent(result));
  for (const v of result.verdicts)
    console.log(`${v.met ? 'MET   ' : 'MISSED'} ${v.target}: ${v.measured} (goal ${v.goal})`);
  console.log(JSON.stringify(result));
  process.exit(0);
}
