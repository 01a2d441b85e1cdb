/**
 * The Redis dedup store: a batch of claims in one pipelined round trip per Redis node.
 *
 * On a cluster the keys of one hash slot (one bucket of key.ts) go in one script, and the scripts
 * of one node in one pipeline: a round trip per node, a command per bucket rather than per key.
 *
 * Guarantees: a claim is atomic per key (`SET key P:<owner> NX PX lease GET`, Redis 7+), so two
 * invocations never both own a key; commit and release only touch a key this owner still holds
 * (a Lua compare-and-set), so a late invocation never deletes another's claim or a DONE mark.
 * Does not guarantee: anything while Redis is unreachable (the consumer's policy decides), or
 * that a claim outlives its lease (a crashed owner's claim simply expires).
 *
 * After a round trip times out, the connection is dropped (see redis-connection.ts): the late
 * claims of that round trip can then no longer be released and end with their lease.
 */
import calculateSlot from 'cluster-key-slot';
import { type ChainableCommander, Cluster, type Redis } from 'ioredis';
import { DedupStoreError } from '../errors.ts';
import { previousFormatKey } from './key.ts';
import {
  adoptRedisClient,
  connectRedis,
  DEFAULT_COMMAND_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  errorReason,
  type RedisConnection,
  type RedisConnectionOptions,
} from './redis-connection.ts';
import type { ClaimResult, DedupStore, RenewalResult } from './store.ts';

/** Value of a DONE key. IN_PROGRESS keys hold `P:<owner>`. */
export const DONE = 'D';
const IN_PROGRESS = 'P:';

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
// scripts whose keys hash to different slots). The claim answers one letter per key: c(laimed), d(one), h(eld).
const CLAIM_MANY_LUA = `local out = {}
for i, key in ipairs(KEYS) do
  local old = redis.call('SET', key, ARGV[1], 'PX', ARGV[2], 'NX', 'GET')
  if not old then out[i] = 'c' elseif old == '${DONE}' then out[i] = 'd' else out[i] = 'h' end
end
return table.concat(out)`;
const COMMIT_MANY_LUA = `for _, key in ipairs(KEYS) do
  local v = redis.call('GET', key)
  if v == ARGV[1] or not v then redis.call('SET', key, '${DONE}', 'PX', ARGV[2]) end
end
return #KEYS`;
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
  mskOnceClaimMany(...args: (string | number)[]): ChainableCommander;
  mskOnceCommitMany(...args: (string | number)[]): ChainableCommander;
  mskOnceReleaseMany(...args: (string | number)[]): ChainableCommander;
};

/** How one store step goes on the wire: one command per key, or one script per chunk of keys. */
type Step = { one(pipeline: Scripted, key: string): unknown } & (
  | {
      many(pipeline: Scripted, keys: string[]): unknown;
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
   * Also read each claimed event's key in the format before 0.2.0 (no bucket), and treat the
   * event as done or held when that key says so: turn on for one dedup window while rolling out
   * 0.2.0 (docs/consumer.md, "Key format"). Costs a command per claimed key.
   * @default false
   */
  readPreviousKeys?: boolean;
}

function isClient(value: unknown): value is Redis | Cluster {
  return typeof (value as Redis)?.pipeline === 'function';
}

/**
 * A {@link DedupStore} on Redis or an ElastiCache (Valkey/Redis OSS) cache, standalone or cluster.
 *
 * @example
 * const store = new RedisDedupStore({ redis: { url: 'rediss://cache.example:6379', cluster: true } });
 * const [result] = await store.claim(['notification:dedup:on-review-created:01J...'], owner, 60_000);
 */
export class RedisDedupStore implements DedupStore {
  readonly #connection: RedisConnection;
  readonly #commandTimeoutMs: number;
  readonly #readPreviousKeys: boolean;

  constructor(options: RedisDedupStoreOptions) {
    this.#readPreviousKeys = options.readPreviousKeys === true;
    if (isClient(options.redis)) {
      const client = options.redis;
      defineScripts(client);
      this.#connection = adoptRedisClient(client, options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
      this.#commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
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
    }
  }

  /** The client in use (a new one after a timed-out round trip dropped the last). */
  get client(): ScriptedClient {
    return this.#connection.client as ScriptedClient;
  }

  async claim(keys: readonly string[], owner: string, leaseMs: number): Promise<ClaimResult[]> {
    const value = IN_PROGRESS + owner;
    const lease = Math.max(1, Math.ceil(leaseMs));
    const results: ClaimResult[] = new Array(keys.length);
    const step: Step = {
      one: (p, key) => p.set(key, value, 'PX', lease, 'NX', 'GET'),
      many: (p, chunk) => p.mskOnceClaimMany(chunk.length, ...chunk, value, lease),
      ofMany: (reply, j) => {
        const code = (reply as string).charCodeAt(j);
        return code === 99 /* c */ ? null : code === 100 /* d */ ? DONE : 'held';
      },
    };
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
        } else if (reply === null) results[index] = 'claimed';
        else results[index] = reply === DONE ? 'done' : 'held';
      },
      // A claim that answers after we gave up was never used: release it so a retry is not held off.
      (late) => this.release(late, owner).catch(() => {}),
    );
    if (this.#readPreviousKeys) await this.#readPrevious(keys, results, owner);
    return results;
  }

  /**
   * The rollout read: for each key just claimed, the same event's key in the previous format. DONE
   * there: a duplicate; IN_PROGRESS there (an invocation of the previous version is on it): held;
   * unreadable: the store's error (the consumer's policy decides). In each case the new claim is
   * released, so the key is left as it was.
   */
  async #readPrevious(keys: readonly string[], results: ClaimResult[], owner: string): Promise<void> {
    const asked: number[] = [];
    const previous: string[] = [];
    for (let i = 0; i < keys.length; i++) {
      const old = results[i] === 'claimed' ? previousFormatKey(keys[i]!) : undefined;
      if (old === undefined) continue;
      asked.push(i);
      previous.push(old);
    }
    if (asked.length === 0) return;
    const unclaim: string[] = [];
    const settle = (j: number, outcome: ClaimResult) => {
      results[asked[j]!] = outcome;
      unclaim.push(keys[asked[j]!]!);
    };
    try {
      await this.#send(previous, { one: (p, key) => p.get(key) }, (j, error, reply) => {
        if (error) settle(j, this.#storeError(error, 'read previous key'));
        else if (reply === DONE) settle(j, 'done');
        else if (typeof reply === 'string') settle(j, 'held');
      });
    } catch (error) {
      const failed = this.#storeError(error, 'read previous key');
      for (let j = 0; j < asked.length; j++) if (results[asked[j]!] === 'claimed') settle(j, failed);
    }
    if (unclaim.length > 0) await this.release(unclaim, owner).catch(() => {});
  }

  async commit(keys: readonly string[], owner: string, windowMs: number): Promise<void> {
    const value = IN_PROGRESS + owner;
    const window = Math.ceil(windowMs);
    await this.#sendOrThrow('commit', keys, {
      one: (p, key) => p.mskOnceCommit(key, value, window),
      many: (p, chunk) => p.mskOnceCommitMany(chunk.length, ...chunk, value, window),
      ofMany: () => 1,
    });
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
   * Send `keys` at once, bounded by the command timeout, one pipeline per node: on standalone Redis
   * scripts of up to {@link KEYS_PER_SCRIPT} keys; on a cluster the same per hash slot (a key alone
   * in its slot goes as a single-key command). `onReply` gets each key's reply by its index in
   * `keys`; `onLate` the keys a timed-out call claimed anyway (claims only). Throws when no part of
   * the call got through.
   */
  async #send(
    keys: readonly string[],
    step: Step,
    onReply: (index: number, error: Error | null, reply: unknown) => void,
    onLate?: (claimedLate: string[]) => void,
  ): Promise<void> {
    if (keys.length === 0) return;
    await this.#connection.ready();
    const client = this.client;
    const nodes = client instanceof Cluster ? groupBySlotAndNode(client, keys) : [[allIndexes(keys.length)]];
    const failures: unknown[] = [];
    await Promise.all(
      nodes.map(async (slotGroups) => {
        const pipeline = client.pipeline() as Scripted;
        // The indexes each command of the pipeline carries, in pipeline order.
        const units: number[][] = [];
        for (const group of slotGroups) {
          if (!step.many) {
            for (const i of group) {
              units.push([i]);
              step.one(pipeline, keys[i]!);
            }
            continue;
          }
          for (let at = 0; at < group.length; at += KEYS_PER_SCRIPT) {
            const unit = group.length <= KEYS_PER_SCRIPT ? group : group.slice(at, at + KEYS_PER_SCRIPT);
            units.push(unit);
            if (unit.length === 1) step.one(pipeline, keys[unit[0]!]!);
            else {
              const chunk: string[] = new Array(unit.length);
              for (let j = 0; j < unit.length; j++) chunk[j] = keys[unit[j]!]!;
              step.many(pipeline, chunk);
            }
          }
        }
        // Reply of each key, whatever the wire shape: [error, reply] per command of the node.
        const perKey = (
          replies: [Error | null, unknown][],
          visit: (index: number, error: Error | null, reply: unknown) => void,
        ) => {
          for (let u = 0; u < units.length; u++) {
            const unit = units[u]!;
            const [error, reply] = replies[u] ?? [new Error('no reply'), null];
            if (unit.length === 1) visit(unit[0]!, error, reply);
            else
              for (let j = 0; j < unit.length; j++)
                visit(unit[j]!, error, error ? null : step.ofMany?.(reply, j));
          }
        };
        const indexesOfNode = () => slotGroups.flat();
        try {
          const replies = await this.#bounded(pipeline.exec(), (late) => {
            if (!onLate) return;
            const claimed: string[] = [];
            perKey(late, (index, error, reply) => {
              if (!error && reply === null) claimed.push(keys[index]!);
            });
            if (claimed.length > 0) onLate?.(claimed);
          });
          perKey(replies, onReply);
        } catch (error) {
          const storeError = this.#storeError(error);
          for (const i of indexesOfNode()) onReply(i, storeError, null);
          failures.push(storeError);
        }
      }),
    );
    // A round trip that never answered may be on a half-open connection: the next one starts afresh.
    if (failures.some((failure) => (failure as DedupStoreError).reason === 'timeout')) {
      this.#connection.dropAfterTimeout();
    }
    // When every node failed there is nothing partial to report: one error for the whole call.
    if (failures.length === nodes.length) throw failures[0];
  }

  async #sendOrThrow(what: string, keys: readonly string[], step: Step) {
    let failed: Error | null = null;
    await this.#send(keys, step, (_index, error) => {
      failed ??= error;
    });
    if (failed) throw this.#storeError(failed, what);
  }

  /** A store error fit to log: secrets scrubbed from the message, ioredis's command arguments gone. */
  #storeError(error: unknown, what?: string): DedupStoreError {
    if (error instanceof DedupStoreError) return error;
    const safe = this.#connection.redact(error);
    return new DedupStoreError(errorReason(error), what ? `${what}: ${safe.message}` : safe.message, {
      cause: safe,
    });
  }

  #bounded(
    exec: Promise<[Error | null, unknown][] | null>,
    onLate: (replies: [Error | null, unknown][]) => void,
  ): Promise<[Error | null, unknown][]> {
    return new Promise((resolve, reject) => {
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        reject(new DedupStoreError('timeout', `no answer within ${this.#commandTimeoutMs} ms`));
      }, this.#commandTimeoutMs);
      exec.then(
        (replies) => {
          if (timedOut) return onLate(replies ?? []);
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

function allIndexes(count: number): number[] {
  const indexes: number[] = new Array(count);
  for (let i = 0; i < count; i++) indexes[i] = i;
  return indexes;
}

/**
 * Indexes of `keys` by the node that owns their slot (one pipeline per node), and within a node
 * by slot (one script per slot). Keys with a bucket's hash tag (key.ts) share a slot per bucket.
 */
function groupBySlotAndNode(client: Cluster, keys: readonly string[]): number[][][] {
  const slots = client.slots;
  const bySlot = new Map<number, number[]>();
  for (let i = 0; i < keys.length; i++) {
    const slot = calculateSlot(keys[i]!);
    const group = bySlot.get(slot);
    if (group) group.push(i);
    else bySlot.set(slot, [i]);
  }
  const byNode = new Map<string, number[][]>();
  for (const [slot, group] of bySlot) {
    const node = slots[slot]?.[0] ?? '?';
    const groups = byNode.get(node);
    if (groups) groups.push(group);
    else byNode.set(node, [group]);
  }
  return [...byNode.values()];
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
  client.defineCommand('mskOnceClaimMany', { lua: CLAIM_MANY_LUA });
  client.defineCommand('mskOnceCommitMany', { lua: COMMIT_MANY_LUA });
  client.defineCommand('mskOnceReleaseMany', { lua: RELEASE_MANY_LUA });
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
  CLAIM_MANY_LUA,
  COMMIT_MANY_LUA,
  EXTEND_MANY_LUA,
  RELEASE_MANY_LUA,
};
