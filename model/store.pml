/*
 * The dedup store (lib/dedup/redis-store.ts): each script is one atomic step on one key (and, for
 * a current-format key, its DONE mark in the same slot), as Redis runs a Lua script or a command. A batch call is a sequence of such steps inside one `atomic`
 * (one pipeline: other clients' scripts may run between two calls, not inside one script).
 */

/* Every write by a client goes through here: a claim is ended only by its owner or its lease. */
inline write(o, k, v) {
  assert(!ISHELD(store[k]) || OWNER(store[k]) == o || store[k] == v);  /* P5 */
  store[k] = v
}

/* Whether key k has DONE marks in hashes (its current format), or a string DONE (a previous one). */
#define MARKED(k) ((k) < NREC -> mark[REC(k)] : false)

/* CLAIM_MARKS_LUA per key: a fresh mark (HGET: its slice within the window's) is a duplicate (nothing written); else
   SET key P:<owner> PX <lease> NX GET, whose 'D' is a string mark (0.3.0's, or a previous format's). */
inline claimKey(o, k, res) {
  if
  :: MARKED(k) -> res = RC_DONE
  :: else ->
     if
     :: store[k] == ABSENT -> store[k] = HELD(o); res = RC_CLAIMED
     /* its own value: a claim resent after a redirection answers claimed (SET NX writes nothing) */
     :: store[k] == HELD(o) -> res = RC_CLAIMED
     :: store[k] == DONE -> res = RC_DONE
     :: ISHELD(store[k]) && store[k] != HELD(o) -> res = RC_HELD
     fi
  fi
}

/* COMMIT_MARKS_LUA per key. A current-format key: HSET its mark (whoever holds the lease: the
   effect happened), then IN_PROGRESS(mine) -> absent. The stale marks the same script may delete
   from the hash are marks no claim finds fresh any more, and the hash's TTL (set by the first
   commit of each slice, a window + two slices) outlives every mark's window: WINDOW (clock.pml)
   stands for their end. A previous format's key (no hash; COMMIT_LUA):
   IN_PROGRESS(mine) or gone -> DONE for the window. */
inline commitKey(o, k) {
  if
  :: k < NREC ->
     mark[REC(k)] = true;
#ifdef DEFECT_COMMIT_NO_CAS
     write(o, k, ABSENT)
#else
     if
     :: store[k] == HELD(o) -> write(o, k, ABSENT)
     :: else -> skip
     fi
#endif
  :: else ->
     if
     :: store[k] == HELD(o) || store[k] == ABSENT -> write(o, k, DONE)
     :: else -> skip
     fi
  fi
}

/* RELEASE_LUA / RELEASE_MANY_LUA: IN_PROGRESS(mine) -> absent. */
inline releaseKey(o, k) {
  if
  :: store[k] == HELD(o) -> write(o, k, ABSENT)
  :: else -> skip
  fi
}

/* EXTEND_LUA / EXTEND_MANY_LUA: mine -> PEXPIRE (renewed), a string DONE -> done, else lost (a
   mark is not read: a lease another finished is gone, lost, and its next claim finds the mark). */
inline extendKey(o, k, res) {
  if
  :: store[k] == HELD(o) -> res = RN_RENEWED
  :: store[k] == DONE -> res = RN_DONE
  :: else -> res = RN_LOST
  fi
}

/* How a round trip ends (the soak's Redis faults, within the run's fault budget). */
inline roundTrip(out) {
  if
  :: out = OUT_OK
  :: faults < MAXFAULTS -> faults++; out = OUT_UNAVAILABLE
  :: faults < MAXFAULTS -> faults++; out = OUT_REPLY_LOST
  fi
}
/* A claim may also be answered late: the client has given up, the server applies it afterwards. */
inline claimTrip(out) {
  if
  :: out = OUT_OK
  :: faults < MAXFAULTS -> faults++; out = OUT_UNAVAILABLE
  :: faults < MAXFAULTS -> faults++; out = OUT_REPLY_LOST
  :: faults < MAXFAULTS -> faults++; out = OUT_LATE
  fi
}

