/**
 * The verdict of a local run, in one place: each event produced is judged by what happened to it
 * (its effects, whether it is in the DLQ and why), against what was meant to happen (a good event
 * takes effect exactly once; a poison event, one the handler is meant to reject, ends in the DLQ
 * without effect). An event parked in the poison queue (`--poison-sink`) is handled: neither lost
 * nor a failure, whether it was poison or not. The summary prints the judgement; the exit code is
 * its `ok`.
 *
 * Guarantees: a good event without effect fails the run, unless it was parked or an injected
 * fault explains where it is (it is in the DLQ behind a poison record of its partition, or its claim was held by the
 * crashed invocation); a repeat fails it unless an injected fault explains it; a poison event that
 * took effect or is nowhere fails it; with keys (`--key`), an event that took effect after a
 * later-published event of its key fails it (judgeKeyOrder). Does not: see the effect itself (the
 * target counts it).
 */
import { formatPosition } from '../../lib/contract.ts';
import type { DlqRow } from '../dlq-reader.ts';

/** What the verdict reads of a run. */
export interface VerdictFacts {
  /** Every Event-Id that was produced. */
  readonly eventIds: ReadonlySet<string>;
  /** Events published on purpose to fail (poison). */
  readonly poison: ReadonlySet<string>;
  /** Effects per Event-Id. */
  readonly effects: ReadonlyMap<string, number>;
  /** Event-Ids whose repeat an injected fault explains, with the cause. */
  readonly expectedRepeats?: ReadonlyMap<string, string>;
  readonly dlq: readonly DlqRow[];
  /** Reasons the consumer logged per `<topic>-<partition>@<offset>`. */
  readonly reasons: ReadonlyMap<string, string>;
  /** Whether the run killed the consumer (a crash between effects and commit). */
  readonly crashed: boolean;
  /** Event-Ids the function parked in the poison queue (handled, not retried). @default none */
  readonly parked?: ReadonlySet<string>;
  /** Keys, publish order and first completions, for the per-key order check. @default not checked */
  readonly keyOrder?: KeyOrderFacts;
}

/**
 * What the per-key order check reads: each event's record key and publish order, and the events
 * each invocation completed for the first time (invocation by invocation: within one invocation the
 * consumer runs a key's records one after the other in offset order; across invocations the order
 * of completion is seen).
 */
export interface KeyOrderFacts {
  readonly published: ReadonlyMap<string, { readonly key: string; readonly index: number }>;
  readonly completions: readonly (readonly string[])[];
  /** Whether the keys are the team's (`--key`) rather than one per event. */
  readonly keyed: boolean;
}

/** The per-key order of a run. */
export interface KeyOrderJudgement {
  /** Distinct keys among the checked events. */
  readonly keys: number;
  /** Events checked (good events that took effect, neither in the DLQ nor parked). */
  readonly checked: number;
  /** Events that took effect after a later event of their key had: `<id> (key k) after <id>`. */
  readonly outOfOrder: string[];
  readonly keyed: boolean;
}

/**
 * Records of one key must take effect in the order they were published: an event that first took
 * effect after a later-published event of its key did is out of order. Events in the DLQ, parked
 * or poison are left out (skipping a failed record is the DLQ's business, reported on its own).
 *
 * @example
 * judgeKeyOrder({ published, completions: [['e2'], ['e1']], keyed: true }, new Set()).outOfOrder;
 * // ['e1 (key a-1) after e2']
 */
export function judgeKeyOrder(f: KeyOrderFacts, leftOut: ReadonlySet<string>): KeyOrderJudgement {
  const latest = new Map<string, { index: number; id: string }>();
  const keys = new Set<string>();
  const outOfOrder: string[] = [];
  let checked = 0;
  for (const invocation of f.completions) {
    const done: { key: string; index: number; id: string }[] = [];
    for (const id of invocation) {
      const at = f.published.get(id);
      if (!at || leftOut.has(id)) continue;
      checked++;
      keys.add(at.key);
      const before = latest.get(at.key);
      if (before && before.index > at.index) outOfOrder.push(`${id} (key ${at.key}) after ${before.id}`);
      done.push({ key: at.key, index: at.index, id });
    }
    for (const d of done) {
      const before = latest.get(d.key);
      if (!before || before.index < d.index) latest.set(d.key, { index: d.index, id: d.id });
    }
  }
  return { keys: keys.size, checked, outOfOrder, keyed: f.keyed };
}

/** A good event that did not take effect, and what the run knows of it. */
export interface MissedEvent {
  readonly eventId: string;
  /** `topic-partition@offset` of its DLQ record; undefined when it is not in the DLQ. */
  readonly position: string | undefined;
  /** Why it is in the DLQ: what it failed with, or the record it stood behind. */
  readonly why: string;
}

export interface Judgement {
  readonly ok: boolean;
  /** Good events with no effect and not in the DLQ. */
  readonly lost: string[];
  /** Events whose effect happened more than once with no injected fault to explain it. */
  readonly twice: string[];
  /** Good events in the DLQ with no injected fault to explain it (the handler failed them). */
  readonly failed: MissedEvent[];
  /** Good events in the DLQ that an injected fault explains (behind poison, or held by the crash). */
  readonly stranded: MissedEvent[];
  /** Poison events that took effect (the handler accepted what it was meant to reject). */
  readonly poisonTookEffect: string[];
  /** Poison events in the DLQ, as meant. */
  readonly poisonInDlq: number;
  /** Events without effect that the function parked in the poison queue (handled: not lost, not failed). */
  readonly parked: number;
  /** Repeats explained by an injected fault: cause -> extra runs. */
  readonly repeatsByCause: Map<string, number>;
  /** Good events that took effect exactly once. */
  readonly once: number;
  /** The per-key order, when the run could check it. */
  readonly keyOrder?: KeyOrderJudgement;
}

/** The message the consumer logs for a record whose claim another invocation holds. */
const HELD = /another invocation holds the claim|claim held by another invocation/;

/**
 * @example
 * const j = judgeRun({ eventIds, poison, effects, dlq, reasons, crashed: true });
 * process.exitCode = j.ok ? 0 : 1;
 */
export function judgeRun(f: VerdictFacts): Judgement {
  const expected = f.expectedRepeats ?? new Map<string, string>();
  const dlqById = new Map<string, DlqRow>();
  for (const row of f.dlq)
    if (row.eventId !== null && !dlqById.has(row.eventId)) dlqById.set(row.eventId, row);
  const positionOf = (row: DlqRow) =>
    row.partition === null
      ? undefined
      : formatPosition({ topic: row.topic, partition: row.partition, offset: Number(row.offset) });
  const reasonOf = (row: DlqRow) => {
    const at = positionOf(row);
    return (at === undefined ? undefined : f.reasons.get(at)) ?? notRun(row.lastError) ?? undefined;
  };
  // The DLQ records an injected fault put there, per partition: poison ones, and (after the crash)
  // ones whose claim the killed invocation held.
  const faulty = new Map<string, { offset: number; what: string }[]>();
  for (const row of f.dlq) {
    if (row.partition === null || row.eventId === null) continue;
    const poison = f.poison.has(row.eventId);
    const held = f.crashed && HELD.test(reasonOf(row) ?? '');
    if (!poison && !held) continue;
    const tp = `${row.topic}-${row.partition}`;
    const list = faulty.get(tp) ?? [];
    list.push({
      offset: Number(row.offset),
      what: `${poison ? 'poison' : 'held'} record ${positionOf(row)}`,
    });
    faulty.set(tp, list);
  }

  const lost: string[] = [];
  const twice: string[] = [];
  const failed: MissedEvent[] = [];
  const stranded: MissedEvent[] = [];
  const poisonTookEffect: string[] = [];
  const repeatsByCause = new Map<string, number>();
  const parkedIds = f.parked ?? new Set<string>();
  let poisonInDlq = 0;
  let parked = 0;
  let once = 0;
  for (const id of f.eventIds) {
    const n = f.effects.get(id) ?? 0;
    const row = dlqById.get(id);
    if (f.poison.has(id)) {
      if (n > 0) poisonTookEffect.push(id);
      else if (parkedIds.has(id)) parked++;
      else if (row) poisonInDlq++;
      else lost.push(id);
      continue;
    }
    if (n > 1) {
      const cause = expected.get(id);
      if (cause) repeatsByCause.set(cause, (repeatsByCause.get(cause) ?? 0) + n - 1);
      else twice.push(id);
    }
    if (n === 1) once++;
    if (n > 0) continue;
    if (parkedIds.has(id)) {
      parked++;
      continue;
    }
    if (!row) {
      lost.push(id);
      continue;
    }
    const position = positionOf(row);
    const reason = reasonOf(row);
    if (f.crashed && HELD.test(reason ?? '')) {
      stranded.push({ eventId: id, position, why: 'its claim was held by the crashed invocation' });
      continue;
    }
    // A record that ran and failed with an error of its own is the handler's failure wherever it
    // stands; only one that never ran (reported behind another) is explained by what it stood behind.
    const ranAndFailed = position !== undefined && f.reasons.has(position);
    const before = (
      row.partition === null || ranAndFailed ? [] : (faulty.get(`${row.topic}-${row.partition}`) ?? [])
    )
      .filter((r) => r.offset < Number(row.offset))
      .sort((a, b) => a.offset - b.offset)[0];
    if (before) {
      stranded.push({ eventId: id, position, why: `behind the ${before.what} of its partition` });
      continue;
    }
    failed.push({ eventId: id, position, why: reason ?? `${row.condition}, no reason logged` });
  }
  const keyOrder = f.keyOrder
    ? judgeKeyOrder(f.keyOrder, new Set([...dlqById.keys(), ...parkedIds, ...f.poison]))
    : undefined;
  const ok =
    lost.length === 0 &&
    twice.length === 0 &&
    failed.length === 0 &&
    poisonTookEffect.length === 0 &&
    (keyOrder?.outOfOrder.length ?? 0) === 0;
  return {
    ok,
    lost,
    twice,
    failed,
    stranded,
    poisonTookEffect,
    poisonInDlq,
    parked,
    repeatsByCause,
    once,
    ...(keyOrder ? { keyOrder } : {}),
  };
}

/** The emulator's note for a record the function reported without logging why: it never ran. */
export function notRun(lastError: string | null): string | null {
  return lastError === 'reported in batchItemFailures'
    ? 'reported failed without an error of its own: stopped behind a failed record of its partition, never ran'
    : lastError;
}
