#!/usr/bin/env bash
# Two builds of the tool side by side after an edit (docs/performance.md, "The check after an
# edit that adds lines"): for ROUNDS rounds, tool A then tool B, each in its own copy of
# ROOT (without target/ and .git) and its own empty store (OJGAMES_CACHE), each after its own
# one-line edit of main.rs (a new empty function): `bundle ID`, then after another edit
# `judge ID` (which must pass every case); then `cargo build --release -p ID` after the same
# edit in A's copy (its own target directory). One line a round, then the medians.
# The tools are run directly (no make), both the same way; `--judge JUDGE` when given.
# Usage: scripts/sh/edit-ab.sh ROUNDS ROOT:ID[@JUDGE] TOOL_A TOOL_B
#   e.g. scripts/sh/edit-ab.sh 5 scripts/tests/fixtures/crates_ws:practice2_g@Codeforces \
#          /tmp/main/target/release/ojgames target/release/ojgames
# A case without a .out is given one from cargo's build of the solution (as bundle-speed.sh).
set -euo pipefail

# shellcheck source=speed-common.sh
. "$(dirname "$0")/speed-common.sh"
ab_arguments "$@"
two_copies
ms() { echo $((($(date +%s%N) - $1) / 1000000)); }
# This script's own edit (of a copy's main.rs), in place of speed-common.sh's: a function
# named by how many it wrote before (the rounds run in subshells: no counter survives them).
edit() {
    local main=$1/problems/$id/main.rs
    printf '\nfn _ab_edit_%d() {}\n' "$(grep -c '^fn _ab_edit_' "$main")" >>"$main"
}
# tool, copy, then the command's words.
run() {
    local tool=$1 copy=$2
    shift 2
    OJGAMES_CACHE=$copy.store "$tool" --root "$copy" "$@" "${judge[@]}" >"$tmp/log" 2>&1 || {
        cat "$tmp/log" >&2
        exit 1
    }
}
for k in 0 1; do
    run "${tools[$k]}" "$tmp/ws$k" bundle "$id"
    run "${tools[$k]}" "$tmp/ws$k" judge "$id"
done
# One round of tool K: the ms of its bundle and of its judge, each after an edit.
measure() {
    local k=$1 start b j
    edit "$tmp/ws$k"
    start=$(date +%s%N)
    run "${tools[$k]}" "$tmp/ws$k" bundle "$id"
    b=$(ms "$start")
    edit "$tmp/ws$k"
    start=$(date +%s%N)
    run "${tools[$k]}" "$tmp/ws$k" judge "$id"
    j=$(ms "$start")
    grep -q " 0 failed" "$tmp/log" || {
        cat "$tmp/log" >&2
        exit 1
    }
    echo "$b $j"
}
# cargo's build after the same kind of edit, in A's copy.
round_end() {
    local start
    edit "$tmp/ws0"
    start=$(date +%s%N)
    (cd "$tmp/ws0" && "${build[@]}") >&2
    ms "$start"
}
FIELDS=(bundle judge)
END_FIELDS=("cargo build")
ab_rounds
