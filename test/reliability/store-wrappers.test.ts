/**
 * The soak and the fault schedules wrap the real store three times (TracingStore, then a fault
 * store, then storeOfEnvironment: test/reliability/schedule.ts and support.ts). What the consumer
 * reads off its store must come through all three, or the schedules test another consumer than the
 * one Lambda runs: the claim's window (marks are placed by it), `extend` (short leases renewed) and
 * `commitGroupsInFlight` (a cluster's group commits merge), `claimPartRecords` (a standalone
 * store's claim in parts). `connect` comes through the test kit's
 * two (the emulator's consumers time it apart), not TracingStore's: it traces a failed claim per
 * key, and a separate connect's failure would have none (support.ts says why).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ExecutionEnvironment } from '../../emulator/index.ts';
import type { ClaimResult, DedupStore } from '../../lib/index.ts';
import { CrashingStore, type CrashPlan, storeOfEnvironment } from '../../testkit/index.ts';
import { TracingStore } from './support.ts';

/** An inner store that records each call with its arguments (nothing real is wrapped here). */
function recordingStore(): DedupStore & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    commitGroupsInFlight: 1,
    commitGroupRecords: 1000,
    claimPartRecords: 500,
    async claim(keys, owner, leaseMs, windowMs) {
      calls.push(['claim', keys, owner, leaseMs, windowMs]);
      return keys.map((): ClaimResult => 'claimed');
    },
    async commit(keys, owner, windowMs) {
      calls.push(['commit', keys, owner, windowMs]);
    },
    async release(keys, owner) {
      calls.push(['release', keys, owner]);
    },
    async extend(keys, owner, leaseMs) {
      calls.push(['extend', keys, owner, leaseMs]);
      return keys.map(() => 'renewed' as const);
    },
    async connect() {
      calls.push(['connect']);
      return true;
    },
    async close() {},
  };
}

test("the soak's store wrappers pass the claim's window, extend, commitGroupsInFlight, commitGroupRecords and claimPartRecords through", async () => {
  const env = { id: 1, alive: true, signal: new AbortController().signal } as ExecutionEnvironment;
  const plan: CrashPlan = { remaining: 100, fired: false, kill: () => {} };
  const inner = recordingStore();
  const compositions: [string, DedupStore][] = [
    ['TracingStore', new TracingStore(inner)],
    ['a schedule without a crash', storeOfEnvironment(new TracingStore(inner), env)],
    [
      'a schedule with a commit crash',
      storeOfEnvironment(new CrashingStore(new TracingStore(inner), plan, env), env),
    ],
  ];
  for (const [name, store] of compositions) {
    inner.calls.length = 0;
    assert.equal(store.commitGroupsInFlight, 1, `${name}: commitGroupsInFlight`);
    assert.equal(store.commitGroupRecords, 1000, `${name}: commitGroupRecords`);
    assert.equal(store.claimPartRecords, 500, `${name}: claimPartRecords`);
    assert.deepEqual(await store.claim(['k'], 'o', 1_000, 600_000), ['claimed']);
    assert.deepEqual(await store.extend?.(['k'], 'o', 2_000), ['renewed'], `${name}: extend`);
    assert.equal(store.connect, undefined, `${name}: a connect apart, which TracingStore could not trace`);
    assert.deepEqual(
      inner.calls,
      [
        ['claim', ['k'], 'o', 1_000, 600_000],
        ['extend', ['k'], 'o', 2_000],
      ],
      name,
    );
  }
  // The test kit's two pass a store's connect on (the emulator's consumers time it apart).
  for (const store of [storeOfEnvironment(inner, env), new CrashingStore(inner, plan, env)]) {
    inner.calls.length = 0;
    assert.equal(await store.connect?.(), true);
    assert.deepEqual(inner.calls, [['connect']]);
  }
});
