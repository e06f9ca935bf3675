#!/usr/bin/env bash
# The whole test suite beside three busy processes, as on a loaded 2-core machine: a test that fails here with
# correct code races the clock (docs/developing.md, "Tests never race the clock"). Run from the repository's root
# with the test extra installed (the README's second command):
#
#   scripts/busy_suite.sh [TIMES] [PYTEST ARGUMENTS…]     # TIMES runs in a row (1 by default); e.g. 5 -x
#
# The busy processes are pure CPU loops at normal priority, started before the suite and stopped when it ends
# (each by its own process id). Each run's pytest output goes to busy-suite-N.log; the last lines say what failed.
set -uo pipefail
cd "$(dirname "$0")/.."
times="${1:-1}"
shift || true
busy=()
stop_busy() {
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done
}
trap stop_busy EXIT
for _ in 1 2 3; do
  python3 -c 'while True: pass' &
  busy+=("$!")
done
echo "busy processes: ${busy[*]} (load on $(nproc) cores)"
failed=0
for run in $(seq 1 "$times"); do
  started=$(date +%s)
  python -m pytest -p no:cacheprovider "$@" >"busy-suite-$run.log" 2>&1
  status=$?
  echo "run $run: exit $status in $(($(date +%s) - started)) s; $(tail -n 1 "busy-suite-$run.log")"
  grep -E '^(FAILED|ERROR) ' "busy-suite-$run.log" || true
  [ "$status" -eq 0 ] || failed=1
done
exit "$failed"
