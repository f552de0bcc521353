#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench, quick: the benchmark builds, runs every row this CPU can run
# and writes its CSV.  Not a timed test: no speed is asserted here.
#   bench-smoke.sh COREBENCH BUILD_DIR [FLOOR]
# With FLOOR, make floor's program also runs on that CSV: every loop and
# every whole-message row must come out (or it says SKIP on a CPU without
# AVX2 and AES-NI).
bench=$1
dir=$2
floor=$3
csv=$dir/bench-smoke.csv
if ! "$bench" --quick --csv "$csv" --dat "$dir/bench-smoke.dat" \
     >"$dir/bench-smoke.txt" 2>&1; then
	echo "FAIL bench --quick exited with an error"
	exit 0
fi
head=$(head -1 "$csv")
want="implementation,algorithm,isa,bytes,cycles_per_byte,mb_per_s"
rows=$(grep -c '^ours,' "$csv")
bad=$(awk -F, 'NR > 1 && !($5 > 0 && $6 > 0)' "$csv" | wc -l)
if [ "$head" = "$want" ] && [ "$rows" -gt 0 ] && [ "$bad" = 0 ]; then
	echo "PASS bench --quick: $rows rows of ours, $(($(wc -l <"$csv") - 1)) in all, every cell positive"
else
	echo "FAIL bench --quick: header '$head', $rows rows of ours, $bad bad cells"
fi
[ -n "$floor" ] || exit 0
out=$("$floor" "$csv" 2>&1)
rc=$?
case $out in
SKIP*)	echo "$out" ;;
*)	rows=$(echo "$out" | grep -c '^adiantum-[a-z]*crypt ')
	loops=$(echo "$out" | grep -c '^chacha-.*double round')
	if [ $rc = 0 ] && [ "$rows" = 12 ] && [ "$loops" = 3 ]; then
		echo "PASS floor: 3 ISAs' loops, $rows whole-message rows"
	else
		echo "FAIL floor: exit $rc, $rows whole-message rows, $loops loop rows"
		echo "$out" | tail -5
	fi ;;
esac
