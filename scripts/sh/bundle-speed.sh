#!/usr/bin/env bash
# The edit → bundle → judge loop beside cargo, side by side in one run (docs/performance.md,
# "Bundling speed"). For each solution, ROUNDS rounds of:
#   first    `ojgames bundle ID` with the tool's caches emptied (target/ojgames/ of its
#            workspace and the user's store: the run has its own OJGAMES_CACHE) against a clean `cargo build --release -p ID` (a fresh target
#            directory: its crates are compiled too);
#   first judge  then `make judge P=ID` (no edit) against the same clean build: for a bundle
#            that keeps AtCoder's crates the first bundle only type-checks them (`cargo check
#            --release`), and this first judge compiles them in release;
#   bundle   a one-line edit of main.rs (a new empty function: it reaches no library item),
#            then `make bundle P=ID` against, after a second such edit, `cargo build --release
#            -p ID`;
#   judge    an edit, then `make judge P=ID` against an edit, then `cargo build --release -p
#            ID` plus running the binary on every testdata/ID/*.in (output compared with `cmp`
#            where a .out exists). A run that fails (a bundle refused, a wrong answer) stops
#            the benchmark.
#   floor    after that judge, its own compile of the bundle alone (`rustc --edition E -O
#            bundled/ID.rs`, the command it shows) against the same cargo build + samples: what
#            the judge after an edit cannot go under while it compiles as the judge does ("-"
#            for a bundle the judge's cargo project builds).
# `make X P=ID` is run as it is (the Makefile: the tool's binary, built by cargo only when a
# file it is built from is newer), with `--root` added to the tool's command for the corpus
# fixtures. Prints the medians and their ratios, and the load.
# Usage: scripts/sh/bundle-speed.sh [ROUNDS] [ROOT:ID[@JUDGE] ...]   (default: 3 rounds; hdu1536,
# ALPC K over ac-library-rs, ALPC G over ac-library-rs + proconio + itertools; `@JUDGE` bundles
# and judges with `--judge JUDGE`, e.g. `@Codeforces` pastes and shakes the crates AtCoder would
# provide)
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
rounds=${1:-3}
shift || true
corpus=scripts/tests/fixtures/crates_ws
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(".:hdu1536" "$corpus:practice2_k" "$corpus:practice2_g")

cd "$repo"
cargo build --release --quiet -p ojgames
tmp=$(mktemp -d)
# The shared store (docs/bundling.md, "Where things are kept") of this run only: a first
# bundle finds it empty, and the user's own is left alone.
export OJGAMES_CACHE="$tmp/cache"
# shellcheck source=speed-common.sh
. "$repo/scripts/sh/speed-common.sh"
trap restore EXIT

table_head make "the judge's rustc -O alone vs cargo build + samples after an edit"
for case in "${cases[@]}"; do
    split_case "$case"
    main=$root/problems/$id/main.rs
    keep "$main"
    original=${saved[-1]%%|*}
    tool=$repo/target/release/ojgames
    # `make bundle P=ID`, for any root and judge: `make -s … bundle P="ID --judge J"`.
    make_oj() { make -s -C "$repo" --no-print-directory OJ="$tool --root $root" "$1" P="$id${judge[*]:+ ${judge[*]}}"; }
    build=(cargo build --release -q --manifest-path "$root/Cargo.toml" -p "$id")
    samples() { "${build[@]}" && run_cases "$root/target/release/$id" "$root/testdata/$id"; }
    "${build[@]}"
    fill_missing_outs "$root/target/release/$id" "$root/testdata/$id"
    : >"$tmp/first" >"$tmp/clean" >"$tmp/first_judge" >"$tmp/bundle" >"$tmp/cargo" >"$tmp/judge" >"$tmp/run" >"$tmp/floor"
    # The edition `judge` compiles a std-only bundle at, from the settings line it prints; a
    # bundle that keeps the judge's crates (its header says so) is built in the judge's cargo
    # project: no floor then.
    edition=$(make_oj judge 2>&1 | sed -n 's/^.*, edition \([0-9]*\).*$/\1/p' | head -1)
    if grep -q '^// Crates of the judge it uses' "$root/bundled/$id.rs"; then edition=; fi
    for _ in $(seq "$rounds"); do
        rm -rf "$root/target/ojgames" "$tmp/clean-target" "$OJGAMES_CACHE"
        timed make_oj bundle >>"$tmp/first"
        timed env CARGO_TARGET_DIR="$tmp/clean-target" "${build[@]}" >>"$tmp/clean"
        timed make_oj judge >>"$tmp/first_judge"
        edit "$main"
        timed make_oj bundle >>"$tmp/bundle"
        edit "$main"
        timed "${build[@]}" >>"$tmp/cargo"
        edit "$main"
        timed make_oj judge >>"$tmp/judge"
        # The floor of that judge: its compile of the bundle alone, the same command.
        if [ -n "$edition" ]; then
            timed rustc --edition "$edition" -O "$root/bundled/$id.rs" -o "$tmp/floor-program" >>"$tmp/floor"
        else
            echo - >>"$tmp/floor"
        fi
        edit "$main"
        timed samples >>"$tmp/run"
        cp "$original" "$main"
    done
    table_row "$id${judge[1]:+ (--judge ${judge[1]})}" first:clean first_judge:clean bundle:cargo judge:run floor:run
done
table_foot "$rounds"
