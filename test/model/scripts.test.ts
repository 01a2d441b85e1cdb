/**
 * The model of the claim protocol (model/claim.pml) stands for the store's Lua scripts as they are:
 * this test fails when a script of lib/dedup/redis-store.ts changes, or a new one is defined,
 * without its step in model/store.pml having been reviewed and its hash recorded in
 * model/scripts.sha256. It does not run spin (`npm run model` does).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Redis } from 'ioredis';
import { RedisDedupStore, STORE_SCRIPTS } from '../../lib/dedup/redis-store.ts';

const recordedPath = new URL('../../model/scripts.sha256', import.meta.url);
const modelPath = new URL('../../model/store.pml', import.meta.url);

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** name -> { hash, step } from model/scripts.sha256. */
function recorded(): Map<string, { hash: string; step: string }> {
  const map = new Map<string, { hash: string; step: string }>();
  for (const line of readFileSync(recordedPath, 'utf8').split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const [hash, name, step] = line.trim().split(/\s+/);
    assert.ok(hash && name && step, `model/scripts.sha256: a line needs hash, name and model step: ${line}`);
    map.set(name, { hash, step });
  }
  return map;
}

test('every store script has the hash recorded beside the model, and a step in model/store.pml', () => {
  const hashes = recorded();
  const model = readFileSync(modelPath, 'utf8');
  assert.deepEqual(
    [...hashes.keys()].sort(),
    Object.keys(STORE_SCRIPTS).sort(),
    'the scripts of redis-store.ts and those of model/scripts.sha256 differ: model the new one, or drop the old one',
  );
  for (const [name, lua] of Object.entries(STORE_SCRIPTS)) {
    const entry = hashes.get(name)!;
    assert.equal(
      sha256(lua),
      entry.hash,
      `${name} changed: review its step ${entry.step} in model/store.pml, run npm run model, then record ${sha256(lua)} in model/scripts.sha256`,
    );
    assert.match(model, new RegExp(`inline ${entry.step}\\(`), `model/store.pml has no step ${entry.step}`);
  }
});

test('the client runs no script that is not among those hashed', async () => {
  // A client that never connects: defining commands needs no server.
  const client = new Redis({ lazyConnect: true, enableOfflineQueue: false });
  const store = new RedisDedupStore({ redis: client });
  try {
    const defined = (client as unknown as { scriptsSet: Record<string, { lua: string }> }).scriptsSet;
    const known = new Set(Object.values(STORE_SCRIPTS));
    const names = Object.keys(defined);
    assert.ok(names.length > 0, 'the store defined no script on its client');
    for (const name of names) {
      assert.ok(
        known.has(defined[name]!.lua),
        `the client's script ${name} is not in STORE_SCRIPTS: model it`,
      );
    }
  } finally {
    await store.close();
    client.disconnect();
  }
});
