#!/usr/bin/env bash
# The table in docs/bundling.md: each problem's bundle in bytes with the reached modules kept
# whole, shaken to the items rustc finds used (the default), without comments, and minified;
# and how long the default bundling takes (wall clock, including its rustc runs).
# Usage: scripts/sh/bundle-sizes.sh [ID...]   (default: every problem)
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --quiet -p ojgames
oj=target/release/ojgames
ids=("$@")
if [ ${#ids[@]} -eq 0 ]; then
    for dir in problems/*/; do ids+=("$(basename "$dir")"); done
fi
size() { "$oj" bundle "$1" --no-check "${@:2}" -o - 2>/dev/null | wc -c; }
echo "| problem | whole modules | items (default) | --strip-comments | --minify | bundling time |"
echo "|---|---:|---:|---:|---:|---:|"
for id in "${ids[@]}"; do
    start=$(date +%s%N)
    items=$(size "$id")
    ms=$((($(date +%s%N) - start) / 1000000))
    echo "| $id | $(size "$id" --whole-modules) | $items | $(size "$id" --strip-comments) | $(size "$id" --minify) | $ms ms |"
done
