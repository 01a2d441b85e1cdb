/**
 * The upgrade from a previous release (0.2.0 or 0.3.0), as a team rolls it out (docs/upgrading.md):
 * one stream of events with duplicates (a producer's retries) over three partitions, on one Redis,
 * consumed by
 *
 * 1. the old release's consumers alone (two of them: a batch may reach both, as overlapping
 *    invocations do);
 * 2. the old release and the new one side by side, the new one with `previousKeyFormat` (a
 *    canary, an alias shift): some batches to both at once, some to one release each, then
 *    swapped and the first phase's replayed to the new one (a rebalance);
 * 3. the old consumers stopped (closed): the new one alone, still with `previousKeyFormat`, the
 *    second phase replayed to it too;
 * 4. after the window, the new release without `previousKeyFormat`: the last stretch replayed.
 *
 * Each event must run exactly once: none lost, none doubled. Redeliveries follow the event source
 * mapping: what a consumer reports failed comes again, from the lowest failed offset of its
 * partition, until none fails (a record held by the other release is retried, never dropped).
 *
 * The releases' `kafkaHandler`s and the test kit are handed in, so that the same scenario runs
 * against the repository's sources (test/core/upgrade-0.2.0.test.ts, upgrade-0.3.0.test.ts) and
 * against the packed tarball (scripts/pack-check-release.sh): the old release is its code as
 * released (test/fixtures/releases/v<version>).
 */
import type { Context, MSKEvent, MSKRecord } from 'aws-lambda';
import { ulid } from 'ulid';

type Handler = ((event: MSKEvent, context: Context) => Promise<unknown>) & { close(): Promise<void> };
type BatchResponse = {
  batchItemFailures: { itemIdentifier: { partition: string; offset: number | string } }[];
};

/** What a release's kafkaHandler is given here (what 0.2.0's and the new one's options share). */
export interface RolloutHandlerOptions {
  service: string;
  handlerName: string;
  redis: { url: string; commandTimeoutMs: number; connectTimeoutMs: number };
  onStoreError: 'closed';
  reserveMs: number;
  previousKeyFormat?: '0.2.0' | '0.3.0';
  handle(message: { eventId: string }): Promise<void>;
}

export interface UpgradeParts {
  /** The old release's kafkaHandler, as released. */
  oldKafkaHandler: (options: RolloutHandlerOptions) => unknown;
  /** The new release's kafkaHandler. */
  newKafkaHandler: (options: RolloutHandlerOptions) => unknown;
  testkit: {
    mskEvent(records: MSKRecord[]): MSKEvent;
    mskRecord(spec: { partition: number; offset: number; eventId: string; value: unknown }): MSKRecord;
    lambdaContext(): Context;
    /** Runs `fn` with what the consumers print captured (captureProcessOutput of the test kit). */
    capture<T>(fn: () => Promise<T>): Promise<{ result: T }>;
  };
  redisUrl: string;
  /** A service name of its own (the keys' prefix). */
  service: string;
  /** The old release's key format, given to the new one as `previousKeyFormat`. @default '0.2.0' */
  previousKeyFormat?: '0.2.0' | '0.3.0';
  /** Events before duplicates. @default 150 */
  events?: number;
}

export interface UpgradeReport {
  events: number;
  records: number;
  /** Event ids that never ran. */
  lost: string[];
  /** Event ids that ran more than once, with their runs. */
  doubled: string[];
  /** Runs by the old release and by the new one. */
  runsBy: { old: number; new: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Patient round trips: a timeout fails the record (closed, retried), it never runs it twice. */
const PATIENT = { commandTimeoutMs: 10_000, connectTimeoutMs: 10_000 };

export async function upgradeRollout(parts: UpgradeParts): Promise<UpgradeReport> {
  const { testkit } = parts;
  const count = parts.events ?? 150;
  const ids = Array.from({ length: count }, () => ulid());
  // A third of the events twice, the retry a few records later: one stream of 4/3 * count records.
  const sequence = ids.flatMap((id, i) => (i % 3 === 0 ? [id, id] : [id]));
  const offsets = [0, 0, 0];
  const records = sequence.map((eventId, i) => {
    const partition = i % 3;
    return testkit.mskRecord({ partition, offset: offsets[partition]!++, eventId, value: { i } });
  });
  // The stream in three consecutive stretches of each partition.
  const stretch = (k: 0 | 1 | 2) =>
    records.filter((r) => {
      const length = offsets[r.partition]!;
      return r.offset >= Math.floor((k * length) / 3) && r.offset < Math.floor(((k + 1) * length) / 3);
    });

  const runs = new Map<string, number>();
  const runsBy = { old: 0, new: 0 };
  const handlers: Handler[] = [];
  const make = (release: 'old' | 'new', previous: boolean): Handler => {
    const options: RolloutHandlerOptions = {
      service: parts.service,
      handlerName: 'on-payment',
      redis: { url: parts.redisUrl, ...PATIENT },
      onStoreError: 'closed',
      reserveMs: 0,
      ...(previous ? { previousKeyFormat: parts.previousKeyFormat ?? '0.2.0' } : {}),
      async handle(message) {
        runs.set(message.eventId, (runs.get(message.eventId) ?? 0) + 1);
        runsBy[release]++;
        // Long enough that the other consumer's invocation of the same batch overlaps this one.
        await sleep(2);
      },
    };
    const handler = (release === 'old' ? parts.oldKafkaHandler : parts.newKafkaHandler)(options) as Handler;
    handlers.push(handler);
    return handler;
  };

  /** Batches of up to 20 records to each consumer at once; what fails comes again until none does. */
  const deliver = async (consumers: Handler[], batch: MSKRecord[]) => {
    await Promise.all(
      consumers.map(async (handler) => {
        for (let from = 0; from < batch.length; from += 20) {
          let pending = batch.slice(from, from + 20);
          const until = Date.now() + 120_000;
          while (pending.length > 0) {
            if (Date.now() > until) throw new Error(`${pending.length} records still failing after 120 s`);
            const response = (await handler(
              testkit.mskEvent(pending),
              testkit.lambdaContext(),
            )) as BatchResponse;
            const failedFrom = new Map<string, number>();
            for (const { itemIdentifier } of response?.batchItemFailures ?? []) {
              const offset = Number(itemIdentifier.offset);
              const known = failedFrom.get(itemIdentifier.partition);
              if (known === undefined || offset < known) failedFrom.set(itemIdentifier.partition, offset);
            }
            pending = pending.filter((r) => {
              const lowest = failedFrom.get(`${r.topic}-${r.partition}`);
              return lowest !== undefined && Number(r.offset) >= lowest;
            });
            if (pending.length > 0) await sleep(20);
          }
        }
      }),
    );
  };

  try {
    await testkit.capture(async () => {
      // 1. The old release alone, two consumers.
      const [oldA, oldB] = [make('old', false), make('old', false)];
      await deliver([oldA, oldB], stretch(0));
      // 2. Side by side: partition 0 to both releases at once, partition 1 to the new one and
      //    partition 2 to the old ones (a duplicate's two records sit on two partitions, so each
      //    release meets events the other ran); then a rebalance swaps them, and replays the
      //    first stretch to the new one.
      const current = make('new', true);
      const second = stretch(1);
      const on = (partition: number) => second.filter((r) => r.partition === partition);
      await Promise.all([
        deliver([oldA, current, oldB], on(0)),
        deliver([current], on(1)),
        deliver([oldB], on(2)),
      ]);
      await Promise.all([deliver([oldA], on(1)), deliver([current], [...on(2), ...stretch(0)])]);
      // 3. The old consumers stopped; the new one alone, the second stretch replayed too.
      await Promise.all([oldA.close(), oldB.close()]);
      await deliver([current, make('new', true)], [...stretch(1), ...stretch(2)]);
      // 4. After the window: without previousKeyFormat, what the new release ran (under both
      //    keys) replayed once more. (An event only the old release ran is older than the window by now: its
      //    record is not delivered again.)
      await deliver([make('new', false)], stretch(2));
    });
  } finally {
    await Promise.allSettled(handlers.map((h) => h.close()));
  }
  return {
    events: ids.length,
    records: records.length,
    lost: ids.filter((id) => !runs.has(id)),
    doubled: ids.filter((id) => (runs.get(id) ?? 0) > 1).map((id) => `${id}: ${runs.get(id)}`),
    runsBy,
  };
}
