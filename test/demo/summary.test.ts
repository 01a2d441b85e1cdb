import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { accountDlq } from '../../cli/local/dlq-account.ts';
import { type RunFacts, summarize } from '../../cli/local/summary.ts';
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
    assert.equal((verdict.text.match(/^ {4}(FIRED|ok {3})/gm) ?? []).length, 11, 'every alarm of a consumer');
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

  test('good events in the DLQ are counted apart from poison ones, with why; they do not fail the run', () => {
    const clean = summarize(facts());
    assert.match(clean.text, /good records in the DLQ 0 {2}\(not poison; 1 poison\)/);
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
    assert.equal(verdict.ok, true, 'A, B and C are in the DLQ: not lost, and not a failure of the run');
    assert.match(verdict.text, /good records in the DLQ 3 {2}\(not poison; 1 poison\)/);
    assert.match(verdict.text, / 1 x behind a failed record of its partition/);
    assert.match(verdict.text, / 1 x held or out of time/);
    assert.match(verdict.text, / 1 x its own error/);
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
