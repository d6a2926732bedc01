#!/usr/bin/env bash
# Prints the markdown table of the crate corpus for docs/bundling.md: per solution in
# scripts/tests/fixtures/crates_ws, the bundle's bytes (`ojgames bundle ID -o - --no-check`,
# readable, not minified), the whole source (src/**/*.rs) of the crates.io crates it depends
# on, directly or not, and the wall time of the bundling.
# Usage: scripts/sh/corpus-table.sh [WORKSPACE]   (needs cargo and jq)
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
ws=${1:-$repo/scripts/tests/fixtures/crates_ws}
[ -f "$ws/Cargo.toml" ] || { echo "corpus-table: $ws/Cargo.toml: no such file" >&2; exit 2; }
command -v jq >/dev/null || { echo "corpus-table: needs jq (apt-get install jq)" >&2; exit 2; }

cargo build --release --quiet -p ojgames --manifest-path "$repo/Cargo.toml"
ojgames=$repo/target/release/ojgames
metadata=$(cargo metadata --format-version 1 --locked --manifest-path "$ws/Cargo.toml")

# Bytes of src/**/*.rs of every registry crate that problem $1 depends on.
crate_bytes() {
    local total=0 name version dir bytes
    while read -r name version; do
        dir=$(jq -r --arg n "$name" --arg v "${version#v}" '.packages[]
            | select(.name == $n and .version == $v and .source != null)
            | .manifest_path' <<<"$metadata")
        [ -n "$dir" ] || continue
        bytes=$(find "$(dirname "$dir")/src" -name '*.rs' -exec cat {} + | wc -c)
        total=$((total + bytes))
    done < <(cargo tree --quiet --locked --manifest-path "$ws/Cargo.toml" -p "$1" \
        -e normal --prefix none --no-dedupe -f '{p}' | awk '{print $1, $2}' | sort -u)
    echo "$total"
}

crates_of() {
    cargo tree --quiet --locked --manifest-path "$ws/Cargo.toml" -p "$1" -e normal \
        --prefix none --depth 1 -f '{p}' | awk 'NR > 1 {print $1}' | sort -u | paste -sd, - \
        | sed 's/,/, /g'
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "| solution | crates | bundle bytes | crate source bytes | bundling time |"
echo "|---|---|---:|---:|---:|"
for dir in "$ws"/testdata/*/; do
    id=$(basename "$dir")
    start=$(date +%s%N)
    if "$ojgames" --root "$ws" bundle "$id" -o - --no-check >"$tmp/out" 2>"$tmp/err"; then
        ms=$((($(date +%s%N) - start) / 1000000))
        bytes=$(wc -c <"$tmp/out")
        echo "| $id | $(crates_of "$id") | $bytes | $(crate_bytes "$id") | $ms ms |"
    else
        why=$(head -n1 "$tmp/err" | sed 's/|/\\|/g')
        echo "| $id | $(crates_of "$id") | refused: $why | $(crate_bytes "$id") | |"
    fi
done
