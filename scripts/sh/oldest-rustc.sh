#!/usr/bin/env bash
# Bundles every problem and type-checks each bundle with the oldest rustc Debian ships
# (bookworm's rustc 1.63) under editions 2018 and 2021: the pasted code must stay within it.
# The compiler is unpacked, not installed: `apt-get download` + `dpkg -x` into $OLDEST_RUSTC_DIR
# (default target/oldest-rustc), once. Needs apt-get and dpkg (Debian or Ubuntu).
set -euo pipefail
cd "$(dirname "$0")/../.."

dir=${OLDEST_RUSTC_DIR:-$PWD/target/oldest-rustc}
root=$dir/root
rustc_bin=$root/usr/bin/rustc
if [ ! -x "$rustc_bin" ]; then
    command -v apt-get >/dev/null && command -v dpkg >/dev/null || {
        echo "error: apt-get and dpkg are needed to unpack Debian's rustc" >&2
        exit 2
    }
    mkdir -p "$dir/debs"
    packages="rustc libstd-rust-1.63 libstd-rust-dev"
    (cd "$dir/debs" && { apt-get download $packages || { apt-get update -qq && apt-get download $packages; }; })
    for deb in "$dir"/debs/*.deb; do dpkg -x "$deb" "$root"; done
fi
old_rustc() {
    LD_LIBRARY_PATH=$root/usr/lib/x86_64-linux-gnu "$rustc_bin" --sysroot "$root/usr" "$@"
}
version=$(old_rustc --version)

cargo run --release --quiet -p ojgames -- bundle --all --no-check >/dev/null
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failed=0
count=0
for bundle in bundled/*.rs; do
    for edition in 2018 2021; do
        count=$((count + 1))
        if ! old_rustc --edition "$edition" --crate-type bin --emit=metadata \
            -o "$scratch/check.rmeta" "$bundle" 2>"$scratch/messages"; then
            echo "error: $bundle does not compile with $version --edition $edition:" >&2
            cat "$scratch/messages" >&2
            failed=$((failed + 1))
        fi
    done
done
echo "oldest rustc: $count checks with $version, $failed failed"
[ "$failed" -eq 0 ]
