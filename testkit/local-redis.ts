/**
 * The Redis a local run uses: REDIS_URL, else 127.0.0.1:6379 when it answers, else a redis-server
 * started for the run, else none (the caller falls back to the in-memory store and says so).
 * The contract's `EnvVar.store` set to `memory` asks for no Redis at all.
 */
import * as contract from '../lib/contract.ts';
import { hasRedisServer, type LocalRedis, pingRedis, startRedisServer } from './redis-server.ts';

export interface FoundRedis {
  /** `redis://...`, or undefined when there is no Redis at all. */
  url: string | undefined;
  /** Where it came from, for the banner. */
  source: 'REDIS_URL' | 'localhost:6379' | 'started redis-server' | 'none';
  /** Set when this run started the server; stop it at the end. */
  started?: LocalRedis;
}

export interface FindRedisOptions {
  /**
   * Start a redis-server of the run's own before trying 127.0.0.1:6379, so that a run does not
   * write to a Redis others share (`msk-once local` with REDIS_URL unset). @default false
   */
  preferOwn?: boolean;
}

/**
 * @example
 * const redis = await findRedis(process.env);
 * if (!redis.url) console.warn('no Redis: using the in-memory store (not for production)');
 */
export async function findRedis(env: NodeJS.ProcessEnv, options: FindRedisOptions = {}): Promise<FoundRedis> {
  if (env[contract.EnvVar.store] === 'memory') return { url: undefined, source: 'none' };
  if (env.REDIS_URL) {
    const url = new URL(env.REDIS_URL);
    if (url.protocol === 'redis:' && !(await pingRedis(url.hostname, Number(url.port || 6379), 1000))) {
      throw new Error(
        `REDIS_URL (${url.host}) does not answer PING: start it, unset REDIS_URL, or set ${contract.EnvVar.store}=memory`,
      );
    }
    return { url: env.REDIS_URL, source: 'REDIS_URL' };
  }
  if (options.preferOwn && hasRedisServer()) {
    const started = await startRedisServer();
    return { url: started.url, source: 'started redis-server', started };
  }
  if (await pingRedis('127.0.0.1', 6379)) return { url: 'redis://127.0.0.1:6379', source: 'localhost:6379' };
  if (hasRedisServer()) {
    const started = await startRedisServer();
    return { url: started.url, source: 'started redis-server', started };
  }
  return { url: undefined, source: 'none' };
}
