/**
 * The Lambda runtime, the same rules in both environment modes: warm reuse, the timeout, kills,
 * handler errors, init errors and the Kafka limit on the timeout; then what differs (a worker thread
 * is terminated, an in-process environment is only marked dead).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  CrashError,
  type EnvironmentMode,
  type ExecutionEnvironment,
  FunctionConfigurationError,
  type InvocationResult,
  inProcess,
  LambdaFunction,
  MAX_KAFKA_FUNCTION_TIMEOUT_MS,
  workerThread,
} from '../../emulator/index.ts';
import { MemoryDedupStore } from '../../lib/index.ts';
import { collectOutputLines, storeOfEnvironment } from '../../testkit/index.ts';
import type { FixtureEvent } from './fixtures/worker-handler.ts';

const dir = mkdtempSync(join(tmpdir(), 'lambda-runtime-'));
// Generous: a worker's cold start (a thread importing TypeScript) counts against it, on a busy machine too.
const TIMEOUT_MS = 1_500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  greeting: string;
  remaining: number;
}
const answerOf = (result: InvocationResult) => {
  assert.ok(result.ok, JSON.stringify(result));
  return result.response as Answer;
};
const failureOf = (result: InvocationResult) => {
  assert.equal(result.ok, false, JSON.stringify(result));
  return result as Extract<InvocationResult, { ok: false }>;
};

/** The fixture's behaviour, built in this process per environment. */
const environments: ExecutionEnvironment[] = [];
const inProcessMode = inProcess<FixtureEvent>((env) => {
  environments.push(env);
  return async (event, context) => {
    if (event.sleepMs) await sleep(event.sleepMs);
    if (event.marker) writeFileSync(event.marker, 'still ran');
    if (event.fail) throw new TypeError(event.fail);
    if (event.linger) {
      const { marker, ms } = event.linger;
      setTimeout(() => writeFileSync(marker, 'ran after the answer'), ms);
    }
    return { greeting: `hello from environment ${env.id}`, remaining: context.getRemainingTimeInMillis() };
  };
});

const workerOutput = collectOutputLines();
const workerMode = workerThread<FixtureEvent>({
  module: new URL('./fixtures/worker-handler.ts', import.meta.url),
  env: (environment) => ({ GREETING: `hello from environment ${environment.id}` }),
  onOutput: workerOutput.line,
});

const modes: [string, EnvironmentMode<FixtureEvent>][] = [
  ['in-process', inProcessMode],
  ['worker-thread', workerMode],
];

for (const [name, mode] of modes) {
  describe(`LambdaFunction, ${name}`, () => {
    const fn = new LambdaFunction(mode, { functionName: `runtime-${name}`, timeoutMs: TIMEOUT_MS });
    after(() => fn.close());

    test('one cold start, then the warm environment; the context counts down from the timeout', async () => {
      const first = answerOf(await fn.invoke({}));
      assert.equal(first.greeting, 'hello from environment 1');
      assert.ok(first.remaining > 0 && first.remaining <= TIMEOUT_MS, String(first.remaining));
      assert.equal(answerOf(await fn.invoke({})).greeting, 'hello from environment 1');
      assert.equal(fn.coldStarts, 1);
    });

    test('concurrent invocations get different environments', async () => {
      const [a, b] = await Promise.all([fn.invoke({ sleepMs: 50 }), fn.invoke({ sleepMs: 50 })]);
      assert.notEqual(answerOf(a).greeting, answerOf(b).greeting);
    });

    test('a thrown error is a function error; the environment stays warm', async () => {
      const before = fn.coldStarts;
      const failure = failureOf(await fn.invoke({ fail: 'bad record' }));
      assert.equal(failure.errorType, 'TypeError');
      assert.equal(failure.errorMessage, 'bad record');
      assert.equal(failure.environmentDied, false);
      await fn.invoke({});
      assert.equal(fn.coldStarts, before, 'no cold start after a thrown error');
    });

    test('the timeout fails the invocation and ends the environment: the next one starts cold', async () => {
      const single = new LambdaFunction(mode, { timeoutMs: TIMEOUT_MS });
      try {
        answerOf(await single.invoke({}));
        const failure = failureOf(await single.invoke({ sleepMs: TIMEOUT_MS * 2 }));
        assert.equal(failure.errorType, 'Sandbox.Timedout');
        assert.match(failure.errorMessage, /Task timed out after 1.50 seconds/);
        assert.equal(failure.environmentDied, true);
        assert.equal(answerOf(await single.invoke({})).greeting, 'hello from environment 2');
        assert.equal(single.coldStarts, 2, 'a cold start after the timeout');
      } finally {
        await single.close();
      }
    });

    test('kill() fails the in-flight invocation at once with the crash', async () => {
      const started = Date.now();
      const pending = fn.invoke({ sleepMs: TIMEOUT_MS - 100 });
      await sleep(50);
      fn.kill(new CrashError('killed by the test'));
      const failure = failureOf(await pending);
      assert.equal(failure.errorType, 'CrashError');
      assert.equal(failure.errorMessage, 'killed by the test');
      assert.equal(failure.environmentDied, true);
      assert.ok(Date.now() - started < TIMEOUT_MS - 100, 'before the handler would have answered');
    });

    test('a timeout over the Kafka limit of 14 minutes is refused', () => {
      assert.throws(
        () => new LambdaFunction(mode, { timeoutMs: MAX_KAFKA_FUNCTION_TIMEOUT_MS + 1 }),
        (error: Error) =>
          error instanceof FunctionConfigurationError && /up to 14 minutes/.test(error.message),
      );
      assert.doesNotThrow(() => new LambdaFunction(mode, { timeoutMs: MAX_KAFKA_FUNCTION_TIMEOUT_MS }));
    });
  });
}

describe('LambdaFunction: init errors end the environment, in both modes', () => {
  let attempts = 0;
  const broken: [string, EnvironmentMode<unknown>, RegExp][] = [
    [
      'in-process',
      inProcess(() => {
        attempts++;
        throw new RangeError('DEDUP_REDIS_URL is not set');
      }),
      /DEDUP_REDIS_URL is not set/,
    ],
    ['worker-thread', workerThread({ module: join(dir, 'missing.ts') }), /missing\.ts/],
  ];
  for (const [name, mode, message] of broken) {
    test(name, async () => {
      const fn = new LambdaFunction(mode, { timeoutMs: 5_000 });
      try {
        const failure = failureOf(await fn.invoke({}));
        assert.match(failure.errorMessage, message);
        assert.equal(failure.environmentDied, true);
        failureOf(await fn.invoke({}));
        assert.equal(fn.coldStarts, 2, 'the next invocation runs the init again');
        if (name === 'worker-thread') assert.equal(failure.errorType, 'Runtime.ImportModuleError');
        else assert.equal(attempts, 2);
      } finally {
        await fn.close();
      }
    });
  }
});

describe('LambdaFunction: what the modes do with a dead invocation', () => {
  test('worker thread: the thread is terminated, the handler does not run on', async () => {
    const fn = new LambdaFunction(workerMode, { timeoutMs: TIMEOUT_MS });
    try {
      const timedOut = join(dir, 'worker-timeout');
      failureOf(await fn.invoke({ sleepMs: TIMEOUT_MS + 300, marker: timedOut }));
      const killed = join(dir, 'worker-kill');
      const pending = fn.invoke({ sleepMs: 300, marker: killed });
      await sleep(100);
      fn.kill();
      failureOf(await pending);
      await sleep(TIMEOUT_MS + 300);
      assert.equal(existsSync(timedOut), false, 'the timed-out handler was stopped with its thread');
      assert.equal(existsSync(killed), false, 'the killed handler was stopped with its thread');
    } finally {
      await fn.close();
    }
  });

  test('worker thread: its environment variables and its output lines (a stream of their own)', async () => {
    await workerOutput.settled();
    const lines = workerOutput.lines().filter((l) => l.line === 'from the worker');
    assert.ok(lines.length > 0, 'its stdout comes back line by line');
    assert.ok(lines.every((l) => typeof l.greeting === 'string' && l.greeting.startsWith('hello from')));
  });

  test('in process: the promise runs on (documented difference), the environment is marked dead', async () => {
    const fn = new LambdaFunction(inProcessMode, { timeoutMs: TIMEOUT_MS });
    const marker = join(dir, 'in-process-timeout');
    failureOf(await fn.invoke({ sleepMs: TIMEOUT_MS + 100, marker }));
    const env = environments.at(-1)!;
    assert.equal(env.alive, false);
    assert.equal(env.signal.aborted, true);
    await sleep(300);
    assert.equal(existsSync(marker), true, 'nothing in this process can stop the handler');
  });
});

describe('LambdaFunction: an environment is frozen between its answer and its next invocation (item 6)', () => {
  const until = async (check: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!check() && Date.now() < end) await sleep(10);
    return check();
  };

  test('worker thread: a timer set before the answer does not fire until the next invocation thaws it', async () => {
    const fn = new LambdaFunction(workerMode, { timeoutMs: TIMEOUT_MS });
    try {
      const marker = join(dir, 'worker-frozen');
      answerOf(await fn.invoke({ linger: { marker, ms: 50 } }));
      await sleep(400);
      assert.equal(existsSync(marker), false, 'the thread is frozen: its timer did not fire');
      answerOf(await fn.invoke({}));
      assert.ok(
        await until(() => existsSync(marker), 2_000),
        'thawed by the next invocation, the timer fired',
      );
      assert.equal(fn.coldStarts, 1, 'the same environment');
    } finally {
      await fn.close();
    }
  });

  test('worker thread: with freezeBetweenInvocations off the timer fires at once (what the freeze prevents)', async () => {
    const fn = new LambdaFunction(
      workerThread<FixtureEvent>({
        module: new URL('./fixtures/worker-handler.ts', import.meta.url),
        freezeBetweenInvocations: false,
      }),
      { timeoutMs: TIMEOUT_MS },
    );
    try {
      const marker = join(dir, 'worker-not-frozen');
      answerOf(await fn.invoke({ linger: { marker, ms: 50 } }));
      assert.ok(await until(() => existsSync(marker), 2_000));
    } finally {
      await fn.close();
    }
  });

  test('worker thread: a frozen environment can still be killed', async () => {
    const fn = new LambdaFunction(workerMode, { timeoutMs: TIMEOUT_MS });
    const marker = join(dir, 'worker-frozen-killed');
    answerOf(await fn.invoke({ linger: { marker, ms: 50 } }));
    fn.kill();
    await fn.close();
    await sleep(200);
    assert.equal(existsSync(marker), false, 'killed while frozen: the timer never fired');
  });

  test('in process (labelled): timers run on, the environment is marked frozen and the env-bound store holds calls', async () => {
    const store = new MemoryDedupStore({ quiet: true });
    let late: Promise<unknown> | undefined;
    let environment: ExecutionEnvironment | undefined;
    const fn = new LambdaFunction<{ key: string; linger?: boolean }>(
      inProcess((env) => {
        environment = env;
        const bound = storeOfEnvironment(store, env);
        return async (event) => {
          await bound.claim([event.key], 'owner', 60_000);
          // Work that outlives the answer: a commit 20 ms later, when the environment is frozen.
          if (event.linger) late = sleep(20).then(() => bound.commit([event.key], 'owner', 60_000));
          return 'answered';
        };
      }),
      { timeoutMs: TIMEOUT_MS },
    );
    const first = await fn.invoke({ key: 'k1', linger: true });
    assert.ok(first.ok && first.response === 'answered');
    assert.equal(environment!.frozen, true);
    await sleep(100);
    const [held] = await store.claim(['k1'], 'someone-else', 60_000);
    assert.equal(held, 'held', 'the commit made while frozen did not reach the store');
    await fn.invoke({ key: 'k2' });
    await late;
    const [done] = await store.claim(['k1'], 'someone-else', 60_000);
    assert.equal(done, 'done', 'the next invocation thawed it: the commit went through');
    await fn.close();
  });
});
