import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { accountDlq } from '../../cli/local/dlq-account.ts';
import { type RunFacts, summarize } from '../../cli/local/summary.ts';
import { alarmKeysOf } from '../../lib/alarms.ts';
import { DEFAULT_NAMESPACE, Metric } from '../../lib/contract.ts';

const emf = (
  metrics: Record<string, number | number[]>,
  dims: Record<string, string> = {},
  namespace: string = DEFAULT_NAMESPACE,
) => ({
  _aws: {
    Timestamp: 0,
    CloudWatchMetrics: [
      {
        Namespace: namespace,
        Dimensions: [Object.keys(dims)],
        Metrics: Object.keys(metrics).map((Name) => ({ Name, Unit: 'Count' })),
      },
    ],
  },
  ...dims,
  ...metrics,
});

function facts(overrides: Partial<RunFacts> = {}): RunFacts {
  return {
    produced: 4,
    unique: 3,
    poison: new Set(['P']),
    effects: new Map([
      ['A', 1],
      ['B', 1],
    ]),
    eventIds: new Set(['A', 'B', 'P']),
    stats: {
      invocations: 3,
      functionErrors: 0,
      invalidResponses: 0,
      partialFailures: 1,
      recordsDelivered: 6,
      recordsRetried: 2,
      batchesSplit: 0,
      recordsExpired: 0,
      sentToDestination: [],
      discarded: [],
      undeliverable: [],
      destinationDeliveryFailures: 0,
    },
    dlq: [
      {
        topic: 't',
        partition: 0,
        offset: '3',
        eventId: 'P',
        condition: 'RetryAttemptsExhausted',
        approximateInvokeCount: 11,
        value: '{}',
        lastError: null,
        timestamp: null,
      },
    ],
    reasons: new Map([['t-0@3', 'record t-0@3: value rejected by parse: rating must be 1..5']]),
    lines: [
      emf({ [Metric.processed]: 5, [Metric.deduplicated]: 1, [Metric.succeeded]: 3 }, { Topic: 't' }),
      emf({ [Metric.dedupCheckDuration]: [1, 2, 80] }),
      // What the emulated mapping reports (emulator/esm-metrics.ts).
      emf(
        { InvokedEventCount: 6, OnFailureDestinationDeliveredEventCount: 1, MaxOffsetLag: 0 },
        { EventSourceMappingUUID: 'esm-1' },
        'AWS/Lambda',
      ),
    ],
    faults: ['one crash'],
    effectReplays: 2,
    ...overrides,
  };
}

describe('demo summary', () => {
  test('a clean run passes and names the DLQ reason and the alarms', () => {
    const verdict = summarize(facts());
    assert.equal(verdict.ok, true);
    assert.match(verdict.text, /events produced\s+4\s+= 3 unique \+ 1 published twice/);
    assert.match(verdict.text, /effects that happened\s+2/);
    assert.match(
      verdict.text,
      new RegExp(
        `duplicates suppressed\\s+1\\s+\\(${Metric.deduplicated}\\) = 0 already DONE in Redis \\+ 0 copies inside one batch \\+ 1 not itemised`,
      ),
    );
    assert.match(verdict.text, /\+ 2 more answered by the effect layer/);
    // Deliveries reconcile: first deliveries + retries.
    const s = facts().stats;
    assert.match(
      verdict.text,
      new RegExp(
        `deliveries to the function ${s.recordsDelivered}\\s+= ${s.recordsDelivered - s.recordsRetried} first deliveries \\+ ${s.recordsRetried} retried`,
      ),
    );
    // Each fired alarm has its line in the legend; the one no fault explains says so.
    assert.match(verdict.text, /why they fired/);
    assert.match(verdict.text, /dlq-records: records failed every retry/);
    assert.match(verdict.text, /1 x RetryAttemptsExhausted: value rejected by parse: rating must be 1..5/);
    // The deployed rules (lib/alarms.ts), judged as `npm run triage -- --from` judges them.
    assert.match(
      verdict.text,
      new RegExp(`FIRED\\s+dedup-ratio\\s+${Metric.deduplicated} / ${Metric.processed} > 0.1\\s+20.0%`),
    );
    assert.match(
      verdict.text,
      new RegExp(`FIRED\\s+dedup-check-latency\\s+p99 ${Metric.dedupCheckDuration} > 50 ms\\s+80.0 ms`),
    );
    assert.match(verdict.text, new RegExp(`ok\\s+dedup-errors\\s+${Metric.dedupErrors} > 0`));
    assert.match(verdict.text, /FIRED\s+dlq-records\s+OnFailureDestinationDeliveredEventCount > 0\s+1/);
    assert.match(verdict.text, /ok\s+mapping-stalled\s+.*consuming/);
    // Every alarm of a consumer without a poison queue (its three poison alarms are not deployed).
    assert.equal(
      (verdict.text.match(/^ {4}(FIRED|ok {3})/gm) ?? []).length,
      alarmKeysOf({ poisonQueue: false }).length,
      'every alarm of a consumer',
    );
    assert.doesNotMatch(verdict.text, /poison-queue-depth/);
  });

  test('an effect twice fails the run', () => {
    const verdict = summarize(
      facts({
        effects: new Map([
          ['A', 2],
          ['B', 1],
        ]),
      }),
    );
    assert.equal(verdict.ok, false);
    assert.deepEqual(verdict.twice, ['A']);
    assert.match(verdict.text, /FAILED: 1 effect\(s\) happened twice: A/);
  });

  test('an event with no effect that is not in the DLQ is lost and fails the run', () => {
    const verdict = summarize(facts({ effects: new Map([['A', 1]]) }));
    assert.equal(verdict.ok, false);
    assert.deepEqual(verdict.lost, ['B']);
  });

  test('a repeat an injected fault explains is listed by cause and does not fail the run', () => {
    const verdict = summarize(
      facts({
        effects: new Map([
          ['A', 2],
          ['B', 1],
        ]),
        expectedRepeats: new Map([['A', 'ran again after the injected crash (before its commit)']]),
        effectLabel: 'records your handle() completed',
      }),
    );
    assert.equal(verdict.ok, true);
    assert.match(verdict.text, /1 x repeat of handle\(\): ran again after the injected crash/);
    assert.match(verdict.text, /every repeat has an injected fault as its cause/);
  });

  test('held claims still held: explained by the injected crash (its claims stay held until their lease ends), not otherwise', () => {
    const held = emf({ [Metric.heldClaimWaits]: 50 }, { Reason: 'still-held', Service: 's' });
    const lines = [...facts().lines, held];
    const crashed = summarize(
      facts({
        lines,
        faults: [
          'consumer killed after 667 records, after its pushes were marked done, before the dedup commit',
        ],
      }),
    );
    assert.match(crashed.text, /FIRED\s+held-claims-still-held/);
    assert.match(
      crashed.text,
      /held-claims-still-held: the crashed invocation's claims stayed held until their lease ended/,
    );
    const unexplained = summarize(facts({ lines }));
    assert.match(unexplained.text, /FIRED\s+held-claims-still-held/);
    assert.match(unexplained.text, /held-claims-still-held: NOT explained by an injected fault/);
  });

  test('good events in the DLQ behind a poison record of their partition are told apart, and explained', () => {
    const clean = summarize(facts());
    assert.doesNotMatch(clean.text, /good event\(s\) stood behind/);
    assert.match(clean.text, /1 of them are the poison events, as meant/);
    const row = facts().dlq[0]!;
    const verdict = summarize(
      facts({ effects: new Map([['A', 1]]), dlq: [row, { ...row, offset: '4', eventId: 'B' }] }),
    );
    assert.equal(verdict.ok, true, 'B stood behind the poison P: an injected fault explains it');
    assert.match(verdict.text, /1 good event\(s\) stood behind a poison or held record of their partition/);
  });

  test('a good event the handler failed into the DLQ fails the run, with its reason', () => {
    const row = facts().dlq[0]!;
    // B is in the DLQ before the poison record of its partition: nothing injected explains it.
    const verdict = summarize(
      facts({
        effects: new Map([['A', 1]]),
        dlq: [row, { ...row, offset: '2', eventId: 'B' }],
        reasons: new Map([['t-0@2', 'record t-0@2: value rejected by parse: not JSON']]),
      }),
    );
    assert.equal(verdict.ok, false);
    assert.match(verdict.text, /FAILED: 1 good event\(s\) did not take effect: the handler failed them/);
    assert.match(verdict.text, /B at t-0@2: value rejected by parse: not JSON/);
    assert.doesNotMatch(verdict.text, /OK:/);
    assert.match(verdict.text, /dlq-records: NOT explained by an injected fault/);
  });

  test("a good event that ran and failed with its own error is the handler's failure even behind a poison record", () => {
    const row = facts().dlq[0]!;
    const verdict = summarize(
      facts({
        effects: new Map([['A', 1]]),
        dlq: [row, { ...row, offset: '4', eventId: 'B' }],
        reasons: new Map([
          ['t-0@3', 'record t-0@3: value rejected by parse: rating must be 1..5'],
          ['t-0@4', 'record t-0@4: payment service not configured'],
        ]),
      }),
    );
    assert.equal(verdict.ok, false);
    assert.match(verdict.text, /B at t-0@4: payment service not configured/);
  });

  test('with no poison marked, every event in the DLQ is a good one that failed', () => {
    const row = facts().dlq[0]!;
    const verdict = summarize(
      facts({ poison: new Set(), eventIds: new Set(['A', 'B', 'P']), dlq: [row], reasons: new Map() }),
    );
    assert.equal(verdict.ok, false);
    assert.doesNotMatch(verdict.text, /poison events, as meant/);
    assert.match(verdict.text, /P at t-0@3: RetryAttemptsExhausted, no reason logged/);
  });

  test('a poison event that took effect fails the run', () => {
    const verdict = summarize(
      facts({
        effects: new Map([
          ['A', 1],
          ['B', 1],
          ['P', 1],
        ]),
        dlq: [],
      }),
    );
    assert.equal(verdict.ok, false);
    assert.match(verdict.text, /FAILED: 1 poison event\(s\) took effect \(the handler accepted them\): P/);
  });

  test('the dedup-ratio legend names only the faults that happened (no crash: no redelivery by a crash)', () => {
    const lines = [
      emf({ [Metric.processed]: 5, [Metric.deduplicated]: 1, [Metric.succeeded]: 3 }, { Topic: 't' }),
    ];
    const noCrash = summarize(facts({ lines, faults: ['1 events published twice by the producer'] }));
    assert.match(noCrash.text, /dedup-ratio: the producer published 1 event\(s\) twice$/m);
    assert.doesNotMatch(noCrash.text, /the crash made the mapping redeliver/);
    const crash = summarize(facts({ lines, faults: ['consumer killed after 2 records, before the commit'] }));
    assert.match(crash.text, /the crash made the mapping redeliver a batch/);
  });
  test('good records in the DLQ are counted apart from poison ones, and why each good event is there is said', () => {
    const clean = summarize(facts());
    assert.match(clean.text, /good records in the DLQ 0 {2}\(not poison\)/);
    const row = facts().dlq[0]!;
    const verdict = summarize(
      facts({
        effects: new Map(),
        eventIds: new Set(['A', 'B', 'C', 'P']),
        dlq: [
          row,
          { ...row, offset: '4', eventId: 'B' },
          { ...row, partition: 1, offset: '7', eventId: 'A' },
          { ...row, partition: 2, offset: '9', eventId: 'C' },
        ],
        reasons: new Map([
          ['t-0@3', 'record t-0@3: value rejected by parse: rating must be 1..5'],
          ['t-2@9', 'record t-2@9: handler failed: push provider answered 503'],
        ]),
      }),
    );
    // A, B and C are in the DLQ: none is lost. B stood behind the poison P (a replay to do); A and
    // C failed with nothing injected to explain them: the handler's failures, and the run's.
    assert.deepEqual(verdict.lost, []);
    assert.match(verdict.text, /good records in the DLQ 3 {2}\(not poison\)/);
    assert.match(verdict.text, /1 of them are the poison events, as meant/);
    assert.match(verdict.text, /1 good event\(s\) stood behind a poison or held record of their partition/);
    assert.match(verdict.text, /2 good event\(s\) the handler failed: they did not take effect/);
    assert.equal(verdict.ok, false);
    assert.match(verdict.text, /A at t-1@7: RetryAttemptsExhausted, no reason logged/);
    assert.match(verdict.text, /C at t-2@9: handler failed: push provider answered 503/);
    assert.doesNotMatch(verdict.text, /B at t-0@4/);
  });

  test('events parked in the poison queue are handled: not lost, not a failure of the run', () => {
    // P (poison) and B (a good event its handler called permanent) were parked: neither is in the DLQ.
    const parked = summarize(facts({ effects: new Map([['A', 1]]), dlq: [], parked: ['P', 'B'] }));
    assert.equal(parked.ok, true);
    assert.deepEqual(parked.lost, []);
    assert.match(
      parked.text,
      /parked in the poison queue 2 {2}\(1 poison, 1 not poison; written by the function/,
    );
    assert.match(
      parked.text,
      /OK: every event had its effect exactly once, was parked in the poison queue or is in the DLQ/,
    );
    assert.doesNotMatch(parked.text, /poison events, as meant/);
    // Without the queue's word the same events are lost.
    const unparked = summarize(facts({ effects: new Map([['A', 1]]), dlq: [] }));
    assert.equal(unparked.ok, false);
    assert.deepEqual(unparked.lost, ['B', 'P']);
    assert.doesNotMatch(unparked.text, /parked in the poison queue/);
  });

  test('accountDlq: poison, and each good record once, by cause', () => {
    const row = facts().dlq[0]!;
    const account = accountDlq(
      [row, { ...row, offset: '5', eventId: 'B' }, { ...row, offset: '2', eventId: 'A' }],
      new Set(['P']),
      new Map(),
    );
    // A is the lowest of its partition (held or out of time); B is behind it and P.
    assert.deepEqual(account, {
      total: 3,
      poison: 1,
      good: 2,
      goodByCause: {
        'its own error': 0,
        'behind a failed record of its partition': 1,
        'held or out of time': 1,
      },
    });
  });
});
