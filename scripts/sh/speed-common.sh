# Sourced by bundle-speed.sh, compete-speed.sh and edit-ab.sh: the parsing of a case, the
# timing, the edit, the samples and the table of a run beside cargo. The sourcing script sets
# `tmp` (its scratch folder) before it calls `keep`, `timed` or `fill_missing_outs`.

# Splits a case ROOT:ID[@JUDGE] into `root` (ROOT as an absolute path), `id` and the array
# `judge` (the words `--judge JUDGE`, or none). A case without `:`, an empty ID or JUDGE, or a
# ROOT that is no folder stops the run with a message naming it.
split_case() {
    local case=$1 folder
    if [[ $case != *:* ]]; then
        echo "$case: not ROOT:ID[@JUDGE]" >&2
        exit 2
    fi
    folder=${case%%:*}
    root=$(cd "$folder" 2>/dev/null && pwd) || {
        echo "$folder: no such folder (in the case $case)" >&2
        exit 2
    }
    id=${case#*:}
    judge=()
    if [[ $id == *@* ]]; then
        judge=(--judge "${id#*@}")
        id=${id%%@*}
        if [ -z "${judge[1]}" ]; then
            echo "$case: no judge after @" >&2
            exit 2
        fi
    fi
    if [ -z "$id" ]; then
        echo "$case: no ID after :" >&2
        exit 2
    fi
}

saved=()
made=()
# Saves FILE; `restore` (the scripts' exit trap) puts it back.
keep() {
    local copy=$tmp/saved-${#saved[@]}
    cp "$1" "$copy"
    saved+=("$copy|$1")
}
restore() {
    local pair
    for pair in "${saved[@]}"; do cp "${pair%%|*}" "${pair#*|}"; done
    rm -f "${made[@]}"
    rm -rf "$tmp"
}

now() { date +%s%N; }
# Milliseconds that "$@" takes; its output goes to $tmp/log. A command that fails stops the
# run with that output: the time of a run that failed is no figure.
timed() {
    local start took status=0
    start=$(now)
    "$@" >"$tmp/log" 2>&1 || status=$?
    took=$((($(now) - start) / 1000000))
    if [ "$status" -ne 0 ]; then
        echo "failed (exit $status): $*" >&2
        tail -20 "$tmp/log" >&2
        exit 1
    fi
    echo "$took"
}
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b == 0 || a == "-" || b == "-") print "-"; else printf "%.2f", a / b}'; }

edits=0
# A one-line edit of FILE: a new function that names nothing of any library.
edit() {
    edits=$((edits + 1))
    printf '\nfn _bench_edit_%d() {}\n' "$edits" >>"$1"
}

# Runs PROGRAM on every CASES/*.in; where a .out stands beside it, the output must be it byte
# for byte (a wrong answer fails, as the judge's would).
run_cases() {
    local program=$1 input
    for input in "$2"/*.in; do
        if [ -f "${input%.in}.out" ]; then
            "$program" <"$input" | cmp -s - "${input%.in}.out" || {
                echo "$program: wrong answer on $input" >&2
                return 1
            }
        else
            "$program" <"$input" >/dev/null
        fi
    done
}

# The A/B scripts' arguments (`ROUNDS ROOT:ID[@JUDGE] TOOL_A TOOL_B`): sets rounds, tools,
# root, id and judge ([`split_case`]), and tmp, a directory removed at exit.
ab_arguments() {
    rounds=$1
    tools=("$(realpath "$3")" "$(realpath "$4")")
    split_case "$2"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
}

# For the A/B scripts: ROOT copied twice ($tmp/ws0, $tmp/ws1; without target/ and .git).
copies() {
    local k
    for k in 0 1; do
        mkdir -p "$tmp/ws$k"
        (cd "$root" && tar cf - --exclude=./target --exclude=./.git .) | (cd "$tmp/ws$k" && tar xf -)
    done
}

# The A/B scripts' rounds: ROUNDS rounds of `measure K R` for tool A (K=0) then tool B
# (K=1), each printing one number per name in FIELDS; `round_end R`, when the script defines
# it, prints one number per name in END_FIELDS after both (cargo's build), and `round_note`
# a remark for the round's line (empty for none). The load before and after, one line a
# round, then each column's median.
# Usage: FIELDS=(bundle judge) END_FIELDS=("cargo build"); ab_rounds
ab_rounds() {
    local r k values line times i
    local names=()
    for k in A B; do
        for i in "${FIELDS[@]}"; do names+=("$k $i"); done
    done
    names+=("${END_FIELDS[@]}")
    echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    : >"$tmp/times"
    for r in $(seq "$rounds"); do
        line="round $r:"
        times=""
        for k in 0 1; do
            values=$(measure "$k" "$r")
            line="$line $([ "$k" = 0 ] && echo A || echo B)$(labelled "$values" "${FIELDS[@]}") |"
            times="$times $values"
        done
        if declare -F round_end >/dev/null; then
            values=$(round_end "$r")
            line="$line$(labelled "$values" "${END_FIELDS[@]}")"
            times="$times $values"
        fi
        if declare -F round_note >/dev/null; then line="$line $(round_note)"; fi
        line=${line% }
        echo "$line"
        echo "$times" >>"$tmp/times"
    done
    echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
    for i in "${!names[@]}"; do
        echo "median ${names[$i]}: $(awk -v c="$((i + 1))" '{print $c}' "$tmp/times" | median)"
    done
}

# " NAME1 V1 NAME2 V2 …" for the numbers VALUES and the names after it.
labelled() {
    local values out="" i
    read -r -a values <<<"$1"
    shift
    for i in "${!values[@]}"; do out="$out ${*:$((i + 1)):1} ${values[$i]}"; done
    echo "$out"
}

# [`copies`], then the solution built by cargo in the first (`build`, its own target directory
# $tmp/cargo-target), and each case without a .out given the one that build prints, in both.
two_copies() {
    local input out
    copies
    build=(cargo build --release -q -p "$id" --target-dir "$tmp/cargo-target")
    (cd "$tmp/ws0" && "${build[@]}")
    for input in "$tmp/ws0/testdata/$id"/*.in; do
        out=${input%.in}.out
        if [ ! -f "$out" ]; then
            "$tmp/cargo-target/release/$id" <"$input" >"$out"
            cp "$out" "$tmp/ws1/testdata/$id/"
        fi
    done
}

# Writes CASES/NAME.out, from what PROGRAM (cargo's build of the solution) prints, for each
# NAME.in that has none (the crates corpus compares with cargo's build instead), so that the
# timed judge passes on every case; `restore` removes them.
fill_missing_outs() {
    local input
    for input in "$2"/*.in; do
        if [ ! -f "${input%.in}.out" ]; then
            "$1" <"$input" >"${input%.in}.out"
            made+=("${input%.in}.out")
        fi
    done
}

# The table's first lines; TOOL names the tool's command in the column titles, and EXTRA, when
# given, a column after the four.
table_head() {
    echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
    local extra=${2:+ $2 |} rule=${2:+---|}
    echo "| solution | first bundle vs clean cargo build | first judge vs clean cargo build | $1 bundle vs cargo build after an edit | $1 judge vs cargo build + samples after an edit |$extra"
    echo "|---|---|---|---|---|$rule"
}

# A row: NAME then the pairs `TOOL_FILE:CARGO_FILE` of $tmp (one a column), each as their
# medians and ratio.
table_row() {
    local row="| $1" pair a b
    shift
    for pair in "$@"; do
        a=$(median <"$tmp/${pair%%:*}")
        b=$(median <"$tmp/${pair#*:}")
        row+=" | $a ms vs $b ms = $(ratio "$a" "$b")×"
    done
    echo "$row |"
}

table_foot() {
    echo
    echo "load after: $(cut -d' ' -f1-3 /proc/loadavg); $1 rounds, medians; $(nproc) cores"
}
