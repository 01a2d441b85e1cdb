/**
 * Whatever a business function throws, the catch path reads it safely: the record fails with a
 * readable error naming it, the invocation answers, and the other records' outcomes stand
 * (issue 12, defect 6).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MemoryDedupStore } from '../../lib/index.ts';
import { readThrown } from '../../lib/observability/thrown.ts';
import { failedOffsets, mskEvent, mskRecord, sumMetric } from '../../testkit/index.ts';
import { invoke, PARTITION_ORDER, testConsumers } from '../support/consumer.ts';

const build = testConsumers(PARTITION_ORDER);

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
  [
    'an Error with an Error property that points back at it',
    () => {
      const outer = new Error('outer') as Error & { inner?: unknown };
      const inner = new Error('inner') as Error & { outer?: unknown };
      inner.outer = outer;
      outer.inner = inner;
      return outer;
    },
  ],
  [
    'an Error that is its own property',
    () => {
      const error = new Error('self') as Error & { self?: unknown };
      error.self = error;
      return error;
    },
  ],
  [
    'an Error whose getter makes a new object pointing back at it each read',
    () => {
      const error = new Error('getter');
      Object.defineProperty(error, 'context', { enumerable: true, get: () => ({ error }) });
      return error;
    },
  ],
  [
    'an Error whose toJSON throws',
    () =>
      Object.assign(new Error('to json'), {
        toJSON() {
          throw new Error('toJSON exploded');
        },
      }),
  ],
  [
    'an Error with a property whose toJSON throws',
    () =>
      Object.assign(new Error('nested to json'), {
        details: {
          toJSON() {
            throw new Error('toJSON exploded');
          },
        },
      }),
  ],
  ['a symbol', () => Symbol('odd')],
  ['undefined', () => undefined],
];

describe('odd thrown values', () => {
  for (const [name, make] of oddValues) {
    test(`${name}: its record fails, readably; the others stand`, async () => {
      let runs = 0;
      const handler = build({
        service: 'svc',
        store: new MemoryDedupStore({ quiet: true }),
        handle: (m) => {
          if (m.offset !== 2) return;
          runs += 1;
          throw make();
        },
      });
      const event = mskEvent([
        mskRecord({ offset: 1 }),
        mskRecord({ offset: 2 }),
        mskRecord({ offset: 3 }),
        mskRecord({ partition: 1, offset: 7 }),
      ]);
      const { response, lines } = await invoke(handler, event);
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
      // Its claim was released: the retry runs it again (it is not held by a claim still renewed).
      const retry = await invoke(handler, event);
      assert.deepEqual(failedOffsets(retry.response), ['orders-0@2', 'orders-0@3']);
      assert.equal(runs, 2, 'the retry ran the record again');
    });
  }
});

describe('readThrown keeps what logs as is', () => {
  test('an ordinary Error (an assigned cause, an SDK-like $metadata, a Date) is logged itself, not a copy', () => {
    const cause = new Error('socket hang up');
    const error = Object.assign(new Error('service unavailable'), {
      $metadata: { httpStatusCode: 503, attempts: 3 },
      at: new Date(0),
    });
    error.cause = cause;
    assert.equal(readThrown(error).error, error);
  });

  test('a copy keeps the plain fields (code, statusCode)', () => {
    const odd = Object.assign(new Error('odd'), { code: 'E_ODD', statusCode: 418, toJSON: () => ({}) });
    const { error } = readThrown(odd);
    assert.notEqual(error, odd);
    assert.equal((error as Error & { code?: string }).code, 'E_ODD');
    assert.equal((error as Error & { statusCode?: number }).statusCode, 418);
    assert.equal(typeof (error as Error & { toJSON?: unknown }).toJSON, 'undefined');
  });
});
