/**
 * X-Ray spans of an invocation through Powertools Tracer, an optional peer
 * (`npm i @aws-lambda-powertools/tracer`), when `EnvVar.traceEnabled` is `true` (the CDK construct
 * sets it with X-Ray active tracing). Three subsegments under the function's segment, one after
 * the other:
 *
 *   ## claim   decode the batch and claim its event ids (annotations: the dedup decision, how many
 *              records' claims ended claimed, duplicate, held, unguarded, refused, ...)
 *   ## run     the records' handlers
 *   ## commit  the commits and releases of the claims (and the batch response)
 *
 * Made of a middy plugin (its request hooks: the function's segment is found when the request
 * starts, and an open span is closed when it ends) and the invocation's stage hooks (`afterStage`):
 * `claim` runs from the start to the end of the claim stage, `run` to the end of the run stage,
 * `commit` to the end of the request. An error closes the open span with it. Nothing here may fail an invocation: a tracer that cannot
 * load or a span that cannot be written is said once and ignored.
 */
import type { InvocationHooks, InvocationView } from '../consumer/invocation.ts';
import { EnvVar } from '../contract/env-vars.ts';
import { importPeer } from '../optional-peer.ts';

/** The spans of an invocation, in order. */
export const SPANS = ['claim', 'run', 'commit'] as const;

export type SpanName = (typeof SPANS)[number];

/** The dedup decision of a batch: records per claim state (`claimed`, `duplicate`, `held`, ...). */
export type DedupDecision = Readonly<Record<string, number>>;

/** The part of an X-Ray (sub)segment the spans use. @internal */
export interface TraceSegment {
  addNewSubsegment(name: string): TraceSegment;
  addAnnotation(key: string, value: string | number | boolean): void;
  addError(error: Error | string): void;
  close(): void;
}

/** The part of Powertools Tracer the spans use. @internal */
export interface SpanTracer {
  isTracingEnabled(): boolean;
  getSegment(): TraceSegment | undefined;
}

/** The middy request, as far as the spans read it. */
// biome-ignore lint/suspicious/noExplicitAny: middy's request, as each plugin hook types it
type Request = any;

/** The request hooks of a middy plugin (`middy(plugin)`). */
export interface TracingPlugin {
  requestStart(request: Request): void;
  requestEnd(request: Request): void;
}

/** The spans of an invocation: a middy plugin and the invocation's stage hooks, used together. */
export interface InvocationTracing {
  readonly plugin: Partial<TracingPlugin>;
  /** Undefined when tracing is off (no hook is added). */
  readonly hooks: InvocationHooks | undefined;
}

export interface TracingOptions {
  /** The service name, an annotation of every span. */
  readonly service: string;
  /** The dedup decision of the invocation, once its claims are made (undefined: none). */
  readonly decisionOf: (invocation: InvocationView) => DedupDecision | undefined;
  /** Told once when the tracer cannot be loaded or a span cannot be written. */
  readonly warn: (message: string, error: unknown) => void;
  /** @default process.env */
  readonly env?: NodeJS.ProcessEnv;
  /** The tracer (tests); by default Powertools Tracer, loaded when `EnvVar.traceEnabled` is `true`. */
  readonly tracer?: Promise<SpanTracer | undefined>;
}

/** X-Ray annotation keys: letters, digits and underscores. */
const annotationKey = (name: string) => `dedup_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;

async function loadTracer(service: string): Promise<SpanTracer> {
  const { Tracer } = await importPeer(
    '@aws-lambda-powertools/tracer',
    'tracing (EnvVar.traceEnabled, the construct prop `tracing`)',
    () => import('@aws-lambda-powertools/tracer'),
  );
  return new Tracer({ serviceName: service }) as unknown as SpanTracer;
}

/**
 * The spans of {@link TracingOptions}, as a middy plugin; an empty plugin when tracing is off.
 * The tracer loads at cold start (when this is called); an invocation that starts before it is
 * loaded is not traced.
 *
 * @example
 * const handler = middy(tracingPlugin({ service: 'orders', decisionOf, warn: (m, e) => logger.warn(m, { error: e }) }));
 * @internal
 */
export function tracingPlugin(options: TracingOptions): InvocationTracing {
  const env = options.env ?? process.env;
  if (!options.tracer && env[EnvVar.traceEnabled] !== 'true') return { plugin: {}, hooks: undefined };
  let tracer: SpanTracer | undefined;
  let told = false;
  const tell = (message: string, error: unknown) => {
    if (told) return;
    told = true;
    options.warn(message, error);
  };
  (options.tracer ?? loadTracer(options.service)).then(
    (t) => {
      tracer = t;
    },
    (error) => tell('tracing is on but its tracer could not be loaded: no spans', error),
  );
  let parent: TraceSegment | undefined;
  let open: { readonly name: SpanName; readonly segment: TraceSegment } | undefined;
  const guarded = (what: string, f: () => void) => {
    try {
      f();
    } catch (error) {
      tell(`tracing: ${what} failed: spans of this invocation may be missing`, error);
    }
  };
  const start = (name: SpanName) =>
    guarded(`opening ${name}`, () => {
      if (!parent) return;
      const segment = parent.addNewSubsegment(`## ${name}`);
      segment.addAnnotation('service', options.service);
      open = { name, segment };
    });
  const end = (error?: unknown, invocation?: InvocationView) =>
    guarded('closing a span', () => {
      if (!open) return;
      const { segment, name } = open;
      open = undefined;
      if (name === 'claim' && invocation) {
        const decision = options.decisionOf(invocation);
        if (decision) {
          const parts = Object.entries(decision).filter(([, n]) => n > 0);
          for (const [state, n] of parts) segment.addAnnotation(annotationKey(state), n);
          segment.addAnnotation('dedup_decision', parts.map(([s, n]) => `${s}=${n}`).join(',') || 'none');
        }
      }
      if (error !== undefined) segment.addError(error instanceof Error ? error : String(error));
      segment.close();
    });
  return {
    plugin: {
      requestStart() {
        parent = undefined;
        open = undefined;
        guarded('finding the segment', () => {
          if (tracer?.isTracingEnabled()) parent = tracer.getSegment();
        });
        start('claim');
      },
      requestEnd(r) {
        end(r?.error);
        parent = undefined;
      },
    },
    hooks: {
      async afterStage(stage, invocation) {
        if (stage === 'claim') {
          // The decision is the whole batch's: with tracing on, the lanes wait for every part of
          // a claim in parts (claim-session.ts) before the span closes, as before parts.
          if (open) await invocation.claimsAnswered;
          end(undefined, invocation);
          start('run');
        } else if (stage === 'run') {
          end();
          start('commit');
        }
      },
    },
  };
}

/**
 * The dedup decision of an invocation: its records counted by claim state.
 * @internal
 */
export function batchDecision(invocation: InvocationView): DedupDecision {
  const counts: Record<string, number> = {};
  for (const partition of invocation.partitions) {
    for (const record of partition) counts[record.claim] = (counts[record.claim] ?? 0) + 1;
  }
  return counts;
}

/**
 * kafkaHandler's spans: `middy(tracing.plugin)` and `core.hook(tracing.hooks)`.
 * @internal
 */
export function invocationSpans(config: {
  readonly service: string;
  readonly logger: { warn(message: string, extra: Record<string, unknown>): void };
}): InvocationTracing {
  return tracingPlugin({
    service: config.service,
    decisionOf: batchDecision,
    warn: (message, error) => config.logger.warn(message, { error }),
  });
}
