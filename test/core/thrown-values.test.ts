/**
 * Whatever a business function throws, the catch path reads it safely: the record fails with a
 * readable error naming it, the invocation answers, and the other records' outcomes stand
 * (issue 12, defect 6).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { kafkaHandler, MemoryDedupStore } from '../../lib/index.ts';
import { failedOffsets, mskEvent, mskRecord, sumMetric } from '../../testkit/index.ts';
import { invoke } from '../support/consumer.ts';

const selfCaused = new Error('loops');
(selfCaused as Error & { cause: unknown }).cause = selfCaused;
const retryLaterThrows = new Error('retry getter');
Object.defineProperty(retryLaterThrows, 'retryLater', {
  get() {
    throw new Error('retryLater getter exploded');
  },
});

const oddValues: [string, () => unknown][] = [
  [
    'an object whose message getter throws',
    () => ({
      get message() {
        throw new Error('getter exploded');
      },
    }),
  ],
  ['Object.create(null)', () => Object.create(null)],
  [
    'a Proxy that throws on every read',
    () =>
      new Proxy(
        {},
        {
          get() {
            throw new Error('proxy trap');
          },
          has() {
            throw new Error('proxy trap');
          },
          ownKeys() {
            throw new Error('proxy trap');
          },
          getOwnPropertyDescriptor() {
            throw new Error('proxy trap');
          },
          getPrototypeOf() {
            throw new Error('proxy trap');
          },
        },
      ),
  ],
  ['an Error with a throwing retryLater getter', () => retryLaterThrows],
  ['an Error whose cause is itself', () => selfCaused],
  ['a symbol', () => Symbol('odd')],
  ['undefined', () => undefined],
];

describe('odd thrown values', () => {
  for (const [name, make] of oddValues) {
    test(`${name}: its record fails, readably; the others stand`, async () => {
      const handler = kafkaHandler({
        service: 'svc',
        handlerName: 'h',
        store: new MemoryDedupStore({ quiet: true }),
        reserveMs: 0,
        handle: (m) => {
          if (m.offset === 2) throw make();
        },
      });
      const { response, lines } = await invoke(
        handler,
        mskEvent([
          mskRecord({ offset: 1 }),
          mskRecord({ offset: 2 }),
          mskRecord({ offset: 3 }),
          mskRecord({ partition: 1, offset: 7 }),
        ]),
      );
      // The failed record and the one behind it that its partition did not run (both reported).
      assert.deepEqual(failedOffsets(response), ['orders-0@2', 'orders-0@3']);
      assert.equal(sumMetric(lines, 'MessagesSucceeded'), 2);
      assert.equal(sumMetric(lines, 'MessagesFailed'), 2);
      const logged = lines.map((l) => JSON.stringify(l)).join('\n');
      const failure = (lines as Record<string, unknown>[]).find((l) =>
        /handler failed/.test(String(l.message)),
      );
      assert.ok(failure, 'the failure is logged');
      assert.equal(failure.offset, 2);
      const error = failure.error as { message?: unknown } | undefined;
      assert.equal(typeof error?.message, 'string', `a readable error: ${logged}`);
    });
  }
});
