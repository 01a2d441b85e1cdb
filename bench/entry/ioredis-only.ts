/** Bundle-size and load-time reference: a function that only imports ioredis and makes a lazy client. */
import { Redis } from 'ioredis';

// Lazy: it never connects, so the URL only has to parse (and nothing else is bundled to read it).
const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true });

/** Touches the client so that the bundler keeps it. */
export async function handler(): Promise<string> {
  return redis.status;
}
