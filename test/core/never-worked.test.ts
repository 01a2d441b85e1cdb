/**
 * A store that never worked since the cold start, under a real consumer and real servers: its
 * own metric reason (`misconfigured`), one ERROR line per cold start saying what the policy does
 * with it and naming the cause, the policy kept (fail-open runs the records, fail-closed fails
 * them); once Redis answers, a line saying so; after that, a lost Redis is an outage again.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import {
  emfDocuments,
  failedOffsets,
  type LocalRedis,
  mskEvent,
  mskRecord,
  startRedisServer,
} from '../../testkit/index.ts';
import { freePort } from '../../testkit/internal/index.ts';
import { invoke, PARTITION_ORDER, testConsumers } from '../support/consumer.ts';
import { uniqueService } from '../support/redis.ts';

const build = testConsumers(PARTITION_ORDER);
const servers: LocalRedis[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

function consumer(url: string, policy: 'open' | 'closed', onRun: () => void) {
  const handler = build({
    service: uniqueService(`never-${policy}`),
    redis: { url, commandTimeoutMs: 150, connectTimeoutMs: 300 },
    onStoreError: policy,
    handle: onRun,
  });
  return handler;
}

let offset = 0;
const batch = () => mskEvent([mskRecord({ offset: offset++ }), mskRecord({ offset: offset++ })]);

type Line = Record<string, unknown>;
const reasons = (lines: Line[]) =>
  emfDocuments(lines)
    .filter((d) => 'DedupErrors' in d)
    .map((d) => d.Reason);
const at = (level: string, lines: Line[]) => lines.filter((l) => l.level === level);
const errorText = (line: Line | undefined) => JSON.stringify(line?.error ?? {});

describe('a store that never worked since the cold start', () => {
  test('fail-open: runs the records, shouts once with the cause, says when Redis answers; a later loss is an outage', async () => {
    const port = await freePort();
    let runs = 0;
    const handler = consumer(`redis://127.0.0.1:${port}`, 'open', () => {
      runs++;
    });

    const first = await invoke(handler, batch());
    assert.deepEqual(first.response.batchItemFailures, []);
    assert.equal(runs, 2, 'fail-open kept: the records ran without dedup');
    assert.deepEqual(reasons(first.lines), ['misconfigured']);
    const [shout, ...more] = at('ERROR', first.lines);
    assert.equal(more.length, 0, 'one ERROR line');
    assert.match(String(shout?.message), /has not worked since this cold start.*WITHOUT dedup \(fail-open\)/);
    assert.equal(shout?.problem, 'refused');
    assert.equal(shout?.address, `127.0.0.1:${port}`);
    assert.match(
      errorText(shout),
      new RegExp(`127\\.0\\.0\\.1:${port} refused the connection \\(ECONNREFUSED\\)`),
    );

    // Still down: counted the same, but said at WARN (once per cold start is enough at ERROR).
    const second = await invoke(handler, batch());
    assert.deepEqual(reasons(second.lines), ['misconfigured']);
    assert.equal(at('ERROR', second.lines).length, 0);
    assert.equal(at('WARN', second.lines).length, 1);

    // Redis comes up on that port: the next batches claim, and the first that does says so.
    const redis = await startRedisServer({ port });
    servers.push(redis);
    let back: Awaited<ReturnType<typeof invoke>> | undefined;
    for (let i = 0; i < 40; i++) {
      back = await invoke(handler, batch());
      if (reasons(back.lines).length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(reasons(back!.lines), []);
    assert.ok(
      at('INFO', back!.lines).some((l) =>
        /answered for the first time since this cold start/.test(String(l.message)),
      ),
      JSON.stringify(back!.lines),
    );
    // Said once: the next batch that claims says nothing of it.
    const next = await invoke(handler, batch());
    assert.deepEqual(reasons(next.lines), []);
    assert.equal(
      next.lines.filter((l) => /answered for the first time/.test(String(l.message))).length,
      0,
      'the recovery is told once',
    );

    // It worked: losing Redis now is an outage, not a misconfiguration, and no ERROR line.
    await redis.crash();
    const lost = await invoke(handler, batch());
    assert.deepEqual(reasons(lost.lines), ['connection']);
    assert.equal(at('ERROR', lost.lines).length, 0);
    assert.doesNotMatch(errorText(at('WARN', lost.lines)[0]), /cold start/);
  });

  test('fail-closed: every record fails for a retry, and the ERROR line says so, naming the host', async () => {
    let runs = 0;
    const handler = consumer('redis://no-such-cache.invalid:6379', 'closed', () => {
      runs++;
    });
    // Each record's own failure (what the DLQ and its log line carry) names the store's cause too.
    const failures: (Error | undefined)[] = [];
    handler.hook({
      afterStage: (stage, invocation) => {
        if (stage !== 'run') return;
        for (const partition of invocation.partitions)
          for (const record of partition) if (record.outcome === 'failed') failures.push(record.error);
      },
    });
    const { response, lines } = await invoke(handler, batch());
    assert.equal(runs, 0);
    assert.equal(failedOffsets(response).length, 2, 'fail-closed kept: the records fail, to be retried');
    assert.deepEqual(reasons(lines), ['misconfigured']);
    const [shout] = at('ERROR', lines);
    assert.match(String(shout?.message), /every record fails \(fail-closed\)/);
    assert.equal(shout?.problem, 'dns');
    assert.match(errorText(shout), /no-such-cache\.invalid:6379: the host name does not resolve/);
    // The first fails on its own claim, the second behind it (partition order).
    assert.deepEqual(
      failures.map((f) => f?.name),
      ['StoreUnavailableError', 'PartitionStoppedError'],
    );
    for (const failure of failures.slice(0, 1)) {
      assert.match(
        String(failure?.message),
        /onStoreError is closed: .*no-such-cache\.invalid:6379: the host name does not resolve/,
      );
      assert.equal((failure?.cause as Error | undefined)?.name, 'RedisConnectionError');
    }
  });
});
