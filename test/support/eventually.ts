import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Wait until `check` holds, polling, bounded generously; false if it never did. Tests wait for a
 * state instead of sleeping a guessed time, so a loaded machine makes them slower, not red.
 *
 * @example
 * assert.ok(await eventually(async () => (await admin.exists(key)) === 0), 'released');
 */
export async function eventually(check: () => boolean | Promise<boolean>, maxMs = 60_000): Promise<boolean> {
  const end = Date.now() + maxMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(25);
  }
  return check();
}
