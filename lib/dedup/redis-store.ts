/**
 * The Redis dedup store: a batch of claims in one pipelined round trip per Redis node.
 *
 * On a cluster the keys of one hash slot (one bucket of key.ts) go in one script, and the scripts
 * of one node in one pipeline on that node's own connection: a round trip per node, a command per
 * bucket rather than per key.
 *
 * Guarantees: a claim is atomic per key (`SET key P:<owner> NX PX lease GET`, Redis 7+, after the
 * DONE marks of the window are read in the same script), so two invocations never both own a key;
 * commit writes the DONE mark (dedup-mark.ts: a field of the event's mark hash, in the key's slot) and
 * lets go only a lease this owner still holds, and release only deletes such a lease (Lua
 * compare-and-set), so a late invocation never deletes another's claim or a DONE mark. A claim
 * sent twice by one owner (a resend) answers `claimed` the second time too.
 * Does not guarantee: anything while Redis is unreachable (the consumer's policy decides), or
 * that a claim outlives its lease (a crashed owner's claim simply expires).
 *
 * Slots that move (a reshard, a failover, a killed master whose replica is promoted):
 * - `MOVED` (the slot has a new owner): the script goes again, whole, and the slot map is
 *   refreshed (`refreshSlotsCache`) so that the next batch groups by the new owners.
 * - `ASK` (the slot is migrating and the keys are not on the source any more), `TRYAGAIN` (a
 *   multi-key script whose keys are split between the two nodes, or any multi-key script the
 *   importing node is asked for while keys are missing) and a script that met a mark hash not on
 *   the node ("non local key"): the script's keys go again one at a time, in single-key commands
 *   (a claim: SET NX GET, then HGET of the mark; a commit: the mark, then the lease). Redis never
 *   answers a single-key command TRYAGAIN, and a backoff does not help: a migrating slot answers TRYAGAIN for as long as the migration lasts
 *   (measured: 10 retries over 214 ms, all TRYAGAIN, against one round of single-key commands).
 * - The resends go through the cluster client, one command each, in a second round trip: ioredis
 *   follows a further MOVED or ASK (sending `ASKING` first) on its own, to nodes it did not know.
 * - A node that fails to connect: its keys answer a store error for that batch (the others
 *   answer), the slot map is refreshed, and the next batch asks for the slot map first while the
 *   node is still unreachable, so that once its replica is promoted that batch goes to it (no
 *   MOVED ever tells of a dead node's successor).
 * Budget: a batch takes at most one command timeout for its first round trip, one more for the
 * resends when a node redirected (2 × `commandTimeoutMs`), and one more for the slot map when a
 * slot's master was unreachable last time (3 × at worst, only while a node is down).
 *
 * Why not ioredis's own cluster pipeline handling: ioredis retries a pipeline only when every
 * command failed with the same error and the others are read-only (Pipeline.js `fillResult`),
 * and then sends the whole pipeline again; our scripts write and one node's pipeline carries
 * many slots, so a redirection came back to us as an error. Where it does retry (a pipeline of
 * one script), its TRYAGAIN loop re-sends without ASKING, and can point the slot map at the
 * importing node. So the first round trip goes on each node's own connection (no cluster logic),
 * and only the resends use the cluster client's per-command handling (Cluster.js `handleError`).
 *
 * Errors say what happened (connect-failure.ts: the address, the cause, what to check) and, until
 * a store call has worked once since the store was made (the cold start), carry the reason
 * `misconfigured` instead of the outage's: a store that never worked is most likely set up wrong,
 * one that worked and stopped is an outage.
 *
 * After a round trip times out the next batch gets a new client (see redis-connection.ts); the
 * old one stays open for `lateReplyGraceMs`, and the claims its late replies show are released
 * through the new one, so a stall of Redis costs a retry, not the lease. A half-open connection
 * never answers: the claims Redis took on it (if any) end with their lease.
 */
import { type ChainableCommander, Cluster, type Redis } from 'ioredis';
import {
  COMPACT_HASH_FIELDS,
  DEFAULT_EVENTS_PER_SECOND,
  MARK_PRUNE_EVERY_SLICES,
  MARK_PRUNE_FIELDS,
  MARK_PRUNE_SHARE,
  MARK_SLICE_MODULUS,
  MARK_SLICES,
  type MarkLayout,
  markIsFresh,
  markLayout,
  markOfKey,
  markSlice,
  markValue,
} from '../contract/dedup-mark.ts';
import { WINDOWS } from '../contract/windows.ts';
import { ConfigurationError, DedupStoreError, RedisConnectionError } from '../errors.ts';
import { KeySlots } from './key-slots.ts';
import { adoptRedisClient, connectRedis, type RedisConnection } from './redis-connection.ts';
import {
  DEFAULT_COMMAND_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  type RedisConnectionOptions,
} from './redis-options.ts';
import { sendScript, writeScriptsInOneBuffer } from './script-command.ts';
import type { ClaimResult, CommitReport, DedupStore, RenewalResult } from './store.ts';
import { errorReason } from './store-error-reason.ts';

/** Value of a DONE key. IN_PROGRESS keys hold `P:<owner>`. */
export const DONE = 'D';
const IN_PROGRESS = 'P:';
/**
 * A cluster store's `commitEvery.records` where the team gave none: a group costs a script per hash
 * slot among its keys, so groups of 100 spend a script per key (a quick handler's 10,000 records on
 * a local 3-master cluster: ~7,900 scripts, 0.62-0.75x standalone's throughput); groups of 1,000,
 * ~440 scripts of two or three keys (0.71-0.86x alone, 0.99x in `npm run bench`; 2,000 measured no
 * faster). The crash bound grows with it (docs/consumer.md, "Group commit").
 */
export const CLUSTER_COMMIT_GROUP_RECORDS = 1000;

// IN_PROGRESS(mine) -> DONE. An expired lease (key gone) is marked DONE too: the effect happened.
const COMMIT_LUA = `local v = redis.call('GET', KEYS[1])
if v == ARGV[1] or not v then redis.call('SET', KEYS[1], '${DONE}', 'PX', ARGV[2]) return 1 end
return 0`;
// IN_PROGRESS(mine) -> absent.
const RELEASE_LUA = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

// Renew the lease of IN_PROGRESS(mine); answer 1 (renewed), 2 (DONE now) or 0 (lost: gone or another's).
const EXTEND_LUA = `local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if v == '${DONE}' then return 2 end
return 0`;

// The same steps for many keys in one call (on a cluster, keys of one slot only: a cluster refuses
// scripts whose keys hash to different slots).
//
// Claim, with the DONE marks of dedup-mark.ts. KEYS: the lease key of each event, then the
// distinct mark hashes of those events. ARGV: the owner's value, the lease, the current slice mod
// 8192, the number of lease keys, then one string of 18 bytes per event (declared()): the index
// of its mark hash among the hashes (0 for a key of a previous format, whose DONE is the lease key
// holding 'D') and its mark's field.
// One letter per event: c(laimed), d(one), h(eld). A mark found fresh (its slice 0 to MARK_SLICES
// before the current one, or one after: a writer whose clock runs ahead): done, without a write.
// Else the lease as in 0.3.0 (SET NX GET), whose 'D' is a 0.3.0 string mark.
// The hashes are declared: ElastiCache refuses a script that touches a key it was not given. They
// share the lease keys' slot (their tag), so a cluster routes the script as before; on a slot mid-
// migration the script is answered ASK or TRYAGAIN, and the store resends one key at a time.
const CLAIM_MARKS_LUA = `local out = {}
local now = tonumber(ARGV[3])
local n = tonumber(ARGV[4])
local marks = ARGV[5]
for i = 1, n do
  local key = KEYS[i]
  local o = (i - 1) * 18
  local hi, lo = string.byte(marks, o + 1, o + 2)
  local h = hi * 256 + lo
  local found = false
  if h > 0 then
    local v = redis.call('HGET', KEYS[n + h], string.sub(marks, o + 3, o + 18))
    if v then
      local age = (now - tonumber(v)) % ${MARK_SLICE_MODULUS}
      found = age <= ${MARK_SLICES} or age == ${MARK_SLICE_MODULUS - 1}
    end
  end
  if found then out[i] = 'd' else
    local old = redis.call('SET', key, ARGV[1], 'PX', ARGV[2], 'NX', 'GET')
    if not old or old == ARGV[1] then out[i] = 'c' elseif old == '${DONE}' then out[i] = 'd' else out[i] = 'h' end
  end
end
return table.concat(out)`;
// One mark written (the commit's, whoever holds the lease: the effect happened): the field holds
// the current slice mod 8192 (ARGV now). The field '' of the hash holds the slice of its last
// cleaning: the deletion of the marks no claim finds fresh any more (older than MARK_SLICES slices,
// not one ahead), reading the whole hash (HGETALL), done by the first commit into the hash in each
// slice. That commit also sets the hash's TTL (ttl ms: the window + two slices), so the commits
// after it in the same slice (the fast path: '' holds the current slice) read '', write the field
// and count the fields (HLEN, for the overfull count), and nothing more: no PEXPIRE (a rewrite and
// an expiry entry on Redis 7, the dearest of the commands a mark). A new hash gets its field and
// '' in one HSET. Why the TTL holds for the fast path: it was set less
// than a slice before them (the same slice, by clocks that agree to less than a slice), so the
// hash lives at least a window + one slice after each of its commits, past the last claim that
// finds its marks fresh.
// Amortised O(1) per commit, at any rate: marks go stale only when the slice changes, so a hash is
// cleaned once a slice at most; a field a cleaning reads is either deleted (once: charged to the
// commit that wrote it) or fresh, and a mark is fresh for at most MARK_SLICES + 2 slices, so it is
// read at most MARK_SLICES + 2 times while fresh and once when deleted: at most 7 field reads a
// commit over the mark's life.
// A script's cleanings read at most budget fields (1 + a quarter of its keys, times
// MARK_PRUNE_FIELDS): when a slice begins every hash is due, and a 1,000-key commit that cleaned
// each full hash it met would block Redis ~70 ms (bench/micro/mark-claim.ts). A hash left due is
// not marked cleaned: each commit into it sets its TTL and tries again (at the declared rate a hash
// gets ~16 commits a slice, and a quarter of the commits can clean four times the hashes a slice
// needs). A hash last cleaned MARK_PRUNE_EVERY_SLICES ago is cleaned whatever the budget: no mark
// stays long enough for its slice to come round mod 8192.
// Answers the hash's field count after the write (after a cleaning: the fields left).
const MARK_FUNCTION = `local budget = ${MARK_PRUNE_FIELDS}
local function mark(h, field, now, ttl)
  local last = redis.call('HGET', h, '')
  if last == now then
    redis.call('HSET', h, field, now)
    return redis.call('HLEN', h)
  end
  if not last then
    redis.call('HSET', h, field, now, '', now)
    redis.call('PEXPIRE', h, ttl)
    return redis.call('HLEN', h)
  end
  redis.call('HSET', h, field, now)
  redis.call('PEXPIRE', h, ttl)
  local n = redis.call('HLEN', h)
  local t = tonumber(now)
  local since = (t - tonumber(last)) % ${MARK_SLICE_MODULUS}
  if since == ${MARK_SLICE_MODULUS - 1} then return n end
  if budget > 0 or since >= ${MARK_PRUNE_EVERY_SLICES} then
    budget = budget - n
    local all = redis.call('HGETALL', h)
    local stale = {}
    for k = 1, #all, 2 do
      if all[k] ~= '' then
        local age = (t - tonumber(all[k + 1])) % ${MARK_SLICE_MODULUS}
        if age > ${MARK_SLICES} and age ~= ${MARK_SLICE_MODULUS - 1} then stale[#stale + 1] = all[k] end
      end
    end
    for k = 1, #stale, 1000 do redis.call('HDEL', h, unpack(stale, k, math.min(k + 999, #stale))) end
    redis.call('HSET', h, '', now)
    return n - #stale
  end
  return n
end
`;
// Commit. KEYS: the lease key of each event, then the distinct mark hashes (declared, as the
// claim's). ARGV: the owner's value, the window (a string mark's TTL), '1' to write the 0.3.0
// string mark too (a rollout: the release before reads only that), the mark hash's TTL (ms: the
// window + two slices), the current slice mod 8192, the number of lease keys, then the 18 bytes per
// event of the claim's (its hash's index, 0 for a key of a previous format, and its field). The
// mark is written first,
// whoever holds the lease now: the effect happened. Then IN_PROGRESS(mine) -> absent (or -> 'D',
// rolling out). Answers how many marks went into a hash over the compact encoding's field count.
// The owner's leases are deleted with one DEL (per 1,000 keys) rather than a DEL each: every
// redis.call costs the server about as much as a small command (bench/micro/lua-cost.ts). The
// script is atomic, so deleting last leaves the state the per-key order left. (An MGET of the
// leases would save their GETs too, but it is a command the ElastiCache user of a deployed
// service may not run yet: an ACL change, for ~0.1 us an event.)
const COMMIT_MARKS_LUA = `${MARK_FUNCTION}local n = tonumber(ARGV[6])
local marks = ARGV[7]
budget = (1 + math.floor(n / ${MARK_PRUNE_SHARE})) * ${MARK_PRUNE_FIELDS}
local over = 0
local mine = {}
for i = 1, n do
  local key = KEYS[i]
  local o = (i - 1) * 18
  local hi, lo = string.byte(marks, o + 1, o + 2)
  local h = hi * 256 + lo
  local v = redis.call('GET', key)
  if h > 0 and mark(KEYS[n + h], string.sub(marks, o + 3, o + 18), ARGV[5], ARGV[4]) > ${COMPACT_HASH_FIELDS} then over = over + 1 end
  if h == 0 or ARGV[3] == '1' then
    if v == ARGV[1] or not v then redis.call('SET', key, '${DONE}', 'PX', ARGV[2]) end
  elseif v == ARGV[1] then mine[#mine + 1] = key end
end
for k = 1, #mine, 1000 do redis.call('DEL', unpack(mine, k, math.min(k + 999, #mine))) end
return over`;
// One mark alone (a commit resent during a slot migration: one key per command). KEYS: the hash;
// ARGV: the field, the current slice mod 8192, the hash's TTL. Answers 1 when the hash is over the
// compact encoding's field count.
const MARK_LUA = `${MARK_FUNCTION}if mark(KEYS[1], ARGV[1], ARGV[2], ARGV[3]) > ${COMPACT_HASH_FIELDS} then return 1 end
return 0`;
// One letter per key: r(enewed), d(one now), l(ost).
const EXTEND_MANY_LUA = `local out = {}
for i, key in ipairs(KEYS) do
  local v = redis.call('GET', key)
  if v == ARGV[1] then redis.call('PEXPIRE', key, ARGV[2]) out[i] = 'r'
  elseif v == '${DONE}' then out[i] = 'd' else out[i] = 'l' end
end
return table.concat(out)`;
const RELEASE_MANY_LUA = `for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
return #KEYS`;

/** Keys per script call: big enough to save per-command work, small enough not to block Redis long. */
export const KEYS_PER_SCRIPT = 1000;

type ScriptedClient = (Redis | Cluster) & {
  mskOnceCommit(key: string, owner: string, windowMs: number): Promise<number>;
  mskOnceRelease(key: string, owner: string): Promise<number>;
};
type Scripted = ChainableCommander & {
  mskOnceCommit(key: string, owner: string, windowMs: number): ChainableCommander;
  mskOnceRelease(key: string, owner: string): ChainableCommander;
  mskOnceExtend(key: string, owner: string, leaseMs: number): ChainableCommander;
  mskOnceExtendMany(...args: (string | number)[]): ChainableCommander;
  mskOnceClaimMarks(...args: (string | number | Buffer)[]): ChainableCommander;
  mskOnceCommitMarks(...args: (string | number | Buffer)[]): ChainableCommander;
  mskOnceMark(hash: string, field: Buffer, slice: number, ttlMs: number): ChainableCommander;
  mskOnceReleaseMany(...args: (string | number)[]): ChainableCommander;
};

/** How one store step goes on the wire: one command per key, or one script per chunk of keys. */
type Step = {
  /** `index`: the key's index among the call's keys (as `unit` of `many` holds them). */
  one(pipeline: Scripted, key: string, index: number): unknown;
  /**
   * A key sent alone through the cluster client (a resend after ASK or TRYAGAIN): single-key
   * commands only, in order, resolving to what `one` would answer. Default: `one`.
   */
  alone?(client: Scripted, key: string, index: number): Promise<unknown>;
} & (
  | {
      many(pipeline: Scripted, keys: string[], unit: readonly number[]): unknown;
      /** The reply of key `j` of a chunk, from the chunk's reply. */
      ofMany(reply: unknown, j: number): unknown;
    }
  | { many?: undefined; ofMany?: undefined } // a command per key everywhere
);

export interface RedisDedupStoreOptions {
  /** Connection options, or an ioredis client you made (made fail-fast by you, then). */
  redis: RedisConnectionOptions | Redis | Cluster;
  /** Longest one round trip may take. Default: redis.commandTimeoutMs or 250 ms. */
  commandTimeoutMs?: number;
  /** Longest a batch waits for a connection. Default: redis.connectTimeoutMs or 1000 ms. */
  connectTimeoutMs?: number;
  /**
   * The peak rate of new events per second of the handler: how many hashes its DONE marks are
   * spread over (dedup-mark.ts). Part of where marks live: change it like a key format. Default 1000.
   */
  eventsPerSecond?: number;
  /**
   * Commit writes the 0.3.0 string mark (the lease key holding 'D' for the window) beside the
   * hash mark, for one window while a 0.3.0 release still runs (previousKeyFormat '0.3.0').
   */
  stringMarks?: boolean;
  /** The clock slices are cut by, ms since the epoch (tests, the bench). Default: Date.now. */
  now?: () => number;
}

/**
 * The DONE marks of one call's keys, by the keys' index: each one's hash (`undefined` for a
 * previous format's key, which has none) and its field, 16 bytes at 16 x the index of one buffer.
 * Worked out per call (~0.4 µs a key), not kept from a claim for its commit: a table per call
 * holds no object per key, and nothing of it lives through the batch.
 *
 * @internal
 */
export interface Marks {
  readonly hashes: readonly (string | undefined)[];
  readonly fields: Buffer;
}

/**
 * @internal The marks of one call's keys. Their buffer is its own, not a slice of Node's shared
 * pool: a commit's marks live until its round trip answers, and a pooled slice would keep the whole
 * 64 KB slab alive (the record values decoded between two commits fill it), ~6 MB for a batch of
 * 10,000 records whose commits answer at its end.
 */
export function marksOf(keys: readonly string[], layout: MarkLayout): Marks {
  const hashes: (string | undefined)[] = new Array(keys.length);
  const fields = Buffer.allocUnsafeSlow(keys.length * 16);
  for (let i = 0; i < keys.length; i++) hashes[i] = markOfKey(keys[i]!, layout, fields, i * 16);
  return { hashes, fields };
}

/** Key `index`'s field as a buffer of its own (the paths that send a key alone). */
function fieldAt(marks: Marks, index: number): Buffer {
  return marks.fields.subarray(index * 16, index * 16 + 16);
}

function isClient(value: unknown): value is Redis | Cluster {
  return typeof (value as Redis)?.pipeline === 'function';
}

/**
 * A {@link DedupStore} on Redis or an ElastiCache (Valkey/Redis OSS) cache, standalone or cluster.
 *
 * @example
 * const store = new RedisDedupStore({ redis: { url: 'rediss://cache.example:6379', cluster: true } });
 * const [result] = await store.claim(['orders:dedup:on-order-placed:01J...'], owner, 60_000);
 */
export class RedisDedupStore implements DedupStore {
  readonly #connection: RedisConnection;
  readonly #commandTimeoutMs: number;
  /** Cluster nodes whose last round trip failed to connect: their slots' map is asked again first. */
  readonly #unreachable = new Set<string>();
  /** The slot of each key tag met on a cluster, computed once. */
  readonly #slots = new KeySlots();
  /** A store call got an answer since the store was made: errors are an outage's from then on. */
  #worked = false;
  readonly #eventsPerSecond: number;
  readonly #now: () => number;
  /** The layout of the last window asked (a consumer has one). */
  #layout: MarkLayout | undefined;
  /** Writes the 0.3.0 string mark too (a rollout from 0.3.0). */
  readonly stringMarks: boolean;
  /**
   * 1 on a cluster: a commit is a script per hash slot among its keys, so the consumer merges
   * groups that fill while one is in flight (a local 3-master cluster, 1,000 records in groups of
   * 10 over ~440 slots: 1,443 commands for the claims and commits became 880-885; at 10,000
   * records the cluster went from 0.57-0.70x standalone's throughput to 0.93-0.99x). Unbounded
   * standalone, where a group of any size is one script per 1,000 keys and groups sent early
   * overlap Redis's work with the batch's.
   */
  readonly commitGroupsInFlight?: number;
  /**
   * {@link CLUSTER_COMMIT_GROUP_RECORDS} on a cluster, where a group costs a script per hash slot
   * among its keys; none standalone (the setting's 100), where a group is one script.
   */
  readonly commitGroupRecords?: number;
  /**
   * {@link KEYS_PER_SCRIPT} standalone, where the consumer's parts of a claim are a script each,
   * run by Redis in turn while the first records run; none on a cluster (a claim there is a script
   * per hash slot among its keys: parts would multiply the scripts).
   */
  readonly claimPartRecords?: number;
  /** Marks written into a hash over the compact encoding's field count, since the store was made. */
  overfullMarks = 0;

  constructor(options: RedisDedupStoreOptions) {
    // Gone in 0.3.0 (it read old keys but never wrote them): refused rather than ignored.
    if ((options as { readPreviousKeys?: unknown }).readPreviousKeys !== undefined)
      throw new ConfigurationError(
        'readPreviousKeys',
        'was replaced in 0.3.0 by RolloutDedupStore (previousKeyFormat)',
      );
    const rate = options.eventsPerSecond ?? DEFAULT_EVENTS_PER_SECOND;
    if (!(Number.isFinite(rate) && rate > 0))
      throw new ConfigurationError('eventsPerSecond', `${rate} is not a positive rate of new events`);
    this.#eventsPerSecond = rate;
    this.#now = options.now ?? Date.now;
    this.stringMarks = options.stringMarks === true;
    if (isClient(options.redis)) {
      const client = options.redis;
      defineScripts(client);
      this.#connection = adoptRedisClient(client, options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
      this.#commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
      if (client instanceof Cluster) {
        this.commitGroupsInFlight = 1;
        this.commitGroupRecords = CLUSTER_COMMIT_GROUP_RECORDS;
      } else this.claimPartRecords = KEYS_PER_SCRIPT;
    } else {
      this.#connection = connectRedis(
        {
          ...options.redis,
          ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
        },
        defineScripts,
      );
      this.#commandTimeoutMs =
        options.commandTimeoutMs ?? options.redis.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
      if (options.redis.cluster) {
        this.commitGroupsInFlight = 1;
        this.commitGroupRecords = CLUSTER_COMMIT_GROUP_RECORDS;
      } else this.claimPartRecords = KEYS_PER_SCRIPT;
    }
  }

  /** The client in use (a new one after a timed-out round trip dropped the last). */
  get client(): ScriptedClient {
    return this.#connection.client as ScriptedClient;
  }

  /**
   * Open the connection if it is not open (a cold start, or a new client after a timed-out round
   * trip): true when it had to, false when it was ready. Rejects with the store error a call would.
   */
  async connect(): Promise<boolean> {
    if (this.#connection.client.status === 'ready') return false;
    try {
      await this.#connection.ready();
    } catch (error) {
      throw this.#storeError(error);
    }
    return true;
  }

  /** The layout of the marks of `windowMs` at this store's rate. */
  #layoutOf(windowMs: number): MarkLayout {
    const window = Math.ceil(windowMs);
    if (this.#layout?.windowMs !== window) {
      this.#layout = markLayout(window, this.#eventsPerSecond);
    }
    return this.#layout;
  }

  /**
   * Claim each key for `owner`: `done` when its DONE mark is fresh in the window (`windowMs`;
   * the consumer passes its own) or its key holds a 0.3.0 string mark. Without `windowMs`, the
   * window of this store's last call that gave one (a store serves one handler), else 24 h.
   */
  async claim(
    keys: readonly string[],
    owner: string,
    leaseMs: number,
    windowMs?: number,
  ): Promise<ClaimResult[]> {
    const value = IN_PROGRESS + owner;
    const lease = Math.max(1, Math.ceil(leaseMs));
    const results: ClaimResult[] = new Array(keys.length);
    const layout = this.#layoutOf(windowMs ?? this.#layout?.windowMs ?? WINDOWS.default * 1000);
    const slice = markValue(markSlice(layout, this.#now()));
    const marks = marksOf(keys, layout);
    const many = (p: Scripted, chunk: string[], unit: readonly number[]) =>
      sendScript(p, 'mskOnceClaimMarks', declared(chunk, unit, marks, [value, lease, slice, chunk.length]));
    const step: Step = {
      // A script even for one key: the marks and the lease are read in one step.
      one: (p, key, index) =>
        marks.hashes[index] !== undefined
          ? many(p, [key], [index])
          : p.set(key, value, 'PX', lease, 'NX', 'GET'),
      // Alone (a slot mid-migration: single-key commands only, see the module doc): the lease first,
      // then the mark. A commit writes the mark before it lets the lease go, so a mark committed
      // before this lease was taken is found; then the lease is let go and the key is done.
      alone: async (c, key, index) => {
        const old = await (c.set(key, value, 'PX', lease, 'NX', 'GET') as unknown as Promise<unknown>);
        const hash = marks.hashes[index];
        if (hash === undefined) return old;
        if (old === DONE) return 'd';
        const mine = old === null || old === value;
        const found = await (c.hget(hash, fieldAt(marks, index)) as unknown as Promise<string | null>);
        if (found === null || !markIsFresh(Number(found), slice)) return mine ? 'c' : 'h';
        if (mine) await (c.mskOnceRelease(key, value) as unknown as Promise<unknown>);
        return 'd';
      },
      many,
      ofMany: (reply, j) => (reply as string)[j],
    };
    // A script's letter (a chunk's, or a key's alone) as SET NX GET would answer. No value a key
    // holds is one of them ('D', 'P:<owner>').
    const asOne = (_index: number, reply: unknown) =>
      reply === 'c' ? null : reply === 'd' ? DONE : reply === 'h' ? 'held' : reply;
    // Our own value: a claim sent twice (a resend after a redirection or a lost reply) found the
    // first one's write. The owner is one invocation's, so the key is ours.
    const claimed = (reply: unknown) => reply === null || reply === value;
    // One reply error covers every key of its chunk: convert it once, so that it is one error
    // (logged and counted once), as it was on the wire.
    const converted = new Map<Error, DedupStoreError>();
    await this.#send(
      keys,
      step,
      (index, error, reply) => {
        if (error) {
          let safe = converted.get(error);
          if (!safe) {
            safe = this.#storeError(error);
            converted.set(error, safe);
          }
          results[index] = safe;
        } else if (claimed(asOne(index, reply))) results[index] = 'claimed';
        else results[index] = asOne(index, reply) === DONE ? 'done' : 'held';
      },
      // A claim that answers after we gave up was never used: release it so a retry is not held off.
      (late) => {
        const unused: string[] = [];
        for (const { index, reply } of late) if (claimed(asOne(index, reply))) unused.push(keys[index]!);
        if (unused.length > 0) this.release(unused, owner).catch(() => {});
      },
    );
    return results;
  }

  /**
   * Mark each key DONE for the window: its field in its mark hash, holding the current slice (the lease key
   * holding 'D' for a previous format's key, and for every key with `stringMarks`), then let the
   * lease go if it is still this owner's.
   */
  async commit(keys: readonly string[], owner: string, windowMs: number): Promise<CommitReport> {
    const value = IN_PROGRESS + owner;
    const window = Math.ceil(windowMs);
    const layout = this.#layoutOf(windowMs);
    const slice = markValue(markSlice(layout, this.#now()));
    // A slice more than the marks' span: the TTL is set by a slice's first commit into a hash, and
    // the ones after it in that slice rely on it (MARK_FUNCTION).
    const ttl = layout.ttlMs + layout.sliceMs;
    const marks = marksOf(keys, layout);
    const strings = this.stringMarks ? '1' : '0';
    let over = 0;
    const many = (p: Scripted, chunk: string[], unit: readonly number[]) =>
      sendScript(
        p,
        'mskOnceCommitMarks',
        declared(chunk, unit, marks, [value, window, strings, ttl, slice, chunk.length]),
      );
    const step: Step = {
      one: (p, key, index) =>
        marks.hashes[index] !== undefined ? many(p, [key], [index]) : p.mskOnceCommit(key, value, window),
      // Alone (a slot mid-migration): the mark first, then the lease let go, so that no claim finds
      // neither (claim's `alone` takes the lease before it reads the marks).
      alone: async (c, key, index) => {
        const hash = marks.hashes[index];
        if (hash === undefined) return c.mskOnceCommit(key, value, window);
        const overfull = await (c.mskOnceMark(
          hash,
          fieldAt(marks, index),
          slice,
          ttl,
        ) as unknown as Promise<number>);
        if (this.stringMarks) await (c.mskOnceCommit(key, value, window) as unknown as Promise<unknown>);
        else await (c.mskOnceRelease(key, value) as unknown as Promise<unknown>);
        return overfull;
      },
      many,
      // A chunk's count of overfull marks, once (on its first key).
      ofMany: (reply, j) => (j === 0 ? { overfull: reply } : null),
    };
    let failed: Error | null = null;
    await this.#send(keys, step, (index, error, reply) => {
      if (error) failed ??= error;
      else if (reply !== null && typeof reply === 'object')
        over += Number((reply as { overfull: unknown }).overfull) || 0;
      // A key alone: the mark script's count (a previous format's key answers its own 0 or 1).
      else if (typeof reply === 'number' && marks.hashes[index] !== undefined) over += reply;
    });
    if (over > 0) this.overfullMarks += over;
    if (failed) throw this.#storeError(failed, 'commit');
    return { overfullMarks: over };
  }

  async extend(keys: readonly string[], owner: string, leaseMs: number): Promise<RenewalResult[]> {
    const value = IN_PROGRESS + owner;
    const lease = Math.max(1, Math.ceil(leaseMs));
    const results: RenewalResult[] = new Array(keys.length);
    let failed: Error | null = null;
    await this.#send(
      keys,
      {
        one: (p, key) => p.mskOnceExtend(key, value, lease),
        many: (p, chunk) => p.mskOnceExtendMany(chunk.length, ...chunk, value, lease),
        ofMany: (reply, j) => {
          const code = (reply as string).charCodeAt(j);
          return code === 114 /* r */ ? 1 : code === 100 /* d */ ? 2 : 0;
        },
      },
      (index, error, reply) => {
        if (error) failed ??= error;
        else results[index] = reply === 1 ? 'renewed' : reply === 2 ? 'done' : 'lost';
      },
    );
    // A node that did not answer tells nothing about its keys: the whole renewal counts as failed.
    if (failed) throw this.#storeError(failed, 'extend');
    return results;
  }

  async release(keys: readonly string[], owner: string): Promise<void> {
    const value = IN_PROGRESS + owner;
    await this.#sendOrThrow('release', keys, {
      one: (p, key) => p.mskOnceRelease(key, value),
      many: (p, chunk) => p.mskOnceReleaseMany(chunk.length, ...chunk, value),
      ofMany: () => 1,
    });
  }

  async close(): Promise<void> {
    this.#connection.close();
  }

  /**
   * Send `keys` at once, one pipeline per node: on standalone Redis scripts of up to
   * {@link KEYS_PER_SCRIPT} keys; on a cluster the same per hash slot (a key alone in its slot goes
   * as a single-key command). `onReply` gets each key's reply by its index in `keys`, once; `onLate`
   * the keys a timed-out call claimed anyway (claims only). Throws when no node answered at all.
   *
   * On a cluster the scripts a node redirects (MOVED, ASK, TRYAGAIN) go once more, through the
   * cluster client, in a second round trip bounded like the first (see the module doc).
   */
  async #send(
    keys: readonly string[],
    step: Step,
    onKeyReply: (index: number, error: Error | null, reply: unknown) => void,
    onLate?: (late: { index: number; reply: unknown }[]) => void,
  ): Promise<void> {
    const onReply = (index: number, error: Error | null, reply: unknown) => {
      if (!error) this.#worked = true;
      onKeyReply(index, error, reply);
    };
    if (keys.length === 0) return;
    try {
      await this.#connection.ready();
    } catch (error) {
      throw this.#storeError(error);
    }
    const client = this.client;
    // The keys a timed-out round trip got answers for after all: the caller decides (claims: release).
    const late = onLate
      ? (units: number[][], replies: [Error | null, unknown][]) => {
          const answered: { index: number; reply: unknown }[] = [];
          eachKey(step, units, replies, (index, error, reply) => {
            if (!error) answered.push({ index, reply });
          });
          if (answered.length > 0) onLate(answered);
        }
      : undefined;
    const failures: DedupStoreError[] = [];
    let failedShipments = 0;
    const failAll = (units: number[][], error: unknown) => {
      const storeError = this.#storeError(error);
      for (const unit of units) for (const i of unit) onReply(i, storeError, null);
      failures.push(storeError);
      failedShipments++;
    };
    let shipments: Shipment[];
    if (client instanceof Cluster) {
      shipments = shipmentsByNode(client, keys, step, this.#slots, this.#unreachable);
      // A slot whose master was unreachable last time, or has no live client (killed; maybe its
      // replica is promoted by now, which no MOVED will tell): ask for the slot map, then group by it.
      if (shipments.some((shipment) => !shipment.pipelined)) {
        await this.#refreshSlots(client);
        shipments = shipmentsByNode(client, keys, step, this.#slots);
      }
    } else {
      shipments = [{ target: client, pipelined: true, units: unitsOf(allIndexes(keys.length), step) }];
    }

    const resend: number[][] = [];
    let staleSlots = false;
    // A node that failed to connect: its slots' map is asked again first next time (see above).
    const noteUnreachable = (node: string | undefined, error: unknown) => {
      if (!node || errorReason(error) !== 'connection') return;
      staleSlots = true;
      this.#unreachable.add(node);
    };
    await Promise.all(
      shipments.map(async (shipment) => {
        let replies: [Error | null, unknown][];
        try {
          replies = await this.#ship(shipment, keys, step, late);
        } catch (error) {
          noteUnreachable(shipment.node, error);
          failAll(shipment.units, error);
          return;
        }
        if (shipment.node) this.#unreachable.delete(shipment.node);
        for (let u = 0; u < shipment.units.length; u++) {
          const unit = shipment.units[u]!;
          const [error, reply] = replies[u] ?? [new Error('no reply'), null];
          const redirected = shipment.pipelined && client instanceof Cluster ? redirection(error) : undefined;
          if (redirected === 'moved') {
            staleSlots = true;
            resend.push(unit);
          } else if (redirected) {
            // A slot mid-migration: a multi-key script may be answered TRYAGAIN for as long as the
            // migration lasts; single-key commands never are (each key is on one node or the other).
            for (const i of unit) resend.push([i]);
          } else {
            if (error) noteUnreachable(shipment.node, error);
            eachKey(step, [unit], [[error, reply]], onReply);
          }
        }
      }),
    );
    // The slot map is stale (a reshard, a failover, a node gone): the next batch groups by the new one.
    if (staleSlots && client instanceof Cluster) client.refreshSlotsCache();
    if (resend.length > 0) {
      // Through the cluster client, a command each: ioredis follows MOVED and ASK (with ASKING) itself.
      const shipment: Shipment = { target: client, pipelined: false, units: resend };
      try {
        eachKey(step, resend, await this.#ship(shipment, keys, step, late), onReply);
      } catch (error) {
        const storeError = this.#storeError(error);
        for (const unit of resend) for (const i of unit) onReply(i, storeError, null);
        if (timedOut(storeError)) failures.push(storeError);
      }
    }
    // A round trip that never answered may be on a half-open connection: the next one starts afresh.
    if (failures.some(timedOut)) this.#connection.dropAfterTimeout();
    // When every node failed there is nothing partial to report: one error for the whole call.
    if (failedShipments === shipments.length) throw failures[0];
  }

  /** Ask the cluster for its slot map; resolves when it answered, or failed, or after the command timeout. */
  #refreshSlots(client: Cluster): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.#commandTimeoutMs);
      client.refreshSlotsCache(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /**
   * One round trip: the units of `shipment` in one pipeline to its node, or (not pipelined) a
   * command each through the cluster client; bounded by the command timeout. Replies in unit order.
   */
  #ship(
    shipment: Shipment,
    keys: readonly string[],
    step: Step,
    late: ((units: number[][], replies: [Error | null, unknown][]) => void) | undefined,
  ): Promise<[Error | null, unknown][]> {
    const { target, units } = shipment;
    let exec: Promise<[Error | null, unknown][] | null>;
    if (shipment.pipelined && units.length === 1) {
      // One command (a standalone claim part or commit group): sent as it is, without a pipeline,
      // whose making defines every script and command method on it again.
      exec = (command(target as unknown as Scripted, step, keys, units[0]!) as Promise<unknown>).then(
        (reply): [Error | null, unknown][] => [[null, reply]],
        (error: Error): [Error | null, unknown][] => [[error, null]],
      );
    } else if (shipment.pipelined) {
      const pipeline = target.pipeline() as Scripted;
      for (const unit of units) command(pipeline, step, keys, unit);
      exec = pipeline.exec();
    } else {
      const scripted = target as unknown as Scripted;
      exec = Promise.all(
        units.map((unit) =>
          (unit.length === 1 && step.alone
            ? step.alone(scripted, keys[unit[0]!]!, unit[0]!)
            : (command(scripted, step, keys, unit) as Promise<unknown>)
          ).then(
            (reply): [Error | null, unknown] => [null, reply],
            (error: Error): [Error | null, unknown] => [error, null],
          ),
        ),
      );
    }
    return this.#bounded(exec, (replies) => late?.(units, replies));
  }

  async #sendOrThrow(what: string, keys: readonly string[], step: Step) {
    let failed: Error | null = null;
    await this.#send(keys, step, (_index, error) => {
      failed ??= error;
    });
    if (failed) throw this.#storeError(failed, what);
  }

  /**
   * A store error fit to log: in the reader's words where it is a connection, auth or permission
   * failure, secrets scrubbed, ioredis's command arguments gone (its text, scrubbed, is the cause);
   * `misconfigured` while no call has worked since the store was made.
   */
  #storeError(error: unknown, what?: string): DedupStoreError {
    let known: DedupStoreError;
    if (error instanceof DedupStoreError) known = error;
    else {
      const safe = this.#connection.redact(error);
      const failure = this.#connection.describe(error);
      const detail = failure?.text ?? safe.message;
      const text = what ? `${what}: ${detail}` : detail;
      known = failure
        ? new RedisConnectionError(
            failure.problem === 'timeout' ? 'timeout' : 'connection',
            failure.problem,
            failure.address,
            text,
            { cause: safe },
          )
        : new DedupStoreError(errorReason(error), text, { cause: safe });
    }
    if (this.#worked || known.reason === 'misconfigured') return known;
    const detail = `${known.detail} (no store call has worked since this function's cold start: most likely a setting, not an outage)`;
    const options = known.cause === undefined ? undefined : { cause: known.cause };
    return known instanceof RedisConnectionError
      ? new RedisConnectionError('misconfigured', known.problem, known.address, detail, options)
      : new DedupStoreError('misconfigured', detail, options);
  }

  /** No answer within the command timeout: a timeout, or `misconfigured` while nothing has worked. */
  #noAnswer(): DedupStoreError {
    const address = this.#connection.address;
    return new RedisConnectionError(
      'timeout',
      'timeout',
      address,
      `no answer from ${address} within ${this.#commandTimeoutMs} ms`,
    );
  }

  #bounded(
    exec: Promise<[Error | null, unknown][] | null>,
    onLate: (replies: [Error | null, unknown][]) => void,
  ): Promise<[Error | null, unknown][]> {
    return new Promise((resolve, reject) => {
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        reject(this.#storeError(this.#noAnswer()));
      }, this.#commandTimeoutMs);
      exec.then(
        (replies) => {
          if (late) return onLate(replies ?? []);
          clearTimeout(timer);
          resolve(replies ?? []);
        },
        (error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }
}

/** A round trip that got no answer in time (a command or connect timeout, misconfigured or not). */
function timedOut(error: DedupStoreError): boolean {
  return error.reason === 'timeout' || (error instanceof RedisConnectionError && error.problem === 'timeout');
}

function allIndexes(count: number): number[] {
  const indexes: number[] = new Array(count);
  for (let i = 0; i < count; i++) indexes[i] = i;
  return indexes;
}

/** Units of one round trip, and where they go. */
interface Shipment {
  /** A node's own client (pipelined), or the cluster client (a command each, routed by ioredis). */
  target: Redis | Cluster;
  /** The node's `host:port` in the slot map, for a node's own client. */
  node?: string;
  pipelined: boolean;
  /** Key indexes of each command, in order: one key (a single-key command) or a script's chunk. */
  units: number[][];
}

/** The commands for one slot's (or a standalone Redis's) keys: scripts of up to KEYS_PER_SCRIPT keys. */
function unitsOf(group: number[], step: Step): number[][] {
  if (!step.many) return group.map((i) => [i]);
  if (group.length <= KEYS_PER_SCRIPT) return [group];
  const units: number[][] = [];
  for (let at = 0; at < group.length; at += KEYS_PER_SCRIPT)
    units.push(group.slice(at, at + KEYS_PER_SCRIPT));
  return units;
}

/** Queue (on a pipeline) or send (on a client) the command for `unit`. */
function command(target: Scripted, step: Step, keys: readonly string[], unit: number[]): unknown {
  if (unit.length === 1 || !step.many) return step.one(target, keys[unit[0]!]!, unit[0]!);
  const chunk: string[] = new Array(unit.length);
  for (let j = 0; j < unit.length; j++) chunk[j] = keys[unit[j]!]!;
  return step.many(target, chunk, unit);
}

/** The reply of each key, whatever the wire shape: one [error, reply] per unit. */
function eachKey(
  step: Step,
  units: number[][],
  replies: [Error | null, unknown][],
  visit: (index: number, error: Error | null, reply: unknown) => void,
): void {
  for (let u = 0; u < units.length; u++) {
    const unit = units[u]!;
    const [error, reply] = replies[u] ?? [new Error('no reply'), null];
    if (unit.length === 1) visit(unit[0]!, error, reply);
    else for (let j = 0; j < unit.length; j++) visit(unit[j]!, error, error ? null : step.ofMany?.(reply, j));
  }
}

/** How a cluster node turned a command away: the slot is elsewhere, moving, or mid-move for many keys. */
function redirection(error: Error | null): 'moved' | 'ask' | 'tryagain' | undefined {
  if (!error) return undefined;
  const message = error.message;
  if (message.startsWith('MOVED ')) return 'moved';
  if (message.startsWith('ASK ')) return 'ask';
  if (message.startsWith('TRYAGAIN')) return 'tryagain';
  // A script's mark hash not on this node (named in the script, not declared): the slot is mid-migration.
  if (message.includes('non local key')) return 'ask';
  return undefined;
}

/**
 * One pipeline per node that owns a slot of `keys` (by ioredis's slot map), on that node's own
 * client, and within it one script per slot: a key bucket (key.ts) is one slot. Keys whose node
 * ioredis has no client for (it just went away) go through the cluster client, which routes them.
 */
function shipmentsByNode(
  client: Cluster,
  keys: readonly string[],
  step: Step,
  keySlots: KeySlots,
  avoid?: ReadonlySet<string>,
): Shipment[] {
  const slots = client.slots;
  const bySlot = new Map<number, number[]>();
  for (let i = 0; i < keys.length; i++) {
    const slot = keySlots.slotOf(keys[i]!);
    const group = bySlot.get(slot);
    if (group) group.push(i);
    else bySlot.set(slot, [i]);
  }
  const nodes = new Map<string, Redis>();
  for (const node of client.nodes('master')) {
    const key = `${node.options.host}:${node.options.port}`;
    if (node.status !== 'end' && !avoid?.has(key)) nodes.set(key, node);
  }
  const byNode = new Map<Redis | Cluster, number[][]>();
  for (const [slot, group] of bySlot) {
    const node: Redis | Cluster = nodes.get(slots[slot]?.[0] ?? '') ?? client;
    const units = byNode.get(node);
    if (units) units.push(...unitsOf(group, step));
    else byNode.set(node, unitsOf(group, step));
  }
  const shipments: Shipment[] = [];
  for (const [target, units] of byNode) {
    if (target === client) shipments.push({ target, pipelined: false, units });
    else {
      defineScripts(target);
      const { host, port } = (target as Redis).options;
      const node = `${host}:${port}`;
      shipments.push({ target, node, pipelined: true, units });
    }
  }
  return shipments;
}

/**
 * A mark script's arguments for {@link sendScript}: a first element the command fills with the
 * script, the key count, the chunk's lease keys and then its distinct mark hashes (every key the
 * script touches is declared), `head`, then one string of 18 bytes a key: the 1-based index of its
 * hash among them (2 bytes, big-endian; 0: a previous format's key, no mark) and its field (16
 * bytes; zeros without a mark). One argument, not two a key: Redis parses and Lua copies each
 * argument, and the client encodes each (a chunk of 1,000 keys: 2,000 fewer).
 */
function declared(
  chunk: readonly string[],
  unit: readonly number[],
  marks: Marks,
  head: readonly (string | number)[],
): (string | Buffer)[] {
  const hashes = new Map<string, number>();
  const packed = Buffer.alloc(chunk.length * 18);
  const args: (string | Buffer)[] = new Array(2 + chunk.length);
  args[0] = '';
  for (let j = 0; j < chunk.length; j++) args[2 + j] = chunk[j]!;
  for (let j = 0; j < chunk.length; j++) {
    const index = unit[j]!;
    const hash = marks.hashes[index];
    if (hash === undefined) continue;
    let at = hashes.get(hash);
    if (at === undefined) {
      at = hashes.size + 1;
      hashes.set(hash, at);
      args.push(hash);
    }
    packed.writeUInt16BE(at, j * 18);
    marks.fields.copy(packed, j * 18 + 2, index * 16, index * 16 + 16);
  }
  args[1] = String(chunk.length + hashes.size);
  for (const value of head) args.push(String(value));
  args.push(packed);
  return args;
}

/** The Lua commands of the store, on a client made by us or given to us. */
function defineScripts(client: Redis | Cluster): void {
  const scripted = client as ScriptedClient;
  if (typeof scripted.mskOnceCommit === 'function') return;
  client.defineCommand('mskOnceCommit', { numberOfKeys: 1, lua: COMMIT_LUA });
  client.defineCommand('mskOnceRelease', { numberOfKeys: 1, lua: RELEASE_LUA });
  client.defineCommand('mskOnceExtend', { numberOfKeys: 1, lua: EXTEND_LUA });
  client.defineCommand('mskOnceExtendMany', { lua: EXTEND_MANY_LUA });
  // No numberOfKeys: the caller passes the key count first.
  client.defineCommand('mskOnceClaimMarks', { lua: CLAIM_MARKS_LUA });
  client.defineCommand('mskOnceCommitMarks', { lua: COMMIT_MARKS_LUA });
  client.defineCommand('mskOnceMark', { numberOfKeys: 1, lua: MARK_LUA });
  client.defineCommand('mskOnceReleaseMany', { lua: RELEASE_MANY_LUA });
  // The ones with a Buffer argument (the marks), the most sent: one buffer each on the wire.
  writeScriptsInOneBuffer(client, ['mskOnceClaimMarks', 'mskOnceCommitMarks', 'mskOnceMark']);
}

/**
 * The Lua text of each store script, by the name model/scripts.sha256 gives it. Each is a step of
 * the model of the claim protocol (model/store.pml); test/model/scripts.test.ts fails when one
 * changes until that step is reviewed and its hash recorded again.
 * @internal
 */
export const STORE_SCRIPTS: Readonly<Record<string, string>> = {
  COMMIT_LUA,
  RELEASE_LUA,
  EXTEND_LUA,
  CLAIM_MARKS_LUA,
  COMMIT_MARKS_LUA,
  MARK_LUA,
  EXTEND_MANY_LUA,
  RELEASE_MANY_LUA,
};
