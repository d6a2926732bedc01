# `make`       bundle every problem into bundled/<id>.rs and judge the bundle on testdata/<id>
# `make test`  the library's and the tool's tests, every problem's cargo build judged on its
#              testdata, `make`, then `make stress` (every bundle against its brute force)
# One problem: `make bundle P=pku1067`, `make judge P=pku1067`.
# `make bench`  side-by-side I/O benchmark (docs/performance.md); BENCH_ARGS="--rounds 5 --problems hdu2176" etc.

CARGO ?= cargo
# No built-in implicit rules: make looked for a rule to remake each of the tool's sources below
# (RCS, SCCS, `%.rs` from `%.rs,v`, ...), 60-75 ms of every `make bundle`/`make judge`
# (docs/performance.md, "A new user's loop in a cargo-compete folder").
MAKEFLAGS += --no-builtin-rules
.SUFFIXES:
# The tool's binary, run directly: cargo's own no-op check of this workspace (every problem a
# member) cost each `make bundle`/`make judge` about 0.1 s, a third of cargo's rebuild of a
# solution (docs/performance.md, "The loop after an edit"). `tool` asks cargo to build it
# only when a file it is built from is newer than the last build that started (a stamp dated
# before cargo runs, so an edit made during a build is seen; the binary's own date is left
# to cargo: the tool keys its caches on it), or when the binary is missing.
TOOL := $(or $(CARGO_TARGET_DIR),target)/release/ojgames
TOOL_STAMP := $(TOOL).sources-stamp
TOOL_SOURCES := $(shell find scripts/src src -name '*.rs') scripts/judges.toml \
	Cargo.toml Cargo.lock scripts/Cargo.toml
OJ := $(TOOL)
ONE := $(if $(P),$(P),--all)

.PHONY: all test bundle judge samples lint clean bench stress new pictures judge-overhead tool

all: bundle judge

# The tool built first, with cargo's progress: a cold build takes minutes, and the commands
# below run it with --quiet.
tool: $(TOOL_STAMP)
	@if ! test -x $(TOOL); then $(CARGO) build --release -p ojgames || exit 1; test -x $(TOOL) || { echo "make: cargo built the tool elsewhere than $(TOOL) (a target-dir in cargo's config?); set CARGO_TARGET_DIR" >&2; exit 1; }; fi

$(TOOL_STAMP): $(TOOL_SOURCES)
	@mkdir -p $(dir $@) && touch $@.new
	@$(CARGO) build --release -p ojgames
	@mv $@.new $@

bundle: tool
	$(OJ) bundle $(ONE)

judge: tool
	$(OJ) judge $(ONE)

# `make stress P=<id> [N=300] [SEED=1]`: the bundle against the problem's brute force on N
# random small inputs (every problem without P). `make new P=<id>`: start a new problem.
# The practice workflow: docs/practice.md.
stress: tool
	$(OJ) stress $(ONE) $(if $(N),-n $(N)) $(if $(SEED),--seed $(SEED))

# `make pictures`: the heat maps in docs/games.md, drawn by `ojgames table` (commands beside each).
pictures: tool
	$(OJ) table wythoff -x 0..60 -y 0..60 --outcome --svg docs/games/wythoff.svg > /dev/null
	$(OJ) table euclid -x 1..80 -y 1..80 --outcome --svg docs/games/euclid.svg > /dev/null
	$(OJ) table lasker -x 0..63 --minus-heap --svg docs/games/lasker.svg > /dev/null
	$(OJ) table kayles -x 0..143 --svg docs/games/kayles.svg > /dev/null
	$(OJ) table ed -x 1..32 -y 1..32 --svg docs/games/ed.svg > /dev/null

new: tool
	@test -n "$(P)" || { echo "usage: make new P=<id>" >&2; exit 2; }
	$(OJ) new $(P)

# The benchmark crate and its competitors are not tested here (`make bench` builds them); its
# `--sizes` fails when a bundle carries more than 12 KiB of I/O (issue 11).
# Ends with one line: what ran, that it passed, how long it took (a failure stops at its step).
# The tool's user-level store (OJGAMES_CACHE) is a fresh one of the run's own: `make test`
# passes, and takes, the same on a fresh clone as on a machine whose store is warm.
test:
	@start=$$(date +%s); set -e; \
	export OJGAMES_CACHE=$$(mktemp -d); trap 'rm -rf "$$OJGAMES_CACHE"' EXIT; \
	$(CARGO) test --workspace --exclude bench; \
	$(CARGO) run -q -p bench -- --sizes; \
	$(MAKE) --no-print-directory samples; \
	$(MAKE) --no-print-directory all; \
	$(MAKE) --no-print-directory stress P=; \
	echo "make test: passed: cargo tests, bundle I/O sizes, cargo builds judged, bundles judged, stress; $$(( $$(date +%s) - start )) s"

# The cargo release build of every problem against its testdata: the same judge, limits and
# compare mode as the bundle (`make judge`).
samples: tool
	$(OJ) judge $(ONE) --cargo-build

lint:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

clean:
	rm -rf bundled
	$(CARGO) clean

# Generates seeded inputs in target/bench/, runs every competitor in interleaved rounds, prints
# a markdown table (also written to target/bench/latest.md).
bench:
	$(CARGO) run --release -q -p bench -- $(BENCH_ARGS)

# Judge overhead per tiny case, side by side with a shell loop and online-judge-tools' `oj test`
# (docs/performance.md, "Judge overhead").
judge-overhead:
	$(CARGO) build --release --quiet -p ojgames
	scripts/sh/judge-overhead.sh $(or $(ROUNDS),7)
