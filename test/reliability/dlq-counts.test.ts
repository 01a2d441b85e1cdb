/**
 * What reaches the DLQ, pinned (docs/consumer.md, "What reaches the DLQ"): for each scenario of
 * dlq-scenarios.ts and each reading of a partial batch response, how many good records end in the
 * DLQ, how many of them for another key's failure, and why; never a lost event, and no event run
 * twice except where a crash came between effects and their commit (crash-mid-batch re-runs them,
 * as docs/background.md says; the effect layer answers them from its marks).
 *
 * Three sets of rows, the harness passing `consumer` through to kafkaHandler: partition order
 * failing held claims at once (`ordering: 'partition'`, `heldClaimWaitMs: 0`, releases before
 * 0.3.0), partition order waiting for held claims, and key order (the defaults: 16 in flight)
 * waiting.
 */
// First: it sets Powertools' dev mode, so that what the consumer prints goes through the console.
import '../support/consumer.ts';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PartialResponseReading } from '../../emulator/index.ts';
import { captureConsoleOutput } from '../../testkit/index.ts';
import { runScenario, type Scenario, type ScenarioOptions } from './dlq-scenarios.ts';

interface Expected {
  goodInDlq: number;
  ofOtherKeys: number;
  why: Record<string, number>;
  parked?: number;
  /** Events run to their effect twice (a crash between the effect and the commit). */
  rerun?: number[];
}

type Row = [Scenario, PartialResponseReading, Omit<ScenarioOptions, 'scenario' | 'reading'>, Expected];

const RRO = 'retry-reported-only';
const RFL = 'resume-from-lowest';

const PARTITION_ORDER_NO_WAIT: Row[] = [
  // The 5 records behind the poison one are reported with it and share its retries.
  ['poison', RRO, {}, { goodInDlq: 5, ofOtherKeys: 5, why: { PartitionStoppedError: 5 } }],
  // The partition resumes at the poison record: it alone reaches the DLQ.
  ['poison', RFL, {}, { goodInDlq: 0, ofOtherKeys: 0, why: {} }],
  // Parked: handled at once, nothing retried, nothing in the DLQ.
  ['poison', RRO, { poisonSink: true }, { goodInDlq: 0, ofOtherKeys: 0, why: {}, parked: 1 }],
  ['poison', RFL, { poisonSink: true }, { goodInDlq: 0, ofOtherKeys: 0, why: {}, parked: 1 }],
  // The retry comes after the crashed claims' lease: nothing in the DLQ; events 0-2 had their
  // effect and were not committed yet, so they run again.
  ['crash-mid-batch', RRO, {}, { goodInDlq: 0, ofOtherKeys: 0, why: {}, rerun: [0, 1, 2] }],
  ['crash-mid-batch', RFL, {}, { goodInDlq: 0, ofOtherKeys: 0, why: {}, rerun: [0, 1, 2] }],
  // Events 0-1 were committed by their group before the timeout; event 2's claim is held by the
  // timed-out invocation while the retries (at once) run out; bisect split off events 4-7.
  [
    'function-timeout',
    RRO,
    {},
    { goodInDlq: 2, ofOtherKeys: 1, why: { ClaimHeldError: 1, PartitionStoppedError: 1 } },
  ],
  ['function-timeout', RFL, {}, { goodInDlq: 1, ofOtherKeys: 0, why: { ClaimHeldError: 1 } }],
  // 'closed': every claim of the first attempt and the 3 retries times out.
  [
    'store-stall',
    RRO,
    {},
    { goodInDlq: 8, ofOtherKeys: 7, why: { StoreUnavailableError: 1, PartitionStoppedError: 7 } },
  ],
  ['store-stall', RFL, {}, { goodInDlq: 1, ofOtherKeys: 0, why: { StoreUnavailableError: 1 } }],
  // The retries come at once, while the crashed invocation's claims are held (lease 1.5 s): every
  // record fails held or behind a held one; 3 of them had had their effect.
  [
    'held-after-crash',
    RRO,
    {},
    { goodInDlq: 8, ofOtherKeys: 6, why: { ClaimHeldError: 2, PartitionStoppedError: 6 } },
  ],
  ['held-after-crash', RFL, {}, { goodInDlq: 8, ofOtherKeys: 0, why: { ClaimHeldError: 8 } }],
];

const none = { goodInDlq: 0, ofOtherKeys: 0, why: {} };
const parkedOne = { ...none, parked: 1 };
const rerunCrashed = { ...none, rerun: [0, 1, 2] };

// Waiting for held claims (the default wait): the timed-out or crashed invocation's claims end within
// the wait, so the retry claims and runs them; the crashed invocation's uncommitted effects run
// again, as after any crash before the commit.
const PARTITION_ORDER: Row[] = [
  ['poison', RRO, {}, { goodInDlq: 5, ofOtherKeys: 5, why: { PartitionStoppedError: 5 } }],
  ['poison', RFL, {}, none],
  ['poison', RRO, { poisonSink: true }, parkedOne],
  ['poison', RFL, { poisonSink: true }, parkedOne],
  ['crash-mid-batch', RRO, {}, rerunCrashed],
  ['crash-mid-batch', RFL, {}, rerunCrashed],
  ['function-timeout', RRO, {}, none],
  ['function-timeout', RFL, {}, none],
  [
    'store-stall',
    RRO,
    {},
    { goodInDlq: 8, ofOtherKeys: 7, why: { StoreUnavailableError: 1, PartitionStoppedError: 7 } },
  ],
  ['store-stall', RFL, {}, { goodInDlq: 1, ofOtherKeys: 0, why: { StoreUnavailableError: 1 } }],
  ['held-after-crash', RRO, {}, rerunCrashed],
  ['held-after-crash', RFL, {}, rerunCrashed],
];

// Key order, distinct keys: a failure holds back only its own key, so no good record of another key
// reaches the DLQ under either reading; under the stall each record fails on its own claim.
const KEY_ORDER: Row[] = [
  ['poison', RRO, {}, none],
  ['poison', RFL, {}, none],
  ['poison', RRO, { poisonSink: true }, parkedOne],
  ['poison', RFL, { poisonSink: true }, parkedOne],
  ['crash-mid-batch', RRO, {}, rerunCrashed],
  ['crash-mid-batch', RFL, {}, rerunCrashed],
  ['function-timeout', RRO, {}, none],
  ['function-timeout', RFL, {}, none],
  ['store-stall', RRO, {}, { goodInDlq: 8, ofOtherKeys: 0, why: { StoreUnavailableError: 8 } }],
  ['store-stall', RFL, {}, { goodInDlq: 1, ofOtherKeys: 0, why: { StoreUnavailableError: 1 } }],
  ['held-after-crash', RRO, {}, rerunCrashed],
  ['held-after-crash', RFL, {}, rerunCrashed],
];

// Another ordering's rows: [label, consumer options passed through to kafkaHandler, rows].
const ORDERINGS: [string, ScenarioOptions['consumer'], Row[]][] = [
  [
    'partition order, held claims failed at once',
    { ordering: 'partition', heldClaimWaitMs: 0 },
    PARTITION_ORDER_NO_WAIT,
  ],
  ['partition order', { ordering: 'partition' }, PARTITION_ORDER],
  ['key order (the defaults)', undefined, KEY_ORDER],
];

for (const [label, consumer, rows] of ORDERINGS) {
  describe(`what reaches the DLQ, ${label}`, () => {
    for (const [scenario, reading, extra, expected] of rows) {
      const name = `${scenario}${extra.poisonSink ? ' (poison sink)' : ''} under ${reading}: ${expected.goodInDlq} good in the DLQ, ${expected.ofOtherKeys} for another key`;
      test(name, async () => {
        // What the consumer prints (EMF, logs) stays out of the test's output.
        const { result: r } = await captureConsoleOutput(() =>
          runScenario({ scenario, reading, ...extra, consumer }),
        );
        assert.deepEqual(r.lost, [], 'no event lost');
        assert.deepEqual(
          r.doubled,
          expected.rerun ?? [],
          'no event run twice but the crashed, uncommitted ones',
        );
        assert.deepEqual(
          { goodInDlq: r.goodInDlq, ofOtherKeys: r.goodOfOtherKeysInDlq, why: r.why, parked: r.parked },
          {
            goodInDlq: expected.goodInDlq,
            ofOtherKeys: expected.ofOtherKeys,
            why: expected.why,
            parked: expected.parked ?? 0,
          },
          r.reasons.join('; '),
        );
      });
    }
  });
}
