/**
 * Tracing (lib/observability/tracing.ts): the spans claim, run and commit of an invocation, in
 * order, under the function's segment, the dedup decision as annotations on claim; an error closes
 * the open span with it; off (no `EnvVar.traceEnabled`), nothing is loaded and no hook is added.
 * The stack is kafkaHandler's own: its consumer core under a recording X-Ray segment.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import middy from '@middy/core';
import { EnvVar } from '../../lib/contract.ts';
import { MemoryDedupStore } from '../../lib/index.ts';
import { ConsumerCore, resolveConfig } from '../../lib/middlewares.ts';
import {
  batchDecision,
  invocationSpans,
  type SpanTracer,
  type TraceSegment,
  tracingPlugin,
} from '../../lib/observability/tracing.ts';
import { failedOffsets, lambdaContext, mskEvent, mskRecord } from '../../testkit/index.ts';

interface Recorded {
  readonly name: string;
  readonly annotations: Record<string, string | number | boolean>;
  readonly errors: string[];
  closed: boolean;
}

/** An X-Ray segment that records the subsegments made under it. */
function recordingTracer(): { tracer: SpanTracer; spans: Recorded[] } {
  const spans: Recorded[] = [];
  const segment = (r?: Recorded): TraceSegment => ({
    addNewSubsegment(name) {
      const child: Recorded = { name, annotations: {}, errors: [], closed: false };
      spans.push(child);
      return segment(child);
    },
    addAnnotation(key, value) {
      if (r) r.annotations[key] = value;
    },
    addError(error) {
      r?.errors.push(String(error instanceof Error ? error.message : error));
    },
    close() {
      if (r) r.closed = true;
    },
  });
  const root = segment();
  return { tracer: { isTracingEnabled: () => true, getSegment: () => root }, spans };
}

async function tracedStack(
  handle: (offset: number) => void,
  store = new MemoryDedupStore(),
): Promise<{ run: (offsets: number[]) => Promise<unknown>; spans: Recorded[] }> {
  const { tracer, spans } = recordingTracer();
  const config = resolveConfig({
    service: 'traced',
    handlerName: 'h',
    store,
    reserveMs: 0,
    handle: (m) => handle(m.offset),
  });
  const tracing = tracingPlugin({
    service: 'traced',
    decisionOf: batchDecision,
    warn: (message, error) => assert.fail(`${message}: ${error}`),
    tracer: Promise.resolve(tracer),
  });
  await new Promise((resolve) => setImmediate(resolve)); // the tracer is loaded
  const core = new ConsumerCore(config);
  if (tracing.hooks) core.hook(tracing.hooks);
  const handler = middy({ timeoutEarlyInMillis: 0, ...tracing.plugin }).handler((event, context) =>
    core.invoke(event as never, context),
  );
  const run = (offsets: number[]) =>
    handler(
      mskEvent(
        offsets.map((offset) => mskRecord({ offset, eventId: `01J${String(offset).padStart(23, '0')}` })),
      ),
      lambdaContext(),
    );
  return { run, spans };
}

describe('tracing', () => {
  test('claim, run and commit in order, each closed, the dedup decision on claim', async () => {
    const store = new MemoryDedupStore();
    const first = await tracedStack(() => {}, store);
    await first.run([1, 2]);
    assert.deepEqual(
      first.spans.map((s) => [s.name, s.closed]),
      [
        ['## claim', true],
        ['## run', true],
        ['## commit', true],
      ],
    );
    assert.equal(first.spans[0]!.annotations.dedup_claimed, 2);
    assert.equal(first.spans[0]!.annotations.dedup_decision, 'claimed=2');
    assert.equal(first.spans[0]!.annotations.service, 'traced');
    // The same events again: both are repeats, and the decision says so.
    const again = await tracedStack(() => {}, store);
    await again.run([1, 2]);
    assert.equal(again.spans[0]!.annotations.dedup_duplicate, 2);
    assert.equal(again.spans[0]!.annotations.dedup_claimed, undefined);
  });

  test("a claim in parts: the decision on claim is the whole batch's, every part answered", async () => {
    // A store that claims in parts of 100 keys (300 records: parts of 13, 25, 50, 100, 100, 12),
    // answering each part after the first a turn of the event loop later: the claim stage ends
    // (its first part answered) before they do.
    const inner = new MemoryDedupStore();
    const claim = inner.claim.bind(inner);
    let calls = 0;
    const store = Object.assign(inner, {
      claimPartRecords: 100,
      claim: async (keys: readonly string[], owner: string, leaseMs: number) => {
        const answer = await claim(keys, owner, leaseMs);
        if (calls++ > 0) await new Promise((resolve) => setImmediate(resolve));
        return answer;
      },
    });
    const { run, spans } = await tracedStack(() => {}, store);
    await run(Array.from({ length: 300 }, (_, i) => i + 1));
    assert.equal(spans[0]!.name, '## claim');
    assert.equal(spans[0]!.annotations.dedup_decision, 'claimed=300');
  });

  test('a record that fails is in the response, and the spans still close', async () => {
    const { run, spans } = await tracedStack((offset) => {
      if (offset === 2) throw new Error('no');
    });
    const response = await run([1, 2]);
    assert.deepEqual(failedOffsets(response as never), ['orders-0@2']);
    assert.ok(spans.every((s) => s.closed));
    assert.equal(spans.length, 3);
  });

  test('off unless EnvVar.traceEnabled is true: no hook, nothing loaded', () => {
    const warn = () => assert.fail('nothing to tell');
    for (const value of [undefined, 'false', '1']) {
      const env = value === undefined ? {} : { [EnvVar.traceEnabled]: value };
      assert.deepEqual(tracingPlugin({ service: 's', decisionOf: () => undefined, warn, env }), {
        plugin: {},
        hooks: undefined,
      });
    }
    const tracing = invocationSpans({ service: 's', logger: { warn } });
    const on = process.env[EnvVar.traceEnabled] === 'true';
    assert.equal(Object.keys(tracing.plugin).length, on ? 2 : 0);
    assert.equal(tracing.hooks === undefined, !on);
  });
});
