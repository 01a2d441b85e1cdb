import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { CrashError } from '../../emulator/lambda-runtime.ts';
import { WorkerFunction } from '../../emulator/worker-function.ts';

const dir = mkdtempSync(join(tmpdir(), 'worker-fn-'));
const lines: string[] = [];
const fn = new WorkerFunction<{ sleepMs?: number; marker?: string }>({
  module: new URL('./fixtures/worker-handler.ts', import.meta.url),
  functionName: 'worker-test',
  timeoutMs: 300,
  env: (environment) => ({ GREETING: `hello from environment ${environment.id}` }),
  onOutput: (line) => lines.push(line),
});
after(() => fn.close());

describe('WorkerFunction', () => {
  test('loads the module in a thread with its own environment variables and a counting-down context', async () => {
    const result = await fn.invoke({});
    assert.equal(result.ok, true);
    const response = (result as { response: { greeting: string; remaining: number } }).response;
    assert.equal(response.greeting, 'hello from environment 1');
    assert.ok(response.remaining > 0 && response.remaining <= 300);
    const again = await fn.invoke({});
    assert.equal(
      (again as { response: { coldStartedAt: number } }).response.coldStartedAt,
      (result as { response: { coldStartedAt: number } }).response.coldStartedAt,
      'warm',
    );
    // Its stdout is a stream of its own: the line may come after the answer.
    for (let i = 0; i < 100 && !lines.some((l) => l.includes('from the worker')); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.ok(
      lines.some((l) => l.includes('from the worker')),
      'its stdout comes back line by line',
    );
  });

  test('a timeout terminates the thread: the handler does not run on', async () => {
    const marker = join(dir, 'timeout');
    const result = await fn.invoke({ sleepMs: 600, marker });
    assert.equal(result.ok, false);
    assert.match((result as { errorMessage: string }).errorMessage, /Task timed out after 0.30 seconds/);
    await new Promise((r) => setTimeout(r, 700));
    assert.equal(existsSync(marker), false, 'the handler was stopped with its thread');
    const next = await fn.invoke({});
    assert.match(
      (next as { response: { greeting: string } }).response.greeting,
      /environment [2-9]/,
      'a cold start',
    );
  });

  test('kill() terminates the in-flight invocation at once', async () => {
    const marker = join(dir, 'kill');
    const pending = fn.invoke({ sleepMs: 200, marker });
    await new Promise((r) => setTimeout(r, 50));
    fn.kill(new CrashError('killed by the test'));
    const result = await pending;
    assert.equal(result.ok, false);
    assert.equal((result as { environmentDied: boolean }).environmentDied, true);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(existsSync(marker), false);
  });

  test('a module that fails to load is an init error naming it', async () => {
    const broken = new WorkerFunction({ module: join(dir, 'missing.ts'), timeoutMs: 2_000, env: () => ({}) });
    const result = await broken.invoke({});
    await broken.close();
    assert.equal(result.ok, false);
    assert.equal((result as { errorType: string }).errorType, 'Runtime.ImportModuleError');
    assert.match((result as { errorMessage: string }).errorMessage, /missing\.ts/);
  });
});
