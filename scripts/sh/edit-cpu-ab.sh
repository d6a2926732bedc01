#!/usr/bin/env bash
# The tool's own CPU for a bundle after an edit, two builds of the tool side by side
# (docs/performance.md, "i21edit"): for ROUNDS rounds, tool A then tool B, each in its own
# copy of ROOT (without target/ and .git) and its own empty store (OJGAMES_CACHE), each after
# its own one-line edit of main.rs (a new empty function), `bundle ID --no-check -o FILE`
# under `perf stat -i -e task-clock,page-faults`: the ms of CPU and the page faults of the
# tool's own process, no child process (rustc, clippy-driver) and no thread counted, so a
# loaded machine disturbs it less than a wall-clock time. Each round also compares the two
# bundles (a line says when they differ). One line a round, then the medians.
# Usage: scripts/sh/edit-cpu-ab.sh ROUNDS ROOT:ID[@JUDGE] TOOL_A TOOL_B
set -euo pipefail

# shellcheck source=speed-common.sh
. "$(dirname "$0")/speed-common.sh"
ab_arguments "$@"
command -v perf >/dev/null || { echo "edit-cpu-ab.sh needs perf" >&2; exit 2; }
copies
# tool index; prints "CPU_MS PAGE_FAULTS"; the bundle in $tmp/bundle$k.rs.
run() {
    local k=$1
    OJGAMES_CACHE=$tmp/ws$k.store perf stat -i -x, -e task-clock,page-faults -o "$tmp/stat" \
        "${tools[$k]}" --root "$tmp/ws$k" bundle "$id" "${judge[@]}" --no-check \
        -o "$tmp/bundle$k.rs" >"$tmp/log" 2>&1 || {
        cat "$tmp/log" >&2
        exit 1
    }
    echo "$(grep task-clock "$tmp/stat" | cut -d, -f1) $(grep page-faults "$tmp/stat" | cut -d, -f1)"
}
# Twice each: the stores filled (the shake, the kept facts) before the rounds.
for k in 0 1; do
    run "$k" >/dev/null
    run "$k" >/dev/null
done
# One round of tool K: its CPU ms and page faults after its own edit.
measure() {
    printf '\nfn _cpu_edit_%d() {}\n' "$2" >>"$tmp/ws$1/problems/$id/main.rs"
    run "$1"
}
round_note() {
    cmp -s "$tmp/bundle0.rs" "$tmp/bundle1.rs" || echo "the bundles differ"
}
FIELDS=("CPU ms" "page faults")
END_FIELDS=()
ab_rounds
