/** The README's business handler runs as written. */
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ulid } from 'ulid';
import { mskEvent, mskRecord } from '../../testkit/index.ts';
import { invoke } from '../support/consumer.ts';
import { redisUrl } from '../support/redis.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const example = readme.match(/## A business handler\n\n```ts\n([\s\S]*?)```/)?.[1];
// Next to the tests so that `import ... from 'msk-once'` resolves through the package's own exports.
const file = fileURLToPath(new URL(`./.readme-example-${process.pid}.ts`, import.meta.url));
after(() => rmSync(file, { force: true }));

test('the README example handles a delivery and its duplicate once', async () => {
  assert.ok(example, 'README has a ts block under "A business handler"');
  writeFileSync(file, example);
  process.env.DEDUP_REDIS_URL = redisUrl();
  const { handler, thanks } = await import(file);
  const eventId = ulid();
  const record = (offset: number) =>
    mskRecord({
      topic: 'review-created',
      offset,
      eventId,
      value: { reviewId: 'r1', userId: 'u1', rating: 5 },
    });
  const { response } = await invoke(handler, mskEvent([record(1), record(2)]));
  const again = await invoke(handler, mskEvent([record(3)]));
  assert.deepEqual(response.batchItemFailures, []);
  assert.deepEqual(again.response.batchItemFailures, []);
  assert.deepEqual(thanks, [`u1:${eventId}`]);
  await handler.close();
});
