/**
 * The bench's latency case runs in a Node process of its own (bench/latency.ts,
 * latencyModeInChild): every contender straight to Redis, then through the delay proxy at each
 * setting, in a process that ran nothing else, its runs handed back whole; a child that fails
 * fails the bench.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { latencyModeInChild } from '../../bench/latency.ts';
import { type LocalRedis, startRedisServer } from '../../testkit/redis-server.ts';

const runId = `latency-child-${process.pid}`;
// A Redis of its own: the loopback calls count every command the server processed, and the test
// files running beside this one would add theirs on a shared one.
let redis: LocalRedis;
before(async () => {
  redis = await startRedisServer();
});
after(async () => {
  await redis.stop();
});

test('every contender runs at every setting, in the child, not in the calling process', async () => {
  let progress = '';
  const runs = await latencyModeInChild(
    {
      target: { mode: 'standalone', url: redis.url },
      records: 20,
      runId,
      windowSeconds: 600,
      quick: true,
    },
    (text) => {
      progress += text;
    },
  );
  assert.deepEqual(
    runs.map((r) => r.delayMsEachWay),
    [0.25, 1],
  );
  for (const run of runs) {
    assert.equal(typeof run.pid, 'number');
    assert.notEqual(run.pid, process.pid, 'the contenders ran in the calling process');
    assert.deepEqual(
      run.cases.map((c) => [c.contender, c.records, c.samplesMs.length]),
      [
        ['kafkaHandler', 20, 1],
        ['naive', 20, 1],
        ['powertools', 20, 1],
      ],
    );
    assert.ok(run.rtt.addedMs > 0, 'the delay went through the proxy');
    // Straight to Redis first, once a mode, kept in each run: the servers' commands a record say
    // a baseline's round trips (naive one SET, Powertools two).
    assert.deepEqual(
      run.loopback?.map((c) => [c.contender, c.records, c.calls]),
      [
        ['kafkaHandler', 20, 1],
        ['naive', 20, 1],
        ['powertools', 20, 1],
      ],
    );
    const commands = Object.fromEntries(run.loopback!.map((c) => [c.contender, c.commandsPerRecord]));
    assert.deepEqual([commands.naive, commands.powertools], [1, 2]);
    assert.ok(commands.kafkaHandler! > 0);
  }
  assert.deepEqual(runs[0]!.loopback, runs[1]!.loopback, 'measured once, not per setting');
  assert.match(
    progress,
    /latency 1 ms standalone 20 0% powertools/,
    "the child's progress lines reach the caller",
  );
});

test('a child that fails fails the caller, saying why', async () => {
  await assert.rejects(
    latencyModeInChild(
      {
        // Nothing listens on port 1.
        target: { mode: 'standalone', url: 'redis://127.0.0.1:1' },
        records: 20,
        runId,
        windowSeconds: 600,
        quick: true,
      },
      () => {},
    ),
    (error: Error) => {
      // The child's own last words, not a stack frame and not nothing.
      assert.match(error.message, /^latency child failed \(exit 1\): Error: \S/);
      assert.doesNotMatch(error.message, /: at |no output$/);
      return true;
    },
  );
});
