/*
 * msk-once's claim protocol, as the code does it (model/README.md maps every step to its function
 * or Lua script). One partition of NREC records, one event per record; up to NINV invocations of
 * the consumer (the first delivery, a rebalance overlap, retries after a failure, a crash or a
 * timeout); the event source mapping (ESM) that commits offsets, retries and sends to the DLQ;
 * the dedup store as atomic steps on keys; abstract lease timers; the soak's faults.
 *
 * Configurations (cpp macros, given by model/run.sh):
 *   ROLLOUT        invocations are of the previous version (old keys only) or of 0.2.0 with
 *                  readPreviousKeys (both keys), chosen per invocation
 *   FAILOVER       the store replicates asynchronously and may fail over once, losing the writes
 *                  not yet replicated
 *   SHORT_WINDOW   a DONE key may expire before a redelivery (a window shorter than the redelivery)
 *   MAXFAULTS=n    faults injected per run (store unavailable, reply lost, claim late, pause,
 *                  crash, early timeout, renewal failing); default 2
 *   POLICY_OPEN / POLICY_CLOSED  fix the policy; default: both, chosen at the start
 * Defects the reviews found, one at a time (model/run.sh checks spin finds each):
 *   DEFECT_COMMIT_NO_CAS      commit lets the lease go whoever holds it
 *   DEFECT_LATE_NOT_RELEASED  a claim answered after the client timed out is never released
 *   DEFECT_CONFIRM_ONE_KEY    the stale re-confirmation renews the next record's key only and
 *                             counts as a confirmation of the whole batch
 *   DEFECT_ROLLOUT_READ_ONLY  the rollout reads the previous-format key (GET) but never writes it
 * Excuses the double-effect assertion accepts, each removable (STRICT_<name>) to show by a
 * counterexample that the condition really lets an effect run twice (docs/reliability.md table).
 */

#ifndef NREC
#define NREC 2
#endif
#define NINV 3
#define NKEY (2*NREC)      /* key r: the 0.2.0 key of record r's event; NREC+r: its previous-format key */
#define MAXRETRY 1         /* the ESM's MaximumRetryAttempts: a record blamed twice goes to the DLQ */
#ifndef MAXFAULTS
#define MAXFAULTS 2
#endif

/* Key values: absent, DONE, or IN_PROGRESS of invocation o (P:<owner>). */
#define ABSENT 0
#define DONE 1
#define HELD(o) (2+(o))
#define ISHELD(v) ((v) >= 2)
#define OWNER(v) ((v) - 2)
#define REC(k) ((k) >= NREC -> (k) - NREC : (k))

/* Claim states of a BatchRecord (lib/consumer/batch-record.ts). */
#define C_NONE 0
#define C_CLAIMED 1
#define C_UNGUARDED 2
#define C_DUP 3
#define C_HELD 4
#define C_REFUSED 5
#define C_LOST 6
#define C_OUTLIVING 7
#define C_COMMITTED 8
#define C_RELEASED 9
/* Run states. */
#define R_WAIT 0
#define R_RUN 1
#define R_OK 2
#define R_FAIL 3
#define R_DEDUP 4

/* What one key's claim answered (CLAIM_MANY_LUA: c, d, h) or the round trip's error. */
#define RC_CLAIMED 0
#define RC_DONE 1
#define RC_HELD 2
#define RC_ERR 3
/* What a renewal answered for a key (EXTEND_MANY_LUA: r, d, l). */
#define RN_RENEWED 0
#define RN_DONE 1
#define RN_LOST 2
/* How a round trip ends. */
#define OUT_OK 0
#define OUT_UNAVAILABLE 1   /* not applied: connection refused, stalled before the server */
#define OUT_REPLY_LOST 2    /* applied by the server, the answer never came (reset, timeout) */
#define OUT_LATE 3          /* claims only: the client timed out, the server applies it afterwards */
/* The answer an invocation gives the ESM. */
#define A_NONE 0
#define A_SUCCESS 1
#define A_ERROR 2           /* a function error: a crash, a timeout, middy's early timeout */
#define A_PARTIAL 3         /* A_PARTIAL + f: batchItemFailures from offset f on */

#define NEW 0
#define OLD 1

#define I(o, r) ((o) * NREC + (r))
#define K1(o, r) (ver[o] == OLD -> NREC + (r) : (r))
#ifdef ROLLOUT
#define HAS2(o) (ver[o] == NEW)
#else
#define HAS2(o) false
#endif
#define K2(r) (NREC + (r))

/* --- shared state --- */
byte store[NKEY];
/* The DONE mark of a current-format key (k < NREC): a field of its mark bucket's hash holding the
   slice of its commit (dedup-mark.ts), beside the lease key in its slot; true while a claim finds
   it fresh. A previous format's key keeps its DONE in store[k]. */
bool mark[NREC];
#ifdef FAILOVER
byte replica[NKEY];
bool replicaMark[NREC];
bool failedOver;
#endif
byte cl[NINV * NREC];
byte rn[NINV * NREC];
byte ver[NINV];
bool stale[NINV];      /* more than a lease since the batch's claims were last confirmed */
bool crashed[NINV];
bool over[NINV];       /* answered, nothing outliving: renewals stop */
bool mayleave[NINV];   /* a fault left claims of this invocation that only their lease ends */
byte answer[NINV];
byte faults;
bool open;             /* onStoreError: open (true) or closed */
byte alive;            /* processes still running besides the ESM and the clock */
bool esmDone;

/* --- the ESM's state and the ghost variables of the properties --- */
byte committed;        /* the consumer group's committed offset */
byte attempts[NREC];
bool dlq[NREC];
byte effects[NREC];
bool gOutlived[NREC];      /* a claim ended (lease) under a running or succeeded-uncommitted record */
bool gCrash[NREC];         /* ... the same, its owner crashed before the commit */
bool gCommitFailed[NREC];  /* the commit of a succeeded record never reached the store */
bool gOpen[NREC];          /* run unguarded: the store failed under fail-open */
bool gStaleTrusted[NREC];  /* started on a stale claim whose re-confirmation failed */
bool gWindow[NREC];        /* the DONE key expired */
bool gFailover;            /* the store failed over, losing unreplicated writes */
bool gAhead[NREC];         /* KEY_ORDER: succeeded in an invocation where a lower offset of its partition had failed */
bool gAheadOpen[NREC];     /* ... and ran unguarded (fail-open): no DONE mark could stop its next delivery */

#ifdef STRICT_OUTLIVED
#define X_OUTLIVED(r) false
#else
#define X_OUTLIVED(r) gOutlived[r]
#endif
#ifdef STRICT_CRASH
#define X_CRASH(r) false
#else
#define X_CRASH(r) gCrash[r]
#endif
#ifdef STRICT_COMMIT
#define X_COMMIT(r) false
#else
#define X_COMMIT(r) gCommitFailed[r]
#endif
#ifdef STRICT_OPEN
#define X_OPEN(r) false
#else
#define X_OPEN(r) gOpen[r]
#endif
#ifdef STRICT_STALE
#define X_STALE(r) false
#else
#define X_STALE(r) gStaleTrusted[r]
#endif
#ifdef STRICT_WINDOW
#define X_WINDOW(r) false
#else
#define X_WINDOW(r) gWindow[r]
#endif
#ifdef STRICT_FAILOVER
#define X_FAILOVER false
#else
#define X_FAILOVER gFailover
#endif
#define EXCUSED(r) (X_OUTLIVED(r) || X_CRASH(r) || X_COMMIT(r) || X_OPEN(r) || X_STALE(r) || X_WINDOW(r) || X_FAILOVER)

#include "store.pml"
#include "consumer.pml"
#include "esm.pml"
#include "clock.pml"

init {
#if defined(POLICY_OPEN)
  open = true;
#elif defined(POLICY_CLOSED)
  open = false;
#else
  if
  :: open = true
  :: open = false
  fi;
#endif
  atomic { run clock(); run esm() }
}
