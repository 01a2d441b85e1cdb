/*
 * The clock and the server's own moves: leases ending (abstract timers), the renewal timer of each
 * invocation, DONE keys ending, asynchronous replication and a failover; and the end-of-run check.
 */

/* Leases as abstract timers: a claim held by owner o may end (the key expires) only when nobody
 * renews it within a lease: its owner crashed, is paused or frozen or its renewals fail (stale),
 * or does not renew that key (a claim whose answer was lost, a record no longer claimed). A claim
 * not yet applied to its record (C_NONE) is younger than a lease.
 */
#define RENEWING(o, r) ((cl[I(o, r)] == C_NONE || cl[I(o, r)] == C_CLAIMED || cl[I(o, r)] == C_OUTLIVING) && !over[o])
#define MAYEXPIRE(k) (ISHELD(store[k]) && \
  (crashed[OWNER(store[k])] || stale[OWNER(store[k])] || !RENEWING(OWNER(store[k]), REC(k))))

inline expire(k) {
  lo = OWNER(store[k]);
  lr = REC(k);
  li = I(lo, lr);
  /* The claim ends under an effect that ran or runs and is not committed: the documented window. */
  if
  :: rn[li] == R_RUN || (rn[li] == R_OK && cl[li] != C_COMMITTED) ->
     if
     :: crashed[lo] -> gCrash[lr] = true
     :: else -> gOutlived[lr] = true
     fi
  :: else -> skip
  fi;
  store[k] = ABSENT
}

#define EXPIRE(k) :: atomic { MAYEXPIRE(k) -> expire(k) }
#ifdef SHORT_WINDOW
#define WINDOW(k) :: atomic { store[k] == DONE -> store[k] = ABSENT; gWindow[REC(k)] = true } \
  :: atomic { mark[k] -> mark[k] = false; gWindow[k] = true }
#else
#define WINDOW(k)
#endif
#ifdef FAILOVER
/* Asynchronous replication: the replica catches up to a point in time; a failover promotes it
   as it is, losing every write since that point. */
#define REPLICATE(k)
#else
#define REPLICATE(k)
#endif

#ifdef FAILOVER
#define RENEW(o) :: atomic { (stale[o] || gFailover) && !over[o] && !crashed[o] -> renewAll(o) }
#else
#define RENEW(o) :: atomic { stale[o] && !over[o] && !crashed[o] -> renewAll(o) }
#endif

/* Time and the server: leases ending, renewals, DONE keys ending, replication; at the end, the
   leak check. */
proctype clock() {
  byte lo, lr, li, k, rr, res;
  do
  RENEW(0)
  RENEW(1)
  RENEW(2)
  EXPIRE(0)
  EXPIRE(1)
  EXPIRE(2)
  EXPIRE(3)
  WINDOW(0)
  WINDOW(1)
  REPLICATE(0)
  REPLICATE(1)
  REPLICATE(2)
  REPLICATE(3)
#ifdef FAILOVER
  :: atomic {
       !failedOver && (replica[0] != store[0] || replica[1] != store[1] || replica[2] != store[2] || replica[3] != store[3] ||
                       replicaMark[0] != mark[0] || replicaMark[1] != mark[1]) ->
       k = 0;
       do
       :: k < NKEY -> replica[k] = store[k]; k++
       :: else -> break
       od;
       replicaMark[0] = mark[0];
       replicaMark[1] = mark[1];
       k = 0
     }
  :: atomic {
       !failedOver -> failedOver = true; gFailover = true;
       k = 0;
       do
       :: k < NKEY -> store[k] = replica[k]; k++
       :: else -> break
       od;
       mark[0] = replicaMark[0];
       mark[1] = replicaMark[1]
     }
#endif
  :: atomic {
       esmDone && alive == 0 ->
       /* P4: every claim an invocation made ends by its commit or release, or (after a crash or
          a fault that cut the reply) by its lease. */
       k = 0;
       do
       :: k < NKEY ->
          assert(!ISHELD(store[k]) || crashed[OWNER(store[k])] || mayleave[OWNER(store[k])] || gFailover);
          k++
       :: else -> break
       od;
       break
     }
  od
}
