#!/usr/bin/env bash
# bundle-speed.sh for a cargo-compete folder (docs/performance.md, "A new user's loop in a
# cargo-compete folder"): the installed tool run where the user works (`ojgames bundle a`,
# `ojgames judge a`, no make, no --root) beside cargo in the same package. For each
# PACKAGE_DIR:ALIAS[@JUDGE], ROUNDS rounds of:
#   first        `ojgames bundle ALIAS` with the tool's caches emptied (a fresh OJGAMES_CACHE
#                and ojgames/ in cargo's target directory) against a clean `cargo build --release
#                --bin BIN` (a fresh target directory: every crate of the package compiled,
#                as cargo does for any bin of it; timed once per package and round, and
#                shared by the package's rows, since it is the same build);
#   first judge  then `ojgames judge ALIAS` (no edit) against the same clean build;
#   bundle       a one-line edit of src/bin/ALIAS.rs (a new empty function), then `ojgames
#                bundle ALIAS`, against, after a second such edit, `cargo build --release
#                --bin BIN`;
#   judge        an edit, `ojgames judge ALIAS`, against an edit, `cargo build --release
#                --bin BIN` plus running the binary on every case of testcases/ALIAS.yml
#                (output compared with `cmp`). A run that fails (a judge that is not AC, a
#                wrong answer of cargo's build) stops the benchmark.
# Usage: scripts/sh/compete-speed.sh ROUNDS DIR:ALIAS[@JUDGE] ...
# Needs python3 with PyYAML to read the suites' cases once (not timed). CLEAN=skip leaves the
# clean cargo build out (its column then reads "-").
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
rounds=${1:?usage: compete-speed.sh ROUNDS DIR:ALIAS[@JUDGE] ...}
shift
[ $# -gt 0 ] || { echo "usage: compete-speed.sh ROUNDS DIR:ALIAS[@JUDGE] ..." >&2; exit 2; }
cd "$repo"
cargo build --release --quiet -p ojgames
tool=$repo/target/release/ojgames
tmp=$(mktemp -d)
export OJGAMES_CACHE="$tmp/cache"
# shellcheck source=speed-common.sh
. "$repo/scripts/sh/speed-common.sh"
trap restore EXIT

table_head ojgames
n=0
for case in "$@"; do
    n=$((n + 1))
    split_case "$case"
    pkg=$root
    alias=$id
    main=$pkg/src/bin/$alias.rs
    bin=$(basename "$pkg")-$alias
    keep "$main"
    original=${saved[-1]%%|*}
    mkdir -p "$tmp/cases$n"
    python3 - "$pkg/testcases/$alias.yml" "$tmp/cases$n" <<'EOF'
import sys, yaml
suite = yaml.safe_load(open(sys.argv[1]))
for i, case in enumerate(suite.get("cases") or []):
    open(f"{sys.argv[2]}/{i}.in", "w").write(case["in"])
    if "out" in case:
        open(f"{sys.argv[2]}/{i}.out", "w").write(case["out"])
EOF
    build=(cargo build --release -q --offline --manifest-path "$pkg/Cargo.toml" --bin "$bin")
    # cargo's target directory: the package's own, or its workspace's (a contest folder in a
    # workspace of contests), or CARGO_TARGET_DIR.
    target=$(cargo metadata --format-version 1 --no-deps --offline --manifest-path "$pkg/Cargo.toml" |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
    samples() { "${build[@]}" && run_cases "$target/release/$bin" "$tmp/cases$n"; }
    oj() { (cd "$pkg" && "$tool" "$@" "$alias" "${judge[@]}"); }
    "${build[@]}"
    : >"$tmp/first" >"$tmp/first_judge" >"$tmp/bundle" >"$tmp/cargo" >"$tmp/judge" >"$tmp/run"
    for r in $(seq "$rounds"); do
        clean=$tmp/clean-$(echo "$pkg" | tr / _)-$r
        if [ ! -f "$clean" ]; then
            if [ "${CLEAN:-}" = skip ]; then
                echo - >"$clean"
            else
                timed env CARGO_TARGET_DIR="$tmp/clean-target" "${build[@]}" >"$clean"
                rm -rf "$tmp/clean-target"
            fi
        fi
        cat "$clean" >>"$tmp/clean$n"
        rm -rf "$target/ojgames" "$pkg/target/ojgames" "$OJGAMES_CACHE"
        timed oj bundle >>"$tmp/first"
        timed oj judge >>"$tmp/first_judge"
        edit "$main"
        timed oj bundle >>"$tmp/bundle"
        edit "$main"
        timed "${build[@]}" >>"$tmp/cargo"
        edit "$main"
        timed oj judge >>"$tmp/judge"
        edit "$main"
        timed samples >>"$tmp/run"
        cp "$original" "$main"
    done
    table_row "$bin${judge[1]:+ (--judge ${judge[1]})}" first:clean$n first_judge:clean$n bundle:cargo judge:run
done
table_foot "$rounds"
