/*
 * The dedup store (lib/dedup/redis-store.ts): each script is one atomic step on one key, as Redis
 * runs a Lua script or a command. A batch call is a sequence of such steps inside one `atomic`
 * (one pipeline: other clients' scripts may run between two calls, not inside one script).
 */

/* Every write by a client goes through here: a claim is ended only by its owner or its lease. */
inline write(o, k, v) {
  assert(!ISHELD(store[k]) || OWNER(store[k]) == o || store[k] == v);  /* P5 */
  store[k] = v
}

/* SET key P:<owner> PX <lease> NX GET (claim, one key; CLAIM_MANY_LUA per key). */
inline claimKey(o, k, res) {
  if
  :: store[k] == ABSENT -> store[k] = HELD(o); res = RC_CLAIMED
  /* its own value: a claim resent after a redirection answers claimed (SET NX writes nothing) */
  :: store[k] == HELD(o) -> res = RC_CLAIMED
  :: store[k] == DONE -> res = RC_DONE
  :: ISHELD(store[k]) && store[k] != HELD(o) -> res = RC_HELD
  fi
}

/* COMMIT_LUA / COMMIT_MANY_LUA: IN_PROGRESS(mine) or gone -> DONE for the window. */
inline commitKey(o, k) {
#ifdef DEFECT_COMMIT_NO_CAS
  write(o, k, DONE)
#else
  if
  :: store[k] == HELD(o) || store[k] == ABSENT -> write(o, k, DONE)
  :: else -> skip
  fi
#endif
}

/* RELEASE_LUA / RELEASE_MANY_LUA: IN_PROGRESS(mine) -> absent. */
inline releaseKey(o, k) {
  if
  :: store[k] == HELD(o) -> write(o, k, ABSENT)
  :: else -> skip
  fi
}

/* EXTEND_LUA / EXTEND_MANY_LUA: mine -> PEXPIRE (renewed), DONE -> done, else lost. */
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

