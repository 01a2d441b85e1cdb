/**
 * The walk of one invocation, measured at run time: one kafkaHandler invocation of 6 records over
 * 2 partitions against a real Redis, with every move of a record (each transition of BatchRecord,
 * lib/consumer/batch-record.ts) and every call of the dedup store recorded by the file and line
 * that made it. It prints which files call the store, which files move a record, and the stops
 * (distinct call sites) and lines of the files the walk passes through. docs/architecture.md
 * ("The walk of a record") gives the figures before and after the consumer core became one
 * Invocation; test/core/walk.test.ts holds the store to one file.
 *
 * The 6 records, chosen so that every path of a claim is taken once:
 *   walk-0@1  succeeds after a renewal of the claims (its handler outlasts a third of the lease)
 *   walk-0@2  its event is DONE already: a duplicate
 *   walk-0@3  its handler throws: it fails and its claim is released
 *   walk-1@1  another owner holds its key, and lets go of it: waited for, claimed, run
 *   walk-1@2  the same event as walk-0@1: a copy in the batch, following it
 *   walk-1@3  succeeds
 *
 * (The figures before the change were taken with the same records on the middleware stack, the
 * other owner letting go of walk-1@1 100 ms after the claim.)
 *
 * Run: node scripts/walk.ts [redis-url]   (default REDIS_URL, else redis://127.0.0.1:6379)
 */

import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BatchRecord } from '../lib/consumer/batch-record.ts';
import { dedupKey, dedupKeyPrefix, WINDOWS } from '../lib/contract.ts';
import { type DedupStore, kafkaHandler, RedisDedupStore } from '../lib/index.ts';
import { captureConsoleOutput, lambdaContext, mskEvent, mskRecord } from '../testkit/index.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const HERE = fileURLToPath(import.meta.url);

/** The transitions of BatchRecord: what moves a record. */
const MOVES = [
  'claimed',
  'confirmed',
  'unguarded',
  'duplicate',
  'held',
  'heldEnded',
  'refused',
  'copyOf',
  'committed',
  'released',
  'lost',
  'outlived',
  'parsePayload',
  'start',
  'succeeded',
  'failed',
  'poisoned',
  'parked',
  'deduplicated',
  'follow',
] as const;

const STORE_CALLS = ['connect', 'claim', 'extend', 'commit', 'release'] as const;

/** One call: what was called, the file:line that called it, and the lib/ files on its stack. */
export interface Stop {
  readonly what: string;
  readonly file: string;
  readonly line: number;
  readonly chain: readonly string[];
}

export interface Walk {
  readonly records: number;
  /** Every move of a record, in order. */
  readonly moves: readonly Stop[];
  /** Every store call, in order. */
  readonly storeCalls: readonly Stop[];
  /** The files that moved a record. */
  readonly filesMovingRecords: readonly string[];
  /** The files that called the store. */
  readonly filesCallingStore: readonly string[];
  /** Distinct call sites (file:line) that moved a record or called the store. */
  readonly stops: number;
  /** The files of the walk (either list), and their lines in all. */
  readonly files: readonly string[];
  readonly lines: number;
  /** The lib/ files on the stacks of those calls (what a reader follows), and their lines in all. */
  readonly pathFiles: readonly string[];
  readonly pathLines: number;
}

/** The caller's file and line (the first frame outside this script), and the lib/ files on the stack. */
function caller(): { file: string; line: number; chain: string[] } {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  let found: { file: string; line: number } | undefined;
  const chain: string[] = [];
  for (const frame of frames) {
    const m = /(?:\(|at )(?:file:\/\/)?(\/[^():]+):(\d+):\d+\)?$/.exec(frame.trim());
    if (!m) continue;
    const path = m[1]!;
    if (path === HERE || path.includes('node:')) continue;
    const file = relative(ROOT, path);
    found ??= { file, line: Number(m[2]) };
    if (file.startsWith('lib/') && !chain.includes(file)) chain.push(file);
  }
  return { ...(found ?? { file: '(unknown)', line: 0 }), chain };
}

/** Record every move of a record made while `body` runs. */
async function recordingMoves<R>(moves: Stop[], body: () => Promise<R>): Promise<R> {
  const proto = BatchRecord.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = new Map<string, (...args: unknown[]) => unknown>();
  for (const name of MOVES) {
    const original = proto[name];
    if (typeof original !== 'function') continue;
    originals.set(name, original);
    proto[name] = function (this: unknown, ...args: unknown[]) {
      moves.push({ what: name, ...caller() });
      return original.apply(this, args);
    };
  }
  try {
    return await body();
  } finally {
    for (const [name, original] of originals) proto[name] = original;
  }
}

/** The store, with every call recorded by its caller. */
function recordingStore(store: RedisDedupStore, calls: Stop[]): DedupStore {
  return new Proxy(store, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function' || !(STORE_CALLS as readonly (string | symbol)[]).includes(prop))
        return typeof value === 'function' ? value.bind(target) : value;
      return (...args: unknown[]) => {
        calls.push({ what: String(prop), ...caller() });
        return value.apply(target, args);
      };
    },
  }) as DedupStore;
}

function linesOf(file: string): number {
  return readFileSync(resolve(ROOT, file), 'utf8').split('\n').length - 1;
}

/**
 * Run the walk's invocation and measure it.
 *
 * @example
 * const walk = await runWalk('redis://127.0.0.1:6379');
 * console.log(walk.filesCallingStore); // [ 'lib/consumer/claim-session.ts' ]
 */
export async function runWalk(url: string): Promise<Walk> {
  // Powertools prints through the console (which the capture below takes) in dev mode only.
  process.env.POWERTOOLS_DEV = 'true';
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  const service = `walk${process.pid}-${Date.now().toString(36)}`;
  const storeCalls: Stop[] = [];
  const moves: Stop[] = [];
  const inner = new RedisDedupStore({ redis: { url } });
  const other = new RedisDedupStore({ redis: { url } });
  const prefix = dedupKeyPrefix(service, 'walk');
  const id = (n: number) => `01J${'0'.repeat(22)}${n}`;
  const leaseMs = 1000;
  const handler = kafkaHandler({
    service,
    handlerName: 'walk',
    store: recordingStore(inner, storeCalls),
    leaseMs,
    reserveMs: 0,
    heldClaimWaitMs: 5000,
    async handle(message) {
      if (message.eventId === id(1)) await new Promise((r) => setTimeout(r, leaseMs / 2));
      if (message.eventId === id(3)) throw new Error('the walk’s failing record');
    },
  });
  try {
    // walk-0@2's event is DONE already; walk-1@1's key is held by another owner, who lets go of it.
    await other.claim([dedupKey(prefix, id(2))], 'earlier', 60_000);
    // Under the handler's window: the window places the marks (slices), so a mark committed under
    // another one is not found (docs/consumer.md, "The key and its states").
    await other.commit([dedupKey(prefix, id(2))], 'earlier', WINDOWS.default * 1000);
    await other.claim([dedupKey(prefix, id(4))], 'other', 60_000);
    // Let go once the walk's claim found it held (so it is waited for, whatever the machine's speed).
    handler.hook({
      afterStage: (stage) => {
        if (stage === 'claim') void other.release([dedupKey(prefix, id(4))], 'other');
      },
    });
    const event = mskEvent([
      mskRecord({ topic: 'walk', partition: 0, offset: 1, eventId: id(1) }),
      mskRecord({ topic: 'walk', partition: 0, offset: 2, eventId: id(2) }),
      mskRecord({ topic: 'walk', partition: 0, offset: 3, eventId: id(3) }),
      mskRecord({ topic: 'walk', partition: 1, offset: 1, eventId: id(4) }),
      mskRecord({ topic: 'walk', partition: 1, offset: 2, eventId: id(1) }),
      mskRecord({ topic: 'walk', partition: 1, offset: 3, eventId: id(6) }),
    ]);
    await recordingMoves(moves, () =>
      captureConsoleOutput(() => handler(event, lambdaContext({ timeoutMs: 60_000 }))),
    );
  } finally {
    await handler.close();
    await other.close();
  }
  const distinct = (stops: readonly Stop[]) => [...new Set(stops.map((s) => s.file))].sort();
  const filesMovingRecords = distinct(moves);
  const filesCallingStore = distinct(storeCalls);
  const files = [...new Set([...filesMovingRecords, ...filesCallingStore])].sort();
  const pathFiles = [...new Set([...moves, ...storeCalls].flatMap((s) => s.chain))].sort();
  return {
    records: 6,
    moves,
    storeCalls,
    filesMovingRecords,
    filesCallingStore,
    stops: new Set([...moves, ...storeCalls].map((s) => `${s.file}:${s.line}`)).size,
    files,
    lines: files.reduce((sum, f) => sum + linesOf(f), 0),
    pathFiles,
    pathLines: pathFiles.reduce((sum, f) => sum + linesOf(f), 0),
  };
}

/** The walk as text. */
export function formatWalk(walk: Walk): string {
  const by = (stops: readonly Stop[]) => {
    const counts = new Map<string, number>();
    for (const s of stops) counts.set(`${s.file} ${s.what}`, (counts.get(`${s.file} ${s.what}`) ?? 0) + 1);
    return [...counts].map(([k, n]) => `    ${k} ×${n}`).join('\n');
  };
  return [
    `one invocation of ${walk.records} records:`,
    `  store called from ${walk.filesCallingStore.length} file(s), ${walk.storeCalls.length} calls: ${walk.filesCallingStore.join(', ')}`,
    by(walk.storeCalls),
    `  records moved from ${walk.filesMovingRecords.length} file(s), ${walk.moves.length} moves: ${walk.filesMovingRecords.join(', ')}`,
    by(walk.moves),
    `  ${walk.stops} stops (distinct call sites) in ${walk.files.length} files of ${walk.lines} lines`,
    `  on the stacks of those calls: ${walk.pathFiles.length} lib/ files of ${walk.pathLines} lines: ${walk.pathFiles.join(', ')}`,
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === HERE) {
  const url = process.argv[2] ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const walk = await runWalk(url);
  console.log(formatWalk(walk));
}
