/**
 * dedupClaims: claims every record's key before the handler runs, and commits or releases the
 * claims afterwards, each in one batched store call (succeeded records are mostly committed
 * earlier, in groups while the batch runs: group-commit.ts).
 *
 * Guarantees:
 * - a record whose key is DONE is not run (counted as deduplicated);
 * - a record whose key another invocation holds waits for it, boundedly (held-claim-wait.ts): run
 *   if it is freed, a duplicate if it turns DONE, else it fails, to be retried later;
 * - the same key twice in one batch runs once: the later copy follows the first one's outcome;
 * - claims of records that succeeded are committed in groups while the batch runs (group-commit.ts),
 *   the rest at the answer; claims of records that failed or never ran are released, so the retry runs them;
 * - held claims are renewed every third of their lease, so a long batch keeps them and a crashed
 *   invocation's claims end within `leaseMs` (the lease and what it tells: lease.ts);
 * - store errors follow the policy: 'open' runs the records unguarded, 'closed' fails them;
 *   either way the store costs at most one connect timeout and one command timeout per call;
 * - a store that has not worked once since the cold start (reason `misconfigured`: a wrong host,
 *   port, TLS setting, token or ACL) keeps the policy, but is logged at ERROR once per cold start,
 *   saying what the policy does with it, and counted under its own reason; the first claim that
 *   works after it is logged too.
 * Does not guarantee:
 * - once-only effects while the store is down under 'open', or after the window: the effect layer's job;
 * - that a failed commit is retried: the effect has happened, the record does not fail, the key
 *   stays IN_PROGRESS until its lease ends (counted as a store error, `Metric.dedupErrors`, and logged).
 */
import type { MiddlewareObj } from '@middy/core';
import type { MSKEvent } from 'aws-lambda';
import type { KafkaBatchResponse } from '../contract/message.ts';
import type { ClaimResult } from '../dedup/store.ts';
import { errorReason } from '../dedup/store-error-reason.ts';
import { RedisConnectionError } from '../errors.ts';
import { recordKeys } from '../observability/logger.ts';
import { BATCH, type Batch, batchIn, type StackContext } from './batch.ts';
import type { BatchRecord } from './batch-record.ts';
import type { ResolvedConfig } from './config.ts';
import { GroupCommit } from './group-commit.ts';
import { ClaimLease } from './lease.ts';

/** Move the record by what the store answered for its key. */
function applyClaim<T>(
  record: BatchRecord<T>,
  result: ClaimResult,
  policy: 'open' | 'closed',
  sentAt: number,
): void {
  if (result === 'claimed') record.claimed(sentAt);
  else if (result === 'done') record.duplicate();
  else if (result === 'held') record.held();
  else if (policy === 'open') record.unguarded();
  else record.refused(result);
}

async function timed<T, B>(batch: Batch<B>, call: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await call();
  } finally {
    batch.metrics.roundTrip(performance.now() - start);
  }
}

/**
 * The invocation is ending (middy's early timeout, or a bug) while `handle` still runs on this
 * record: releasing now would let a retry run it a second time alongside. The claim stays and is
 * settled when `handle` ends; if the sandbox is frozen or killed first, the lease ends it.
 */
function settleWhenDone<T>(config: ResolvedConfig<T>, batch: Batch<T>, record: BatchRecord<T>): void {
  record.outlived();
  // A write to the poison sink past its bound settles after the outcome: wait for it (park-record.ts).
  record.whenSettled().then(async () => {
    const lateParked = (await record.parkInFlight) === true;
    const key = [record.key!];
    try {
      if (record.outcome === 'succeeded' || record.outcome === 'parked' || lateParked) {
        record.committed();
        await config.store.commit(key, batch.owner, config.windowMs);
      } else {
        record.released();
        await config.store.release(key, batch.owner);
      }
    } catch (error) {
      config.logger.warn(
        'could not settle the claim of a record that outlived its invocation; its lease ends it',
        {
          ...recordKeys(record.raw, record.message),
          error,
        },
      );
    }
  });
}

/**
 * The invocation answers: commit the claims of succeeded records, release the rest, and let no
 * record start any more (unguarded ones included). Never throws; a second call finds nothing left.
 */
async function settleClaims<T>(config: ResolvedConfig<T>, batch: Batch<T>): Promise<void> {
  // A record still waiting for a held claim must not win it now (held-claim-wait.ts).
  batch.answered = true;
  let running = false;
  const commit: string[] = [];
  const release: string[] = [];
  for (const partition of batch.partitions) {
    for (const record of partition) {
      const claim = record.claim;
      if (claim === 'unguarded') record.released();
      else if (claim === 'outliving') running = true;
      else if (claim !== 'claimed') continue;
      else if (record.run === 'running' || record.run === 'poisoned' || record.parkInFlight) {
        running = true;
        settleWhenDone(config, batch, record);
      } else if (record.outcome === 'succeeded' || record.outcome === 'parked') {
        record.committed();
        commit.push(record.key!);
      } else {
        record.released();
        release.push(record.key!);
      }
    }
  }
  if (!running) batch.lease?.stop();
  // With what waits for its group commit (and the groups in flight), in one call.
  batch.commits ??= new GroupCommit(config, batch);
  const calls: Promise<void>[] = [batch.commits.settle(commit)];
  if (release.length > 0) {
    calls.push(
      timed(batch, () => config.store.release(release, batch.owner)).catch((error) => {
        batch.metrics.storeError(errorReason(error));
        config.logger.warn('could not release claims: retries wait for the lease to end', {
          keys: release.length,
          error,
        });
      }),
    );
  }
  await Promise.all(calls);
}

/** What the policy does while the store has never worked: said once, loudly, per cold start. */
const NEVER_WORKED = {
  open: 'dedup store has not worked since this cold start (misconfigured?): records run WITHOUT dedup (fail-open) for as long as it does not answer, so repeats run again; the error says what to check',
  closed:
    'dedup store has not worked since this cold start (misconfigured?): every record fails (fail-closed) and is retried, then reaches the DLQ, for as long as it does not answer; the error says what to check',
} as const;

/** Fields of a store error a log query can group by: the cause and the address, where known. */
function storeErrorFields(error: Error): Record<string, unknown> {
  return error instanceof RedisConnectionError
    ? { error, problem: error.problem, address: error.address }
    : { error };
}

/**
 * @example
 * const handler = middy().use(decodeRecords(config)).use(dedupClaims(config)).handler(runPartitions(config));
 */
export function dedupClaims<T>(
  config: ResolvedConfig<T>,
): MiddlewareObj<MSKEvent, KafkaBatchResponse, Error, StackContext<T>> {
  // One middleware per handler, made at cold start: what it told of a store that never worked.
  let neverWorked: 'not seen' | 'told' | 'recovered' = 'not seen';
  return {
    name: 'dedupClaims',
    before: async (request) => {
      const batch = batchIn(request.context);
      const firsts = new Map<string, BatchRecord<T>>();
      const keys: string[] = [];
      const asked: BatchRecord<T>[] = [];
      // Later records with a key asked already, and theirs: they learn their state once it is known.
      const copies: BatchRecord<T>[] = [];
      const originals: BatchRecord<T>[] = [];
      for (const partition of batch.partitions) {
        for (const record of partition) {
          if (record.key === undefined) continue;
          const first = firsts.get(record.key);
          if (first) {
            copies.push(record);
            originals.push(first);
            continue;
          }
          firsts.set(record.key, record);
          keys.push(record.key);
          asked.push(record);
        }
      }
      if (keys.length === 0) return;
      batch.commits = new GroupCommit(config, batch);
      let results: ClaimResult[];
      let sentAt = 0;
      try {
        const lease = new ClaimLease(config, batch, request.context);
        sentAt = performance.now();
        results = await timed(batch, () => config.store.claim(keys, batch.owner, lease.ms));
        batch.lease = lease;
        lease.renew();
      } catch (error) {
        results = new Array(keys.length).fill(error);
      }
      const errors = new Set<Error>();
      for (let i = 0; i < asked.length; i++) {
        const result = results[i]!;
        if (result instanceof Error) errors.add(result);
        applyClaim(asked[i]!, result, config.onStoreError, sentAt);
      }
      for (const error of errors) {
        const reason = errorReason(error);
        batch.metrics.storeError(reason);
        if (reason === 'misconfigured' && neverWorked === 'not seen') {
          neverWorked = 'told';
          config.logger.error(NEVER_WORKED[config.onStoreError], storeErrorFields(error));
          continue;
        }
        config.logger.warn(
          config.onStoreError === 'open'
            ? 'dedup store failed: running records without dedup (fail-open)'
            : 'dedup store failed: records fail and are retried (fail-closed)',
          storeErrorFields(error),
        );
      }
      if (neverWorked === 'told' && errors.size === 0) {
        neverWorked = 'recovered';
        config.logger.info(
          'dedup store answered for the first time since this cold start: records are deduplicated again',
        );
      }
      // A copy of a record that will not run shares its state now; a copy of one that runs waits for it.
      // A copy of a held original follows it too when held claims are waited for (it may yet run).
      const followHeld = config.heldClaimWaitMs > 0;
      for (let i = 0; i < copies.length; i++) copies[i]!.copyOf(originals[i]!, followHeld);
    },
    after: (request) => settleClaims(config, batchIn(request.context)),
    onError: async (request) => {
      // A bug or a crash escaped the runner: the whole batch is retried; keep what succeeded.
      const batch = request.context?.[BATCH];
      if (batch) await settleClaims(config, batch);
    },
  };
}
