#!/usr/bin/env bash
# compare.sh runs asyncvm's benchmark programs (main module: go test ./bench)
# and the same workloads on gopher-lua and goja (the bench/peers module), then
# prints the figures side by side, one row per workload and engine, with the
# median over -count runs and each row's time relative to goja and to
# gopher-lua, by wall time and by CPU time per unit (cpu/unit, cpu x lua:
# the process's CPU time, which a loaded machine disturbs less).
#
# Usage: bench/compare.sh [-benchtime 1s] [-count 1] [-bench REGEXP] [-from DIR]
#   The same flags go to both runs. Raw `go test` output is kept in a
#   temporary directory whose name is printed at the end; -from DIR prints the
#   table again from such a directory (main.txt, peers.txt) without running.
#
# The main module's benchmark is optional: when it does not exist yet, or
# fails, the script says so and still prints the peers' figures. Main-module
# sub-benchmarks are read as Benchmark<Anything>/<workload>[/<mode>], where
# <workload> is a .async file's base name ("fib" and "fib_async" are shown as
# fib30 and fib30_async, the peers' names).
set -u

benchtime=1s
count=1
bench=.
from=
while [ $# -gt 0 ]; do
	case "$1" in
	-benchtime) benchtime="$2"; shift 2 ;;
	-count) count="$2"; shift 2 ;;
	-bench) bench="$2"; shift 2 ;;
	-from) from="$2"; shift 2 ;;
	-h | --help) sed -n '2,17p' "$0"; exit 0 ;;
	*) echo "compare.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

root="$(cd "$(dirname "$0")/.." && pwd)"
flags=(-run '^$' -bench "$bench" -benchmem -benchtime "$benchtime" -count "$count")

# run_all runs both benchmarks into $out and sets main_ok.
run_all() {
	echo "== asyncvm (main module: go test ./bench ${flags[*]})" >&2
	main_ok=0
	if (cd "$root" && go test ./bench "${flags[@]}") >"$out/main.txt" 2>&1; then
		main_ok=1
	elif grep -q 'no Go files\|no test files' "$out/main.txt"; then
		echo "   no benchmark in the main module yet; showing the peers only" >&2
	else
		echo "   main-module benchmark failed; its output ends:" >&2
		tail -n 15 "$out/main.txt" | sed 's/^/   | /' >&2
	fi

	echo "== peers (bench/peers: go test . ${flags[*]})" >&2
	if ! (cd "$root/bench/peers" && go test . "${flags[@]}") >"$out/peers.txt" 2>&1; then
		echo "   peer benchmark failed; its output ends:" >&2
		tail -n 15 "$out/peers.txt" | sed 's/^/   | /' >&2
	fi
}

if [ -n "$from" ]; then
	out="$from"
	main_ok=0
	grep -q '^Benchmark' "$out/main.txt" 2>/dev/null && main_ok=1
	touch "$out/peers.txt" 2>/dev/null
else
	out="$(mktemp -d "${TMPDIR:-/tmp}/asyncvm-compare.XXXXXX")"
	run_all
fi

# rows turns `go test -bench` lines into
#   order workload engine ns/op per-unit unit allocs/op B/op
# where origin is "main" or "peers".
rows() {
	awk -v origin="$1" '
	BEGIN {
		n = split("fib30 calls arith nbody strings fib30_async await_completed await_valuetask yield", names, " ")
		for (i = 1; i <= n; i++) rank[names[i]] = i
	}
	/^Benchmark/ {
		name = $1
		sub(/-[0-9]+$/, "", name)
		parts = split(name, p, "/")
		if (parts < 2) next
		w = p[2]
		sub(/\.async$/, "", w)
		if (w == "fib") w = "fib30"
		if (w == "fib_async") w = "fib30_async"
		if (origin == "peers") {
			engine = p[3]
			for (i = 4; i <= parts; i++) engine = engine "/" p[i]
		} else {
			engine = "asyncvm"
			for (i = 3; i <= parts; i++) engine = engine "/" p[i]
		}
		nsop = "-"; per = "-"; unit = "-"; allocs = "-"; bytes = "-"; cpu = "-"
		for (i = 3; i < NF; i += 2) {
			if ($(i + 1) == "ns/op") nsop = $i
			else if ($(i + 1) == "cpu-ns/call" || $(i + 1) == "cpu-ns/iter") cpu = $i
			else if ($(i + 1) == "ns/call" || $(i + 1) == "ns/iter") { per = $i; unit = $(i + 1) }
			else if ($(i + 1) == "allocs/op") allocs = $i
			else if ($(i + 1) == "B/op") bytes = $i
		}
		if (nsop == "-") next
		r = (w in rank) ? rank[w] : 99
		printf "%02d %s %s %s %s %s %s %s %s\n", r, w, engine, nsop, per, unit, allocs, bytes, cpu
	}' "$2"
}

{
	[ "$main_ok" = 1 ] && rows main "$out/main.txt"
	rows peers "$out/peers.txt"
} | sort -k1,1 -k2,2 -k3,3 -k4,4g >"$out/rows.txt"

# Take the median run of each workload/engine pair (by ns/op), then print
# the table with each row's ns/op relative to goja's on the same workload.
awk '
	{ key = $2 SUBSEP $3; cnt[key]++; row[key, cnt[key]] = $0; if (cnt[key] == 1) order[++nkeys] = key }
	END {
		for (k = 1; k <= nkeys; k++) {
			key = order[k]
			split(row[key, int((cnt[key] + 1) / 2)], f, " ")
			med[key] = f[4]
			cmed[key] = f[9]
			line[k] = row[key, int((cnt[key] + 1) / 2)]
		}
		printf "%-16s %-16s %14s %16s %11s %12s %8s %8s %12s %10s\n", "workload", "engine", "ns/op", "per unit", "allocs/op", "B/op", "x goja", "x lua", "cpu/unit", "cpu x lua"
		prev = ""
		for (k = 1; k <= nkeys; k++) {
			split(line[k], f, " ")
			if (prev != "" && f[2] != prev) print ""
			prev = f[2]
			g = f[2] SUBSEP "goja"
			ratio = (g in med && med[g] > 0) ? sprintf("%.2f", f[4] / med[g]) : "-"
			l = f[2] SUBSEP "gopherlua"
			lratio = (l in med && med[l] > 0) ? sprintf("%.2f", f[4] / med[l]) : "-"
			per = (f[5] == "-") ? "-" : sprintf("%.1f %s", f[5], f[6])
			cratio = (l in cmed && cmed[l] > 0 && f[9] != "-") ? sprintf("%.2f", f[9] / cmed[l]) : "-"
			cpu = (f[9] == "-") ? "-" : sprintf("%.1f", f[9])
			printf "%-16s %-16s %14.0f %16s %11s %12s %8s %8s %12s %10s\n", f[2], f[3], f[4], per, f[7], f[8], ratio, lratio, cpu, cratio
		}
	}' "$out/rows.txt"

echo "(raw output: $out)" >&2
