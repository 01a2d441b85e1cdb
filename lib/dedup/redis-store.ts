/**
 * The Redis dedup store: a batch of claims in one pipelined round trip per Redis node.
 *
 * Guarantees: a claim is atomic per key (`SET key P:<owner> NX PX lease GET`, Redis 7+), so two
 * invocations never both own a key; commit and release only touch a key this owner still holds
 * (a Lua compare-and-set), so a late invocation never deletes another's claim or a DONE mark.
 * Does not guarantee: anything while Redis is unreachable (the consumer's policy decides), or
 * that a claim outlives its lease (a crashed owner's claim simply expires).
 */
import calculateSlot from 'cluster-key-slot';
import { type ChainableCommander, Cluster, type Redis } from 'ioredis';
import { DedupStoreError } from '../errors.ts';
import {
  connectRedis,
  DEFAULT_COMMAND_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  errorReason,
  type RedisConnectionOptions,
  whenReady,
} from './redis-connection.ts';
import type { ClaimResult, DedupStore } from './store.ts';

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

type ScriptedClient = (Redis | Cluster) & {
  mskOnceCommit(key: string, owner: string, windowMs: number): Promise<number>;
  mskOnceRelease(key: string, owner: string): Promise<number>;
};
type ScriptedPipeline = ChainableCommander & {
  mskOnceCommit(key: string, owner: string, windowMs: number): ChainableCommander;
  mskOnceRelease(key: string, owner: string): ChainableCommander;
};

export interface RedisDedupStoreOptions {
  /** Connection options, or an ioredis client you made (made fail-fast by you, then). */
  redis: RedisConnectionOptions | Redis | Cluster;
  /** Longest one round trip may take. Default: redis.commandTimeoutMs or 250 ms. */
  commandTimeoutMs?: number;
  /** Longest a batch waits for a connection. Default: redis.connectTimeoutMs or 1000 ms. */
  connectTimeoutMs?: number;
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
  readonly client: ScriptedClient;
  readonly #ready: () => Promise<void>;
  readonly #commandTimeoutMs: number;

  constructor(options: RedisDedupStoreOptions) {
    if (isClient(options.redis)) {
      const client = options.redis;
      const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
      this.client = client as ScriptedClient;
      this.#ready = () => whenReady(client, connectTimeoutMs);
      this.#commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    } else {
      const connection = connectRedis({
        ...options.redis,
        ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
      });
      this.client = connection.client as ScriptedClient;
      this.#ready = connection.ready;
      this.#commandTimeoutMs =
        options.commandTimeoutMs ?? options.redis.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    }
    if (typeof this.client.mskOnceCommit !== 'function') {
      this.client.defineCommand('mskOnceCommit', { numberOfKeys: 1, lua: COMMIT_LUA });
      this.client.defineCommand('mskOnceRelease', { numberOfKeys: 1, lua: RELEASE_LUA });
    }
  }

  async claim(keys: readonly string[], owner: string, leaseMs: number): Promise<ClaimResult[]> {
    const value = IN_PROGRESS + owner;
    const lease = Math.max(1, Math.ceil(leaseMs));
    const results: ClaimResult[] = new Array(keys.length);
    await this.#eachNode(
      keys,
      (pipeline, key) => pipeline.set(key, value, 'PX', lease, 'NX', 'GET'),
      (index, error, reply) => {
        if (error) results[index] = error;
        else if (reply === null) results[index] = 'claimed';
        else results[index] = reply === DONE ? 'done' : 'held';
      },
      // A claim that answers after we gave up was never used: release it so a retry is not held off.
      (lateKeys, lateReplies) => {
        const mine = lateKeys.filter((_, i) => lateReplies[i]?.[0] === null && lateReplies[i]?.[1] === null);
        if (mine.length > 0) this.release(mine, owner).catch(() => {});
      },
    );
    return results;
  }

  async commit(keys: readonly string[], owner: string, windowMs: number): Promise<void> {
    const value = IN_PROGRESS + owner;
    const window = Math.ceil(windowMs);
    await this.#eachKeyOrThrow('commit', keys, (pipeline, key) =>
      (pipeline as ScriptedPipeline).mskOnceCommit(key, value, window),
    );
  }

  async release(keys: readonly string[], owner: string): Promise<void> {
    const value = IN_PROGRESS + owner;
    await this.#eachKeyOrThrow('release', keys, (pipeline, key) =>
      (pipeline as ScriptedPipeline).mskOnceRelease(key, value),
    );
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }

  /**
   * Send `keys` in one pipeline per node (cluster) or one pipeline (standalone), all at once, each
   * bounded by the command timeout. `onReply` gets each key's reply by its index in `keys`.
   */
  async #eachNode(
    keys: readonly string[],
    add: (pipeline: ChainableCommander, key: string) => unknown,
    onReply: (index: number, error: Error | null, reply: unknown) => void,
    onLate?: (keys: string[], replies: [Error | null, unknown][]) => void,
  ): Promise<void> {
    if (keys.length === 0) return;
    await this.#ready();
    const groups = this.#groupByNode(keys);
    const failures: unknown[] = [];
    await Promise.all(
      groups.map(async (indexes) => {
        const pipeline = this.client.pipeline();
        for (const i of indexes) add(pipeline, keys[i]!);
        try {
          const replies = await this.#bounded(pipeline.exec(), (late) =>
            onLate?.(
              indexes.map((i) => keys[i]!),
              late,
            ),
          );
          for (let j = 0; j < indexes.length; j++) {
            const [error, reply] = replies[j] ?? [new Error('no reply'), null];
            onReply(indexes[j]!, error, reply);
          }
        } catch (error) {
          const storeError = toStoreError(error);
          for (const i of indexes) onReply(i, storeError, null);
          failures.push(storeError);
        }
      }),
    );
    // When every node failed there is nothing partial to report: one error for the whole call.
    if (failures.length === groups.length) throw failures[0];
  }

  async #eachKeyOrThrow(
    what: string,
    keys: readonly string[],
    add: (pipeline: ChainableCommander, key: string) => unknown,
  ) {
    let failed: Error | null = null;
    await this.#eachNode(keys, add, (_index, error) => {
      failed ??= error;
    });
    if (failed) throw toStoreError(failed, what);
  }

  #groupByNode(keys: readonly string[]): number[][] {
    const all = keys.map((_, i) => i);
    if (!(this.client instanceof Cluster)) return [all];
    const slots = this.client.slots;
    const byNode = new Map<string, number[]>();
    for (let i = 0; i < keys.length; i++) {
      const node = slots[calculateSlot(keys[i]!)]?.[0] ?? '?';
      const group = byNode.get(node);
      if (group) group.push(i);
      else byNode.set(node, [i]);
    }
    return [...byNode.values()];
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

function toStoreError(error: unknown, what?: string): DedupStoreError {
  if (error instanceof DedupStoreError) return error;
  const message = (error as Error)?.message ?? String(error);
  return new DedupStoreError(errorReason(error), what ? `${what}: ${message}` : message, { cause: error });
}
