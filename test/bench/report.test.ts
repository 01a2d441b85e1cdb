/**
 * The benchmark's verdicts (bench/report.ts) on fixed figures: each new target names what it
 * judges, its goal and the measured figure, and is met or missed on the right side of its goal.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FloorResult } from '../../bench/floor.ts';
import type { CaseResult } from '../../bench/harness.ts';
import type { LatencyRun } from '../../bench/latency.ts';
import type { MemoryResult } from '../../bench/memory.ts';
import {
  ceilingOf,
  type Figures,
  formatLatency,
  latencyRowsOf,
  type ModeReport,
  oneConnectionFloorMs,
  recorded,
  rowsOf,
  type Verdict,
  verdicts,
} from '../../bench/report.ts';
import { STAGES, type StagesResult } from '../../bench/stages.ts';

const aCase = (contender: string, records: number, duplicates: number, medianMs: number): CaseResult => ({
  contender,
  records,
  duplicates,
  warmups: 1,
  repetitions: 3,
  samplesMs: [medianMs],
  medianMs,
  recordsPerSecond: (records / medianMs) * 1000,
  eventBytes: records * 1700,
});

const floor = (setsPerSecond: number, clients: number): FloorResult => ({
  command: 'redis-benchmark',
  clients,
  pipeline: clients === 1 ? 1000 : 100,
  samples: [setsPerSecond],
  setsPerSecond,
  recordsPerSecond: setsPerSecond / 2,
});

/** kafkaHandler at 10,000 records: `ms` per batch at 0% and 30% duplicates, baselines 10x slower. */
function mode(name: string, ms0: number, ms30: number): ModeReport {
  const cases = [
    aCase('kafkaHandler', 10_000, 0, ms0),
    aCase('naive', 10_000, 0, ms0 * 10),
    aCase('powertools', 10_000, 0, ms0 * 30),
    aCase('kafkaHandler', 10_000, 0.3, ms30),
    aCase('naive', 10_000, 0.3, ms30 * 10),
    aCase('powertools', 10_000, 0.3, ms30 * 30),
  ];
  const server = floor(1_600_000, 50);
  const one = floor(800_000, 1);
  return {
    mode: name,
    target: name,
    floor: server,
    oneConnectionFloor: one,
    cases,
    rows: rowsOf(name, cases, server, one),
  };
}

function latencyRun(mode: 'standalone' | 'cluster', delayMs: number, kafkaMs: number): LatencyRun {
  return {
    mode,
    delayMsEachWay: delayMs,
    rtt: { directMs: 0.05, proxiedMs: 0.05 + 2 * delayMs, addedMs: 2 * delayMs, samples: 50 },
    checks: [],
    traffic: [],
    cases: [
      aCase('kafkaHandler', 3000, 0, kafkaMs),
      // 0.6 ms a record, and 2.4 ms a record.
      aCase('naive', 3000, 0, 1800 * delayMs * 4),
      aCase('powertools', 3000, 0, 7200 * delayMs * 4),
    ],
  };
}

function stages(usPerRecord: readonly number[], records = 10_000): StagesResult {
  const list = STAGES.map((s, i) => ({
    ...s,
    medianMs: (usPerRecord[i]! * records) / 1000,
    usPerRecord: usPerRecord[i]!,
    samplesMs: [],
  }));
  const ms = (name: string) => list.find((s) => s.stage === name)!.medianMs;
  return {
    records,
    duplicates: 0.3,
    warmups: 0,
    repetitions: 1,
    stages: list,
    sumUsPerRecord: usPerRecord.reduce((a, b) => a + b, 0),
    claimPlusCommitMs: ms('claim') + ms('commit'),
    totalMs: 0,
  };
}

const figures: Figures = {
  // Standalone 100,000 records/s at both shares; cluster 85,000 at 0%, 70,000 at 30%.
  modes: [mode('standalone', 100, 100), mode('cluster', 10_000 / 85, 10_000 / 70)],
  latency: [
    // 0.25 ms: kafkaHandler 60 ms → 30x naive (1,800 ms), 120x Powertools (7,200 ms).
    latencyRun('standalone', 0.25, 60),
    // 1 ms: recorded only.
    latencyRun('standalone', 1, 60),
    // Cluster at 0.25 ms: 30 ms → 60x naive, 240x Powertools.
    latencyRun('cluster', 0.25, 30),
  ],
  // 2 + 2 + 1 + 2.5 + 0.5 = 8 µs a record; claim 20 ms + commit 25 ms = 45 ms.
  stages: stages([2, 2, 1, 2.5, 0.5]),
};

const find = (all: readonly Verdict[], target: string) => {
  const v = all.find((x) => x.target === target);
  assert.ok(v, `no verdict "${target}" in:\n${all.map((x) => x.target).join('\n')}`);
  return v;
};

describe('the verdicts', () => {
  const all = verdicts(figures);

  test('cluster vs standalone throughput at 10,000 records, per duplicate share, >= 0.8', () => {
    const at0 = find(all, 'cluster vs standalone throughput (10,000 records, 0% duplicates)');
    assert.deepEqual([at0.goal, at0.met], ['>= 0.8', true]);
    assert.match(at0.measured, /^0\.85 \(85,000 vs 100,000 records\/s\)$/);
    const at30 = find(all, 'cluster vs standalone throughput (10,000 records, 30% duplicates)');
    assert.equal(at30.met, false);
    assert.match(at30.measured, /^0\.7 /);
  });

  test("cluster vs standalone is judged on the two taking turns when the run has them, the modes' own ratio beside it", () => {
    // The modes' own runs: 0.85 at 0% and 0.7 at 30% (above); taking turns: 0.75 and 0.9.
    const turns = [
      {
        duplicates: 0,
        standalone: aCase('standalone', 10_000, 0, 100),
        cluster: aCase('cluster', 10_000, 0, 100 / 0.75),
      },
      {
        duplicates: 0.3,
        standalone: aCase('standalone', 10_000, 0.3, 90),
        cluster: aCase('cluster', 10_000, 0.3, 100),
      },
    ];
    const judged = verdicts({ ...figures, clusterTurns: turns });
    const at0 = find(judged, 'cluster vs standalone throughput (10,000 records, 0% duplicates)');
    assert.deepEqual([at0.goal, at0.met], ['>= 0.8', false]);
    assert.equal(
      at0.measured,
      "0.75 taking turns (75,000 vs 100,000 records/s, medians of 3); the modes' own runs 0.85",
    );
    const at30 = find(judged, 'cluster vs standalone throughput (10,000 records, 30% duplicates)');
    assert.equal(at30.met, true);
    assert.match(at30.measured, /^0\.9 taking turns .*; the modes' own runs 0\.7$/);
  });

  test('x naive >= 50 and x Powertools >= 100 through the proxy at 0.25 ms each way, per mode', () => {
    const naive = find(all, 'x naive (latency 0.25 ms each way, 3,000 records, standalone)');
    assert.deepEqual([naive.goal, naive.measured, naive.met], ['>= 50', '30x', false]);
    const pt = find(all, 'x Powertools (latency 0.25 ms each way, 3,000 records, standalone)');
    assert.deepEqual([pt.goal, pt.measured, pt.met], ['>= 100', '120x', true]);
    assert.equal(find(all, 'x naive (latency 0.25 ms each way, 3,000 records, cluster)').met, true);
    assert.equal(find(all, 'x Powertools (latency 0.25 ms each way, 3,000 records, cluster)').met, true);
  });

  test('the 1 ms figures are recorded, not judged', () => {
    assert.ok(!all.some((v) => v.target.includes('latency 1 ms')));
    const noted = recorded(figures.latency);
    assert.deepEqual(
      noted.map((r) => [r.target, r.measured]),
      [
        ['x naive (latency 1 ms each way, 3,000 records, 0% duplicates, standalone)', '120x'],
        ['x Powertools (latency 1 ms each way, 3,000 records, 0% duplicates, standalone)', '480x'],
      ],
    );
  });

  test('the sum of the stages per record, <= 8 µs', () => {
    const v = find(all, 'stages per record (10,000 records, standalone, loopback)');
    assert.equal(v.met, true);
    assert.match(v.measured, /^8 µs \(decode 2, claim 2, run of a no-op 1, commit 2\.5, metrics 0\.5\)$/);
    const over = verdicts({ ...figures, stages: stages([2, 2, 1, 2.5, 0.6]) });
    assert.equal(find(over, 'stages per record (10,000 records, standalone, loopback)').met, false);
  });

  test('claim + commit within 2x the one-connection floor for 2 commands a record', () => {
    // 20,000 SETs at 800,000 SET/s: 25 ms; the goal is 50 ms.
    assert.equal(oneConnectionFloorMs(10_000, floor(800_000, 1)), 25);
    const target = 'claim + commit vs single-connection floor (10,000 records, standalone, loopback)';
    const v = find(all, target);
    assert.deepEqual([v.measured, v.met], ['45 ms vs 25 ms (1.8x; 800,000 SET/s)', true]);
    const slow = verdicts({ ...figures, stages: stages([2, 3, 1, 2.5, 0.5]) });
    assert.equal(find(slow, target).met, false);
  });

  test("the handler's own memory: judged on kafkaHandler's median at <= 3x the event, beside the naive baseline's", () => {
    const memory = (handlerRatioToEvent: number, contender: 'kafkaHandler' | 'naive') =>
      ({
        contender,
        eventBytes: 18 * 2 ** 20,
        ratioToEvent: 6,
        handlerRatioToEvent,
        runs: 3,
      }) as MemoryResult;
    const judged = (ratio: number) =>
      find(
        verdicts({
          ...figures,
          modes: [
            {
              ...mode('cluster', 100, 100),
              memory: memory(ratio, 'kafkaHandler'),
              memoryNaive: memory(2.5, 'naive'),
            },
          ],
        }),
        'peak memory the handler adds to the delivered (parsed) event (cluster, 10,000 x 1 KB)',
      );
    assert.equal(judged(3).met, true);
    assert.equal(judged(3.01).met, false);
    assert.match(
      judged(3.01).measured,
      /^3\.01x of 18 MB event JSON; the naive baseline 2\.5x \(medians of 3 runs\)$/,
    );
  });

  test('the existing targets stay', () => {
    for (const target of [
      'x naive (standalone, 10,000 records, 0% duplicates)',
      'x Powertools (cluster, 10,000 records, 30% duplicates)',
      'of floor (standalone, 10,000 records, 0% duplicates)',
    ])
      find(all, target);
  });
});

describe('the rows', () => {
  test('each loopback row is compared with both floors', () => {
    const row = mode('standalone', 100, 100).rows[0]!;
    // 100,000 records/s over 800,000 and over 400,000 records/s.
    assert.deepEqual([row.ofFloor, row.ofOneConnectionFloor], [0.125, 0.25]);
  });

  test('latency rows compare contenders of the same mode and setting only', () => {
    const rows = latencyRowsOf(figures.latency!);
    assert.equal(rows.length, 9);
    const cluster = rows.find((r) => r.mode === 'cluster' && r.contender === 'kafkaHandler')!;
    assert.deepEqual([cluster.xNaive, cluster.xPowertools, cluster.pingMs], [60, 240, 0.55]);
  });

  test('the ceiling: baselines plus their round trips over a network that costs no CPU, over our loopback call', () => {
    const loopback = [
      { contender: 'kafkaHandler', records: 3000, calls: 7, medianMs: 45, commandsPerRecord: 6.03 },
      { contender: 'naive', records: 3000, calls: 3, medianMs: 300, commandsPerRecord: 1 },
      { contender: 'powertools', records: 3000, calls: 3, medianMs: 900, commandsPerRecord: 2 },
    ];
    // (300 + 3,000 x 1 x 0.5) / 45 = 40; (900 + 3,000 x 2 x 0.5) / 45 = 86.7.
    assert.deepEqual(ceilingOf(loopback, 0.25), { xNaive: 40, xPowertools: 86.7 });
    // At 1 ms each way: (300 + 6,000) / 45 = 140; (900 + 12,000) / 45 = 286.7.
    assert.deepEqual(ceilingOf(loopback, 1), { xNaive: 140, xPowertools: 286.7 });
    assert.ok(Number.isNaN(ceilingOf(loopback.slice(1), 0.25).xNaive), 'no kafkaHandler call, no ceiling');

    // Recorded per mode and setting where a run has its loopback calls; never judged.
    const runs = [
      latencyRun('standalone', 0.25, 60),
      latencyRun('standalone', 1, 60),
      latencyRun('cluster', 0.25, 30),
    ];
    runs[0]!.loopback = loopback;
    runs[1]!.loopback = loopback;
    const noted = recorded(runs).filter((r) => r.target.startsWith('ceiling'));
    assert.deepEqual(
      noted.map((r) => [r.target, r.measured]),
      [
        [
          'ceiling x naive (latency 0.25 ms each way, 3,000 records, standalone, over a network that costs no CPU: the most this machine allows)',
          '40x',
        ],
        [
          'ceiling x Powertools (latency 0.25 ms each way, 3,000 records, standalone, over a network that costs no CPU: the most this machine allows)',
          '86.7x',
        ],
        [
          'ceiling x naive (latency 1 ms each way, 3,000 records, standalone, over a network that costs no CPU: the most this machine allows)',
          '140x',
        ],
        [
          'ceiling x Powertools (latency 1 ms each way, 3,000 records, standalone, over a network that costs no CPU: the most this machine allows)',
          '286.7x',
        ],
      ],
    );
    assert.ok(!verdicts({ ...figures, latency: runs }).some((v) => v.target.startsWith('ceiling')));
    // The calls straight to Redis are printed once a mode.
    const table = formatLatency(runs).split('\n');
    const rows = table.filter((l) => l.includes('| loopback |'));
    assert.deepEqual(rows.length, 3, table.join('\n'));
    assert.ok(
      rows.some((l) => /\| standalone \| loopback \| naive +\| +300\.0 \| +1\.00 \| +3 \|/.test(l)),
      rows.join('\n'),
    );
  });

  test("the latency tables show the proxy's share of each contender's calls where the run has it", () => {
    const run = latencyRun('standalone', 0.25, 30);
    assert.doesNotMatch(formatLatency([run]), /mean late/);
    run.proxy = [
      {
        contender: 'kafkaHandler',
        duplicates: 0,
        calls: 11,
        chunksPerCall: 46.5,
        meanLateUs: 158.6,
        cpuMsPerCall: 13.7,
      },
      {
        contender: 'naive',
        duplicates: 0,
        calls: 3,
        chunksPerCall: 6000,
        meanLateUs: 5.2,
        cpuMsPerCall: 1793.6,
      },
    ];
    const lines = formatLatency([run]).split('\n');
    assert.ok(
      lines.some((l) => /\| kafkaHandler +\| +47 \| +159 µs \| +13\.7 ms \|/.test(l)),
      lines.join('\n'),
    );
    assert.ok(
      lines.some((l) => /\| naive +\| +6000 \| +5 µs \| +1793\.6 ms \|/.test(l)),
      lines.join('\n'),
    );
  });
});
