#!/usr/bin/env bash
# Where the time of a judge after an edit goes, for two builds of the tool side by side
# (docs/performance.md, "i21judge"): for ROUNDS rounds, tool A then tool B, each in its own
# copy of ROOT (without target/ and .git) and its own empty store (OJGAMES_CACHE), each after
# its own one-line edit of main.rs (a new empty function), `judge ID` under `strace -f -tt -e
# trace=execve,exit_group`. One line a tool and round: the ms from the tool's start to the
# first exec of a `rustc … -O` (rustup's proxy or the toolchain's own), to the toolchain's
# own rustc -O, that rustc's run, from its exit to the first case's exec and to the end, and
# how many runs went through rustup's proxy (a `rustc`/`clippy-driver` on PATH that is not the
# toolchain's `bin/`). strace slows every step: compare A with B, not with other figures.
# Usage: scripts/sh/judge-steps.sh ROUNDS ROOT:ID[@JUDGE] TOOL_A TOOL_B
set -euo pipefail

# shellcheck source=speed-common.sh
. "$(dirname "$0")/speed-common.sh"
ab_arguments "$@"
command -v strace >/dev/null || { echo "judge-steps.sh needs strace" >&2; exit 2; }
two_copies
# tool, copy, then the command's words; the output in $tmp/log.
run() {
    local tool=$1 copy=$2
    shift 2
    OJGAMES_CACHE=$copy.store "$@" "$tool" --root "$copy" judge "$id" "${judge[@]}" >"$tmp/log" 2>&1 || {
        cat "$tmp/log" >&2
        exit 1
    }
}
for k in 0 1; do
    OJGAMES_CACHE=$tmp/ws$k.store "${tools[$k]}" --root "$tmp/ws$k" bundle "$id" "${judge[@]}" >/dev/null 2>&1
    run "${tools[$k]}" "$tmp/ws$k"
done
# ms from the strace time $1 to $2 (HH:MM:SS.micro, the same day).
ms() { awk -v a="$1" -v b="$2" 'function t(s, p) {split(s, p, ":"); return p[1] * 3600 + p[2] * 60 + p[3]} BEGIN {printf "%d", (t(b) - t(a)) * 1000}'; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$rounds"); do
    for k in 0 1; do
        printf '\nfn _steps_edit_%d() {}\n' "$r" >>"$tmp/ws$k/problems/$id/main.rs"
        trace=$tmp/trace
        run "${tools[$k]}" "$tmp/ws$k" strace -f -tt -e trace=execve,exit_group -o "$trace"
        grep -q " 0 failed" "$tmp/log" || { cat "$tmp/log" >&2; exit 1; }
        execs=$(grep 'execve(' "$trace" | grep -v ENOENT)
        start=$(head -1 "$trace" | awk '{print $2}')
        first=$(echo "$execs" | grep -E 'execve\("[^"]*/rustc", \[' | grep -- '"-O"' | head -1 | awk '{print $2}')
        own=$(echo "$execs" | grep -E 'execve\("[^"]*/toolchains/[^"]*/bin/rustc", \[' | grep -- '"-O"' | head -1)
        pid=$(echo "$own" | awk '{print $1}')
        at=$(echo "$own" | awk '{print $2}')
        exit_at=$(grep "^$pid .*exit_group" "$trace" | tail -1 | awk '{print $2}')
        case_at=$(echo "$execs" | grep -E "^[0-9]+ +[0-9:.]+ execve\(\"[^\"]*/bin/[0-9a-f]+/solution\"" | head -1 | awk '{print $2}')
        end=$(tail -1 "$trace" | awk '{print $2}')
        proxy=$(echo "$execs" | grep -E 'execve\("[^"]*/(rustc|clippy-driver)", \[' | grep -vc '/toolchains/' || true)
        echo "round $r $([ $k = 0 ] && echo A || echo B): to the first rustc -O $(ms "$start" "$first") ms, to the toolchain's rustc -O $(ms "$start" "$at") ms, rustc -O $(ms "$at" "$exit_at") ms, its exit to the first case $(ms "$exit_at" "$case_at") ms, to the end $(ms "$exit_at" "$end") ms, total $(ms "$start" "$end") ms, proxy runs $proxy"
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
