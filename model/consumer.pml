/*
 * One invocation of the consumer (lib/consumer/*): dedupClaims' before (claim), runPartitions
 * (records in offset order, ClaimLease.confirmIfStale, the handler, ClaimLease.ended), the group commits during the
 * batch, dedupClaims' after (settleClaims, settleWhenDone), its renewal timer (ClaimLease.renew), and
 * the late answer of a claim that timed out.
 */

/* The soak's consumer-side faults, within the fault budget. */
inline maybePause(o) {
  if
  :: faults < MAXFAULTS -> faults++; stale[o] = true   /* a blocked event loop: nothing renews */
  :: skip
  fi
}
#define CRASH(o) faults < MAXFAULTS -> faults++; crashed[o] = true; answer[o] = A_ERROR; over[o] = true; goto dead

/* P3 at a guarded start: the record's claim is still this invocation's (so no live owner holds it). */
#ifdef DEFECT_ROLLOUT_READ_ONLY
#define HOLDS_K2(o, r) true   /* the defect's notion of a claim: the new key only */
#else
#define HOLDS_K2(o, r) (!HAS2(o) || store[K2(r)] == HELD(o))
#endif
inline checkStart(o, r) {
  assert(store[K1(o, r)] == HELD(o) && HOLDS_K2(o, r) || X_FAILOVER || X_STALE(r));
}

/* P1: an effect runs twice only under one of the documented conditions. */
inline effect(r) {
  effects[r]++;
  assert(effects[r] <= 1 || EXCUSED(r));
#ifdef KEY_ORDER
  /* P6: a record of another key never runs again because key order ran it, unguarded, ahead of a
     lower offset that failed (ordering.ts, lanesOf: a partition with an unguarded claim keeps
     partition order). Fail-open does not excuse it: partition order would never have run it. */
  assert(effects[r] <= 1 || !gAheadOpen[r]);
#ifdef STRICT_AHEAD
  /* The residual case is real: a record run ahead may run again (its commit failed, or the store
     was down when it was delivered again), as docs/consumer.md, "Ordering", says. */
  assert(effects[r] <= 1 || !gAhead[r]);
#endif
#endif
}

/* Commit (COMMIT_MANY_LUA) the keys of the records in mask: one round trip. */
inline commitCall(o, mask) {
  atomic {
    roundTrip(out);
    j = 0;
    do
    :: j < NREC ->
       if
       :: (mask & (1 << j)) != 0 ->
          if
          :: out != OUT_UNAVAILABLE ->
             commitKey(o, K1(o, j));
             if :: HAS2(o) -> commitKey(o, K2(j)) :: else -> skip fi
          :: else -> gCommitFailed[j] = true; mayleave[o] = true
          fi
       :: else -> skip
       fi;
       j++
    :: else -> break
    od
  }
}

/* Release (RELEASE_MANY_LUA) the keys of the records in mask; both keys when rolling out. */
inline releaseCall(o, mask, both) {
  atomic {
    roundTrip(out);
    j = 0;
    do
    :: j < NREC ->
       if
       :: (mask & (1 << j)) != 0 ->
          if
          :: out != OUT_UNAVAILABLE ->
             releaseKey(o, K1(o, j));
             if :: both && HAS2(o) -> releaseKey(o, K2(j)) :: else -> skip fi
          :: else -> mayleave[o] = true
          fi
       :: else -> skip
       fi;
       j++
    :: else -> break
    od
  }
}

/* A renewal's per-key answer applied to a record not yet started (lease.ts, ClaimLease #applyRenewal). */
inline applyRenewal(o, r, res) {
  if
  :: res != RN_RENEWED && cl[I(o, r)] == C_CLAIMED && rn[I(o, r)] == R_WAIT ->
     cl[I(o, r)] = (res == RN_DONE -> C_DUP : C_LOST);
     /* rolling out: the event's other key, if still held, is not released; its lease ends it */
     if :: HAS2(o) -> mayleave[o] = true :: else -> skip fi
  :: else -> skip
  fi
}

/* Renew (EXTEND_MANY_LUA) the keys of record r; res is the worst answer of its keys. */
inline extendRecord(o, r, res) {
  extendKey(o, K1(o, r), res);
  if
  :: HAS2(o) && res == RN_RENEWED -> extendKey(o, K2(r), res)
  :: else -> skip
  fi
}

/*
 * ClaimLease.renew: every third of the lease, renew the claimed and outliving records, per key. A renewal
 * that answers while the claims are fresh changes nothing (no claim can end then, but by a
 * failover), so the clock fires one only when the batch is stale or after a failover; renewals
 * that fail are the stale flag staying set (maybePause).
 */
inline renewAll(o) {
  rr = 0;
  do
  :: rr < NREC ->
     if
     :: cl[I(o, rr)] == C_CLAIMED || cl[I(o, rr)] == C_OUTLIVING ->
        extendRecord(o, rr, res);
        applyRenewal(o, rr, res)
     :: else -> skip
     fi;
     rr++
  :: else -> break
  od;
  stale[o] = false          /* batch.confirmedAt = sentAt */
}

/* A claim answered after the client gave up (redis-store.ts #bounded's onLate). */
proctype late(byte o; byte mask) {
  byte k, mine, res;
  atomic {
    mine = 0;
    k = 0;
    do
    :: k < NKEY ->
       if
       :: (mask & (1 << k)) != 0 ->
          claimKey(o, k, res);
          if :: res == RC_CLAIMED -> mine = mine | (1 << k) :: else -> skip fi
       :: else -> skip
       fi;
       k++
    :: else -> break
    od
  }
  if
  :: !crashed[o] ->
#ifdef DEFECT_LATE_NOT_RELEASED
     skip
#else
     /* fix (a): the connection survived: release (CAS) what the late answer says was claimed */
     atomic {
       k = 0;
       do
       :: k < NKEY ->
          if :: (mine & (1 << k)) != 0 -> releaseKey(o, k) :: else -> skip fi;
          k++
       :: else -> break
       od
     }
#endif
  :: mayleave[o] = true   /* the connection was dropped after the timeout: no answer reaches us */
  fi;
  alive--
}

/* The answer of the stale re-confirmation (lease.ts, ClaimLease.confirmIfStale), before claimed record r
   starts; its round trip (out) is awaited before. */
inline confirmStale(o, r) {
    if
    :: out == OUT_OK ->
#ifdef DEFECT_CONFIRM_ONE_KEY
       extendRecord(o, r, res);
       applyRenewal(o, r, res);
#else
       /* fix (b): every key of the records not yet started, confirmed per key */
       j = r;
       do
       :: j < NREC ->
          if
          :: cl[I(o, j)] == C_CLAIMED && rn[I(o, j)] == R_WAIT ->
             extendRecord(o, j, res);
             applyRenewal(o, j, res)
          :: else -> skip
          fi;
          j++
       :: else -> break
       od;
#endif
       stale[o] = false
    :: else ->
       /* ClaimLease #confirm: the renewal failed, so the claim is unconfirmed; the policy decides */
       if
       :: open -> gStaleTrusted[r] = true   /* fail-open: it runs, as in any store outage */
       :: else -> staleRefused = true       /* fail-closed: StoreUnavailableError, retried */
       fi
    fi
}

/* held-claim-wait.ts: a record whose claim another owner holds asks for it again (one key, the
   store's claim) before it fails. The wait's last ask stands for the whole wait: the other
   invocations move between the batch claim and this step. Freed: claimed here; DONE: a duplicate;
   still held, or the round trip failed: it fails as held. A late answer is released (fix (a)). */
inline waitHeld(o, r) {
  claimTrip(out);
  res = RC_ERR;
  if
  :: out == OUT_OK || out == OUT_REPLY_LOST -> claimKey(o, K1(o, r), res)
  :: else -> skip
  fi;
  if :: out != OUT_OK -> res = RC_ERR :: else -> skip fi;
  if :: out == OUT_REPLY_LOST -> mayleave[o] = true :: else -> skip fi;
  if :: out == OUT_LATE -> alive++; run late(o, 1 << K1(o, r)) :: else -> skip fi;
  if
  :: res == RC_CLAIMED -> cl[I(o, r)] = C_CLAIMED
#ifdef DEFECT_WAIT_RUNS_HELD
  :: res == RC_HELD -> cl[I(o, r)] = C_CLAIMED   /* the defect: a still-held claim taken for freed */
#endif
  :: res == RC_DONE -> cl[I(o, r)] = C_DUP
  :: else -> skip
  fi;
  out = 0; res = 0
}

/* runRecord's switch on the claim, up to record.start(): synchronous (a JSON payload), so it is
   one step with the staleness check or the re-confirmation's answer before it. A held record may
   first wait for its claim (not during a rollout: the model's second key is claimed on its own path). */
inline dispatch(o, r) {
  if
  :: cl[I(o, r)] == C_HELD && !HAS2(o) && !timedOut -> waitHeld(o, r)
  :: skip   /* heldClaimWaitMs 0, or the bound came first */
  fi;
  if
  :: cl[I(o, r)] == C_DUP -> rn[I(o, r)] = R_DEDUP
  :: cl[I(o, r)] == C_HELD || cl[I(o, r)] == C_REFUSED || cl[I(o, r)] == C_LOST ->
     rn[I(o, r)] = R_FAIL; stopped = true
  :: cl[I(o, r)] == C_CLAIMED || cl[I(o, r)] == C_UNGUARDED ->
     if
     :: cl[I(o, r)] == C_CLAIMED -> checkStart(o, r)
     :: else -> gOpen[r] = true
     fi;
     rn[I(o, r)] = R_RUN
  fi
}

/* settleClaims: commit succeeded records, release the rest; a running one outlives the answer. */
inline settle(o) {
  /* the calls are sent at once and, the owner being live, land within the lease */
  atomic {
    cm = 0;
    rm = 0;
    j = from;
    do
    :: j < NREC ->
       if
       :: cl[I(o, j)] == C_UNGUARDED -> cl[I(o, j)] = C_RELEASED
       :: cl[I(o, j)] == C_CLAIMED && rn[I(o, j)] == R_RUN -> cl[I(o, j)] = C_OUTLIVING
       :: cl[I(o, j)] == C_CLAIMED && rn[I(o, j)] == R_OK -> cl[I(o, j)] = C_COMMITTED; cm = cm | (1 << j)
       :: cl[I(o, j)] == C_CLAIMED && rn[I(o, j)] != R_RUN && rn[I(o, j)] != R_OK ->
          cl[I(o, j)] = C_RELEASED; rm = rm | (1 << j)
       :: else -> skip
       fi;
       j++
    :: else -> break
    od;
    if :: cm != 0 -> commitCall(o, cm) :: else -> skip fi;
    if :: rm != 0 -> releaseCall(o, rm, true) :: else -> skip fi
  }
}

/* The first moves of a started record, while its handler runs: middy's early timeout (the
   invocation answers; the sandbox is frozen, so nothing renews, until it thaws), a pause. */
inline handlerStarts(o, r) {
  if
  :: rn[I(o, r)] == R_RUN ->
     if
     :: faults < MAXFAULTS && !timedOut ->
        faults++; timedOut = true; stale[o] = true;
        settle(o);
        answer[o] = A_ERROR
     :: skip
     fi;
     maybePause(o)
  :: else -> skip
  fi
}

inline applyClaims(o) {
  r = from;
  do
  :: r < NREC ->
     cl[I(o, r)] = (cres[r] == RC_CLAIMED -> C_CLAIMED :
                   (cres[r] == RC_DONE -> C_DUP :
                   (cres[r] == RC_HELD -> C_HELD :
                   (open -> C_UNGUARDED : C_REFUSED))));
     cres[r] = 0;
     r++
  :: else -> break
  od;
  r = 0; out = 0; res = 0; lm = 0; rm = 0; j = 0
}

proctype invocation(byte o; byte from) {
  byte r, j, out, res, cm, rm, f, lm;
  byte cres[NREC];
  bool stopped, timedOut, confirming, staleRefused;
  bool ko;   /* KEY_ORDER: the two records are of two keys, one lane each; else one lane */

  /* --- dedupClaims.before: one claim call for the batch (RedisDedupStore.claim) --- */
  atomic {
#ifdef ROLLOUT
    if
    :: ver[o] = NEW
    :: ver[o] = OLD
    fi;
#endif
    claimTrip(out);
    r = from;
    do
    :: r < NREC ->
       if
       :: out == OUT_OK || out == OUT_REPLY_LOST -> claimKey(o, K1(o, r), res); cres[r] = res
       :: out == OUT_LATE -> lm = lm | (1 << K1(o, r))
       :: out == OUT_UNAVAILABLE -> skip
       fi;
       if :: out != OUT_OK -> cres[r] = RC_ERR :: else -> skip fi;
       r++
    :: else -> break
    od;
    if :: out == OUT_REPLY_LOST -> mayleave[o] = true :: else -> skip fi;
    if :: out == OUT_LATE -> alive++; run late(o, lm) :: else -> skip fi;
    /* batch.confirmedAt = sentAt: the claims are fresh */
    if :: !HAS2(o) -> applyClaims(o) :: else -> skip fi
  }

  /* --- the rollout: the previous-format key of each event just claimed (#readPrevious) --- */
  if
  :: HAS2(o) ->
     atomic {
       rm = 0;
       lm = 0;
       claimTrip(out);
       r = from;
       do
       :: r < NREC ->
          if
          :: cres[r] == RC_CLAIMED ->
#ifdef DEFECT_ROLLOUT_READ_ONLY
             /* GET only: DONE there is a duplicate, IN_PROGRESS there is held, absent is claimed */
             if
             :: out == OUT_OK ->
                if
                :: store[K2(r)] == DONE -> cres[r] = RC_DONE
                :: ISHELD(store[K2(r)]) -> cres[r] = RC_HELD
                :: else -> skip
                fi
             :: else -> cres[r] = RC_ERR
             fi;
#else
             /* fix (c): claim the previous-format key too; claimed only if both are */
             if
             :: out == OUT_OK || out == OUT_REPLY_LOST -> claimKey(o, K2(r), res)
             :: out == OUT_LATE -> lm = lm | (1 << K2(r)); res = RC_ERR
             :: else -> res = RC_ERR
             fi;
             if :: out != OUT_OK -> res = RC_ERR :: else -> skip fi;
             cres[r] = res;
#endif
             if :: cres[r] != RC_CLAIMED -> rm = rm | (1 << r) :: else -> skip fi
          :: else -> skip
          fi;
          r++
       :: else -> break
       od;
       if :: out == OUT_REPLY_LOST -> mayleave[o] = true :: else -> skip fi;
       if :: out == OUT_LATE && lm != 0 -> alive++; run late(o, lm) :: else -> skip fi;
       /* the new claim of an event not claimed on both keys is released, leaving keys as they were */
       if :: rm != 0 -> releaseCall(o, rm, false) :: else -> skip fi;
       applyClaims(o)
     }
  :: else -> skip
  fi;

#ifdef KEY_ORDER
  /* lanesOf: under key order each record is its own lane (two keys), unless a claim of the batch is
     unguarded: then the partition is one lane, as under partition order (the fix). */
  atomic {
    ko = true;
#ifndef DEFECT_KEY_ORDER_UNGUARDED
    r = from;
    do
    :: r < NREC -> if :: cl[I(o, r)] == C_UNGUARDED -> ko = false :: else -> skip fi; r++
    :: else -> break
    od;
#endif
    r = 0
  }
#endif

  /* --- runPartitions: one partition, offset order, the first failure stops its lane --- */
  r = from;
  do
  :: r == NREC -> break
  :: r < NREC ->
     atomic {
       if :: CRASH(o) :: skip fi;
       maybePause(o);
       if
       :: stopped && !ko -> rn[I(o, r)] = R_FAIL            /* PartitionStoppedError */
       :: (!stopped || ko) && cl[I(o, r)] == C_CLAIMED && stale[o] -> confirming = true
       :: else -> dispatch(o, r); handlerStarts(o, r)
       fi
     }
     if
     :: confirming ->
        atomic {
          roundTrip(out); confirmStale(o, r);
          if
          :: staleRefused -> rn[I(o, r)] = R_FAIL; stopped = true; staleRefused = false
          :: else -> dispatch(o, r); handlerStarts(o, r)
          fi;
          confirming = false; out = 0; res = 0; j = 0
        }
     :: else -> skip
     fi;
     if
     :: rn[I(o, r)] == R_RUN ->
        atomic {
#ifdef KEY_ORDER
          /* a lower offset failed and this record of another key runs all the same: ahead */
          if
          :: stopped -> gAhead[r] = true; if :: cl[I(o, r)] == C_UNGUARDED -> gAheadOpen[r] = true :: else -> skip fi
          :: else -> skip
          fi;
#endif
          if
          :: effect(r); rn[I(o, r)] = R_OK
          :: rn[I(o, r)] = R_FAIL; stopped = true              /* the handler threw */
          fi;
          if :: rn[I(o, r)] == R_OK -> if :: CRASH(o) :: skip fi :: else -> skip fi;
          if
          :: timedOut ->
             /* settleWhenDone */
             if
             :: rn[I(o, r)] == R_OK -> cl[I(o, r)] = C_COMMITTED; commitCall(o, 1 << r)
             :: else -> cl[I(o, r)] = C_RELEASED; releaseCall(o, 1 << r, true)
             fi;
             over[o] = true;
             goto dead
          :: else -> skip
          fi;
          /* fix (d): succeeded records are committed in groups during the batch */
          if
          :: rn[I(o, r)] == R_OK && cl[I(o, r)] == C_CLAIMED ->
             cl[I(o, r)] = C_COMMITTED; commitCall(o, 1 << r)
          :: skip
          fi;
          out = 0; j = 0
        }
     :: else -> skip
     fi;
     r++
  od;

  /* --- dedupClaims.after, and the answer --- */
  atomic {
    settle(o);
    f = from;
    do
    :: f < NREC && rn[I(o, f)] != R_FAIL -> f++
    :: else -> break
    od;
    answer[o] = (f == NREC -> A_SUCCESS : A_PARTIAL + f);
    over[o] = true
  }
dead:
  alive--
}
