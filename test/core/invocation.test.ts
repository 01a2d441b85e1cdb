/**
 * The invocation (lib/consumer/invocation.ts): one function runs it top-down (decode, claim, run
 * the lanes, settle, flush, answer); its log lines carry the request id; hooks see each stage; a
 * middleware added with `.use()` runs around the whole invocation. Against a real Redis.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { ulid } from 'ulid';
import { dedupKey, dedupKeyPrefix } from '../../lib/contract.ts';
import type { InvocationStage } from '../../lib/middlewares.ts';
import { lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke, sleep, testConsumers } from '../support/consumer.ts';
import { keyState } from '../support/marks.ts';
import { adminClient, uniqueService } from '../support/redis.ts';

const consumer = testConsumers();
const admin = adminClient();
after(() => admin.quit());

describe('the invocation', () => {
  test('every JSON log line of an invocation carries its request id (function_request_id)', async () => {
    const service = uniqueService('request-id');
    const done = ulid();
    const handler = consumer({
      service,
      handle(m, { logger }) {
        logger.info('the business function’s own line');
        if (m.offset === 3) throw new Error('a failure, logged at ERROR');
      },
    });
    // A duplicate (the skipped-records line), an undecodable record, a failure, a success.
    await invoke(handler, mskEvent([mskRecord({ offset: 0, eventId: done })]));
    const { lines } = await invoke(
      handler,
      mskEvent([
        mskRecord({ offset: 1, eventId: done }),
        mskRecord({
          partition: 1,
          offset: 2,
          eventId: ulid(),
          rawValue: Buffer.from('{not json').toString('base64'),
        }),
        mskRecord({ partition: 2, offset: 3, eventId: ulid() }),
        mskRecord({ partition: 3, offset: 4, eventId: ulid() }),
      ]),
      lambdaContext({ requestId: 'req-7f3a' }),
    );
    const logLines = lines.filter((l) => typeof l.level === 'string');
    const messages = logLines.map((l) => String(l.message));
    for (const expected of ['duplicates skipped', 'invalid record', 'handler failed', 'own line'])
      assert.ok(
        messages.some((m) => m.includes(expected)),
        `a line "${expected}" among ${messages.join(' | ')}`,
      );
    for (const line of logLines) assert.equal(line.function_request_id, 'req-7f3a', String(line.message));
    // The next invocation's lines carry its own.
    const next = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 5, eventId: done })]),
      lambdaContext({ requestId: 'req-8b4c' }),
    );
    const nextLines = next.lines.filter((l) => typeof l.level === 'string');
    assert.ok(nextLines.length > 0);
    for (const line of nextLines) assert.equal(line.function_request_id, 'req-8b4c');
  });

  test('hooks see the stages in order, the claims made after claim and not settled after run', async () => {
    const service = uniqueService('stages');
    const id = ulid();
    const key = dedupKey(dedupKeyPrefix(service, 'h'), id);
    const handler = consumer({ service, commitEvery: { records: 1000, ms: 60_000 }, handle() {} });
    const seen: { stage: InvocationStage; stored: string | null; outcome: string | undefined }[] = [];
    handler.hook({
      async afterStage(stage, invocation) {
        seen.push({
          stage,
          stored: await keyState(admin, key),
          outcome: invocation.partitions[0]?.[0]?.outcome,
        });
      },
    });
    const { response } = await invoke(handler, mskEvent([mskRecord({ offset: 1, eventId: id })]));
    assert.deepEqual(response.batchItemFailures, []);
    assert.deepEqual(
      seen.map((s) => [s.stage, s.stored?.[0] ?? null, s.outcome]),
      [
        ['decode', null, undefined],
        ['claim', 'P', undefined],
        ['run', 'P', 'succeeded'],
        ['settle', 'D', 'succeeded'],
        ['flush', 'D', 'succeeded'],
      ],
    );
  });

  test('a middleware added with .use() runs around the invocation: before any claim, after the settle', async () => {
    const service = uniqueService('use');
    const id = ulid();
    const key = dedupKey(dedupKeyPrefix(service, 'h'), id);
    const handler = consumer({ service, commitEvery: { records: 1000, ms: 60_000 }, handle() {} });
    const stored: (string | null)[] = [];
    handler.use({
      before: async () => {
        stored.push(await keyState(admin, key));
      },
      after: async (request: { response: unknown }) => {
        stored.push(await keyState(admin, key));
        assert.deepEqual(request.response, { batchItemFailures: [] }, 'the answer is in request.response');
      },
    });
    await invoke(handler, mskEvent([mskRecord({ offset: 1, eventId: id })]));
    assert.deepEqual(stored, [null, 'D'], 'before: nothing claimed yet; after: committed');
  });

  test('out of time: the invocation fails, its records not started are released, the claim of the running one stays', async () => {
    const service = uniqueService('deadline');
    const [slow, later] = [ulid(), ulid()];
    const prefix = dedupKeyPrefix(service, 'h');
    let finish: () => void = () => {};
    const handler = consumer({
      service,
      // Partition order: the later record waits behind the slow one, unstarted at the deadline.
      ordering: 'partition',
      async handle(m) {
        if (m.eventId === slow) await new Promise<void>((r) => (finish = r));
      },
    });
    const answer = await invoke(
      handler,
      mskEvent([mskRecord({ offset: 1, eventId: slow }), mskRecord({ offset: 2, eventId: later })]),
      lambdaContext({ timeoutMs: 800 }),
    ).catch((e: Error) => e);
    assert.equal((answer as Error).name, 'TimeoutError');
    assert.match((answer as Error).message, /ran out of time/);
    assert.equal(await admin.exists(dedupKey(prefix, later)), 0, 'the record not started was released');
    assert.match(String(await admin.get(dedupKey(prefix, slow))), /^P/, 'the running record keeps its claim');
    finish();
    // Its claim is committed once its handler returns.
    for (let i = 0; i < 200 && (await keyState(admin, dedupKey(prefix, slow))) !== 'D'; i++) await sleep(50);
    assert.equal(await keyState(admin, dedupKey(prefix, slow)), 'D');
  });
});
