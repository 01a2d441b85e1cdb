/**
 * The claim session (lib/consumer/claim-session.ts): the only code that talks to the store, every
 * call through one path that times it, counts its failure and logs it the same way. Against a real
 * Redis, with a TCP fault proxy in front of it where the network must fail.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Logger } from '@aws-lambda-powertools/logger';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix, MAX_LISTED_SKIPPED, Metric } from '../../lib/contract.ts';
import { RedisDedupStore } from '../../lib/index.ts';
import {
  emfDocuments,
  failedOffsets,
  lambdaContext,
  mskEvent,
  mskRecord,
  startTcpFaultProxy,
  sumMetric,
  type TcpFaultProxy,
} from '../../testkit/index.ts';
import { invoke, testConsumers } from '../support/consumer.ts';
import { eventually } from '../support/eventually.ts';
import { redisUrl, uniqueService } from '../support/redis.ts';

const consumer = testConsumers();
const proxies: TcpFaultProxy[] = [];
const stores: RedisDedupStore[] = [];
after(async () => {
  await Promise.all(proxies.map((p) => p.stop()));
  await Promise.all(stores.map((s) => s.close()));
});

async function proxy(): Promise<TcpFaultProxy> {
  const p = await startTcpFaultProxy(redisUrl());
  proxies.push(p);
  return p;
}

/** The log lines of failed store calls (the one path names the call). */
const failedCalls = (lines: Record<string, unknown>[]) =>
  lines.filter((l) => typeof l.storeCall === 'string');

describe('the claim session', () => {
  test('a failed renewal is counted in DedupErrors like any other failed store call, and logged naming the call', async () => {
    const redis = await proxy();
    // Resolved when the session logs a failed renewal: the handler waits for it, not for a time.
    let renewalFailed: () => void = () => {};
    const failedOnce = new Promise<void>((resolve) => (renewalFailed = resolve));
    const logger = new Logger({ serviceName: 'renewals' });
    const warn = logger.warn.bind(logger);
    logger.warn = ((message: string, ...rest: unknown[]) => {
      if ((rest[0] as { storeCall?: string } | undefined)?.storeCall === 'extend') renewalFailed();
      return (warn as (m: string, ...r: unknown[]) => void)(message, ...rest);
    }) as typeof logger.warn;
    const handler = consumer({
      service: uniqueService('renewal-fails'),
      redis: { url: redis.url, connectTimeoutMs: 500, commandTimeoutMs: 500 },
      leaseMs: 3000,
      logger,
      async handle() {
        // The claims are held: cut the network until a renewal has failed, then restore it.
        redis.set('down');
        await failedOnce;
        redis.set('up');
      },
    });
    const { response, lines } = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1, eventId: ulid() })]),
      lambdaContext({ timeoutMs: 60_000 }),
    );
    assert.deepEqual(response.batchItemFailures, [], 'the record stands: a renewal failure fails nothing');
    const failed = failedCalls(lines);
    const renewals = failed.filter((l) => l.storeCall === 'extend');
    assert.ok(renewals.length >= 1, 'the failed renewal is logged, naming the call');
    assert.match(String(renewals[0]!.message), /could not renew claims/);
    assert.equal(typeof renewals[0]!.reason, 'string', 'with its reason');
    // Every failed call (the renewals, and a commit that may fail while the network comes back)
    // is counted once: DedupErrors equals the lines, whatever the reason (a claim found lost or
    // overrun on a loaded machine is counted too, but is not a failed call).
    const notCalls =
      sumMetric(lines, Metric.dedupErrors, { Reason: 'claim-lost' }) +
      sumMetric(lines, Metric.dedupErrors, { Reason: 'lease-overrun' });
    assert.equal(
      sumMetric(lines, Metric.dedupErrors) - notCalls,
      failed.length,
      'each failed store call counted once',
    );
  });

  test('fail-open: the WARN line lists the records run unguarded (count, positions, event ids)', async () => {
    const redis = await proxy();
    const ran: string[] = [];
    const handler = consumer({
      service: uniqueService('fail-open-list'),
      redis: { url: redis.url, connectTimeoutMs: 300, commandTimeoutMs: 300 },
      onStoreError: 'open',
      handle(m) {
        ran.push(m.eventId);
      },
    });
    // It worked once: a later failure is an outage (WARN), not a misconfiguration.
    await invoke(handler, mskEvent([mskRecord({ offset: 0, eventId: ulid() })]));
    redis.set('down');
    const ids = [ulid(), ulid(), ulid()];
    const { response, lines } = await invoke(
      handler,
      mskEvent([
        mskRecord({ partition: 0, offset: 5, eventId: ids[0] }),
        mskRecord({ partition: 0, offset: 6, eventId: ids[1] }),
        mskRecord({ partition: 2, offset: 9, eventId: ids[2] }),
      ]),
    );
    redis.set('up');
    assert.deepEqual(response.batchItemFailures, []);
    assert.equal(ran.length, 4);
    const line = lines.find((l) => String(l.message).includes('fail-open'));
    assert.ok(line, 'the fail-open line');
    assert.equal(line.level, 'WARN');
    assert.equal(line.storeCall, 'claim');
    assert.equal(line.unguarded, 3);
    assert.equal(line.unguardedOmitted, 0);
    assert.deepEqual(line.unguardedRecords, [
      { eventId: ids[0], position: 'orders-0@5' },
      { eventId: ids[1], position: 'orders-0@6' },
      { eventId: ids[2], position: 'orders-2@9' },
    ]);
  });

  test(`a refused claim of more records than MAX_LISTED_SKIPPED lists the first ${MAX_LISTED_SKIPPED} and counts the rest`, async () => {
    const redis = await proxy();
    const handler = consumer({
      service: uniqueService('fail-closed-list'),
      redis: { url: redis.url, connectTimeoutMs: 300, commandTimeoutMs: 300 },
      onStoreError: 'closed',
      handle() {},
    });
    await invoke(handler, mskEvent([mskRecord({ offset: 0, eventId: ulid() })]));
    redis.set('down');
    const count = MAX_LISTED_SKIPPED + 5;
    const { response, lines } = await invoke(
      handler,
      mskEvent(Array.from({ length: count }, (_, i) => mskRecord({ offset: 10 + i, eventId: ulid() }))),
    );
    redis.set('up');
    assert.equal(response.batchItemFailures.length, count, 'fail-closed: every record is retried');
    const line = lines.find((l) => String(l.message).includes('fail-closed'));
    assert.ok(line, 'the fail-closed line');
    assert.equal(line.refused, count);
    assert.equal(line.refusedOmitted, 5);
    const listed = line.refusedRecords as { position: string }[];
    assert.deepEqual(
      listed.map((r) => r.position),
      Array.from({ length: MAX_LISTED_SKIPPED }, (_, i) => `orders-0@${10 + i}`),
    );
  });

  test('the first connect is timed apart (DedupConnectDuration); DedupCheckDuration is one value per store call', async () => {
    const handler = consumer({ service: uniqueService('connect-apart'), handle() {} });
    const first = await invoke(handler, mskEvent([mskRecord({ offset: 1, eventId: ulid() })]));
    const second = await invoke(handler, mskEvent([mskRecord({ offset: 2, eventId: ulid() })]));
    const values = (lines: Record<string, unknown>[], metric: string) =>
      emfDocuments(lines).flatMap((d) => (metric in d ? [d[metric]].flat() : []));
    assert.equal(values(first.lines, Metric.dedupConnectDuration).length, 1, 'the cold start connects once');
    assert.equal(
      values(second.lines, Metric.dedupConnectDuration).length,
      0,
      'a warm invocation connects not',
    );
    for (const { lines } of [first, second])
      assert.equal(
        values(lines, Metric.dedupCheckDuration).length,
        2,
        'the claim and the commit, nothing else',
      );
  });

  test('a record that outlived its invocation and then fails to commit: the warning names the commit', async () => {
    const redis = await proxy();
    // Resolved with the fields of the warning logged once the late commit has failed.
    let lateFailure: (fields: Record<string, unknown>) => void = () => {};
    const logged = new Promise<Record<string, unknown>>((resolve) => (lateFailure = resolve));
    const logger = new Logger({ serviceName: 'late-commit' });
    const warn = logger.warn.bind(logger);
    logger.warn = ((message: string, ...rest: unknown[]) => {
      if (/outlived its invocation/.test(message)) lateFailure(rest[0] as Record<string, unknown>);
      return (warn as (m: string, ...r: unknown[]) => void)(message, ...rest);
    }) as typeof logger.warn;
    let finish: (() => void) | undefined;
    const handler = consumer({
      service: uniqueService('late-commit'),
      redis: { url: redis.url, connectTimeoutMs: 300, commandTimeoutMs: 300 },
      logger,
      handle: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    const answer = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 7, eventId: ulid() })]),
      lambdaContext({ timeoutMs: 2000 }),
    ).catch((e: Error) => e);
    assert.equal(
      (answer as Error).name,
      'TimeoutError',
      'the invocation ended with the handler still running',
    );
    assert.ok(finish, 'the handler started');
    // The handler succeeds after its invocation, with the network gone: its commit fails.
    redis.set('down');
    finish();
    const fields = await logged;
    redis.set('up');
    assert.equal(fields.storeCall, 'commit');
    assert.equal(fields.keys, 1);
    assert.equal(fields.offset, 7, 'naming the record by its position');
    assert.equal(typeof fields.reason, 'string');
  });

  test('a claim won after waiting for another invocation to free it is renewed while its record runs', async () => {
    /** The store, counting the claims it is asked for and the renewals it answers. */
    class Counting extends RedisDedupStore {
      claims = 0;
      renewals = 0;
      override async claim(...args: Parameters<RedisDedupStore['claim']>) {
        this.claims++;
        return super.claim(...args);
      }
      override async extend(...args: Parameters<RedisDedupStore['extend']>) {
        const answer = await super.extend(...args);
        this.renewals++;
        return answer;
      }
    }
    const store = new Counting({ redis: { url: redisUrl() } });
    const other = new RedisDedupStore({ redis: { url: redisUrl() } });
    stores.push(store, other);
    const service = uniqueService('held-renewed');
    const id = ulid();
    const key = dedupKey(dedupKeyPrefix(service, 'h'), id);
    let renewed: boolean | undefined;
    const handler = consumer({
      service,
      store,
      leaseMs: 1000,
      heldClaimWaitMs: 30_000,
      async handle() {
        // Its claim is renewed every third of the lease while it runs: wait for one renewal.
        renewed = await eventually(() => store.renewals > 0, 10_000);
      },
    });
    assert.deepEqual(await other.claim([key], 'other-invocation', 60_000), ['claimed']);
    const answer = invoke(
      handler,
      mskEvent([mskRecord({ offset: 3, eventId: id })]),
      lambdaContext({ timeoutMs: 60_000 }),
    );
    // The claim and seven asks again (backoff 25, 50, then 100 ms: over 475 ms of waits) are past
    // the renewal timer's first tick (a third of the lease), when no claim was yet held.
    assert.ok(await eventually(() => store.claims >= 8), 'the record waited for the held claim');
    await other.release([key], 'other-invocation');
    const { response, lines } = await answer;
    assert.deepEqual(response.batchItemFailures, []);
    assert.equal(sumMetric(lines, 'HeldClaimWaits', { Reason: 'claimed' }), 1, 'won after waiting');
    assert.equal(renewed, true, 'its claim was renewed while it ran');
  });

  test('a failed commit and a failed release are counted and logged the same way as a failed claim', async () => {
    const redis = await proxy();
    const handler = consumer({
      service: uniqueService('settle-fails'),
      redis: { url: redis.url, connectTimeoutMs: 300, commandTimeoutMs: 300 },
      commitEvery: { records: 1000, ms: 60_000 },
      handle(m) {
        // The claims are made; the network goes before the answer settles them.
        redis.set('down');
        if (m.offset === 2) throw new Error('fails: its claim is to be released');
      },
    });
    const { response, lines } = await invoke(
      handler,
      mskEvent([
        mskRecord({ offset: 1, eventId: ulid() }),
        mskRecord({ partition: 1, offset: 2, eventId: ulid() }),
      ]),
    );
    redis.set('up');
    assert.deepEqual(failedOffsets(response), ['orders-1@2']);
    const failed = failedCalls(lines);
    assert.deepEqual(failed.map((l) => l.storeCall).sort(), ['commit', 'release']);
    for (const line of failed) {
      assert.equal(typeof line.reason, 'string');
      assert.equal(line.keys, 1);
    }
    assert.equal(sumMetric(lines, Metric.dedupErrors), 2);
  });
});
