/*
 * The event source mapping (emulator/event-source-mapping.ts): delivers the uncommitted records
 * of the partition, commits offsets by the answer, retries, sends exhausted records to the DLQ,
 * and once starts a second invocation on the same records while the first runs (a rebalance).
 */

/* Offsets move forward only (#commit); P2: no record committed without its effect or the DLQ. */
inline commitOffset(n) {
  atomic {
    e = committed;
    do
    :: e < n -> assert(effects[e] > 0 || dlq[e]); e++
    :: else -> break
    od;
    if :: n > committed -> committed = n :: else -> skip fi
  }
}

inline startInvocation() {
  atomic {
    from[next] = committed;
    alive++;
    run invocation(next, committed);
    inflight++;
    next++
  }
}

/* What the ESM does with invocation o's answer (#deliver, #resumeFromLowest, #onFunctionError). */
inline process(o) {
  atomic {
    seen[o] = true;
    inflight--;
    if
    :: answer[o] == A_SUCCESS -> commitOffset(NREC)
    :: answer[o] >= A_PARTIAL ->
       /* resume-from-lowest: the lowest reported record is blamed; the ones before it commit */
       f = answer[o] - A_PARTIAL;
       attempts[f]++;
       if
       :: attempts[f] > MAXRETRY -> dlq[f] = true; commitOffset(f + 1)
       :: else -> commitOffset(f)
       fi
    :: answer[o] == A_ERROR ->
       /* a function error: every record of the batch is blamed; no bisect: all go together */
       exhausted = false;
       e = from[o];
       do
       :: e < NREC -> attempts[e]++; if :: attempts[e] > MAXRETRY -> exhausted = true :: else -> skip fi; e++
       :: else -> break
       od;
       if
       :: exhausted ->
          e = from[o];
          do
          :: e < NREC -> dlq[e] = true; e++
          :: else -> break
          od;
          commitOffset(NREC)
       :: else -> skip
       fi
    fi
  }
}

#define ANSWERED(o) :: !seen[o] && answer[o] != A_NONE -> process(o)

proctype esm() {
  byte next, inflight, e, f;
  byte from[NINV];
  bool seen[NINV];
  bool rebalanced, exhausted;
  startInvocation();
  do
  ANSWERED(0)
  ANSWERED(1)
  ANSWERED(2)
  :: !rebalanced && inflight > 0 && next < NINV && committed < NREC ->
     rebalanced = true; startInvocation()
  :: inflight == 0 && committed < NREC && next < NINV -> startInvocation()
  :: inflight == 0 && (committed == NREC || next == NINV) -> break
  od;
  esmDone = true
}
