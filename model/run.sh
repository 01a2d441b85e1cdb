#!/usr/bin/env bash
# npm run model: model-check the claim protocol (model/claim.pml) with spin.
#   - the correct model, in each configuration, has no violation;
#   - each defect the reviews found, put back one at a time, has one, and its kept trail
#     (model/trails/<name>.trail) still replays to a violation (`spin -t`);
#   - each condition docs/reliability.md names for a double effect, with its excuse removed from the
#     assertion (STRICT_*), has a counterexample: the condition is real, not a loophole.
# Usage: bash model/run.sh [--update-trails] [name...]   (names: see the RUNS table below;
#        deep-* runs only when named)
# Each line prints spin's figures: states stored, depth reached, time.
set -euo pipefail
cd "$(dirname "$0")"
MODEL_DIR=$(pwd)

update=false
only=()
for arg in "$@"; do
  case "$arg" in
    --update-trails) update=true ;;
    *) only+=("$arg") ;;
  esac
done

for tool in spin gcc; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "model: $tool not found (Debian: apt-get install spin gcc)" >&2
    exit 2
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/msk-once-model.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$MODEL_DIR"/*.pml "$work"/

# name | expect (pass: no violation; fail: a violation) | cpp flags | pan compile flags
RUNS=(
  "correct|pass|-DMAXFAULTS=1|"
  "deep-2-faults|pass|-DMAXFAULTS=2|-DBITSTATE"
  "rollout|pass|-DROLLOUT -DMAXFAULTS=0|"
  "failover|pass|-DFAILOVER -DMAXFAULTS=0|"
  "short-window|pass|-DSHORT_WINDOW -DMAXFAULTS=0|"
  "defect-commit-no-cas|fail|-DDEFECT_COMMIT_NO_CAS -DMAXFAULTS=1|"
  "defect-late-not-released|fail|-DDEFECT_LATE_NOT_RELEASED -DMAXFAULTS=1|"
  "defect-confirm-one-key|fail|-DDEFECT_CONFIRM_ONE_KEY -DMAXFAULTS=1|"
  "defect-rollout-read-only|fail|-DROLLOUT -DDEFECT_ROLLOUT_READ_ONLY -DMAXFAULTS=1|"
  "defect-wait-runs-held|fail|-DDEFECT_WAIT_RUNS_HELD -DMAXFAULTS=0|"
  "double-lease-outlived|fail|-DSTRICT_OUTLIVED -DMAXFAULTS=1|"
  "double-crash-before-commit|fail|-DSTRICT_CRASH -DMAXFAULTS=1|"
  "double-commit-failed|fail|-DSTRICT_COMMIT -DMAXFAULTS=1|"
  "double-fail-open-outage|fail|-DSTRICT_OPEN -DPOLICY_OPEN -DMAXFAULTS=1|"
  "double-stale-trusted|fail|-DSTRICT_STALE -DPOLICY_OPEN -DMAXFAULTS=2|"
  "double-failover|fail|-DSTRICT_FAILOVER -DFAILOVER -DMAXFAULTS=0|"
  "double-short-window|fail|-DSTRICT_WINDOW -DSHORT_WINDOW -DMAXFAULTS=0|"
  "key-order|pass|-DKEY_ORDER -DMAXFAULTS=1|"
  "defect-key-order-unguarded|fail|-DKEY_ORDER -DDEFECT_KEY_ORDER_UNGUARDED -DPOLICY_OPEN -DMAXFAULTS=1|"
  "double-key-order-ahead|fail|-DKEY_ORDER -DSTRICT_AHEAD -DMAXFAULTS=1|"
)

failed=0
for entry in "${RUNS[@]}"; do
  IFS='|' read -r name expect defs panflags <<<"$entry"
  if [ ${#only[@]} -gt 0 ] && [[ ! " ${only[*]} " == *" $name "* ]]; then continue; fi
  # deep-* runs take longer than CI should wait: only when named.
  if [ ${#only[@]} -eq 0 ] && [[ "$name" == deep-* ]]; then continue; fi
  dir="$work/$name"
  mkdir -p "$dir"
  cp "$work"/*.pml "$dir"/
  # shellcheck disable=SC2086
  (cd "$dir" && spin -a $defs claim.pml >spin.log 2>&1) || { echo "model: $name: spin -a failed" >&2; cat "$dir/spin.log" >&2; exit 2; }
  # -DSAFETY: assertions and end states; a fixed hash table; MEMLIM keeps one run under 4 GB.
  # shellcheck disable=SC2086
  (cd "$dir" && gcc -w -O2 -DSAFETY -DVECTORSZ=2048 -DMEMLIM=4000 -DCOLLAPSE $panflags -o pan pan.c) || { echo "model: $name: gcc failed" >&2; exit 2; }
  if [[ "$panflags" == *BITSTATE* ]]; then size="-w32"; else size="-w26"; fi
  (cd "$dir" && ./pan -m400000 "$size" >pan.out 2>&1) || true
  errors=$(sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$dir/pan.out" | head -1)
  states=$(sed -n 's/^ *\([0-9e.+]*\) states, stored.*/\1/p' "$dir/pan.out" | head -1)
  depth=$(sed -n 's/.*depth reached \([0-9]*\).*/\1/p' "$dir/pan.out" | head -1)
  secs=$(sed -n 's/^pan: elapsed time \([0-9.e+-]*\) seconds.*/\1/p' "$dir/pan.out" | head -1)
  what=$(grep -m1 -o 'assertion violated.*' "$dir/pan.out" | cut -c1-110 || true)
  if [ -z "$errors" ]; then
    echo "FAIL  $name: pan did not finish"; tail -5 "$dir/pan.out"; failed=1; continue
  fi
  if grep -q "Search not completed\|max search depth too small" "$dir/pan.out" && [ "$errors" = 0 ]; then
    echo "FAIL  $name: search incomplete (depth bound or memory)"; grep -m2 "depth\|memory" "$dir/pan.out"; failed=1; continue
  fi
  figures="states stored ${states:-?}, depth ${depth:-?}, ${secs:-?} s${panflags:+ ($panflags)}"
  if [ "$expect" = pass ]; then
    if [ "$errors" = 0 ]; then echo "ok    $name: no violation; $figures"
    else echo "FAIL  $name: $what; $figures"; failed=1; fi
    continue
  fi
  if [ "$errors" = 0 ]; then echo "FAIL  $name: expected a violation, spin found none; $figures"; failed=1; continue; fi
  trail="$MODEL_DIR/trails/$name.trail"
  if $update || [ ! -f "$trail" ]; then mkdir -p "$MODEL_DIR/trails"; cp "$dir/claim.pml.trail" "$trail"; fi
  # The kept trail must still replay to a violation against the model as it is now.
  replay="$dir/replay"
  mkdir -p "$replay"
  cp "$work"/*.pml "$replay"/
  cp "$trail" "$replay/claim.pml.trail"
  # shellcheck disable=SC2086
  if (cd "$replay" && spin -t $defs claim.pml 2>&1) | grep -q "assertion violated"; then
    echo "ok    $name: violation ($what); trail replays; $figures"
  else
    echo "FAIL  $name: violation found, but trails/$name.trail no longer replays to one (--update-trails after review)"
    failed=1
  fi
done
if [ "$failed" != 0 ]; then
  echo "model: some runs did not give the expected verdict" >&2
  exit 1
fi
echo "model: every run gave the expected verdict"
