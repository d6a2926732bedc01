#!/usr/bin/env bash
# Judge overhead per tiny case, side by side (docs/performance.md, "Judge overhead"):
# 200 cases of `a b` -> `a+b` judged by `ojgames judge --no-bundle`, by a shell loop that runs
# the same binary and compares with `cmp`, and by online-judge-tools' `oj test` (if installed:
# `pip install online-judge-tools`). Interleaved rounds; prints the median per case.
# Usage: scripts/sh/judge-overhead.sh [ROUNDS] (default 5). Needs `cargo build --release -p ojgames`.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
rounds=${1:-5}
cases=200
ojgames=$root/target/release/ojgames
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cp -r "$root/scripts/tests/fixtures/verdict_ws/." "$work/"
rm -rf "$work/testdata/ac" && mkdir -p "$work/testdata/ac"
for i in $(seq 1 $cases); do
  printf '%d %d\n' "$i" "$((i * 7))" > "$work/testdata/ac/$i.in"
  printf '%d\n' "$((i * 8))" > "$work/testdata/ac/$i.out"
done
"$ojgames" --root "$work" judge ac > /dev/null   # bundle and compile once
solution=$(ls "$work"/target/ojgames/ac/bin/*/solution)

now() { date +%s.%N; }
per_case() { echo "($2 - $1) * 1000 / $cases" | bc -l; }

run_ojgames() { "$ojgames" --root "$work" judge ac --no-bundle > /dev/null; }
run_shell() {
  for in in "$work"/testdata/ac/*.in; do
    "$solution" < "$in" > "$work/out" && cmp -s "$work/out" "${in%.in}.out" || echo "WA $in"
  done
}
run_oj() { (cd "$work" && oj test -c "$solution" -d testdata/ac > /dev/null 2>&1); }

tools=(ojgames shell)
command -v oj > /dev/null && oj --version 2>/dev/null | grep -q online-judge-tools && tools+=(oj)
declare -A samples
for round in $(seq 1 "$rounds"); do
  for tool in "${tools[@]}"; do
    start=$(now); "run_$tool"; end=$(now)
    samples[$tool]+="$(per_case "$start" "$end") "
  done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# The solution's own share: its spawn-to-exit wall time per case, as the judge reports it.
own=$("$ojgames" --root "$work" judge ac --no-bundle --json |
  python3 -c 'import json, sys; w = [json.loads(l).get("wall_ms") for l in sys.stdin]; w = [x for x in w if x is not None]; print(sorted(w)[len(w) // 2])')
echo "| judge ($cases tiny cases, median of $rounds interleaved rounds) | ms a case |"
echo "|---|---:|"
for tool in "${tools[@]}"; do
  case $tool in
    ojgames) label='`ojgames judge --no-bundle` (limits, CPU time, peak memory, process group)' ;;
    shell) label='shell loop: run, `cmp -s` (no limits, no figures)' ;;
    oj) label="online-judge-tools \`oj test\` ($(oj --version 2>/dev/null | head -1))" ;;
  esac
  printf '| %s | %.2f |\n' "$label" "$(echo "${samples[$tool]}" | median)"
done
printf '| of which the solution itself, spawn to exit (median `wall_ms` of `ojgames judge --json`) | %.2f |\n' "$own"
