#!/usr/bin/env bash
# The first bundle of a problem in a SECOND workspace (a cargo-compete user's next contest),
# after a first workspace bundled it, beside a clean `cargo build --release -p ID` there, side
# by side in one run (docs/performance.md, "Across workspaces"). A fresh OJGAMES_CACHE of the
# run's own: the first workspace fills it (untimed); then ROUNDS rounds of a fresh copy of the
# workspace (no target/), its first `ojgames bundle ID [--judge J]` timed, then a clean cargo
# build of it in another fresh copy. Prints the medians, their ratio and the load.
# Usage: scripts/sh/second-workspace-speed.sh [ROUNDS] [ROOT:ID[@JUDGE]]
#        (default: 3 rounds, crates_ws:practice2_g@Codeforces)
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
rounds=${1:-3}
case=${2:-scripts/tests/fixtures/crates_ws:practice2_g@Codeforces}
root=$(cd "$repo" && cd "${case%%:*}" && pwd)
id=${case#*:}
judge=()
if [[ $id == *@* ]]; then
    judge=(--judge "${id#*@}")
    id=${id%%@*}
fi
cd "$repo"
cargo build --release --quiet -p ojgames
tool=$repo/target/release/ojgames
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OJGAMES_CACHE="$tmp/cache"
copy() { mkdir -p "$1" && (cd "$root" && tar cf - --exclude=./target --exclude=./bundled .) | (cd "$1" && tar xf -); }
now() { date +%s%N; }
timed() {
    local start
    start=$(now)
    "$@" >"$tmp/log" 2>&1 || { cat "$tmp/log" >&2; exit 1; }
    echo $((($(now) - start) / 1000000))
}
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
copy "$tmp/first"
"$tool" --root "$tmp/first" bundle "$id" "${judge[@]}" >/dev/null
: >"$tmp/bundle" >"$tmp/cargo"
for round in $(seq "$rounds"); do
    copy "$tmp/ws$round"
    timed "$tool" --root "$tmp/ws$round" bundle "$id" "${judge[@]}" >>"$tmp/bundle"
    copy "$tmp/cargo$round"
    timed cargo build --release -q --manifest-path "$tmp/cargo$round/Cargo.toml" -p "$id" >>"$tmp/cargo"
done
a=$(median <"$tmp/bundle")
b=$(median <"$tmp/cargo")
echo "$id${judge[1]:+ --judge ${judge[1]}}: first bundle in a second workspace $a ms vs clean cargo build --release $b ms = $(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2f", a / b}')x (bundles: $(tr '\n' ' ' <"$tmp/bundle")ms; cargo: $(tr '\n' ' ' <"$tmp/cargo")ms)"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg); $rounds rounds, medians; $(nproc) cores"
